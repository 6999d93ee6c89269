//! One execution: print the case, run the solver, judge the reply, leave
//! the result in the [`ResultSlot`].
//!
//! # Invariants
//!
//! - The harness never writes files and never touches the fuzzer state: it
//!   may run in a fork child whose memory vanishes. Everything it knows
//!   goes through the slot; the feedbacks record it.
//! - libz3 gets Z3's own soft timeout (below the executor's hard one), so a
//!   slow query usually ends with `unknown`, not with a kill.
//! - In process, libz3 runs on a worker thread ([`Z3Worker`]) and the
//!   client waits for it with a deadline: a query that ignores Z3's soft
//!   timeout is seen in normal code, where the client saves its state and
//!   restarts (see [`worker_stuck`]). LibAFL's own timeout, a signal handler
//!   that runs the feedbacks on the interrupted thread, is only the last
//!   backstop: if it fires while the solver holds the allocator's lock, the
//!   handler's first allocation deadlocks the client for good (seen in a
//!   10-minute campaign on Z3 5.3.3).
//! - An `exit()` inside the solver during an execution becomes `abort()`
//!   (see [`install_exit_guard`]), so LibAFL's crash handler records the
//!   input and the restarting manager restarts the client, instead of the
//!   client vanishing with the input.

use std::ffi::CString;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use libafl::executors::ExitKind;

use super::slot::ResultSlot;
use crate::oracle::{Expected, Reply, judge};
use crate::solver::{RawOutcome, Target, Z3Library, z3::Z3Context};
use crate::term::Printer;
use crate::truth::Case;

/// How many threads are inside the solver (a left-behind solver thread
/// stays counted).
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);

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
                    IN_FLIGHT.fetch_add(1, Ordering::SeqCst);
                    let out = lib.eval_unserialized(&script, Some(soft_ms));
                    IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
                    if outbox.send(out).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Z3Worker { jobs, done })
    }

    /// Runs `script`; `None` if no answer came within `deadline`.
    fn eval(&self, script: String, deadline: Duration) -> Option<String> {
        self.jobs.send(script).ok()?;
        // Disconnected: the thread died without taking the process along.
        self.done.recv_timeout(deadline).ok()
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
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: a plain syscall on a valid struct.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut lim) } == 0;
    if ok && lim.rlim_cur != libc::RLIM_INFINITY && lim.rlim_cur > 0 {
        lim.rlim_cur as usize
    } else {
        8 << 20
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
pub fn set_memory_limit(bytes: u64) {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain syscalls on a valid struct.
    unsafe {
        libc::getrlimit(libc::RLIMIT_AS, &mut lim);
        lim.rlim_cur = bytes.min(lim.rlim_max);
        libc::setrlimit(libc::RLIMIT_AS, &lim);
    }
}

fn lift_memory_limit() {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain syscalls on a valid struct (async-signal-safe).
    unsafe {
        libc::getrlimit(libc::RLIMIT_AS, &mut lim);
        lim.rlim_cur = lim.rlim_max;
        libc::setrlimit(libc::RLIMIT_AS, &lim);
    }
}

/// How the solver is reached.
pub enum Solver {
    /// libz3 in this process, on a worker thread, a fresh context per
    /// query.
    Z3Fresh {
        /// The library and Z3's soft timeout (ms), until the worker starts.
        lib: Z3Library,
        /// Z3's soft timeout, ms.
        soft_ms: u32,
        /// The worker, started on the first query (threads do not survive
        /// the restarting manager's fork).
        worker: Option<Z3Worker>,
        /// How long to wait for an answer.
        deadline: Duration,
    },
    /// libz3 evaluated on a context made once in the parent: for fork
    /// children, which each get a copy-on-write image of it.
    Z3Inherited {
        /// The pristine context (never evaluated on in the parent).
        context: Z3Context,
    },
    /// Any other target (a solver binary): isolated by its own process.
    Other {
        /// The target.
        target: Box<dyn Target>,
        /// Its hard timeout.
        timeout: Duration,
    },
}

/// Runs cases and judges them.
pub struct Harness {
    solver: Solver,
    printer: Printer,
    slot: &'static ResultSlot,
}

impl Harness {
    /// A harness on `solver` that prints with `printer` and reports to `slot`.
    pub fn new(solver: Solver, printer: Printer, slot: &'static ResultSlot) -> Self {
        Harness {
            solver,
            printer,
            slot,
        }
    }

    /// Runs one case. `ExitKind::Ok` with the verdict, crash included, in
    /// the slot; `ExitKind::Timeout` when the solver thread missed its
    /// deadline. A process-killing crash is seen by the executor.
    pub fn run(&mut self, case: &Case) -> ExitKind {
        self.slot.clear();
        let script = self
            .printer
            .script(&case.formula.to_script(None, case.truth.queries()));
        let start = Instant::now();
        let reply_and_output = match &mut self.solver {
            Solver::Z3Fresh {
                lib,
                soft_ms,
                worker,
                deadline,
            } => {
                if worker.is_none() {
                    match Z3Worker::spawn(lib.clone(), *soft_ms) {
                        Ok(w) => *worker = Some(w),
                        Err(e) => {
                            let why = format!("cannot start the solver thread: {e}");
                            let verdict = judge(&case.formula, None, &Reply::NotRun(why));
                            self.slot.store(&verdict, "", 0);
                            return ExitKind::Ok;
                        }
                    }
                }
                let answered = worker.as_ref().and_then(|w| w.eval(script, *deadline));
                match answered {
                    Some(out) => (Reply::from_output(&out), out),
                    None => {
                        // The thread is still inside libz3: it is left
                        // behind (the next query gets a new one), and the
                        // fuzz loop restarts the client once the timeout is
                        // recorded, which ends it.
                        WORKER_STUCK.store(true, Ordering::SeqCst);
                        *worker = None;
                        return ExitKind::Timeout;
                    }
                }
            }
            Solver::Z3Inherited { context } => {
                let text = CString::new(script).unwrap_or_default();
                IN_FLIGHT.fetch_add(1, Ordering::SeqCst);
                let out = context.eval(&text);
                IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
                (Reply::from_output(&out), out)
            }
            Solver::Other { target, timeout } => {
                let outcome = target.run(&script, *timeout);
                match outcome {
                    RawOutcome::Finished { stdout, .. } => (Reply::from_output(&stdout), stdout),
                    RawOutcome::Timeout { .. } => (Reply::Timeout, outcome.to_string()),
                    RawOutcome::Crashed { .. } | RawOutcome::OutOfMemory { .. } => {
                        (Reply::Crash(outcome.to_string()), outcome.to_string())
                    }
                    RawOutcome::NotRun { ref reason, .. } => {
                        (Reply::NotRun(reason.clone()), outcome.to_string())
                    }
                }
            }
        };
        let solver_ns = start.elapsed().as_nanos() as u64;
        let (reply, output) = reply_and_output;
        let verdict = judge(&case.formula, Some(&Expected::from(&case.truth)), &reply);
        self.slot.store(&verdict, &output, solver_ns);
        ExitKind::Ok
    }
}
