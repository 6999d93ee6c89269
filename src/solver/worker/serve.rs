//! The worker's side: what a forked worker does from its start to its
//! end, whatever solver it runs.
//!
//! # Invariants
//!
//! - The worker restores the default action of every signal LibAFL handles
//!   ([`RESET_SIGNALS`]), so LibAFL's crash handler, inherited through
//!   `fork`, never runs in it: a crash ends the worker only. It asks the
//!   kernel to kill it when the caller dies.
//! - It ends with `_exit` when the caller closes the socket: none of the
//!   caller's exit handlers or destructors run in it.

use std::os::fd::RawFd;
use std::time::{Duration, Instant};

use super::frame::{self, receive_exact, receive_frame, send_all};
use super::printed;

/// The signals whose handlers the worker resets: LibAFL's crash and
/// timeout handlers, inherited through `fork`, must not run in it.
const RESET_SIGNALS: [libc::c_int; 12] = [
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

/// What a worker does with each request, in the worker process.
pub(in crate::solver) trait Serve {
    /// The length of the head the caller sends before each script.
    const HEAD: usize;

    /// Answers the request `head` and `script` with the reply's frames.
    fn answer(&mut self, head: &[u8], script: &str) -> Vec<Vec<u8>>;

    /// Runs once the reply has gone, while the caller reads it.
    fn after_reply(&mut self) {}
}

/// The worker: default signal actions, then request after request for
/// `server` until the caller closes the socket `fd` (or dies: the kernel
/// then kills the worker). Standard error is emptied before each answer.
pub(in crate::solver) fn serve<S: Serve>(fd: RawFd, mut server: S) -> ! {
    // SAFETY: plain signal and prctl calls in a fresh child.
    unsafe {
        for sig in RESET_SIGNALS {
            libc::signal(sig, libc::SIG_DFL);
        }
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    }
    let mut head = vec![0u8; S::HEAD];
    loop {
        let request = receive_exact(fd, &mut head, None).and_then(|()| receive_frame(fd, None));
        let Ok(script) = request else {
            // SAFETY: ends the worker without the caller's exit handlers.
            unsafe { libc::_exit(0) }
        };
        let script = String::from_utf8_lossy(&script);
        printed::clear();
        let reply = frame::reply(&server.answer(&head, &script));
        if send_all(fd, &reply, Instant::now() + Duration::from_secs(3600)).is_err() {
            // SAFETY: as above.
            unsafe { libc::_exit(0) }
        }
        server.after_reply();
    }
}
