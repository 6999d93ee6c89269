//! Calibrated query limits that outlive a fork child: `--fork` runs each
//! execution in a child of the fuzzing client, and a [`QueryLimits`] in
//! the child's memory would vanish with it, calibrated by one query. Here
//! the limits live in one anonymous shared page mapped before the first
//! fork: every child draws its query's limit from them and records its
//! answer time in them, and the next child starts from there.
//!
//! # Invariants
//!
//! - One process at a time touches the limits: LibAFL's fork executor
//!   waits for a child before it forks the next, and the parent does not
//!   touch them while a child runs.
//! - [`QueryLimits`] is plain data (no heap, `Copy`), so the shared bytes
//!   are all of it: a child's writes are seen whole by the next child.

use std::num::NonZeroUsize;
use std::ptr::NonNull;
use std::time::Duration;

use nix::sys::mman::{MapFlags, ProtFlags, mmap_anonymous, munmap};

use super::limits::QueryLimits;

/// [`QueryLimits`] in memory shared with the process's fork children.
pub struct SharedLimits {
    limits: NonNull<QueryLimits>,
}

impl SharedLimits {
    /// Limits under the ceiling `timeout`, in a new shared mapping.
    pub fn new(timeout: Duration) -> std::io::Result<Self> {
        let size = NonZeroUsize::new(std::mem::size_of::<QueryLimits>()).expect("not empty");
        // SAFETY: a new anonymous mapping, aliased by nothing.
        let page = unsafe {
            mmap_anonymous(
                None,
                size,
                ProtFlags::PROT_READ | ProtFlags::PROT_WRITE,
                MapFlags::MAP_SHARED,
            )
        }
        .map_err(std::io::Error::from)?;
        let limits = page.cast::<QueryLimits>();
        // SAFETY: the mapping is page-aligned, large enough and writable.
        unsafe { limits.as_ptr().write(QueryLimits::new(timeout)) };
        Ok(SharedLimits { limits })
    }

    /// The limits, for the one process that runs a query now.
    pub fn get(&mut self) -> &mut QueryLimits {
        // SAFETY: initialized in `new`; one process at a time (module
        // invariants), and `&mut self` keeps this process to one borrow.
        unsafe { self.limits.as_mut() }
    }
}

impl Drop for SharedLimits {
    fn drop(&mut self) {
        let size = std::mem::size_of::<QueryLimits>();
        // SAFETY: the mapping made in `new`, no longer borrowed. A fork
        // child's copy of this value unmaps only its own view.
        unsafe {
            let _ = munmap(self.limits.cast(), size);
        }
    }
}

// The limits move with the harness into LibAFL's executor.
// SAFETY: the pointer is to memory owned by this value alone.
unsafe impl Send for SharedLimits {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::execute::limits::MIN_PROBES;

    #[test]
    fn a_fork_childs_calibration_is_seen_by_its_parent() {
        let mut shared = SharedLimits::new(Duration::from_secs(10)).unwrap();
        let ceiling = shared.get().soft_ms();
        // Each child answers its probe in 5 ms and exits.
        for _ in 0..MIN_PROBES {
            // SAFETY: the child only touches the shared limits and exits.
            match unsafe { nix::unistd::fork() }.unwrap() {
                nix::unistd::ForkResult::Child => {
                    let limits = shared.get();
                    let limit = limits.next_query();
                    limits.record(limit, true, Duration::from_millis(5));
                    // SAFETY: no destructors or atexit handlers in a child.
                    unsafe { nix::libc::_exit(0) };
                }
                nix::unistd::ForkResult::Parent { child } => {
                    nix::sys::wait::waitpid(child, None).unwrap();
                }
            }
        }
        let soft = shared.get().soft_ms();
        assert!(soft < ceiling, "calibrated {soft} ms, ceiling {ceiling} ms");
        assert!(soft <= 20, "{soft} ms");
    }
}
