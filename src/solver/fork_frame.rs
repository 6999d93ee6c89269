//! One query in a fork child that answers in one frame: what the
//! in-process fork targets ([`super::Z3InProcessFork`],
//! [`super::Cvc5InProcessFork`]) share, whatever the solver library.
//!
//! # Invariants
//!
//! - The child's stdout and stderr go to a console pipe (a library's own
//!   prints land there, never in the parent's terminal); it runs under
//!   [`Limits`] and ends with `_exit`, so none of the parent's atexit
//!   handlers or destructors run in it.
//! - The child reports "finished" only by writing one complete frame
//!   ([`FRAME_MAGIC`], the output length as 8 little-endian bytes, the
//!   output) after the library returned. A child that dies or calls
//!   `exit()` inside the library never writes a complete frame, whatever
//!   its exit code, so it is a crash (or out of memory, as the library's
//!   [`ExitMeaning`] and its stderr say), and one killed at the deadline a
//!   timeout; a complete frame wins over a late kill or exit.
//! - The parent reads both pipes to their end before it waits, and kills
//!   the child at the deadline: a run never blocks longer than its timeout
//!   plus the time to reap.

use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use super::child::{self, Ended, Limits};
use super::outcome::{CrashCause, RawOutcome, stderr_says_out_of_memory};

const FRAME_MAGIC: &[u8; 4] = b"EQZ3";
const FRAME_HEADER: usize = FRAME_MAGIC.len() + 8;

/// What a fork child's exit means for one solver library.
pub(super) struct ExitMeaning {
    /// An exit code the library uses for memory exhaustion.
    pub out_of_memory: Option<i32>,
    /// Describes an exit before the query finished.
    pub describe: fn(i32) -> String,
}

/// Runs `query` in a fork child under `limits` and returns its outcome.
/// `query` runs the solver and hands its output to the callback it is
/// given, once; it must not return before (a child whose query returns
/// without answering is a crash). The child gets the hard `deadline`; a
/// failure to fork or to make the pipes is [`RawOutcome::NotRun`].
///
/// Fork safety is the caller's: fork from a process in which no other
/// thread runs the library at the time.
pub(super) fn run_in_child(
    start: Instant,
    deadline: Instant,
    limits: Limits,
    exits: &ExitMeaning,
    query: impl FnOnce(&mut dyn FnMut(&[u8])),
) -> RawOutcome {
    let not_run = |reason: String| RawOutcome::NotRun {
        reason,
        elapsed: start.elapsed(),
    };
    let ((result_r, result_w), (console_r, console_w)) = match (pipe(), pipe()) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return not_run(format!("cannot make a pipe: {e}")),
    };
    // SAFETY: the child runs only `child_main`, which never returns.
    match unsafe { libc::fork() } {
        -1 => not_run(format!("fork failed: {}", std::io::Error::last_os_error())),
        0 => child_main(limits, result_w.as_raw_fd(), console_w.as_raw_fd(), query),
        pid => {
            drop((result_w, console_w));
            let pumped = child::pump(None, &[result_r.as_fd(), console_r.as_fd()], deadline);
            let reaped = child::reap(pid, pid, deadline);
            let elapsed = start.elapsed();
            match (pumped, reaped) {
                (Ok(p), Ok((ended, killed))) => {
                    classify_frame(p.outputs, ended, killed, elapsed, exits)
                }
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

/// The fork child: console, limits, the query, one frame, `_exit`. It
/// allocates nothing of its own: the output goes from the library's
/// buffer straight to the pipe.
fn child_main(
    limits: Limits,
    result_fd: RawFd,
    console_fd: RawFd,
    query: impl FnOnce(&mut dyn FnMut(&[u8])),
) -> ! {
    // SAFETY: plain fd syscalls; the library's direct prints go to the
    // console pipe.
    unsafe {
        libc::dup2(console_fd, 1);
        libc::dup2(console_fd, 2);
    }
    child::limit_self(limits);
    let mut ok = false;
    query(&mut |out| {
        let mut header = [0u8; FRAME_HEADER];
        header[..4].copy_from_slice(FRAME_MAGIC);
        header[4..].copy_from_slice(&(out.len() as u64).to_le_bytes());
        ok = write_all(result_fd, &header) && write_all(result_fd, out);
    });
    // SAFETY: ends the child without running the parent's atexit handlers
    // or destructors (a solver's teardown is slow and irrelevant here).
    unsafe { libc::_exit(if ok { 0 } else { 125 }) }
}

fn pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC).map_err(std::io::Error::from)
}

fn write_all(fd: RawFd, mut bytes: &[u8]) -> bool {
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

/// The limits of a child forked from this process that may add `extra`
/// bytes of address space to this process's image at the fork (`None`:
/// unlimited), so that a large or multi-threaded parent does not eat the
/// child's budget.
pub(super) fn limits_beyond_own_image(extra: Option<u64>) -> Limits {
    Limits {
        address_space: extra.map(|extra| own_address_space().saturating_add(extra)),
        cpu_seconds: None,
    }
}

/// This process's address-space size in bytes (0 if /proc is unreadable,
/// which makes the limit tighter, never looser).
fn own_address_space() -> u64 {
    let pages = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .unwrap_or(0);
    // SAFETY: sysconf with a constant argument.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    pages * page
}

/// The payload of a complete frame, or `None` if the child never finished.
fn complete_frame(bytes: &[u8]) -> Option<&[u8]> {
    let (header, payload) = bytes.split_at_checked(FRAME_HEADER)?;
    let len = u64::from_le_bytes(header[4..].try_into().ok()?);
    (header[..4] == *FRAME_MAGIC && payload.len() as u64 == len).then_some(payload)
}

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

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in crate::solver) fn frame(payload: &[u8]) -> Vec<u8> {
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
}
