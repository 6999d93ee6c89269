//! Every execution recorded: its verdict and solver time counted
//! (`stats.jsonl`, the live line), and what is no finding but worth a look
//! kept on disk: unknowns, timeouts and errors by shape, and warm-context
//! findings a fresh context did not repeat. A LibAFL feedback that never
//! makes an input interesting, run beside the objective (LibAFL runs the
//! objective on every execution, the corpus feedbacks only on those that
//! are no solution).
//!
//! # Invariants
//!
//! - Every execution is counted exactly once, here, in the parent process
//!   (a fork child's counts would be lost).
//! - A timeout is written under `timeout/`, an `unknown` under `unknown/`
//!   and a query the solver answered with an error under `error/` (what is
//!   a crash or a timeout: see [`crate::fuzz::observe::verdict`]), one file
//!   per shape (the bug signature: kind, category, operators), at most
//!   [`MAX_UNKNOWN_FILES`] shapes; every answer is counted by shape in
//!   `shapes.tsv` beside them (see [`CampaignStats::write_shapes`]).
//! - A warm-context finding that a fresh context did not repeat (see
//!   [`crate::execute::harness`]) is counted (`history_dependent` in
//!   `stats.jsonl`) and its first [`MAX_HISTORY_DEPENDENT_FILES`] cases are
//!   written under `history-dependent/`, headed by the fresh verdict and
//!   both outputs.

use std::borrow::Cow;
use std::path::PathBuf;

use libafl::Error;
use libafl::HasMetadata;
use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl_bolts::Named;
use libafl_bolts::tuples::{Handle, MatchName};

use super::objective::signature;
use crate::finding::{FindingInfo, write_finding};
use crate::fuzz::observe::verdict::{VerdictObserver, judged};
use crate::fuzz::stats::{CampaignStats, ShapeCount, now_unix};
use crate::oracle::Verdict;
use crate::solver::SolverInfo;
use crate::term::Printer;
use crate::truth::Case;

/// Unknown, timeout and error shapes (so files) written per campaign at
/// most. An error is not a finding (the solver refused the query, it did
/// not answer it wrongly) but it is work lost: on an old release it usually
/// names an operator or a literal that release does not read, which the
/// dialect should have kept from it, so the user must be able to see it.
pub const MAX_UNKNOWN_FILES: u64 = 200;
/// Files written to `history-dependent/` (warm-context findings a fresh
/// context did not repeat); all of them are counted.
pub const MAX_HISTORY_DEPENDENT_FILES: u64 = 20;

/// Records every execution (see the module doc).
pub struct RecordFeedback {
    out: PathBuf,
    printer: Printer,
    info: SolverInfo,
    verdict: Handle<VerdictObserver>,
}

impl RecordFeedback {
    /// Writes under `out` (`unknown/`, `timeout/`, `error/`,
    /// `history-dependent/`) what the observer behind `verdict` judged.
    pub fn new(
        out: PathBuf,
        printer: Printer,
        info: SolverInfo,
        verdict: Handle<VerdictObserver>,
    ) -> Self {
        RecordFeedback {
            out,
            printer,
            info,
            verdict,
        }
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
        let judged = judged(observers, &self.verdict)?;
        let verdict = &judged.verdict;
        let stats = state.metadata_or_insert_with(CampaignStats::default);
        stats.record(verdict.kind(), judged.solver_ns);
        let info = judged.info(&self.info);
        if judged.history_dependent() {
            stats.history_dependent += 1;
            let note = judged.history_note();
            tracing::info!("a warm finding that a fresh solver did not repeat: {note}");
            if stats.history_dependent <= MAX_HISTORY_DEPENDENT_FILES {
                let output = format!("{note}:\n{}", judged.output);
                let info = FindingInfo {
                    output: &output,
                    ..info.clone()
                };
                write_finding(
                    &self.out.join("history-dependent"),
                    input,
                    &info,
                    &self.printer,
                )?;
            }
        }
        if matches!(
            verdict,
            Verdict::Unknown | Verdict::Timeout | Verdict::Error(_)
        ) {
            let shape = signature(verdict, input);
            if let Some(seen) = stats.shapes.get_mut(&shape) {
                seen.count += 1;
            } else if stats.unknown_written < MAX_UNKNOWN_FILES
                && let Some(path) = write_finding(&self.out, input, &info, &self.printer)?
            {
                stats.unknown_written += 1;
                let file = path
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default();
                stats.shapes.insert(
                    shape,
                    ShapeCount {
                        kind: verdict.kind().to_string(),
                        count: 1,
                        file,
                    },
                );
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::execute::judged::Judged;
    use crate::generate::{ConstantPool, Generator};
    use crate::source::RandomCaseGenerator;
    use crate::truth::Status;

    #[test]
    fn a_testcase_from_another_client_is_judged_by_the_verdict_it_came_with() {
        let sent = crate::fuzz::observe::verdict::tests::a_case();
        // Over LLMP a client takes another's testcase with its serialized
        // observers and runs the objective on them without executing it.
        // The objective used to read the receiver's own slot, empty by
        // then, and so wrote every imported testcase as a crash: a false
        // alarm. The verdict now travels inside the observer.
        use libafl::observers::Observer;
        use libafl::state::NopState;
        use libafl_bolts::tuples::{tuple_list, tuple_list_type};

        use crate::fuzz::observe::slot::ResultSlot;
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new().unwrap()));
        let mut sender = VerdictObserver::new(slot, 1);
        Observer::<Case, ()>::pre_exec(&mut sender, &mut (), &sent).unwrap();
        let sat = Verdict::Correct {
            status: Status::Sat,
            check: None,
        };
        slot.store(&Judged::new(sat.clone(), "sat\n", 1));
        Observer::<Case, ()>::post_exec(&mut sender, &mut (), &sent, &ExitKind::Ok).unwrap();
        let handle = sender.verdict_handle();
        let bytes = postcard::to_allocvec(&tuple_list!(sender)).unwrap();
        slot.clear(); // the receiver's own slot holds nothing
        let received: tuple_list_type!(VerdictObserver) = postcard::from_bytes(&bytes).unwrap();

        let out = std::env::temp_dir().join(format!("equifuzz-import-{}", std::process::id()));
        let info = SolverInfo {
            name: "z3".into(),
            version: "test".into(),
            options: String::new(),
            replay: String::new(),
        };
        use libafl::feedback_or;
        let mut objective = feedback_or!(
            RecordFeedback::new(out.clone(), Printer::default(), info, handle.clone()),
            super::super::objective::FindingObjective::new(handle)
        );
        let mut state = NopState::<Case>::new();
        let case = RandomCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .next(&mut ChaCha8Rng::seed_from_u64(1));
        let interesting = objective
            .is_interesting(&mut state, &mut (), &case, &received, &ExitKind::Ok)
            .unwrap();
        let wrote_something = out.exists();
        let _ = std::fs::remove_dir_all(&out);
        assert!(!interesting);
        assert!(!wrote_something, "no finding for a correct answer");
        let stats = state.metadata::<CampaignStats>().unwrap();
        assert_eq!(stats.verdicts.get("sat"), Some(&1), "{:?}", stats.verdicts);
    }

    #[test]
    fn unknowns_are_written_once_per_shape_and_counted() {
        written_once_per_shape_and_counted(Verdict::Unknown, "unknown");
    }

    #[test]
    fn errors_are_written_once_per_shape_with_the_message() {
        let out = written_once_per_shape_and_counted(
            Verdict::Error("line 3 column 9: unknown constant str.<".into()),
            "error",
        );
        assert!(
            out.contains("unknown constant str.<"),
            "the error file says what the solver refused: {out}"
        );
    }

    /// Judges five cases of two shapes as `verdict` and checks that one file
    /// per shape lands in `<out>/<dir>/`, counted in `shapes.tsv`; returns
    /// the text of the first shape's file.
    fn written_once_per_shape_and_counted(verdict: Verdict, dir: &str) -> String {
        use libafl::observers::Observer;
        use libafl::state::NopState;
        use libafl_bolts::tuples::tuple_list;

        use crate::fuzz::observe::slot::ResultSlot;
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new().unwrap()));
        let observer = VerdictObserver::new(slot, 1);
        let out =
            std::env::temp_dir().join(format!("equifuzz-shapes-{dir}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let info = SolverInfo {
            name: "z3".into(),
            version: "test".into(),
            options: String::new(),
            replay: String::new(),
        };
        let mut objective = RecordFeedback::new(
            out.clone(),
            Printer::default(),
            info,
            observer.verdict_handle(),
        );
        let mut state = NopState::<Case>::new();
        let mut g = RandomCaseGenerator::new(ConstantPool::paper()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let a = g.next(&mut rng);
        // The same shape with other constants: same signature, one file.
        let mut a2 = a.clone();
        a2.provenance.seed += 7;
        let b = (0..200)
            .map(|_| g.next(&mut rng))
            .find(|b| signature(&Verdict::Unknown, b) != signature(&Verdict::Unknown, &a))
            .expect("another shape");
        let mut observers = tuple_list!(observer);
        for case in [&a, &a2, &a, &b, &a] {
            Observer::<Case, ()>::pre_exec(&mut observers.0, &mut (), case).unwrap();
            slot.store(&Judged::new(verdict.clone(), "unknown\n", 1));
            Observer::<Case, ()>::post_exec(&mut observers.0, &mut (), case, &ExitKind::Ok)
                .unwrap();
            objective
                .is_interesting(&mut state, &mut (), case, &observers, &ExitKind::Ok)
                .unwrap();
        }
        let stats = state.metadata::<CampaignStats>().unwrap().clone();
        stats.write_shapes(&out).unwrap();
        let smt2: Vec<_> = std::fs::read_dir(out.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "smt2"))
            .collect();
        let table = std::fs::read_to_string(out.join(dir).join("shapes.tsv")).unwrap();
        let first = table.lines().next().unwrap().rsplit('\t').next().unwrap();
        let text = std::fs::read_to_string(out.join(dir).join(first)).unwrap();
        let _ = std::fs::remove_dir_all(&out);
        assert_eq!(smt2.len(), 2, "one file per shape");
        let counts: Vec<&str> = table
            .lines()
            .map(|l| l.split('\t').next().unwrap())
            .collect();
        assert_eq!(counts, ["4", "1"], "{table}");
        assert_eq!(stats.verdicts[verdict.kind()], 5);
        text
    }
}
