//! Positions of subterms: the paths the reducer walks, the subterm at a
//! path and a term with the subterm at a path replaced.
//!
//! # Invariant
//!
//! Paths go through operator applications and into quantifier bodies
//! (index 0 of a `forall` or `exists`; patterns are never entered),
//! parents before children. A subterm under a binder has no value under
//! the model alone: [`binders`] names the quantifiers above it, so that a
//! sat family can evaluate it under an `exists`'s witness, and every
//! candidate is judged by [`Case::check`](crate::truth::Case::check),
//! which decides a quantified assertion exactly or not at all.

use crate::term::{Quantifier, Term};

/// The positions of `t`'s subterms, parents before children, through
/// operator applications and quantifier bodies.
pub(super) fn paths(t: &Term) -> Vec<Vec<usize>> {
    fn walk(t: &Term, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(path.clone());
        match t {
            Term::App(_, args) => {
                for (i, a) in args.iter().enumerate() {
                    path.push(i);
                    walk(a, path, out);
                    path.pop();
                }
            }
            Term::Quant(q) => {
                path.push(0);
                walk(&q.body, path, out);
                path.pop();
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(t, &mut Vec::new(), &mut out);
    out
}

/// The subterm of `t` at `path`.
pub(super) fn at<'t>(t: &'t Term, path: &[usize]) -> &'t Term {
    match (t, path.split_first()) {
        (Term::App(_, args), Some((i, rest))) => at(&args[*i], rest),
        (Term::Quant(q), Some((0, rest))) => at(&q.body, rest),
        _ => t,
    }
}

/// The quantifiers on the way from `t` to the subterm at `path`, outermost
/// first (the subterm itself not counted).
pub(super) fn binders<'t>(t: &'t Term, path: &[usize]) -> Vec<&'t Quantifier> {
    let mut out = Vec::new();
    let mut t = t;
    for &i in path {
        t = match t {
            Term::App(_, args) => &args[i],
            Term::Quant(q) if i == 0 => {
                out.push(&**q);
                &q.body
            }
            _ => break,
        };
    }
    out
}

/// `t` with the subterm at `path` replaced by `new`.
pub(super) fn replaced(t: &Term, path: &[usize], new: Term) -> Term {
    match (t, path.split_first()) {
        (_, None) => new,
        (Term::App(op, args), Some((i, rest))) => {
            let mut args = args.clone();
            args[*i] = replaced(&args[*i], rest, new);
            Term::App(*op, args)
        }
        (Term::Quant(q), Some((0, rest))) => {
            let mut q = (**q).clone();
            q.body = replaced(&q.body, rest, new);
            Term::Quant(Box::new(q))
        }
        _ => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(text: &str) -> Term {
        let s =
            crate::term::parse_script(&format!("(declare-const y Int)(assert {text})")).unwrap();
        crate::term::Formula::from_script(&s).unwrap().assertions[0]
            .term
            .clone()
    }

    #[test]
    fn paths_enter_quantifier_bodies_and_replace_there() {
        let t = term("(and (exists ((x Int)) (> x y)) (= y 1))");
        let ps = paths(&t);
        // The `exists`, its body, the body's two arguments.
        let x = ps
            .iter()
            .find(|p| at(&t, p) == &Term::var("x"))
            .expect("the bound variable is a position");
        assert_eq!(x, &vec![0, 0, 0]);
        assert_eq!(binders(&t, x).len(), 1);
        assert_eq!(binders(&t, &[0]).len(), 0);
        let r = replaced(&t, x, Term::int(3));
        assert_eq!(r.to_string(), "(and (exists ((x Int)) (> 3 y)) (= y 1))");
        for p in &ps {
            assert_eq!(replaced(&t, p, at(&t, p).clone()), t, "{p:?}");
        }
    }
}
