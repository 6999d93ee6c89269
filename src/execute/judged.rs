//! The result of one execution: the verdict, decided once by
//! [`Harness::execute`](super::harness::Harness::execute), with the
//! solver's output and time.
//!
//! # Invariants
//!
//! - A `Judged` is made in one place for an execution that finished (the
//!   harness) and in one other for one that did not (the verdict observer,
//!   from LibAFL's exit kind): nothing else decides a verdict.
//! - It is what crosses `fork` (postcard, in the result slot) and LLMP (in
//!   the serialized verdict observer); it holds no formula text.

use serde::{Deserialize, Serialize};

use crate::oracle::Verdict;

/// One judged execution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    /// The verdict.
    pub verdict: Verdict,
    /// The start of the solver's output (or why there is none).
    pub output: String,
    /// Time inside the solver call, nanoseconds.
    pub solver_ns: u64,
    /// A warm context's finding that a fresh one did not repeat; the
    /// verdict is the fresh one's (see `harness`).
    #[serde(default)]
    pub history_dependent: bool,
}

impl Judged {
    /// An execution judged `verdict`, the solver having printed `output`
    /// in `solver_ns`.
    pub fn new(verdict: Verdict, output: impl Into<String>, solver_ns: u64) -> Judged {
        Judged {
            verdict,
            output: output.into(),
            solver_ns,
            history_dependent: false,
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
}
