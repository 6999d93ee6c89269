//! The formula-size limit's growth (`--len-control`, see
//! [`crate::fuzz::mutate::size_limit`]) as a stage: after each round's
//! executions, the limit takes the edges covered and the executions run,
//! and grows after a stall.
//!
//! # Invariants
//!
//! - Started ([`GrowSizeLimit::start`]) after seeding and before the first
//!   round, the limit is at least the largest formula in the corpus; a
//!   restarted client keeps the limit its state holds.
//! - Off, it never touches the state: mutations are bounded by
//!   [`MAX_FORMULA_SIZE`](crate::transform::MAX_FORMULA_SIZE) alone.

use libafl::corpus::Corpus;
use libafl::stages::{Restartable, Stage};
use libafl::state::{HasCorpus, HasExecutions};
use libafl::{Error, HasMetadata};

use crate::fuzz::feedback::edges::EdgeSet;
use crate::fuzz::mutate::size_limit::SizeLimit;
use crate::transform::formula_size;
use crate::truth::Case;

/// Grows the size limit while edges stall (see the module doc).
#[derive(Debug)]
pub struct GrowSizeLimit {
    on: bool,
}

impl GrowSizeLimit {
    /// The stage, `on` or not; on, a state without a limit gets one of the
    /// largest formula in its corpus, and the campaign says so.
    pub fn start<S>(state: &mut S, on: bool) -> Result<Self, Error>
    where
        S: HasMetadata + HasCorpus<Case> + HasExecutions,
    {
        if on && state.metadata::<SizeLimit>().is_err() {
            let largest = largest_formula(state)?;
            let edges = state.metadata::<EdgeSet>().map_or(0, |e| e.count);
            let limit = SizeLimit::new(largest, edges, *state.executions());
            eprintln!(
                "size limit: {} formula nodes to start (--len-control)",
                limit.nodes()
            );
            state.add_metadata(limit);
        }
        Ok(GrowSizeLimit { on })
    }
}

/// The size of the largest formula in the corpus of `state` (0 if empty).
fn largest_formula<S: HasCorpus<Case>>(state: &S) -> Result<usize, Error> {
    let mut largest = 0;
    for id in state.corpus().ids() {
        let case = state.corpus().cloned_input_for_id(id)?;
        largest = largest.max(formula_size(&case.formula));
    }
    Ok(largest)
}

impl<E, EM, S, Z> Stage<E, EM, S, Z> for GrowSizeLimit
where
    S: HasMetadata + HasExecutions,
{
    fn perform(
        &mut self,
        _fuzzer: &mut Z,
        _executor: &mut E,
        state: &mut S,
        _manager: &mut EM,
    ) -> Result<(), Error> {
        if self.on {
            let edges = state.metadata::<EdgeSet>().map_or(0, |e| e.count);
            let execs = *state.executions();
            state.metadata_mut::<SizeLimit>()?.update(edges, execs);
        }
        Ok(())
    }
}

impl<S> Restartable<S> for GrowSizeLimit {
    // It runs no target: it always runs.
    fn should_restart(&mut self, _state: &mut S) -> Result<bool, Error> {
        Ok(true)
    }

    fn clear_progress(&mut self, _state: &mut S) -> Result<(), Error> {
        Ok(())
    }
}
