//! A one-shot case split into nested scopes: its assertions, in a random
//! order, cut into groups; the first group at level 0, each next one in a
//! `push` of its own, the whole case's `check-sat` at the deepest level,
//! `check-sat`s at some levels on the way in, and after some `pop`s on the
//! way out (the same question asked again once the scope above is gone:
//! the earlier answer must come back).
//!
//! # Invariant
//!
//! The assertions in force at level `j` are the first `j` groups, a subset
//! of the formula. Sat: the carried model satisfies every subset (the check
//! gets the same model). Unsat: a subset that holds the whole core is unsat
//! with the same unique minimal core (its unsat subsets are unsat subsets
//! of the formula, which all hold the core); a subset without it is
//! satisfiable, but no model is known, so no `check-sat` is put there. The
//! whole formula is unchanged, and so is its truth.

use rand::RngCore;
use rand::seq::SliceRandom;

use super::with_steps;
use crate::transform::Transformation;
use crate::truth::{Case, Check, Step, Truth};

/// Splits a one-shot case into nested scopes.
#[derive(Clone, Copy, Debug, Default)]
pub struct NestedScopes;

/// The name in a provenance chain.
pub const NAME: &str = "nested-scopes";

/// The truth of the first assertions `in_force` of a case whose truth is
/// `whole`, when one is known.
fn truth_of(case: &Case, in_force: &[usize]) -> Option<Truth> {
    match &case.truth {
        Truth::Sat { .. } => Some(case.truth.clone()),
        Truth::Unsat { core } => core
            .iter()
            .all(|c| {
                in_force
                    .iter()
                    .any(|&i| case.formula.assertions[i].name.as_ref() == Some(c))
            })
            .then(|| case.truth.clone()),
    }
}

impl Transformation for NestedScopes {
    fn name(&self) -> &'static str {
        NAME
    }

    fn keeps_scripts(&self) -> bool {
        true
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let n = case.formula.assertions.len();
        if case.incremental.is_some() || n < 2 {
            return None;
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(rng);
        let groups = 2 + rng.next_u32() as usize % (n.min(4) - 1);
        // Cut points: `groups - 1` distinct places among 1..n.
        let mut cuts: Vec<usize> = (1..n).collect();
        cuts.shuffle(rng);
        cuts.truncate(groups - 1);
        cuts.sort_unstable();
        cuts.push(n);
        let mut steps = Vec::new();
        let mut levels: Vec<usize> = Vec::new(); // in force at each level
        let mut from = 0;
        for (g, &to) in cuts.iter().enumerate() {
            if g > 0 {
                steps.push(Step::Push);
            }
            steps.extend(order[from..to].iter().map(|&i| Step::Assert(i)));
            from = to;
            levels.push(to);
            let deepest = g + 1 == cuts.len();
            if (deepest || rng.next_u32().is_multiple_of(2))
                && let Some(truth) = truth_of(case, &order[..to])
            {
                steps.push(Step::CheckSat(Check {
                    assuming: Vec::new(),
                    truth,
                }));
            }
        }
        // Out again: some pops, a check after each where one is known.
        let pops = rng.next_u32() as usize % levels.len();
        for _ in 0..pops {
            levels.pop();
            steps.push(Step::Pop);
            let to = *levels.last()?;
            if !rng.next_u32().is_multiple_of(3)
                && let Some(truth) = truth_of(case, &order[..to])
            {
                steps.push(Step::CheckSat(Check {
                    assuming: Vec::new(),
                    truth,
                }));
            }
        }
        with_steps(case.clone(), steps, NAME)
    }
}
