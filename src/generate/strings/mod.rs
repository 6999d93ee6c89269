//! The string generators of the ICSE 2020 paper's step 1: one operator in
//! isolation ([`step1`], Listing 2), its equivalent formula (Table 2's rows,
//! [`equivalent_formula_cases`]), and the term pool that term synthesis
//! draws nested string and integer terms from ([`TermPool`]).
//!
//! They draw their constants from the shared
//! [`ConstantPool`](super::ConstantPool); the transformations of
//! [`crate::transform`] grow what they make.

mod equivalent_formulas;
mod step1;
pub mod term_pool;

#[cfg(test)]
#[allow(unused_imports)]
pub(crate) use equivalent_formulas::tests::Bounded;
pub use equivalent_formulas::{
    EquivalentFormula, equivalent_formula_cases, equivalent_formulas, strip_patterns,
};
pub use step1::{RESULT, STRING_OPERATORS, argument_sorts, result_sort, step1, step1_with};
pub use term_pool::{Sampled, TermPool, TermPoolError};
