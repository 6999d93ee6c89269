//! Each execution's solver time, noted for the mutators' bandits.
//!
//! The bandits ([`TransformationScheduler`](crate::fuzz::mutate::scheduled::TransformationScheduler),
//! [`SettingsMutator`](crate::fuzz::mutate::settings::SettingsMutator))
//! charge the arms that made an input the seconds the solver spent on it.
//! A mutator sees the state, not the observers; so this scheduler, which
//! LibAFL shows the observers of every execution
//! ([`Scheduler::on_evaluation`]), notes the time the
//! [`VerdictObserver`] recorded as state metadata ([`LastSolverTime`]),
//! which the mutators read in `post_exec`.
//!
//! # Invariants
//!
//! - [`LastSolverTime`] is the solver time of the last execution, written
//!   before any feedback runs on it and before the mutators' `post_exec`;
//!   a testcase taken from another client (no execution) leaves it alone.
//! - Everything else passes through to the inner scheduler untouched.

use libafl::corpus::{CorpusId, Testcase};
use libafl::schedulers::{RemovableScheduler, Scheduler};
use libafl::{Error, HasMetadata};
use libafl_bolts::tuples::{Handle, MatchName};
use serde::{Deserialize, Serialize};

use crate::fuzz::observe::verdict::{VerdictObserver, judged};

/// The solver time of the last execution (state metadata).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastSolverTime {
    /// Nanoseconds inside the solver call.
    pub ns: u64,
}

libafl_bolts::impl_serdeany!(LastSolverTime);

impl LastSolverTime {
    /// The last execution's solver time in `state`, in seconds, or
    /// `default` before the first one (a test's state).
    pub fn secs<S: HasMetadata>(state: &S, default: f64) -> f64 {
        state
            .metadata::<LastSolverTime>()
            .map_or(default, |t| t.ns as f64 / 1e9)
    }
}

/// A scheduler that notes each execution's solver time (see the module
/// doc), then lets `inner` schedule.
pub struct NotingSolverTime<CS> {
    inner: CS,
    verdict: Handle<VerdictObserver>,
}

impl<CS> NotingSolverTime<CS> {
    /// `inner`, noting the times of the observer behind `verdict`.
    pub fn new(inner: CS, verdict: Handle<VerdictObserver>) -> Self {
        NotingSolverTime { inner, verdict }
    }
}

impl<CS, I, S> Scheduler<I, S> for NotingSolverTime<CS>
where
    CS: Scheduler<I, S>,
    S: HasMetadata,
{
    fn on_add(&mut self, state: &mut S, id: CorpusId) -> Result<(), Error> {
        self.inner.on_add(state, id)
    }

    fn on_evaluation<OT>(&mut self, state: &mut S, input: &I, observers: &OT) -> Result<(), Error>
    where
        OT: MatchName,
    {
        let ns = judged(observers, &self.verdict)?.solver_ns;
        *state.metadata_or_insert_with(LastSolverTime::default) = LastSolverTime { ns };
        self.inner.on_evaluation(state, input, observers)
    }

    fn next(&mut self, state: &mut S) -> Result<CorpusId, Error> {
        self.inner.next(state)
    }

    fn set_current_scheduled(
        &mut self,
        state: &mut S,
        next_id: Option<CorpusId>,
    ) -> Result<(), Error> {
        self.inner.set_current_scheduled(state, next_id)
    }
}

impl<CS, I, S> RemovableScheduler<I, S> for NotingSolverTime<CS>
where
    CS: RemovableScheduler<I, S>,
{
    fn on_remove(
        &mut self,
        state: &mut S,
        id: CorpusId,
        testcase: &Option<Testcase<I>>,
    ) -> Result<(), Error> {
        self.inner.on_remove(state, id, testcase)
    }

    fn on_replace(&mut self, state: &mut S, id: CorpusId, prev: &Testcase<I>) -> Result<(), Error> {
        self.inner.on_replace(state, id, prev)
    }
}

#[cfg(test)]
mod tests {
    use libafl::executors::ExitKind;
    use libafl::observers::Observer;
    use libafl::schedulers::QueueScheduler;
    use libafl::state::NopState;
    use libafl_bolts::tuples::tuple_list;

    use super::*;
    use crate::execute::judged::Judged;
    use crate::fuzz::observe::slot::ResultSlot;
    use crate::oracle::Verdict;
    use crate::truth::Case;

    #[test]
    fn each_execution_leaves_its_solver_time_for_the_bandits() {
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new().unwrap()));
        let observer = VerdictObserver::new(slot, 1);
        let mut scheduler = NotingSolverTime::new(QueueScheduler::new(), observer.verdict_handle());
        let mut observers = tuple_list!(observer);
        let mut state = NopState::<Case>::new();
        assert_eq!(LastSolverTime::secs(&state, 0.5), 0.5);
        let case = crate::fuzz::observe::verdict::tests::a_case();
        for ns in [3_000_000_000, 7_000_000] {
            Observer::<Case, ()>::pre_exec(&mut observers.0, &mut (), &case).unwrap();
            slot.store(&Judged::new(Verdict::Unknown, "unknown\n", ns));
            Observer::<Case, ()>::post_exec(&mut observers.0, &mut (), &case, &ExitKind::Ok)
                .unwrap();
            Scheduler::<Case, _>::on_evaluation(&mut scheduler, &mut state, &case, &observers)
                .unwrap();
            assert_eq!(LastSolverTime::secs(&state, 0.5), ns as f64 / 1e9);
        }
    }
}
