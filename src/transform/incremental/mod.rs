//! Transformations that make incremental cases (see
//! [`Incremental`](crate::truth::Incremental)) out of today's cases
//! without losing any truth: each `check-sat` of the result has a truth
//! that holds for what is in force there, and the case's own truth still
//! holds for its whole formula.
//!
//! One file per transformation, each with its invariant and its property
//! test: [`Assumption`] moves an assertion into the assumptions of the
//! `check-sat`s that see it; [`NestedScopes`] splits a one-shot case into
//! nested `push` scopes with a `check-sat` at each level whose truth is
//! known, on the way in and again after each `pop`; [`splice`] puts a
//! second case beside the first: in sibling scopes ([`interleave`]), in a
//! scope opened inside the first ([`noise_scope`]) or after a
//! `reset-assertions` ([`after_reset`]); [`RepeatCheck`] asks a `check-sat`
//! again where what it asked about is in force again.

mod assumption;
mod nested;
mod repeat;
mod splice;
#[cfg(test)]
mod tests;

pub use assumption::Assumption;
pub use nested::NestedScopes;
pub use repeat::RepeatCheck;
pub use splice::{after_reset, interleave, noise_scope};

use crate::truth::{Case, Incremental, Step};

/// The most steps an incremental case may have: repeated checks and
/// spliced cases would otherwise grow a script without bound while its
/// formula stays small.
pub const MAX_STEPS: usize = 256;

/// `case` with the script `steps` and `name` at the end of its chain;
/// `None` past [`MAX_STEPS`].
fn with_steps(mut case: Case, steps: Vec<Step>, name: &str) -> Option<Case> {
    if steps.len() > MAX_STEPS {
        return None;
    }
    case.incremental = Some(Incremental { steps });
    case.provenance.chain.push(name.to_string());
    Some(case)
}
