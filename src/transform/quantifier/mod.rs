//! Quantifiers with a known truth (issue 41): transformations that bind a
//! case's variable under `exists`, and closed `forall` formulas over the
//! identity tables that are valid by construction.
//!
//! | file | what it does | truth |
//! |---|---|---|
//! | `exists_sat.rs` | binds a sat case's variable `x` in `exists` over the assertions that mention it | sat; `x`'s value becomes the witness |
//! | `exists_unsat.rs` | binds an unsat case's variable in `exists` over the core members that mention it | unsat; the merged assertion replaces them in the core |
//! | `valid.rs` | the valid closed formulas: an identity row under `forall` | true in every model |
//! | `forall_noise.rs` | a valid formula as a new assertion | kept, core unchanged |
//! | `exists_negation.rs` | a valid formula's negation under `exists` | unsat, a core of one |
//!
//! Each file states its invariant and property-tests it on cases of every
//! stream (strings, regex, combined, sequences). A witness and a valid
//! formula travel in [`Case::witnesses`](crate::truth::Case), which the
//! evaluator takes as hints (see `semantics::quantifier`): a hint can only
//! decide a quantifier exactly, so no transformation here can make a
//! check pass that should fail.
//!
//! Which formulas are ours ([`mentions_quant`]): an `exists` anywhere, or an
//! assertion that is a closed `forall`. The Table 2 cases' `forall`s
//! (with or without patterns) have free variables and no `exists`, so they
//! keep their theory.

use crate::term::{Formula, QuantKind, Sort, Term};

mod exists_negation;
mod exists_sat;
mod exists_unsat;
mod forall_noise;
mod valid;

pub use exists_negation::ExistsNegation;
pub use exists_sat::{ExistsSat, exists_sat};
pub use exists_unsat::{ExistsUnsat, exists_unsat};
pub use forall_noise::ForallNoise;
pub use valid::{ValidFormula, valid_formulas};

/// Whether a variable of this sort may be bound by a quantifier: every
/// sort but `RegLan` (SMT-LIB's logics quantify over none) and function
/// sorts (first-order logic), nor anything that holds them.
pub fn quantifiable(sort: &Sort) -> bool {
    match sort {
        Sort::RegLan | Sort::Fun(..) => false,
        Sort::Array(i, e) => quantifiable(i) && quantifiable(e),
        Sort::Seq(e) => quantifiable(e),
        Sort::Bool
        | Sort::Int
        | Sort::Real
        | Sort::String
        | Sort::BitVec(_)
        | Sort::FloatingPoint(..)
        | Sort::RoundingMode => true,
    }
}

/// Whether a formula has a quantifier of ours: an `exists` anywhere, or an
/// assertion that is a closed `forall` (see the module docs).
pub fn mentions_quant(formula: &Formula) -> bool {
    formula.assertions.iter().any(|a| {
        let closed_forall = matches!(&a.term, Term::Quant(q) if q.kind == QuantKind::Forall)
            && a.term.free_vars().is_empty();
        let mut exists = false;
        a.term.visit(&mut |t| {
            exists |= matches!(t, Term::Quant(q) if q.kind == QuantKind::Exists);
        });
        closed_forall || exists
    })
}

/// The transformations of this folder, for chains and the fuzzer's
/// mutators.
pub const QUANTIFIER: &[&dyn super::Transformation] =
    &[&ExistsSat, &ExistsUnsat, &ForallNoise, &ExistsNegation];

#[cfg(test)]
mod chains;
#[cfg(test)]
pub(crate) mod sample;
