//! Every execution handed to the record stage: a LibAFL feedback that
//! never makes an input interesting and writes nothing. It queues each
//! execution's case and verdict as state metadata ([`Unrecorded`]);
//! [`RecordStage`](crate::fuzz::stages::record::RecordStage) counts them
//! (`stats.jsonl`, the live line) and writes what is no finding but worth
//! a look.
//!
//! Why a feedback at all, when it decides nothing: it runs beside the
//! objective, and LibAFL runs the objective on every execution (the
//! mutational stage's, the seeds', a testcase taken from another client
//! with its observers, and the one the crash and timeout handlers judge
//! before a restart), while a stage sees only the executions of its own
//! round. So this is the one place that sees them all; the stage, which
//! runs once per round, and the loop, after seeding and at the end, empty
//! the queue.
//!
//! # Invariants
//!
//! - Every execution is queued exactly once, here, in the parent process
//!   (a fork child's would be lost), in the order LibAFL judged them.
//! - The queue is state metadata: a client restarted after a crash
//!   records, after the restart, what it judged before it.

use std::borrow::Cow;

use libafl::Error;
use libafl::HasMetadata;
use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl_bolts::Named;
use libafl_bolts::tuples::{Handle, MatchName};
use serde::{Deserialize, Serialize};

use crate::execute::judged::Judged;
use crate::fuzz::observe::verdict::{VerdictObserver, judged};
use crate::fuzz::stats::{CampaignStats, now_unix};
use crate::truth::Case;

/// What the record stage has yet to count and write, oldest first (state
/// metadata).
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Unrecorded {
    /// The records, in the order they were judged.
    pub records: Vec<Record>,
}

libafl_bolts::impl_serdeany!(Unrecorded);

/// One thing to record.
#[derive(Debug, Serialize, Deserialize)]
pub enum Record {
    /// An execution: its case and what it was judged.
    Executed {
        /// The input.
        case: Case,
        /// Its result (boxed: it is most of the record's size).
        judged: Box<Judged>,
    },
    /// A case the corpus kept (see [`KeptVerdicts`](super::kept::KeptVerdicts)),
    /// and its verdict kind.
    Kept {
        /// The case.
        case: Case,
        /// The verdict kind of the execution that kept it.
        kind: String,
    },
}

/// Queues `record` for the record stage in `state`.
pub fn queue<S: HasMetadata>(state: &mut S, record: Record) {
    state
        .metadata_or_insert_with(Unrecorded::default)
        .records
        .push(record);
}

/// Hands every execution to the record stage (see the module doc).
pub struct RecordFeedback {
    verdict: Handle<VerdictObserver>,
}

impl RecordFeedback {
    /// Queues what the observer behind `verdict` judged.
    pub fn new(verdict: Handle<VerdictObserver>) -> Self {
        RecordFeedback { verdict }
    }
}

impl Named for RecordFeedback {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("record");
        &NAME
    }
}

impl<S: HasMetadata> StateInitializer<S> for RecordFeedback {
    fn init_state(&mut self, state: &mut S) -> Result<(), Error> {
        state.metadata_or_insert_with(|| CampaignStats {
            started_unix: now_unix(),
            ..Default::default()
        });
        Ok(())
    }
}

impl<EM, OT: MatchName, S: HasMetadata> Feedback<EM, Case, OT, S> for RecordFeedback {
    fn is_interesting(
        &mut self,
        state: &mut S,
        _manager: &mut EM,
        input: &Case,
        observers: &OT,
        _exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        let judged = Box::new(judged(observers, &self.verdict)?.clone());
        queue(
            state,
            Record::Executed {
                case: input.clone(),
                judged,
            },
        );
        Ok(false)
    }
}
