//! The objective (findings, deduplicated by a bug signature) and the edge
//! tally, as LibAFL feedbacks.
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
//!   a crash or a timeout: see [`super::verdict`]), one file per
//!   shape (the bug signature: kind, category, operators), at most
//!   [`MAX_UNKNOWN_FILES`] shapes; every answer is counted by shape in
//!   `shapes.tsv` beside them (see [`CampaignStats::write_shapes`]).
//! - A warm-context finding that a fresh context did not repeat (see
//!   [`super::harness`]) is no finding: it is counted
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
use libafl_bolts::tuples::{Handle, MatchName, MatchNameRef};
use serde::{Deserialize, Serialize};

use super::stats::{CampaignStats, ShapeCount, now_unix};
use super::verdict::{Judged, VerdictObserver};
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
        Verdict::Crash(why) => {
            let why = why.lines().next().unwrap_or("");
            if why.contains(super::harness::SOLVER_SAID) {
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

/// The verdict the observer behind `handle` decided for the last
/// execution. Missing is our bug, never the solver's: an error, not a
/// verdict that could become a false alarm.
fn judged<'a, OT: MatchName>(
    observers: &'a OT,
    handle: &Handle<VerdictObserver>,
) -> Result<&'a Judged, Error> {
    observers
        .get(handle)
        .ok_or_else(|| Error::illegal_state("the verdict observer is not in the executor's tuple"))?
        .last()
        .ok_or_else(|| Error::illegal_state("no verdict: the observers did not run"))
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

/// Interesting only when the solver decided the last query correctly (or
/// left out a model or noise in its core): the corpus keeps no timeout,
/// crash or `unknown`. A query Z3 gives up on reaches edges by how long it
/// searched; kept as a mutation base, it makes every mutation as slow as
/// itself (a 10-minute campaign on Z3 5.3.3 fell from 10 to 1.3 execs/s).
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

/// Which edges any execution has covered, for reporting.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct EdgeSet {
    /// One byte per edge: covered or not.
    pub seen: Vec<u8>,
    /// Edges covered.
    pub count: usize,
    /// Per edge, the executions that reached it (saturating): how rare it
    /// is, for [`super::rare`]. Empty unless the tally counts reaches.
    #[serde(default)]
    pub hits: Vec<u32>,
}

libafl_bolts::impl_serdeany!(EdgeSet);

/// The file in the output folder that lists the covered edges.
pub const EDGES_FILE: &str = "edges.txt";

impl EdgeSet {
    /// The covered edges as `first-last` ranges of map indexes, one per
    /// line (a single edge: `first`): what `scripts/edges-by-function.sh`
    /// maps back to the solver's functions, and what two campaigns on the
    /// same build compare edge by edge.
    pub fn ranges(&self) -> String {
        let mut text = String::new();
        let mut i = 0;
        while i < self.seen.len() {
            if self.seen[i] == 0 {
                i += 1;
                continue;
            }
            let first = i;
            while i + 1 < self.seen.len() && self.seen[i + 1] != 0 {
                i += 1;
            }
            if first == i {
                text.push_str(&format!("{first}\n"));
            } else {
                text.push_str(&format!("{first}-{i}\n"));
            }
            i += 1;
        }
        text
    }

    /// Writes [`EdgeSet::ranges`] to `out/`[`EDGES_FILE`] (atomically).
    pub fn write(&self, out: &std::path::Path) -> std::io::Result<()> {
        crate::triage::write_atomically(&out.join(EDGES_FILE), self.ranges().as_bytes(), false)
    }
}

/// Tallies the covered edges of every execution; never makes an input
/// interesting (that is the map feedback's job), so it reports coverage
/// the same way whether coverage steers the campaign or not.
pub struct EdgeTally {
    map: *const u8,
    len: usize,
    /// Whether to count each edge's reaches (`EdgeSet::hits`).
    reaches: bool,
}

impl EdgeTally {
    /// Reads the edge map at `map` with `len` entries (0: coverage off).
    ///
    /// # Safety
    ///
    /// `map` must stay valid for `len` bytes while the feedback is used.
    pub unsafe fn new(map: *const u8, len: usize) -> Self {
        EdgeTally {
            map,
            len,
            reaches: false,
        }
    }

    /// Also counts, per edge, the executions that reached it: only the
    /// rare-edge selection reads them, so without it the hot path skips
    /// the count and the saved state its 4 bytes per edge.
    pub fn counting_reaches(mut self, on: bool) -> Self {
        self.reaches = on;
        self
    }
}

impl Named for EdgeTally {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("edge-tally");
        &NAME
    }
}

impl<S: HasMetadata> StateInitializer<S> for EdgeTally {}

impl<EM, I, OT, S: HasMetadata> Feedback<EM, I, OT, S> for EdgeTally {
    fn is_interesting(
        &mut self,
        state: &mut S,
        _manager: &mut EM,
        _input: &I,
        _observers: &OT,
        _exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        if self.len == 0 {
            return Ok(false);
        }
        let len = self.len;
        let set = state.metadata_or_insert_with(|| EdgeSet {
            seen: vec![0; len],
            count: 0,
            hits: Vec::new(),
        });
        if self.reaches {
            // First use, or a state saved before `hits` existed.
            set.hits.resize(len, 0);
        }
        // SAFETY: per `new`'s contract.
        let map = unsafe { std::slice::from_raw_parts(self.map, self.len) };
        for (at, (chunk, seen)) in map.chunks(8).zip(set.seen.chunks_mut(8)).enumerate() {
            if chunk.iter().all(|&b| b == 0) {
                continue;
            }
            for (i, (&hit, s)) in chunk.iter().zip(seen.iter_mut()).enumerate() {
                if hit != 0 {
                    if self.reaches {
                        let h = &mut set.hits[at * 8 + i];
                        *h = h.saturating_add(1);
                    }
                    if *s == 0 {
                        *s = 1;
                        set.count += 1;
                    }
                }
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
    use crate::generate::Generator;
    use crate::source::RandomCaseGenerator;
    use crate::truth::Status;

    /// One execution's worth of `tally` on `state`: whether it kept the
    /// input.
    fn tally_once(tally: &mut EdgeTally, state: &mut libafl::state::NopState<()>) -> bool {
        Feedback::<(), (), (), _>::is_interesting(tally, state, &mut (), &(), &(), &ExitKind::Ok)
            .unwrap()
    }

    #[test]
    fn the_tally_counts_edges_once_and_reaches_per_execution() {
        use libafl::state::NopState;
        let mut map = [0u8; 20];
        let mut state = NopState::<()>::new();
        for edges in [&[1usize, 9, 17][..], &[9, 10], &[9]] {
            map.fill(0);
            for &e in edges {
                // A hit count, not a flag: any non-zero byte is a reach.
                map[e] = 3;
            }
            // SAFETY: the map outlives this execution's feedback (made
            // anew after each write to the map).
            let mut tally =
                unsafe { EdgeTally::new(map.as_ptr(), map.len()) }.counting_reaches(true);
            assert!(
                !tally_once(&mut tally, &mut state),
                "the tally never keeps an input"
            );
        }
        let set = state.metadata::<EdgeSet>().unwrap();
        assert_eq!(set.count, 4);
        let reached: Vec<(usize, u32)> = set
            .hits
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h > 0)
            .map(|(e, &h)| (e, h))
            .collect();
        assert_eq!(reached, vec![(1, 1), (9, 3), (10, 1), (17, 1)]);
        assert_eq!(set.ranges(), "1\n9-10\n17\n");
    }

    #[test]
    fn without_reach_counting_the_tally_keeps_no_counts() {
        use libafl::state::NopState;
        let mut map = [0u8; 20];
        map[3] = 1;
        let mut state = NopState::<()>::new();
        // SAFETY: the map outlives the feedback.
        let mut tally = unsafe { EdgeTally::new(map.as_ptr(), map.len()) };
        tally_once(&mut tally, &mut state);
        let set = state.metadata::<EdgeSet>().unwrap();
        assert_eq!((set.count, set.hits.len()), (1, 0));
    }

    #[test]
    fn answered_reads_the_observer_whatever_ran_before_it() {
        // It used to read a flag that FindingFeedback set when it ran
        // first; now the observer owns the verdict and nothing else needs
        // to have run.
        use libafl::observers::Observer;
        use libafl_bolts::tuples::tuple_list;

        use super::super::slot::ResultSlot;
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
            Observer::<(), ()>::pre_exec(&mut observer, &mut (), &()).unwrap();
            slot.store(&verdict, "", 1);
            Observer::<(), ()>::post_exec(&mut observer, &mut (), &(), &ExitKind::Ok).unwrap();
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

    #[test]
    fn a_testcase_from_another_client_is_judged_by_the_verdict_it_came_with() {
        // Over LLMP a client takes another's testcase with its serialized
        // observers and runs the objective on them without executing it.
        // The objective used to read the receiver's own slot, empty by
        // then, and so wrote every imported testcase as a crash: a false
        // alarm. The verdict now travels inside the observer.
        use libafl::observers::Observer;
        use libafl::state::NopState;
        use libafl_bolts::tuples::{tuple_list, tuple_list_type};

        use super::super::slot::ResultSlot;
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new().unwrap()));
        let mut sender = VerdictObserver::new(slot, 1);
        Observer::<(), ()>::pre_exec(&mut sender, &mut (), &()).unwrap();
        let sat = Verdict::Correct {
            status: Status::Sat,
            check: None,
        };
        slot.store(&sat, "sat\n", 1);
        Observer::<(), ()>::post_exec(&mut sender, &mut (), &(), &ExitKind::Ok).unwrap();
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

        use super::super::slot::ResultSlot;
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
            Observer::<(), ()>::pre_exec(&mut observers.0, &mut (), &()).unwrap();
            slot.store(&verdict, "unknown\n", 1);
            Observer::<(), ()>::post_exec(&mut observers.0, &mut (), &(), &ExitKind::Ok).unwrap();
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
        let crash = Verdict::Crash("signal".into());
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
            Verdict::Crash(format!(
                "the solver worker died: killed by SIGABRT{}{site}",
                super::super::harness::SOLVER_SAID
            ))
        };
        let at_508 = died("ASSERTION VIOLATION File: seq.cpp Line: 508");
        assert_eq!(signature(&at_508, &a), signature(&at_508, &b));
        let at_137 = died("ASSERTION VIOLATION File: seq.cpp Line: 137");
        assert_ne!(signature(&at_508, &a), signature(&at_137, &a));
    }
}
