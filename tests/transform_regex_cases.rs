//! The transformations the fuzzer stacks on generated cases keep the truth
//! of regex cases too: the sat ones (constant assignment, term synthesis,
//! variable abstraction) leave a model that satisfies the formula under
//! our semantics, and the unsat ones refuse the regex equivalent-formula
//! rows without the anchor structure rather than claiming a core they
//! cannot vouch for.

use equifuzz::generate::{
    ConstantPool, RegexConstantAssignment, RegexMembership, RegexPool, TermPool,
    regex_equivalent_formula_cases,
};
use equifuzz::transform::{
    ConstantAssignment, ConstantReplacement, NoiseIntroduction, TermSynthesis, Transformation,
    VariableAbstraction, VariableReplacement, random_chain,
};
use rand::SeedableRng;

#[test]
fn sat_chains_keep_the_model_of_regex_cases() {
    let synthesis = TermSynthesis::new(TermPool::new(ConstantPool::paper()).unwrap(), 1);
    let catalogue: [&dyn Transformation; 3] =
        [&ConstantAssignment, &synthesis, &VariableAbstraction];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let mut membership = RegexMembership::new(RegexPool::boundary_randomized(17));
    let mut assignment = RegexConstantAssignment::new(RegexPool::boundary_randomized(17));
    let mut changed = 0;
    for i in 0..1000 {
        let start = if i % 2 == 0 {
            membership.next(&mut rng)
        } else {
            assignment.next(&mut rng)
        };
        let c = random_chain(&start, &catalogue, 1 + i % 4, &mut rng);
        c.check().unwrap_or_else(|e| {
            panic!(
                "{e} after {:?}\n{}",
                c.provenance.chain,
                c.formula.to_script(None, Default::default())
            )
        });
        changed += usize::from(c != start);
    }
    assert!(changed > 300, "the chains did apply: {changed}");
}

/// Rows of Table 2.3 whose `A` ignores an argument carry no anchor
/// marker, and the unsat transformations refuse them: a new clause there
/// would be in no core. (The anchored rows' chains are checked, core and
/// all, in `transform_unsat_chains.rs`.)
#[test]
fn unsat_transformations_refuse_unanchored_regex_rows() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let unanchored: Vec<_> = regex_equivalent_formula_cases(0)
        .filter(|c| c.provenance.anchor.is_none())
        .collect();
    assert!(!unanchored.is_empty());
    for c in unanchored {
        for t in [
            &VariableReplacement as &dyn Transformation,
            &ConstantReplacement,
            &NoiseIntroduction,
        ] {
            assert!(
                t.apply(&c, &mut rng).is_none(),
                "{} on {:?}",
                t.name(),
                c.provenance.chain
            );
        }
    }
}
