//! The sequence generators, over `(Seq E)` for every element sort drawn
//! (Z3's and cvc5's sequences): the sorts, values and nested terms they
//! share ([`terms`]), the string catalogue's sat categories over sequences
//! ([`SeqCases`]), the sequence identities and the unsat cases grown from
//! them ([`SeqUnsat`]), and sequences inside combined cases, their elements
//! indexing arrays or meeting `str.in_re` ([`SeqCombinedCases`]).
//!
//! The uninterpreted-function generators draw their terms from
//! [`terms`] too; the combined cases' regexes come from
//! [`super::regex`]'s pool.

mod cases;
mod combined;
mod rows;
pub mod terms;

pub use cases::{SeqCases, SeqCategory, seq_operators};
pub use combined::{SeqCombinedCases, SeqCombinedCategory};
pub use rows::{
    SeqRow, SeqUnsat, random_seq_equivalence, seq_equivalent_formula_cases, seq_rows,
    variable_sort, with_links,
};
