//! Satisfiability-preserving transformations.
//!
//! A [`Transformation`] maps a [`Case`] to a new case with the same status
//! and a ground truth that still holds. Each transformation lives in its own
//! file (the replacements in one folder, a file per theory), whose module
//! docs state the invariant it keeps and whose tests check it on thousands
//! of random inputs. This file declares them and re-exports what the layers
//! above use, under the names they are defined with.

use rand::RngCore;

use crate::truth::Case;

mod chain;
pub mod combined_identities;
pub mod conjunction;
mod constant_assignment;
mod fresh;
pub mod identities;
pub mod incremental;
mod noise_introduction;
mod operators;
pub mod quantifier;
mod regex_abstraction;
pub mod regex_identities;
mod replacement;
mod term_synthesis;
mod variable_abstraction;

pub use chain::{Chain, MAX_FORMULA_SIZE, formula_size, random_chain};
pub use constant_assignment::{
    ConstantAssignment, constant_assignments, constant_assignments_with,
};
pub use noise_introduction::{NoiseIntroduction, noise_cases};
pub use operators::PAPER_OPERATORS;
pub use replacement::{
    ARRAY_ROWS, ArrayRow, BV_CONSTANT_ROWS, BvRow, CombinedRow, ConstantReplacement, Replaced,
    VariableReplacement, combined_variable_choices, constant_rows_for, larger_core_cases,
    regex_constant_replacements, replace_combined_variable, replace_sat_constant,
    replace_unsat_constant, sat_constant_candidates, unsat_constant_candidates,
    variable_replacement_choices,
};
pub use term_synthesis::{
    TermSynthesis, synthesize_case, term_synthesis_cases, term_synthesis_cases_with,
};
pub use variable_abstraction::VariableAbstraction;

/// A satisfiability-preserving rewrite of a case.
pub trait Transformation {
    /// The name recorded in a case's provenance chain.
    fn name(&self) -> &'static str;

    /// Applies the transformation, or returns `None` when it does not apply
    /// to this case (e.g. a sat-only transformation on an unsat case). The
    /// result's provenance chain ends with [`Transformation::name`].
    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case>;

    /// Whether it keeps the steps of an incremental case and every one of
    /// their truths (the incremental transformations do). One that does
    /// not rewrites the formula under steps that index its assertions, so
    /// it is never applied to an incremental case.
    fn keeps_scripts(&self) -> bool {
        false
    }
}
