//! Edge coverage, tallied for reporting: which edges any execution has
//! covered ([`EdgeSet`], `edges.txt`) and, for the rare-edge selection,
//! how often each was reached.
//!
//! # Invariants
//!
//! - The tally never makes an input interesting (that is the map
//!   feedback's job), so it reports coverage the same way whether coverage
//!   steers the campaign or not.

use std::borrow::Cow;

use libafl::Error;
use libafl::HasMetadata;
use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl_bolts::Named;
use serde::{Deserialize, Serialize};

/// Which edges any execution has covered, for reporting.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct EdgeSet {
    /// One byte per edge: covered or not.
    pub seen: Vec<u8>,
    /// Edges covered.
    pub count: usize,
    /// Per edge, the executions that reached it (saturating): how rare it
    /// is, for [`crate::fuzz::schedule::rare`]. Empty unless the tally counts reaches.
    #[serde(default)]
    pub hits: Vec<u32>,
}

libafl_bolts::impl_serdeany!(EdgeSet);

/// The file in the output folder that lists the covered edges.
pub const EDGES_FILE: &str = "edges.txt";

impl EdgeSet {
    /// The covered edges as `first-last` ranges of map indexes, one per
    /// line (a single edge: `first`): what `scripts/edges-by-function.sh`
    /// maps back to the solver's functions, and what two campaigns on the
    /// same build compare edge by edge.
    pub fn ranges(&self) -> String {
        let mut text = String::new();
        let mut i = 0;
        while i < self.seen.len() {
            if self.seen[i] == 0 {
                i += 1;
                continue;
            }
            let first = i;
            while i + 1 < self.seen.len() && self.seen[i + 1] != 0 {
                i += 1;
            }
            if first == i {
                text.push_str(&format!("{first}\n"));
            } else {
                text.push_str(&format!("{first}-{i}\n"));
            }
            i += 1;
        }
        text
    }

    /// Writes [`EdgeSet::ranges`] to `out/`[`EDGES_FILE`] (atomically).
    pub fn write(&self, out: &std::path::Path) -> std::io::Result<()> {
        crate::finding::write_atomically(&out.join(EDGES_FILE), self.ranges().as_bytes(), false)
    }
}

/// Tallies the covered edges of every execution; never makes an input
/// interesting (that is the map feedback's job), so it reports coverage
/// the same way whether coverage steers the campaign or not.
pub struct EdgeTally {
    map: *const u8,
    len: usize,
    /// Whether to count each edge's reaches (`EdgeSet::hits`).
    reaches: bool,
}

impl EdgeTally {
    /// Reads the edge map at `map` with `len` entries (0: coverage off).
    ///
    /// # Safety
    ///
    /// `map` must stay valid for `len` bytes while the feedback is used.
    pub unsafe fn new(map: *const u8, len: usize) -> Self {
        EdgeTally {
            map,
            len,
            reaches: false,
        }
    }

    /// Also counts, per edge, the executions that reached it: only the
    /// rare-edge selection reads them, so without it the hot path skips
    /// the count and the saved state its 4 bytes per edge.
    pub fn counting_reaches(mut self, on: bool) -> Self {
        self.reaches = on;
        self
    }
}

impl Named for EdgeTally {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("edge-tally");
        &NAME
    }
}

impl<S: HasMetadata> StateInitializer<S> for EdgeTally {}

impl<EM, I, OT, S: HasMetadata> Feedback<EM, I, OT, S> for EdgeTally {
    fn is_interesting(
        &mut self,
        state: &mut S,
        _manager: &mut EM,
        _input: &I,
        _observers: &OT,
        _exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        if self.len == 0 {
            return Ok(false);
        }
        let len = self.len;
        let set = state.metadata_or_insert_with(|| EdgeSet {
            seen: vec![0; len],
            count: 0,
            hits: Vec::new(),
        });
        if self.reaches {
            // First use, or a state saved before `hits` existed.
            set.hits.resize(len, 0);
        }
        // SAFETY: per `new`'s contract.
        let map = unsafe { std::slice::from_raw_parts(self.map, self.len) };
        for (at, (chunk, seen)) in map.chunks(8).zip(set.seen.chunks_mut(8)).enumerate() {
            if chunk.iter().all(|&b| b == 0) {
                continue;
            }
            for (i, (&hit, s)) in chunk.iter().zip(seen.iter_mut()).enumerate() {
                if hit != 0 {
                    if self.reaches {
                        let h = &mut set.hits[at * 8 + i];
                        *h = h.saturating_add(1);
                    }
                    if *s == 0 {
                        *s = 1;
                        set.count += 1;
                    }
                }
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One execution's worth of `tally` on `state`: whether it kept the
    /// input.
    fn tally_once(tally: &mut EdgeTally, state: &mut libafl::state::NopState<()>) -> bool {
        Feedback::<(), (), (), _>::is_interesting(tally, state, &mut (), &(), &(), &ExitKind::Ok)
            .unwrap()
    }

    #[test]
    fn the_tally_counts_edges_once_and_reaches_per_execution() {
        use libafl::state::NopState;
        let mut map = [0u8; 20];
        let mut state = NopState::<()>::new();
        for edges in [&[1usize, 9, 17][..], &[9, 10], &[9]] {
            map.fill(0);
            for &e in edges {
                // A hit count, not a flag: any non-zero byte is a reach.
                map[e] = 3;
            }
            // SAFETY: the map outlives this execution's feedback (made
            // anew after each write to the map).
            let mut tally =
                unsafe { EdgeTally::new(map.as_ptr(), map.len()) }.counting_reaches(true);
            assert!(
                !tally_once(&mut tally, &mut state),
                "the tally never keeps an input"
            );
        }
        let set = state.metadata::<EdgeSet>().unwrap();
        assert_eq!(set.count, 4);
        let reached: Vec<(usize, u32)> = set
            .hits
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h > 0)
            .map(|(e, &h)| (e, h))
            .collect();
        assert_eq!(reached, vec![(1, 1), (9, 3), (10, 1), (17, 1)]);
        assert_eq!(set.ranges(), "1\n9-10\n17\n");
    }

    #[test]
    fn without_reach_counting_the_tally_keeps_no_counts() {
        use libafl::state::NopState;
        let mut map = [0u8; 20];
        map[3] = 1;
        let mut state = NopState::<()>::new();
        // SAFETY: the map outlives the feedback.
        let mut tally = unsafe { EdgeTally::new(map.as_ptr(), map.len()) };
        tally_once(&mut tally, &mut state);
        let set = state.metadata::<EdgeSet>().unwrap();
        assert_eq!((set.count, set.hits.len()), (1, 0));
    }
}
