//! The combined-theory generators (Kühne 2022, chapter 3): bit-vectors and
//! arrays next to strings, integers and regexes. The pool of Table 3.1
//! ([`CombinedPool`]: bit-vectors, constant arrays indexed by or holding
//! regexes), nested terms across the theories sampled over it
//! ([`CombinedTermSampler`]), and the cases made of them: sat constant
//! assignment and term synthesis ([`CombinedSynthesis`]), unsat constants
//! and complex results ([`CombinedUnsat`]).
//!
//! Its regexes come from [`super::regex`]'s pool.

pub mod pool;
mod synthesis;
pub mod terms;
mod unsat;

pub use pool::CombinedPool;
pub use synthesis::CombinedSynthesis;
pub use terms::{CombinedTermSampler, is_combined_sort, mentions_combined};
pub use unsat::{CombinedUnsat, Result3_2};
