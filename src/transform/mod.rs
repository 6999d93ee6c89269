//! Satisfiability-preserving transformations.
//!
//! A [`Transformation`] maps a [`Case`] to a new case with the same status
//! and a ground truth that still holds. Each transformation lives in its own
//! file, whose module docs state the invariant it keeps and whose tests
//! check it on thousands of random inputs.

use rand::RngCore;

use crate::truth::Case;

mod constant_assignment;
pub mod identities;

pub use constant_assignment::{ConstantAssignment, constant_assignments};

/// A satisfiability-preserving rewrite of a case.
pub trait Transformation {
    /// The name recorded in a case's provenance chain.
    fn name(&self) -> &'static str;

    /// Applies the transformation, or returns `None` when it does not apply
    /// to this case (e.g. a sat-only transformation on an unsat case). The
    /// result's provenance chain ends with [`Transformation::name`].
    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case>;
}
