//! Fresh variables: what a transformation declares when it introduces a
//! variable (replacement, noise).
//!
//! Invariant: the name returned is declared in the formula and was free
//! before (no declaration, assertion name or bound variable of the formula
//! had it), so a new variable never captures or aliases an old one. This is
//! the bottom of `transform/`: it names no sibling.

use crate::term::{Formula, Sort, Symbol};

/// Declares a fresh variable named after `base` and returns its name.
pub(super) fn fresh_var(f: &mut Formula, base: &str, sort: &Sort) -> Symbol {
    let n = f.fresh_symbol(base);
    f.declare(n.clone(), sort.clone());
    n
}
