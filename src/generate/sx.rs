//! Short term builders (`eq`, `and`, `app`, ...) for the Rust code that
//! writes terms by hand: the membership rows' forms, the identities'
//! instances, the tests. The tables themselves are data (see
//! [`super::tables`]).

use crate::term::{Op, Term};

#[cfg(test)]
/// A variable.
pub fn v(n: &str) -> Term {
    Term::var(n)
}
#[cfg(test)]
/// An integer.
pub fn int(n: i64) -> Term {
    Term::int(n)
}
/// `(op args)`.
pub fn app(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}
/// `(= a b)`
pub fn eq(a: Term, b: Term) -> Term {
    Term::eq(a, b)
}
#[cfg(test)]
/// `(not a)`
pub fn not(a: Term) -> Term {
    Term::not(a)
}
/// `(and ...)`
pub fn and(a: Vec<Term>) -> Term {
    Term::and(a)
}
