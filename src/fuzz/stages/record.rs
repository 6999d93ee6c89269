//! Every execution recorded: its verdict and solver time counted
//! (`stats.jsonl`, the live line), and what is no finding but worth a look
//! kept on disk: unknowns, timeouts and errors by shape, and warm-context
//! findings a fresh context did not repeat; with `--query-log` a line per
//! execution ([`super::queries`]); and the verdict of each case the corpus
//! kept (`corpus-verdicts.tsv`, see [`crate::fuzz::feedback::kept`]). A
//! LibAFL stage: it empties the queue the record and kept-verdict
//! feedbacks fill ([`Unrecorded`]), once per round, and the loop empties
//! it after seeding and at the end.
//!
//! # Invariants
//!
//! - Every execution is counted exactly once, here, in the order it was
//!   judged (the feedback queues each once, in the parent process).
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
//! - A line of `corpus-verdicts.tsv` or of the query log goes out in one
//!   `write` to a file opened for appending, so clients sharing the folder
//!   never interleave within a line.
//! - What is queued waits at most one round (the queue is state metadata,
//!   so a client restarted after a crash records it after the restart);
//!   a `kill -9` loses at most the round's records, as it loses the
//!   statistics since the last line.

use std::io::Write;
use std::path::PathBuf;

use libafl::Error;
use libafl::HasMetadata;
use libafl::stages::{Restartable, Stage};

use super::queries::QueryLog;
use crate::execute::judged::Judged;
use crate::finding::KEPT_VERDICTS;
use crate::finding::{FindingInfo, write_finding};
use crate::fuzz::feedback::kept::kept_line;
use crate::fuzz::feedback::objective::signature;
use crate::fuzz::feedback::record::{Record, Unrecorded};
use crate::fuzz::stats::{CampaignStats, ShapeCount};
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

/// Records what the feedbacks queued (see the module doc).
#[derive(Debug)]
pub struct RecordStage {
    out: PathBuf,
    printer: Printer,
    info: SolverInfo,
    queries: QueryLog,
}

impl RecordStage {
    /// Writes under `out` (`unknown/`, `timeout/`, `error/`,
    /// `history-dependent/`, `corpus-verdicts.tsv`) findings of the solver
    /// `info`, printed by `printer`; no query log.
    pub fn new(out: PathBuf, printer: Printer, info: SolverInfo) -> Self {
        RecordStage {
            out,
            printer,
            info,
            queries: QueryLog::new(None),
        }
    }

    /// Also logs every execution to `<out>/queries.tsv` if `on`.
    pub fn logging_queries(mut self, on: bool) -> Self {
        self.queries = QueryLog::new(on.then_some(self.out.as_path()));
        self
    }

    /// Counts and writes everything queued in `state`, oldest first.
    pub fn record_all<S: HasMetadata>(&mut self, state: &mut S) -> Result<(), Error> {
        let records = match state.metadata_mut::<Unrecorded>() {
            Ok(queue) if !queue.records.is_empty() => std::mem::take(&mut queue.records),
            _ => return Ok(()),
        };
        for record in records {
            match record {
                Record::Executed { case, judged } => {
                    let stats = state.metadata_or_insert_with(CampaignStats::default);
                    self.executed(stats, &case, &judged)?;
                }
                Record::Kept { case, kind } => {
                    let mut f = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(self.out.join(KEPT_VERDICTS))?;
                    f.write_all(kept_line(&case, &kind).as_bytes())?;
                }
            }
        }
        Ok(())
    }

    /// Counts one execution of `input`, judged `judged`, in `stats`, and
    /// writes what it keeps of it.
    fn executed(
        &mut self,
        stats: &mut CampaignStats,
        input: &Case,
        judged: &Judged,
    ) -> Result<(), Error> {
        let verdict = &judged.verdict;
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
        self.queries.log(verdict.kind(), judged.solver_ns, input);
        Ok(())
    }
}

impl<E, EM, S: HasMetadata, Z> Stage<E, EM, S, Z> for RecordStage {
    fn perform(
        &mut self,
        _fuzzer: &mut Z,
        _executor: &mut E,
        state: &mut S,
        _manager: &mut EM,
    ) -> Result<(), Error> {
        self.record_all(state)
    }
}

impl<S> Restartable<S> for RecordStage {
    // It runs no target: nothing in it can crash the client, so it always
    // runs (what a restart left queued is recorded then).
    fn should_restart(&mut self, _state: &mut S) -> Result<bool, Error> {
        Ok(true)
    }

    fn clear_progress(&mut self, _state: &mut S) -> Result<(), Error> {
        Ok(())
    }
}
#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use libafl::executors::ExitKind;
    use libafl::feedbacks::Feedback;

    use super::*;
    use crate::fuzz::feedback::record::RecordFeedback;
    use crate::fuzz::observe::verdict::VerdictObserver;
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
            RecordFeedback::new(handle.clone()),
            crate::fuzz::feedback::objective::FindingObjective::new(handle)
        );
        let mut stage = RecordStage::new(out.clone(), Printer::default(), info);
        let mut state = NopState::<Case>::new();
        let case = RandomCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .next(&mut ChaCha8Rng::seed_from_u64(1));
        let interesting = objective
            .is_interesting(&mut state, &mut (), &case, &received, &ExitKind::Ok)
            .unwrap();
        stage.record_all(&mut state).unwrap();
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
        let mut objective = RecordFeedback::new(observer.verdict_handle());
        let mut stage = RecordStage::new(out.clone(), Printer::default(), info);
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
        stage.record_all(&mut state).unwrap();
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
