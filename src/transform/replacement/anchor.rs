//! The anchor assertion `a0 = ¬A` of an unsat case with the anchor
//! structure, which the string and regex replacements work around.
//!
//! Invariant kept by its users (see [`super::variable`] for EQ, DEP and
//! CORE): `a0` stays quantifier-free and in the core. This file names no
//! sibling: the variable and constant replacements both read it.

use std::collections::BTreeSet;

use crate::term::{Symbol, Term};
use crate::truth::{Case, Truth};

/// The name of the anchor assertion `¬A`.
pub(super) const ANCHOR: &str = "a0";

/// The anchor's index and the core, if the case is one of ours: unsat, a
/// quantifier-free `a0` in the core.
pub(super) fn anchored(case: &Case) -> Option<(usize, &BTreeSet<Symbol>)> {
    let Truth::Unsat { core } = &case.truth else {
        return None;
    };
    if case.provenance.anchor.is_none() || !core.contains(ANCHOR) {
        return None;
    }
    let i = case
        .formula
        .assertions
        .iter()
        .position(|a| a.name.as_deref() == Some(ANCHOR))?;
    let mut quantified = false;
    case.formula.assertions[i]
        .term
        .visit(&mut |t| quantified |= matches!(t, Term::Quant(_)));
    (!quantified).then_some((i, core))
}
