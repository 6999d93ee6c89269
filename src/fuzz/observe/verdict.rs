//! The one observer of an execution's result: it owns the
//! [`ResultSlot`] the harness's result crosses `fork` in, reads it once
//! after each execution, and keeps the [`Judged`] result; the feedbacks
//! read it through it, by [`Handle`] (`observers.get(&handle)`), as
//! LibAFL's own feedbacks read a map. From the same read it fills the
//! maps of the formula's features and of the solver's statistics, which
//! LibAFL's map feedbacks read like an edge map.
//!
//! # Invariants
//!
//! - The verdict is decided by the harness ([`Judged`]) for an execution
//!   that finished, and here, from LibAFL's [`ExitKind`], for one that did
//!   not ([`judged_after`]): nowhere else. No feedback depends on another
//!   having run first.
//! - `pre_exec` clears the slot and the verdict, so a result is never
//!   carried over from an earlier execution: an execution that died
//!   (signal, `exit()` inside the solver) leaves the slot empty and is a
//!   crash.
//! - Reading the slot does not consume it: under `fork`, LibAFL 0.16 runs
//!   `post_exec` in the child and again in the parent, and both must see
//!   the child's result (and fill the same maps from it).
//! - The verdict is serialized with the observer, so a client that takes a
//!   testcase from another over LLMP judges it by the verdict that came
//!   with it, not by its own slot; the maps travel in their own observers.

use std::borrow::Cow;

use libafl::Error;
use libafl::executors::ExitKind;
use libafl::observers::Observer;
use libafl_bolts::Named;
use libafl_bolts::tuples::{Handle, Handled, MatchName, MatchNameRef};
use serde::{Deserialize, Serialize};

use super::features::{FEATURES, features};
use super::slot::ResultSlot;
use super::statistics::{STATISTICS, counters, index};
use crate::execute::judged::Judged;
use crate::oracle::{Crash, Verdict};
use crate::truth::Case;

/// The result of an execution that ended with `exit_kind`, given what the
/// harness left in the slot (`None`: it did not finish).
pub fn judged_after(
    exit_kind: &ExitKind,
    finished: Option<Judged>,
    input: &Case,
    hard_timeout_ns: u64,
) -> Judged {
    match (exit_kind, finished) {
        (ExitKind::Ok, Some(judged)) => judged,
        (ExitKind::Timeout, _) => Judged::new(
            Verdict::Timeout,
            "killed at the hard timeout",
            hard_timeout_ns,
        ),
        (ExitKind::Ok, None) => Judged::on(
            input,
            Verdict::Crash(Crash::new(
                "the solver ended its process without answering (exit() inside the library?)",
            )),
            None,
            "",
            0,
        ),
        (other, _) => Judged::on(
            input,
            Verdict::Crash(Crash::new(format!(
                "the solver process died ({other:?}: a signal, abort or memory exhaustion)"
            ))),
            None,
            "",
            0,
        ),
    }
}

/// A map the observer fills: its start and length.
type MapAt = (*mut u8, usize);

/// Observes the result of each execution.
#[derive(Debug, Serialize, Deserialize)]
pub struct VerdictObserver {
    name: Cow<'static, str>,
    /// Not serialized: a deserialized observer (from another client) only
    /// carries its verdict.
    #[serde(skip)]
    slot: Option<&'static ResultSlot>,
    #[serde(skip)]
    features: Option<MapAt>,
    #[serde(skip)]
    statistics: Option<MapAt>,
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
            features: None,
            statistics: None,
            hard_timeout_ns,
            last: None,
        }
    }

    /// Also fills the [`FEATURES`] bytes at `map` with the features of each
    /// execution (see [`features`](super::features)).
    ///
    /// # Safety
    ///
    /// `map` must stay valid for [`FEATURES`] bytes while the observer is
    /// used, and be read (by a map observer) only between executions.
    pub unsafe fn filling_features(mut self, map: *mut u8) -> Self {
        self.features = Some((map, FEATURES));
        self
    }

    /// Also fills the [`STATISTICS`] bytes at `map` with the solver's
    /// counters after each execution (see [`statistics`](super::statistics)).
    ///
    /// # Safety
    ///
    /// As [`VerdictObserver::filling_features`], for [`STATISTICS`] bytes.
    pub unsafe fn filling_statistics(mut self, map: *mut u8) -> Self {
        self.statistics = Some((map, STATISTICS));
        self
    }

    /// The last execution's result (`None` before the first one ends).
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

impl<S> Observer<Case, S> for VerdictObserver {
    fn pre_exec(&mut self, _state: &mut S, _input: &Case) -> Result<(), Error> {
        self.last = None;
        if let Some(slot) = self.slot {
            slot.clear();
        }
        Ok(())
    }

    fn post_exec(
        &mut self,
        _state: &mut S,
        input: &Case,
        exit_kind: &ExitKind,
    ) -> Result<(), Error> {
        let Some(slot) = self.slot else {
            return Ok(());
        };
        let judged = judged_after(exit_kind, slot.read(), input, self.hard_timeout_ns);
        if let Some((ptr, len)) = self.features {
            // SAFETY: per `filling_features`' contract.
            let map = unsafe { std::slice::from_raw_parts_mut(ptr, len) };
            map.fill(0);
            for i in features(input, judged.verdict.kind(), judged.solver_ns) {
                map[i] = 1;
            }
        }
        if let Some((ptr, len)) = self.statistics {
            // SAFETY: per `filling_statistics`' contract.
            let map = unsafe { std::slice::from_raw_parts_mut(ptr, len) };
            map.fill(0);
            for (name, value) in counters(slot.statistics().unwrap_or("")) {
                map[index(name, value)] = 1;
            }
        }
        self.last = Some(judged);
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
pub(crate) mod tests {
    use super::*;
    use crate::fuzz::observe::statistics::tests::PRINTED;
    use crate::truth::Status;

    fn slot() -> &'static ResultSlot {
        Box::leak(Box::new(ResultSlot::new().unwrap()))
    }

    /// A case to run the observer on.
    pub(crate) fn a_case() -> Case {
        use rand::SeedableRng;

        use crate::generate::Generator;
        crate::source::RandomCaseGenerator::new(crate::generate::ConstantPool::paper())
            .unwrap()
            .next(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1))
    }

    #[test]
    fn the_verdict_is_read_after_the_execution_and_twice_under_fork() {
        let case = a_case();
        let slot = slot();
        let mut obs = VerdictObserver::new(slot, 7);
        Observer::<Case, ()>::pre_exec(&mut obs, &mut (), &case).unwrap();
        let unsound = Verdict::Unsound {
            expected: Status::Sat,
            got: Status::Unsat,
        };
        slot.store(&Judged::new(unsound.clone(), "unsat\n", 3));
        // The child's post_exec, then the parent's: both see the result.
        for _ in 0..2 {
            Observer::<Case, ()>::post_exec(&mut obs, &mut (), &case, &ExitKind::Ok).unwrap();
            let judged = obs.last().unwrap();
            assert_eq!(judged.verdict, unsound);
            assert_eq!(judged.solver_ns, 3);
            assert!(!judged.answered());
        }
    }

    #[test]
    fn no_result_is_carried_into_the_next_execution() {
        let case = a_case();
        let slot = slot();
        let mut obs = VerdictObserver::new(slot, 7);
        slot.store(&Judged::new(Verdict::Unknown, "unknown\n", 1));
        // The next execution dies before the harness stores anything.
        Observer::<Case, ()>::pre_exec(&mut obs, &mut (), &case).unwrap();
        assert!(obs.last().is_none());
        Observer::<Case, ()>::post_exec(&mut obs, &mut (), &case, &ExitKind::Ok).unwrap();
        assert!(matches!(obs.last().unwrap().verdict, Verdict::Crash(_)));
        Observer::<Case, ()>::post_exec(&mut obs, &mut (), &case, &ExitKind::Timeout).unwrap();
        let judged = obs.last().unwrap();
        assert_eq!(
            (judged.verdict.clone(), judged.solver_ns),
            (Verdict::Timeout, 7)
        );
    }

    #[test]
    fn a_deserialized_observer_keeps_its_verdict() {
        let case = a_case();
        let slot = slot();
        let mut obs = VerdictObserver::new(slot, 7);
        Observer::<Case, ()>::pre_exec(&mut obs, &mut (), &case).unwrap();
        let sat = Verdict::Correct {
            status: Status::Sat,
            check: None,
        };
        slot.store(&Judged::new(sat.clone(), "sat\n", 2));
        Observer::<Case, ()>::post_exec(&mut obs, &mut (), &case, &ExitKind::Ok).unwrap();
        let bytes = postcard::to_allocvec(&obs).unwrap();
        let mut remote: VerdictObserver = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(remote.last(), obs.last());
        assert!(remote.last().unwrap().answered());
        // With no slot of its own, running it changes nothing.
        Observer::<Case, ()>::post_exec(&mut remote, &mut (), &case, &ExitKind::Crash).unwrap();
        assert_eq!(remote.last(), obs.last());
    }

    #[test]
    fn the_observer_sets_the_counters_of_the_finished_execution_only() {
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new().unwrap()));
        let map: &'static mut [u8] = Box::leak(vec![0u8; STATISTICS].into_boxed_slice());
        let ptr = map.as_mut_ptr();
        // SAFETY: the map is leaked and read only between executions.
        let mut writer = unsafe { VerdictObserver::new(slot, 1).filling_statistics(ptr) };
        let case = a_case();
        let set = |ptr: *mut u8| {
            // SAFETY: as above.
            let m = unsafe { std::slice::from_raw_parts(ptr, STATISTICS) };
            m.iter().filter(|&&b| b != 0).count()
        };
        slot.clear();
        slot.store_statistics(PRINTED);
        slot.store(&Judged::new(Verdict::Unknown, "unknown", 1));
        Observer::<Case, ()>::post_exec(&mut writer, &mut (), &case, &ExitKind::Ok).unwrap();
        assert_eq!(set(ptr), 5);
        // The next execution died before it stored a result: nothing.
        slot.clear();
        slot.store_statistics(PRINTED);
        Observer::<Case, ()>::post_exec(&mut writer, &mut (), &case, &ExitKind::Crash).unwrap();
        assert_eq!(set(ptr), 0);
    }
}
