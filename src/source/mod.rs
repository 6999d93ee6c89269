//! Case sources: endless streams of cases that combine the generators with
//! chains of transformations.
//!
//! This layer sits above [`crate::transform`]: a source draws a generated
//! case from [`crate::generate`] and grows it with a random chain of
//! transformations, so it needs both; neither of them needs a source.
//! [`RandomCaseGenerator`] makes sat cases, [`MixedCaseGenerator`] a mix of
//! sat and unsat cases (the fuzz loops' fresh cases and `export --category
//! random`), drawn from a table of generators per theory and status.
//!
//! Every random choice flows from the caller's generator, so a seed
//! reproduces a stream.

mod grown;
mod mixed;
mod quantified;
mod random;
pub mod recipe;
mod streams;
mod table;
mod theory;

pub use mixed::MixedCaseGenerator;
pub use random::RandomCaseGenerator;
pub use recipe::{Ingredients, Recipe};
pub use theory::Theory;
