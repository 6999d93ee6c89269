//! What goes over the socket between a caller and its worker.
//!
//! A request is a head of the worker's own (a fixed number of bytes: the
//! soft limit, say), then the script as a frame; a reply is frames. A frame
//! is its length (8 bytes, little-endian), then that many bytes.
//!
//! # Invariants
//!
//! - Messages go with `MSG_NOSIGNAL`, so writing to a worker that just died
//!   is an error ([`Lost::Closed`]), not a `SIGPIPE` in the caller.
//! - The caller waits for each part of a reply only until its deadline
//!   ([`Lost::Deadline`]); the worker waits for requests without one.

use std::os::fd::RawFd;
use std::time::Instant;

/// Why no reply came.
#[derive(Debug)]
pub(in crate::solver) enum Lost {
    /// The deadline passed first.
    Deadline,
    /// The other end closed the socket (it died) or the socket failed.
    Closed,
}

/// `head`, then `script` as a frame: one request.
pub(in crate::solver) fn request(head: &[u8], script: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(head.len() + 8 + script.len());
    bytes.extend_from_slice(head);
    bytes.extend_from_slice(&(script.len() as u64).to_le_bytes());
    bytes.extend_from_slice(script.as_bytes());
    bytes
}

/// `frames`, each as a frame, in one buffer: one reply.
pub(in crate::solver) fn reply(frames: &[Vec<u8>]) -> Vec<u8> {
    let len = frames.iter().map(|f| 8 + f.len()).sum();
    let mut bytes = Vec::with_capacity(len);
    for frame in frames {
        bytes.extend_from_slice(&(frame.len() as u64).to_le_bytes());
        bytes.extend_from_slice(frame);
    }
    bytes
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

/// Sends all of `bytes` by `until`.
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

/// Fills `buf`, by `until` if there is one.
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

/// One frame, by `until` if there is one.
pub(in crate::solver) fn receive_frame(fd: RawFd, until: Option<Instant>) -> Result<Vec<u8>, Lost> {
    let mut len = [0u8; 8];
    receive_exact(fd, &mut len, until)?;
    let len = u64::from_le_bytes(len) as usize;
    let mut out = vec![0u8; len];
    receive_exact(fd, &mut out, until)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::time::Duration;

    fn socket_pair() -> (OwnedFd, OwnedFd) {
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
        assert_eq!(r, 0);
        // SAFETY: just made, owned here only.
        unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) }
    }

    #[test]
    fn requests_and_replies_cross_whole_and_a_silent_or_closed_end_is_lost() {
        let (caller, worker) = socket_pair();
        let (c, w) = (caller.as_raw_fd(), worker.as_raw_fd());
        let soon = || Instant::now() + Duration::from_secs(5);
        send_all(c, &request(&[7, 8], "(check-sat)"), soon()).unwrap();
        let mut head = [0u8; 2];
        receive_exact(w, &mut head, None).unwrap();
        assert_eq!(head, [7, 8]);
        assert_eq!(receive_frame(w, None).unwrap(), b"(check-sat)");
        let frames = vec![b"sat\n".to_vec(), Vec::new()];
        send_all(w, &reply(&frames), soon()).unwrap();
        for f in &frames {
            assert_eq!(receive_frame(c, Some(soon())).unwrap(), *f);
        }
        let quiet = receive_frame(c, Some(Instant::now() + Duration::from_millis(20)));
        assert!(matches!(quiet, Err(Lost::Deadline)), "{quiet:?}");
        drop(worker);
        assert!(matches!(receive_frame(c, Some(soon())), Err(Lost::Closed)));
        assert!(matches!(send_all(c, b"x", soon()), Err(Lost::Closed)));
    }
}
