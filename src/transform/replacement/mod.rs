//! Variable and constant replacement (ICSE 2020 Sect. 3.2; Kühne 2022
//! Sect. 2.4.2 and 3.2): a variable or constant becomes a fresh variable
//! tied to it by a new clause; an unsat core grows by that clause, a sat
//! model gains the fresh values.
//!
//! One file per theory's variant ([`variable`] and [`constant`] for
//! strings and integers, [`regex_constant`], [`combined_variable`] and
//! [`combined_constant`] for bit-vectors and arrays), each stating and
//! testing its invariant; [`theory`] is the one place that picks a variant
//! by the case's theory; [`anchor`] the anchor assertion they share.

mod anchor;
mod combined_constant;
mod combined_rows;
mod combined_variable;
mod constant;
mod larger_core;
mod regex_constant;
mod theory;
mod variable;

pub use combined_constant::{
    CombinedRow, Replaced, constant_rows_for, replace_sat_constant, replace_unsat_constant,
    sat_constant_candidates, unsat_constant_candidates,
};
pub use combined_rows::{ARRAY_ROWS, ArrayRow, BV_CONSTANT_ROWS, BvRow};
pub use combined_variable::{combined_variable_choices, replace_combined_variable};
pub use larger_core::larger_core_cases;
pub use regex_constant::regex_constant_replacements;
pub use theory::{ConstantReplacement, VariableReplacement};
pub use variable::variable_replacement_choices;
