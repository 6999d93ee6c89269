//! The objective: findings, deduplicated by a bug signature, as a LibAFL
//! feedback.
//!
//! # Invariants
//!
//! - Every execution is counted exactly once, by [`FindingFeedback`], in the
//!   parent process (a fork child's counts would be lost).
//! - The feedbacks judge nothing themselves: they read the verdict the
//!   [`VerdictObserver`] decided, by handle, so their order does not matter.
//! - Every finding is on disk (atomically, `.smt2` + `.postcard`) before the
//!   feedback returns, so `kill -9` at any later moment loses nothing. A
//!   signature's first [`EXAMPLES_PER_SIGNATURE`] distinct formulas are
//!   written; only its first makes an objective.
//! - A timeout is written under `timeout/`, an `unknown` under `unknown/`
//!   and a query the solver answered with an error under `error/` (what is
//!   a crash or a timeout: see [`crate::fuzz::observe::verdict`]), one file per
//!   shape (the bug signature: kind, category, operators), at most
//!   [`MAX_UNKNOWN_FILES`] shapes; every answer is counted by shape in
//!   `shapes.tsv` beside them (see [`CampaignStats::write_shapes`]).
//! - A warm-context finding that a fresh context did not repeat (see
//!   [`crate::fuzz::execute::harness`]) is no finding: it is counted
//!   (`history_dependent` in `stats.jsonl`) and its first
//!   [`MAX_HISTORY_DEPENDENT_FILES`] cases are written under
//!   `history-dependent/`, headed by the fresh verdict and both outputs.

use std::borrow::Cow;
use std::path::PathBuf;

use libafl::Error;
use libafl::HasMetadata;
use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl_bolts::Named;
use libafl_bolts::tuples::{Handle, MatchName};

use crate::fuzz::campaign::stats::{CampaignStats, ShapeCount, now_unix};
use crate::fuzz::execute::judged::Judged;
use crate::fuzz::observe::verdict::{VerdictObserver, judged};
use crate::oracle::Verdict;
use crate::solver::SolverInfo;
use crate::term::Printer;
use crate::triage::{FindingInfo, stable_hash, write_finding};
use crate::truth::Case;

/// Distinct formulas written per bug signature.
pub const EXAMPLES_PER_SIGNATURE: u64 = 3;

/// Unknown, timeout and error shapes (so files) written per campaign at
/// most. An error is not a finding (the solver refused the query, it did
/// not answer it wrongly) but it is work lost: on an old release it usually
/// names an operator or a literal that release does not read, which the
/// dialect should have kept from it, so the user must be able to see it.
pub const MAX_UNKNOWN_FILES: u64 = 200;
/// Files written to `history-dependent/` (warm-context findings a fresh
/// context did not repeat); all of them are counted.
pub const MAX_HISTORY_DEPENDENT_FILES: u64 = 20;

/// The bug signature of a finding: its kind, what was answered, the
/// generator category and the set of operators in the formula; for a
/// crash at which the solver said where it failed, its kind and that
/// message alone. Two findings with one signature are most likely one bug.
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
        .assertions
        .iter()
        .flat_map(|a| a.term.operators())
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

/// The objective: judges the last execution and writes what it found.
pub struct FindingFeedback {
    out: PathBuf,
    printer: Printer,
    info: SolverInfo,
    verdict: Handle<VerdictObserver>,
}

impl FindingFeedback {
    /// Writes under `out` (`findings/<kind>/`, `unknown/`, `timeout/`) what
    /// the observer behind `verdict` judged.
    pub fn new(
        out: PathBuf,
        printer: Printer,
        info: SolverInfo,
        verdict: Handle<VerdictObserver>,
    ) -> Self {
        FindingFeedback {
            out,
            printer,
            info,
            verdict,
        }
    }
}

impl Named for FindingFeedback {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("findings");
        &NAME
    }
}

impl<S: HasMetadata> StateInitializer<S> for FindingFeedback {
    fn init_state(&mut self, state: &mut S) -> Result<(), Error> {
        state.metadata_or_insert_with(|| CampaignStats {
            started_unix: now_unix(),
            ..Default::default()
        });
        Ok(())
    }
}

impl<EM, OT: MatchName, S: HasMetadata> Feedback<EM, Case, OT, S> for FindingFeedback {
    fn is_interesting(
        &mut self,
        state: &mut S,
        _manager: &mut EM,
        input: &Case,
        observers: &OT,
        _exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        let Judged {
            verdict,
            output,
            solver_ns,
            history_dependent,
        } = judged(observers, &self.verdict)?.clone();
        let stats = state.metadata_or_insert_with(CampaignStats::default);
        stats.record(verdict.kind(), solver_ns);
        let info = FindingInfo {
            solver: &self.info.name,
            version: &self.info.version,
            options: &self.info.options,
            replay: &self.info.replay,
            verdict: &verdict,
            output: &output,
        };
        if history_dependent {
            stats.history_dependent += 1;
            tracing::info!("a warm context's finding that a fresh one did not repeat: {output}");
            if stats.history_dependent <= MAX_HISTORY_DEPENDENT_FILES {
                write_finding(
                    &self.out.join("history-dependent"),
                    input,
                    &info,
                    &self.printer,
                )?;
            }
        }
        if verdict.is_finding() {
            let sig = signature(&verdict, input);
            let seen = stats.signatures.entry(sig).or_default();
            *seen += 1;
            let first = *seen == 1;
            stats.last_new_finding = first;
            if *seen <= EXAMPLES_PER_SIGNATURE
                && let Some(path) =
                    write_finding(&self.out.join("findings"), input, &info, &self.printer)?
            {
                *stats
                    .findings
                    .entry(verdict.kind().to_string())
                    .or_default() += 1;
                tracing::warn!("finding: {verdict} -> {}", path.display());
            }
            return Ok(first);
        }
        if matches!(
            verdict,
            Verdict::Unknown | Verdict::Timeout | Verdict::Error(_)
        ) {
            let shape = signature(&verdict, input);
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
    use crate::generate::ConstantPool;
    use crate::oracle::Crash;
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
        let mut objective = FindingFeedback::new(out.clone(), Printer::default(), info, handle);
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
        let mut objective = FindingFeedback::new(
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
                let ops = |c: &Case| {
                    c.formula
                        .assertions
                        .iter()
                        .flat_map(|x| x.term.operators())
                        .collect::<std::collections::BTreeSet<_>>()
                };
                ops(b) != ops(&a) && b.provenance.category == a.provenance.category
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
