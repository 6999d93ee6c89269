//! The result of one execution: the verdict, decided once by
//! [`Harness::execute`](super::harness::Harness::execute), with the
//! solver's output and time, and the facts of the judgement as fields.
//!
//! # Invariants
//!
//! - A `Judged` is made in one place for an execution that finished (the
//!   harness) and in one other for one that did not (the verdict observer,
//!   from LibAFL's exit kind): nothing else decides a verdict.
//! - A finding's bucket key is computed when its verdict is made
//!   ([`Judged::on`]), from the case and the check that failed, and read
//!   from here by everyone after (the objective, the finding writer,
//!   triage): it is the same in a campaign and in a replay.
//! - The facts of a judgement (the check-sat that failed, a warm verdict a
//!   fresh solver did not repeat, the bucket) are fields, never lines of
//!   the output to be parsed back.
//! - It is what crosses `fork` (postcard, in the result slot) and LLMP (in
//!   the serialized verdict observer); it holds no formula text.

use serde::{Deserialize, Serialize};

use crate::finding::{BucketKey, FindingInfo};
use crate::oracle::{FailedCheck, Verdict};
use crate::solver::SolverInfo;
use crate::truth::Case;

/// One judged execution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The start of the solver's output (or why there is none).
    pub output: String,
    /// Time inside the solver call, nanoseconds.
    pub solver_ns: u64,
    /// The check-sat of an incremental script whose verdict stands for it.
    pub failed: Option<FailedCheck>,
    /// A warm solver's finding that a fresh one did not repeat; the
    /// verdict and output are the fresh one's (see `harness`).
    pub history: Option<History>,
    /// A finding's bucket, keyed where the verdict was made.
    pub bucket: Option<BucketKey>,
}

/// What a warm solver (a context or worker that answered queries before)
/// said, where a fresh one, asked again, did not repeat its finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// The warm verdict.
    pub warm: Verdict,
    /// The start of the warm output.
    pub warm_output: String,
}

/// How much of a warm output a [`History`] keeps.
const WARM_OUTPUT_CHARS: usize = 600;

impl History {
    /// The warm verdict and output, `warm_output` cut to a few hundred
    /// characters.
    pub fn new(warm: Verdict, warm_output: &str) -> History {
        History {
            warm,
            warm_output: warm_output.trim().chars().take(WARM_OUTPUT_CHARS).collect(),
        }
    }
}

impl Judged {
    /// An execution judged `verdict`, the solver having printed `output`
    /// in `solver_ns`, with no case at hand: a verdict that is no finding
    /// (a finding without a case has no bucket; use [`Judged::on`]).
    pub fn new(verdict: Verdict, output: impl Into<String>, solver_ns: u64) -> Judged {
        Judged {
            verdict,
            output: output.into(),
            solver_ns,
            failed: None,
            history: None,
            bucket: None,
        }
    }

    /// `case` judged `verdict` (its check-sat `failed` deciding, for an
    /// incremental script): a finding gets its bucket key here, once.
    pub fn on(
        case: &Case,
        verdict: Verdict,
        failed: Option<FailedCheck>,
        output: impl Into<String>,
        solver_ns: u64,
    ) -> Judged {
        let bucket = verdict
            .is_finding()
            .then(|| BucketKey::of_judgement(&verdict, case, failed));
        Judged {
            failed,
            bucket,
            ..Judged::new(verdict, output, solver_ns)
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

    /// A warm finding that a fresh solver did not repeat.
    pub fn history_dependent(&self) -> bool {
        self.history.is_some()
    }

    /// What a finding file says of this judgement, the solver being
    /// `solver`.
    pub fn info<'a>(&'a self, solver: &'a SolverInfo) -> FindingInfo<'a> {
        FindingInfo {
            solver,
            verdict: &self.verdict,
            output: &self.output,
            failed: self.failed,
            bucket: self.bucket.as_ref().map(BucketKey::id),
        }
    }

    /// One line on a history-dependent judgement: what the warm solver
    /// said and what the fresh one said; empty otherwise.
    pub fn history_note(&self) -> String {
        self.history.as_ref().map_or_else(String::new, |h| {
            format!(
                "a warm solver said {} ({}), a fresh one {}",
                h.warm.kind(),
                h.warm_output,
                self.verdict.kind()
            )
        })
    }
}
