//! Step-1 formulas and the constant pools they draw from.
//!
//! Generators make [`Case`](crate::truth::Case)s whose truth holds by
//! construction; [`crate::transform`] grows them. The generators that draw
//! at random share one interface, [`Generator`].

pub mod bv_pool;
mod combined_synthesis;
pub mod combined_terms;
mod combined_unsat;
mod equivalent_formulas;
mod generator;
mod pool;
pub mod regex;
mod seq_cases;
pub mod seq_combined;
mod seq_rows;
pub mod seq_terms;
mod step1;
pub(crate) mod sx;
pub(crate) mod tables;
pub mod term_pool;
pub mod uf_cases;

pub use combined_synthesis::CombinedSynthesis;
pub use combined_terms::CombinedTermSampler;
pub use combined_unsat::{CombinedUnsat, Result3_2};
#[cfg(test)]
#[allow(unused_imports)]
pub(crate) use equivalent_formulas::tests::Bounded;
pub use equivalent_formulas::{
    EquivalentFormula, equivalent_formula_cases, equivalent_formulas, strip_patterns,
};
pub use generator::Generator;
pub use pool::ConstantPool;
pub use seq_cases::{SeqCases, SeqCategory, seq_operators};
pub use seq_combined::{SeqCombinedCases, SeqCombinedCategory};
pub use seq_rows::{
    SeqRow, SeqUnsat, random_seq_equivalence, seq_equivalent_formula_cases, seq_rows, with_links,
};
pub use step1::{RESULT, STRING_OPERATORS, argument_sorts, result_sort, step1, step1_with};
pub use term_pool::{Sampled, TermPool, TermPoolError};
pub use uf_cases::{UfCases, UfCategory};
