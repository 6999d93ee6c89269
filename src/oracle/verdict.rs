//! The verdict on one run ([`Verdict`]): its kinds, which of them are
//! findings, and how each is shown. Where each is decided is said in the
//! `oracle` module's docs.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::crash::Crash;
use crate::term::Symbol;
use crate::truth::Status;

/// What was checked beyond the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Check {
    /// Sat: every assertion is true under the solver's values.
    ModelValid,
    /// Sat: the model could not be checked; the reason says why.
    Inconclusive(String),
    /// Unsat: the solver's core is exactly the known unique minimal core.
    CoreExact,
}

/// The judgement of one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// The expected status, and its model or core checked. For `run`
    /// without an expected status, the answer given.
    Correct {
        /// The answer.
        status: Status,
        /// What was checked beyond the answer: the model, or the core.
        check: Option<Check>,
    },
    /// `unknown`.
    Unknown,
    /// Over the time limit.
    Timeout,
    /// The solver printed an error before answering.
    Error(String),
    /// A signal, abort or exit inside the solver.
    Crash(Crash),
    /// Wrong sat/unsat.
    Unsound {
        /// Known status.
        expected: Status,
        /// Solver's answer.
        got: Status,
    },
    /// Sat, with values that falsify an assertion.
    InvalidModel {
        /// Why: which assertion is false, or which value is missing.
        reason: String,
    },
    /// The core omits assertions of the unique minimal core.
    InvalidCore {
        /// Core assertions the solver left out.
        missing: Vec<Symbol>,
    },
    /// The core has assertions outside the unique minimal core.
    ImpreciseCore {
        /// Assertions beyond the minimal core.
        extra: Vec<Symbol>,
    },
    /// The solver said sat or unsat but did not give the model or core
    /// asked for.
    Incomplete(String),
    /// The solver's release cannot express the formula
    /// ([`not_expressible`](super::not_expressible) says why): it was not
    /// sent, and nothing is judged.
    NotExpressible(String),
    /// The file's label is wrong: it says unsat, and the solver's model
    /// satisfies the formula under our semantics. Not a finding: the
    /// solver was right.
    LabelContradicted {
        /// The label.
        label: Status,
        /// The solver's values that satisfy the formula.
        model: String,
    },
}

impl Verdict {
    /// Whether this verdict is a soundness finding or a crash: an objective.
    pub fn is_finding(&self) -> bool {
        matches!(
            self,
            Verdict::Unsound { .. }
                | Verdict::InvalidModel { .. }
                | Verdict::InvalidCore { .. }
                | Verdict::Crash(_)
        )
    }

    /// Whether the solver answered right: the expected status, its model
    /// or core checked (a core larger than the minimal one is right too).
    pub fn is_right(&self) -> bool {
        matches!(
            self,
            Verdict::Correct { .. } | Verdict::ImpreciseCore { .. }
        )
    }

    /// A short kind, used as the findings folder name and in counts.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Correct {
                status: Status::Sat,
                ..
            } => "sat",
            Verdict::Correct {
                status: Status::Unsat,
                ..
            } => "unsat",
            Verdict::Unknown => "unknown",
            Verdict::Timeout => "timeout",
            Verdict::Error(_) => "error",
            Verdict::Crash(_) => "crash",
            Verdict::Unsound { .. } => "unsound",
            Verdict::InvalidModel { .. } => "invalid-model",
            Verdict::InvalidCore { .. } => "invalid-core",
            Verdict::ImpreciseCore { .. } => "imprecise-core",
            Verdict::Incomplete(_) => "incomplete",
            Verdict::NotExpressible(_) => "not-expressible",
            Verdict::LabelContradicted { .. } => "label-contradicted",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Correct {
                status,
                check: None,
            } => write!(f, "{status}"),
            Verdict::Correct {
                status,
                check: Some(Check::ModelValid),
            } => {
                write!(f, "{status} (model checked)")
            }
            Verdict::Correct {
                status,
                check: Some(Check::Inconclusive(why)),
            } => {
                write!(f, "{status} (model not checked: {why})")
            }
            Verdict::Correct {
                status,
                check: Some(Check::CoreExact),
            } => {
                write!(f, "{status} (core checked)")
            }
            Verdict::Unknown => write!(f, "unknown"),
            Verdict::Timeout => write!(f, "timeout"),
            Verdict::Error(e) => write!(f, "error: {e}"),
            Verdict::Crash(e) => write!(f, "CRASH: {e}"),
            Verdict::Unsound { expected, got } => {
                write!(f, "UNSOUND: expected {expected}, got {got}")
            }
            Verdict::InvalidModel { reason } => write!(f, "INVALID MODEL: {reason}"),
            Verdict::InvalidCore { missing } => {
                // The known core is the unique minimal one: every unsat
                // subset holds it, so what the solver gave is satisfiable.
                write!(
                    f,
                    "INVALID CORE: omits {}, which every unsat subset holds (the core given \
                     without it is satisfiable)",
                    missing.join(" ")
                )
            }
            Verdict::ImpreciseCore { extra } => {
                write!(f, "unsat (imprecise core: also {})", extra.join(" "))
            }
            Verdict::Incomplete(what) => write!(f, "incomplete: {what}"),
            Verdict::NotExpressible(why) => write!(f, "not expressible: {why}"),
            Verdict::LabelContradicted { label, model } => write!(
                f,
                "label contradicted: labelled {label}, but the solver's model satisfies the \
                 formula ({model})"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invalid_core_names_what_it_omits_and_why_that_is_wrong() {
        let v = Verdict::InvalidCore {
            missing: vec!["a1".into(), "p_3".into()],
        };
        let shown = v.to_string();
        // The prefix older finding files and logs were read by stays.
        assert!(shown.starts_with("INVALID CORE: omits a1 p_3, "), "{shown}");
        assert!(shown.contains("satisfiable"), "{shown}");
    }
}
