//! The transformations keep truth on the real cases (issue 43): every
//! transformation of a campaign's mutator (constant assignment, term
//! synthesis, variable abstraction, variable and constant replacement,
//! noise introduction, the incremental ones, conjunction) applied in
//! random stacks to the `--theory real` stream, each result's truth
//! checked (`Case::check`: a sat case's model evaluates to true on every
//! assertion; an unsat case's core names its assertions) and its status
//! kept. That an unsat result's core is still unsat and minimal is argued
//! in each transformation's module; on real cases it is measured against
//! Z3 and cvc5 by the agreement run (`scripts/agree.sh --theory real`).
//!
//! Also counted: how many applications each transformation made, so a
//! transformation that silently refuses every real case shows, and that
//! none takes a case out of the real theory.

use std::collections::BTreeMap;

use equifuzz::generate::ConstantPool;
use equifuzz::generate::strings::TermPool;
use equifuzz::source::{MixedCaseGenerator, Theory};
use equifuzz::transform::conjunction::conjoin;
use equifuzz::transform::incremental::{Assumption, NestedScopes, RepeatCheck};
use equifuzz::transform::{
    ConstantAssignment, ConstantReplacement, NoiseIntroduction, TermSynthesis, Transformation,
    VariableAbstraction, VariableReplacement,
};
use equifuzz::truth::Truth;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn every_transformation_keeps_truth_on_real_cases() {
    let mut g = MixedCaseGenerator::new(ConstantPool::paper())
        .unwrap()
        .seed(41)
        .theory(Theory::Real);
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let synthesis = TermSynthesis::new(TermPool::new(ConstantPool::paper()).unwrap(), 3);
    let catalogue: Vec<&dyn Transformation> = vec![
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
    let mut applied: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut theories: BTreeMap<&str, usize> = BTreeMap::new();
    let mut left_real: BTreeMap<&str, usize> = BTreeMap::new();
    for _ in 0..600 {
        let mut case = g.next(&mut rng);
        case.check().unwrap();
        for _ in 0..rng.random_range(1..=5) {
            let t = catalogue[rng.random_range(0..catalogue.len())];
            if case.incremental.is_some() && !t.keeps_scripts() {
                continue;
            }
            let entry = applied.entry(t.name()).or_default();
            entry.0 += 1;
            let unsat_before = matches!(case.truth, Truth::Unsat { .. });
            if let Some(out) = t.apply(&case, &mut rng) {
                out.check()
                    .unwrap_or_else(|e| panic!("{}: {e}\nfrom {case:?}\nto {out:?}", t.name()));
                assert_eq!(
                    unsat_before,
                    matches!(out.truth, Truth::Unsat { .. }),
                    "{}: the status changed",
                    t.name()
                );
                entry.1 += 1;
                if Theory::of(&case.formula) == Theory::Real
                    && Theory::of(&out.formula) != Theory::Real
                {
                    *left_real.entry(t.name()).or_default() += 1;
                }
                case = out;
            }
        }
        if case.incremental.is_none() && rng.random_bool(0.3) {
            let other = g.next(&mut rng);
            if let Some(both) = conjoin(&case, &other) {
                both.check().unwrap();
                *theories.entry("conjunction").or_default() += 1;
            }
        }
        *theories
            .entry(Theory::of(&case.formula).name())
            .or_default() += 1;
    }
    println!("applied (tried, made): {applied:?}");
    println!("theories after the stacks: {theories:?}");
    println!("applications that left the real theory: {left_real:?}");
    // Variable replacement applies through the total rows of integer
    // subjects (NC43-NC47) on the Int-bridged cases. Constant replacement
    // refuses, as on integer cases (no step-1 row's model), and noise
    // introduction all but always does: the table has no row of a Real
    // subject, so it finds an Int subject only now and then (0 or 1 of
    // about 140 tries, by seed), and is not asserted either way.
    let made = |name: &str| applied.get(name).map_or(0, |e| e.1);
    assert_eq!(made("constant-replacement"), 0, "{applied:?}");
    for (name, (_, n)) in &applied {
        if !["constant-replacement", "noise-introduction"].contains(name) {
            assert!(*n > 0, "{name}: {n} applications: {applied:?}");
        }
    }
    // None brings a new sort: term synthesis refuses a string term for a
    // real case.
    assert!(left_real.is_empty(), "{left_real:?}");
}
