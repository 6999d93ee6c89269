//! A valid formula's negation under `exists`: add `(exists (v̄) (not
//! body))` of an identity row (`valid.rs`) to a sat case, which becomes
//! unsat with that assertion as its whole core.
//!
//! # Invariant
//!
//! The new assertion is false in every interpretation (the row's body holds
//! for every value of its variables), so the formula is unsat and `{n}` is
//! a core; it is the unique minimal one: every subset without `n` is a
//! subset of the sat case's assertions, which the old model satisfies.
//! Every assertion is named (fresh names for unnamed ones), as an unsat
//! case needs. Only sat cases: with an unsat case's own core the core of
//! one would not be unique.

use std::collections::BTreeSet;

use rand::RngCore;

use super::valid::valid_formulas;
use crate::transform::Transformation;
use crate::truth::{Case, Truth};

/// Turns a sat case unsat with a false `exists` (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct ExistsNegation;

impl Transformation for ExistsNegation {
    fn name(&self) -> &'static str {
        "exists-negation"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        if !matches!(case.truth, Truth::Sat { .. }) || case.incremental.is_some() {
            return None;
        }
        let valid = valid_formulas(&case.formula, rng)?;
        let mut out = case.clone();
        for i in 0..out.formula.assertions.len() {
            if out.formula.assertions[i].name.is_none() {
                let n = out.formula.fresh_assertion_name();
                out.formula.assertions[i].name = Some(n);
            }
        }
        let name = out.formula.fresh_assertion_name();
        out.formula.assert(valid.negation(), Some(name.clone()));
        out.truth = Truth::Unsat {
            core: BTreeSet::from([name]),
        };
        out.provenance.anchor = None;
        out.provenance
            .chain
            .push(format!("exists-negation({})", valid.id));
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::sample::sat_sample;
    use super::*;
    use crate::truth::check_model_with;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The case is unsat with a core of one; the rest is still
        /// satisfied by the old model (so the core is the only one).
        #[test]
        fn the_negation_is_a_core_of_one(seed: u64) {
            let case = sat_sample(seed);
            let Truth::Sat { model } = &case.truth else { unreachable!() };
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let Some(out) = ExistsNegation.apply(&case, &mut rng) else { return Ok(()) };
            out.check().map_err(|e| TestCaseError::fail(format!("{e}\n{out:?}")))?;
            let Truth::Unsat { core } = &out.truth else { unreachable!() };
            prop_assert_eq!(core.len(), 1);
            let mut rest = out.formula.clone();
            let n = core.iter().next().unwrap();
            rest.assertions.retain(|a| a.name.as_ref() != Some(n));
            check_model_with(&rest, model, &case.witnesses)
                .map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(rest.assertions.len(), case.formula.assertions.len());
        }
    }
}
