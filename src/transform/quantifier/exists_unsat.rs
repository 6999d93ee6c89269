//! `exists` over an unsat case's variable: pick a declared constant `x` of a
//! quantifiable sort that some member of the unique minimal core `C`
//! mentions; replace the core members that mention it, `C_x`, by one
//! assertion `E := (exists ((x S)) (and C_x))` (at the place and with the
//! name of the first), bind `x` in each other assertion that mentions it
//! on its own (`(exists ((x S)) N)`, same name), and drop `x`'s
//! declaration. The new core is `{E} ∪ (C \ C_x)`.
//!
//! # Invariant
//!
//! - **Unsat**: a model of `E` and `C \ C_x` gives values to the free
//!   constants and a witness `w` for `x` with every member of `C_x` true;
//!   with `x := w` that is a model of `C`, which has none.
//! - **Minimal and unique**: let `S` be a subset of the new assertions that
//!   misses a member `m` of the new core. If `m = E`, the old assertions
//!   without `C_x` are satisfiable (they miss a member of the old unique
//!   core), by some model `M`; every new assertion but `E` is then true
//!   under `M` without `x`, with `M(x)` as the witness of each `exists`.
//!   If `m ∈ C \ C_x`, the old assertions without `m` are satisfiable by some
//!   `M`, and `E` too holds under it (witness `M(x)`, the members of `C_x`
//!   true under `M`). Either way `S` is satisfiable, so every unsat subset
//!   contains the new core, and the new core (unsat) is minimal.
//!
//! Both steps use only the old core's uniqueness and minimality, so the
//! new core is exact by construction. The anchor structure is not claimed
//! any more (its `a0 = ¬A` is now inside `E` or bound).

use std::collections::BTreeSet;

use rand::{Rng, RngCore};

use super::quantifiable;
use crate::term::{QuantKind, Quantifier, Sort, Symbol, Term};
use crate::transform::Transformation;
use crate::truth::{Case, Truth};

/// Binds an unsat case's variable in `exists` (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct ExistsUnsat;

fn exists(x: &str, sort: &Sort, body: Term) -> Term {
    Term::Quant(Box::new(Quantifier {
        kind: QuantKind::Exists,
        vars: vec![(x.to_string(), sort.clone())],
        body,
        patterns: Vec::new(),
    }))
}

/// `exists` over `x` in an unsat case; `None` if the case is not unsat, `x`
/// is not a declared constant of a quantifiable sort, no core member
/// mentions it, an assertion is unnamed, or the case is incremental.
pub fn exists_unsat(case: &Case, x: &str) -> Option<Case> {
    let Truth::Unsat { core } = &case.truth else {
        return None;
    };
    let sort = case.formula.sort_of(x)?;
    if !quantifiable(&sort) || case.incremental.is_some() {
        return None;
    }
    let mentions = |t: &Term| t.free_vars().contains(x);
    let in_core = |n: &Option<Symbol>| n.as_ref().is_some_and(|n| core.contains(n));
    if case.formula.assertions.iter().any(|a| a.name.is_none()) {
        return None;
    }
    let members: Vec<usize> = (case.formula.assertions.iter().enumerate())
        .filter(|(_, a)| in_core(&a.name) && mentions(&a.term))
        .map(|(i, _)| i)
        .collect();
    let first = *members.first()?;
    let body = Term::and(
        members
            .iter()
            .map(|&i| case.formula.assertions[i].term.clone())
            .collect(),
    );
    let mut out = case.clone();
    let merged_name = case.formula.assertions[first].name.clone()?;
    let mut assertions = Vec::new();
    for (i, a) in case.formula.assertions.iter().enumerate() {
        if i == first {
            let mut e = a.clone();
            e.term = exists(x, &sort, body.clone());
            assertions.push(e);
        } else if members.contains(&i) {
            continue;
        } else if mentions(&a.term) {
            let mut n = a.clone();
            n.term = exists(x, &sort, a.term.clone());
            assertions.push(n);
        } else {
            assertions.push(a.clone());
        }
    }
    out.formula.assertions = assertions;
    out.formula.decls.retain(|(n, _)| n != x);
    let gone: BTreeSet<&Symbol> = members
        .iter()
        .filter_map(|&i| case.formula.assertions[i].name.as_ref())
        .collect();
    let mut new_core: BTreeSet<Symbol> =
        core.iter().filter(|c| !gone.contains(c)).cloned().collect();
    new_core.insert(merged_name);
    out.truth = Truth::Unsat { core: new_core };
    out.provenance.anchor = None;
    out.provenance.chain.push(format!("exists-unsat({x})"));
    Some(out)
}

impl Transformation for ExistsUnsat {
    fn name(&self) -> &'static str {
        "exists-unsat"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let mut xs = super::exists_sat::candidates(case);
        while !xs.is_empty() {
            let x = xs.swap_remove(rng.random_range(0..xs.len()));
            if let Some(out) = exists_unsat(case, &x) {
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

    use super::super::sample::unsat_sample;
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Every stream's unsat cases, grown: the result checks, and its
        /// core is exactly the construction's — the merged assertion, whose
        /// body is the conjunction of the old core members that mention
        /// `x`, plus the old members that do not, unchanged; every other
        /// assertion is unchanged or itself under `exists x`; `x` is free
        /// nowhere and declared no more.
        #[test]
        fn the_core_is_the_merged_member_and_the_rest_of_the_old_one(seed: u64) {
            let case = unsat_sample(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let Some(out) = ExistsUnsat.apply(&case, &mut rng) else { return Ok(()) };
            out.check().map_err(|e| TestCaseError::fail(format!("{e}\n{out:?}")))?;
            let (Truth::Unsat { core: old }, Truth::Unsat { core: new }) = (&case.truth, &out.truth)
                else { unreachable!() };
            let x = out.provenance.chain.last().unwrap()
                .strip_prefix("exists-unsat(").unwrap().strip_suffix(')').unwrap().to_string();
            prop_assert!(out.formula.sort_of(&x).is_none());
            let by_name = |f: &crate::term::Formula, n: &str| {
                f.assertions.iter().find(|a| a.name.as_deref() == Some(n)).map(|a| a.term.clone())
            };
            let mentioning: Vec<&Symbol> = case.formula.assertions.iter()
                .filter(|a| a.term.free_vars().contains(&x))
                .filter_map(|a| a.name.as_ref())
                .filter(|n| old.contains(*n))
                .collect();
            prop_assert!(!mentioning.is_empty());
            let merged = mentioning[0];
            let body = Term::and(mentioning.iter().map(|n| by_name(&case.formula, n).unwrap()).collect());
            prop_assert_eq!(by_name(&out.formula, merged).unwrap(), exists(&x, &case.formula.sort_of(&x).unwrap(), body));
            let expected: BTreeSet<Symbol> = old.iter()
                .filter(|n| !mentioning.contains(n) || *n == merged)
                .cloned()
                .collect();
            prop_assert_eq!(new, &expected);
            for a in &out.formula.assertions {
                prop_assert!(!a.term.free_vars().contains(&x));
                let name = a.name.as_deref().unwrap();
                if name == merged.as_str() { continue; }
                let before = by_name(&case.formula, name).unwrap();
                let sort = case.formula.sort_of(&x).unwrap();
                prop_assert!(a.term == before || a.term == exists(&x, &sort, before.clone()));
            }
            prop_assert_eq!(out.formula.assertions.len(), case.formula.assertions.len() + 1 - mentioning.len());
        }
    }

    #[test]
    fn it_applies_to_most_unsat_cases() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let applied = (0..200)
            .filter(|&s| ExistsUnsat.apply(&unsat_sample(s), &mut rng).is_some())
            .count();
        assert!(applied >= 120, "{applied} of 200");
    }
}
