//! Only a query the solver answered may enter the corpus: the corpus keeps
//! no timeout, crash or `unknown`.
//!
//! # Invariants
//!
//! - The feedback judges nothing itself: it reads the verdict the
//!   [`VerdictObserver`] decided, by handle, so its order among the
//!   feedbacks does not matter.

use std::borrow::Cow;

use libafl::Error;
use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl_bolts::Named;
use libafl_bolts::tuples::{Handle, MatchName};

use crate::fuzz::observe::verdict::{VerdictObserver, judged};

/// Interesting only when the solver decided the last query correctly (or
/// left out a model or noise in its core): the corpus keeps no timeout,
/// crash or `unknown`. A query Z3 gives up on reaches edges by how long it
/// searched; kept as a mutation base, it makes every mutation as slow as
/// itself (figures: `docs/measured/fuzz.md`).
pub struct AnsweredFeedback(Handle<VerdictObserver>);

impl AnsweredFeedback {
    /// Reads the verdict of the observer behind `verdict`.
    pub fn new(verdict: Handle<VerdictObserver>) -> Self {
        AnsweredFeedback(verdict)
    }
}

impl Named for AnsweredFeedback {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("answered");
        &NAME
    }
}

impl<S> StateInitializer<S> for AnsweredFeedback {}

impl<EM, I, OT: MatchName, S> Feedback<EM, I, OT, S> for AnsweredFeedback {
    fn is_interesting(
        &mut self,
        _state: &mut S,
        _manager: &mut EM,
        _input: &I,
        observers: &OT,
        exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        Ok(*exit_kind == ExitKind::Ok && judged(observers, &self.0)?.answered())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::execute::judged::Judged;
    use crate::oracle::Verdict;
    use crate::truth::Case;
    use crate::truth::Status;

    #[test]
    fn answered_reads_the_observer_whatever_ran_before_it() {
        let case = crate::fuzz::observe::verdict::tests::a_case();
        // It used to read a flag that the objective set when it ran
        // first; now the observer owns the verdict and nothing else needs
        // to have run.
        use libafl::observers::Observer;
        use libafl_bolts::tuples::tuple_list;

        use crate::fuzz::observe::slot::ResultSlot;
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new().unwrap()));
        let mut observer = VerdictObserver::new(slot, 1);
        let mut answered = AnsweredFeedback::new(observer.verdict_handle());
        for (verdict, expected) in [
            (
                Verdict::Correct {
                    status: Status::Sat,
                    check: None,
                },
                true,
            ),
            (Verdict::Unknown, false),
        ] {
            Observer::<Case, ()>::pre_exec(&mut observer, &mut (), &case).unwrap();
            slot.store(&Judged::new(verdict.clone(), "", 1));
            Observer::<Case, ()>::post_exec(&mut observer, &mut (), &case, &ExitKind::Ok).unwrap();
            let observers = tuple_list!(observer);
            let got = Feedback::<(), (), _, ()>::is_interesting(
                &mut answered,
                &mut (),
                &mut (),
                &(),
                &observers,
                &ExitKind::Ok,
            )
            .unwrap();
            assert_eq!(got, expected, "{verdict:?}");
            (observer, ()) = observers;
        }
    }
}
