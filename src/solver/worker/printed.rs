//! What a worker's solver prints to standard error, kept per query.
//!
//! # Invariants
//!
//! - A worker's standard error is a memory file that it empties before
//!   each query ([`clear`]), so what is there when it dies is what the
//!   solver printed during the query that killed it (Z3's `ASSERTION
//!   VIOLATION`, file and line; cvc5's `std::bad_alloc`). Nothing a solver
//!   prints there reaches the terminal.
//! - The caller keeps the file's other descriptor and reads only its end
//!   ([`PRINTED_TAIL`] bytes), so a chatty solver costs no memory.

use std::ffi::CStr;
use std::os::fd::{FromRawFd, OwnedFd};

/// How much of what a crashing solver printed is kept (its end).
pub const PRINTED_TAIL: usize = 2048;

/// A new memory file named `name` (the name shows in `/proc/PID/fd`).
pub(in crate::solver) fn memory_file(name: &CStr) -> std::io::Result<std::fs::File> {
    // SAFETY: a plain syscall with a NUL-terminated name.
    let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: just made, owned here only.
    Ok(std::fs::File::from(unsafe { OwnedFd::from_raw_fd(fd) }))
}

/// The last [`PRINTED_TAIL`] bytes of `file`, as text, trimmed.
pub(in crate::solver) fn tail(file: &std::fs::File) -> String {
    use std::os::unix::fs::FileExt;
    let size = file.metadata().map_or(0, |m| m.len());
    let from = size.saturating_sub(PRINTED_TAIL as u64);
    let mut buf = vec![0u8; (size - from) as usize];
    let n = file.read_at(&mut buf, from).unwrap_or(0);
    buf.truncate(n);
    String::from_utf8_lossy(&buf).trim().to_string()
}

/// Empties the calling worker's standard error (a memory file), so that
/// what is there when it dies was printed by the query that killed it.
pub(in crate::solver) fn clear() {
    // SAFETY: plain syscalls on descriptor 2; on a terminal or pipe they
    // fail harmlessly.
    unsafe {
        libc::ftruncate(libc::STDERR_FILENO, 0);
        libc::lseek(libc::STDERR_FILENO, 0, libc::SEEK_SET);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn only_the_end_of_what_was_printed_is_kept() {
        let mut file = memory_file(c"equifuzz-test-printed").unwrap();
        assert_eq!(tail(&file), "");
        file.write_all(b"  ASSERTION VIOLATION\n").unwrap();
        assert_eq!(tail(&file), "ASSERTION VIOLATION");
        file.write_all(&vec![b'x'; PRINTED_TAIL]).unwrap();
        assert_eq!(tail(&file), "x".repeat(PRINTED_TAIL));
    }
}
