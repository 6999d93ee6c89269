//! The objective (findings, deduplicated by a bug signature) and the edge
//! tally, as LibAFL feedbacks.
//!
//! # Invariants
//!
//! - Every execution is counted exactly once, by [`FindingFeedback`], in the
//!   parent process (a fork child's counts would be lost).
//! - Every finding is on disk (atomically, `.smt2` + `.postcard`) before the
//!   feedback returns, so `kill -9` at any later moment loses nothing. A
//!   signature's first [`EXAMPLES_PER_SIGNATURE`] distinct formulas are
//!   written; only its first makes an objective.
//! - An execution that ended without a result in the slot (signal, abort,
//!   `exit()` inside the solver, memory exhaustion) is a crash; a hard
//!   timeout is written under `timeout/`, an `unknown` under `unknown/`.

use std::borrow::Cow;
use std::path::PathBuf;

use libafl::Error;
use libafl::HasMetadata;
use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl_bolts::Named;
use serde::{Deserialize, Serialize};

use super::slot::ResultSlot;
use super::stats::{CampaignStats, now_unix};
use crate::oracle::Verdict;
use crate::solver::SolverInfo;
use crate::term::Printer;
use crate::triage::{FindingInfo, stable_hash, write_finding};
use crate::truth::Case;

/// Distinct formulas written per bug signature.
pub const EXAMPLES_PER_SIGNATURE: u64 = 3;

/// Unknown and timeout files written per campaign at most.
pub const MAX_UNKNOWN_FILES: u64 = 1000;

/// The bug signature of a finding: its kind, what was answered, the
/// generator category and the set of operators in the formula. Two
/// findings with one signature are most likely one bug.
pub fn signature(verdict: &Verdict, case: &Case) -> u64 {
    let detail = match verdict {
        Verdict::Unsound { expected, got } => format!("{expected}->{got}"),
        Verdict::Crash(why) => why.lines().next().unwrap_or("").to_string(),
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
    slot: &'static ResultSlot,
    hard_timeout_ns: u64,
    answered: LastAnswered,
}

impl FindingFeedback {
    /// Writes under `out` (`findings/<kind>/`, `unknown/`, `timeout/`).
    pub fn new(
        out: PathBuf,
        printer: Printer,
        info: SolverInfo,
        slot: &'static ResultSlot,
        hard_timeout_ns: u64,
        answered: LastAnswered,
    ) -> Self {
        FindingFeedback {
            out,
            printer,
            info,
            slot,
            hard_timeout_ns,
            answered,
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

impl<EM, OT, S: HasMetadata> Feedback<EM, Case, OT, S> for FindingFeedback {
    fn is_interesting(
        &mut self,
        state: &mut S,
        _manager: &mut EM,
        input: &Case,
        _observers: &OT,
        exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        let finished = self.slot.take();
        let (verdict, output, solver_ns) = match (exit_kind, finished) {
            (ExitKind::Timeout, _) => (
                Verdict::Timeout,
                "killed at the hard timeout".to_string(),
                self.hard_timeout_ns,
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
        self.answered.0.set(matches!(
            verdict,
            Verdict::Correct { .. } | Verdict::ImpreciseCore { .. } | Verdict::Incomplete(_)
        ));
        let stats = state.metadata_or_insert_with(CampaignStats::default);
        stats.record(verdict.kind(), solver_ns);
        let info = FindingInfo {
            solver: &self.info.name,
            version: &self.info.version,
            options: &self.info.options,
            verdict: &verdict,
            output: &output,
        };
        if verdict.is_finding() {
            let sig = signature(&verdict, input);
            let seen = stats.signatures.entry(sig).or_default();
            *seen += 1;
            let first = *seen == 1;
            if *seen <= EXAMPLES_PER_SIGNATURE
                && let Some(path) =
                    write_finding(&self.out.join("findings"), input, &info, &self.printer)?
            {
                *stats
                    .findings
                    .entry(verdict.kind().to_string())
                    .or_default() += 1;
                eprintln!("finding: {verdict} -> {}", path.display());
            }
            return Ok(first);
        }
        if matches!(verdict, Verdict::Unknown | Verdict::Timeout)
            && stats.unknown_written < MAX_UNKNOWN_FILES
            && write_finding(&self.out, input, &info, &self.printer)?.is_some()
        {
            stats.unknown_written += 1;
        }
        Ok(false)
    }
}

/// Whether the last execution was answered: shared by [`FindingFeedback`],
/// which judges it, and [`AnsweredFeedback`], which LibAFL asks after it.
#[derive(Clone, Debug, Default)]
pub struct LastAnswered(std::rc::Rc<std::cell::Cell<bool>>);

/// Interesting only when the solver decided the last query correctly (or
/// left out a model or noise in its core): the corpus keeps no timeout,
/// crash or `unknown`. A query Z3 gives up on reaches edges by how long it
/// searched; kept as a mutation base, it makes every mutation as slow as
/// itself (a 10-minute campaign on Z3 5.3.3 fell from 10 to 1.3 execs/s).
pub struct AnsweredFeedback(LastAnswered);

impl AnsweredFeedback {
    /// Reads what `FindingFeedback` recorded in `last`.
    pub fn new(last: LastAnswered) -> Self {
        AnsweredFeedback(last)
    }
}

impl Named for AnsweredFeedback {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("answered");
        &NAME
    }
}

impl<S> StateInitializer<S> for AnsweredFeedback {}

impl<EM, I, OT, S> Feedback<EM, I, OT, S> for AnsweredFeedback {
    fn is_interesting(
        &mut self,
        _state: &mut S,
        _manager: &mut EM,
        _input: &I,
        _observers: &OT,
        exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        Ok(*exit_kind == ExitKind::Ok && self.0.0.replace(false))
    }
}

/// Which edges any execution has covered, for reporting.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct EdgeSet {
    /// One byte per edge: covered or not.
    pub seen: Vec<u8>,
    /// Edges covered.
    pub count: usize,
}

libafl_bolts::impl_serdeany!(EdgeSet);

/// Tallies the covered edges of every execution; never makes an input
/// interesting (that is the map feedback's job), so it reports coverage
/// the same way whether coverage steers the campaign or not.
pub struct EdgeTally {
    map: *const u8,
    len: usize,
}

impl EdgeTally {
    /// Reads the edge map at `map` with `len` entries (0: coverage off).
    ///
    /// # Safety
    ///
    /// `map` must stay valid for `len` bytes while the feedback is used.
    pub unsafe fn new(map: *const u8, len: usize) -> Self {
        EdgeTally { map, len }
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
        });
        // SAFETY: per `new`'s contract.
        let map = unsafe { std::slice::from_raw_parts(self.map, self.len) };
        for (chunk, seen) in map.chunks(8).zip(set.seen.chunks_mut(8)) {
            if chunk.iter().all(|&b| b == 0) {
                continue;
            }
            for (&hit, s) in chunk.iter().zip(seen.iter_mut()) {
                if hit != 0 && *s == 0 {
                    *s = 1;
                    set.count += 1;
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
    use crate::source::RandomCaseGenerator;
    use crate::truth::Status;

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
    }
}
