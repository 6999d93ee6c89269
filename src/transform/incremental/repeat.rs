//! A `check-sat` asked again: after a later `pop` that brings back what it
//! asked about, or else in a scope pushed right after it and once more
//! after that scope's `pop`.
//!
//! # Invariant
//!
//! A check's truth depends only on what is in force at it and its
//! assumptions. The copy has the same assumptions and is put only where the
//! same assertions are in force (the same set, found by replaying the
//! steps), so the same truth holds there: the earlier answer must come
//! back. The formula and its truth are unchanged.

use std::collections::BTreeSet;

use rand::RngCore;
use rand::seq::IndexedRandom;

use super::with_steps;
use crate::transform::Transformation;
use crate::truth::{Case, Step};

/// Repeats a `check-sat` where its question is asked again.
#[derive(Clone, Copy, Debug, Default)]
pub struct RepeatCheck;

/// The name in a provenance chain.
pub const NAME: &str = "repeat-check";

impl Transformation for RepeatCheck {
    fn name(&self) -> &'static str {
        NAME
    }

    fn keeps_scripts(&self) -> bool {
        true
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let inc = case.steps();
        let checks = inc.checks();
        let chosen = checks.choose(rng)?;
        let same: BTreeSet<usize> = chosen.asserted.iter().copied().collect();
        let copy = Step::CheckSat(chosen.check.clone());
        // Places after a later pop where the same assertions are in force.
        let mut popped = false;
        let mut places = Vec::new();
        for k in chosen.step + 1..=inc.steps.len() {
            popped |= matches!(inc.steps[k - 1], Step::Pop);
            if popped
                && inc
                    .in_force_before(k)
                    .is_some_and(|f| f.iter().copied().collect::<BTreeSet<_>>() == same)
            {
                places.push(k);
            }
        }
        let mut steps = inc.steps.clone();
        match places.choose(rng) {
            Some(&k) => steps.insert(k, copy),
            None => {
                let at = chosen.step + 1;
                steps.splice(at..at, [Step::Push, copy.clone(), Step::Pop, copy]);
            }
        }
        with_steps(case.clone(), steps, NAME)
    }
}
