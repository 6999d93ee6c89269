//! The candidate families: what a subterm may become, by truth. Sat: its
//! value, a child, a shorter literal, an undone identity, an argument
//! fewer, another used constant (with the model following it in
//! [`stand_ins`]). Unsat: replacements that keep every assertion
//! equivalent; where the core is decided, any smaller term; in positive
//! position, a stronger subformula.
//!
//! # Invariant
//!
//! A family only proposes; the reducer re-checks every candidate's truth
//! ([`Case::check`], the claimed core) before the solver's test sees it.
//! The unsat families keep each assertion equivalent (or, strengthening,
//! one that implies it), so an unsat formula stays unsat.

use std::collections::BTreeSet;

use super::binders::{bound_sorts, unbound, under_witnesses, witnessed};
use super::constants::shorter;
use super::subterm::{at, binders, replaced};
use super::undo::undone_identity;
use crate::semantics::{eval, eval_closed, eval_with};
use crate::term::{Op, Sort, Symbol, Term};
use crate::truth::{Case, Truth};

/// Proposes replacements of the subterm at a path of an assertion.
pub(super) type Candidates = dyn Fn(&Case, usize, &[usize]) -> Vec<Term>;

/// Proposes cases with the subterm at a path of an assertion replaced
/// (and the truth changed with it).
pub(super) type CaseCandidates<'a> = dyn Fn(&Case, usize, &[usize]) -> Vec<Case> + 'a;

/// The polarity of the subterm at `path` of a Boolean assertion: `Some(true)`
/// positive, `Some(false)` negative, `None` both or not Boolean structure.
fn polarity(t: &Term, path: &[usize]) -> Option<bool> {
    let mut positive = true;
    let mut t = t;
    for &i in path {
        let Term::App(op, args) = t else { return None };
        positive = match (op, i) {
            (Op::And | Op::Or, _) => positive,
            (Op::Not, _) => !positive,
            (Op::Implies, i) if i + 1 < args.len() => !positive,
            (Op::Implies, _) => positive,
            _ => return None,
        };
        t = &args[i];
    }
    Some(positive)
}

/// Stronger forms of the subterm at `path` (see [`Reducer::strengthen`](super::reducer::Reducer::strengthen)).
pub(super) fn strengthened_candidates(case: &Case, i: usize, path: &[usize]) -> Vec<Term> {
    let assertion = &case.formula.assertions[i].term;
    let Some(positive) = polarity(assertion, path) else {
        return Vec::new();
    };
    let sub = at(assertion, path);
    let Term::App(op, args) = sub else {
        return Vec::new();
    };
    let without = |k: usize| {
        let mut rest = args.clone();
        rest.remove(k);
        Term::App(*op, rest)
    };
    let mut out = Vec::new();
    match (op, positive) {
        (Op::Or, true) | (Op::And, false) => {
            out.extend(args.iter().cloned());
            if args.len() > 2 {
                out.extend((0..args.len()).map(without));
            }
        }
        (Op::Implies, true) if args.len() == 2 => {
            out.push(args[1].clone());
            out.push(Term::not(args[0].clone()));
        }
        _ => {}
    }
    out
}

/// Sat: the subterm becomes another used constant of its sort whose model
/// value becomes the subterm's (ddSMT's substitution, with the model
/// following it where [`sat_candidates`] keeps the model): the assertion
/// keeps its value there, so [`Case::check`] fails only if the
/// constant's other occurrences needed its old value. The solver never
/// sees the model, so this reaches formulas a fixed model rules out (Z3
/// 4.8.5's 29c9ab: a literal `"2"` became `tmp_str1` with the value `"2"`,
/// after which `(+ (- 1) tmp_int1)` could become `(- 1)`; ddSMT got there
/// ignoring models, we had shortened `tmp_str1`'s value to `""`).
pub(super) fn stand_ins(case: &Case, i: usize, path: &[usize]) -> Vec<Case> {
    let Truth::Sat { model } = &case.truth else {
        return Vec::new();
    };
    let sub = at(&case.formula.assertions[i].term, path);
    let env = |v: &str| case.formula.sort_of(v);
    let (Ok(sort), Ok(value)) = (sub.sort(&env), eval(sub, model)) else {
        return Vec::new();
    };
    other_constants(case, sub, &sort)
        .into_iter()
        .filter(|n| model.get(n) != Some(&value))
        .map(|n| {
            let mut c = case.clone();
            c.formula.assertions[i].term =
                replaced(&c.formula.assertions[i].term, path, Term::var(&n));
            if let Truth::Sat { model } = &mut c.truth {
                model.0.insert(n, value.clone());
            }
            c
        })
        .collect()
}

/// `sub` with a nested application of its own associative operator
/// spliced into it (`(+ a (+ b c))` is `(+ a b c)`): the same value, one
/// node less.
fn flattened(sub: &Term) -> Option<Term> {
    let Term::App(op, args) = sub else {
        return None;
    };
    if !matches!(op, Op::Add | Op::Mul | Op::And | Op::Or | Op::StrConcat) {
        return None;
    }
    let at = args
        .iter()
        .position(|a| matches!(a, Term::App(o, inner) if o == op && !inner.is_empty()))?;
    let mut flat = args[..at].to_vec();
    if let Term::App(_, inner) = &args[at] {
        flat.extend(inner.iter().cloned());
    }
    flat.extend(args[at + 1..].iter().cloned());
    Some(Term::App(*op, flat))
}

/// The subterm's children of its own sort, the subterm flattened, a
/// quantifier without the variables it no longer binds, and shorter
/// literals. `bound` sorts the variables of the binders above `sub`.
fn smaller_forms(case: &Case, bound: &[(Symbol, Sort)], sub: &Term) -> Vec<Term> {
    let env = |v: &str| {
        bound
            .iter()
            .rev()
            .find(|(b, _)| b == v)
            .map(|(_, s)| s.clone())
            .or_else(|| case.formula.sort_of(v))
    };
    let mut out = shorter(sub);
    out.extend(flattened(sub));
    out.extend(unbound(sub));
    if let (Term::App(_, args), Ok(sort)) = (sub, sub.sort(&env)) {
        for a in args {
            if a.sort(&env).as_ref() == Ok(&sort) {
                out.push(a.clone());
            }
        }
    }
    out
}

/// Sat: a subterm's value under the model, its children of its sort,
/// shorter literals, an undone identity, an argument fewer, another
/// constant of its sort. Whether the model still satisfies the result is
/// checked by [`Case::check`] before the test.
pub(super) fn sat_candidates(case: &Case, i: usize, path: &[usize]) -> Vec<Term> {
    let Truth::Sat { model } = &case.truth else {
        return Vec::new();
    };
    let assertion = &case.formula.assertions[i].term;
    let sub = at(assertion, path);
    let quantifiers = binders(assertion, path);
    let bound = bound_sorts(&quantifiers);
    // Under `exists` binders, the value under their witnesses (module
    // `binders`); under a `forall`, none.
    let value = (!sub.is_literal())
        .then(|| under_witnesses(model, &case.witnesses, &quantifiers))
        .flatten()
        .and_then(|m| eval_with(sub, &m, &case.witnesses).ok())
        .map(|v| v.to_term())
        .filter(|t| t != sub && t.size() <= sub.size());
    // A value that is a literal first (the largest step). Children before
    // a value that is not a literal (a regular expression's normal form)
    // and before an identity's subject that is not a child
    // (`(re.+ (re.opt r))` is `(re.* r)`): those bring an operator the
    // solver did not see, and it may stop failing once a later step needs
    // it to (Z3 4.8.5's 650a23 fails with `(re.opt r)` beside a membership
    // without `re.opt`, not with `(re.* r)`).
    let (literal, normal_form): (Vec<Term>, Vec<Term>) =
        value.into_iter().partition(Term::is_literal);
    let mut out = literal;
    out.extend(smaller_forms(case, &bound, sub));
    out.extend(witnessed(case, sub));
    out.extend(normal_form);
    out.extend(undone_identity(sub));
    out.extend(fewer_arguments(sub));
    // Another constant of the sort that the formula uses, whose model
    // value may satisfy it too (ddSMT's substitution): it can let a
    // constant's last use go. (Only used ones: two constants of which one
    // is used would trade places for ever.)
    let env = |v: &str| case.formula.sort_of(v);
    if let Ok(sort) = sub.sort(&env) {
        out.extend(other_constants(case, sub, &sort).into_iter().map(Term::var));
    }
    out
}

/// Unsat: replacements that leave every assertion equivalent, so the
/// core is unchanged. A closed subterm may become any closed term of the
/// same value (its value folded, a child, a shorter literal); inside a
/// closed assertion, any subterm may change as long as the assertion keeps
/// its value.
pub(super) fn unsat_candidates(case: &Case, i: usize, path: &[usize]) -> Vec<Term> {
    let assertion = &case.formula.assertions[i].term;
    let sub = at(assertion, path);
    if !sub.free_vars().is_empty() {
        return undone_identity(sub)
            .into_iter()
            .chain(unbound(sub))
            .collect();
    }
    let Ok(value) = eval_closed(sub) else {
        return Vec::new();
    };
    let closed_assertion = assertion.free_vars().is_empty();
    let whole = closed_assertion
        .then(|| eval_closed(assertion).ok())
        .flatten();
    let mut out = Vec::new();
    if !sub.is_literal() {
        let t = value.to_term();
        if t.size() < sub.size() {
            out.push(t);
        }
    }
    for t in smaller_forms(case, &[], sub) {
        if !t.free_vars().is_empty() {
            continue;
        }
        let same = eval_closed(&t).ok().as_ref() == Some(&value)
            || whole.as_ref().is_some_and(|w| {
                eval_closed(&replaced(assertion, path, t.clone()))
                    .ok()
                    .as_ref()
                    == Some(w)
            });
        if same {
            out.push(t);
        }
    }
    out
}

/// Any smaller term for the subterm at `path` ([`Reducer::shrink_decided`](super::reducer::Reducer::shrink_decided)
/// decides which keep the formula unsat and how): its smaller forms, an
/// argument fewer of an n-ary operator, and the constants of its sort.
pub(super) fn decided_candidates(case: &Case, i: usize, path: &[usize]) -> Vec<Term> {
    let assertion = &case.formula.assertions[i].term;
    let sub = at(assertion, path);
    let mut out: Vec<Term> = undone_identity(sub).into_iter().collect();
    out.extend(smaller_forms(
        case,
        &bound_sorts(&binders(assertion, path)),
        sub,
    ));
    out.extend(fewer_arguments(sub));
    let env = |v: &str| case.formula.sort_of(v);
    let constants = match sub.sort(&env) {
        Ok(Sort::Bool) => vec![Term::Bool(true), Term::Bool(false)],
        Ok(Sort::RegLan) => [Op::ReNone, Op::ReAll, Op::ReAllchar]
            .into_iter()
            .map(|c| Term::app(c, Vec::new()))
            .collect(),
        Ok(Sort::String) => vec![Term::str("")],
        _ => Vec::new(),
    };
    out.extend(constants.into_iter().filter(|c| c.size() < sub.size()));
    out.retain(|t| t != sub && t.size() < sub.size());
    out
}

/// `sub` without one of its arguments, for operators that take any number
/// of them (more than two; with two, the other argument is a child).
fn fewer_arguments(sub: &Term) -> Vec<Term> {
    let Term::App(op, args) = sub else {
        return Vec::new();
    };
    if args.len() <= 2
        || !matches!(
            op,
            Op::And
                | Op::Or
                | Op::Add
                | Op::Mul
                | Op::StrConcat
                | Op::ReUnion
                | Op::ReInter
                | Op::ReConcat
        )
    {
        return Vec::new();
    }
    (0..args.len())
        .map(|k| {
            let mut rest = args.clone();
            rest.remove(k);
            Term::App(*op, rest)
        })
        .collect()
}

/// The constants of sort `sort` that some assertion of `case` uses, other
/// than `sub` itself.
fn other_constants(case: &Case, sub: &Term, sort: &Sort) -> Vec<String> {
    case.formula
        .assertions
        .iter()
        .flat_map(|a| a.term.free_vars())
        .collect::<BTreeSet<String>>()
        .into_iter()
        .filter(|n| case.formula.sort_of(n).as_ref() == Some(sort))
        .filter(|n| !matches!(sub, Term::Var(v) if v == n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::eval_closed;

    #[test]
    fn nested_sums_flatten_and_keep_their_value() {
        let t = crate::term::parse_script("(assert (= 7 (+ 1 (+ 2 (+ 3 1)))))").unwrap();
        let f = crate::term::Formula::from_script(&t).unwrap();
        let Term::App(_, args) = &f.assertions[0].term else {
            panic!()
        };
        let flat = flattened(&args[1]).unwrap();
        assert_eq!(flat.to_string(), "(+ 1 2 (+ 3 1))");
        assert_eq!(eval_closed(&flat), eval_closed(&args[1]));
        assert_eq!(flattened(&Term::int(1)), None);
    }
}
