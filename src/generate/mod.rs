//! Step-1 formulas and the constant pools they draw from.
//!
//! Generators make [`Case`](crate::truth::Case)s whose truth holds by
//! construction; [`crate::transform`] grows them. The generators that draw
//! at random share one interface, [`Generator`].

pub mod combined;
mod generator;
mod pool;
pub mod regex;
mod seq_cases;
pub mod seq_combined;
mod seq_rows;
pub mod seq_terms;
pub mod strings;
pub(crate) mod sx;
pub(crate) mod tables;
pub mod uf_cases;

pub use generator::Generator;
pub use pool::ConstantPool;
pub use seq_cases::{SeqCases, SeqCategory, seq_operators};
pub use seq_combined::{SeqCombinedCases, SeqCombinedCategory};
pub use seq_rows::{
    SeqRow, SeqUnsat, random_seq_equivalence, seq_equivalent_formula_cases, seq_rows, with_links,
};
pub use uf_cases::{UfCases, UfCategory};
