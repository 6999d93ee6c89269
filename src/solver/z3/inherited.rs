//! libz3 on a context made once, before LibAFL's fork executor forks:
//! [`Z3Inherited`], the target of a campaign's `--fork` children, each of
//! which evaluates on its own copy-on-write image of the context and exits.
//!
//! Unlike [`Z3InProcessFork`](super::target::Z3InProcessFork), which forks
//! a child per query itself, this target forks nothing: the process it runs
//! in is already the fork child, whose crash or hang LibAFL's executor sees
//! (its timeout is the hard one). So a query runs here, in this process.
//!
//! # Invariants
//!
//! - The parent never evaluates on the context: every child starts from the
//!   same pristine copy, and what a child does to its copy vanishes with it.
//!   So every query is on a solver as fresh as a user's, and there is no
//!   warm answer to confirm ([`Target::run_fresh`] is `None`).
//! - A script that needs a context of its own (unsat cores, proofs, Z3
//!   parameters of its own: global parameters read when a context is made,
//!   [`needs_own_context`]) gets one; the inherited context was made
//!   without them and refuses them after the fact. What the child sets dies
//!   with it.
//! - Z3's soft timeout is the caller's ([`Target::run_within`]), as a
//!   `(set-option :timeout N)` before the script, which wins over the
//!   global timeout the context was made under; the caller's hard timeout
//!   is not this target's to keep.
//! - While a query is inside libz3 ([`InFlight`]), an `exit()` becomes
//!   `abort()` (see
//!   [`install_exit_guard`](crate::solver::worker::install_exit_guard)), so
//!   LibAFL's crash handler sees it.

use std::ffi::CString;
use std::time::{Duration, Instant};

use super::library::{Z3Context, Z3Library};
use super::script::needs_own_context;
use super::target::Z3InProcessFork;
use crate::solver::outcome::RawOutcome;
use crate::solver::worker::InFlight;
use crate::solver::{Target, soft_timeout};

/// libz3 evaluated in this process on a context made once, for fork
/// children that each get a copy-on-write image of it.
pub struct Z3Inherited {
    lib: Z3Library,
    version: String,
    /// The pristine context (never evaluated on in the parent).
    context: Z3Context,
}

impl Z3Inherited {
    /// A target on `lib` whose context is made now, under the soft timeout
    /// of the hard `timeout` (a global parameter, read when the context's
    /// front end is built; each query sets its own).
    pub fn new(lib: Z3Library, timeout: Duration) -> Self {
        lib.set_soft_timeout(soft_timeout(timeout));
        let context = lib.mk_context();
        let version = lib.version();
        Z3Inherited {
            lib,
            version,
            context,
        }
    }
}

impl Target for Z3Inherited {
    fn name(&self) -> String {
        "z3".into()
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.run_within(script, soft_timeout(timeout), timeout)
    }

    /// Runs `script` on the inherited context, or on a context of its own
    /// when it needs one, under Z3's soft timeout `soft_ms`; `timeout` is
    /// the fork executor's.
    fn run_within(&mut self, script: &str, soft_ms: u32, _timeout: Duration) -> RawOutcome {
        let start = Instant::now();
        let stdout = {
            let _inside = InFlight::enter();
            if needs_own_context(script) {
                self.lib.eval_unserialized(script, Some(soft_ms))
            } else {
                let text = format!("(set-option :timeout {soft_ms})\n{script}");
                self.context.eval(&CString::new(text).unwrap_or_default())
            }
        };
        RawOutcome::Finished {
            stdout,
            stderr: String::new(),
            exit_code: 0,
            elapsed: start.elapsed(),
        }
    }

    fn takes_soft_limit(&self) -> bool {
        true
    }

    fn refuses_reset_assertions(&self) -> Option<String> {
        Z3InProcessFork::reset_assertions_refusal(&self.lib)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::z3::library::params_lock;

    #[test]
    fn an_inherited_context_answers_as_a_fresh_one_and_has_no_warm_state() {
        let lib = match Z3Library::load(None) {
            Ok(lib) => lib,
            Err(e) => {
                eprintln!("SKIPPED: an_inherited_context_answers_as_a_fresh_one: no libz3: {e}");
                return;
            }
        };
        let _params = params_lock();
        let long = Duration::from_secs(30);
        let sat = "(declare-const x Int)(assert (> x 2))(check-sat)";
        let unsat = "(declare-const y Int)(assert (> y 2))(assert (< y 1))(check-sat)";
        // Needs a context of its own: the inherited one was made without
        // unsat cores.
        let core = "(set-option :produce-unsat-cores true)(declare-const z Int)\
            (assert (! (> z 2) :named a0))(assert (! (< z 1) :named a1))\
            (check-sat)(get-unsat-core)";
        for script in [sat, unsat, core] {
            // A fork child's copy: one query on the pristine context.
            let mut target: Box<dyn Target> = Box::new(Z3Inherited::new(lib.clone(), long));
            assert!(target.takes_soft_limit());
            let got = target.run_within(script, 5_000, long);
            // As a context made for the script alone answers it.
            let was = lib.eval_unserialized(script, Some(5_000));
            assert_eq!(got.stdout(), was, "{script}");
            assert!(got.stdout().starts_with("sat\n") || got.stdout().starts_with("unsat\n"));
            assert!(
                target.run_fresh(script, 5_000, long).is_none(),
                "no warm state"
            );
            assert_eq!(target.statistics(), "");
        }
    }
}
