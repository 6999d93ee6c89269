//! The transformations the fuzzer stacks on generated cases keep the truth
//! of regex cases too: the sat ones (constant assignment, term synthesis,
//! variable abstraction) leave a model that satisfies the formula under
//! our semantics, and the unsat ones grow every regex equivalent-formula
//! row.

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

/// Every row of Table 2.3 is anchored (an argument `A` ignores is a
/// constant), and the three unsat transformations grow the rows (their
/// cores are checked in `transform_unsat_chains.rs`).
#[test]
fn unsat_transformations_grow_every_regex_row() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for c in regex_equivalent_formula_cases(0) {
        assert!(c.provenance.anchor.is_some(), "{:?}", c.provenance.chain);
        assert!(
            VariableReplacement.apply(&c, &mut rng).is_some()
                || NoiseIntroduction.apply(&c, &mut rng).is_some(),
            "{:?}",
            c.provenance.chain
        );
    }
    let constant = regex_equivalent_formula_cases(0)
        .filter(|c| ConstantReplacement.apply(c, &mut rng).is_some())
        .count();
    assert!(constant > 10, "{constant}");
}
