//! Undoing transformations where the formula shows their inputs: the
//! definitions `(= t y)` of fresh constants, and the identities of Table 3
//! and the Boolean wrappings built around an assertion.
//!
//! The provenance chain records only the transformations' names, not their
//! inputs (recording them would mean a change to every transformation of
//! `transform/`, another layer), so they are found in the formula instead.
//!
//! # Invariant
//!
//! An undone identity has the same value as its instance under every
//! model; an eliminated definition leaves a case whose truth holds (the
//! conditions, and why, are on [`definitions`] and the reducer's
//! `eliminate_definitions`).

use std::collections::{BTreeMap, BTreeSet};

use super::mode::Mode;
use crate::term::{Op, Sort, Term};
use crate::truth::{Case, Truth};

/// A definition `(= t y)` found in a case: the assertion, the conjunct of
/// it (`None`: the whole assertion), the constant and its term.
#[derive(Clone, Debug)]
pub(super) struct Definition {
    pub(super) assertion: usize,
    pub(super) conjunct: Option<usize>,
    pub(super) constant: String,
    pub(super) term: Term,
    /// Allowed in [`Mode::Exact`]: the core stays the unique minimal core.
    pub(super) exact: bool,
}

/// The names bound anywhere in `t` (by `let` or a quantifier).
fn bound_names(t: &Term) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    t.visit(&mut |u| match u {
        Term::Let(binds, _) => out.extend(binds.iter().map(|(v, _)| v.clone())),
        Term::Quant(q) => out.extend(q.vars.iter().map(|(v, _)| v.clone())),
        _ => {}
    });
    out
}

/// The definitions of `case` that
/// [`Reducer::eliminate_definitions`](super::reducer::Reducer::eliminate_definitions) may
/// remove in `mode`, largest term first.
pub(super) fn definitions(case: &Case, mode: Mode) -> Vec<Definition> {
    let declared = |v: &str| case.formula.decls.iter().any(|(n, _)| n == v);
    let core = match &case.truth {
        Truth::Unsat { core } => Some(core),
        Truth::Sat { .. } => None,
    };
    let in_core = |i: usize| {
        core.is_some_and(|c| {
            case.formula.assertions[i]
                .name
                .as_ref()
                .is_some_and(|n| c.contains(n))
        })
    };
    let used_by_core = |v: &str| {
        (0..case.formula.assertions.len())
            .any(|i| in_core(i) && case.formula.assertions[i].term.free_vars().contains(v))
    };
    let bound: BTreeSet<String> = case
        .formula
        .assertions
        .iter()
        .flat_map(|a| bound_names(&a.term))
        .collect();
    let as_def = |t: &Term| -> Option<(String, Term)> {
        let Term::App(Op::Eq, args) = t else {
            return None;
        };
        let [a, b] = args.as_slice() else { return None };
        for (y, def) in [(b, a), (a, b)] {
            if let Term::Var(y) = y
                && declared(y)
                && !def.free_vars().contains(y)
                && def.free_vars().is_disjoint(&bound)
            {
                return Some((y.clone(), def.clone()));
            }
        }
        None
    };
    let mut out = Vec::new();
    for (i, a) in case.formula.assertions.iter().enumerate() {
        if let Some((constant, term)) = as_def(&a.term) {
            let exact = core.is_none() || in_core(i) || !used_by_core(&constant);
            if exact || mode == Mode::StatusOnly {
                out.push(Definition {
                    assertion: i,
                    conjunct: None,
                    constant,
                    term,
                    exact,
                });
            }
        }
        // A conjunct leaves the assertion changed, which only a sat case or
        // a status-only one may have.
        if (core.is_none() || mode == Mode::StatusOnly)
            && let Term::App(Op::And, conjuncts) = &a.term
        {
            for (k, c) in conjuncts.iter().enumerate() {
                if let Some((constant, term)) = as_def(c) {
                    out.push(Definition {
                        assertion: i,
                        conjunct: Some(k),
                        constant,
                        term,
                        exact: core.is_none(),
                    });
                }
            }
        }
    }
    out.sort_by_key(|d| std::cmp::Reverse(d.term.size()));
    out
}

/// `case` with the definition removed and its constant replaced by its
/// term everywhere (the model, core and declarations updated); `None`
/// when that would leave an unsat case without a core.
pub(super) fn eliminated(case: &Case, def: &Definition) -> Option<Case> {
    let mut c = case.clone();
    let removed_name = match def.conjunct {
        None => c.formula.assertions.remove(def.assertion).name,
        Some(k) => {
            let a = &mut c.formula.assertions[def.assertion];
            if let Term::App(Op::And, conjuncts) = &a.term {
                let mut rest = conjuncts.clone();
                rest.remove(k);
                a.term = Term::and(rest);
            }
            None
        }
    };
    let map = [(def.constant.clone(), def.term.clone())]
        .into_iter()
        .collect();
    for a in &mut c.formula.assertions {
        a.term = a.term.substitute(&map);
    }
    c.formula.decls.retain(|(n, _)| *n != def.constant);
    match &mut c.truth {
        Truth::Sat { model } => {
            model.0.remove(&def.constant);
        }
        Truth::Unsat { core } => {
            if let Some(n) = removed_name {
                core.remove(&n);
            }
            if core.is_empty() {
                return None;
            }
        }
    }
    Some(c)
}

/// Undoes an identity of Table 3 (`transform::identities`) that holds
/// without a side condition: a subterm that is an instance of a row's
/// left-hand side becomes the instance of its subject. Term synthesis and
/// the unsat transformations build such instances; the row holds for all
/// values (property-tested there), so the assertion keeps its value under
/// every model: a sat model still satisfies it, an unsat core is
/// unchanged.
pub(super) fn undone_identity(sub: &Term) -> Option<Term> {
    if let Some(t) = logical_identity(sub) {
        return Some(t);
    }
    for row in crate::transform::identities::identities() {
        let (Some(subject), Term::Bool(true)) = (row.subject(), &row.side) else {
            continue;
        };
        let mut binding = BTreeMap::new();
        if matches(&row.lhs, sub, &row.vars, &mut binding)
            && let Some(t) = binding.get(subject)
            && t.size() < sub.size()
        {
            return Some(t.clone());
        }
    }
    None
}

/// Undoes a Boolean identity the transformations build around an
/// assertion (`(= φ true)` is φ, `(= φ false)` is `(not φ)`, `(not (not
/// φ))` is φ, a one-argument `and`/`or` is its argument): the same value
/// under every model, fewer nodes.
pub(super) fn logical_identity(sub: &Term) -> Option<Term> {
    let Term::App(op, args) = sub else {
        return None;
    };
    match (op, args.as_slice()) {
        (Op::Eq, [Term::Bool(b), phi] | [phi, Term::Bool(b)]) => Some(if *b {
            phi.clone()
        } else {
            Term::not(phi.clone())
        }),
        (Op::Not, [Term::App(Op::Not, inner)]) if inner.len() == 1 => Some(inner[0].clone()),
        (Op::And | Op::Or, [phi]) => Some(phi.clone()),
        _ => None,
    }
}

/// First-order matching of `pattern` (its variables `vars`) against `t`.
fn matches(
    pattern: &Term,
    t: &Term,
    vars: &[(String, Sort)],
    binding: &mut BTreeMap<String, Term>,
) -> bool {
    match pattern {
        Term::Var(v) if vars.iter().any(|(n, _)| n == v) => match binding.get(v) {
            Some(bound) => bound == t,
            None => {
                binding.insert(v.clone(), t.clone());
                true
            }
        },
        Term::App(op, args) => match t {
            Term::App(op2, args2) if op == op2 && args.len() == args2.len() => args
                .iter()
                .zip(args2)
                .all(|(p, u)| matches(p, u, vars, binding)),
            _ => false,
        },
        _ => pattern == t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::read_case;

    #[test]
    fn a_sat_definition_leaves_the_model_and_identities_are_undone() {
        let text = "; model:\n;   (define-fun s () String \"ab\")\n;   (define-fun r () String \"ab\")\n\
            (set-info :status sat)(declare-const s String)(declare-const r String)\
            (assert (= (str.replace s s s) r))(assert (= (str.len r) 2))";
        let case = read_case(text, "t").unwrap();
        let defs = definitions(&case, Mode::Exact);
        assert_eq!(defs.len(), 1);
        assert_eq!(defs[0].constant, "r");
        let c = eliminated(&case, &defs[0]).unwrap();
        assert!(c.check().is_ok(), "the model without r satisfies it");
        assert_eq!(c.formula.decls.len(), 1);
        assert_eq!(
            c.formula.assertions[0].term.to_string(),
            "(= (str.len (str.replace s s s)) 2)"
        );
        let Truth::Sat { model } = &c.truth else {
            panic!()
        };
        assert_eq!(model.0.len(), 1);
        // NC row: (str.replace s s s) = s, for every s.
        let Term::App(_, args) = &c.formula.assertions[0].term else {
            panic!()
        };
        let Term::App(_, inner) = &args[0] else {
            panic!()
        };
        assert_eq!(undone_identity(&inner[0]), Some(Term::var("s")));
        assert_eq!(undone_identity(&Term::var("s")), None);
    }

    #[test]
    fn boolean_wrappings_are_undone() {
        // The Boolean identities the transformations wrap around it.
        let phi = Term::var("p");
        let eq = |b| Term::app(Op::Eq, vec![phi.clone(), Term::Bool(b)]);
        assert_eq!(logical_identity(&eq(true)), Some(phi.clone()));
        assert_eq!(logical_identity(&eq(false)), Some(Term::not(phi.clone())));
        assert_eq!(
            logical_identity(&Term::not(Term::not(phi.clone()))),
            Some(phi.clone())
        );
        assert_eq!(logical_identity(&Term::not(phi)), None);
    }
}
