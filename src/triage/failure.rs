//! How a finding fails: the verdict kind and the solver's answer, what
//! `minimize` keeps, `confirm` counts and `bisect` looks for on each
//! release.

use crate::oracle::Verdict;
use crate::truth::Status;

/// How a finding fails: what a reduction must keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The verdict kind.
    pub kind: &'static str,
    /// The solver's answer (`sat`, `unsat`, `crash`).
    pub answer: String,
}

impl Failure {
    /// The failure a verdict shows, if it is a finding.
    pub fn of(v: &Verdict) -> Option<Failure> {
        let answer = match v {
            Verdict::Unsound { got, .. } => got.to_string(),
            Verdict::InvalidModel { .. } => Status::Sat.to_string(),
            Verdict::InvalidCore { .. } => Status::Unsat.to_string(),
            Verdict::Crash(_) => "crash".into(),
            _ => return None,
        };
        Some(Failure {
            kind: v.kind(),
            answer,
        })
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (answer {})", self.kind, self.answer)
    }
}
