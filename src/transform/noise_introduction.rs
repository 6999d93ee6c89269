//! Noise introduction (ICSE 2020, Sect. 3.2): terms a solver must see
//! through, with the unsat core unchanged.
//!
//! - **Free variable** `y`: rename `y` to a fresh `y_fresh` in every
//!   assertion and conjoin a new named clause `N(y, y_fresh) := lhs(y, w̄) =
//!   y_fresh ∧ side(y, w̄)` (a total `NC` identity, `w̄` fresh). The paper
//!   picks `y` free in `B` but not in `A` (a former existential); the
//!   transformation takes any free variable.
//! - **Universally bound variable** `y` of a `forall` anywhere in any
//!   assertion: bind `y_fresh` and `w̄` too, rename `y` to `y_fresh` in the
//!   body, guard it with `N(y, y_fresh)` (`N ⇒ body`), and extend each
//!   pattern with `lhs(y, w̄)` so that it still mentions every bound variable
//!   (the paper's Fig. 4).
//!
//! # Invariant
//!
//! The core does not grow: `N` is not needed (a solver that leaves it out
//! of its core is right; the ICSE 2020 artifact wrongly flagged such cores).
//! - Free variable: the formula is the old one renamed, plus `N`. Any model
//!   of "old formula minus `c`" gives one of "new formula minus `c`"
//!   (`y_fresh` takes `y`'s value, `y` the same value, `w̄` a witness of the
//!   total side condition), so every core clause is still needed; and the
//!   renamed core is still unsat. (EQ) and (DEP) of
//!   `transform::replacement::variable` hold renamed.
//! - Bound variable: the new quantified formula is *equivalent* to the old
//!   one (`N` forces `y_fresh = y`, and totality gives every `y` a `w̄`
//!   making `N` true), so nothing about the formula's models changes.
//!
//! Totality matters: with NC1 (`|y| = 1`) under a quantifier, the guard
//! only constrains the one-character values of `y` and the quantifier
//! becomes *weaker* — e.g. E10 with NC1 on `t2` is satisfied by `s = t =
//! "ab"`: the formula turns sat. The paper's description (the side
//! condition "added as an implication") allows that; this module refuses
//! non-total identities.

use std::collections::BTreeMap;

use rand::RngCore;

use super::Transformation;
use super::fresh::fresh_var;
use super::identities::Identity;
#[cfg(test)]
use super::identities::total_variable_identities;
use super::regex_identities::variable_identities_for;
use crate::generate::strings::equivalent_formula_cases;
use crate::term::{Formula, QuantKind, Quantifier, Sort, Symbol, Term};
use crate::truth::{Case, Truth};

fn ours(case: &Case) -> bool {
    matches!(case.truth, Truth::Unsat { .. }) && case.provenance.anchor.is_some()
}

/// Noise on a free variable `y`: `None` if the case is not one of ours, `y`
/// is not declared, or the identity is not a total `NC` row of its sort.
pub fn noise_on_free(case: &Case, y: &str, identity: &Identity) -> Option<Case> {
    let sort = case.formula.sort_of(y)?;
    if !ours(case) || identity.subject().is_none() || !identity.total || identity.sort() != sort {
        return None;
    }
    let mut out = case.clone();
    let f = &mut out.formula;
    let y_fresh = fresh_var(f, &format!("{y}_fresh"), &sort);
    let map = BTreeMap::from([(y.to_string(), Term::Var(y_fresh.clone()))]);
    for a in &mut f.assertions {
        a.term = a.term.substitute(&map);
    }
    let tag = identity.id.to_lowercase();
    let inst = identity.instantiate(Some(&Term::var(y)), &mut |v, s| {
        fresh_var(f, &format!("{v}_{tag}"), s)
    });
    let name = f.fresh_assertion_name();
    f.assert(inst.clause(Term::Var(y_fresh)), Some(name));
    out.provenance
        .chain
        .push(format!("noise({y},{})", identity.id));
    Some(out)
}

/// The universal quantifiers of a term in pre-order, with their bound
/// variables.
fn foralls(t: &Term, out: &mut Vec<Vec<(Symbol, Sort)>>) {
    t.visit(&mut |x| {
        if let Term::Quant(q) = x
            && q.kind == QuantKind::Forall
        {
            out.push(q.vars.clone());
        }
    });
}

/// Rewrites the `k`-th `forall` (pre-order, as [`foralls`] counts) with
/// `f`; `k` counts down.
fn rewrite_forall(t: &Term, k: &mut usize, f: &mut dyn FnMut(&Quantifier) -> Quantifier) -> Term {
    match t {
        Term::Quant(q) if q.kind == QuantKind::Forall => {
            if *k == 0 {
                *k = usize::MAX;
                return Term::Quant(Box::new(f(q)));
            }
            *k -= 1;
            let mut q2 = (**q).clone();
            q2.body = rewrite_forall(&q.body, k, f);
            Term::Quant(Box::new(q2))
        }
        Term::Quant(q) => {
            let mut q2 = (**q).clone();
            q2.body = rewrite_forall(&q.body, k, f);
            Term::Quant(Box::new(q2))
        }
        Term::App(op, args) => {
            Term::App(*op, args.iter().map(|a| rewrite_forall(a, k, f)).collect())
        }
        Term::Let(bs, body) => Term::Let(
            bs.iter()
                .map(|(n, x)| (n.clone(), rewrite_forall(x, k, f)))
                .collect(),
            Box::new(rewrite_forall(body, k, f)),
        ),
        _ => t.clone(),
    }
}

/// Noise on the bound variable `y` of the `k`-th `forall` of assertion `at`.
pub fn noise_on_bound(
    case: &Case,
    at: usize,
    k: usize,
    y: &str,
    identity: &Identity,
) -> Option<Case> {
    if !ours(case) || identity.subject().is_none() || !identity.total {
        return None;
    }
    let mut qs = Vec::new();
    foralls(&case.formula.assertions.get(at)?.term, &mut qs);
    let sort = qs.get(k)?.iter().find(|(v, _)| v == y)?.1.clone();
    if identity.sort() != sort {
        return None;
    }
    let mut out = case.clone();
    // Fresh names are reserved by declaring them in a scratch copy: bound
    // names must not clash with any name in the formula.
    let mut scratch: Formula = out.formula.clone();
    let y_fresh = fresh_var(&mut scratch, &format!("{y}_fresh"), &sort);
    let tag = identity.id.to_lowercase();
    let inst = identity.instantiate(Some(&Term::var(y)), &mut |v, s| {
        fresh_var(&mut scratch, &format!("{v}_{tag}"), s)
    });
    let map = BTreeMap::from([(y.to_string(), Term::Var(y_fresh.clone()))]);
    let guard = inst.clause(Term::Var(y_fresh.clone()));
    let mut kk = k;
    let a = &mut out.formula.assertions[at];
    a.term = rewrite_forall(&a.term, &mut kk, &mut |q| {
        let mut vars = q.vars.clone();
        vars.push((y_fresh.clone(), sort.clone()));
        vars.extend(inst.fresh.iter().cloned());
        Quantifier {
            kind: QuantKind::Forall,
            vars,
            body: Term::app(
                crate::term::Op::Implies,
                vec![guard.clone(), q.body.substitute(&map)],
            ),
            patterns: q
                .patterns
                .iter()
                .map(|p| {
                    p.iter()
                        .map(|t| t.substitute(&map))
                        .chain([inst.lhs.clone()])
                        .collect()
                })
                .collect(),
        }
    });
    out.provenance
        .chain
        .push(format!("noise(∀{y},{})", identity.id));
    Some(out)
}

/// Every noise choice on a case: free variables (all declared constants
/// when `paper_only` is false; those free in other assertions but not in
/// `a0` when true, as in the paper) and bound variables, each with every
/// total identity of its sort.
pub fn noise_choices(case: &Case, paper_only: bool) -> Vec<Case> {
    if !ours(case) {
        return Vec::new();
    }
    let f = &case.formula;
    let a0_vars = f
        .assertions
        .iter()
        .find(|a| a.name.as_deref() == Some("a0"))
        .map(|a| a.term.free_vars())
        .unwrap_or_default();
    let mut out = Vec::new();
    for (y, s) in &f.decls {
        if paper_only && a0_vars.contains(y) {
            continue;
        }
        out.extend(variable_identities_for(f, s).filter_map(|id| noise_on_free(case, y, id)));
    }
    for (at, a) in f.assertions.iter().enumerate() {
        let mut qs = Vec::new();
        foralls(&a.term, &mut qs);
        for (k, vars) in qs.iter().enumerate() {
            for (y, s) in vars {
                out.extend(
                    variable_identities_for(f, s)
                        .filter_map(|id| noise_on_bound(case, at, k, y, id)),
                );
            }
        }
    }
    out
}

/// Adds noise on a random free or bound variable.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoiseIntroduction;

impl Transformation for NoiseIntroduction {
    fn name(&self) -> &'static str {
        "noise-introduction"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let mut choices = noise_choices(case, false);
        if choices.is_empty() {
            return None;
        }
        let i = rng.next_u32() as usize % choices.len();
        let mut out = choices.swap_remove(i);
        out.provenance.chain.pop();
        out.provenance.chain.push(self.name().to_string());
        Some(out)
    }
}

/// The noise category (the paper's Table 4 "noise introduction"): every
/// step-1 equivalent-formula case, transformed once by every noise choice
/// the paper describes (former existentials and universally bound
/// variables). Lazy.
pub fn noise_cases(patterns: bool, seed: u64) -> impl Iterator<Item = Case> {
    equivalent_formula_cases(patterns, seed).flat_map(|base| {
        noise_choices(&base, true).into_iter().map(|mut c| {
            c.provenance.category = "noise".into();
            c
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::strings::Bounded;
    use crate::generate::strings::equivalent_formulas;
    use crate::semantics::Model;
    use crate::transform::identities::identity;

    #[test]
    fn figure_4_noise_under_the_quantifier_of_e10() {
        let base = equivalent_formula_cases(true, 0)
            .find(|c| c.provenance.chain[0] == "E10+p")
            .unwrap();
        let out = noise_on_bound(&base, 1, 0, "t2", identity("NC7").unwrap()).unwrap();
        out.check().unwrap();
        let text = out.formula.to_script(None, Default::default()).to_string();
        assert!(
            text.contains(
                "(=> (= (str.substr t2 0 (str.len t2)) t2_fresh) (=> (= t (str.++ t1 t2_fresh)) (not (= t1 s))))"
            ),
            "{text}"
        );
        assert!(
            text.contains(":pattern ((str.++ t1 t2_fresh) (str.substr t2 0 (str.len t2)))"),
            "{text}"
        );
        assert_eq!(out.truth, base.truth, "the core does not grow");
        assert!(
            noise_on_bound(&base, 1, 0, "t2", identity("NC1").unwrap()).is_none(),
            "NC1 is not total"
        );
    }

    /// The guarded quantifier is equivalent to the original on a bounded
    /// domain (exact here: every split of the short free strings, and
    /// every value of the guard's extra variables that matters, is in it).
    #[test]
    fn bound_noise_keeps_the_quantified_assertion_equivalent() {
        let dom = Bounded::new(&[0x61, 0x62], 1, -1, 3);
        for r in equivalent_formulas()
            .iter()
            .filter(|r| matches!(r.id, "E10" | "E12"))
        {
            let base = r.case(true, 0);
            let mut qs = Vec::new();
            foralls(&base.formula.assertions[1].term, &mut qs);
            for (y, _) in &qs[0] {
                for id in total_variable_identities(&Sort::String) {
                    let out = noise_on_bound(&base, 1, 0, y, id).unwrap();
                    for s in &dom.strings {
                        for t in &dom.strings {
                            let mut m = Model::new();
                            m.insert("s", s.clone());
                            m.insert("t", t.clone());
                            let old = dom.eval(&base.formula.assertions[1].term, &mut m);
                            let new = dom.eval(&out.formula.assertions[1].term, &mut m);
                            assert_eq!(old, new, "{} {y} {}: s={s} t={t}", r.id, id.id);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn free_noise_keeps_the_core_and_renames_apart() {
        for base in equivalent_formula_cases(false, 0) {
            for out in noise_choices(&base, true) {
                out.check().unwrap();
                assert_eq!(out.truth, base.truth);
                assert_eq!(
                    out.formula.assertions[0].term.free_vars(),
                    base.formula.assertions[0].term.free_vars()
                );
            }
        }
    }
}
