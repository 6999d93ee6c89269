//! Positions of subterms: the paths the reducer walks, the subterm at a
//! path and a term with the subterm at a path replaced.
//!
//! # Invariant
//!
//! Paths go through operator applications only, parents before children:
//! a subterm under a binder has no value under the model alone, so no
//! candidate is proposed for one.

use crate::term::Term;

/// The positions of `t`'s subterms, parents before children, through
/// operator applications only (a subterm under a binder has no value
/// under the model alone).
pub(super) fn paths(t: &Term) -> Vec<Vec<usize>> {
    fn walk(t: &Term, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(path.clone());
        if let Term::App(_, args) = t {
            for (i, a) in args.iter().enumerate() {
                path.push(i);
                walk(a, path, out);
                path.pop();
            }
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
        _ => t,
    }
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
        _ => t.clone(),
    }
}
