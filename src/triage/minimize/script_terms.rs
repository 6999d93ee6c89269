//! The formula passes inside a script that stays incremental: each pool
//! assertion's subterms rewritten in place, by what the checks that see it
//! allow.
//!
//! # Invariant
//!
//! Every check keeps its truth, because a rewrite of assertion `i` is
//! proposed by the checks that have `i` in force (asserted or assumed):
//!
//! - seen by an unsat check: only the unsat family
//!   ([`unsat_candidates`]), which keeps `i` equivalent, so every set of
//!   assertions keeps its satisfiability and every core stays the unique
//!   minimal one;
//! - seen by sat checks only: the sat family ([`sat_candidates`]) under
//!   each such check's model, and the reducer keeps a candidate only when
//!   every check's model still satisfies what is in force there
//!   ([`Case::check`], exact).
//!
//! The whole pool's own truth is then what it was for every set of
//! assertions a check asks about; the pool as one formula is asked by no
//! check unless one has it all in force, and then that check decides the
//! family.

use super::candidates::{sat_candidates, unsat_candidates};
use super::reducer::Reducer;
use super::subterm::replaced;
use crate::term::Term;
use crate::truth::{Case, Truth};

impl Reducer<'_> {
    /// Rewrites subterms of an incremental case's assertions (see the
    /// module docs); whether it changed the case.
    pub(super) fn rewrite_script_terms(&mut self) -> bool {
        self.rewrite_cases(&script_candidates, &Some)
    }
}

/// The rewrites of the subterm at `path` of assertion `i` that the checks
/// seeing `i` allow.
fn script_candidates(case: &Case, i: usize, path: &[usize]) -> Vec<Case> {
    let Some(inc) = &case.incremental else {
        return Vec::new();
    };
    let checks = inc.checks();
    let seeing: Vec<&Truth> = checks
        .iter()
        .filter(|c| c.asserted.contains(&i) || c.check.assuming.contains(&i))
        .map(|c| &c.check.truth)
        .collect();
    if seeing.is_empty() {
        return Vec::new();
    }
    let mut terms: Vec<Term> = Vec::new();
    if seeing.iter().any(|t| matches!(t, Truth::Unsat { .. })) {
        terms = unsat_candidates(case, i, path);
    } else {
        for truth in seeing {
            let under = Case {
                truth: truth.clone(),
                ..case.clone()
            };
            for t in sat_candidates(&under, i, path) {
                if !terms.contains(&t) {
                    terms.push(t);
                }
            }
        }
    }
    terms
        .into_iter()
        .map(|t| {
            let mut c = case.clone();
            c.formula.assertions[i].term = replaced(&c.formula.assertions[i].term, path, t);
            c
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::strings::equivalent_formula_cases;
    use crate::transform::incremental::{Assumption, NestedScopes, RepeatCheck};
    use crate::transform::{Transformation, constant_assignments};
    use crate::triage::minimize::subterm::paths;

    /// Every candidate of every subterm of incremental cases of both
    /// truths keeps every check's truth: sat checks by their models
    /// (exactly), unsat ones because the assertion they see stays
    /// equivalent (evaluated on the sat checks' models, where a changed
    /// value would show).
    #[test]
    fn every_rewrite_keeps_every_check() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let pool = ConstantPool::paper();
        let sat = constant_assignments(&pool, 9).take(30);
        let unsat = equivalent_formula_cases(false, 9).take(30);
        let (mut proposed, mut valid) = (0, 0);
        for c in sat.chain(unsat) {
            let c = NestedScopes.apply(&c, &mut rng).unwrap_or(c);
            let c = Assumption.apply(&c, &mut rng).unwrap_or(c);
            let c = RepeatCheck.apply(&c, &mut rng).unwrap_or(c);
            if c.incremental.is_none() {
                continue;
            }
            for i in 0..c.formula.assertions.len() {
                for path in paths(&c.formula.assertions[i].term) {
                    for candidate in script_candidates(&c, i, &path) {
                        proposed += 1;
                        let unsat_seen = candidate
                            .incremental
                            .as_ref()
                            .unwrap()
                            .checks()
                            .iter()
                            .any(|k| {
                                matches!(k.check.truth, Truth::Unsat { .. })
                                    && (k.asserted.contains(&i) || k.check.assuming.contains(&i))
                            });
                        if unsat_seen {
                            // Equivalent: the same value under every model the
                            // case knows.
                            for (_, check) in c.check_sats() {
                                if let Truth::Sat { model } = &check.truth {
                                    let old = crate::semantics::eval(
                                        &c.formula.assertions[i].term,
                                        model,
                                    );
                                    let new = crate::semantics::eval(
                                        &candidate.formula.assertions[i].term,
                                        model,
                                    );
                                    if old.is_ok() {
                                        assert_eq!(
                                            old, new,
                                            "{}",
                                            candidate.formula.assertions[i].term
                                        );
                                    }
                                }
                            }
                        }
                        if candidate.check_script().is_ok() {
                            valid += 1;
                        }
                    }
                }
            }
        }
        assert!(
            proposed > 100 && valid > 20,
            "{proposed} proposed, {valid} valid"
        );
    }
}
