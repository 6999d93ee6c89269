//! Demoting corpus entries whose mutants end `unknown` (`--demote-unknown`),
//! as AFL skips slow entries: an entry at least [`UNKNOWN_SHARE`] of whose
//! last mutants (after [`MIN_MUTANTS`]) ended unknown or timed out is
//! skipped, when drawn, with probability [`SKIP`], so the time goes to
//! entries whose mutants the solver answers.
//!
//! Why: an unknown costs a whole soft limit and answers nothing, and the
//! mutants of a formula the solver cannot decide are mostly undecidable to
//! it too (`scripts/unknown-time.py` says which). A demoted entry is not
//! dropped: it keeps a tenth of its selections, so a hard region of the
//! input space is still visited, where bugs may hide, only less often.
//!
//! # Invariants
//!
//! - Every execution counts once, for the entry its input was mutated
//!   from (the fuzzer's current entry when it ran); an execution with no
//!   current entry (seeding) counts for none.
//! - Only [`Scheduler::next`] changes: additions, removals and the inner
//!   scheduler's bookkeeping pass through untouched, and an entry is drawn
//!   at most [`DRAWS`] times per selection, so a corpus of demoted entries
//!   still gets one.
//! - Off, the wrapper draws exactly as its inner scheduler does.

use std::collections::HashMap;

use libafl::Error;
use libafl::corpus::{CorpusId, HasCurrentCorpusId, Testcase};
use libafl::schedulers::{RemovableScheduler, Scheduler};
use libafl::state::HasRand;
use libafl_bolts::rands::Rand;
use libafl_bolts::tuples::{Handle, MatchName};

use crate::fuzz::observe::verdict::{VerdictObserver, judged};
use crate::oracle::Verdict;

/// Mutants an entry must have had before it may be demoted.
pub const MIN_MUTANTS: u32 = 16;
/// The share of an entry's mutants ending unknown (or timeout) that
/// demotes it.
pub const UNKNOWN_SHARE: f64 = 0.5;
/// The probability that a demoted entry, drawn, is skipped.
pub const SKIP: f64 = 0.9;
/// Draws per selection at most.
pub const DRAWS: usize = 4;

/// What an entry's mutants ended in: all of them, and the unknowns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Mutants run.
    pub mutants: u32,
    /// Of them, ended unknown or timed out.
    pub unknown: u32,
}

impl Tally {
    /// Whether the entry is demoted.
    pub fn demoted(&self) -> bool {
        self.mutants >= MIN_MUTANTS
            && f64::from(self.unknown) >= UNKNOWN_SHARE * f64::from(self.mutants)
    }
}

/// A scheduler that skips demoted entries (see the module doc).
pub struct DemoteUnknown<CS> {
    inner: CS,
    verdict: Handle<VerdictObserver>,
    on: bool,
    tally: HashMap<CorpusId, Tally>,
}

impl<CS> DemoteUnknown<CS> {
    /// `inner`, demoting by the verdicts of the observer behind `verdict`
    /// if `on`.
    pub fn new(inner: CS, verdict: Handle<VerdictObserver>, on: bool) -> Self {
        DemoteUnknown {
            inner,
            verdict,
            on,
            tally: HashMap::new(),
        }
    }

    /// What `id`'s mutants ended in so far.
    pub fn tally(&self, id: CorpusId) -> Tally {
        self.tally.get(&id).copied().unwrap_or_default()
    }

    fn is_demoted(&self, id: CorpusId) -> bool {
        self.tally.get(&id).is_some_and(Tally::demoted)
    }
}

impl<CS, I, S> Scheduler<I, S> for DemoteUnknown<CS>
where
    CS: Scheduler<I, S>,
    S: HasRand + HasCurrentCorpusId,
{
    fn on_add(&mut self, state: &mut S, id: CorpusId) -> Result<(), Error> {
        self.inner.on_add(state, id)
    }

    fn on_evaluation<OT>(&mut self, state: &mut S, input: &I, observers: &OT) -> Result<(), Error>
    where
        OT: MatchName,
    {
        if self.on
            && let Ok(Some(parent)) = state.current_corpus_id()
            && let Ok(j) = judged(observers, &self.verdict)
        {
            let t = self.tally.entry(parent).or_default();
            t.mutants = t.mutants.saturating_add(1);
            if matches!(j.verdict, Verdict::Unknown | Verdict::Timeout) {
                t.unknown = t.unknown.saturating_add(1);
            }
        }
        self.inner.on_evaluation(state, input, observers)
    }

    fn next(&mut self, state: &mut S) -> Result<CorpusId, Error> {
        let mut id = self.inner.next(state)?;
        if !self.on {
            return Ok(id);
        }
        for _ in 1..DRAWS {
            if !self.is_demoted(id) || !state.rand_mut().coinflip(SKIP) {
                break;
            }
            id = self.inner.next(state)?;
        }
        Ok(id)
    }

    fn set_current_scheduled(
        &mut self,
        state: &mut S,
        next_id: Option<CorpusId>,
    ) -> Result<(), Error> {
        self.inner.set_current_scheduled(state, next_id)
    }
}

impl<CS, I, S> RemovableScheduler<I, S> for DemoteUnknown<CS>
where
    CS: Scheduler<I, S> + RemovableScheduler<I, S>,
    S: HasRand + HasCurrentCorpusId,
{
    fn on_remove(
        &mut self,
        state: &mut S,
        id: CorpusId,
        testcase: &Option<Testcase<I>>,
    ) -> Result<(), Error> {
        self.tally.remove(&id);
        self.inner.on_remove(state, id, testcase)
    }

    fn on_replace(
        &mut self,
        state: &mut S,
        id: CorpusId,
        testcase: &Testcase<I>,
    ) -> Result<(), Error> {
        self.tally.remove(&id);
        self.inner.on_replace(state, id, testcase)
    }
}

#[cfg(test)]
mod tests {
    use super::super::favoured::tests::{add, edges_observer, favoured, state};
    use super::*;
    use crate::fuzz::observe::slot::ResultSlot;

    /// The share of 2,000 selections among five entries that go to the
    /// first, demoted one, with the demotion `on` or off.
    fn share_of_the_demoted_entry(on: bool) -> f64 {
        let observer = edges_observer();
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new().unwrap()));
        let handle = VerdictObserver::new(slot, 1).verdict_handle();
        let mut state = state(3);
        let mut scheduler = DemoteUnknown::new(favoured(&observer), handle, on);
        let ids: Vec<CorpusId> = [1usize, 2, 3, 4, 5]
            .into_iter()
            .map(|edge| add(&mut state, &mut scheduler, 4, &[edge]))
            .collect();
        scheduler.tally.insert(
            ids[0],
            Tally {
                mutants: 100,
                unknown: 90,
            },
        );
        let picks = (0..2_000)
            .filter(|_| scheduler.next(&mut state).unwrap() == ids[0])
            .count();
        picks as f64 / 2_000.0
    }

    #[test]
    fn a_demoted_entry_is_drawn_less_but_still_drawn() {
        let off = share_of_the_demoted_entry(false);
        let on = share_of_the_demoted_entry(true);
        // A fifth without demotion; with it, a fifth of a fifth of the
        // first draws plus a little from the redraws.
        assert!((0.15..0.25).contains(&off), "off: {off}");
        assert!((0.005..0.06).contains(&on), "on: {on}");
    }

    #[test]
    fn an_entry_is_demoted_only_after_enough_mutants_mostly_unknown() {
        let t = |mutants, unknown| Tally { mutants, unknown };
        assert!(!t(MIN_MUTANTS - 1, MIN_MUTANTS - 1).demoted());
        assert!(t(MIN_MUTANTS, MIN_MUTANTS / 2).demoted());
        assert!(!t(MIN_MUTANTS, MIN_MUTANTS / 2 - 1).demoted());
        assert!(!t(1000, 100).demoted());
        assert!(t(1000, 900).demoted());
    }
}
