//! Selection aimed at rare edges (FairFuzz: Lemieux & Sen, ASE 2018).
//!
//! A queue over the favoured entries gives every entry the same turns,
//! whether the edges it keeps are reached by half the executions or by
//! three of them. The string solver's deep code (a regex derivative rule,
//! a rewrite that needs a particular nesting) is reached by few inputs, and
//! mutating those inputs is how a campaign reaches what lies past them; a
//! campaign that does not steer there spends its time where every input
//! already goes. So on a share (by default [`RARE_SHARE`]) of its selections,
//! [`RareEdges`] picks an edge that is rare (reached by at most the rarity
//! cutoff of executions: the smallest power of two at or above the count
//! of the rarest edge, FairFuzz's rule) and returns the entry top-rated for
//! it (the smallest, quickest entry reaching it); the other selections are
//! the inner scheduler's.
//!
//! Reach counts come from the edge tally ([`crate::fuzz::feedback::edges::EdgeSet`]'s
//! `hits`), which sees every execution; the entry per edge from LibAFL's
//! `TopRatedsMetadata`, which the minimizer keeps.
//!
//! Opt-in (`fuzz --rare-edges`): it has not yet measurably raised a
//! campaign's edges (figures: `docs/measured/fuzz.md`, "Rare edges").
//!
//! # Invariants
//!
//! - A rare pick returns an entry of the corpus that reaches the picked
//!   edge; with no counts or no top-rated edges yet it defers to the inner
//!   scheduler, which is what the selection is without it.
//! - The rare edges are recomputed every [`REFRESH`] selections and when
//!   the corpus changes, not on every selection.

use libafl::corpus::{Corpus, CorpusId, Testcase};
use libafl::schedulers::minimizer::TopRatedsMetadata;
use libafl::schedulers::{RemovableScheduler, Scheduler};
use libafl::state::{HasCorpus, HasRand};
use libafl::{Error, HasMetadata};
use libafl_bolts::rands::Rand;
use libafl_bolts::tuples::MatchName;

use crate::fuzz::feedback::edges::EdgeSet;

/// Share of the selections aimed at a rare edge.
pub const RARE_SHARE: f64 = 0.5;

/// Selections between two recomputations of the rare edges.
pub const REFRESH: u32 = 256;

/// `inner`, with a share of its selections aimed at rare edges.
#[derive(Debug)]
pub struct RareEdges<CS> {
    inner: CS,
    /// Entries top-rated for a rare edge (one per rare edge, so an entry
    /// that keeps several is picked more often), as of the last refresh.
    targets: Vec<CorpusId>,
    /// Selections since the last refresh.
    since: u32,
    /// Whether the corpus changed since the last refresh.
    stale: bool,
    /// Share of the selections aimed at a rare edge (0: none).
    share: f64,
}

impl<CS> RareEdges<CS> {
    /// `inner`'s selections, a `share` of them (in 0..=1, usually
    /// [`RARE_SHARE`]) aimed at rare edges instead.
    pub fn new(inner: CS, share: f64) -> Self {
        Self {
            inner,
            targets: Vec::new(),
            since: 0,
            stale: true,
            share,
        }
    }

    /// The inner scheduler.
    pub fn inner(&self) -> &CS {
        &self.inner
    }

    /// The rarity cutoff for counts whose smallest is `min`: the smallest
    /// power of two at or above it.
    pub fn cutoff(min: u32) -> u32 {
        min.max(1).checked_next_power_of_two().unwrap_or(u32::MAX)
    }

    /// Recomputes the targets from the reach counts and the top-rated map.
    fn refresh<I, S>(&mut self, state: &S)
    where
        S: HasCorpus<I> + HasMetadata,
    {
        self.since = 0;
        self.stale = false;
        self.targets.clear();
        let (Ok(top), Ok(edges)) = (
            state.metadata::<TopRatedsMetadata>(),
            state.metadata::<EdgeSet>(),
        ) else {
            return;
        };
        let count = |edge: usize| edges.hits.get(edge).copied().unwrap_or(0);
        let Some(min) = top.map.keys().map(|&e| count(e)).filter(|&c| c > 0).min() else {
            return;
        };
        let cutoff = Self::cutoff(min);
        let mut rare: Vec<(usize, CorpusId)> = top
            .map
            .iter()
            .filter(|&(&e, _)| (1..=cutoff).contains(&count(e)))
            .map(|(&e, &id)| (e, id))
            .collect();
        // By edge, so the pick depends on the corpus and the seed only.
        rare.sort_unstable();
        self.targets = rare.into_iter().map(|(_, id)| id).collect();
    }
}

impl<CS, I, S> Scheduler<I, S> for RareEdges<CS>
where
    CS: Scheduler<I, S>,
    S: HasCorpus<I> + HasMetadata + HasRand,
{
    fn on_add(&mut self, state: &mut S, id: CorpusId) -> Result<(), Error> {
        self.stale = true;
        self.inner.on_add(state, id)
    }

    fn on_evaluation<OT>(&mut self, state: &mut S, input: &I, observers: &OT) -> Result<(), Error>
    where
        OT: MatchName,
    {
        self.inner.on_evaluation(state, input, observers)
    }

    fn next(&mut self, state: &mut S) -> Result<CorpusId, Error> {
        if self.share <= 0.0 || !state.rand_mut().coinflip(self.share) {
            return self.inner.next(state);
        }
        self.since += 1;
        if self.stale || self.since >= REFRESH {
            self.refresh(state);
        }
        if self.targets.is_empty() {
            return self.inner.next(state);
        }
        let at = state
            .rand_mut()
            .below(self.targets.len().try_into().unwrap());
        let id = self.targets[at];
        if state.corpus().get(id).is_err() {
            self.stale = true;
            return self.inner.next(state);
        }
        // The queue's cursor (`corpus().current()`) stays where it was:
        // the fuzzer mutates the id returned here, and the queue resumes
        // its round after the detour.
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

impl<CS, I, S> RemovableScheduler<I, S> for RareEdges<CS>
where
    CS: Scheduler<I, S> + RemovableScheduler<I, S>,
    S: HasCorpus<I> + HasMetadata + HasRand,
{
    fn on_remove(
        &mut self,
        state: &mut S,
        id: CorpusId,
        testcase: &Option<Testcase<I>>,
    ) -> Result<(), Error> {
        self.stale = true;
        self.inner.on_remove(state, id, testcase)
    }

    fn on_replace(
        &mut self,
        state: &mut S,
        id: CorpusId,
        testcase: &Testcase<I>,
    ) -> Result<(), Error> {
        self.stale = true;
        self.inner.on_replace(state, id, testcase)
    }
}

#[cfg(test)]
mod tests {
    use super::super::favoured::tests::{add, edges_observer, favoured, state};
    use super::*;

    #[test]
    fn the_cutoff_is_the_next_power_of_two() {
        let cutoffs: Vec<u32> = [0, 1, 2, 3, 4, 5, 1000, u32::MAX]
            .into_iter()
            .map(RareEdges::<()>::cutoff)
            .collect();
        assert_eq!(cutoffs, vec![1, 1, 2, 4, 4, 8, 1024, u32::MAX]);
    }

    /// Five favoured entries, each the best for an edge of its own; edge 2
    /// is reached by 3 executions, the others by 1,000. Returns the share
    /// of 2,000 selections that went to edge 2's entry.
    fn share_of_the_rare_entry(share: f64, counts: bool) -> f64 {
        let observer = edges_observer();
        let mut state = state(5);
        let mut scheduler = RareEdges::new(favoured(&observer), share);
        let ids: Vec<CorpusId> = [1usize, 2, 3, 4, 5]
            .into_iter()
            .map(|edge| add(&mut state, &mut scheduler, 4, &[edge]))
            .collect();
        let rare_entry = ids[1];
        if counts {
            let mut hits = vec![1_000u32; 16];
            hits[2] = 3;
            state.add_metadata(EdgeSet {
                seen: vec![1; 16],
                count: 16,
                hits,
            });
        }
        let picks = (0..2_000)
            .filter(|_| scheduler.next(&mut state).unwrap() == rare_entry)
            .count();
        picks as f64 / 2_000.0
    }

    #[test]
    fn half_the_selections_go_to_the_entry_of_the_rare_edge() {
        let queue = share_of_the_rare_entry(0.0, true);
        let rare = share_of_the_rare_entry(RARE_SHARE, true);
        // The queue gives it a fifth; half the picks aimed at the only
        // rare edge add half of all picks: 0.5 + 0.5 x 0.2 = 0.6.
        assert!((0.15..0.25).contains(&queue), "queue alone: {queue}");
        assert!((0.55..0.65).contains(&rare), "with rare picks: {rare}");
    }

    #[test]
    fn without_reach_counts_the_inner_scheduler_decides() {
        let rare = share_of_the_rare_entry(RARE_SHARE, false);
        assert!((0.15..0.25).contains(&rare), "{rare}");
    }
}
