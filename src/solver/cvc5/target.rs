//! cvc5 as a library (`--target cvc5 --solver-lib PATH`):
//! [`Cvc5InProcessFork`], each query in a forked child of the process that
//! loaded libcvc5, with the isolation of [`Z3InProcessFork`](crate::solver::Z3InProcessFork).
//!
//! # Invariants
//!
//! - The parent makes one solver, sets the `--solver-option`s on it (cvc5
//!   refuses an unknown one there, once, before any query) and then never
//!   uses it: every child starts from a copy-on-write image of that same
//!   pristine solver, so no query sees another's declarations or options.
//! - A child reports "finished" only by writing one complete frame
//!   (`solver::fork_frame`) after the whole script ran; a child
//!   that dies, aborts or calls `exit()` inside cvc5 is a crash, one killed
//!   at the hard timeout a timeout, one that ran out of its address space
//!   (cvc5 throws `std::bad_alloc`, uncaught: an abort with that message)
//!   out of memory.
//! - cvc5's own per-query limit (`tlimit-per`, the soft timeout, or the
//!   caller's calibrated one: [`Target::run_within`]) is set in the child,
//!   below the hard one, so a slow query usually ends with `unknown`, not a
//!   kill; so are the options the case needs ([`case_options`]), unless the
//!   user set them.
//! - The solver runs with the flags of the `cvc5` binary target
//!   ([`CVC5_ARGS`](crate::solver::process::CVC5_ARGS): incremental, extended string
//!   functions, models), then the user's options, which win.
//!
//! Fork safety is that of the Z3 fork target: fork from a process in which
//! no other thread runs cvc5 at the time.

use std::ffi::CString;
use std::time::{Duration, Instant};

use super::library::{Cvc5Library, Cvc5Solver};
use super::options::{case_options, solver_options};
use crate::solver::child::{DEFAULT_MEMORY_LIMIT, deadline_after};
use crate::solver::fork_frame::{ExitMeaning, limits_beyond_own_image, run_in_child};
use crate::solver::option::SolverOption;
use crate::solver::outcome::RawOutcome;
use crate::solver::{Target, soft_timeout};

/// libcvc5 in this process, each query in a forked child with a hard
/// timeout and a memory limit.
pub struct Cvc5InProcessFork {
    lib: Cvc5Library,
    pristine: Cvc5Solver,
    memory_limit: Option<u64>,
    /// The options the user set, which a case's needs do not override.
    user_keys: Vec<String>,
}

impl Cvc5InProcessFork {
    /// A fork target on `lib` whose solver has
    /// [`CVC5_DEFAULT_OPTIONS`](super::options::CVC5_DEFAULT_OPTIONS) and
    /// then `options`; cvc5's own message if it refuses one of them.
    pub fn new(lib: Cvc5Library, options: &[SolverOption]) -> Result<Self, String> {
        let pristine = lib.new_solver(&solver_options(&[], options))?;
        Ok(Cvc5InProcessFork {
            lib,
            pristine,
            memory_limit: Some(DEFAULT_MEMORY_LIMIT),
            user_keys: options.iter().map(|o| o.key.clone()).collect(),
        })
    }

    /// Sets how many bytes of address space a child may add to the
    /// parent's image (`None`: unlimited).
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> Self {
        self.set_memory_limit(bytes);
        self
    }

    /// The same, in place.
    pub fn set_memory_limit(&mut self, bytes: Option<u64>) {
        self.memory_limit = bytes;
    }

    /// The loaded library.
    pub fn library(&self) -> &Cvc5Library {
        &self.lib
    }

    fn run_forked(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        let start = Instant::now();
        let not_run = |reason: String| RawOutcome::NotRun {
            reason,
            elapsed: start.elapsed(),
        };
        let Ok(text) = CString::new(script) else {
            return not_run(
                "the script contains a NUL byte, which cvc5's parser cannot read".into(),
            );
        };
        let soft_ms = soft_ms.to_string();
        let limits = limits_beyond_own_image(self.memory_limit);
        let deadline = deadline_after(start, timeout);
        let pristine = &mut self.pristine;
        let user_keys = &self.user_keys;
        run_in_child(start, deadline, limits, &CVC5_EXITS, |answer| {
            // The soft timeout: cvc5's own per-query limit, below the hard
            // one, so a slow query usually ends with `unknown`.
            // What the case needs (constant arrays), set in the child only.
            let needed = case_options(script)
                .into_iter()
                .filter(|o| !user_keys.contains(&o.key))
                .map(|o| (o.key, o.value));
            let out = match needed
                .chain([("tlimit-per".to_string(), soft_ms)])
                .try_for_each(|(k, v)| pristine.set_option(&k, &v).map_err(|e| format!("{k}: {e}")))
            {
                Ok(()) => pristine.run_script(&text),
                Err(e) => format!("(error \"{}\")\n", e.replace('"', "\"\"")).into_bytes(),
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

    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.run_forked(script, soft_timeout(timeout), timeout)
    }

    fn run_within(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        self.run_forked(script, soft_ms, timeout)
    }

    fn takes_soft_limit(&self) -> bool {
        true
    }
}
