//! What happened when a solver ran one script: [`RawOutcome`].
//!
//! # Invariants
//!
//! - A solver's misbehaviour (a signal, `abort()`, `exit()` from inside the
//!   solver, memory exhaustion, a hang) is a value of this type, never a
//!   panic or an early exit of the caller.
//! - [`RawOutcome::Finished`] means the solver got through the whole script:
//!   for in-process Z3, `Z3_eval_smtlib2_string` returned; for a process, it
//!   exited with one of its normal exit codes. Its text is raw: this module
//!   does not interpret answers (the output parser does).
//! - Every variant carries the wall time from start to the reaped end.

use std::fmt;
use std::time::Duration;

/// The raw result of running one script on one solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawOutcome {
    /// The solver ran the whole script.
    Finished {
        /// Everything the solver answered, as text.
        stdout: String,
        /// Diagnostics the solver printed (process stderr; for a Z3 fork
        /// child, whatever libz3 wrote straight to fd 1 or 2).
        stderr: String,
        /// The process exit code (0 for in-process Z3).
        exit_code: i32,
        /// Wall time.
        elapsed: Duration,
    },
    /// The hard timeout passed; the solver was killed.
    Timeout {
        /// What the solver had printed before it was killed (empty for
        /// in-process Z3, which prints only when the script ends).
        partial_stdout: String,
        /// Its diagnostics so far.
        stderr: String,
        /// Wall time.
        elapsed: Duration,
    },
    /// The solver died before finishing the script.
    Crashed {
        /// How it died.
        cause: CrashCause,
        /// A one-line human description, e.g. `killed by SIGSEGV`.
        description: String,
        /// What it had printed before dying.
        partial_stdout: String,
        /// Its diagnostics (assertion messages land here).
        stderr: String,
        /// Wall time.
        elapsed: Duration,
    },
    /// The solver ran out of memory (under the memory limit, or by its own
    /// report) before finishing.
    OutOfMemory {
        /// How it ended.
        cause: CrashCause,
        /// What it had printed before.
        partial_stdout: String,
        /// Its diagnostics.
        stderr: String,
        /// Wall time.
        elapsed: Duration,
    },
    /// equifuzz could not run the solver at all (fork or spawn failed, the
    /// script cannot be passed): a fault of the harness, not the solver.
    NotRun {
        /// Why.
        reason: String,
        /// Wall time spent trying.
        elapsed: Duration,
    },
}

/// How a solver process ended when it did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrashCause {
    /// Killed by this signal number (SIGSEGV = 11, SIGABRT = 6, ...).
    Signal(i32),
    /// Called `exit()` with this code before finishing.
    Exit(i32),
}

impl RawOutcome {
    /// The wall time of the run.
    pub fn elapsed(&self) -> Duration {
        match self {
            RawOutcome::Finished { elapsed, .. }
            | RawOutcome::Timeout { elapsed, .. }
            | RawOutcome::Crashed { elapsed, .. }
            | RawOutcome::OutOfMemory { elapsed, .. }
            | RawOutcome::NotRun { elapsed, .. } => *elapsed,
        }
    }

    /// The solver's answer text: the whole output if it finished, the part
    /// printed before the end otherwise.
    pub fn stdout(&self) -> &str {
        match self {
            RawOutcome::Finished { stdout, .. } => stdout,
            RawOutcome::Timeout { partial_stdout, .. }
            | RawOutcome::Crashed { partial_stdout, .. }
            | RawOutcome::OutOfMemory { partial_stdout, .. } => partial_stdout,
            RawOutcome::NotRun { .. } => "",
        }
    }

    /// True if the solver ran the whole script.
    pub fn is_finished(&self) -> bool {
        matches!(self, RawOutcome::Finished { .. })
    }
}

impl fmt::Display for CrashCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CrashCause::Signal(n) => write!(f, "killed by {}", signal_name(n)),
            CrashCause::Exit(code) => write!(f, "exit({code})"),
        }
    }
}

impl fmt::Display for RawOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.elapsed().as_secs_f64() * 1e3;
        match self {
            RawOutcome::Finished { exit_code, .. } => {
                write!(f, "finished (exit code {exit_code}) in {ms:.1} ms")
            }
            RawOutcome::Timeout { .. } => write!(f, "timeout after {ms:.1} ms"),
            RawOutcome::Crashed { description, .. } => {
                write!(f, "crashed after {ms:.1} ms: {description}")
            }
            RawOutcome::OutOfMemory { cause, .. } => {
                write!(f, "out of memory after {ms:.1} ms ({cause})")
            }
            RawOutcome::NotRun { reason, .. } => write!(f, "not run: {reason}"),
        }
    }
}

/// `SIGSEGV` for 11, and so on; `signal N` for numbers without a name.
pub fn signal_name(n: i32) -> String {
    match nix::sys::signal::Signal::try_from(n) {
        Ok(s) => s.as_str().to_string(),
        Err(_) => format!("signal {n}"),
    }
}

/// Z3's exit codes from `util/error_codes.h`: a release build calls `exit`
/// with one of these on an internal error instead of aborting.
pub fn z3_exit_code_name(code: i32) -> Option<&'static str> {
    Some(match code {
        101 => "ERR_MEMOUT",
        102 => "ERR_TIMEOUT",
        103 => "ERR_PARSER",
        104 => "ERR_UNSOUNDNESS",
        105 => "ERR_INCOMPLETENESS",
        106 => "ERR_INI_FILE",
        107 => "ERR_NOT_IMPLEMENTED_YET",
        108 => "ERR_OPEN_FILE",
        109 => "ERR_CMD_LINE",
        110 => "ERR_INTERNAL_FATAL",
        111 => "ERR_TYPE_CHECK",
        112 => "ERR_UNKNOWN_RESULT",
        113 => "ERR_ALLOC_EXCEEDED",
        // `UNREACHABLE()` and a failed `VERIFY` in a release build (util/debug.h):
        // the exit of the "UNEXPECTED CODE WAS REACHED" crashes.
        114 => "ERR_UNREACHABLE",
        _ => return None,
    })
}

/// Whether a solver's diagnostics say it ran out of memory: Z3's memory
/// manager ("out of memory"), an uncaught C++ `std::bad_alloc`, or Rust's
/// allocation failure message.
pub fn stderr_says_out_of_memory(stderr: &str) -> bool {
    ["out of memory", "std::bad_alloc", "memory allocation of"]
        .iter()
        .any(|m| stderr.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_and_exit_codes_have_names() {
        assert_eq!(signal_name(11), "SIGSEGV");
        assert_eq!(signal_name(6), "SIGABRT");
        assert_eq!(signal_name(1000), "signal 1000");
        assert_eq!(z3_exit_code_name(112), Some("ERR_UNKNOWN_RESULT"));
        assert_eq!(z3_exit_code_name(114), Some("ERR_UNREACHABLE"));
        assert_eq!(z3_exit_code_name(115), None);
        assert_eq!(z3_exit_code_name(3), None);
        assert_eq!(CrashCause::Signal(11).to_string(), "killed by SIGSEGV");
    }

    #[test]
    fn the_accessors_agree_with_the_variant() {
        let d = Duration::from_millis(5);
        let fin = RawOutcome::Finished {
            stdout: "sat\n".into(),
            stderr: String::new(),
            exit_code: 0,
            elapsed: d,
        };
        assert!(fin.is_finished());
        assert_eq!(fin.stdout(), "sat\n");
        let crash = RawOutcome::Crashed {
            cause: CrashCause::Exit(112),
            description: "x".into(),
            partial_stdout: "sat\n".into(),
            stderr: String::new(),
            elapsed: d,
        };
        assert!(!crash.is_finished());
        assert_eq!(crash.stdout(), "sat\n");
        assert_eq!(crash.elapsed(), d);
    }
}
