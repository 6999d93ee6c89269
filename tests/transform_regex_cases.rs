//! The transformations the fuzzer stacks on generated cases keep the truth
//! of regex cases too: the sat ones (constant assignment, term synthesis,
//! variable abstraction) leave a model that satisfies the formula under
//! our semantics, and the unsat ones grow every regex equivalent-formula
//! row.

use equifuzz::generate::ConstantPool;
use equifuzz::generate::Generator;
use equifuzz::generate::regex::{
    RegexConstantAssignment, RegexMembership, RegexPool, regex_equivalent_formula_cases,
};
use equifuzz::generate::strings::TermPool;
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

/// The rows beyond the thesis are drawn: variable replacement and noise
/// offer the `RegLan`-subject rows RNC12-RNC17 on the regex rows,
/// constant replacement uses the `RegLan`-constant rows RC10-RC12 and the
/// language rows (`RCL`) of constants Table 2.6 has no row for. The rows
/// with a `String` subject (RNC18-RNC22, as the thesis' RNC10-RNC11) are
/// offered on the membership rows (`EM…`), whose `s` is a string
/// variable, and the Boolean-constant rows (RC8, RC9, RC14, RC15) replace
/// their `= true` / `= false` literals.
#[test]
fn the_rows_beyond_the_thesis_are_drawn() {
    use equifuzz::term::Sort;
    use equifuzz::transform::regex_identities::variable_identities_for;
    use equifuzz::transform::{regex_constant_replacements, variable_replacement_choices};
    let mut ids = std::collections::BTreeSet::new();
    let mut steps = std::collections::BTreeSet::new();
    for c in regex_equivalent_formula_cases(0) {
        for (_, id) in variable_replacement_choices(&c) {
            ids.insert(id.id.to_string());
        }
        for out in regex_constant_replacements(&c) {
            out.check().unwrap();
            let step = out.provenance.chain.last().unwrap().clone();
            let row = step.rsplit(',').next().unwrap().trim_end_matches(')');
            steps.insert(row.split(':').next().unwrap().to_string());
        }
    }
    for id in [
        "RNC10", "RNC11", "RNC12", "RNC13", "RNC14", "RNC15", "RNC16", "RNC17", "RNC18", "RNC19",
        "RNC20", "RNC21", "RNC22",
    ] {
        assert!(ids.contains(id), "{id} not offered: {ids:?}");
    }
    for id in ["RCL", "RC8", "RC9", "RC10", "RC11", "RC12", "RC14", "RC15"] {
        assert!(steps.contains(id), "{id} not drawn: {steps:?}");
    }
    let membership = RegexMembership::new(RegexPool::boundary())
        .next(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
    let offered: Vec<&str> = variable_identities_for(&membership.formula, &Sort::String)
        .map(|i| i.id)
        .collect();
    for id in ["RNC18", "RNC19", "RNC20", "RNC21", "RNC22"] {
        assert!(offered.contains(&id), "{id} not offered: {offered:?}");
    }
}
