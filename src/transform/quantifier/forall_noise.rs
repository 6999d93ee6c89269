//! Noise of a valid formula: add a closed `forall` over an identity row
//! (`valid.rs`) to any case, as a new assertion.
//!
//! # Invariant
//!
//! The truth is kept. Sat: the formula is true in every interpretation, so
//! the model still satisfies every assertion; it goes into
//! [`Witnesses::valid`](crate::semantics::Witnesses), so `Case::check`
//! knows it is true. Unsat: the core is unchanged and still the unique
//! minimal one, since a valid assertion neither helps nor hinders any subset
//! (`S ∪ {V}` is satisfiable exactly when `S` is); it is named (a fresh
//! name) and is noise. The anchor structure the unsat transformations rely
//! on is not claimed any more: the new assertion is not one of its parts.

use rand::RngCore;

use super::valid::valid_formulas;
use crate::transform::Transformation;
use crate::truth::{Case, Truth};

/// Adds a valid closed `forall` (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct ForallNoise;

impl Transformation for ForallNoise {
    fn name(&self) -> &'static str {
        "forall-noise"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        if case.incremental.is_some() {
            return None;
        }
        let valid = valid_formulas(&case.formula, rng)?;
        let mut out = case.clone();
        let unsat = matches!(case.truth, Truth::Unsat { .. });
        let named = unsat || case.formula.assertions.iter().any(|a| a.name.is_some());
        let name = named.then(|| out.formula.fresh_assertion_name());
        let term = valid.forall();
        out.formula.assert(term.clone(), name);
        out.witnesses.valid.push(term);
        out.provenance.anchor = None;
        out.provenance
            .chain
            .push(format!("forall-noise({})", valid.id));
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::sample::sample;
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Every stream, both statuses: the truth checks, the status and
        /// the core are the same, and the new assertion is quantified.
        #[test]
        fn the_truth_and_the_core_are_kept(seed: u64) {
            let case = sample(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let out = ForallNoise.apply(&case, &mut rng);
            let Some(out) = out else { return Ok(()) };
            out.check().map_err(|e| TestCaseError::fail(format!("{e}\n{out:?}")))?;
            prop_assert_eq!(out.truth.status(), case.truth.status());
            if let (Truth::Unsat { core: a }, Truth::Unsat { core: b }) = (&case.truth, &out.truth) {
                prop_assert_eq!(a, b);
            }
            prop_assert_eq!(out.formula.assertions.len(), case.formula.assertions.len() + 1);
            prop_assert!(super::super::mentions_quant(&out.formula));
        }
    }

    #[test]
    fn without_the_valid_list_a_sat_check_is_inconclusive_not_passed() {
        // The check relies on the list, not on luck: dropped, the forall
        // over an infinite sort is undecided and the check says so.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = 0;
        for seed in 0..60 {
            let case = super::super::sample::sat_sample(seed);
            let Some(mut out) = ForallNoise.apply(&case, &mut rng) else {
                continue;
            };
            out.witnesses.valid.clear();
            if let Err(e) = out.check() {
                assert!(
                    matches!(e, crate::truth::TruthError::Unevaluable { .. }),
                    "{e}"
                );
                seen += 1;
            }
        }
        assert!(seen > 20, "{seen}");
    }
}
