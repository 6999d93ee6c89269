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
use std::sync::{Arc, Mutex};
use std::time::Duration;

use nix::sys::resource::{RLIM_INFINITY, Resource, getrlimit, setrlimit};

use super::Z3Library;
use super::z3::Interrupter;

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

/// How long a query past its deadline gets to come back once interrupted:
/// Z3 checks for cancellation often, so one that honours it is back within
/// milliseconds; one that does not is stuck in code that never looks.
pub const INTERRUPT_GRACE: Duration = Duration::from_millis(250);

/// What became of one query on the worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerAnswer {
    /// Z3 answered within the deadline.
    Answered(String),
    /// Z3 missed the deadline, was interrupted, and came back within
    /// [`INTERRUPT_GRACE`]: a timeout, but the worker is free again.
    Interrupted(String),
    /// Z3 missed the deadline and ignored the interrupt: the thread is
    /// still inside libz3, [`worker_stuck`] is true, and the worker must be
    /// dropped.
    Stuck,
}

/// libz3 on a thread of its own, so that the client can stop waiting for a
/// query without a signal, and stop the query itself with `Z3_interrupt`.
pub struct Z3Worker {
    jobs: Sender<(String, u32)>,
    done: Receiver<String>,
    running: Arc<Mutex<Option<Interrupter>>>,
}

impl Z3Worker {
    /// Starts the thread. Its stack is the size of the main thread's, so a
    /// deep formula overflows here exactly when it would in `z3` itself.
    pub fn spawn(lib: Z3Library) -> std::io::Result<Z3Worker> {
        let (jobs, inbox) = mpsc::channel::<(String, u32)>();
        let (outbox, done) = mpsc::channel::<String>();
        let running = Arc::new(Mutex::new(None));
        let watch = Arc::clone(&running);
        std::thread::Builder::new()
            .name("z3".into())
            .stack_size(main_stack_size())
            .spawn(move || {
                install_signal_stack();
                for (script, soft_ms) in inbox {
                    let out = {
                        let _inside = InFlight::enter();
                        lib.eval_watched(&script, Some(soft_ms), &watch)
                    };
                    if outbox.send(out).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Z3Worker {
            jobs,
            done,
            running,
        })
    }

    /// Runs `script` with Z3's soft timeout `soft_ms`, waiting `deadline`
    /// for the answer; past it, interrupts the query and waits
    /// [`INTERRUPT_GRACE`] more.
    pub fn eval(&self, script: String, soft_ms: u32, deadline: Duration) -> WorkerAnswer {
        if self.jobs.send((script, soft_ms)).is_err() {
            // Disconnected: the thread died without taking the process along.
            return WorkerAnswer::Stuck;
        }
        if let Ok(out) = self.done.recv_timeout(deadline) {
            return WorkerAnswer::Answered(out);
        }
        if let Some(running) = self
            .running
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .as_ref()
        {
            running.interrupt();
        }
        match self.done.recv_timeout(INTERRUPT_GRACE) {
            Ok(out) => WorkerAnswer::Interrupted(out),
            Err(_) => {
                WORKER_STUCK.store(true, Ordering::SeqCst);
                WorkerAnswer::Stuck
            }
        }
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
        let worker = Z3Worker::spawn(lib).unwrap();
        let out = worker.eval(
            "(declare-const x Int)(assert (> x 2))(check-sat)".into(),
            5_000,
            Duration::from_secs(30),
        );
        assert_eq!(out, WorkerAnswer::Answered("sat\n".into()));
        assert!(!worker_stuck());
    }

    #[test]
    fn a_query_past_its_deadline_is_interrupted_and_the_worker_lives_on() {
        let lib = match Z3Library::load(None) {
            Ok(lib) => lib,
            Err(e) => {
                eprintln!("SKIPPED: a_query_past_its_deadline_is_interrupted: no libz3: {e}");
                return;
            }
        };
        let _params = crate::solver::z3::params_lock();
        // Runs for minutes on Z3 4.8.12 and 5.3.3 (see the soft-timeout
        // test in `z3`); Z3's own timeout is far away, so only the
        // interrupt can end it.
        let slow = r#"(declare-const y String)
            (assert (str.in_re y (re.++ (re.range "a" "z") (re.+ (str.to_re "d")))))
            (assert (str.contains y "bcba"))(check-sat)"#;
        let worker = Z3Worker::spawn(lib).unwrap();
        let start = std::time::Instant::now();
        let out = worker.eval(slow.into(), 600_000, Duration::from_millis(200));
        assert!(
            matches!(&out, WorkerAnswer::Interrupted(s) if !s.starts_with("sat") && !s.starts_with("unsat")),
            "{out:?}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        let next = worker.eval("(check-sat)".into(), 5_000, Duration::from_secs(30));
        assert_eq!(next, WorkerAnswer::Answered("sat\n".into()));
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
