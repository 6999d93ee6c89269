//! AFL's favoured entries, recomputed only when they can have changed and
//! taken back when they no longer hold.
//!
//! For each edge, LibAFL's `IndexesLenTimeMinimizerScheduler` keeps the
//! corpus entry that reaches it with the smallest size × time (its
//! `TopRatedsMetadata`), and marks as favoured a set of those entries that
//! covers every edge seen; the queue then skips a non-favoured entry with
//! probability 95%. Three things in LibAFL 0.16.1 hurt a campaign of
//! thousands of entries that selects one entry per execution, as ours does:
//!
//! - it recomputes the favoured set (`cull`) before every selection, a pass
//!   over every favoured entry's edge list: at thousands of entries, much
//!   of the fuzzing client's CPU time;
//! - it never takes the mark back, so an entry that was once the best for
//!   some edge stays favoured after a smaller, quicker one has replaced it,
//!   and as the corpus grows nearly every entry ends up favoured: the queue
//!   no longer prefers small, quick entries at all;
//! - it skips each non-favoured entry with probability 95%, so with F
//!   favoured among N others the non-favoured get 0.05·N / (F + 0.05·N)
//!   of the selections. AFL spends a whole havoc round on an entry it does
//!   not skip, and there the rule keeps most of the time on favoured
//!   entries; we spend one execution per selection, so the share is what
//!   counts, and the slow non-favoured entries took over a long campaign
//!   (figures: `docs/measured/fuzz.md`, "Favoured entries").
//!
//! [`Favoured`] wraps LibAFL's minimizer for its bookkeeping (the top-rated
//! entry per edge, updated on each addition) and does the selection itself:
//! it culls only after the corpus changed, the mark goes to exactly the
//! entries of the last cull, and a fixed share [`FAVOURED_SHARE`] of the
//! selections goes to the favoured entries in turn, whatever the corpus
//! size; the rest to the queue over every entry. With
//! [`Favoured::with_power`] the favoured entry is drawn in proportion to
//! AFL's performance score instead of in turn (see [`super::power`]).
//!
//! # Invariants
//!
//! - After a cull, an entry carries `IsFavoredMetadata` iff the cull chose
//!   it: the chosen entries cover every edge in `TopRatedsMetadata`, each
//!   is top-rated for at least one edge, and no other entry is marked.
//! - The cull visits the edges in increasing order, so the favoured set
//!   depends only on the corpus, not on a hash map's iteration order.
//! - Until the next addition, replacement or removal, the favoured set
//!   does not change, so it is not recomputed.

use std::collections::HashSet;
use std::time::Duration;

use libafl::corpus::{Corpus, CorpusId, Testcase};
use libafl::feedbacks::MapIndexesMetadata;
use libafl::observers::CanTrack;
use libafl::schedulers::minimizer::{IsFavoredMetadata, TopRatedsMetadata};
use libafl::schedulers::{IndexesLenTimeMinimizerScheduler, RemovableScheduler, Scheduler};
use libafl::state::{HasCorpus, HasRand};
use libafl::{Error, HasMetadata};
use libafl_bolts::HasLen;
use libafl_bolts::rands::Rand;
use libafl_bolts::tuples::MatchName;

use super::power::perf_score;

/// Share of the selections that go to a favoured entry.
pub const FAVOURED_SHARE: f64 = 0.9;

/// The corpus scheduler: `base` (a queue) over AFL's favoured entries.
#[derive(Debug)]
pub struct Favoured<CS, I, O> {
    minimizer: IndexesLenTimeMinimizerScheduler<CS, I, O>,
    /// The entries marked at the last cull.
    marked: Vec<CorpusId>,
    /// Whether the corpus changed since the last cull. A new scheduler
    /// starts stale: a restored state may carry marks it did not make.
    stale: bool,
    /// Culls so far (for the tests and the profile).
    culls: u64,
    /// Favoured selections so far: the next favoured entry is
    /// `marked[turn % marked.len()]`.
    turn: usize,
    /// Whether favoured entries are drawn by their performance score.
    power: bool,
    /// With `power`, the running sums of the marked entries' scores
    /// (empty without it).
    cumulative: Vec<f64>,
}

impl<CS, I, O> Favoured<CS, I, O>
where
    O: CanTrack,
{
    /// Favoured entries of the corpus, each edge of `observer` (which must
    /// track indexes) kept by its smallest, quickest entry.
    pub fn new(observer: &O, base: CS) -> Self {
        Self {
            minimizer: IndexesLenTimeMinimizerScheduler::new(observer, base),
            marked: Vec::new(),
            stale: true,
            culls: 0,
            turn: 0,
            power: false,
            cumulative: Vec::new(),
        }
    }

    /// Draws the favoured entry by AFL's performance score (`on`) rather
    /// than in turn.
    pub fn with_power(mut self, on: bool) -> Self {
        self.power = on;
        self
    }

    /// How many times the favoured set was recomputed.
    pub fn culls(&self) -> u64 {
        self.culls
    }
}

impl<CS, I, O> Favoured<CS, I, O> {
    /// Recomputes the favoured set and moves the marks to it.
    fn cull<S>(&mut self, state: &mut S) -> Result<(), Error>
    where
        S: HasCorpus<I> + HasMetadata,
    {
        self.culls += 1;
        self.stale = false;
        let first = self.culls == 1;
        let chosen = {
            let Some(top) = state.metadata_map().get::<TopRatedsMetadata>() else {
                return Ok(());
            };
            let mut edges: Vec<(usize, CorpusId)> =
                top.map.iter().map(|(&edge, &id)| (edge, id)).collect();
            edges.sort_unstable();
            let mut covered = HashSet::new();
            let mut chosen = Vec::new();
            for (edge, id) in edges {
                if covered.contains(&edge) {
                    continue;
                }
                let Ok(entry) = state.corpus().get(id) else {
                    // A removed entry; `on_remove` takes it out of the
                    // top-rated map.
                    continue;
                };
                if let Some(meta) = entry.borrow().metadata_map().get::<MapIndexesMetadata>() {
                    covered.extend(meta.list.iter().copied());
                }
                covered.insert(edge);
                chosen.push(id);
            }
            chosen
        };
        // Every entry's mark goes on the first cull: a restored state's
        // marks were made by a scheduler whose list is gone.
        let unmark: Vec<CorpusId> = if first {
            state.corpus().ids().collect()
        } else {
            std::mem::take(&mut self.marked)
        };
        for id in unmark {
            if let Ok(entry) = state.corpus().get(id) {
                drop(
                    entry
                        .borrow_mut()
                        .metadata_map_mut()
                        .remove::<IsFavoredMetadata>(),
                );
            }
        }
        for &id in &chosen {
            state
                .corpus()
                .get(id)?
                .borrow_mut()
                .add_metadata(IsFavoredMetadata {});
        }
        self.marked = chosen;
        if self.power {
            self.cumulative = scores(state, &self.marked)
                .scan(0.0, |sum, s| {
                    *sum += s;
                    Some(*sum)
                })
                .collect();
        }
        Ok(())
    }

    /// The next favoured entry: in turn, or drawn by score.
    fn next_marked<S: HasRand>(&mut self, state: &mut S) -> CorpusId {
        if let Some(&total) = self.cumulative.last() {
            let x = state.rand_mut().next_float() * total;
            let i = self.cumulative.partition_point(|&c| c <= x);
            return self.marked[i.min(self.marked.len() - 1)];
        }
        let id = self.marked[self.turn % self.marked.len()];
        self.turn = self.turn.wrapping_add(1);
        id
    }
}

/// The performance scores of `ids`, against the means over the whole
/// corpus (as AFL's are over the whole queue).
fn scores<'a, I, S: HasCorpus<I>>(
    state: &'a S,
    ids: &'a [CorpusId],
) -> impl Iterator<Item = f64> + 'a {
    let facts = |id: CorpusId| {
        let entry = state.corpus().get(id).ok()?;
        let entry = entry.borrow();
        let edges = entry
            .metadata_map()
            .get::<MapIndexesMetadata>()
            .map(|m| m.list.len());
        Some((*entry.exec_time(), edges))
    };
    let (mut time, mut timed, mut edges, mut counted) = (Duration::ZERO, 0u32, 0usize, 0usize);
    for (t, e) in state.corpus().ids().filter_map(facts) {
        if let Some(t) = t {
            time += t;
            timed += 1;
        }
        if let Some(e) = e {
            edges += e;
            counted += 1;
        }
    }
    let mean_time = time.checked_div(timed).unwrap_or_default();
    let mean_edges = edges as f64 / counted.max(1) as f64;
    ids.iter().map(move |&id| {
        let (t, e) = facts(id).unwrap_or((None, None));
        perf_score(t, mean_time, e, mean_edges)
    })
}

impl<CS, I, O, S> Scheduler<I, S> for Favoured<CS, I, O>
where
    CS: Scheduler<I, S> + RemovableScheduler<I, S>,
    I: HasLen,
    O: CanTrack,
    S: HasCorpus<I> + HasMetadata + HasRand,
{
    fn on_add(&mut self, state: &mut S, id: CorpusId) -> Result<(), Error> {
        self.stale = true;
        self.minimizer.on_add(state, id)
    }

    fn on_evaluation<OT>(&mut self, state: &mut S, input: &I, observers: &OT) -> Result<(), Error>
    where
        OT: MatchName,
    {
        self.minimizer.on_evaluation(state, input, observers)
    }

    fn next(&mut self, state: &mut S) -> Result<CorpusId, Error> {
        if self.stale {
            self.cull(state)?;
        }
        if !self.marked.is_empty() && state.rand_mut().coinflip(FAVOURED_SHARE) {
            return Ok(self.next_marked(state));
        }
        self.minimizer.base_mut().next(state)
    }

    fn set_current_scheduled(
        &mut self,
        _state: &mut S,
        _next_id: Option<CorpusId>,
    ) -> Result<(), Error> {
        // The queue sets it in `next`, as under LibAFL's minimizer.
        Ok(())
    }
}

impl<CS, I, O, S> RemovableScheduler<I, S> for Favoured<CS, I, O>
where
    CS: Scheduler<I, S> + RemovableScheduler<I, S>,
    I: HasLen,
    O: CanTrack,
    S: HasCorpus<I> + HasMetadata + HasRand,
{
    fn on_remove(
        &mut self,
        state: &mut S,
        id: CorpusId,
        testcase: &Option<Testcase<I>>,
    ) -> Result<(), Error> {
        self.stale = true;
        self.minimizer.on_remove(state, id, testcase)
    }

    fn on_replace(
        &mut self,
        state: &mut S,
        id: CorpusId,
        testcase: &Testcase<I>,
    ) -> Result<(), Error> {
        self.stale = true;
        self.minimizer.on_replace(state, id, testcase)
    }
}

/// A corpus, an edge observer and entries for the scheduler tests (here
/// and in [`super::rare`]).
#[cfg(test)]
pub(super) mod tests {
    use std::time::Duration;

    use libafl::corpus::InMemoryCorpus;
    use libafl::feedbacks::ConstFeedback;
    use libafl::inputs::BytesInput;
    use libafl::observers::{ExplicitTracking, StdMapObserver};
    use libafl::schedulers::QueueScheduler;
    use libafl::state::StdState;
    use libafl_bolts::rands::StdRand;

    use super::*;

    pub(in super::super) type TestState =
        StdState<InMemoryCorpus<BytesInput>, BytesInput, StdRand, InMemoryCorpus<BytesInput>>;

    /// The index-tracking edge observer the minimizer asks for.
    pub(in super::super) type EdgesObserver =
        ExplicitTracking<StdMapObserver<'static, u8, false>, true, false>;

    pub(in super::super) fn state(seed: u64) -> TestState {
        StdState::new(
            StdRand::with_seed(seed),
            InMemoryCorpus::new(),
            InMemoryCorpus::new(),
            &mut ConstFeedback::new(false),
            &mut ConstFeedback::new(false),
        )
        .unwrap()
    }

    /// An edge observer over a map of 16 edges (leaked: a test's worth).
    pub(in super::super) fn edges_observer() -> EdgesObserver {
        let map: &'static mut [u8] = Box::leak(vec![0u8; 16].into_boxed_slice());
        // SAFETY: the map lives for the rest of the process.
        unsafe { StdMapObserver::from_mut_ptr("edges", map.as_mut_ptr(), map.len()) }
            .track_indices()
    }

    /// A favoured-entry scheduler over a queue, for `observer`'s edges.
    pub(in super::super) fn favoured(
        observer: &EdgesObserver,
    ) -> Favoured<QueueScheduler, BytesInput, EdgesObserver> {
        Favoured::new(observer, QueueScheduler::new())
    }

    /// Adds an entry of `len` bytes and 1 ms reaching `edges`, as the
    /// map feedback would have recorded it, and tells `scheduler`.
    pub(in super::super) fn add(
        state: &mut TestState,
        scheduler: &mut impl Scheduler<BytesInput, TestState>,
        len: usize,
        edges: &[usize],
    ) -> CorpusId {
        add_timed(state, scheduler, len, 1, edges)
    }

    /// [`add`] for an entry that ran `ms` milliseconds.
    fn add_timed(
        state: &mut TestState,
        scheduler: &mut impl Scheduler<BytesInput, TestState>,
        len: usize,
        ms: u64,
        edges: &[usize],
    ) -> CorpusId {
        let mut testcase = Testcase::new(BytesInput::new(vec![b'x'; len]));
        testcase.set_exec_time(Duration::from_millis(ms));
        testcase.add_metadata(MapIndexesMetadata::new(edges.to_vec()));
        let id = state.corpus_mut().add(testcase).unwrap();
        scheduler.on_add(state, id).unwrap();
        id
    }

    /// Whether `id` is marked favoured.
    fn is_favoured<I, S: HasCorpus<I>>(state: &S, id: CorpusId) -> Result<bool, Error> {
        Ok(state
            .corpus()
            .get(id)?
            .borrow()
            .has_metadata::<IsFavoredMetadata>())
    }

    fn marked(state: &TestState) -> Vec<CorpusId> {
        state
            .corpus()
            .ids()
            .filter(|&id| is_favoured(state, id).unwrap())
            .collect()
    }

    #[test]
    fn a_replaced_entry_loses_its_mark_and_unchanged_corpus_is_not_culled() {
        let observer = edges_observer();
        let mut state = state(3);
        let mut scheduler = favoured(&observer);
        let big = add(&mut state, &mut scheduler, 100, &[1, 2]);
        let other = add(&mut state, &mut scheduler, 50, &[3]);
        scheduler.next(&mut state).unwrap();
        assert_eq!(marked(&state), vec![big, other]);
        // A smaller entry reaching the same edges takes them over: the
        // big one is no longer top-rated for anything and must lose its
        // mark (LibAFL 0.16.1's cull keeps it).
        let small = add(&mut state, &mut scheduler, 10, &[1, 2]);
        scheduler.next(&mut state).unwrap();
        assert_eq!(marked(&state), vec![other, small]);
        let culls = scheduler.culls();
        for _ in 0..20 {
            scheduler.next(&mut state).unwrap();
        }
        assert_eq!(
            scheduler.culls(),
            culls,
            "nothing changed, nothing to recompute"
        );
        // A new edge makes the next selection recompute.
        let new = add(&mut state, &mut scheduler, 1_000, &[7]);
        scheduler.next(&mut state).unwrap();
        assert_eq!(scheduler.culls(), culls + 1);
        assert_eq!(marked(&state), vec![other, small, new]);
    }

    #[test]
    fn marks_of_a_restored_state_are_recomputed() {
        let observer = edges_observer();
        let mut state = state(3);
        let mut first = favoured(&observer);
        let big = add(&mut state, &mut first, 100, &[1]);
        first.next(&mut state).unwrap();
        let small = add(&mut state, &mut first, 10, &[1]);
        assert_eq!(marked(&state), vec![big], "not culled since the addition");
        // A restarted client's scheduler never saw `big` marked.
        let mut restarted = favoured(&observer);
        restarted.next(&mut state).unwrap();
        assert_eq!(marked(&state), vec![small]);
    }

    #[test]
    fn selection_prefers_the_favoured() {
        let observer = edges_observer();
        let mut state = state(3);
        let mut scheduler = favoured(&observer);
        let favoured = add(&mut state, &mut scheduler, 1, &[1, 2, 3]);
        for _ in 0..9 {
            add(&mut state, &mut scheduler, 100, &[1, 2, 3]);
        }
        let picks: Vec<CorpusId> = (0..1_000)
            .map(|_| scheduler.next(&mut state).unwrap())
            .collect();
        let share = picks.iter().filter(|&&id| id == favoured).count() as f64 / 1_000.0;
        // Uniform would give 10%; the favoured share gives 0.9 + 0.1 x 0.1.
        assert!((0.88..0.94).contains(&share), "favoured picked {share}");
    }

    #[test]
    fn power_draws_quick_favoured_entries_more_often() {
        let observer = edges_observer();
        let picks = |power: bool| {
            let mut state = state(5);
            let mut scheduler = favoured(&observer).with_power(power);
            // Each entry is the only one reaching its edge, so both are
            // favoured; one answers in 1 ms, the other in 100 ms (mean
            // 50.5 ms: scores 300 and 75).
            let quick = add_timed(&mut state, &mut scheduler, 10, 1, &[1]);
            let slow = add_timed(&mut state, &mut scheduler, 10, 100, &[2]);
            let picks: Vec<CorpusId> = (0..2_000)
                .map(|_| scheduler.next(&mut state).unwrap())
                .collect();
            let count = |id| picks.iter().filter(|&&p| p == id).count() as f64;
            assert_eq!(marked(&state), vec![quick, slow]);
            count(quick) / count(slow)
        };
        let in_turn = picks(false);
        assert!((0.8..1.25).contains(&in_turn), "in turn: {in_turn}");
        // 300 : 75 among the favoured picks, plus the queue's even share.
        let by_score = picks(true);
        assert!((3.0..4.6).contains(&by_score), "by score: {by_score}");
    }
}
