//! One execution: print the case, run the solver, judge the reply, leave
//! the result in the [`ResultSlot`].
//!
//! # Invariants
//!
//! - The harness never writes files and never touches the fuzzer state: it
//!   may run in a fork child whose memory vanishes. Everything it knows
//!   goes through the slot; the feedbacks record it.
//! - libz3 gets Z3's own soft timeout (below the executor's hard one), so a
//!   slow query usually ends with `unknown`, not with a kill.
//! - An `exit()` inside the solver during an execution becomes `abort()`
//!   (see [`install_exit_guard`]), so LibAFL's crash handler records the
//!   input and the restarting manager restarts the client, instead of the
//!   client vanishing with the input.

use std::ffi::CString;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use libafl::executors::ExitKind;

use super::slot::ResultSlot;
use crate::fuzz::plain::queries_for;
use crate::oracle::{Expected, Reply, judge};
use crate::solver::{RawOutcome, Target, Z3Library, z3::Z3Context};
use crate::term::Printer;
use crate::truth::Case;

/// Set while the solver runs.
static IN_FLIGHT: AtomicBool = AtomicBool::new(false);

extern "C" fn abort_if_in_flight() {
    if IN_FLIGHT.load(Ordering::SeqCst) {
        lift_memory_limit();
        // SAFETY: abort is async-signal-safe and never returns.
        unsafe { libc::abort() }
    }
}

/// Turns an `exit()` called from inside the solver into `abort()`.
///
/// Release builds of Z3 call `exit(101..114)` on internal errors; LibAFL's
/// restarting manager treats a client that exits as a broken fuzzer and
/// stops, and the input would be lost. An abort is a crash it handles.
/// A solver that exhausted memory (under the soft address-space limit)
/// leaves none for LibAFL's crash handler, which must save the state: the
/// soft limit is lifted to the hard one just before the abort (the client
/// is restarted anyway).
pub fn install_exit_guard() {
    static ONCE: Once = Once::new();
    // SAFETY: registers a plain function with no captured state.
    ONCE.call_once(|| unsafe {
        libc::atexit(abort_if_in_flight);
    });
}

/// Sets the soft address-space limit; the hard one stays, so the exit
/// guard can lift it again.
pub fn set_memory_limit(bytes: u64) {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain syscalls on a valid struct.
    unsafe {
        libc::getrlimit(libc::RLIMIT_AS, &mut lim);
        lim.rlim_cur = bytes.min(lim.rlim_max);
        libc::setrlimit(libc::RLIMIT_AS, &lim);
    }
}

fn lift_memory_limit() {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain syscalls on a valid struct (async-signal-safe).
    unsafe {
        libc::getrlimit(libc::RLIMIT_AS, &mut lim);
        lim.rlim_cur = lim.rlim_max;
        libc::setrlimit(libc::RLIMIT_AS, &lim);
    }
}

/// How the solver is reached.
pub enum Solver {
    /// libz3 in this process, a fresh context per query.
    Z3Fresh {
        /// The library.
        lib: Z3Library,
        /// Z3's soft timeout, ms.
        soft_ms: u32,
    },
    /// libz3 evaluated on a context made once in the parent: for fork
    /// children, which each get a copy-on-write image of it.
    Z3Inherited {
        /// The pristine context (never evaluated on in the parent).
        context: Z3Context,
    },
    /// Any other target (a solver binary): isolated by its own process.
    Other {
        /// The target.
        target: Box<dyn Target>,
        /// Its hard timeout.
        timeout: Duration,
    },
}

/// Runs cases and judges them.
pub struct Harness {
    solver: Solver,
    printer: Printer,
    slot: &'static ResultSlot,
}

impl Harness {
    /// A harness on `solver` that prints with `printer` and reports to `slot`.
    pub fn new(solver: Solver, printer: Printer, slot: &'static ResultSlot) -> Self {
        Harness {
            solver,
            printer,
            slot,
        }
    }

    /// Runs one case. Always `ExitKind::Ok`: the verdict, crash included,
    /// is in the slot; a process-killing crash is seen by the executor.
    pub fn run(&mut self, case: &Case) -> ExitKind {
        self.slot.clear();
        let script = self
            .printer
            .script(&case.formula.to_script(None, queries_for(&case.truth)));
        let start = Instant::now();
        let reply_and_output = match &mut self.solver {
            Solver::Z3Fresh { lib, soft_ms } => {
                IN_FLIGHT.store(true, Ordering::SeqCst);
                let out = lib.eval(&script, Some(*soft_ms));
                IN_FLIGHT.store(false, Ordering::SeqCst);
                (Reply::from_output(&out), out)
            }
            Solver::Z3Inherited { context } => {
                let text = CString::new(script).unwrap_or_default();
                IN_FLIGHT.store(true, Ordering::SeqCst);
                let out = context.eval(&text);
                IN_FLIGHT.store(false, Ordering::SeqCst);
                (Reply::from_output(&out), out)
            }
            Solver::Other { target, timeout } => {
                let outcome = target.run(&script, *timeout);
                match outcome {
                    RawOutcome::Finished { stdout, .. } => (Reply::from_output(&stdout), stdout),
                    RawOutcome::Timeout { .. } => (Reply::Timeout, outcome.to_string()),
                    RawOutcome::Crashed { .. } | RawOutcome::OutOfMemory { .. } => {
                        (Reply::Crash(outcome.to_string()), outcome.to_string())
                    }
                    RawOutcome::NotRun { ref reason, .. } => {
                        (Reply::NotRun(reason.clone()), outcome.to_string())
                    }
                }
            }
        };
        let solver_ns = start.elapsed().as_nanos() as u64;
        let (reply, output) = reply_and_output;
        let verdict = judge(&case.formula, Some(&Expected::from(&case.truth)), &reply);
        self.slot.store(&verdict, &output, solver_ns);
        ExitKind::Ok
    }
}
