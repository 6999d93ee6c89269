//! libz3 in a warm worker process ([`Z3Process`]): a child forked from the
//! fuzzing client once, with the library already loaded, that answers query
//! after query over a socket. The fork, the frames, kills, crashes and
//! what the solver prints are every worker's (`crate::solver::worker`);
//! here, what a Z3 query is. The harness asks it as a [`Target`]:
//! [`Target::run_within`] on a warm context, [`Target::run_fresh`] on a
//! fresh one; tests and benchmarks ask [`Z3Process::eval`].
//!
//! # Invariants
//!
//! - A query past its deadline costs the worker, never the client: the next
//!   query forks a new one. Before, the solver ran on a thread of the
//!   client, and a query that ignored Z3's soft timeout (and
//!   `Z3_interrupt`, which trips the same cancellation flag: the queries
//!   that miss it run code that never looks at it) kept the thread, so the
//!   client had to save its state and restart.
//! - A crash of the solver (signal, `abort`, `exit()` inside the library)
//!   ends the worker only and comes back as [`ProcessAnswer::Crashed`],
//!   with the end of what the solver printed during the query (Z3's
//!   `ASSERTION VIOLATION`, file and line).
//! - The worker evaluates on its main thread, whose stack is the client's
//!   main stack: a deep formula overflows here exactly when it would in the
//!   `z3` binary. It inherits the client's address-space limit.
//! - Edges of an instrumented library reach the client's map: the map is
//!   shared memory, mapped before the fork. What the instrumentation keeps
//!   in the worker's private memory reaches it through [`QueryHooks`].
//! - A reply is two frames: what Z3 printed, then what
//!   `(get-info :all-statistics)` printed on the same warm context before
//!   its reset (empty for a fresh context): the solver's counters are a
//!   signal of what it did that any build gives, instrumented or not.
//! - While the worker is inside libz3 ([`InFlight`]), an `exit()` becomes
//!   `abort()` (see
//!   [`install_exit_guard`](crate::solver::worker::install_exit_guard)).
//! - A [`Context::Warm`] query runs on a context the worker keeps, reset
//!   after it (`super::warm`). What a reset keeps (the AST manager's
//!   hash-consed terms and their ids, options set by earlier scripts) may
//!   change an answer: a [`Context::Fresh`] query, on a context made for it
//!   alone, is what a user's `z3 file.smt2` gets, and is how a warm answer
//!   that looks like a finding is confirmed (see `execute::harness`).
//!   Its soft timeout is the global parameter read when its front end is
//!   built, and the parameters it sets are put back after it too.
//! - As a [`Target`], a worker that died is a [`RawOutcome::Crashed`] with
//!   what the solver printed as its standard error (where the harness
//!   finds the crash site); one that vanished (reaped by someone else) is
//!   [`RawOutcome::NotRun`], as the cvc5 worker's: no sign of the solver's.

use std::ffi::CStr;
use std::os::fd::RawFd;
use std::time::{Duration, Instant};

use super::library::Z3Library;
use super::target::Z3InProcessFork;
use super::warm::WarmContexts;
use crate::solver::outcome::{CrashCause, RawOutcome, z3_exit_code_name};
use crate::solver::worker::{Asked, InFlight, Serve, WorkerProcess, WorkerSetup, serve};
use crate::solver::{Target, soft_timeout};

/// What became of one query sent to the worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProcessAnswer {
    /// Z3 answered within the deadline: everything it printed.
    Answered(String),
    /// No answer within the deadline: the worker was killed.
    Timeout,
    /// The worker died during the query.
    Crashed {
        /// How: the signal or exit code.
        how: String,
        /// What the solver wrote to standard error during the query (its
        /// last [`PRINTED_TAIL`](crate::solver::worker::PRINTED_TAIL) bytes): an assertion's file and line, say.
        printed: String,
    },
    /// The worker could not be started (our fault, not the solver's).
    NotRun(String),
}

/// Which context a query runs on (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// A context kept by the worker, reset between queries.
    Warm,
    /// A context made for this query alone.
    Fresh,
}

/// What the worker runs in its own process around each query: how state
/// that the solver's instrumentation keeps in the worker's private memory
/// (a static map, say) reaches the client, which cannot see it.
#[derive(Clone, Copy, Debug)]
pub struct QueryHooks {
    /// Before the query is evaluated.
    pub before: fn(),
    /// After the query and its statistics, before the reply is sent: what
    /// it leaves is the client's to read once the reply has come.
    pub after: fn(),
}

/// libz3 in a worker process forked from this one, started on the first
/// query and again after each kill or crash.
pub struct Z3Process {
    setup: Z3Setup,
    worker: WorkerProcess,
    statistics: String,
}

impl Z3Process {
    /// A worker for `lib` (started by the first [`Z3Process::eval`]).
    pub fn new(lib: Z3Library) -> Self {
        Z3Process {
            setup: Z3Setup { lib, hooks: None },
            worker: WorkerProcess::default(),
            statistics: String::new(),
        }
    }

    /// The library the worker runs.
    pub fn library(&self) -> &Z3Library {
        &self.setup.lib
    }

    /// The same, with `hooks` run by every worker around each query.
    pub fn with_hooks(mut self, hooks: QueryHooks) -> Self {
        self.setup.hooks = Some(hooks);
        self
    }

    /// What `(get-info :all-statistics)` printed after the last query that
    /// was answered on a warm context; empty after any other (a fresh
    /// context's, a timeout, a crash).
    pub fn statistics(&self) -> &str {
        &self.statistics
    }

    /// How many workers were started, and the time spent starting them.
    pub fn starts(&self) -> (u64, Duration) {
        self.worker.starts()
    }

    /// Runs `script` on a context of kind `context` with Z3's soft timeout
    /// `soft_ms`; waits at most `deadline` for the answer, then kills the
    /// worker.
    pub fn eval(
        &mut self,
        script: &str,
        context: Context,
        soft_ms: u32,
        deadline: Duration,
    ) -> ProcessAnswer {
        match self.ask(script, context, soft_ms, deadline) {
            Ok(out) => ProcessAnswer::Answered(out),
            Err(Asked::NotStarted(e)) => ProcessAnswer::NotRun(not_started(e)),
            Err(Asked::Timeout(_)) => ProcessAnswer::Timeout,
            Err(Asked::Died(cause, printed)) => ProcessAnswer::Crashed {
                how: how_it_ended(cause),
                printed,
            },
            Err(Asked::Answered(_)) => unreachable!("an answer is Ok"),
        }
    }

    /// The same query as a [`RawOutcome`], the answer of a [`Target`].
    fn outcome(
        &mut self,
        script: &str,
        context: Context,
        soft_ms: u32,
        deadline: Duration,
    ) -> RawOutcome {
        let start = Instant::now();
        let asked = self.ask(script, context, soft_ms, deadline);
        let elapsed = start.elapsed();
        match asked {
            Ok(stdout) => RawOutcome::Finished {
                stdout,
                stderr: String::new(),
                exit_code: 0,
                elapsed,
            },
            Err(Asked::NotStarted(e)) => RawOutcome::NotRun {
                reason: not_started(e),
                elapsed,
            },
            Err(Asked::Timeout(stderr)) => RawOutcome::Timeout {
                partial_stdout: String::new(),
                stderr,
                elapsed,
            },
            Err(Asked::Died(Some(cause), stderr)) => RawOutcome::Crashed {
                cause,
                description: format!("the solver worker died: {}", how_it_ended(Some(cause))),
                partial_stdout: String::new(),
                stderr,
                elapsed,
            },
            Err(Asked::Died(None, _)) => RawOutcome::NotRun {
                reason: how_it_ended(None),
                elapsed,
            },
            Err(Asked::Answered(_)) => unreachable!("an answer is Ok"),
        }
    }

    /// One query: what Z3 printed (its statistics kept), or what became of
    /// the worker.
    fn ask(
        &mut self,
        script: &str,
        context: Context,
        soft_ms: u32,
        deadline: Duration,
    ) -> Result<String, Asked> {
        let start = Instant::now();
        self.statistics.clear();
        let mut head = [0u8; Z3Worker::HEAD];
        head[0] = u8::from(context == Context::Fresh);
        head[1..].copy_from_slice(&soft_ms.to_le_bytes());
        let asked = self
            .worker
            .ask(&self.setup, &head, script, 2, start + deadline);
        let Asked::Answered(frames) = asked else {
            return Err(asked);
        };
        let [out, statistics] = <[Vec<u8>; 2]>::try_from(frames).expect("two frames");
        self.statistics = String::from_utf8_lossy(&statistics).into_owned();
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
}

impl Target for Z3Process {
    fn name(&self) -> String {
        "z3".into()
    }

    fn version(&self) -> String {
        self.setup.lib.version()
    }

    /// On a warm context, as [`Target::run_within`] with the soft timeout
    /// of `timeout`.
    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.run_within(script, soft_timeout(timeout), timeout)
    }

    /// On a warm context, with Z3's soft timeout `soft_ms`.
    fn run_within(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        self.outcome(script, Context::Warm, soft_ms, timeout)
    }

    fn takes_soft_limit(&self) -> bool {
        true
    }

    /// On a context made for this query alone, in the same worker.
    fn run_fresh(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> Option<RawOutcome> {
        Some(self.outcome(script, Context::Fresh, soft_ms, timeout))
    }

    /// The same library and hooks, with no worker yet: the copy forks its
    /// own on its first query.
    fn fresh_copy(&self) -> Option<Box<dyn Target>> {
        let copy = Z3Process::new(self.setup.lib.clone());
        Some(Box::new(match self.setup.hooks {
            Some(hooks) => copy.with_hooks(hooks),
            None => copy,
        }))
    }

    fn statistics(&self) -> &str {
        &self.statistics
    }

    fn refuses_reset_assertions(&self) -> Option<String> {
        Z3InProcessFork::reset_assertions_refusal(&self.setup.lib)
    }
}

/// Why no worker could be started.
fn not_started(e: std::io::Error) -> String {
    format!("cannot start the solver: {e}")
}

/// How a worker that died ended: the signal, or the exit code with Z3's
/// name for it.
fn how_it_ended(cause: Option<CrashCause>) -> String {
    match cause {
        None => "the solver worker vanished".into(),
        Some(CrashCause::Exit(code)) => match z3_exit_code_name(code) {
            Some(name) => format!("{} ({name})", CrashCause::Exit(code)),
            None => CrashCause::Exit(code).to_string(),
        },
        Some(cause) => cause.to_string(),
    }
}

/// What every Z3 worker is forked with: the library, and the hooks it runs
/// around each query.
struct Z3Setup {
    lib: Z3Library,
    hooks: Option<QueryHooks>,
}

impl WorkerSetup for Z3Setup {
    const STDERR_NAME: &'static CStr = c"equifuzz-solver-stderr";

    fn run(&self, fd: RawFd) {
        serve(fd, Z3Worker::new(&self.lib, self.hooks))
    }
}

/// The worker's side: each query on a warm context or a fresh one, between
/// the hooks.
struct Z3Worker<'a> {
    lib: &'a Z3Library,
    hooks: Option<QueryHooks>,
    warm: WarmContexts,
    /// The last query ran on a warm context, to reset after the reply.
    was_warm: bool,
}

impl<'a> Z3Worker<'a> {
    fn new(lib: &'a Z3Library, hooks: Option<QueryHooks>) -> Self {
        Z3Worker {
            lib,
            hooks,
            warm: WarmContexts::default(),
            was_warm: false,
        }
    }
}

impl Serve for Z3Worker<'_> {
    /// Context kind (1 byte), soft timeout (4).
    const HEAD: usize = 5;

    fn answer(&mut self, head: &[u8], script: &str) -> Vec<Vec<u8>> {
        let fresh = head[0] != 0;
        let soft_ms = u32::from_le_bytes(head[1..5].try_into().expect("4 bytes"));
        if let Some(h) = self.hooks {
            (h.before)();
        }
        let (out, statistics) = {
            let _inside = InFlight::enter();
            if fresh {
                (
                    self.lib.eval_unserialized(script, Some(soft_ms)),
                    String::new(),
                )
            } else {
                let out = self.warm.eval(self.lib, script, soft_ms);
                (out, self.warm.statistics())
            }
        };
        if let Some(h) = self.hooks {
            (h.after)();
        }
        self.was_warm = !fresh;
        vec![out.into_bytes(), statistics.into_bytes()]
    }

    /// The client judges while the worker resets.
    fn after_reply(&mut self) {
        if self.was_warm {
            let _inside = InFlight::enter();
            self.warm.reset(self.lib);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn lib(test: &str) -> Option<Z3Library> {
        match Z3Library::load(None) {
            Ok(lib) => Some(lib),
            Err(e) => {
                eprintln!("SKIPPED: {test}: no libz3: {e}");
                None
            }
        }
    }

    /// A page shared with the workers (counts of hook calls, by where they
    /// ran), and a private counter the hooks also bump.
    static SHARED_PAGE: std::sync::atomic::AtomicPtr<u64> =
        std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());
    static PRIVATE_CALLS: AtomicUsize = AtomicUsize::new(0);

    fn count_before() {
        PRIVATE_CALLS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: the page is mapped before the worker forks, for good.
        unsafe { *SHARED_PAGE.load(Ordering::SeqCst) += 1 }
    }

    fn count_after() {
        PRIVATE_CALLS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: as above; the second word.
        unsafe { *SHARED_PAGE.load(Ordering::SeqCst).add(1) += 1 }
    }

    #[test]
    fn hooks_run_in_the_worker_around_each_query() {
        let Some(lib) = lib("hooks_run_in_the_worker_around_each_query") else {
            return;
        };
        let _params = crate::solver::z3::library::params_lock();
        // SAFETY: an anonymous shared page, never unmapped (a test).
        let page = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                4096,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(page, libc::MAP_FAILED);
        SHARED_PAGE.store(page.cast(), Ordering::SeqCst);
        let hooks = QueryHooks {
            before: count_before,
            after: count_after,
        };
        let mut z3 = Z3Process::new(lib).with_hooks(hooks);
        for context in [Context::Warm, Context::Fresh, Context::Warm] {
            let out = z3.eval("(check-sat)", context, 5_000, Duration::from_secs(30));
            assert_eq!(out, ProcessAnswer::Answered("sat\n".into()));
        }
        // SAFETY: the page holds two words written by the worker.
        let (before, after) = unsafe {
            let p = page.cast::<u64>();
            (*p, *p.add(1))
        };
        assert_eq!(
            (before, after),
            (3, 3),
            "calls seen through the shared page"
        );
        assert_eq!(
            PRIVATE_CALLS.load(Ordering::SeqCst),
            0,
            "the hooks ran in the caller, not the worker"
        );
    }

    #[test]
    fn the_worker_answers_query_after_query_in_one_process() {
        let Some(lib) = lib("the_worker_answers_query_after_query_in_one_process") else {
            return;
        };
        // No other test may be inside Z3 when the worker forks.
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        for context in [Context::Warm, Context::Fresh] {
            for bound in [2, 7, 11] {
                let out = z3.eval(
                    &format!("(declare-const x Int)(assert (> x {bound}))(check-sat)"),
                    context,
                    5_000,
                    Duration::from_secs(30),
                );
                assert_eq!(out, ProcessAnswer::Answered("sat\n".into()), "{context:?}");
            }
            // A fresh context, or a warm one after its reset: nothing
            // leaks from the last query.
            let out = z3.eval(
                "(check-sat)(get-value (x))",
                context,
                5_000,
                Duration::from_secs(30),
            );
            assert!(
                matches!(&out, ProcessAnswer::Answered(s) if s.contains("error")),
                "{context:?}: {out:?}"
            );
        }
        assert_eq!(z3.starts().0, 1);
    }

    #[test]
    fn a_warm_context_forgets_print_success_with_the_query_that_set_it() {
        let Some(lib) = lib("a_warm_context_forgets_print_success_with_the_query_that_set_it")
        else {
            return;
        };
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        let long = Duration::from_secs(30);
        // Z3's `(reset)` keeps `:print-success`: without care the next
        // query's commands before its own `(set-option :print-success
        // true)` (a case's settings) answered `success`, one line more than
        // the oracle reads, and the script went unjudged (a Z3 5.4.1
        // campaign lost 1.2% of its executions so).
        let first = "(set-option :print-success true)(declare-const x Int)(check-sat)";
        let out = z3.eval(first, Context::Warm, 5_000, long);
        assert_eq!(
            out,
            ProcessAnswer::Answered("success\nsuccess\nsat\n".into())
        );
        let plain = "(declare-const y Int)(check-sat)";
        let out = z3.eval(plain, Context::Warm, 5_000, long);
        assert_eq!(out, ProcessAnswer::Answered("sat\n".into()));
        z3.eval(first, Context::Warm, 5_000, long);
        let settings_first =
            "(set-option :smt.random_seed 7)(set-option :print-success true)(check-sat)";
        let out = z3.eval(settings_first, Context::Warm, 5_000, long);
        assert_eq!(out, ProcessAnswer::Answered("success\nsat\n".into()));
    }

    #[test]
    fn warm_contexts_keep_unsat_cores_apart_and_take_each_querys_timeout() {
        let Some(lib) = lib("warm_contexts_keep_unsat_cores_apart_and_take_each_querys_timeout")
        else {
            return;
        };
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        let core = "(set-option :produce-unsat-cores true)(declare-const x Int)\
            (assert (! (> x 2) :named a0))(assert (! (< x 1) :named a1))\
            (assert (! (> x (- 5)) :named a2))(check-sat)(get-unsat-core)";
        let plain = "(declare-const y Int)(assert (> y 2))(check-sat)(get-unsat-core)";
        for script in [core, plain, core, plain] {
            let out = z3.eval(script, Context::Warm, 5_000, Duration::from_secs(30));
            let ProcessAnswer::Answered(text) = out else {
                panic!("{out:?}")
            };
            if script == core {
                let core_ok = text.starts_with("unsat\n(")
                    && text.contains("a0")
                    && text.contains("a1")
                    && !text.contains("a2");
                assert!(core_ok, "{text}");
            } else {
                // Without the option, Z3 has no core to give.
                assert!(text.starts_with("sat\n(error"), "{text}");
            }
        }
        // The same hard query under a soft timeout of 50 ms, then of a
        // minute: only the first gives up (the deadline is far away).
        let hard = r#"(declare-const y String)
            (assert (str.in_re y (re.++ (re.range "a" "z") (re.+ (str.to_re "d")))))
            (assert (str.contains y "bcba"))(check-sat)"#;
        let start = Instant::now();
        let out = z3.eval(hard, Context::Warm, 50, Duration::from_secs(30));
        if start.elapsed() < Duration::from_secs(5) {
            assert_eq!(out, ProcessAnswer::Answered("unknown\n".into()));
        }
        let out = z3.eval(hard, Context::Warm, 60_000, Duration::from_millis(600));
        assert_eq!(
            out,
            ProcessAnswer::Timeout,
            "the soft timeout of 50 ms stayed"
        );
    }

    #[test]
    fn a_warm_answer_comes_with_the_query_s_own_statistics() {
        let Some(lib) = lib("a_warm_answer_comes_with_the_query_s_own_statistics") else {
            return;
        };
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        let q = r#"(declare-const x String)(assert (str.in_re x (re.+ (str.to_re "ab"))))
            (assert (> (str.len x) 3))(check-sat)"#;
        let counter = |text: &str, name: &str| -> Option<u64> {
            let mut words = text.split_whitespace();
            words.find(|w| *w == name)?;
            words.next()?.trim_end_matches(')').parse().ok()
        };
        let out = z3.eval(q, Context::Warm, 5_000, Duration::from_secs(30));
        assert_eq!(out, ProcessAnswer::Answered("sat\n".into()));
        let first = z3.statistics().to_owned();
        let axioms = counter(&first, ":seq-add-axiom");
        assert!(axioms.is_some_and(|n| n > 0), "{first}");
        // The reset after each query empties the counters: the same query
        // again counts about the same work (what the context keeps, its
        // hash-consed terms, may change it by a little), not twice as much.
        z3.eval(q, Context::Warm, 5_000, Duration::from_secs(30));
        let (first, again) = (
            axioms.unwrap(),
            counter(z3.statistics(), ":seq-add-axiom").unwrap(),
        );
        assert!(
            again * 4 <= first * 5 && first * 4 <= again * 5,
            "{first} then {again}"
        );
        // A fresh context's answer comes without them.
        z3.eval(q, Context::Fresh, 5_000, Duration::from_secs(30));
        assert_eq!(z3.statistics(), "");
    }

    #[test]
    fn as_a_target_the_worker_answers_as_before_and_fresh_differs_only_in_context() {
        let Some(lib) = lib("as_a_target_the_worker_answers_as_before") else {
            return;
        };
        let _params = crate::solver::z3::library::params_lock();
        let mut before = Z3Process::new(lib.clone());
        let mut target = Z3Process::new(lib);
        assert!(target.takes_soft_limit());
        let sat = "(declare-const x Int)(assert (> x 2))(check-sat)";
        let unsat = "(declare-const y Int)(assert (> y 2))(assert (< y 1))(check-sat)";
        let long = Duration::from_secs(30);
        for (script, answer) in [(sat, "sat\n"), (unsat, "unsat\n")] {
            let warm = target.run_within(script, 5_000, long);
            assert_eq!(warm.stdout(), answer, "{warm}");
            let was = before.eval(script, Context::Warm, 5_000, long);
            assert_eq!(was, ProcessAnswer::Answered(answer.into()));
            // The warm context's counters come with its answer.
            let statistics = Target::statistics(&target);
            assert!(statistics.contains(':'), "{statistics}");
            // A fresh context: the same answer, without them.
            let fresh = target
                .run_fresh(script, 5_000, long)
                .expect("a warm worker");
            assert_eq!(fresh.stdout(), answer, "{fresh}");
            assert_eq!(Target::statistics(&target), "");
            let was = before.eval(script, Context::Fresh, 5_000, long);
            assert_eq!(was, ProcessAnswer::Answered(answer.into()));
        }
        // Both contexts live in one worker: no process was started for the
        // fresh ones.
        let copy = target.fresh_copy().expect("a copy of its own");
        assert_eq!(copy.statistics(), "");
        assert_eq!(target.starts().0, 1);
    }

    #[test]
    fn a_query_past_its_deadline_costs_the_worker_not_the_caller() {
        let Some(lib) = lib("a_query_past_its_deadline_costs_the_worker_not_the_caller") else {
            return;
        };
        // Runs for seconds on Z3 4.8.14 whatever its soft timeout: the
        // length constraint is unrolled in code that never checks for
        // cancellation. Any slow query will do: the soft timeout here is
        // far away, so only the deadline can end it.
        let slow = r#"(declare-const y String)
            (assert (str.in_re y (re.++ (re.range "a" "z") (re.+ (str.to_re "d")))))
            (assert (str.contains y "bcba"))(check-sat)"#;
        let _params = crate::solver::z3::library::params_lock();
        let mut z3 = Z3Process::new(lib);
        let start = Instant::now();
        let out = z3.eval(slow, Context::Warm, 600_000, Duration::from_millis(200));
        assert_eq!(out, ProcessAnswer::Timeout);
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        let next = z3.eval("(check-sat)", Context::Warm, 5_000, Duration::from_secs(30));
        assert_eq!(next, ProcessAnswer::Answered("sat\n".into()));
        assert_eq!(z3.starts().0, 2, "a new worker after the kill");
    }
}
