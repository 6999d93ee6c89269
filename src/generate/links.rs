//! A larger core for an identity row's unsat case: the chain of fresh links
//! `res = r1, r1 = r2, ..., rk = rhs` between a row case's `res` and its
//! right side. Shared by the rooms whose rows have the anchor shape
//! `a0: (not (= lhs res))`, `a1: (= res rhs)` (`seq`, `bitvec`, `real`),
//! and a row's side condition after them (`real`), which the links keep
//! after the chain, in the core as before.
//!
//! # Invariant
//!
//! The links force `res = rhs`, so the case stays unsat; every link is in
//! the core, and dropping any one of them (or `a0`) leaves a model, so the
//! core `{a0, a1, ..., a(k+1)}` is the unique minimal one when `{a0, a1}`
//! was. The rooms' tests build those models.

use crate::term::Term;
use crate::truth::{Case, Truth};

/// `case` (a row's: `a0: (not (= lhs res))`, `a1: (= res rhs)`, then
/// its side condition if it has one) with `links` links between `res` and
/// the row's `rhs`, filed under `category` when there is at least one.
pub fn with_links(case: &Case, links: usize, category: &str) -> Case {
    let mut out = case.clone();
    let f = &mut out.formula;
    let sort = f.sort_of("res").expect("a row case declares res");
    let Term::App(_, sides) = f.assertions[1].term.clone() else {
        unreachable!("a1 is (= res rhs)")
    };
    let mut last = Term::var("res");
    let mut chain = Vec::new();
    for _ in 0..links {
        let r = f.fresh_symbol("r");
        f.declare(r.clone(), sort.clone());
        chain.push(Term::eq(last, Term::var(r.clone())));
        last = Term::var(r);
    }
    chain.push(Term::eq(last, sides[1].clone()));
    chain.extend(f.assertions.drain(2..).map(|a| a.term));
    f.assertions.truncate(1);
    let mut core = vec!["a0".to_string()];
    for (k, t) in chain.into_iter().enumerate() {
        let name = format!("a{}", k + 1);
        core.push(name.clone());
        f.assert(t, Some(name));
    }
    out.truth = Truth::Unsat {
        core: core.into_iter().collect(),
    };
    if links > 0 {
        out.provenance.chain.push(format!("links({links})"));
        out.provenance.category = category.into();
    }
    out
}
