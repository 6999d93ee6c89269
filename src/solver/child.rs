//! Driving a child process: limits, pipes with a deadline, reaping.
//!
//! # Invariants
//!
//! - [`pump`] reads every output pipe to its end (or to the deadline) before
//!   anyone waits for the child, so a child writing more than a pipe buffer
//!   never deadlocks against a parent blocked in `waitpid`; it writes the
//!   input at the same time, so a child that answers before it has read all
//!   its input cannot deadlock either.
//! - Output kept per stream is capped at [`MAX_OUTPUT`]; the rest is read
//!   and dropped, so a runaway solver cannot exhaust the fuzzer's memory.
//! - [`limit_self`] only makes async-signal-safe system calls: it runs in a
//!   child between `fork` and `exec` (or the Z3 eval).

use std::io;
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

/// The default memory limit of a solver: 4 GiB of address space (for a
/// fork child, 4 GiB beyond the parent's image).
pub const DEFAULT_MEMORY_LIMIT: u64 = 4 << 30;

/// `start + timeout`, or a year from `start` if that does not fit an
/// `Instant` (no deadline in a run is that far, and no addition may panic).
pub fn deadline_after(start: Instant, timeout: Duration) -> Instant {
    start
        .checked_add(timeout)
        .or_else(|| start.checked_add(Duration::from_secs(365 * 24 * 3600)))
        .unwrap_or(start)
}

/// The most bytes kept from one output stream of one run (64 MiB).
pub const MAX_OUTPUT: usize = 64 << 20;

/// Resource limits applied to a solver child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// `RLIMIT_AS` in bytes: allocation beyond it fails.
    pub address_space: Option<u64>,
    /// `RLIMIT_CPU` in seconds (SIGXCPU at the limit, SIGKILL a second later).
    pub cpu_seconds: Option<u64>,
}

/// Applies `limits` to the calling process, forbids core dumps (a crash is
/// reported, not dumped), and asks the kernel to kill it if its parent dies.
///
/// Errors are ignored: a limit the kernel refuses is not a reason to lose
/// the run. Async-signal-safe.
pub fn limit_self(limits: Limits) {
    use nix::sys::resource::{Resource, setrlimit};
    // nix's setrlimit is the bare system call (async-signal-safe); a
    // refused limit is ignored, as documented above.
    let _ = setrlimit(Resource::RLIMIT_CORE, 0, 0);
    if let Some(bytes) = limits.address_space {
        let _ = setrlimit(Resource::RLIMIT_AS, bytes, bytes);
    }
    if let Some(secs) = limits.cpu_seconds {
        let _ = setrlimit(Resource::RLIMIT_CPU, secs, secs + 1);
    }
    // SAFETY: prctl with integer arguments; async-signal-safe.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) };
}

/// What [`pump`] collected.
#[derive(Debug, Default)]
pub struct Pumped {
    /// The bytes read from each output, in the order given.
    pub outputs: Vec<Vec<u8>>,
    /// True if the deadline passed before every output reached its end.
    pub timed_out: bool,
}

/// Writes `input` to `stdin` (then closes it) while reading every fd in
/// `outputs` until end of file, or until `deadline`.
///
/// A child that stops reading its input (it exited, or answers early) is
/// not an error: the rest of the input is dropped.
pub fn pump(
    stdin: Option<(OwnedFd, &[u8])>,
    outputs: &[BorrowedFd<'_>],
    deadline: Instant,
) -> io::Result<Pumped> {
    let mut input = match stdin {
        Some((fd, bytes)) => {
            set_nonblocking(fd.as_raw_fd())?;
            Some((fd, bytes))
        }
        None => None,
    };
    let mut open: Vec<bool> = vec![true; outputs.len()];
    let mut result = Pumped {
        outputs: vec![Vec::new(); outputs.len()],
        timed_out: false,
    };
    let mut buf = vec![0u8; 64 << 10];
    loop {
        if input.as_ref().is_some_and(|(_, rest)| rest.is_empty()) {
            input = None; // closes the child's stdin: end of script
        }
        let mut fds: Vec<libc::pollfd> = Vec::with_capacity(outputs.len() + 1);
        let mut which: Vec<Option<usize>> = Vec::with_capacity(outputs.len() + 1);
        for (i, fd) in outputs.iter().enumerate() {
            if open[i] {
                fds.push(libc::pollfd {
                    fd: fd.as_raw_fd(),
                    events: libc::POLLIN,
                    revents: 0,
                });
                which.push(Some(i));
            }
        }
        if let Some((fd, _)) = &input {
            fds.push(libc::pollfd {
                fd: fd.as_raw_fd(),
                events: libc::POLLOUT,
                revents: 0,
            });
            which.push(None);
        }
        if fds.is_empty() {
            return Ok(result);
        }
        let now = Instant::now();
        if now >= deadline {
            result.timed_out = true;
            return Ok(result);
        }
        let wait_ms = ceil_millis(deadline - now).min(i32::MAX as u128) as i32;
        // SAFETY: `fds` is a valid array of `fds.len()` pollfd structs.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, wait_ms) };
        if n < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(err);
        }
        for (pfd, slot) in fds.iter().zip(&which) {
            if pfd.revents == 0 {
                continue;
            }
            match *slot {
                Some(i) => match read_some(pfd.fd, &mut buf)? {
                    ReadStep::Data(k) => {
                        let out = &mut result.outputs[i];
                        let room = MAX_OUTPUT.saturating_sub(out.len());
                        out.extend_from_slice(&buf[..k.min(room)]);
                    }
                    ReadStep::Eof => open[i] = false,
                    ReadStep::Again => {}
                },
                None => {
                    let (fd, rest) = input
                        .as_mut()
                        .expect("the input slot is polled only while open");
                    match write_some(fd.as_raw_fd(), rest) {
                        Ok(k) => *rest = &rest[k..],
                        // The child closed its stdin or died: it reads no more.
                        Err(_) => input = None,
                    }
                }
            }
        }
    }
}

fn ceil_millis(d: Duration) -> u128 {
    d.as_nanos().div_ceil(1_000_000)
}

enum ReadStep {
    Data(usize),
    Eof,
    Again,
}

fn read_some(fd: RawFd, buf: &mut [u8]) -> io::Result<ReadStep> {
    // SAFETY: reads into a valid buffer of `buf.len()` bytes.
    let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
    if n > 0 {
        return Ok(ReadStep::Data(n as usize));
    }
    if n == 0 {
        return Ok(ReadStep::Eof);
    }
    let err = io::Error::last_os_error();
    match err.kind() {
        io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock => Ok(ReadStep::Again),
        _ => Err(err),
    }
}

/// Writes to a pipe without risking SIGPIPE: a solver that exits without
/// reading its input must not kill the fuzzer, and a host (a libFuzzer
/// harness, say) need not ignore SIGPIPE the way Rust binaries do. The
/// signal is blocked in this thread around the write and, if the write
/// raised it, consumed before it is unblocked.
fn write_some(fd: RawFd, bytes: &[u8]) -> io::Result<usize> {
    // SAFETY: signal-set calls on local sets; write from a valid buffer
    // (the fd is non-blocking); sigtimedwait with a zero timeout.
    let (n, err) = unsafe {
        let mut pipe_set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pipe_set);
        libc::sigaddset(&mut pipe_set, libc::SIGPIPE);
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_BLOCK, &pipe_set, &mut old);
        let mut pending: libc::sigset_t = std::mem::zeroed();
        libc::sigpending(&mut pending);
        let was_pending = libc::sigismember(&pending, libc::SIGPIPE) == 1;
        let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        let err = io::Error::last_os_error();
        if n < 0 && err.raw_os_error() == Some(libc::EPIPE) && !was_pending {
            let zero = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            libc::sigtimedwait(&pipe_set, std::ptr::null_mut(), &zero);
        }
        if libc::sigismember(&old, libc::SIGPIPE) == 0 {
            libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        }
        (n, err)
    };
    if n >= 0 {
        return Ok(n as usize);
    }
    match err.kind() {
        io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock => Ok(0),
        _ => Err(err),
    }
}

fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a valid fd with integer arguments.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    // SAFETY: as above.
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// How a reaped child ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It called `exit` (or returned from `main`) with this code.
    Exited(i32),
    /// A signal killed it.
    Signaled(i32),
}

/// Waits for `pid` until `deadline`; past it, sends SIGKILL to `kill_target`
/// (the pid, or a negative process-group id) and reaps the child.
///
/// Returns how it ended and whether this function had to kill it.
pub fn reap(
    pid: libc::pid_t,
    kill_target: libc::pid_t,
    deadline: Instant,
) -> io::Result<(Ended, bool)> {
    // A child whose output ended is almost always exiting already: poll
    // with a short, growing sleep rather than a fixed coarse one.
    let mut nap = Duration::from_micros(20);
    let mut killed = false;
    loop {
        let flags = if killed { 0 } else { libc::WNOHANG };
        let mut status = 0;
        // SAFETY: waitpid writes the status of our own child.
        let r = unsafe { libc::waitpid(pid, &mut status, flags) };
        if r == pid {
            let ended = if libc::WIFSIGNALED(status) {
                Ended::Signaled(libc::WTERMSIG(status))
            } else {
                Ended::Exited(libc::WEXITSTATUS(status))
            };
            return Ok((ended, killed));
        }
        if r < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(err);
        }
        let now = Instant::now();
        if now >= deadline {
            // SAFETY: sending a signal to our own child (or its group).
            unsafe { libc::kill(kill_target, libc::SIGKILL) };
            killed = true;
            continue;
        }
        std::thread::sleep(nap.min(deadline - now));
        nap = (nap * 2).min(Duration::from_millis(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsFd;
    use std::process::{Command, Stdio};

    #[test]
    #[expect(clippy::zombie_processes, reason = "`reap`, under test, reaps it")]
    fn pump_feeds_and_drains_more_than_a_pipe_buffer() {
        // cat echoes 1 MiB: neither side may block on the other.
        let mut child = Command::new("cat")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input: Vec<u8> = (0..(1u32 << 20)).map(|i| b'a' + (i % 26) as u8).collect();
        let stdin = OwnedFd::from(child.stdin.take().unwrap());
        let stdout = child.stdout.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        let got = pump(
            Some((stdin, &input)),
            &[stdout.as_fd(), stderr.as_fd()],
            deadline,
        )
        .unwrap();
        assert!(!got.timed_out);
        assert_eq!(got.outputs[0], input);
        assert!(got.outputs[1].is_empty());
        let (ended, killed) = reap(child.id() as i32, child.id() as i32, deadline).unwrap();
        assert_eq!((ended, killed), (Ended::Exited(0), false));
    }

    #[test]
    #[expect(clippy::zombie_processes, reason = "`reap`, under test, reaps it")]
    fn reap_kills_at_the_deadline() {
        let child = Command::new("sleep").arg("30").spawn().unwrap();
        let start = Instant::now();
        let pid = child.id() as i32;
        let (ended, killed) = reap(pid, pid, start + Duration::from_millis(100)).unwrap();
        assert_eq!((ended, killed), (Ended::Signaled(libc::SIGKILL), true));
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
