//! Composition: transformations applied one after another, repeatedly and in
//! any order (the paper applied each once).
//!
//! # Invariant
//!
//! Each transformation maps a case whose truth holds to one whose truth
//! holds, so any sequence of them does too; a chain adds nothing to check
//! but bounds growth: a step whose result would have more than
//! [`MAX_FORMULA_SIZE`] nodes is refused, so chains cannot explode. A step
//! that does not apply is skipped. The case's provenance records each step
//! taken, in order.

use rand::RngCore;
use rand::seq::IndexedRandom;

use super::Transformation;
use crate::term::Formula;
use crate::truth::Case;

/// The largest formula (in term nodes, over all assertions) a chain step
/// may produce.
pub const MAX_FORMULA_SIZE: usize = 2000;

/// How many transformations a step tries before it gives up.
const TRIES_PER_STEP: usize = 4;

/// The number of term nodes of a formula.
pub fn formula_size(formula: &Formula) -> usize {
    formula.assertions.iter().map(|a| a.term.size()).sum()
}

/// `t` applied to `case`, unless it refuses or the result is too large.
fn step(t: &dyn Transformation, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
    t.apply(case, rng)
        .filter(|c| formula_size(&c.formula) <= MAX_FORMULA_SIZE)
}

/// Applies `len` steps, each a transformation drawn at random from
/// `catalogue` among those that apply (and keep the formula within
/// [`MAX_FORMULA_SIZE`]); a step where none of a few draws applies is
/// skipped. Returns the last case.
pub fn random_chain(
    case: &Case,
    catalogue: &[&dyn Transformation],
    len: usize,
    rng: &mut dyn RngCore,
) -> Case {
    let mut current = case.clone();
    for _ in 0..len {
        for _ in 0..TRIES_PER_STEP {
            let Some(t) = catalogue.choose(rng) else {
                return current;
            };
            if let Some(next) = step(*t, &current, rng) {
                current = next;
                break;
            }
        }
    }
    current
}

/// A fixed sequence of transformations, itself a transformation: it applies
/// when every step does.
pub struct Chain<'a> {
    steps: Vec<&'a dyn Transformation>,
}

impl<'a> Chain<'a> {
    /// The composition of `steps`, first to last.
    pub fn new(steps: Vec<&'a dyn Transformation>) -> Self {
        Chain { steps }
    }
}

impl Transformation for Chain<'_> {
    fn name(&self) -> &'static str {
        "chain"
    }

    /// The chain recorded in the result's provenance is that of its steps.
    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let mut current = case.clone();
        for t in &self.steps {
            current = step(*t, &current, rng)?;
        }
        Some(current)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::strings::{STRING_OPERATORS, TermPool, argument_sorts, step1_with};
    use crate::transform::{
        ConstantAssignment, TermSynthesis, VariableAbstraction, synthesize_case,
    };
    use crate::truth::Truth;

    fn start(seed: u64, pool: &ConstantPool, terms: &TermPool) -> Case {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let op = STRING_OPERATORS[rng.random_range(0..STRING_OPERATORS.len())];
        if rng.random_bool(0.5) {
            let args: Vec<_> = argument_sorts(op)
                .iter()
                .map(|s| pool.nth(s, rng.random_range(0..pool.count(s))).unwrap())
                .collect();
            step1_with(op, &args, seed).unwrap()
        } else {
            synthesize_case(op, terms, 2, seed, &mut rng).unwrap()
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Random chains of 10 to 16 sat transformations, in any order and
        /// with repetition, keep the model valid (checked by evaluation).
        #[test]
        fn random_chains_keep_the_truth(seed: u64, len in 10usize..=16) {
            let pool = ConstantPool::boundary();
            let terms = TermPool::new(pool.clone()).unwrap();
            let synthesis = TermSynthesis::new(terms.clone(), 3);
            let catalogue: [&dyn Transformation; 3] = [&ConstantAssignment, &synthesis, &VariableAbstraction];
            let case = start(seed, &pool, &terms);
            let mut rng = ChaCha8Rng::seed_from_u64(seed.rotate_left(17));
            let out = random_chain(&case, &catalogue, len, &mut rng);
            out.check().map_err(|e| TestCaseError::fail(format!(
                "{e}\n{}\n{:?}\nchain {:?}",
                out.formula.to_script(None, Default::default()),
                out.truth,
                out.provenance.chain
            )))?;
            prop_assert!(formula_size(&out.formula) <= MAX_FORMULA_SIZE.max(formula_size(&case.formula)));
            prop_assert!(out.provenance.chain.len() <= case.provenance.chain.len() + len);
            let is_sat = matches!(out.truth, Truth::Sat { .. });
            prop_assert!(is_sat);
        }
    }

    #[test]
    fn chains_take_many_steps_and_mix_transformations() {
        let pool = ConstantPool::paper();
        let terms = TermPool::new(pool.clone()).unwrap();
        let synthesis = TermSynthesis::new(terms.clone(), 2);
        let catalogue: [&dyn Transformation; 3] =
            [&ConstantAssignment, &synthesis, &VariableAbstraction];
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut lengths = 0;
        let mut names = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let case = start(seed, &pool, &terms);
            let out = random_chain(&case, &catalogue, 12, &mut rng);
            lengths += out.provenance.chain.len();
            names.extend(out.provenance.chain);
        }
        assert!(lengths >= 200 * 8, "average chain length {}", lengths / 200);
        assert_eq!(names.len(), 3, "{names:?}");
    }

    #[test]
    fn growth_beyond_the_cap_is_refused() {
        let pool = ConstantPool::boundary();
        let terms = TermPool::new(pool.clone()).unwrap();
        let synthesis = TermSynthesis::new(terms.clone(), 5);
        let catalogue: [&dyn Transformation; 1] = [&synthesis];
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let case = start(1, &pool, &terms);
        let out = random_chain(&case, &catalogue, 400, &mut rng);
        assert!(formula_size(&out.formula) <= MAX_FORMULA_SIZE);
        out.check().unwrap();
    }

    #[test]
    fn a_fixed_chain_applies_its_steps_in_order() {
        let pool = ConstantPool::paper();
        let case = step1_with(
            crate::term::Op::StrConcat,
            &[
                pool.nth(&crate::term::Sort::String, 1).unwrap(),
                pool.nth(&crate::term::Sort::String, 1).unwrap(),
            ],
            0,
        )
        .unwrap();
        let chain = Chain::new(vec![&ConstantAssignment, &VariableAbstraction]);
        let out = chain
            .apply(&case, &mut ChaCha8Rng::seed_from_u64(0))
            .unwrap();
        assert_eq!(
            out.provenance.chain,
            ["constant-assignment", "variable-abstraction"]
        );
        out.check().unwrap();
    }
}
