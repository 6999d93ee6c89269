//! Findings cross between clients, and between joined campaigns, as
//! testcases.
//!
//! LibAFL 0.16.1's broker counts an `Objective` event and forwards it to no
//! one (its `StdLlmpEventHook` handles it; only `NewTestcase` and `Stop` are
//! forwarded, on a node link as well), so a finding stayed with the client
//! that made it. [`ShareFindings`] wraps the mutational stage and reads the
//! solutions corpus ([`FindingCorpus`](crate::fuzz::corpus::findings::FindingCorpus)):
//! each solution the stage's executions added that is a new bug signature
//! (see `feedback::objective`) goes out as a `NewTestcase` without
//! observers. Every
//! other client, of this campaign or of one joined to it, then runs the case
//! on its own solver (LibAFL re-executes a testcase that comes without
//! observers), and its objective writes the finding into its own
//! `findings/` (through its own solutions corpus) when its solver answers
//! it the same way.
//!
//! # Invariants
//!
//! - Only solutions of this client's own executions are sent: the stage
//!   counts those its wrapped stage added, and LibAFL takes in received
//!   events after the stages of a round, never during one. A received
//!   finding goes no further, so each crosses once.
//! - A receiver judges the case by its own run, not by the sender's
//!   verdict: a finding in a campaign's `findings/` is its own solver's.

use libafl::corpus::{Corpus, CorpusId};
use libafl::events::{Event, EventFirer, EventWithStats};
use libafl::executors::ExitKind;
use libafl::stages::{Restartable, Stage};
use libafl::state::{HasCorpus, HasExecutions, HasSolutions};
use libafl::{Error, HasMetadata};

use crate::fuzz::corpus::findings::Found;
use crate::truth::Case;

/// The wrapped stage, then the solutions it added sent to every client.
#[derive(Debug)]
pub struct ShareFindings<ST>(pub ST);

impl<E, EM, S, Z, ST> Stage<E, EM, S, Z> for ShareFindings<ST>
where
    ST: Stage<E, EM, S, Z>,
    EM: EventFirer<Case, S>,
    S: HasSolutions<Case> + HasCorpus<Case> + HasExecutions,
{
    fn perform(
        &mut self,
        fuzzer: &mut Z,
        executor: &mut E,
        state: &mut S,
        manager: &mut EM,
    ) -> Result<(), Error> {
        let before = state.solutions().count();
        let done = self.0.perform(fuzzer, executor, state, manager);
        // Sent even when the stage failed after a finding: it is on disk.
        send_solutions_since(before, state, manager)?;
        done
    }
}

impl<S, ST: Restartable<S>> Restartable<S> for ShareFindings<ST> {
    fn should_restart(&mut self, state: &mut S) -> Result<bool, Error> {
        self.0.should_restart(state)
    }

    fn clear_progress(&mut self, state: &mut S) -> Result<(), Error> {
        self.0.clear_progress(state)
    }
}

/// Sends the solutions after the first `before` that are new bug
/// signatures to every client, as
/// testcases without observers (each receiver runs them itself). Also for
/// executions outside the stages (seeding), which receive nothing either.
pub fn send_solutions_since<EM, S>(
    before: usize,
    state: &mut S,
    manager: &mut EM,
) -> Result<(), Error>
where
    EM: EventFirer<Case, S>,
    S: HasSolutions<Case> + HasCorpus<Case> + HasExecutions,
{
    let new: Vec<CorpusId> = state.solutions().ids().skip(before).collect();
    for id in new {
        // A signature's further examples stay here: the others find their
        // own once they have its first.
        let new_signature = state
            .solutions()
            .get(id)?
            .borrow()
            .metadata::<Found>()
            .is_ok_and(|f| f.new_signature);
        if !new_signature {
            continue;
        }
        let input = state.solutions().cloned_input_for_id(id)?;
        let event = Event::NewTestcase {
            input,
            observers_buf: None,
            exit_kind: ExitKind::Ok,
            corpus_size: state.corpus().count(),
            client_config: manager.configuration(),
            forward_id: None,
        };
        let execs = *state.executions();
        manager.fire(state, EventWithStats::with_current_time(event, execs))?;
    }
    Ok(())
}
