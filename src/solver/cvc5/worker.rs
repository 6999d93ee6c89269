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
//!   [`CVC5_DEFAULT_OPTIONS`], then the options the case needs
//!   ([`case_options`]), then the user's `--solver-option`s, which win.
//! - cvc5's per-query limit (`tlimit-per`) is the caller's soft limit
//!   ([`Target::run_within`]), so the calibrated limits of
//!   `fuzz::execute::limits` apply to cvc5 as to Z3; the hard deadline is
//!   the caller's timeout.
//! - A query past its deadline costs the worker, never the caller: it is
//!   killed and reaped, and the next query forks a new one. A crash (a
//!   signal, `abort`, `exit()` inside cvc5) ends the worker only and is a
//!   [`RawOutcome::Crashed`]; an uncaught `std::bad_alloc` (cvc5 past its
//!   address-space limit) is [`RawOutcome::OutOfMemory`].
//! - The worker's standard error is a memory file emptied before each
//!   query: what it holds when the worker dies was printed by that query.
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
//! - The worker restores the default action of every signal LibAFL
//!   handles, and asks the kernel to kill it when the caller dies.
//!
//! Fork safety is that of the fork targets: the worker is forked from a
//! process in which no other thread runs cvc5 at the time.

use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use super::library::Cvc5Library;
use super::target::{CVC5_DEFAULT_OPTIONS, Cvc5InProcessFork, case_options};
use crate::solver::child::{DEFAULT_MEMORY_LIMIT, Limits, deadline_after, limit_self};
use crate::solver::fork_frame::own_address_space;
use crate::solver::option::SolverOption;
use crate::solver::outcome::{CrashCause, RawOutcome, stderr_says_out_of_memory};
use crate::solver::z3::worker::{
    InFlight, Lost, PRINTED_TAIL, RESET_SIGNALS, clear_stderr, read_tail, receive_exact,
    receive_frame, send_all,
};
use crate::solver::{Target, dialect_of_version, soft_timeout};
use crate::term::Dialect;

/// Queries one worker answers before it is replaced.
pub const WORKER_USES: u32 = 128;

/// What cvc5 prints when its process is in no state to answer: the
/// worker that printed it is replaced.
const BROKEN: [&str; 2] = ["std::bad_alloc", "unknown C++ exception"];

/// Request header: soft limit in ms (4 bytes), script length (8).
const HEAD: usize = 12;

struct Worker {
    pid: libc::pid_t,
    socket: OwnedFd,
    /// The worker's standard error, a memory file it empties before each
    /// query.
    printed: std::fs::File,
    served: u32,
}

/// libcvc5 in a worker process forked from this one, started on the first
/// query and again after a kill, a crash or [`WORKER_USES`] queries.
pub struct Cvc5Worker {
    lib: Cvc5Library,
    /// A fork per query from a pristine solver: what confirms a finding
    /// ([`Target::run_fresh`]).
    fresh: Cvc5InProcessFork,
    /// The user's options, set after the defaults and the case's.
    options: Vec<SolverOption>,
    memory_limit: Option<u64>,
    worker: Option<Worker>,
    started: u64,
}

impl Cvc5Worker {
    /// A worker target on `lib` whose solvers get `options` after the
    /// defaults; cvc5's own message if it refuses one of them (checked
    /// here, once, on a solver made and deleted in this process).
    pub fn new(lib: Cvc5Library, options: &[SolverOption]) -> Result<Self, String> {
        drop(lib.new_solver(&solver_options(&[], options))?);
        Ok(Cvc5Worker {
            fresh: Cvc5InProcessFork::new(lib.clone(), options)?,
            lib,
            options: options.to_vec(),
            memory_limit: Some(DEFAULT_MEMORY_LIMIT),
            worker: None,
            started: 0,
        })
    }

    /// Sets how many bytes of address space the worker may add to this
    /// process's image (`None`: unlimited).
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> Self {
        self.memory_limit = bytes;
        self.fresh.set_memory_limit(bytes);
        self
    }

    /// How many workers were started.
    pub fn starts(&self) -> u64 {
        self.started
    }

    fn kill(&mut self) {
        if let Some(w) = self.worker.take() {
            // SAFETY: signals and reaps our own child.
            unsafe {
                libc::kill(w.pid, libc::SIGKILL);
                libc::waitpid(w.pid, std::ptr::null_mut(), 0);
            }
        }
    }

    fn spawn(&self) -> std::io::Result<Worker> {
        let mut fds = [0 as RawFd; 2];
        // SAFETY: writes two descriptors into `fds`.
        let r = unsafe {
            libc::socketpair(
                libc::AF_UNIX,
                libc::SOCK_STREAM | libc::SOCK_CLOEXEC,
                0,
                fds.as_mut_ptr(),
            )
        };
        if r != 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: both descriptors were just made and are owned here only.
        let (ours, theirs) =
            unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        // SAFETY: a plain syscall with a constant name.
        let printed =
            unsafe { libc::memfd_create(c"equifuzz-cvc5-stderr".as_ptr(), libc::MFD_CLOEXEC) };
        if printed < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: just made, owned here only.
        let printed = std::fs::File::from(unsafe { OwnedFd::from_raw_fd(printed) });
        let limits = Limits {
            address_space: self
                .memory_limit
                .map(|extra| own_address_space().saturating_add(extra)),
            cpu_seconds: None,
        };
        // SAFETY: the child runs only `serve`, which never returns.
        match unsafe { libc::fork() } {
            -1 => Err(std::io::Error::last_os_error()),
            0 => {
                drop(ours);
                // SAFETY: in the fresh child; fd 2 becomes the memory file.
                unsafe { libc::dup2(printed.as_raw_fd(), libc::STDERR_FILENO) };
                drop(printed);
                limit_self(limits);
                serve(&self.lib, &self.options, theirs.as_raw_fd())
            }
            pid => Ok(Worker {
                pid,
                socket: ours,
                printed,
                served: 0,
            }),
        }
    }

    fn query(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        let start = Instant::now();
        if self
            .worker
            .as_ref()
            .is_some_and(|w| w.served >= WORKER_USES)
        {
            self.kill();
        }
        if self.worker.is_none() {
            match self.spawn() {
                Ok(w) => self.worker = Some(w),
                Err(e) => {
                    return RawOutcome::NotRun {
                        reason: format!("cannot start the cvc5 worker: {e}"),
                        elapsed: start.elapsed(),
                    };
                }
            }
            self.started += 1;
        }
        let worker = self.worker.as_mut().expect("started above");
        worker.served += 1;
        let fd = worker.socket.as_raw_fd();
        let mut request = Vec::with_capacity(HEAD + script.len());
        request.extend_from_slice(&soft_ms.to_le_bytes());
        request.extend_from_slice(&(script.len() as u64).to_le_bytes());
        request.extend_from_slice(script.as_bytes());
        let until = deadline_after(start, timeout);
        let reply = send_all(fd, &request, until).and_then(|()| receive_frame(fd, until));
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        match reply {
            Ok(bytes) => {
                let stdout = text(&bytes);
                let stderr = read_tail(&worker.printed, PRINTED_TAIL);
                if BROKEN.iter().any(|b| stdout.contains(b)) {
                    self.kill();
                }
                RawOutcome::Finished {
                    stdout,
                    stderr,
                    exit_code: 0,
                    elapsed: start.elapsed(),
                }
            }
            Err(Lost::Deadline) => {
                let stderr = read_tail(&worker.printed, PRINTED_TAIL);
                self.kill();
                RawOutcome::Timeout {
                    partial_stdout: String::new(),
                    stderr,
                    elapsed: start.elapsed(),
                }
            }
            Err(Lost::Closed) => {
                let worker = self.worker.take().expect("started above");
                let cause = reap(worker.pid);
                let stderr = read_tail(&worker.printed, PRINTED_TAIL);
                ended_early(cause, stderr, start.elapsed())
            }
        }
    }
}

impl Drop for Cvc5Worker {
    fn drop(&mut self) {
        self.kill();
    }
}

impl Target for Cvc5Worker {
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
        self.query(script, soft_timeout(timeout), timeout)
    }

    fn run_within(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        self.query(script, soft_ms, timeout)
    }

    fn takes_soft_limit(&self) -> bool {
        true
    }

    /// The same library and options, with no worker yet: the copy forks
    /// its own on its first query.
    fn run_fresh(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> Option<RawOutcome> {
        Some(self.fresh.run_within(script, soft_ms, timeout))
    }

    fn fresh_copy(&self) -> Option<Box<dyn Target>> {
        Some(Box::new(Cvc5Worker {
            fresh: Cvc5InProcessFork::new(self.lib.clone(), &self.options)
                .ok()?
                .with_memory_limit(self.memory_limit),
            lib: self.lib.clone(),
            options: self.options.clone(),
            memory_limit: self.memory_limit,
            worker: None,
            started: 0,
        }))
    }
}

/// The options of one query's solver, in the order they are set: the
/// defaults, what the case needs, the user's.
fn solver_options(case: &[SolverOption], user: &[SolverOption]) -> Vec<SolverOption> {
    CVC5_DEFAULT_OPTIONS
        .iter()
        .map(|(k, v)| SolverOption {
            key: k.to_string(),
            value: v.to_string(),
        })
        .chain(case.iter().cloned())
        .chain(user.iter().cloned())
        .collect()
}

/// How a worker that closed its socket ended (it is dying: waits for it).
fn reap(pid: libc::pid_t) -> Option<CrashCause> {
    let mut status = 0;
    // SAFETY: reaps our own child.
    let r = unsafe { libc::waitpid(pid, &mut status, 0) };
    (r == pid).then(|| {
        if libc::WIFSIGNALED(status) {
            CrashCause::Signal(libc::WTERMSIG(status))
        } else {
            CrashCause::Exit(libc::WEXITSTATUS(status))
        }
    })
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

/// The worker: default signal actions, then query after query until the
/// caller closes the socket (or dies: the kernel then kills the worker).
fn serve(lib: &Cvc5Library, user: &[SolverOption], fd: RawFd) -> ! {
    // SAFETY: plain signal calls in a fresh child.
    unsafe {
        for sig in RESET_SIGNALS {
            libc::signal(sig, libc::SIG_DFL);
        }
    }
    loop {
        let mut head = [0u8; HEAD];
        if receive_exact(fd, &mut head, None).is_err() {
            // SAFETY: ends the worker without the caller's exit handlers.
            unsafe { libc::_exit(0) }
        }
        let soft_ms = u32::from_le_bytes(head[..4].try_into().expect("4 bytes"));
        let len = u64::from_le_bytes(head[4..].try_into().expect("8 bytes")) as usize;
        let mut script = vec![0u8; len];
        if receive_exact(fd, &mut script, None).is_err() {
            // SAFETY: as above.
            unsafe { libc::_exit(0) }
        }
        clear_stderr();
        let out = {
            let _inside = InFlight::enter();
            answer(lib, user, &String::from_utf8_lossy(&script), soft_ms)
        };
        let mut reply = Vec::with_capacity(8 + out.len());
        reply.extend_from_slice(&(out.len() as u64).to_le_bytes());
        reply.extend_from_slice(&out);
        if send_all(fd, &reply, Instant::now() + Duration::from_secs(3600)).is_err() {
            // SAFETY: as above.
            unsafe { libc::_exit(0) }
        }
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
    fn constant_arrays_turn_arrays_exp_on_and_the_user_has_the_last_word() {
        let script = "(declare-const a (Array Int Int))\
                      (assert (= a ((as const (Array Int Int)) 0)))(check-sat)";
        let case = case_options(script);
        assert_eq!(case.len(), 1);
        assert_eq!(case[0].to_string(), "arrays-exp=true");
        assert!(case_options("(declare-const a (Array Int Int))(check-sat)").is_empty());
        let user: SolverOption = "arrays-exp=false".parse().unwrap();
        let all = solver_options(&case, std::slice::from_ref(&user));
        assert_eq!(all.last(), Some(&user));
        assert_eq!(all.len(), CVC5_DEFAULT_OPTIONS.len() + 2);
    }

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
