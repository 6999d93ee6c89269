//! cvc5 as a library (`--target cvc5 --solver-lib PATH`):
//! [`Cvc5InProcessFork`], each query in a forked child of the process that
//! loaded libcvc5, with the isolation of [`super::Z3InProcessFork`].
//!
//! # Invariants
//!
//! - The parent makes one solver, sets the `--solver-option`s on it (cvc5
//!   refuses an unknown one there, once, before any query) and then never
//!   uses it: every child starts from a copy-on-write image of that same
//!   pristine solver, so no query sees another's declarations or options.
//! - A child reports "finished" only by writing one complete frame
//!   ([`super::fork_frame`]) after the whole script ran; a child
//!   that dies, aborts or calls `exit()` inside cvc5 is a crash, one killed
//!   at the hard timeout a timeout, one that ran out of its address space
//!   (cvc5 throws `std::bad_alloc`, uncaught: an abort with that message)
//!   out of memory.
//! - cvc5's own per-query limit (`tlimit-per`, the soft timeout) is set in
//!   the child, below the hard one, so a slow query usually ends with
//!   `unknown`, not a kill.
//! - The solver runs with the flags of the `cvc5` binary target
//!   ([`super::process::CVC5_ARGS`]: incremental, extended string
//!   functions, models), then the user's options, which win.
//!
//! Fork safety is that of the Z3 fork target: fork from a process in which
//! no other thread runs cvc5 at the time.

use std::ffi::CString;
use std::time::{Duration, Instant};

use super::child::DEFAULT_MEMORY_LIMIT;
use super::child::Limits;
use super::cvc5_lib::{Cvc5Library, Cvc5Solver};
use super::fork_frame::{ExitMeaning, own_address_space, run_in_child};
use super::option::SolverOption;
use super::outcome::RawOutcome;
use super::{Target, dialect_of_version, soft_timeout};
use crate::term::Dialect;

/// The options of the `cvc5` binary target's flags, set on every
/// in-process solver before the user's.
pub const CVC5_DEFAULT_OPTIONS: &[(&str, &str)] = &[
    ("incremental", "true"),
    ("strings-exp", "true"),
    ("produce-models", "true"),
];

/// libcvc5 in this process, each query in a forked child with a hard
/// timeout and a memory limit.
pub struct Cvc5InProcessFork {
    lib: Cvc5Library,
    pristine: Cvc5Solver,
    memory_limit: Option<u64>,
}

impl Cvc5InProcessFork {
    /// A fork target on `lib` whose solver has [`CVC5_DEFAULT_OPTIONS`] and
    /// then `options`; cvc5's own message if it refuses one of them.
    pub fn new(lib: Cvc5Library, options: &[SolverOption]) -> Result<Self, String> {
        let mut all: Vec<SolverOption> = CVC5_DEFAULT_OPTIONS
            .iter()
            .map(|(k, v)| SolverOption {
                key: k.to_string(),
                value: v.to_string(),
            })
            .collect();
        all.extend(options.iter().cloned());
        let pristine = lib.new_solver(&all)?;
        Ok(Cvc5InProcessFork {
            lib,
            pristine,
            memory_limit: Some(DEFAULT_MEMORY_LIMIT),
        })
    }

    /// Sets how many bytes of address space a child may add to the
    /// parent's image (`None`: unlimited).
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> Self {
        self.memory_limit = bytes;
        self
    }

    /// The loaded library.
    pub fn library(&self) -> &Cvc5Library {
        &self.lib
    }

    fn run_forked(&mut self, script: &str, timeout: Duration, start: Instant) -> RawOutcome {
        let not_run = |reason: String| RawOutcome::NotRun {
            reason,
            elapsed: start.elapsed(),
        };
        let Ok(text) = CString::new(script) else {
            return not_run(
                "the script contains a NUL byte, which cvc5's parser cannot read".into(),
            );
        };
        let soft_ms = soft_timeout(timeout).to_string();
        let limits = Limits {
            address_space: self
                .memory_limit
                .map(|extra| own_address_space().saturating_add(extra)),
            cpu_seconds: None,
        };
        let deadline = super::child::deadline_after(start, timeout);
        let pristine = &mut self.pristine;
        run_in_child(start, deadline, limits, &CVC5_EXITS, |answer| {
            // The soft timeout: cvc5's own per-query limit, below the hard
            // one, so a slow query usually ends with `unknown`.
            let out = match pristine.set_option("tlimit-per", &soft_ms) {
                Ok(()) => pristine.run_script(&text),
                Err(e) => {
                    format!("(error \"tlimit-per: {}\")\n", e.replace('"', "\"\"")).into_bytes()
                }
            };
            answer(&out)
        })
    }
}

/// libcvc5 has no exit code of its own for memory exhaustion.
const CVC5_EXITS: ExitMeaning = ExitMeaning {
    out_of_memory: None,
    describe: |code| format!("cvc5 called exit({code}) before the query finished"),
};

impl Target for Cvc5InProcessFork {
    fn name(&self) -> String {
        "cvc5".into()
    }

    fn version(&self) -> String {
        self.lib.version().to_string()
    }

    fn dialect(&self) -> Dialect {
        dialect_of_version(self.lib.version())
    }

    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.run_forked(script, timeout, Instant::now())
    }
}
