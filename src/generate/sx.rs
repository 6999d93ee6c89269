//! Short term builders (`eq`, `and`, `substr`, ...) for the Rust code that
//! writes terms by hand: the regex membership rows, the identities'
//! instances, the tests. The tables themselves are data (see
//! [`super::tables`]).

use crate::term::{Op, Term};

/// A variable.
pub fn v(n: &str) -> Term {
    Term::var(n)
}
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
/// `(not a)`
pub fn not(a: Term) -> Term {
    Term::not(a)
}
/// `(and ...)`
pub fn and(a: Vec<Term>) -> Term {
    Term::and(a)
}
/// `(or ...)`
pub fn or(a: Vec<Term>) -> Term {
    if a.len() == 1 {
        a.into_iter().next().unwrap()
    } else {
        app(Op::Or, a)
    }
}
