//! Satisfiability-preserving transformations.
//!
//! A [`Transformation`] maps a [`Case`] to a new case with the same status
//! and a ground truth that still holds. Each transformation lives in its own
//! file, whose module docs state the invariant it keeps and whose tests
//! check it on thousands of random inputs.

use rand::RngCore;

use crate::truth::Case;

mod chain;
mod combined_constant_replacement;
pub mod combined_identities;
mod combined_variable_replacement;
pub mod conjunction;
mod constant_assignment;
mod constant_replacement;
pub mod identities;
mod noise_introduction;
mod regex_abstraction;
mod regex_constant_replacement;
pub mod regex_identities;
mod term_synthesis;
mod variable_abstraction;
mod variable_replacement;

pub use chain::{Chain, MAX_FORMULA_SIZE, formula_size, random_chain};
pub use combined_constant_replacement::{
    ARRAY_ROWS, ArrayRow, BvRow, CombinedConstantReplacement, CombinedRow,
    ROWS as BV_CONSTANT_ROWS, Replaced, replace_bv_constant, replace_sat as replace_sat_constant,
    replace_unsat as replace_unsat_constant, rows_for as constant_rows_for,
    sat_candidates as sat_constant_candidates, unsat_candidates as unsat_constant_candidates,
};
pub use combined_variable_replacement::{
    CombinedVariableReplacement, combined_variable_choices, replace_combined_variable,
};
pub use constant_assignment::{
    ConstantAssignment, constant_assignments, constant_assignments_with,
};
pub use constant_replacement::{
    ConstantReplacement, constant_replacements, replace_anchor_constant, replace_constant_in,
};
pub use noise_introduction::{
    NoiseIntroduction, noise_cases, noise_choices, noise_on_bound, noise_on_free,
};
pub use regex_abstraction::abstract_regex_constant;
pub use regex_constant_replacement::{
    random_regex_constant_replacement, regex_constant_replacements, replace_regex_constant,
};
pub use term_synthesis::{
    PAPER_OPERATORS, TermSynthesis, synthesize_case, term_synthesis_cases,
    term_synthesis_cases_with,
};
pub use variable_abstraction::VariableAbstraction;
pub use variable_replacement::{
    VariableReplacement, larger_core_cases, replace_variable, variable_replacement_choices,
};

/// A satisfiability-preserving rewrite of a case.
pub trait Transformation {
    /// The name recorded in a case's provenance chain.
    fn name(&self) -> &'static str;

    /// Applies the transformation, or returns `None` when it does not apply
    /// to this case (e.g. a sat-only transformation on an unsat case). The
    /// result's provenance chain ends with [`Transformation::name`].
    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case>;
}

/// The last step of a replacement (variable or constant): its chain entry,
/// which named the row, becomes the transformation's `name` (the trait's
/// contract), and an unsat result is filed under `larger-core`, since a
/// replacement grows the core.
fn finish_replacement(mut out: Case, name: &str) -> Case {
    out.provenance.chain.pop();
    out.provenance.chain.push(name.to_string());
    if matches!(out.truth, crate::truth::Truth::Unsat { .. }) {
        out.provenance.category = "larger-core".into();
    }
    out
}
