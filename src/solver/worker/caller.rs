//! The caller's side: a worker process started on the first query, and
//! again after each kill, crash or the queries it may answer.
//!
//! # Invariants
//!
//! - A query past its deadline costs the worker, never the caller: the
//!   worker is killed (`SIGKILL`) and reaped, and the next query forks a
//!   new one (a few milliseconds: the library is loaded and its pages are
//!   shared copy-on-write).
//! - A worker that dies during a query (a signal, `abort`, `exit()` inside
//!   the solver) is reaped, and its end comes back as [`Asked::Died`] with
//!   what it printed: it ends the worker only.
//! - No worker outlives its [`WorkerProcess`]: dropping it kills and reaps
//!   the one running.
//!
//! Fork safety is the caller's: fork from a process in which no other
//! thread runs the solver library at the time.

use std::ffi::CStr;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use super::frame::{self, Lost, receive_frame, send_all};
use super::printed;
use crate::solver::child::{Limits, limit_self};
use crate::solver::outcome::CrashCause;

/// A worker process that runs.
struct Running {
    pid: libc::pid_t,
    socket: OwnedFd,
    /// The worker's standard error: a memory file the worker empties
    /// before each query, read here (its end) when the caller asks.
    printed: std::fs::File,
    /// Queries sent to it.
    served: u32,
}

/// What became of one request.
pub(in crate::solver) enum Asked {
    /// The reply's frames.
    Answered(Vec<Vec<u8>>),
    /// No worker could be started (our fault, not the solver's).
    NotStarted(std::io::Error),
    /// No reply by the deadline: the worker was killed. What it had
    /// printed during the query.
    Timeout(String),
    /// The worker died during the query: how (`None`: it vanished), and
    /// what it printed during it.
    Died(Option<CrashCause>, String),
}

/// What a solver's workers are forked with: the caller's knowledge of
/// them, beside the state of the one running ([`WorkerProcess`]).
pub(in crate::solver) trait WorkerSetup {
    /// The name of the memory file that takes a worker's standard error
    /// (it shows in `/proc/PID/fd`).
    const STDERR_NAME: &'static CStr;

    /// Queries one worker answers before it is replaced (`None`: as many
    /// as it lives for).
    const USES: Option<u32> = None;

    /// The limits a worker sets on itself ([`limit_self`]: no core dumps,
    /// an address space), worked out here just before the fork; `None`: it
    /// keeps this process's.
    fn limits(&self) -> Option<Limits> {
        None
    }

    /// The worker's side, in the forked child, on its end of the socket
    /// `fd`: [`super::serve`] as a rule, which never returns.
    fn run(&self, fd: RawFd);
}

/// A worker process forked from this one, started on demand.
#[derive(Default)]
pub(in crate::solver) struct WorkerProcess {
    running: Option<Running>,
    started: u64,
    start_time: Duration,
}

impl WorkerProcess {
    /// How many workers were started, and the time spent starting them.
    pub fn starts(&self) -> (u64, Duration) {
        (self.started, self.start_time)
    }

    /// Sends the request `head` and `script` and waits until `until` for
    /// `frames` reply frames. Starts a worker as `setup` says first if
    /// none runs (or the one running has answered its share).
    pub fn ask<S: WorkerSetup>(
        &mut self,
        setup: &S,
        head: &[u8],
        script: &str,
        frames: usize,
        until: Instant,
    ) -> Asked {
        if self
            .running
            .as_ref()
            .is_some_and(|w| S::USES.is_some_and(|u| w.served >= u))
        {
            self.kill();
        }
        if self.running.is_none() {
            let start = Instant::now();
            match spawn(setup) {
                Ok(w) => self.running = Some(w),
                Err(e) => return Asked::NotStarted(e),
            }
            self.started += 1;
            self.start_time += start.elapsed();
        }
        let worker = self.running.as_mut().expect("started above");
        worker.served += 1;
        let fd = worker.socket.as_raw_fd();
        let reply = send_all(fd, &frame::request(head, script), until).and_then(|()| {
            (0..frames)
                .map(|_| receive_frame(fd, Some(until)))
                .collect()
        });
        match reply {
            Ok(frames) => Asked::Answered(frames),
            Err(Lost::Deadline) => {
                let printed = printed::tail(&worker.printed);
                self.kill();
                Asked::Timeout(printed)
            }
            Err(Lost::Closed) => {
                let worker = self.running.take().expect("started above");
                let cause = reap(worker.pid);
                Asked::Died(cause, printed::tail(&worker.printed))
            }
        }
    }

    /// What the running worker printed during the last query (its end).
    pub fn printed(&self) -> String {
        self.running
            .as_ref()
            .map(|w| printed::tail(&w.printed))
            .unwrap_or_default()
    }

    /// Kills and reaps the running worker, if any: the next query starts
    /// a new one.
    pub fn kill(&mut self) {
        if let Some(w) = self.running.take() {
            // SAFETY: signals and reaps our own child.
            unsafe {
                libc::kill(w.pid, libc::SIGKILL);
                libc::waitpid(w.pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A new worker, forked as `setup` says.
fn spawn<S: WorkerSetup>(setup: &S) -> std::io::Result<Running> {
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
    let (ours, theirs) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    let printed = printed::memory_file(S::STDERR_NAME)?;
    let limits = setup.limits();
    // SAFETY: the child runs only the worker's side and ends with `_exit`.
    match unsafe { libc::fork() } {
        -1 => Err(std::io::Error::last_os_error()),
        0 => {
            drop(ours);
            // SAFETY: in the fresh child; fd 2 becomes the memory file
            // (the duplicate loses CLOEXEC, which nothing here execs
            // past anyway).
            unsafe { libc::dup2(printed.as_raw_fd(), libc::STDERR_FILENO) };
            drop(printed);
            if let Some(limits) = limits {
                limit_self(limits);
            }
            setup.run(theirs.as_raw_fd());
            // SAFETY: ends the worker without the caller's exit handlers
            // (`run` is meant to end it itself).
            unsafe { libc::_exit(0) }
        }
        pid => Ok(Running {
            pid,
            socket: ours,
            printed,
            served: 0,
        }),
    }
}

/// How a worker that closed its socket ended (it is dying: waits for it);
/// `None` if it was not there to reap.
fn reap(pid: libc::pid_t) -> Option<CrashCause> {
    let mut status = 0;
    // SAFETY: reaps our own child, which has closed its end.
    let r = unsafe { libc::waitpid(pid, &mut status, 0) };
    (r == pid).then(|| {
        if libc::WIFSIGNALED(status) {
            CrashCause::Signal(libc::WTERMSIG(status))
        } else {
            CrashCause::Exit(libc::WEXITSTATUS(status))
        }
    })
}
