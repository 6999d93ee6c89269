//! The objective: a finding (wrong sat/unsat, invalid model, invalid core,
//! crash) by bucket, as a LibAFL feedback that only decides.
//!
//! A finding's bucket is the triage key ([`BucketKey::of_case`]: kind,
//! answer, theory fragment and groundness of the case's cheaply shrunk
//! formula, its settings, the crash site), so the campaign counts bugs the
//! way `report` and `triage` group them, not the operator sets a
//! transformation stack can grow around one bug.
//!
//! # Invariants
//!
//! - It judges nothing itself: it reads the verdict the [`VerdictObserver`]
//!   decided, by handle, so the order of the feedbacks does not matter.
//! - It writes nothing: a solution it keeps goes to the solutions corpus
//!   ([`FindingCorpus`](crate::fuzz::corpus::findings::FindingCorpus)),
//!   which writes it, with what it knew of it ([`Found`]).
//! - A bucket's first [`EXAMPLES_PER_BUCKET`] findings are solutions (a
//!   file each); the rest are counted (`CampaignStats::buckets`). Only a
//!   bucket's first is a new bug ([`Found::new_signature`] on the solution
//!   kept, which the mutators' bandits read to pay the stack that made it)
//!   and is shared with the other clients.
//! - Its counts by bucket are its own history (as a map feedback keeps the
//!   map it has seen): no bandit reads them.
//! - A warm-context finding that a fresh context did not repeat (see
//!   [`crate::execute::harness`]) is no finding: its verdict is the
//!   fresh one's (recorded by the record stage, [`crate::fuzz::stages::record`]).

use std::borrow::Cow;

use libafl::Error;
use libafl::HasMetadata;
use libafl::corpus::Testcase;
use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl_bolts::Named;
use libafl_bolts::tuples::{Handle, MatchName};

use crate::finding::stable_hash;
use crate::fuzz::corpus::findings::Found;
use crate::fuzz::observe::verdict::{VerdictObserver, judged};
use crate::fuzz::stats::CampaignStats;
use crate::oracle::Verdict;
use crate::truth::Case;

/// Distinct formulas written per bucket.
pub const EXAMPLES_PER_BUCKET: u64 = 3;

/// The shape of an unknown, timeout or error answer, which
/// [`RecordStage`](crate::fuzz::stages::record::RecordStage) keeps one file of: its
/// kind, what was answered, the generator category and the set of
/// operators in the formula; for a crash at which the solver said where it
/// failed, its kind and that message alone. Two findings with one signature are most likely one bug.
pub fn signature(verdict: &Verdict, case: &Case) -> u64 {
    let detail = match verdict {
        Verdict::Unsound { expected, got } => format!("{expected}->{got}"),
        Verdict::Crash(crash) => {
            // The text is the crash as shown (how, and where it said), so
            // that a signature stays what it was when a crash was a string.
            let text = crash.to_string();
            let why = text.lines().next().unwrap_or("");
            if !crash.site.is_empty() {
                return stable_hash(format!("{}|{why}", verdict.kind()).as_bytes());
            }
            why.to_string()
        }
        _ => String::new(),
    };
    let ops: Vec<String> = case
        .formula
        .operators()
        .into_iter()
        .map(|op| format!("{op:?}"))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    stable_hash(
        format!(
            "{}|{detail}|{}|{}",
            verdict.kind(),
            case.provenance.category,
            ops.join(",")
        )
        .as_bytes(),
    )
}

/// The objective: whether the last execution found a bug worth a file.
pub struct FindingObjective {
    verdict: Handle<VerdictObserver>,
    /// What the last execution found, for [`Feedback::append_metadata`].
    last: Option<Found>,
}

impl FindingObjective {
    /// Decides on what the observer behind `verdict` judged.
    pub fn new(verdict: Handle<VerdictObserver>) -> Self {
        FindingObjective {
            verdict,
            last: None,
        }
    }
}

impl Named for FindingObjective {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("findings");
        &NAME
    }
}

impl<S> StateInitializer<S> for FindingObjective {}

impl<EM, OT: MatchName, S: HasMetadata> Feedback<EM, Case, OT, S> for FindingObjective {
    fn is_interesting(
        &mut self,
        state: &mut S,
        _manager: &mut EM,
        _input: &Case,
        observers: &OT,
        _exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        self.last = None;
        let judged = judged(observers, &self.verdict)?;
        if !judged.verdict.is_finding() {
            return Ok(false);
        }
        // Keyed where the verdict was made (`Judged::on`), read here.
        let key = judged
            .bucket
            .as_ref()
            .ok_or_else(|| Error::illegal_state("a finding judged without its bucket"))?;
        let stats = state.metadata_or_insert_with(CampaignStats::default);
        let seen = stats.found(key);
        let new_signature = seen == 1;
        let keep = seen <= EXAMPLES_PER_BUCKET;
        if keep {
            self.last = Some(Found {
                judged: judged.clone(),
                new_signature,
            });
        }
        Ok(keep)
    }

    fn append_metadata(
        &mut self,
        _state: &mut S,
        _manager: &mut EM,
        _observers: &OT,
        testcase: &mut Testcase<Case>,
    ) -> Result<(), Error> {
        if let Some(found) = self.last.take() {
            testcase.add_metadata(found);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::{ConstantPool, Generator};
    use crate::oracle::Crash;
    use crate::source::RandomCaseGenerator;
    use crate::truth::Status;

    #[test]
    fn a_bucket_makes_three_solutions_and_one_new_bug() {
        use libafl::observers::Observer;
        use libafl::state::NopState;
        use libafl_bolts::tuples::tuple_list;

        use crate::execute::judged::Judged;
        use crate::fuzz::observe::slot::ResultSlot;
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new().unwrap()));
        let observer = VerdictObserver::new(slot, 1);
        let mut objective = FindingObjective::new(observer.verdict_handle());
        let mut observers = tuple_list!(observer);
        let mut state = NopState::<Case>::new();
        let case = crate::fuzz::observe::verdict::tests::a_case();
        let unsound = Verdict::Unsound {
            expected: Status::Sat,
            got: Status::Unsat,
        };
        let sat = Verdict::Correct {
            status: Status::Sat,
            check: None,
        };
        let mut seen = Vec::new();
        for verdict in [&unsound, &sat, &unsound, &unsound, &unsound] {
            let signatures = |state: &NopState<Case>| {
                state
                    .metadata::<CampaignStats>()
                    .map_or(0, |stats| stats.signatures.len())
            };
            let before = signatures(&state);
            Observer::<Case, ()>::pre_exec(&mut observers.0, &mut (), &case).unwrap();
            slot.store(&Judged::on(&case, verdict.clone(), None, "unsat\n", 1));
            Observer::<Case, ()>::post_exec(&mut observers.0, &mut (), &case, &ExitKind::Ok)
                .unwrap();
            let kept = objective
                .is_interesting(&mut state, &mut (), &case, &observers, &ExitKind::Ok)
                .unwrap();
            let mut testcase = Testcase::new(case.clone());
            Feedback::<(), Case, _, _>::append_metadata(
                &mut objective,
                &mut state,
                &mut (),
                &observers,
                &mut testcase,
            )
            .unwrap();
            // One more bucket counted; the bandits read `Found` instead.
            let new_bug = signatures(&state) > before;
            let found = testcase.metadata::<Found>().ok().map(|f| f.new_signature);
            seen.push((kept, new_bug, found));
        }
        assert_eq!(
            seen,
            [
                (true, true, Some(true)),
                (false, false, None),
                (true, false, Some(false)),
                (true, false, Some(false)),
                (false, false, None),
            ],
            "a correct answer is no bug; a bucket's later findings are no new bug"
        );
        let stats = state.metadata::<CampaignStats>().unwrap();
        let counted: Vec<_> = stats
            .buckets
            .values()
            .map(|b| (b.kind.as_str(), b.found))
            .collect();
        assert_eq!(
            counted,
            [("unsound", 4)],
            "every finding counted, three written"
        );
    }

    #[test]
    fn signatures_separate_kinds_and_operators_but_not_constants() {
        let mut g = RandomCaseGenerator::new(ConstantPool::paper()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let a = g.next(&mut rng);
        let unsound = Verdict::Unsound {
            expected: Status::Sat,
            got: Status::Unsat,
        };
        let crash = Verdict::Crash(Crash::new("signal"));
        assert_eq!(signature(&unsound, &a), signature(&unsound, &a.clone()));
        assert_ne!(signature(&unsound, &a), signature(&crash, &a));
        let mut other_seed = a.clone();
        other_seed.provenance.seed += 1;
        assert_eq!(signature(&unsound, &a), signature(&unsound, &other_seed));
        let b = (0..200)
            .map(|_| g.next(&mut rng))
            .find(|b| {
                b.formula.operators() != a.formula.operators()
                    && b.provenance.category == a.provenance.category
            })
            .expect("a case with other operators");
        assert_ne!(signature(&unsound, &a), signature(&unsound, &b));
        // A crash without words is told apart by operators too; one where
        // the solver named its failing assertion, by that alone.
        assert_ne!(signature(&crash, &a), signature(&crash, &b));
        let died = |site: &str| {
            Verdict::Crash(Crash::new("the solver worker died: killed by SIGABRT").at(site))
        };
        let at_508 = died("ASSERTION VIOLATION File: seq.cpp Line: 508");
        assert_eq!(signature(&at_508, &a), signature(&at_508, &b));
        let at_137 = died("ASSERTION VIOLATION File: seq.cpp Line: 137");
        assert_ne!(signature(&at_508, &a), signature(&at_137, &a));
    }
}
