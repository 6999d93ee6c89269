//! Z3 as a library: [`Z3InProcessFork`] (a fork child per query) and
//! [`Z3InProcess`] (no isolation).
//!
//! # Invariants
//!
//! - A fork child reports "finished" only by writing one complete frame
//!   (`FRAME_MAGIC`, the output length as 8 little-endian bytes, the
//!   output) after `Z3_eval_smtlib2_string` returned. A child that dies or
//!   calls `exit()` inside libz3 (release builds of Z3 call `exit(101..113)`
//!   on internal errors) never writes a complete frame, whatever its exit
//!   code, so it is reported as a crash.
//! - Every child starts from the same state: a fresh context
//!   ([`ContextMode::Fresh`]), or the copy-on-write image of a context the
//!   parent made once and then leaves alone: untouched
//!   ([`ContextMode::Inherited`]) or after one empty eval that built Z3's
//!   SMT-LIB front end ([`ContextMode::Warm`], the default and the fastest).
//!   What a child does to its copy vanishes with it; a table test checks
//!   that all three modes answer exactly like a fresh in-process context.
//! - The parent reads the child's pipes to their end before it waits, and
//!   kills the child at the hard timeout: a run never blocks longer than
//!   its timeout plus the time to reap.
//!
//! # Fork safety
//!
//! `fork` copies only the calling thread. The child runs Z3, which takes
//! locks and allocates: if another thread of the parent holds such a lock
//! (glibc's malloc is made fork-safe by glibc itself; Z3's own memory and
//! parameter locks are not), the child deadlocks and the run ends as a
//! [`RawOutcome::Timeout`]. So fork from a process in which no other thread
//! runs Z3 at the time: the fuzzer's main loop is single-threaded; tests
//! that fork serialise on a lock and live in their own test binary.

use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::path::Path;
use std::time::{Duration, Instant};

use super::child::{self, Ended, Limits};
use super::outcome::{CrashCause, RawOutcome, stderr_says_out_of_memory, z3_exit_code_name};
use super::z3::{PreparedScript, Z3Context, Z3Library};
use super::{Target, dialect_of_version, soft_timeout};
use crate::term::Dialect;

/// The default memory limit of a solver: 4 GiB of address space (for a
/// fork child, 4 GiB beyond the parent's image).
pub const DEFAULT_MEMORY_LIMIT: u64 = 4 << 30;

pub(super) const FRAME_MAGIC: &[u8; 4] = b"EQZ3";
pub(super) const FRAME_HEADER: usize = FRAME_MAGIC.len() + 8;

/// Where a fork child's Z3 context comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ContextMode {
    /// The parent makes a context and runs one empty eval on it, which builds
    /// the SMT-LIB front end (the bulk of a fresh run's cost); each child
    /// evaluates on its copy-on-write image. Two such contexts are kept, with
    /// and without unsat cores, because the front end fixes that option when
    /// it is built; the child sets its timeout with `(set-option :timeout
    /// N)` in a separate eval before the script.
    #[default]
    Warm,
    /// The parent makes one context; each child builds the front end on its
    /// copy at its first eval.
    Inherited,
    /// Each child makes its own context (the Z3 API's usual path).
    Fresh,
}

/// libz3 in this process, each query in a forked child with a hard timeout
/// and a memory limit. A crash of Z3 is an outcome; the parent lives on.
pub struct Z3InProcessFork {
    lib: Z3Library,
    version: String,
    memory_limit: Option<u64>,
    mode: ContextMode,
    /// The pristine contexts children inherit, made on first use, indexed
    /// by "unsat cores on" (in `Inherited` mode only index 0 is used).
    parent_contexts: [Option<Z3Context>; 2],
}

impl Z3InProcessFork {
    /// A fork target on `lib`, with the default memory limit and
    /// [`ContextMode::Inherited`].
    pub fn new(lib: Z3Library) -> Self {
        let version = lib.version();
        Z3InProcessFork {
            lib,
            version,
            memory_limit: Some(DEFAULT_MEMORY_LIMIT),
            mode: ContextMode::default(),
            parent_contexts: [None, None],
        }
    }

    /// Loads libz3 from `path` (the system library if `None`).
    pub fn load(path: Option<&Path>) -> Result<Self, super::Error> {
        Ok(Self::new(Z3Library::load(path)?))
    }

    /// Sets how many bytes of address space a child may add to the image of
    /// the parent it starts as (`None`: unlimited). The child's `RLIMIT_AS`
    /// is the parent's size at the fork plus this, so a large or
    /// multi-threaded parent does not eat the child's budget.
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> Self {
        self.memory_limit = bytes;
        self
    }

    /// Chooses where each child's context comes from.
    pub fn with_context_mode(mut self, mode: ContextMode) -> Self {
        self.mode = mode;
        self.parent_contexts = [None, None];
        self
    }

    /// The context a child for a script with(out) unsat cores starts from,
    /// made now if it is the first; `None` in `Fresh` mode.
    fn parent_context(&mut self, unsat_cores: bool) -> Option<&Z3Context> {
        let slot = match self.mode {
            ContextMode::Fresh => return None,
            ContextMode::Inherited => 0,
            ContextMode::Warm => usize::from(unsat_cores),
        };
        if self.parent_contexts[slot].is_none() {
            let mut ctx = self.lib.mk_context();
            if self.mode == ContextMode::Warm {
                self.lib.set_unsat_cores(unsat_cores);
                ctx.eval(c"");
            }
            self.parent_contexts[slot] = Some(ctx);
        }
        self.parent_contexts[slot].as_ref()
    }

    /// The loaded library.
    pub fn library(&self) -> &Z3Library {
        &self.lib
    }

    fn run_forked(&mut self, script: &str, timeout: Duration, start: Instant) -> RawOutcome {
        let not_run = |reason: String| RawOutcome::NotRun {
            reason,
            elapsed: start.elapsed(),
        };
        let Some(prepared) = PreparedScript::new(script) else {
            return not_run("the script contains a NUL byte, which libz3 cannot read".into());
        };
        let pipes = (pipe(), pipe());
        let ((result_r, result_w), (console_r, console_w)) = match pipes {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => return not_run(format!("cannot make a pipe: {e}")),
        };
        let soft_ms = soft_timeout(timeout);
        let set_timeout = (self.mode == ContextMode::Warm).then(|| {
            std::ffi::CString::new(format!("(set-option :timeout {soft_ms})")).expect("no NUL")
        });
        let lib = self.lib.clone();
        let address_space = self
            .memory_limit
            .map(|extra| own_address_space().saturating_add(extra));
        let limits = Limits {
            address_space,
            cpu_seconds: None,
        };
        let ctx = self.parent_context(prepared.unsat_cores);
        let deadline = super::process::deadline_after(start, timeout);
        // SAFETY: the child runs only `child_main`, which never returns.
        match unsafe { libc::fork() } {
            -1 => not_run(format!("fork failed: {}", std::io::Error::last_os_error())),
            0 => {
                let setup = ChildSetup {
                    soft_ms,
                    set_timeout: set_timeout.as_deref(),
                    limits,
                };
                child_main(
                    &lib,
                    ctx,
                    &prepared,
                    &setup,
                    result_w.as_raw_fd(),
                    console_w.as_raw_fd(),
                )
            }
            pid => {
                drop((result_w, console_w));
                let pumped = child::pump(None, &[result_r.as_fd(), console_r.as_fd()], deadline);
                let reaped = child::reap(pid, pid, deadline);
                let elapsed = start.elapsed();
                match (pumped, reaped) {
                    (Ok(p), Ok((ended, killed))) => classify(p.outputs, ended, killed, elapsed),
                    (Err(e), _) | (_, Err(e)) => {
                        // SAFETY: killing and reaping our own child.
                        unsafe {
                            libc::kill(pid, libc::SIGKILL);
                            libc::waitpid(pid, std::ptr::null_mut(), 0);
                        }
                        not_run(format!("lost track of the child: {e}"))
                    }
                }
            }
        }
    }
}

/// This process's address-space size in bytes (0 if /proc is unreadable,
/// which makes the limit tighter, never looser).
pub(super) fn own_address_space() -> u64 {
    let pages = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .unwrap_or(0);
    // SAFETY: sysconf with a constant argument.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    pages * page
}

pub(super) fn pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC).map_err(std::io::Error::from)
}

/// What a fork child needs besides the library, context and script.
struct ChildSetup<'a> {
    soft_ms: u32,
    /// `(set-option :timeout N)`, evaluated first on a warm context.
    set_timeout: Option<&'a std::ffi::CStr>,
    limits: Limits,
}

/// The fork child: limits, soft timeout, eval, one frame, `_exit`.
///
/// It allocates nothing on the Rust side: the script and the timeout text
/// were prepared before the fork and the output goes from Z3's buffer
/// straight to the pipe.
fn child_main(
    lib: &Z3Library,
    inherited: Option<&Z3Context>,
    script: &PreparedScript,
    setup: &ChildSetup<'_>,
    result_fd: RawFd,
    console_fd: RawFd,
) -> ! {
    // SAFETY: plain fd syscalls; Z3's direct prints go to the console pipe.
    unsafe {
        libc::dup2(console_fd, 1);
        libc::dup2(console_fd, 2);
    }
    child::limit_self(setup.limits);
    // Read when the front end is built: at this child's first eval unless
    // the context is warm.
    lib.set_soft_timeout(setup.soft_ms);
    lib.set_unsat_cores(script.unsat_cores);
    let fresh;
    let ctx = match inherited {
        Some(ctx) => ctx,
        None => {
            fresh = lib.mk_context();
            &fresh
        }
    };
    if let Some(set_timeout) = setup.set_timeout {
        // SAFETY: this child has one thread.
        unsafe { ctx.eval_borrowed(set_timeout) };
    }
    // SAFETY: this child has one thread; the output is written out before
    // anything else touches the context.
    let out = unsafe { ctx.eval_borrowed(&script.text) }.to_bytes();
    let mut header = [0u8; FRAME_HEADER];
    header[..4].copy_from_slice(FRAME_MAGIC);
    header[4..].copy_from_slice(&(out.len() as u64).to_le_bytes());
    let ok = write_all(result_fd, &header) && write_all(result_fd, out);
    // SAFETY: ends the child without running the parent's atexit handlers
    // or destructors (Z3's teardown is slow and irrelevant here).
    unsafe { libc::_exit(if ok { 0 } else { 125 }) }
}

pub(super) fn write_all(fd: RawFd, mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        // SAFETY: writes from a valid buffer.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return false;
        }
        bytes = &bytes[n as usize..];
    }
    true
}

/// The payload of a complete frame, or `None` if the child never finished.
pub(super) fn complete_frame(bytes: &[u8]) -> Option<&[u8]> {
    let (header, payload) = bytes.split_at_checked(FRAME_HEADER)?;
    let len = u64::from_le_bytes(header[4..].try_into().ok()?);
    (header[..4] == *FRAME_MAGIC && payload.len() as u64 == len).then_some(payload)
}

fn classify(outputs: Vec<Vec<u8>>, ended: Ended, killed: bool, elapsed: Duration) -> RawOutcome {
    classify_frame(outputs, ended, killed, elapsed, &Z3_EXITS)
}

/// What a fork child's exit means for one solver library.
pub(super) struct ExitMeaning {
    /// An exit code the library uses for memory exhaustion.
    pub out_of_memory: Option<i32>,
    /// Describes an exit before the query finished.
    pub describe: fn(i32) -> String,
}

/// libz3: release builds `exit(101)` when memory runs out, and other codes
/// from 101 to 113 for other fatal errors.
const Z3_EXITS: ExitMeaning = ExitMeaning {
    out_of_memory: Some(101),
    describe: |code| match z3_exit_code_name(code) {
        Some(name) => format!("Z3 called exit({code}) ({name}) before the query finished"),
        None => format!("exit({code}) before the query finished"),
    },
};

/// The outcome of a fork child that answers in one frame on `outputs[0]`
/// (stderr on `outputs[1]`): a complete frame wins over a late kill or exit.
pub(super) fn classify_frame(
    outputs: Vec<Vec<u8>>,
    ended: Ended,
    killed: bool,
    elapsed: Duration,
    exits: &ExitMeaning,
) -> RawOutcome {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let stderr = text(&outputs[1]);
    if let Some(payload) = complete_frame(&outputs[0]) {
        return RawOutcome::Finished {
            stdout: text(payload),
            stderr,
            exit_code: 0,
            elapsed,
        };
    }
    let partial_stdout = outputs[0].get(FRAME_HEADER..).map(text).unwrap_or_default();
    if killed {
        return RawOutcome::Timeout {
            partial_stdout,
            stderr,
            elapsed,
        };
    }
    let cause = match ended {
        Ended::Exited(code) => CrashCause::Exit(code),
        Ended::Signaled(sig) => CrashCause::Signal(sig),
    };
    let oom_exit = exits
        .out_of_memory
        .is_some_and(|code| cause == CrashCause::Exit(code));
    if oom_exit || stderr_says_out_of_memory(&stderr) {
        return RawOutcome::OutOfMemory {
            cause,
            partial_stdout,
            stderr,
            elapsed,
        };
    }
    let description = match cause {
        CrashCause::Exit(code) => (exits.describe)(code),
        CrashCause::Signal(_) => format!("{cause} during the query"),
    };
    RawOutcome::Crashed {
        cause,
        description,
        partial_stdout,
        stderr,
        elapsed,
    }
}

impl Target for Z3InProcessFork {
    fn name(&self) -> String {
        "z3".into()
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn dialect(&self) -> Dialect {
        dialect_of_version(&self.version)
    }

    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.run_forked(script, timeout, Instant::now())
    }
}

/// libz3 in this process with no isolation: the fastest target, for
/// trusted scripts and benchmarks. A Z3 crash takes the caller down, and
/// only Z3's soft timeout bounds a run (a hang is a hang).
pub struct Z3InProcess {
    lib: Z3Library,
    version: String,
}

impl Z3InProcess {
    /// An in-process target on `lib`.
    pub fn new(lib: Z3Library) -> Self {
        let version = lib.version();
        Z3InProcess { lib, version }
    }

    /// The loaded library.
    pub fn library(&self) -> &Z3Library {
        &self.lib
    }
}

impl Target for Z3InProcess {
    fn name(&self) -> String {
        "z3".into()
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn dialect(&self) -> Dialect {
        dialect_of_version(&self.version)
    }

    /// Runs in a fresh context with the soft timeout derived from `timeout`.
    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        let start = Instant::now();
        if script.contains('\0') {
            return RawOutcome::NotRun {
                reason: "the script contains a NUL byte, which libz3 cannot read".into(),
                elapsed: start.elapsed(),
            };
        }
        let stdout = self.lib.eval(script, Some(soft_timeout(timeout)));
        RawOutcome::Finished {
            stdout,
            stderr: String::new(),
            exit_code: 0,
            elapsed: start.elapsed(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(payload: &[u8]) -> Vec<u8> {
        let mut v = FRAME_MAGIC.to_vec();
        v.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        v.extend_from_slice(payload);
        v
    }

    #[test]
    fn only_a_complete_frame_means_finished() {
        assert_eq!(complete_frame(&frame(b"sat\n")), Some(&b"sat\n"[..]));
        assert_eq!(complete_frame(&frame(b"")), Some(&b""[..]));
        let f = frame(b"sat\nunsat\n");
        for cut in 0..f.len() {
            assert_eq!(complete_frame(&f[..cut]), None, "cut at {cut}");
        }
        let mut bad = f.clone();
        bad[0] = b'X';
        assert_eq!(complete_frame(&bad), None);
    }

    #[test]
    fn a_frame_wins_over_a_late_kill_and_exit_code_101_is_memory() {
        let d = Duration::from_millis(1);
        let fin = classify(vec![frame(b"sat\n"), vec![]], Ended::Signaled(9), true, d);
        assert!(matches!(fin, RawOutcome::Finished { ref stdout, .. } if stdout == "sat\n"));
        let to = classify(vec![vec![], vec![]], Ended::Signaled(9), true, d);
        assert!(matches!(to, RawOutcome::Timeout { .. }));
        let oom = classify(vec![vec![], vec![]], Ended::Exited(101), false, d);
        assert!(matches!(
            oom,
            RawOutcome::OutOfMemory {
                cause: CrashCause::Exit(101),
                ..
            }
        ));
        let exit0 = classify(vec![vec![], vec![]], Ended::Exited(0), false, d);
        assert!(matches!(
            exit0,
            RawOutcome::Crashed {
                cause: CrashCause::Exit(0),
                ..
            }
        ));
    }
}
