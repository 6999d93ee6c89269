//! The guard that turns an `exit()` inside a solver into a crash, and the
//! address-space limit it lifts on the way out.
//!
//! # Invariants
//!
//! - While a thread is inside a solver library ([`InFlight`]), an `exit()`
//!   becomes `abort()` (see [`install_exit_guard`]): in the fuzzing client,
//!   and in a worker forked from it, which inherits the handler.

use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

use nix::sys::resource::{Resource, getrlimit, setrlimit};

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
