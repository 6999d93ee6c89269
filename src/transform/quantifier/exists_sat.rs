//! `exists` over a sat case's variable: pick a declared constant `x` of a
//! quantifiable sort, replace the assertions `A1 .. Ak` that mention it
//! (`k ≥ 1`) by one, `(exists ((x S)) (and A1 .. Ak))`, at the place of the
//! first, and drop `x`'s declaration.
//!
//! # Invariant
//!
//! The case stays sat: the model without `x` is a model of the new formula,
//! since `x`'s old value makes the body true (it is the conjunction of
//! assertions the old model satisfied), so the `exists` holds. That value
//! goes into [`Witnesses::exists`](crate::semantics::Witnesses) under `x`,
//! so `Case::check` verifies the body under model plus witness, exactly.
//! The other assertions do not mention `x` and keep their values.
//!
//! Why `x` cannot be captured later: a bound name stays in the formula, and
//! every fresh name avoids the formula's bound names
//! (`Formula::fresh_symbol`); and a witness is only a hint anyway.

use rand::{Rng, RngCore};

use super::quantifiable;
use crate::term::{Assertion, QuantKind, Quantifier, Symbol, Term};
use crate::transform::Transformation;
use crate::truth::{Case, Truth};

/// Binds a sat case's variable in `exists` (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct ExistsSat;

/// `exists` over `x` in a sat case; `None` if the case is not sat, `x` is
/// not a declared constant of a quantifiable sort, no assertion mentions it,
/// or the case is an incremental script.
pub fn exists_sat(case: &Case, x: &str) -> Option<Case> {
    let Truth::Sat { model } = &case.truth else {
        return None;
    };
    let sort = case.formula.sort_of(x)?;
    let value = model.get(x)?.clone();
    if !quantifiable(&sort) || case.incremental.is_some() {
        return None;
    }
    type Numbered<'a> = Vec<(usize, &'a Assertion)>;
    let (with, without): (Numbered, Numbered) = case
        .formula
        .assertions
        .iter()
        .enumerate()
        .partition(|(_, a)| a.term.free_vars().contains(x));
    let first = with.first()?.0;
    let body = Term::and(with.iter().map(|(_, a)| a.term.clone()).collect());
    let merged = Assertion {
        term: Term::Quant(Box::new(Quantifier {
            kind: QuantKind::Exists,
            vars: vec![(x.to_string(), sort)],
            body,
            patterns: Vec::new(),
        })),
        name: with[0].1.name.clone(),
    };
    let mut out = case.clone();
    let mut assertions: Vec<(usize, Assertion)> =
        without.into_iter().map(|(i, a)| (i, a.clone())).collect();
    assertions.push((first, merged));
    assertions.sort_by_key(|(i, _)| *i);
    out.formula.assertions = assertions.into_iter().map(|(_, a)| a).collect();
    out.formula.decls.retain(|(n, _)| n != x);
    let Truth::Sat { model } = &mut out.truth else {
        unreachable!("checked above")
    };
    model.0.remove(x);
    out.witnesses.exists.insert(x.to_string(), value);
    out.provenance.chain.push(format!("exists-sat({x})"));
    Some(out)
}

/// The declared constants `exists_sat` can bind.
pub(super) fn candidates(case: &Case) -> Vec<Symbol> {
    case.formula
        .decls
        .iter()
        .filter(|(_, s)| quantifiable(s))
        .map(|(n, _)| n.clone())
        .collect()
}

impl Transformation for ExistsSat {
    fn name(&self) -> &'static str {
        "exists-sat"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let mut xs = candidates(case);
        while !xs.is_empty() {
            let x = xs.swap_remove(rng.random_range(0..xs.len()));
            if let Some(out) = exists_sat(case, &x) {
                return Some(out);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::sample::{sample, sat_sample};
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Every stream's sat cases: the result checks (model plus witness),
        /// the variable is bound and no longer declared, and the case is sat.
        #[test]
        fn the_witness_satisfies_the_body(seed: u64) {
            let case = sat_sample(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            if let Some(out) = ExistsSat.apply(&case, &mut rng) {
                out.check().map_err(|e| TestCaseError::fail(format!("{e}\n{out:?}")))?;
                let x = out.witnesses.exists.keys().next().unwrap().clone();
                prop_assert!(out.formula.sort_of(&x).is_none());
                prop_assert_eq!(out.truth.status(), crate::truth::Status::Sat);
                prop_assert!(super::super::mentions_quant(&out.formula));
                prop_assert!(out.formula.assertions.len() <= case.formula.assertions.len());
            }
        }
    }

    #[test]
    fn it_applies_to_most_sat_cases_and_never_to_unsat_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (mut sat, mut applied) = (0, 0);
        for seed in 0..200 {
            let case = sample(seed);
            let out = ExistsSat.apply(&case, &mut rng);
            match case.truth {
                Truth::Sat { .. } => {
                    sat += 1;
                    applied += usize::from(out.is_some());
                }
                Truth::Unsat { .. } => assert!(out.is_none()),
            }
        }
        assert!(applied * 10 >= sat * 8, "{applied} of {sat}");
    }

    #[test]
    fn a_wrong_witness_fails_the_check() {
        // The check is not vacuous: the body is evaluated under the witness.
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut found = false;
        for seed in 0..100 {
            let case = sat_sample(seed);
            let Some(mut out) = ExistsSat.apply(&case, &mut rng) else {
                continue;
            };
            let (x, v) = out.witnesses.exists.iter().next().unwrap();
            let (x, v) = (x.clone(), v.clone());
            if let crate::semantics::Value::Int(n) = v {
                out.witnesses
                    .exists
                    .insert(x, crate::semantics::Value::Int(n + 1000));
                // Still may hold (the body may not pin x); if it does not, the
                // check says so rather than passing.
                if out.check().is_err() {
                    found = true;
                    break;
                }
            }
        }
        assert!(found, "no sample where a wrong witness is caught");
    }
}
