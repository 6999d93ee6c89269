//! Shorter literals: the shorter versions of a string or integer constant,
//! and a case with one literal replaced everywhere, in the formula and in
//! the model's values at once.
//!
//! # Invariant
//!
//! Every shorter version is strictly shorter (a string) or strictly nearer
//! 0 (an integer), so no two constants trade places and shortening ends.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use crate::semantics::{Value, eval_closed};
use crate::term::{SmtString, Term};
use crate::truth::{Case, Truth};

/// A literal's length counts for ordering: longer constants first.
pub(super) fn literal_weight(t: &Term) -> usize {
    match t {
        Term::Str(s) => s.len(),
        Term::Int(n) => n.bits() as usize,
        _ => 0,
    }
}

/// Shorter versions of a constant: empty, half, one character less at
/// either end; for integers 0, 1, -1, half, one nearer 0.
pub(super) fn shorter(t: &Term) -> Vec<Term> {
    match t {
        Term::Str(s) => {
            let c = s.chars();
            let mut out = vec![SmtString::new()];
            if c.len() > 2 {
                out.push(SmtString::from_slice_unchecked(&c[..c.len() / 2]));
            }
            if c.len() > 1 {
                out.push(SmtString::from_slice_unchecked(&c[..c.len() - 1]));
                out.push(SmtString::from_slice_unchecked(&c[1..]));
            }
            out.into_iter().map(Term::Str).collect()
        }
        Term::Int(n) => {
            let mut out = vec![BigInt::zero(), BigInt::from(1), BigInt::from(-1)];
            let half: BigInt = n / 2;
            if half.abs() > BigInt::from(1) {
                out.push(half);
            }
            let nearer = if n.is_positive() { n - 1 } else { n + 1 };
            out.push(nearer);
            // Strictly nearer 0, so that no two constants trade places.
            out.into_iter()
                .filter(|c| c.abs() < n.abs())
                .map(Term::Int)
                .collect()
        }
        _ => Vec::new(),
    }
}

/// `case` with every occurrence of the literal `from` (in the formula and
/// among the model's values) replaced by `to`.
pub(super) fn substitute_constant(case: &Case, from: &Term, to: &Term) -> Case {
    let mut c = case.clone();
    for a in &mut c.formula.assertions {
        a.term = replace_literal(&a.term, from, to);
    }
    if let Truth::Sat { model } = &mut c.truth {
        for v in model.0.values_mut() {
            let as_term = match v {
                Value::Str(s) => Term::Str(s.clone()),
                Value::Int(n) => Term::Int(n.clone()),
                _ => continue,
            };
            if &as_term == from
                && let Ok(new) = eval_closed(to)
            {
                *v = new;
            }
        }
    }
    c
}

/// `t` with every occurrence of `from` replaced by `to`, under binders
/// too.
fn replace_literal(t: &Term, from: &Term, to: &Term) -> Term {
    if t == from {
        return to.clone();
    }
    match t {
        Term::App(op, args) => Term::App(
            *op,
            args.iter().map(|a| replace_literal(a, from, to)).collect(),
        ),
        Term::Let(binds, body) => Term::Let(
            binds
                .iter()
                .map(|(v, b)| (v.clone(), replace_literal(b, from, to)))
                .collect(),
            Box::new(replace_literal(body, from, to)),
        ),
        Term::Quant(q) => {
            let mut q = q.clone();
            q.body = replace_literal(&q.body, from, to);
            q.patterns = q
                .patterns
                .iter()
                .map(|p| p.iter().map(|x| replace_literal(x, from, to)).collect())
                .collect();
            Term::Quant(q)
        }
        _ => t.clone(),
    }
}
