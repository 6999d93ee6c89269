//! Random stacks of every transformation of a campaign's mutator on one
//! theory's stream (`transform_int_cases.rs`, `transform_real_cases.rs`,
//! `transform_fp_cases.rs`): 600 cases, each stacked with one to five
//! transformations (the incremental ones only where the case has a
//! script), each result's truth checked (`Case::check`) and its status
//! kept, a third conjoined with a fresh case. What each transformation
//! applied, and which took a case out of the theory, is returned for the
//! caller's own assertions (they differ by theory: which step-1 rows
//! exist for it).

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

/// What the stacks did (the theories after them are printed).
pub struct Stacks {
    /// Per transformation: (tried, made).
    pub applied: BTreeMap<&'static str, (usize, usize)>,
    /// Per transformation: applications that took a case of `theory` out
    /// of it.
    pub left: BTreeMap<&'static str, usize>,
}

impl Stacks {
    /// How many times `name` made a case.
    pub fn made(&self, name: &str) -> usize {
        self.applied.get(name).map_or(0, |e| e.1)
    }
}

/// The stacks on `theory`'s stream, seed 41; panics on a case whose
/// truth does not check or whose status changed.
pub fn stacks(theory: Theory) -> Stacks {
    let mut g = MixedCaseGenerator::new(ConstantPool::paper())
        .unwrap()
        .seed(41)
        .theory(theory);
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
    let mut applied: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let mut theories: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut left: BTreeMap<&'static str, usize> = BTreeMap::new();
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
                if Theory::of(&case.formula) == theory && Theory::of(&out.formula) != theory {
                    *left.entry(t.name()).or_default() += 1;
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
    println!(
        "applications that left the {} theory: {left:?}",
        theory.name()
    );
    Stacks { applied, left }
}
