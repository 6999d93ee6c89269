//! A formula-size limit that starts at the largest seed and grows only
//! while coverage stalls (libFuzzer's `-len_control`, in formula nodes).
//!
//! Why: a guided campaign's new corpus entries grow several times the size
//! of its first ones, every query on them slower, answered ones included,
//! and the campaign's rate falls with them. The transformations (term synthesis, crossover)
//! grow formulas, and a larger formula reaches a rare edge by sheer bulk
//! first; nothing below [`MAX_FORMULA_SIZE`] stopped them. With the limit,
//! larger formulas come only once the smaller ones stop finding edges.
//!
//! The rule is libFuzzer's: after `LEN_CONTROL × ln(limit)` executions
//! without a new edge, the limit grows by `ln(limit)` nodes (at least one)
//! and the count starts again. libFuzzer counts from the last new corpus
//! entry; here the formula's features, the solver's statistics and the
//! value profile add entries without a new edge, so edges are counted.
//!
//! Opt-in: it delayed the large entries without more edges (figures:
//! `docs/measured/fuzz.md`, "Size limit"); a slower growth is untried.
//!
//! # Invariants
//!
//! - The limit never falls, never exceeds [`MAX_FORMULA_SIZE`], and is at
//!   least the size of the largest formula it started from.
//! - It lives in the state's metadata, so a restarted client keeps it.
//! - A mutation whose result exceeds the limit is skipped and leaves the
//!   input alone, as one past [`MAX_FORMULA_SIZE`] always was.

use libafl::HasMetadata;
use serde::{Deserialize, Serialize};

use crate::transform::MAX_FORMULA_SIZE;

/// Executions without a new edge per unit of `ln(limit)` before the limit
/// grows: libFuzzer's default `-len_control=100`.
pub const LEN_CONTROL: f64 = 100.0;

/// The smallest starting limit: a corpus of tiny seeds still leaves the
/// transformations room to apply at all.
pub const MIN_START: usize = 32;

/// The current limit and when coverage last grew.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SizeLimit {
    nodes: usize,
    edges: usize,
    since: u64,
}

libafl_bolts::impl_serdeany!(SizeLimit);

impl SizeLimit {
    /// A limit of `largest` nodes (at least [`MIN_START`], at most
    /// [`MAX_FORMULA_SIZE`]), with `edges` covered after `execs`
    /// executions.
    pub fn new(largest: usize, edges: usize, execs: u64) -> Self {
        SizeLimit {
            nodes: largest.clamp(MIN_START, MAX_FORMULA_SIZE),
            edges,
            since: execs,
        }
    }

    /// The limit, in formula nodes.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// Takes the edges covered after `execs` executions: a new edge starts
    /// the count again; a stall long enough grows the limit. Returns
    /// whether it grew.
    pub fn update(&mut self, edges: usize, execs: u64) -> bool {
        if edges > self.edges {
            self.edges = edges;
            self.since = execs;
            return false;
        }
        let ln = (self.nodes as f64).ln();
        if self.nodes >= MAX_FORMULA_SIZE
            || (execs.saturating_sub(self.since) as f64) <= LEN_CONTROL * ln
        {
            return false;
        }
        self.nodes = (self.nodes + (ln as usize).max(1)).min(MAX_FORMULA_SIZE);
        self.since = execs;
        true
    }
}

/// The largest formula a mutation may make in `state`: its [`SizeLimit`],
/// else [`MAX_FORMULA_SIZE`].
pub fn size_limit<S: HasMetadata>(state: &S) -> usize {
    state
        .metadata::<SizeLimit>()
        .map_or(MAX_FORMULA_SIZE, |l| l.nodes.min(MAX_FORMULA_SIZE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_grows_only_after_a_stall_and_by_its_log() {
        let mut l = SizeLimit::new(100, 500, 0);
        // ln(100) = 4.6: 460 executions without a new edge.
        assert!(!l.update(500, 460));
        assert!(l.update(500, 461));
        assert_eq!(l.nodes(), 104);
        // The count starts again from the growth.
        assert!(!l.update(500, 900));
        // A new edge restarts the count: no growth 461 executions later.
        assert!(!l.update(501, 1_000));
        assert!(!l.update(501, 1_400));
        assert_eq!(l.nodes(), 104);
        assert!(l.update(501, 1_465));
        assert_eq!(l.nodes(), 108);
    }

    #[test]
    fn the_limit_stays_within_its_bounds() {
        assert_eq!(SizeLimit::new(3, 0, 0).nodes(), MIN_START);
        assert_eq!(
            SizeLimit::new(10 * MAX_FORMULA_SIZE, 0, 0).nodes(),
            MAX_FORMULA_SIZE
        );
        let mut l = SizeLimit::new(MAX_FORMULA_SIZE - 1, 0, 0);
        let mut execs = 0;
        for _ in 0..10 {
            execs += 10_000;
            l.update(0, execs);
        }
        assert_eq!(l.nodes(), MAX_FORMULA_SIZE);
        // Edges never go back: fewer seen (a restarted tally) is no gain.
        let mut m = SizeLimit::new(100, 50, 0);
        assert!(m.update(10, 10_000));
    }

    #[test]
    fn without_a_limit_the_state_admits_up_to_the_maximum() {
        use libafl::corpus::InMemoryCorpus;
        use libafl::feedbacks::ConstFeedback;
        use libafl::state::StdState;
        use libafl_bolts::rands::StdRand;
        let mut state = StdState::new(
            StdRand::with_seed(1),
            InMemoryCorpus::<crate::truth::Case>::new(),
            InMemoryCorpus::new(),
            &mut ConstFeedback::new(false),
            &mut ConstFeedback::new(false),
        )
        .unwrap();
        assert_eq!(size_limit(&state), MAX_FORMULA_SIZE);
        state.add_metadata(SizeLimit::new(40, 0, 0));
        assert_eq!(size_limit(&state), 40);
    }
}
