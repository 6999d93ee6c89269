//! libz3 in a warm worker process: a child forked from the fuzzing client
//! once, with the library already loaded, that answers query after query
//! over a socket; the limits it runs under; and the guard that turns an
//! `exit()` inside the solver into a crash.
//!
//! It lives here because only `solver` knows processes, signals, rlimits
//! and dlopen; the fuzz loop asks [`Z3Process::eval`].
//!
//! # Invariants
//!
//! - A query past its deadline costs the worker, never the client: the
//!   worker is killed (`SIGKILL`) and reaped, and the next query forks a
//!   new one from the client (a few milliseconds: the library is loaded
//!   and its pages are shared copy-on-write). Before, the solver ran on a
//!   thread of the client, and a query that ignored Z3's soft timeout (and
//!   `Z3_interrupt`, which trips the same cancellation flag: the queries
//!   that miss it run code that never looks at it) kept the thread, so the
//!   client had to save its state and restart.
//! - A crash of the solver (signal, `abort`, `exit()` inside the library)
//!   ends the worker only and comes back as [`ProcessAnswer::Crashed`]: the
//!   worker restores the default action of every signal LibAFL handles,
//!   so LibAFL's crash handler, inherited through `fork`, never runs in it.
//! - The worker evaluates on its main thread, whose stack is the client's
//!   main stack: a deep formula overflows here exactly when it would in the
//!   `z3` binary. It inherits the client's address-space limit.
//! - Edges of an instrumented library reach the client's map: the map is
//!   shared memory, mapped before the fork.
//! - A reply is two length-prefixed frames: what Z3 printed, then what
//!   `(get-info :all-statistics)` printed on the same warm context before
//!   its reset (empty for a fresh context): the solver's counters are a
//!   signal of what it did that any build gives, instrumented or not.
//! - Messages go over a `socketpair` with `MSG_NOSIGNAL`, so writing to a
//!   worker that just died is an error, not a `SIGPIPE` in the client.
//! - The worker's standard error is a memory file that it empties before
//!   each query, so what is there when it dies is what the solver printed
//!   during the query that killed it (Z3's `ASSERTION VIOLATION`, file
//!   and line): [`ProcessAnswer::Crashed`] carries its end. Nothing the
//!   solver prints there reaches the terminal any more.
//! - While a thread is inside libz3 ([`InFlight`]), an `exit()` becomes
//!   `abort()` (see [`install_exit_guard`]).
//! - A [`Context::Warm`] query runs on a context the worker keeps (one with
//!   unsat cores, one without: the front end fixes that option when it is
//!   built), emptied with `(reset)` after each query and replaced after
//!   [`WARM_USES`] queries. On the Z3 4.8.14 wheel a fresh context's first
//!   eval (context, front end, solver and its tactic) took about half the
//!   CPU time of a trivial query (`scripts/bench-efficiency.sh`); `(reset)`
//!   rebuilds only the solver. What a reset keeps (the AST manager's
//!   hash-consed terms and their ids, options set by earlier scripts) may
//!   change an answer: a [`Context::Fresh`] query, on a context made for it
//!   alone, is what a user's `z3 file.smt2` gets, and is how a warm answer
//!   that looks like a finding is confirmed (see `fuzz::execute::harness`).
//! - A query that sets a Z3 parameter of its own (a case's settings, as
//!   `(set-option :smt.relevancy 0)`: a process-wide global parameter, see
//!   `super::library`) leaves no trace in the next: after its reply the worker
//!   puts back the values those parameters had before it (the defaults or
//!   the campaign's `--solver-option`s) and replaces the warm context it
//!   ran on instead of resetting it, since a context keeps what the query
//!   set.
//!   A fresh context's query restores them too. The cost is a new warm
//!   context per such query (`benches/settings_leak.rs`, docs/settings.md).
//! - A query that asks for proofs runs on a fresh context made with them
//!   even when sent as warm (see `super::library`).
//! - The soft timeout of a warm query is set with `(set-option :timeout N)`
//!   before the script (options survive `(reset)`), that of a fresh one with
//!   the global parameter read when its front end is built.

use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use nix::sys::resource::{Resource, getrlimit, setrlimit};

use super::library::{PreparedScript, Z3Context, Z3Library};
use crate::solver::outcome::{CrashCause, z3_exit_code_name};

/// How many threads are inside the solver.
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);

/// Counts a thread inside the solver for as long as it lives.
pub struct InFlight(());

impl InFlight {
    /// Marks the calling thread as inside the solver until the guard drops.
    pub fn enter() -> InFlight {
        IN_FLIGHT.fetch_add(1, Ordering::SeqCst);
        InFlight(())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What became of one query sent to the worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProcessAnswer {
    /// Z3 answered within the deadline: everything it printed.
    Answered(String),
    /// No answer within the deadline: the worker was killed.
    Timeout,
    /// The worker died during the query.
    Crashed {
        /// How: the signal or exit code.
        how: String,
        /// What the solver wrote to standard error during the query (its
        /// last [`PRINTED_TAIL`] bytes): an assertion's file and line, say.
        printed: String,
    },
    /// The worker could not be started (our fault, not the solver's).
    NotRun(String),
}

/// Which context a query runs on (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// A context kept by the worker, reset between queries.
    Warm,
    /// A context made for this query alone.
    Fresh,
}

/// Queries a warm context answers before the worker replaces it, so that
/// what `(reset)` keeps cannot pile up without bound.
pub const WARM_USES: u32 = 256;

/// The signals whose handlers the worker resets: LibAFL's crash and
/// timeout handlers, inherited through `fork`, must not run in it.
pub(in crate::solver) const RESET_SIGNALS: [libc::c_int; 12] = [
    libc::SIGSEGV,
    libc::SIGBUS,
    libc::SIGABRT,
    libc::SIGILL,
    libc::SIGFPE,
    libc::SIGTRAP,
    libc::SIGSYS,
    libc::SIGPIPE,
    libc::SIGALRM,
    libc::SIGINT,
    libc::SIGTERM,
    libc::SIGQUIT,
];

struct Worker {
    pid: libc::pid_t,
    socket: OwnedFd,
    /// The worker's standard error: a memory file the worker empties
    /// before each query, read here when the worker dies.
    printed: std::fs::File,
}

/// How much of what a crashing solver printed is kept (its end).
pub const PRINTED_TAIL: usize = 2048;

/// What the worker runs in its own process around each query: how state
/// that the solver's instrumentation keeps in the worker's private memory
/// (a static map, say) reaches the client, which cannot see it.
#[derive(Clone, Copy, Debug)]
pub struct QueryHooks {
    /// Before the query is evaluated.
    pub before: fn(),
    /// After the query and its statistics, before the reply is sent: what
    /// it leaves is the client's to read once the reply has come.
    pub after: fn(),
}

/// libz3 in a worker process forked from this one, started on the first
/// query and again after each kill or crash.
pub struct Z3Process {
    lib: Z3Library,
    worker: Option<Worker>,
    started: u64,
    start_time: Duration,
    statistics: String,
    hooks: Option<QueryHooks>,
}

impl Z3Process {
    /// A worker for `lib` (started by the first [`Z3Process::eval`]).
    pub fn new(lib: Z3Library) -> Self {
        Z3Process {
            lib,
            worker: None,
            started: 0,
            start_time: Duration::ZERO,
            statistics: String::new(),
            hooks: None,
        }
    }

    /// The library the worker runs.
    pub fn library(&self) -> &Z3Library {
        &self.lib
    }

    /// The same, with `hooks` run by every worker around each query.
    pub fn with_hooks(mut self, hooks: QueryHooks) -> Self {
        self.hooks = Some(hooks);
        self
    }

    /// What `(get-info :all-statistics)` printed after the last query that
    /// was answered on a warm context; empty after any other (a fresh
    /// context's, a timeout, a crash).
    pub fn statistics(&self) -> &str {
        &self.statistics
    }

    /// How many workers were started, and the time spent starting them.
    pub fn starts(&self) -> (u64, Duration) {
        (self.started, self.start_time)
    }

    /// Runs `script` on a context of kind `context` with Z3's soft timeout
    /// `soft_ms`; waits at most `deadline` for the answer, then kills the
    /// worker.
    pub fn eval(
        &mut self,
        script: &str,
        context: Context,
        soft_ms: u32,
        deadline: Duration,
    ) -> ProcessAnswer {
        let start = Instant::now();
        self.statistics.clear();
        if self.worker.is_none() {
            match self.spawn() {
                Ok(w) => self.worker = Some(w),
                Err(e) => return ProcessAnswer::NotRun(format!("cannot start the solver: {e}")),
            }
            self.started += 1;
            self.start_time += start.elapsed();
        }
        let Some(worker) = self.worker.as_ref() else {
            return ProcessAnswer::NotRun("no solver worker".into());
        };
        let fd = worker.socket.as_raw_fd();
        let mut request = Vec::with_capacity(HEAD + script.len());
        request.push(u8::from(context == Context::Fresh));
        request.extend_from_slice(&soft_ms.to_le_bytes());
        request.extend_from_slice(&(script.len() as u64).to_le_bytes());
        request.extend_from_slice(script.as_bytes());
        let until = start + deadline;
        let reply = send_all(fd, &request, until).and_then(|()| {
            let out = receive_frame(fd, until)?;
            Ok((out, receive_frame(fd, until)?))
        });
        match reply {
            Ok((bytes, statistics)) => {
                self.statistics = String::from_utf8_lossy(&statistics).into_owned();
                ProcessAnswer::Answered(String::from_utf8_lossy(&bytes).into_owned())
            }
            Err(Lost::Deadline) => {
                self.kill();
                ProcessAnswer::Timeout
            }
            Err(Lost::Closed) => {
                let worker = self.worker.take().expect("checked above");
                let how = reap(worker.pid);
                let printed = read_tail(&worker.printed, PRINTED_TAIL);
                ProcessAnswer::Crashed { how, printed }
            }
        }
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
            unsafe { libc::memfd_create(c"equifuzz-solver-stderr".as_ptr(), libc::MFD_CLOEXEC) };
        if printed < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: just made, owned here only.
        let printed = std::fs::File::from(unsafe { OwnedFd::from_raw_fd(printed) });
        // SAFETY: the child runs only `serve`, which never returns.
        match unsafe { libc::fork() } {
            -1 => Err(std::io::Error::last_os_error()),
            0 => {
                drop(ours);
                // SAFETY: in the fresh child; the duplicate on 2 loses
                // CLOEXEC, which nothing here execs past anyway.
                unsafe { libc::dup2(printed.as_raw_fd(), libc::STDERR_FILENO) };
                drop(printed);
                serve(&self.lib, theirs.as_raw_fd(), self.hooks)
            }
            pid => Ok(Worker {
                pid,
                socket: ours,
                printed,
            }),
        }
    }
}

impl Drop for Z3Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Request header: context kind (1 byte), soft timeout (4), length (8).
const HEAD: usize = 13;

/// Why no reply came.
pub(in crate::solver) enum Lost {
    Deadline,
    Closed,
}

/// Waits until `fd` is ready for `events` or `until` passes.
fn wait_for(fd: RawFd, events: libc::c_short, until: Instant) -> Result<(), Lost> {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Lost::Deadline);
        }
        let mut pfd = libc::pollfd {
            fd,
            events,
            revents: 0,
        };
        let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: polls one valid descriptor.
        let n = unsafe { libc::poll(&mut pfd, 1, ms) };
        if n > 0 {
            return Ok(());
        }
        if n < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return Err(Lost::Closed);
        }
    }
}

pub(in crate::solver) fn send_all(fd: RawFd, mut bytes: &[u8], until: Instant) -> Result<(), Lost> {
    while !bytes.is_empty() {
        wait_for(fd, libc::POLLOUT, until)?;
        // SAFETY: sends from a valid buffer; MSG_NOSIGNAL: no SIGPIPE.
        let n = unsafe {
            libc::send(
                fd,
                bytes.as_ptr().cast(),
                bytes.len(),
                libc::MSG_NOSIGNAL | libc::MSG_DONTWAIT,
            )
        };
        if n < 0 {
            match std::io::Error::last_os_error().kind() {
                std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock => continue,
                _ => return Err(Lost::Closed),
            }
        }
        bytes = &bytes[n as usize..];
    }
    Ok(())
}

pub(in crate::solver) fn receive_exact(
    fd: RawFd,
    buf: &mut [u8],
    until: Option<Instant>,
) -> Result<(), Lost> {
    let mut got = 0;
    while got < buf.len() {
        if let Some(until) = until {
            wait_for(fd, libc::POLLIN, until)?;
        }
        // SAFETY: reads into the unfilled part of a valid buffer.
        let n = unsafe { libc::recv(fd, buf[got..].as_mut_ptr().cast(), buf.len() - got, 0) };
        if n == 0 {
            return Err(Lost::Closed);
        }
        if n < 0 {
            match std::io::Error::last_os_error().kind() {
                std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock => continue,
                _ => return Err(Lost::Closed),
            }
        }
        got += n as usize;
    }
    Ok(())
}

/// One length-prefixed frame of a reply.
pub(in crate::solver) fn receive_frame(fd: RawFd, until: Instant) -> Result<Vec<u8>, Lost> {
    let mut len = [0u8; 8];
    receive_exact(fd, &mut len, Some(until))?;
    let len = u64::from_le_bytes(len) as usize;
    let mut out = vec![0u8; len];
    receive_exact(fd, &mut out, Some(until))?;
    Ok(out)
}

/// Reaps a worker that closed its socket and says how it ended.
fn reap(pid: libc::pid_t) -> String {
    let mut status = 0;
    // SAFETY: reaps our own child, which has closed its end (it is dying).
    let r = unsafe { libc::waitpid(pid, &mut status, 0) };
    if r != pid {
        return "the solver worker vanished".into();
    }
    let cause = if libc::WIFSIGNALED(status) {
        CrashCause::Signal(libc::WTERMSIG(status))
    } else {
        CrashCause::Exit(libc::WEXITSTATUS(status))
    };
    match cause {
        CrashCause::Exit(code) => match z3_exit_code_name(code) {
            Some(name) => format!("{cause} ({name})"),
            None => cause.to_string(),
        },
        CrashCause::Signal(_) => cause.to_string(),
    }
}

/// The last `max` bytes of `file`, as text, trimmed.
pub(in crate::solver) fn read_tail(file: &std::fs::File, max: usize) -> String {
    use std::os::unix::fs::FileExt;
    let size = file.metadata().map_or(0, |m| m.len());
    let from = size.saturating_sub(max as u64);
    let mut buf = vec![0u8; (size - from) as usize];
    let n = file.read_at(&mut buf, from).unwrap_or(0);
    buf.truncate(n);
    String::from_utf8_lossy(&buf).trim().to_string()
}

/// Empties the worker's standard error (a memory file), so that what is
/// there when it dies was printed by the query that killed it.
pub(in crate::solver) fn clear_stderr() {
    // SAFETY: plain syscalls on descriptor 2; on a terminal or pipe they
    // fail harmlessly.
    unsafe {
        libc::ftruncate(libc::STDERR_FILENO, 0);
        libc::lseek(libc::STDERR_FILENO, 0, libc::SEEK_SET);
    }
}

/// The worker: default signal actions, then query after query until the
/// client closes the socket (or dies: the kernel then kills the worker).
fn serve(lib: &Z3Library, fd: RawFd, hooks: Option<QueryHooks>) -> ! {
    // SAFETY: plain signal and prctl calls in a fresh child.
    unsafe {
        for sig in RESET_SIGNALS {
            libc::signal(sig, libc::SIG_DFL);
        }
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    }
    let mut warm = WarmContexts::default();
    loop {
        let mut head = [0u8; HEAD];
        if receive_exact(fd, &mut head, None).is_err() {
            // SAFETY: ends the worker without the client's exit handlers.
            unsafe { libc::_exit(0) }
        }
        let fresh = head[0] != 0;
        let soft_ms = u32::from_le_bytes(head[1..5].try_into().expect("4 bytes"));
        let len = u64::from_le_bytes(head[5..].try_into().expect("8 bytes")) as usize;
        let mut script = vec![0u8; len];
        if receive_exact(fd, &mut script, None).is_err() {
            // SAFETY: as above.
            unsafe { libc::_exit(0) }
        }
        let script = String::from_utf8_lossy(&script);
        clear_stderr();
        if let Some(h) = hooks {
            (h.before)();
        }
        let (out, statistics) = {
            let _inside = InFlight::enter();
            if fresh {
                (lib.eval_unserialized(&script, Some(soft_ms)), String::new())
            } else {
                let out = warm.eval(lib, &script, soft_ms);
                (out, warm.statistics())
            }
        };
        if let Some(h) = hooks {
            (h.after)();
        }
        let mut reply = Vec::with_capacity(16 + out.len() + statistics.len());
        for frame in [&out, &statistics] {
            reply.extend_from_slice(&(frame.len() as u64).to_le_bytes());
            reply.extend_from_slice(frame.as_bytes());
        }
        if send_all(fd, &reply, Instant::now() + Duration::from_secs(3600)).is_err() {
            // SAFETY: as above.
            unsafe { libc::_exit(0) }
        }
        if !fresh {
            // After the reply: the client judges while the worker resets.
            let _inside = InFlight::enter();
            warm.reset(lib);
        }
    }
}

/// The worker's warm contexts, without and with unsat cores, and how many
/// queries each has answered.
#[derive(Default)]
struct WarmContexts {
    slots: [Option<(Z3Context, u32)>; 2],
    /// The slot the last query used, to reset.
    last: Option<usize>,
    /// The global parameters the last query set, as they were before it:
    /// its context goes, and they are put back.
    saved: Vec<(CString, CString)>,
}

impl WarmContexts {
    fn eval(&mut self, lib: &Z3Library, script: &str, soft_ms: u32) -> String {
        let Some(prepared) = PreparedScript::new(script) else {
            return "(error \"the script contains a NUL byte\")".into();
        };
        if prepared.proofs {
            // Proofs need a context made with them: one of its own.
            self.last = None;
            return lib.eval_unserialized(script, Some(soft_ms));
        }
        let i = usize::from(prepared.unsat_cores);
        if self.slots[i]
            .as_ref()
            .is_none_or(|(_, uses)| *uses >= WARM_USES)
        {
            self.slots[i] = None;
            // Read when the front end is built, at the first eval below.
            lib.set_unsat_cores(prepared.unsat_cores);
            self.slots[i] = Some((lib.mk_context(), 0));
        }
        let (ctx, uses) = self.slots[i].as_mut().expect("made above");
        *uses += 1;
        self.last = Some(i);
        self.saved = lib.save_parameters(&prepared.parameters);
        let set = CString::new(format!("(set-option :timeout {soft_ms})")).expect("digits");
        ctx.eval(&set);
        ctx.eval(&prepared.text)
    }

    /// The solver's counters after the last query, on its context (before
    /// the reset empties them).
    fn statistics(&mut self) -> String {
        match self.last.and_then(|i| self.slots[i].as_mut()) {
            Some((ctx, _)) => ctx.eval(c"(get-info :all-statistics)"),
            None => String::new(),
        }
    }

    /// Empties the context the last query used, or replaces it and
    /// restores the global parameters when the query set some of its own.
    fn reset(&mut self, lib: &Z3Library) {
        let Some(i) = self.last.take() else {
            return;
        };
        let saved = std::mem::take(&mut self.saved);
        if !saved.is_empty() {
            self.slots[i] = None;
            lib.restore_parameters(&saved);
        } else if let Some((ctx, _)) = self.slots[i].as_mut() {
            ctx.eval(c"(reset)");
        }
    }
}

extern "C" fn abort_if_in_flight() {
    if IN_FLIGHT.load(Ordering::SeqCst) > 0 {
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
pub fn set_memory_limit(bytes: u64) -> nix::Result<()> {
    let (_, hard) = getrlimit(Resource::RLIMIT_AS)?;
    setrlimit(Resource::RLIMIT_AS, bytes.min(hard), hard)
}

/// Raises the soft address-space limit to the hard one. Only plain system
/// calls: it runs in an `atexit` handler of a failing solver. A refusal
/// changes nothing for the abort that follows.
fn lift_memory_limit() {
    if let Ok((_, hard)) = getrlimit(Resource::RLIMIT_AS) {
        let _ = setrlimit(Resource::RLIMIT_AS, hard, hard);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lib(test: &str) -> Option<Z3Library> {
        match Z3Library::load(None) {
            Ok(lib) => Some(lib),
            Err(e) => {
                eprintln!("SKIPPED: {test}: no libz3: {e}");
                None
            }
        }
    }

    /// A page shared with the workers (counts of hook calls, by where they
    /// ran), and a private counter the hooks also bump.
    static SHARED_PAGE: std::sync::atomic::AtomicPtr<u64> =
        std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());
    static PRIVATE_CALLS: AtomicUsize = AtomicUsize::new(0);

    fn count_before() {
        PRIVATE_CALLS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: the page is mapped before the worker forks, for good.
        unsafe { *SHARED_PAGE.load(Ordering::SeqCst) += 1 }
    }

    fn count_after() {
        PRIVATE_CALLS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: as above; the second word.
        unsafe { *SHARED_PAGE.load(Ordering::SeqCst).add(1) += 1 }
    }

    #[test]
    fn hooks_run_in_the_worker_around_each_query() {
        let Some(lib) = lib("hooks_run_in_the_worker_around_each_query") else {
            return;
        };
        let _params = crate::solver::z3::library::params_lock();
        // SAFETY: an anonymous shared page, never unmapped (a test).
        let page = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                4096,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(page, libc::MAP_FAILED);
        SHARED_PAGE.store(page.cast(), Ordering::SeqCst);
        let hooks = QueryHooks {
            before: count_before,
            after: count_after,
        };
        let mut z3 = Z3Process::new(lib).with_hooks(hooks);
        for context in [Context::Warm, Context::Fresh, Context::Warm] {
            let out = z3.eval("(check-sat)", context, 5_000, Duration::from_secs(30));
            assert_eq!(out, ProcessAnswer::Answered("sat\n".into()));
        }
        // SAFETY: the page holds two words written by the worker.
        let (before, after) = unsafe {
            let p = page.cast::<u64>();
            (*p, *p.add(1))
        };
        assert_eq!(
            (before, after),
            (3, 3),
            "calls seen through the shared page"
        );
        assert_eq!(
            PRIVATE_CALLS.load(Ordering::SeqCst),
            0,
            "the hooks ran in the caller, not the worker"
        );
    }

    #[test]
    fn the_worker_answers_query_after_query_in_one_process() {
        let Some(lib) = lib("the_worker_answers_query_after_query_in_one_process") else {
            return;
        };
        // No other test may be inside Z3 when the worker forks.
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        for context in [Context::Warm, Context::Fresh] {
            for bound in [2, 7, 11] {
                let out = z3.eval(
                    &format!("(declare-const x Int)(assert (> x {bound}))(check-sat)"),
                    context,
                    5_000,
                    Duration::from_secs(30),
                );
                assert_eq!(out, ProcessAnswer::Answered("sat\n".into()), "{context:?}");
            }
            // A fresh context, or a warm one after its reset: nothing
            // leaks from the last query.
            let out = z3.eval(
                "(check-sat)(get-value (x))",
                context,
                5_000,
                Duration::from_secs(30),
            );
            assert!(
                matches!(&out, ProcessAnswer::Answered(s) if s.contains("error")),
                "{context:?}: {out:?}"
            );
        }
        assert_eq!(z3.starts().0, 1);
    }

    #[test]
    fn warm_contexts_keep_unsat_cores_apart_and_take_each_querys_timeout() {
        let Some(lib) = lib("warm_contexts_keep_unsat_cores_apart_and_take_each_querys_timeout")
        else {
            return;
        };
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        let core = "(set-option :produce-unsat-cores true)(declare-const x Int)\
            (assert (! (> x 2) :named a0))(assert (! (< x 1) :named a1))\
            (assert (! (> x (- 5)) :named a2))(check-sat)(get-unsat-core)";
        let plain = "(declare-const y Int)(assert (> y 2))(check-sat)(get-unsat-core)";
        for script in [core, plain, core, plain] {
            let out = z3.eval(script, Context::Warm, 5_000, Duration::from_secs(30));
            let ProcessAnswer::Answered(text) = out else {
                panic!("{out:?}")
            };
            if script == core {
                let core_ok = text.starts_with("unsat\n(")
                    && text.contains("a0")
                    && text.contains("a1")
                    && !text.contains("a2");
                assert!(core_ok, "{text}");
            } else {
                // Without the option, Z3 has no core to give.
                assert!(text.starts_with("sat\n(error"), "{text}");
            }
        }
        // The same hard query under a soft timeout of 50 ms, then of a
        // minute: only the first gives up (the deadline is far away).
        let hard = r#"(declare-const y String)
            (assert (str.in_re y (re.++ (re.range "a" "z") (re.+ (str.to_re "d")))))
            (assert (str.contains y "bcba"))(check-sat)"#;
        let start = Instant::now();
        let out = z3.eval(hard, Context::Warm, 50, Duration::from_secs(30));
        if start.elapsed() < Duration::from_secs(5) {
            assert_eq!(out, ProcessAnswer::Answered("unknown\n".into()));
        }
        let out = z3.eval(hard, Context::Warm, 60_000, Duration::from_millis(600));
        assert_eq!(
            out,
            ProcessAnswer::Timeout,
            "the soft timeout of 50 ms stayed"
        );
    }

    #[test]
    fn a_warm_answer_comes_with_the_query_s_own_statistics() {
        let Some(lib) = lib("a_warm_answer_comes_with_the_query_s_own_statistics") else {
            return;
        };
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        let q = r#"(declare-const x String)(assert (str.in_re x (re.+ (str.to_re "ab"))))
            (assert (> (str.len x) 3))(check-sat)"#;
        let counter = |text: &str, name: &str| -> Option<u64> {
            let mut words = text.split_whitespace();
            words.find(|w| *w == name)?;
            words.next()?.trim_end_matches(')').parse().ok()
        };
        let out = z3.eval(q, Context::Warm, 5_000, Duration::from_secs(30));
        assert_eq!(out, ProcessAnswer::Answered("sat\n".into()));
        let first = z3.statistics().to_owned();
        let axioms = counter(&first, ":seq-add-axiom");
        assert!(axioms.is_some_and(|n| n > 0), "{first}");
        // The reset after each query empties the counters: the same query
        // again counts about the same work (what the context keeps, its
        // hash-consed terms, may change it by a little), not twice as much.
        z3.eval(q, Context::Warm, 5_000, Duration::from_secs(30));
        let (first, again) = (
            axioms.unwrap(),
            counter(z3.statistics(), ":seq-add-axiom").unwrap(),
        );
        assert!(
            again * 4 <= first * 5 && first * 4 <= again * 5,
            "{first} then {again}"
        );
        // A fresh context's answer comes without them.
        z3.eval(q, Context::Fresh, 5_000, Duration::from_secs(30));
        assert_eq!(z3.statistics(), "");
    }

    #[test]
    fn a_query_past_its_deadline_costs_the_worker_not_the_caller() {
        let Some(lib) = lib("a_query_past_its_deadline_costs_the_worker_not_the_caller") else {
            return;
        };
        // Runs for seconds on Z3 4.8.14 whatever its soft timeout: the
        // length constraint is unrolled in code that never checks for
        // cancellation. Any slow query will do: the soft timeout here is
        // far away, so only the deadline can end it.
        let slow = r#"(declare-const y String)
            (assert (str.in_re y (re.++ (re.range "a" "z") (re.+ (str.to_re "d")))))
            (assert (str.contains y "bcba"))(check-sat)"#;
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        let start = Instant::now();
        let out = z3.eval(slow, Context::Warm, 600_000, Duration::from_millis(200));
        assert_eq!(out, ProcessAnswer::Timeout);
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        let next = z3.eval("(check-sat)", Context::Warm, 5_000, Duration::from_secs(30));
        assert_eq!(next, ProcessAnswer::Answered("sat\n".into()));
        assert_eq!(z3.starts().0, 2, "a new worker after the kill");
    }

    #[test]
    fn in_flight_counts_threads_inside_the_solver() {
        let before = IN_FLIGHT.load(Ordering::SeqCst);
        let guard = InFlight::enter();
        assert!(IN_FLIGHT.load(Ordering::SeqCst) > before);
        drop(guard);
        // Other tests may hold guards of their own; this one released its.
        assert!(IN_FLIGHT.load(Ordering::SeqCst) <= before + 1);
    }
}
