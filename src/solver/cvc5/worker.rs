//! libcvc5 in a warm worker process (`--target cvc5 --solver-lib PATH`):
//! [`Cvc5Worker`], a child forked once from the process that loaded the
//! library, that answers query after query over a socket, each on a solver
//! made for it alone.
//!
//! Why: a fork per query ([`Cvc5InProcessFork`]) costs more than
//! cvc5's own answer as soon as the forking process is large, as a fuzzing
//! client is: the page tables are copied at each fork, and every page cvc5
//! touches in the child is copied again (figures: `docs/speed.md`). A new
//! solver and term manager in a process that stays costs about what
//! cvc5's start-up costs, and nothing of the parent's size.
//!
//! # Invariants
//!
//! - Every query runs on a solver and a term manager made for it and
//!   deleted after it (with the parser and symbol manager that read its
//!   script): a query's `(set-option ...)` lines, declarations, logic and
//!   terms never reach the next query. The solver gets
//!   [`CVC5_DEFAULT_OPTIONS`](super::options::CVC5_DEFAULT_OPTIONS), then
//!   the options the case needs
//!   ([`case_options`]), then the user's `--solver-option`s, which win.
//! - cvc5's per-query limit (`tlimit-per`) is the caller's soft limit
//!   ([`Target::run_within`]), so the calibrated limits of
//!   `execute::limits` apply to cvc5 as to Z3; the hard deadline is
//!   the caller's timeout.
//! - A query past its deadline costs the worker, never the caller: it is
//!   killed and reaped, and the next query forks a new one
//!   (`crate::solver::worker`). A crash (a signal, `abort`, `exit()` inside
//!   cvc5) ends the worker only and is a [`RawOutcome::Crashed`]; an
//!   uncaught `std::bad_alloc` (cvc5 past its address-space limit) is
//!   [`RawOutcome::OutOfMemory`]. Either carries what cvc5 printed to
//!   standard error during the query.
//! - The worker runs under the caller's memory limit, counted beyond the
//!   caller's image at the fork, and makes no core dumps.
//! - The worker is replaced after [`WORKER_USES`] queries, and at once
//!   after an answer that says its memory is broken (`std::bad_alloc`, an
//!   unknown C++ exception): libcvc5 1.4.2 keeps state past a deleted
//!   solver and term manager, and after about 600 queries in one process
//!   it died of a SIGSEGV (a term manager per query) or answered every
//!   query with `std::bad_alloc` (one term manager shared by all) on
//!   queries it answers alone (1,200 exported files in one `run`).
//! - A finding is confirmed by [`Target::run_fresh`]: the same query in a
//!   fork of a pristine solver, as [`Cvc5InProcessFork`] runs every query
//!   (the harness keeps only what it says again).
//!
//! Fork safety is that of the fork targets: the worker is forked from a
//! process in which no other thread runs cvc5 at the time.

use std::ffi::{CStr, CString};
use std::os::fd::RawFd;
use std::time::{Duration, Instant};

use super::library::Cvc5Library;
use super::options::{case_options, solver_options};
use super::target::Cvc5InProcessFork;
use crate::solver::child::{DEFAULT_MEMORY_LIMIT, Limits, deadline_after};
use crate::solver::fork_frame::limits_beyond_own_image;
use crate::solver::option::SolverOption;
use crate::solver::outcome::{CrashCause, RawOutcome, stderr_says_out_of_memory};
use crate::solver::worker::{Asked, InFlight, Serve, WorkerProcess, WorkerSetup, serve};
use crate::solver::{Target, soft_timeout};

/// Queries one worker answers before it is replaced.
pub const WORKER_USES: u32 = 128;

/// What cvc5 prints when its process is in no state to answer: the
/// worker that printed it is replaced.
const BROKEN: [&str; 2] = ["std::bad_alloc", "unknown C++ exception"];

/// libcvc5 in a worker process forked from this one, started on the first
/// query and again after a kill, a crash or [`WORKER_USES`] queries.
pub struct Cvc5Worker {
    setup: Cvc5Setup,
    /// A fork per query from a pristine solver: what confirms a finding
    /// ([`Target::run_fresh`]).
    fresh: Cvc5InProcessFork,
    worker: WorkerProcess,
}

/// What every cvc5 worker is forked with.
#[derive(Clone)]
struct Cvc5Setup {
    lib: Cvc5Library,
    /// The user's options, set after the defaults and the case's.
    options: Vec<SolverOption>,
    /// The address space a worker may add to this process's image.
    memory_limit: Option<u64>,
}

impl WorkerSetup for Cvc5Setup {
    const STDERR_NAME: &'static CStr = c"equifuzz-cvc5-stderr";
    const USES: Option<u32> = Some(WORKER_USES);

    fn limits(&self) -> Option<Limits> {
        Some(limits_beyond_own_image(self.memory_limit))
    }

    fn run(&self, fd: RawFd) {
        let (lib, user) = (&self.lib, &self.options);
        serve(fd, Cvc5Serve { lib, user })
    }
}

impl Cvc5Worker {
    /// A worker target on `lib` whose solvers get `options` after the
    /// defaults; cvc5's own message if it refuses one of them (checked
    /// here, once, on a solver made and deleted in this process).
    pub fn new(lib: Cvc5Library, options: &[SolverOption]) -> Result<Self, String> {
        drop(lib.new_solver(&solver_options(&[], options))?);
        Ok(Cvc5Worker {
            fresh: Cvc5InProcessFork::new(lib.clone(), options)?,
            setup: Cvc5Setup {
                lib,
                options: options.to_vec(),
                memory_limit: Some(DEFAULT_MEMORY_LIMIT),
            },
            worker: WorkerProcess::default(),
        })
    }

    /// Sets how many bytes of address space the worker may add to this
    /// process's image (`None`: unlimited).
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> Self {
        self.setup.memory_limit = bytes;
        self.fresh.set_memory_limit(bytes);
        self
    }

    /// How many workers were started.
    pub fn starts(&self) -> u64 {
        self.worker.starts().0
    }

    fn query(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        let start = Instant::now();
        let until = deadline_after(start, timeout);
        let head = soft_ms.to_le_bytes();
        let asked = self.worker.ask(&self.setup, &head, script, 1, until);
        match asked {
            Asked::Answered(frames) => {
                let stdout = String::from_utf8_lossy(&frames[0]).into_owned();
                let stderr = self.worker.printed();
                if BROKEN.iter().any(|b| stdout.contains(b)) {
                    self.worker.kill();
                }
                RawOutcome::Finished {
                    stdout,
                    stderr,
                    exit_code: 0,
                    elapsed: start.elapsed(),
                }
            }
            Asked::NotStarted(e) => RawOutcome::NotRun {
                reason: format!("cannot start the cvc5 worker: {e}"),
                elapsed: start.elapsed(),
            },
            Asked::Timeout(stderr) => RawOutcome::Timeout {
                partial_stdout: String::new(),
                stderr,
                elapsed: start.elapsed(),
            },
            Asked::Died(cause, stderr) => ended_early(cause, stderr, start.elapsed()),
        }
    }
}

impl Target for Cvc5Worker {
    fn name(&self) -> String {
        "cvc5".into()
    }

    fn version(&self) -> String {
        self.setup.lib.version().to_string()
    }

    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.query(script, soft_timeout(timeout), timeout)
    }

    fn run_within(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        self.query(script, soft_ms, timeout)
    }

    fn takes_soft_limit(&self) -> bool {
        true
    }

    fn run_fresh(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> Option<RawOutcome> {
        Some(self.fresh.run_within(script, soft_ms, timeout))
    }

    /// The same library and options, with no worker yet: the copy forks
    /// its own on its first query.
    fn fresh_copy(&self) -> Option<Box<dyn Target>> {
        let setup = self.setup.clone();
        Some(Box::new(Cvc5Worker {
            fresh: Cvc5InProcessFork::new(setup.lib.clone(), &setup.options)
                .ok()?
                .with_memory_limit(setup.memory_limit),
            setup,
            worker: WorkerProcess::default(),
        }))
    }
}

/// The outcome of a query whose worker died before it answered.
fn ended_early(cause: Option<CrashCause>, stderr: String, elapsed: Duration) -> RawOutcome {
    let Some(cause) = cause else {
        return RawOutcome::NotRun {
            reason: "the cvc5 worker vanished".into(),
            elapsed,
        };
    };
    if stderr_says_out_of_memory(&stderr) {
        return RawOutcome::OutOfMemory {
            cause,
            partial_stdout: String::new(),
            stderr,
            elapsed,
        };
    }
    let description = match cause {
        CrashCause::Exit(code) => format!("cvc5 called exit({code}) before the query finished"),
        CrashCause::Signal(_) => format!("{cause} during the query"),
    };
    RawOutcome::Crashed {
        cause,
        description,
        partial_stdout: String::new(),
        stderr,
        elapsed,
    }
}

/// The worker's side: each query on a solver of its own.
struct Cvc5Serve<'a> {
    lib: &'a Cvc5Library,
    user: &'a [SolverOption],
}

impl Serve for Cvc5Serve<'_> {
    /// The soft limit in ms.
    const HEAD: usize = 4;

    fn answer(&mut self, head: &[u8], script: &str) -> Vec<Vec<u8>> {
        let soft_ms = u32::from_le_bytes(head.try_into().expect("4 bytes"));
        let _inside = InFlight::enter();
        vec![answer(self.lib, self.user, script, soft_ms)]
    }
}

/// `(error "MSG")` as the binary prints it.
fn error(msg: String) -> Vec<u8> {
    format!("(error \"{}\")\n", msg.replace('"', "\"\"")).into_bytes()
}

/// One query on a solver and term manager made for it (and deleted when
/// it returns).
fn answer(lib: &Cvc5Library, user: &[SolverOption], script: &str, soft_ms: u32) -> Vec<u8> {
    let Ok(text) = CString::new(script) else {
        return error("the script contains a NUL byte, which cvc5's parser cannot read".into());
    };
    let mut solver = match lib.new_solver(&solver_options(&case_options(script), user)) {
        Ok(s) => s,
        Err(e) => return error(e),
    };
    if let Err(e) = solver.set_option("tlimit-per", &soft_ms.to_string()) {
        return error(format!("tlimit-per: {e}"));
    }
    solver.run_script(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_worker_is_a_crash_or_out_of_memory_by_what_it_printed() {
        let ms = Duration::from_millis(3);
        let oom = ended_early(
            Some(CrashCause::Signal(libc::SIGABRT)),
            "terminate called after throwing an instance of 'std::bad_alloc'".into(),
            ms,
        );
        assert!(matches!(oom, RawOutcome::OutOfMemory { .. }), "{oom}");
        let crash = ended_early(Some(CrashCause::Exit(1)), String::new(), ms);
        match crash {
            RawOutcome::Crashed { description, .. } => {
                assert!(description.contains("exit(1)"), "{description}")
            }
            other => panic!("{other}"),
        }
        assert!(matches!(
            ended_early(None, String::new(), ms),
            RawOutcome::NotRun { .. }
        ));
    }
}
