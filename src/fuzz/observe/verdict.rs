//! The verdict on the last execution, as a LibAFL observer that owns it.
//!
//! The harness leaves its result in the [`ResultSlot`] (a shared page, so
//! it crosses `fork`); after each execution this observer reads the slot
//! together with the executor's [`ExitKind`] and decides the verdict once.
//! The feedbacks read it through a [`Handle`] (`observers.get(&handle)`),
//! as LibAFL's own feedbacks read a map: no feedback depends on another
//! having run first.
//!
//! # Invariants
//!
//! - `pre_exec` clears the slot and the verdict, so a result is never
//!   carried over from an earlier execution: an execution that died
//!   (signal, `exit()` inside the solver) leaves the slot empty and is a
//!   crash.
//! - Reading the slot does not consume it: under `fork`, LibAFL 0.16 runs
//!   `post_exec` in the child and again in the parent, and both must see
//!   the child's result.
//! - The verdict is serialized with the observer, so a client that takes a
//!   testcase from another over LLMP judges it by the verdict that came
//!   with it, not by its own slot.

use std::borrow::Cow;

use libafl::Error;
use libafl::executors::ExitKind;
use libafl::observers::Observer;
use libafl_bolts::Named;
use libafl_bolts::tuples::{Handle, Handled, MatchName, MatchNameRef};
use serde::{Deserialize, Serialize};

use super::slot::ResultSlot;
use crate::oracle::Verdict;

/// One judged execution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The start of the solver's output (or why there is none).
    pub output: String,
    /// Time inside the solver call, nanoseconds.
    pub solver_ns: u64,
    /// A warm context's finding that a fresh one did not repeat; the
    /// verdict is the fresh one's (see `harness`).
    #[serde(default)]
    pub history_dependent: bool,
}

impl Judged {
    /// The verdict of an execution that ended with `exit_kind`, given what
    /// the harness left in the slot (`None`: it did not finish).
    pub fn of(
        exit_kind: &ExitKind,
        finished: Option<super::slot::Finished>,
        hard_timeout_ns: u64,
    ) -> Judged {
        let history_dependent = finished.as_ref().is_some_and(|f| f.history_dependent);
        let (verdict, output, solver_ns) = match (exit_kind, finished) {
            (ExitKind::Timeout, _) => (
                Verdict::Timeout,
                "killed at the hard timeout".to_string(),
                hard_timeout_ns,
            ),
            (ExitKind::Ok, Some(f)) => (f.verdict, f.output, f.solver_ns),
            (ExitKind::Ok, None) => (
                Verdict::Crash(
                    "the solver ended its process without answering (exit() inside the library?)"
                        .into(),
                ),
                String::new(),
                0,
            ),
            (other, _) => (
                Verdict::Crash(format!(
                    "the solver process died ({other:?}: a signal, abort or memory exhaustion)"
                )),
                String::new(),
                0,
            ),
        };
        Judged {
            verdict,
            output,
            solver_ns,
            history_dependent: history_dependent && *exit_kind == ExitKind::Ok,
        }
    }

    /// Whether the solver decided the query (correctly, or leaving out a
    /// model or noise in its core): only such queries may enter the corpus.
    pub fn answered(&self) -> bool {
        matches!(
            self.verdict,
            Verdict::Correct { .. } | Verdict::ImpreciseCore { .. } | Verdict::Incomplete(_)
        )
    }
}

/// Observes the verdict of each execution.
#[derive(Debug, Serialize, Deserialize)]
pub struct VerdictObserver {
    name: Cow<'static, str>,
    /// Not serialized: a deserialized observer (from another client) only
    /// carries its verdict.
    #[serde(skip)]
    slot: Option<&'static ResultSlot>,
    hard_timeout_ns: u64,
    last: Option<Judged>,
}

impl VerdictObserver {
    /// Reads the harness's results from `slot`; `hard_timeout_ns` is the
    /// solver time recorded for a killed execution.
    pub fn new(slot: &'static ResultSlot, hard_timeout_ns: u64) -> Self {
        VerdictObserver {
            name: Cow::Borrowed("verdict"),
            slot: Some(slot),
            hard_timeout_ns,
            last: None,
        }
    }

    /// The last execution's verdict (`None` before the first one ends).
    pub fn last(&self) -> Option<&Judged> {
        self.last.as_ref()
    }

    /// The handle feedbacks read this observer by.
    pub fn verdict_handle(&self) -> Handle<Self> {
        self.handle()
    }
}

impl Named for VerdictObserver {
    fn name(&self) -> &Cow<'static, str> {
        &self.name
    }
}

impl<I, S> Observer<I, S> for VerdictObserver {
    fn pre_exec(&mut self, _state: &mut S, _input: &I) -> Result<(), Error> {
        self.last = None;
        if let Some(slot) = self.slot {
            slot.clear();
        }
        Ok(())
    }

    fn post_exec(&mut self, _state: &mut S, _input: &I, exit_kind: &ExitKind) -> Result<(), Error> {
        if let Some(slot) = self.slot {
            self.last = Some(Judged::of(exit_kind, slot.read(), self.hard_timeout_ns));
        }
        Ok(())
    }
}

/// The verdict the observer behind `handle` decided for the last
/// execution. Missing is our bug, never the solver's: an error, not a
/// verdict that could become a false alarm.
pub fn judged<'a, OT: MatchName>(
    observers: &'a OT,
    handle: &Handle<VerdictObserver>,
) -> Result<&'a Judged, Error> {
    observers
        .get(handle)
        .ok_or_else(|| Error::illegal_state("the verdict observer is not in the executor's tuple"))?
        .last()
        .ok_or_else(|| Error::illegal_state("no verdict: the observers did not run"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::truth::Status;

    fn slot() -> &'static ResultSlot {
        Box::leak(Box::new(ResultSlot::new().unwrap()))
    }

    #[test]
    fn the_verdict_is_read_after_the_execution_and_twice_under_fork() {
        let slot = slot();
        let mut obs = VerdictObserver::new(slot, 7);
        Observer::<(), ()>::pre_exec(&mut obs, &mut (), &()).unwrap();
        let unsound = Verdict::Unsound {
            expected: Status::Sat,
            got: Status::Unsat,
        };
        slot.store(&unsound, "unsat\n", 3);
        // The child's post_exec, then the parent's: both see the result.
        for _ in 0..2 {
            Observer::<(), ()>::post_exec(&mut obs, &mut (), &(), &ExitKind::Ok).unwrap();
            let judged = obs.last().unwrap();
            assert_eq!(judged.verdict, unsound);
            assert_eq!(judged.solver_ns, 3);
            assert!(!judged.answered());
        }
    }

    #[test]
    fn no_result_is_carried_into_the_next_execution() {
        let slot = slot();
        let mut obs = VerdictObserver::new(slot, 7);
        slot.store(&Verdict::Unknown, "unknown\n", 1);
        // The next execution dies before the harness stores anything.
        Observer::<(), ()>::pre_exec(&mut obs, &mut (), &()).unwrap();
        assert!(obs.last().is_none());
        Observer::<(), ()>::post_exec(&mut obs, &mut (), &(), &ExitKind::Ok).unwrap();
        assert!(matches!(obs.last().unwrap().verdict, Verdict::Crash(_)));
        Observer::<(), ()>::post_exec(&mut obs, &mut (), &(), &ExitKind::Timeout).unwrap();
        let judged = obs.last().unwrap();
        assert_eq!(
            (judged.verdict.clone(), judged.solver_ns),
            (Verdict::Timeout, 7)
        );
    }

    #[test]
    fn a_deserialized_observer_keeps_its_verdict() {
        let slot = slot();
        let mut obs = VerdictObserver::new(slot, 7);
        Observer::<(), ()>::pre_exec(&mut obs, &mut (), &()).unwrap();
        let sat = Verdict::Correct {
            status: Status::Sat,
            check: None,
        };
        slot.store(&sat, "sat\n", 2);
        Observer::<(), ()>::post_exec(&mut obs, &mut (), &(), &ExitKind::Ok).unwrap();
        let bytes = postcard::to_allocvec(&obs).unwrap();
        let mut remote: VerdictObserver = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(remote.last(), obs.last());
        assert!(remote.last().unwrap().answered());
        // With no slot of its own, running it changes nothing.
        Observer::<(), ()>::post_exec(&mut remote, &mut (), &(), &ExitKind::Crash).unwrap();
        assert_eq!(remote.last(), obs.last());
    }
}
