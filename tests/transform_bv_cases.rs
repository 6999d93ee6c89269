//! Every transformation of the catalogue keeps the truth of bit-vector
//! cases (`--theory bv`): applied one at a time and stacked in random
//! chains on the stream's sat and unsat cases, each result's truth checks
//! under our semantics. Which transformations apply is counted and
//! printed; every result stays a bit-vector case (term synthesis draws
//! from the bit-vector sampler for a bit-vector case, noise introduction
//! renames through the bit-vector rows of the identity table).

use std::collections::BTreeMap;

use equifuzz::generate::ConstantPool;
use equifuzz::generate::strings::TermPool;
use equifuzz::source::{MixedCaseGenerator, Theory};
use equifuzz::transform::incremental::{Assumption, NestedScopes, RepeatCheck};
use equifuzz::transform::{
    ConstantAssignment, ConstantReplacement, MAX_FORMULA_SIZE, NoiseIntroduction, TermSynthesis,
    Transformation, VariableAbstraction, VariableReplacement, formula_size, random_chain,
};
use equifuzz::truth::{Case, Truth};
use rand::{Rng, SeedableRng};
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
        assert_eq!(sat + unsat, *bv, "{name} left the bit-vector theory");
    }
    // The sat transformations apply to the sat cases, the incremental ones
    // to both (nested scopes to unsat ones), variable replacement to the
    // unsat rows without links or noise (they carry the anchor it needs),
    // noise introduction to the unsat ones.
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
    for name in [
        "variable-replacement",
        "nested-scopes",
        "assumption",
        "noise-introduction",
    ] {
        assert!(
            counts.get(name).is_some_and(|c| c.1 > 0),
            "{name}: {counts:?}"
        );
    }
}

/// Noise introduction applies to bit-vector cases: the identity table has
/// total `NC` rows of every width the room draws (`bvxor` twice, `bvadd`
/// then `bvsub`), so every unsat row case (they carry the anchor noise
/// needs) with a variable of a width drawn gets noise, which keeps its
/// truth and keeps it a bv case.
#[test]
fn noise_introduction_applies_to_bit_vector_cases() {
    use equifuzz::generate::bitvec::bv_equivalent_formula_cases;
    use equifuzz::generate::bitvec::widths::WIDTHS;
    use equifuzz::term::Sort;
    use equifuzz::transform::identities::total_variable_identities;
    for (w, _) in WIDTHS {
        assert_eq!(
            total_variable_identities(&Sort::BitVec(*w)).count(),
            2,
            "{w}"
        );
    }
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let (mut cases, mut noisy) = (0, 0);
    for c in bv_equivalent_formula_cases(0) {
        cases += 1;
        let Some(n) = NoiseIntroduction.apply(&c, &mut rng) else {
            continue;
        };
        noisy += 1;
        check(&n, "noise-introduction");
        assert_eq!(
            Theory::of(&n.formula),
            Theory::Bv,
            "{:?}",
            n.provenance.chain
        );
        assert!(n.formula.assertions.len() > c.formula.assertions.len());
    }
    // Measured: 207 of 237 (the others declare no variable of a width
    // drawn, e.g. only `2W`-bit ones, or only Int ones).
    println!("noise applied to {noisy} of {cases} row cases");
    assert!(
        noisy * 10 >= cases * 8,
        "noise applied to {noisy} of {cases} row cases"
    );
}

/// 500 mutations of bit-vector cases, each a random transformation of the
/// catalogue applied to the last result (a fresh bv case after four
/// mutations, or when none applies 20 times in a row): every result keeps
/// its truth and stays a bv case, as `--theory bv` needs.
#[test]
fn five_hundred_mutations_of_bv_cases_stay_bv() {
    let synthesis = TermSynthesis::new(TermPool::new(ConstantPool::paper()).unwrap(), 3);
    let catalogue: [&dyn Transformation; 6] = [
        &ConstantAssignment,
        &synthesis,
        &VariableAbstraction,
        &VariableReplacement,
        &ConstantReplacement,
        &NoiseIntroduction,
    ];
    let mut g = bv_stream(14);
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut case = g.next(&mut rng);
    let (mut mutations, mut misses) = (0, 0);
    let mut per: BTreeMap<&str, usize> = BTreeMap::new();
    while mutations < 500 {
        let t = catalogue[rng.random_range(0..catalogue.len())];
        match t.apply(&case, &mut rng) {
            Some(out) if formula_size(&out.formula) <= MAX_FORMULA_SIZE => {
                check(&out, t.name());
                assert_eq!(
                    Theory::of(&out.formula),
                    Theory::Bv,
                    "{:?}\n{}",
                    out.provenance.chain,
                    out.formula.to_script(None, Default::default())
                );
                *per.entry(t.name()).or_default() += 1;
                mutations += 1;
                misses = 0;
                case = if mutations % 4 == 0 {
                    g.next(&mut rng)
                } else {
                    out
                };
            }
            _ => {
                misses += 1;
                if misses == 20 {
                    case = g.next(&mut rng);
                    misses = 0;
                }
            }
        }
    }
    println!("{per:?}");
    for name in [
        "term-synthesis",
        "noise-introduction",
        "constant-assignment",
    ] {
        assert!(per.get(name).is_some_and(|&n| n > 5), "{name}: {per:?}");
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
