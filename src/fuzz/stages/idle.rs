//! Idle recovery as a stage: a round that executed nothing counts, and
//! after [`IDLE_ROUNDS`] of them in a row a fresh case joins the corpus.
//!
//! Why: LibAFL skips, for good, the mutational stage of a corpus entry
//! whose mutations crashed the client three times; a corpus of such
//! entries alone (one entry, with coverage off) would spin without
//! executing anything. A fresh case gives it one more.
//!
//! # Invariants
//!
//! - The loop never spins without executing: after [`IDLE_ROUNDS`] rounds
//!   that ran nothing (no execution since this stage last ran) it adds a
//!   fresh case, and a finding that case makes goes to every client.
//! - It runs even when the round's mutational stage was skipped (LibAFL
//!   runs the later stages of a tuple regardless).

use libafl::Error;
use libafl::corpus::Corpus;
use libafl::events::EventFirer;
use libafl::fuzzer::Evaluator;
use libafl::generators::Generator;
use libafl::stages::{Restartable, Stage};
use libafl::state::{HasCorpus, HasExecutions, HasRand, HasSolutions};

use crate::fuzz::events::share::send_solutions_since;
use crate::fuzz::mutate::transformation::CaseGenerator;
use crate::truth::Case;

/// Rounds without an execution after which a fresh case joins the
/// corpus.
pub const IDLE_ROUNDS: usize = 1000;

/// Adds a fresh case after [`IDLE_ROUNDS`] idle rounds (see the module
/// doc).
pub struct RecoverIdle {
    fresh: CaseGenerator,
    /// Executions when the stage last ran.
    execs: u64,
    idle: usize,
}

impl RecoverIdle {
    /// Draws fresh cases from `fresh`; `execs`: the executions so far.
    pub fn new(fresh: CaseGenerator, execs: u64) -> Self {
        RecoverIdle {
            fresh,
            execs,
            idle: 0,
        }
    }
}

impl std::fmt::Debug for RecoverIdle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecoverIdle")
            .field("execs", &self.execs)
            .field("idle", &self.idle)
            .finish_non_exhaustive()
    }
}

impl<E, EM, S, Z> Stage<E, EM, S, Z> for RecoverIdle
where
    EM: EventFirer<Case, S>,
    S: HasExecutions + HasRand + HasSolutions<Case> + HasCorpus<Case>,
    Z: Evaluator<E, EM, Case, S>,
{
    fn perform(
        &mut self,
        fuzzer: &mut Z,
        executor: &mut E,
        state: &mut S,
        manager: &mut EM,
    ) -> Result<(), Error> {
        let execs = *state.executions();
        self.idle = if execs == self.execs {
            self.idle + 1
        } else {
            0
        };
        if self.idle >= IDLE_ROUNDS {
            self.idle = 0;
            let case = self.fresh.generate(state)?;
            let before = state.solutions().count();
            fuzzer.add_input(state, executor, manager, case)?;
            send_solutions_since(before, state, manager)?;
        }
        self.execs = *state.executions();
        Ok(())
    }
}

impl<S> Restartable<S> for RecoverIdle {
    // A fresh case crashing the client again is what LibAFL's restart
    // handles; this stage itself always runs.
    fn should_restart(&mut self, _state: &mut S) -> Result<bool, Error> {
        Ok(true)
    }

    fn clear_progress(&mut self, _state: &mut S) -> Result<(), Error> {
        Ok(())
    }
}
