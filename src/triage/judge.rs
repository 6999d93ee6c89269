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

use crate::execute::open::{self, SolverSpec};
use crate::execute::{Harness, Judged, Solver};
use crate::finding::Finding;
use crate::solver::{RawOutcome, Target};
use crate::term::{Dialect, Printer};
use crate::truth::Case;

/// An open solver that judges cases.
pub struct Judge {
    harness: Harness,
    timeout: Duration,
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
            timeout,
            dialect,
            describe,
        }
    }

    /// Opens `spec` as a judge once the solver answers the preflight (a
    /// solver that cannot answer is an error here, never a verdict).
    pub fn open(spec: &SolverSpec, timeout: Duration) -> Result<Judge, String> {
        Judge::open_wrapped(spec, timeout, |t| t)
    }

    /// [`Judge::open`], its target handed to `wrap` once it answers the
    /// preflight: a wrapper that notes what the solver printed (the
    /// diagnosis step reads a self-check's words from its standard error,
    /// which a judgement does not keep) while the harness judges as ever.
    pub fn open_wrapped(
        spec: &SolverSpec,
        timeout: Duration,
        wrap: impl FnOnce(Box<dyn Target>) -> Box<dyn Target>,
    ) -> Result<Judge, String> {
        let opened = open::open(spec).map_err(|e| e.to_string())?;
        let mut target = opened.target;
        open::preflight(
            &spec.target,
            target.as_mut(),
            timeout.max(open::PREFLIGHT_TIMEOUT),
        )
        .map_err(|e| e.to_string())?;
        Ok(Judge::new(wrap(target), opened.dialect, timeout))
    }

    /// The judge a finding's replay line names: its solver, options and
    /// timeout.
    pub fn of_finding(f: &Finding) -> Result<Judge, String> {
        Judge::open(&SolverSpec::from(&f.replay), f.replay.timeout)
    }

    /// The judgement of `case`.
    pub fn judge(&mut self, case: &Case) -> Judged {
        self.harness.claiming_cores(true).execute(case)
    }

    /// The judgement of `case`, its core judged only if `claim_core` (a
    /// file whose core is not claimed minimal is judged on its status).
    pub fn judge_claiming(&mut self, case: &Case, claim_core: bool) -> Judged {
        let judged = self.harness.claiming_cores(claim_core).execute(case);
        self.harness.claiming_cores(true);
        judged
    }

    /// Runs a script that is no case (`run` on a file of someone else's)
    /// under the judge's timeout.
    pub fn run_script(&mut self, script: &str) -> RawOutcome {
        self.harness.run_script(script, self.timeout)
    }

    /// The judgement of a finding's case, on its status alone when its
    /// core is not claimed minimal (`Finding::instantiated`).
    pub fn judge_finding(&mut self, f: &Finding) -> Judged {
        self.judge_claiming(&f.case, !f.instantiated)
    }
}
