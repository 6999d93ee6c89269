//! Bit-vectors on their own (QF_BV, and bit-vectors with their Int
//! conversions): the widths and values drawn with the boundaries weighted
//! (`widths.rs`), the width-generic identity rows and their unsat cases
//! (`rows.rs`, from `assets/tables/bitvec_identities.smt2`), nested
//! bit-vector terms (`terms.rs`) and the sat cases made of them
//! (`cases.rs`: one operator in isolation, constant assignment, term
//! synthesis), and uninterpreted functions over them (`uf.rs`, QF_UFBV).
//!
//! The room names only the bottom files of `generate` (the table reader,
//! the links of a larger core, the `Generator` trait); the combined room's
//! Table 3.1 pool stays its own.

mod cases;
mod rows;
pub mod terms;
mod uf;
pub mod widths;

pub use cases::BvCases;
pub use uf::BvUfCases;

pub use rows::{
    BvInstance, BvRow, BvUnsat, bv_equivalent_formula_cases, bv_rows, instantiate,
    random_bv_equivalence,
};
