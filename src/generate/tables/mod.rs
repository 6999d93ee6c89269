//! Tables as data: the row format of the equivalence and identity tables in
//! `assets/tables/` (the ICSE 2020 paper's Tables 2 and 3, Kühne 2022's
//! Table 2.6), read with the term parser and printed back with the term
//! printer.
//!
//! A table file is a sequence of rows, each an s-expression whose fields
//! are named, so a row reads like a line of the paper's table:
//!
//! ```text
//! ; why the row departs from the paper, if it does
//! (row E7 :paper true :op str.contains
//!   :declare ((s String) (t String) (s1 String) (s3 String))
//!   :A (= (str.contains s t) true)
//!   :B (= s (str.++ s1 t s3))
//!   :model-of-B ((s "abc") (t "b") (s1 "a") (s3 "c"))
//!   :model-of-not-A ((s "abc") (t "d") (s1 "") (s3 "")))
//! ```
//!
//! A field's value is a term or a sort (SMT-LIB 2.6, read by
//! [`crate::term::parse_term`] and [`crate::term::parse_sort`]), a list of
//! sorted variables `((x S) ...)` as in a quantifier, a model `((x v) ...)`
//! whose values are closed terms (evaluated by [`crate::semantics`]), a
//! Boolean, a symbol or a string. `;` starts a comment. Each table's module
//! says which fields its rows have and turns a [`Row`] into its own struct.
//!
//! The reader is in parts, lowest first: where a file and its errors are
//! (`file.rs`), the shape of its s-expressions (`sexp.rs`), a row read field
//! by field and a table loaded (`row.rs`), and rows written back in the
//! files' layout (`write.rs`, test builds only).
//!
//! # Invariants
//!
//! - Strict: a missing, repeated or unknown field, a term the parser
//!   refuses, a model value that is not closed are errors that name
//!   `FILE:LINE` (the line of the field, or of the row). The tables' loaders
//!   panic with it at first use, and every table has a unit test that loads
//!   it, so a bad row fails CI rather than a campaign.
//! - The files are compiled in (`include_str!`): the binary needs no file
//!   at run time.
//! - Printing a row with [`RowWriter`] and reading it back gives the same
//!   row: each table has a round-trip test.

mod columns;
mod file;
mod row;
mod sexp;
#[cfg(test)]
mod write;

pub(crate) use columns::{tab_rows, term_cell};
pub(crate) use file::{TableError, TableFile};
pub(crate) use row::{Row, load};
#[cfg(test)]
pub(crate) use write::RowWriter;
