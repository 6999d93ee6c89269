//! The larger-core category (the ICSE 2020 paper's Table 4 "larger unsat
//! core"): every step-1 equivalent-formula case, transformed once by every
//! variable replacement and every constant replacement it admits.
//!
//! Invariant: each case is one replacement of a step-1 case, so it keeps
//! the truth by [`super::variable`]'s and [`super::constant`]'s arguments;
//! this file only enumerates and labels them.

use super::constant::constant_replacements;
use super::variable::{replace_variable, variable_replacement_choices};
use crate::generate::strings::equivalent_formula_cases;
use crate::truth::Case;

/// The larger-core category (the paper's Table 4 "larger unsat core"):
/// every step-1 equivalent-formula case, transformed once by every variable
/// replacement and every constant replacement it admits. Lazy.
pub fn larger_core_cases(patterns: bool, seed: u64) -> impl Iterator<Item = Case> {
    equivalent_formula_cases(patterns, seed).flat_map(|base| {
        let vars: Vec<Case> = variable_replacement_choices(&base)
            .into_iter()
            .filter_map(|(x, id)| replace_variable(&base, &x, id))
            .collect();
        let consts = constant_replacements(&base);
        vars.into_iter().chain(consts).map(|mut c| {
            c.provenance.category = "larger-core".into();
            c
        })
    })
}
