//! The two replacement transformations, each picking its variant by the
//! case's theory: strings and integers first (the anchored cases of
//! [`super::variable`] and [`super::constant`]), then regexes
//! ([`super::regex_constant`]), then bit-vectors and arrays
//! ([`super::combined_variable`], [`super::combined_constant`]).
//!
//! Invariant: every variant keeps the truth (each file states and tests its
//! own); this file only chooses one, and files the result under the
//! transformation's name. It is the only file of the folder that names the
//! variants, so none of them names another.

use rand::RngCore;

use super::combined_constant::random_combined_constant_replacement;
use super::combined_variable::random_combined_variable_replacement;
use super::constant::{anchor_constant, replace_anchor_constant};
use super::regex_constant::random_regex_constant_replacement;
use super::variable::{replace_variable, variable_replacement_choices};
use crate::transform::Transformation;
use crate::transform::identities::{Identity, constant_identities};
use crate::truth::{Case, Truth};

/// Replaces one variable, chosen at random with its identity; in a case
/// without such a choice, a bit-vector or array variable with a row of
/// `combined_identities` (unsat: a larger core; sat: the model extended;
/// see `combined_variable`).
#[derive(Clone, Copy, Debug, Default)]
pub struct VariableReplacement;

impl Transformation for VariableReplacement {
    fn name(&self) -> &'static str {
        "variable-replacement"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let choices = variable_replacement_choices(case);
        let out = if choices.is_empty() {
            // Bit-vector and array variables, in the combined theories'
            // cases, sat or unsat (see `combined_variable`).
            random_combined_variable_replacement(case, rng)?
        } else {
            let (x, id) = &choices[rng.next_u32() as usize % choices.len()];
            replace_variable(case, x, id)?
        };
        Some(finish_replacement(out, self.name()))
    }
}

/// Replaces the anchor's constant with a random identity for it; in a
/// regex case, a constant of Table 2.6's `C` rows (see
/// `regex_constant`); in a combined case, a bit-vector or array
/// constant, of an unsat case (a larger core) or of a sat one (the model
/// extended; see `combined_constant`).
#[derive(Clone, Copy, Debug, Default)]
pub struct ConstantReplacement;

impl Transformation for ConstantReplacement {
    fn name(&self) -> &'static str {
        "constant-replacement"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let ids: Vec<&Identity> = anchor_constant(case)
            .map(|c| constant_identities(&c).collect())
            .unwrap_or_default();
        let out = if ids.is_empty() {
            // Regex cases: Table 2.6's C rows, where a model proves the new
            // clause needed (see `regex_constant`); combined cases: a
            // bit-vector constant (see `combined_constant`).
            random_regex_constant_replacement(case, rng)
                .or_else(|| random_combined_constant_replacement(case, rng))?
        } else {
            replace_anchor_constant(case, ids[rng.next_u32() as usize % ids.len()])?
        };
        Some(finish_replacement(out, self.name()))
    }
}

/// The last step of a replacement (variable or constant): its chain entry,
/// which named the row, becomes the transformation's `name` (the trait's
/// contract), and an unsat result is filed under `larger-core`, since a
/// replacement grows the core.
fn finish_replacement(mut out: Case, name: &str) -> Case {
    out.provenance.chain.pop();
    out.provenance.chain.push(name.to_string());
    if matches!(out.truth, Truth::Unsat { .. }) {
        out.provenance.category = "larger-core".into();
    }
    out
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::strings::equivalent_formula_cases;

    #[test]
    fn the_core_grows_by_the_new_clause_and_a0_is_untouched() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for patterns in [false, true] {
            for base in equivalent_formula_cases(patterns, 0) {
                let Some(out) = VariableReplacement.apply(&base, &mut rng) else {
                    continue;
                };
                out.check().unwrap();
                let (Truth::Unsat { core: old }, Truth::Unsat { core: new }) =
                    (&base.truth, &out.truth)
                else {
                    panic!()
                };
                assert_eq!(new.len(), old.len() + 1);
                assert!(old.is_subset(new));
                let added = out.formula.assertions.last().unwrap();
                assert!(new.contains(added.name.as_ref().unwrap()));
                assert_eq!(
                    out.formula.assertions[0], base.formula.assertions[0],
                    "a0 is kept"
                );
                assert_eq!(out.provenance.chain.last().unwrap(), "variable-replacement");
            }
        }
    }

    #[test]
    fn foreign_cases_are_refused() {
        let mut c = equivalent_formula_cases(false, 0).next().unwrap();
        c.provenance.anchor = None;
        assert!(
            VariableReplacement
                .apply(&c, &mut ChaCha8Rng::seed_from_u64(0))
                .is_none()
        );
    }
}
