//! The one interface of the case generators: a draw that may find nothing
//! ([`Generator::try_next`]), and a draw that goes on until one finds a
//! case ([`Generator::next`]).
//!
//! A draw may find nothing where an operation is over the evaluation
//! budget or a pool draw fits no operation; the caller that needs a case
//! draws again. The case sources (`source::MixedCaseGenerator`) draw from
//! tables of generators through this trait.
//!
//! # Invariant
//!
//! [`Generator::next`] returns the first case [`Generator::try_next`]
//! finds, calling it on the same random generator. Each failed draw has
//! consumed randomness, so the next one differs, and a seed still
//! reproduces the sequence of cases.

use rand::RngCore;

use crate::truth::Case;

/// Makes cases whose truth holds by construction, each drawn from the
/// caller's random generator.
pub trait Generator {
    /// The next case, or `None` if this draw found none (see the module
    /// docs).
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case>;

    /// The next case, drawing again until a draw finds one.
    fn next(&mut self, rng: &mut dyn RngCore) -> Case {
        loop {
            if let Some(case) = self.try_next(rng) {
                return case;
            }
        }
    }
}
