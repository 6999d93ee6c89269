//! libz3 in the fuzzing process, on a thread of its own: the worker, the
//! limits and the signal stack it needs, and the guard that turns an
//! `exit()` inside the solver into a crash.
//!
//! It lives here because only `solver` knows threads, signals, rlimits and
//! dlopen; the fuzz loop asks [`Z3Worker::eval`] and [`worker_stuck`].
//!
//! # Invariants
//!
//! - The caller waits for an answer with a deadline, in normal code: a
//!   query that ignores Z3's soft timeout is seen without a signal (a
//!   signal handler that runs while the solver holds the allocator's lock
//!   deadlocks at its first allocation). The thread that missed its
//!   deadline is left behind and [`worker_stuck`] says so; only the end of
//!   the process ends it.
//! - The worker's stack is the size of the main thread's, so a deep formula
//!   overflows here exactly when it would in the `z3` binary, and it has a
//!   large alternate signal stack, so a crash handler that runs on it has
//!   room.
//! - While a thread is inside libz3 ([`InFlight`]), an `exit()` becomes
//!   `abort()` (see [`install_exit_guard`]).

use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use nix::sys::resource::{RLIM_INFINITY, Resource, getrlimit, setrlimit};

use super::Z3Library;

/// How many threads are inside the solver (a left-behind solver thread
/// stays counted).
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

/// Set when the solver's worker thread missed its deadline and is still
/// running: the client must restart (its libz3 is busy for good, and holds
/// the lock that serializes evaluations).
static WORKER_STUCK: AtomicBool = AtomicBool::new(false);

/// Whether the client must save its state and restart: a query never came
/// back from the solver, and its thread still runs (checked by the fuzz
/// loop; while the initial corpus is loaded, each stuck query only costs
/// its deadline and a new thread).
pub fn worker_stuck() -> bool {
    WORKER_STUCK.load(Ordering::SeqCst)
}

/// libz3 on a thread of its own, so that the client can stop waiting for a
/// query without a signal.
pub struct Z3Worker {
    jobs: Sender<String>,
    done: Receiver<String>,
}

impl Z3Worker {
    /// Starts the thread. Its stack is the size of the main thread's, so a
    /// deep formula overflows here exactly when it would in `z3` itself.
    pub fn spawn(lib: Z3Library, soft_ms: u32) -> std::io::Result<Z3Worker> {
        let (jobs, inbox) = mpsc::channel::<String>();
        let (outbox, done) = mpsc::channel::<String>();
        std::thread::Builder::new()
            .name("z3".into())
            .stack_size(main_stack_size())
            .spawn(move || {
                install_signal_stack();
                for script in inbox {
                    let out = {
                        let _inside = InFlight::enter();
                        lib.eval_unserialized(&script, Some(soft_ms))
                    };
                    if outbox.send(out).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Z3Worker { jobs, done })
    }

    /// Runs `script`; `None` if no answer came within `deadline`, and then
    /// the thread is still inside libz3: [`worker_stuck`] turns true, and
    /// this worker must be dropped (the next query needs a new one).
    pub fn eval(&self, script: String, deadline: Duration) -> Option<String> {
        self.jobs.send(script).ok()?;
        // Disconnected: the thread died without taking the process along.
        let answer = self.done.recv_timeout(deadline).ok();
        if answer.is_none() {
            WORKER_STUCK.store(true, Ordering::SeqCst);
        }
        answer
    }
}

/// The alternate signal stack of the solver thread, bytes: as large as the
/// one LibAFL gives the thread that installs its handlers.
const SIGNAL_STACK_SIZE: usize = 8 << 20;

/// Gives the calling thread a large alternate signal stack. LibAFL's crash
/// handler (registered with `SA_ONSTACK`) runs the feedbacks and saves the
/// state on whichever thread crashed; on the few pages Rust gives a new
/// thread it overflows, and the crash is lost. The stack is never freed:
/// the thread lives as long as the client.
fn install_signal_stack() {
    // SAFETY: a fresh anonymous mapping, handed to sigaltstack for this
    // thread only and never unmapped.
    unsafe {
        let sp = libc::mmap(
            std::ptr::null_mut(),
            SIGNAL_STACK_SIZE,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        );
        if sp == libc::MAP_FAILED {
            return;
        }
        let ss = libc::stack_t {
            ss_sp: sp,
            ss_flags: 0,
            ss_size: SIGNAL_STACK_SIZE,
        };
        libc::sigaltstack(&ss, std::ptr::null_mut());
    }
}

/// The main thread's stack limit (8 MiB when unlimited or unknown).
fn main_stack_size() -> usize {
    match getrlimit(Resource::RLIMIT_STACK) {
        Ok((soft, _)) if soft != RLIM_INFINITY && soft > 0 => soft as usize,
        _ => 8 << 20,
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
    fn the_worker_answers_within_its_deadline() {
        let lib = match Z3Library::load(None) {
            Ok(lib) => lib,
            Err(e) => {
                eprintln!("SKIPPED: the_worker_answers_within_its_deadline: no libz3: {e}");
                return;
            }
        };
        // Other tests of this process evaluate too: the parameters this
        // worker sets must not land between theirs and their evaluation.
        let _params = crate::solver::z3::params_lock();
        let worker = Z3Worker::spawn(lib, 5_000).unwrap();
        let out = worker.eval(
            "(declare-const x Int)(assert (> x 2))(check-sat)".into(),
            Duration::from_secs(30),
        );
        assert_eq!(out.as_deref().map(str::trim), Some("sat"));
        assert!(!worker_stuck());
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

    #[test]
    fn the_stack_limit_is_read() {
        let (soft, _) = getrlimit(Resource::RLIMIT_STACK).unwrap();
        let expected = if soft == RLIM_INFINITY || soft == 0 {
            8 << 20
        } else {
            soft as usize
        };
        assert_eq!(main_stack_size(), expected);
    }
}
