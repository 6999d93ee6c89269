//! Quantified subterms: what the formula passes may do with a binder.
//!
//! A campaign's quantified assertion (`exists` wrapped around a sat case's
//! variable, `transform::quantifier`) carries its witnesses in the case
//! ([`Witnesses`]), which is what lets minimization reach inside one:
//!
//! - a subterm under `exists` binders has a value: the model with each
//!   binder's witness ([`under_witnesses`]). Replacing the subterm by it
//!   leaves the body's value under the witness unchanged, so the witness
//!   still proves the `exists`;
//! - an `exists` variable may become its witness ([`witnessed`]): the
//!   body under the witness is true, so the instance is too (a sat rewrite:
//!   the instance implies the `exists`, not the other way);
//! - a bound variable the body no longer mentions goes ([`unbound`]):
//!   every sort is non-empty, so the quantifier is equivalent to the
//!   quantifier without it (a rewrite for both truths).
//!
//! The families only propose: the reducer judges every candidate with
//! [`Case::check`], which decides a quantified assertion exactly (a finite
//! domain, a witness, a valid formula) or not at all, and keeps none it
//! cannot decide.

use std::collections::BTreeMap;

use crate::semantics::{Model, Witnesses};
use crate::term::{QuantKind, Quantifier, Sort, Symbol, Term};
use crate::truth::Case;

/// `model` with the witness of every variable `quantifiers` bind, if all
/// are `exists` and each variable has a witness of its sort (an inner
/// binder shadows an outer one and a model constant of its name, as in
/// the formula).
pub(super) fn under_witnesses(
    model: &Model,
    witnesses: &Witnesses,
    quantifiers: &[&Quantifier],
) -> Option<Model> {
    let mut m = model.clone();
    for q in quantifiers {
        if q.kind != QuantKind::Exists {
            return None;
        }
        for (v, w) in witnesses.of(&q.vars)? {
            m.0.insert(v, w);
        }
    }
    Some(m)
}

/// The variables `quantifiers` bind, innermost last (for sorting a
/// subterm that mentions them).
pub(super) fn bound_sorts(quantifiers: &[&Quantifier]) -> Vec<(Symbol, Sort)> {
    quantifiers.iter().flat_map(|q| q.vars.clone()).collect()
}

/// `sub` without the bound variables its body does not mention (all of
/// them gone: the body), if it is a quantifier with any.
pub(super) fn unbound(sub: &Term) -> Option<Term> {
    let Term::Quant(q) = sub else { return None };
    let used = q.body.free_vars();
    let vars: Vec<(Symbol, Sort)> = q
        .vars
        .iter()
        .filter(|(v, _)| used.contains(v))
        .cloned()
        .collect();
    if vars.len() == q.vars.len() {
        return None;
    }
    Some(rebound(q, vars, q.body.clone()))
}

/// `sub` with one of its `exists` variables replaced by its witness, one
/// candidate per variable that has one (sat only: see the module docs).
pub(super) fn witnessed(case: &Case, sub: &Term) -> Vec<Term> {
    let Term::Quant(q) = sub else {
        return Vec::new();
    };
    if q.kind != QuantKind::Exists {
        return Vec::new();
    }
    q.vars
        .iter()
        .filter_map(|(v, s)| {
            let w = case.witnesses.exists.get(v).filter(|w| w.sort() == *s)?;
            let map = BTreeMap::from([(v.clone(), w.to_term())]);
            let rest = q.vars.iter().filter(|(u, _)| u != v).cloned().collect();
            Some(rebound(q, rest, q.body.substitute(&map)))
        })
        .collect()
}

/// `q` binding `vars` over `body` (its patterns dropped: they name terms
/// of the old body), or `body` when nothing is left to bind.
fn rebound(q: &Quantifier, vars: Vec<(Symbol, Sort)>, body: Term) -> Term {
    if vars.is_empty() {
        return body;
    }
    Term::Quant(Box::new(Quantifier {
        kind: q.kind,
        vars,
        body,
        patterns: Vec::new(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::{Value, eval_with};
    use crate::truth::Truth;

    fn case(text: &str) -> Case {
        let s = crate::term::parse_script(text).unwrap();
        let f = crate::term::Formula::from_script(&s).unwrap();
        Case::new(
            f,
            Truth::Sat {
                model: Model::default(),
            },
            Default::default(),
        )
    }

    #[test]
    fn a_witness_instantiates_and_unused_binders_go() {
        let mut c = case(
            "(declare-const y Int)\
             (assert (exists ((a Int) (b Int)) (and (> a y) (> 1 0))))",
        );
        c.witnesses.exists.insert("a".into(), Value::Int(5.into()));
        let sub = c.formula.assertions[0].term.clone();
        let dropped = unbound(&sub).unwrap();
        assert_eq!(
            dropped.to_string(),
            "(exists ((a Int)) (and (> a y) (> 1 0)))"
        );
        assert_eq!(unbound(&dropped), None);
        let w = witnessed(&c, &dropped);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].to_string(), "(and (> 5 y) (> 1 0))");
        // `b` has no witness: only `a` is instantiated.
        assert_eq!(witnessed(&c, &sub).len(), 1);
    }

    #[test]
    fn a_subterm_under_exists_has_its_value_under_the_witness() {
        let mut c = case("(declare-const y Int)(assert (exists ((a Int)) (> a y)))");
        c.witnesses.exists.insert("a".into(), Value::Int(5.into()));
        let Term::Quant(q) = &c.formula.assertions[0].term else {
            panic!()
        };
        let mut model = Model::default();
        model.0.insert("y".into(), Value::Int(2.into()));
        let m = under_witnesses(&model, &c.witnesses, &[&**q]).unwrap();
        assert_eq!(eval_with(&q.body, &m, &c.witnesses), Ok(Value::Bool(true)));
        // No witness, or a `forall`: no value.
        assert!(under_witnesses(&model, &Witnesses::default(), &[&**q]).is_none());
        let mut f = (**q).clone();
        f.kind = QuantKind::Forall;
        assert!(under_witnesses(&model, &c.witnesses, &[&f]).is_none());
    }

    /// The invariants of the module docs, on every stream's sat cases under
    /// `exists` (`transform::quantifier`): a subterm's value under the
    /// witnesses, an instantiated variable and a dropped binder each keep
    /// the case's truth, as `Case::check` decides it.
    #[test]
    fn the_rewrites_under_binders_keep_the_truth() {
        use rand::SeedableRng;
        use rand_chacha::ChaCha8Rng;

        use crate::transform::Transformation;
        use crate::transform::quantifier::sample::sat_sample;
        use crate::transform::quantifier::{ExistsSat, ForallNoise};
        use crate::triage::minimize::subterm::{at, binders, paths, replaced};

        let (mut values, mut instances, mut unbinds) = (0, 0, 0);
        for seed in 0..150u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let Some(c) = ExistsSat.apply(&sat_sample(seed), &mut rng) else {
                continue;
            };
            let c = ForallNoise.apply(&c, &mut rng).unwrap_or(c);
            let Truth::Sat { model } = &c.truth else {
                panic!("sat")
            };
            c.check().unwrap();
            for (i, a) in c.formula.assertions.iter().enumerate() {
                for path in paths(&a.term) {
                    let sub = at(&a.term, &path);
                    let with = |t: Term| {
                        let mut d = c.clone();
                        d.formula.assertions[i].term = replaced(&a.term, &path, t);
                        d
                    };
                    let qs = binders(&a.term, &path);
                    if !qs.is_empty()
                        && !sub.is_literal()
                        && let Some(v) = under_witnesses(model, &c.witnesses, &qs)
                            .and_then(|m| eval_with(sub, &m, &c.witnesses).ok())
                    {
                        let d = with(v.to_term());
                        assert!(d.check().is_ok(), "{sub} in {}", a.term);
                        values += 1;
                    }
                    for t in witnessed(&c, sub) {
                        let d = with(t);
                        assert!(d.check().is_ok(), "{sub} in {}", a.term);
                        instances += 1;
                    }
                    if let Some(t) = unbound(sub) {
                        assert!(with(t).check().is_ok(), "{sub}");
                        unbinds += 1;
                    }
                }
            }
        }
        assert!(
            values > 200 && instances > 50,
            "{values} values, {instances} instances, {unbinds} binders dropped"
        );
    }
}
