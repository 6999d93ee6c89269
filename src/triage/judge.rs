//! Triage's judge: a solver opened once, judging cases exactly as the
//! fuzz loop does ([`Harness::execute`]), under a replay's fixed limits.
//!
//! # Invariants
//!
//! - A case is judged as a case, never printed to text and read back: the
//!   verdict, the check-sat that failed and the bucket key are the ones a
//!   campaign's harness gives the same case on the same solver.
//! - A finding whose core is not claimed minimal (its constants were
//!   instantiated, see [`crate::finding::INSTANTIATED_CORE`]) is judged on its status.

use std::time::Duration;

use crate::execute::{Harness, Judged, Solver};
use crate::finding::Finding;
use crate::solver::Target;
use crate::term::{Dialect, Printer};
use crate::truth::Case;

/// An open solver that judges cases.
pub struct Judge {
    harness: Harness,
    /// The dialect queries are printed in.
    pub dialect: Dialect,
    /// The solver's name and version.
    pub describe: String,
}

impl Judge {
    /// A judge on `target`, which reads `dialect`, each query under
    /// `timeout`.
    pub fn new(target: Box<dyn Target>, dialect: Dialect, timeout: Duration) -> Judge {
        let describe = format!("{} ({})", target.name(), target.version());
        let solver = Solver::fixed(target, timeout);
        Judge {
            harness: Harness::new(solver, Printer::new(dialect)),
            dialect,
            describe,
        }
    }

    /// The judgement of `case`.
    pub fn judge(&mut self, case: &Case) -> Judged {
        self.harness.claiming_cores(true).execute(case)
    }

    /// The judgement of a finding's case, on its status alone when its
    /// core is not claimed minimal (`Finding::instantiated`).
    pub fn judge_finding(&mut self, f: &Finding) -> Judged {
        let judged = self
            .harness
            .claiming_cores(!f.instantiated)
            .execute(&f.case);
        self.harness.claiming_cores(true);
        judged
    }
}
