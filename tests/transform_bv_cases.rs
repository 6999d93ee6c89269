//! Every transformation of the catalogue keeps the truth of bit-vector
//! cases (`--theory bv`): applied one at a time and stacked in random
//! chains on the stream's sat and unsat cases, each result's truth checks
//! under our semantics. Which transformations apply, and how often a
//! result leaves the bit-vector theory (a string or integer row brought in:
//! it is then a combined case), is counted and printed; the counts the
//! report quotes come from here.

use std::collections::BTreeMap;

use equifuzz::generate::ConstantPool;
use equifuzz::generate::strings::TermPool;
use equifuzz::source::{MixedCaseGenerator, Theory};
use equifuzz::transform::incremental::{Assumption, NestedScopes, RepeatCheck};
use equifuzz::transform::{
    ConstantAssignment, ConstantReplacement, NoiseIntroduction, TermSynthesis, Transformation,
    VariableAbstraction, VariableReplacement, random_chain,
};
use equifuzz::truth::{Case, Truth};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn bv_stream(seed: u64) -> MixedCaseGenerator {
    MixedCaseGenerator::new(ConstantPool::paper())
        .unwrap()
        .seed(seed)
        .theory(Theory::Bv)
}

fn check(c: &Case, what: &str) {
    c.check().unwrap_or_else(|e| {
        panic!(
            "{e} after {what} {:?}\n{}",
            c.provenance.chain,
            c.formula.to_script(None, Default::default())
        )
    });
}

#[test]
fn every_transformation_keeps_the_truth_of_bv_cases() {
    let synthesis = TermSynthesis::new(TermPool::new(ConstantPool::paper()).unwrap(), 2);
    let catalogue: [&dyn Transformation; 9] = [
        &ConstantAssignment,
        &synthesis,
        &VariableAbstraction,
        &VariableReplacement,
        &ConstantReplacement,
        &NoiseIntroduction,
        &Assumption,
        &NestedScopes,
        &RepeatCheck,
    ];
    let mut g = bv_stream(11);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    // name -> (applied on sat, applied on unsat, results still bv)
    let mut counts: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    for _ in 0..600 {
        let case = g.next(&mut rng);
        check(&case, "the generator");
        for t in catalogue {
            let Some(out) = t.apply(&case, &mut rng) else {
                continue;
            };
            check(&out, t.name());
            let e = counts.entry(t.name()).or_default();
            if matches!(case.truth, Truth::Sat { .. }) {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
            e.2 += usize::from(Theory::of(&out.formula) == Theory::Bv);
        }
    }
    for (name, (sat, unsat, bv)) in &counts {
        println!("{name}: applied to {sat} sat and {unsat} unsat cases, {bv} results still bv");
    }
    // The sat transformations apply to the sat cases, the incremental ones
    // to both (nested scopes to unsat ones), variable replacement to the
    // unsat rows without links or noise (they carry the anchor it needs);
    // noise introduction to none (next test).
    for name in [
        "constant-assignment",
        "term-synthesis",
        "variable-abstraction",
        "variable-replacement",
        "constant-replacement",
        "assumption",
        "repeat-check",
    ] {
        assert!(
            counts.get(name).is_some_and(|c| c.0 > 50),
            "{name}: {counts:?}"
        );
    }
    for name in ["variable-replacement", "nested-scopes", "assumption"] {
        assert!(
            counts.get(name).is_some_and(|c| c.1 > 0),
            "{name}: {counts:?}"
        );
    }
}

/// Noise introduction does not apply to bit-vector cases: it renames a
/// variable through a total `NC` identity of its sort, and the identity
/// table has none of a bit-vector sort (the combined `NC-BV` rows serve
/// variable replacement only); the rows' unsat cases declare only
/// bit-vector variables but for the two `n: Int` rows.
#[test]
fn noise_introduction_has_no_bit_vector_rows() {
    use equifuzz::generate::bitvec::bv_equivalent_formula_cases;
    use equifuzz::term::Sort;
    use equifuzz::transform::identities::total_variable_identities;
    for w in [1, 8, 64] {
        assert_eq!(total_variable_identities(&Sort::BitVec(w)).count(), 0);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for c in bv_equivalent_formula_cases(0) {
        let ints = c.formula.decls.iter().any(|(_, s)| *s == Sort::Int);
        let noisy = NoiseIntroduction.apply(&c, &mut rng);
        assert!(ints || noisy.is_none(), "{:?}", c.provenance.chain);
        if let Some(n) = noisy {
            check(&n, "noise-introduction");
        }
    }
}

#[test]
fn random_chains_keep_the_truth_of_bv_cases() {
    let synthesis = TermSynthesis::new(TermPool::new(ConstantPool::paper()).unwrap(), 2);
    let catalogue: [&dyn Transformation; 6] = [
        &ConstantAssignment,
        &synthesis,
        &VariableAbstraction,
        &VariableReplacement,
        &ConstantReplacement,
        &NoiseIntroduction,
    ];
    let mut g = bv_stream(12);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut changed = 0;
    for i in 0..400 {
        let start = g.next(&mut rng);
        let c = random_chain(&start, &catalogue, 1 + i % 4, &mut rng);
        check(&c, "a chain");
        changed += usize::from(c != start);
    }
    assert!(changed > 200, "the chains did apply: {changed}");
}
