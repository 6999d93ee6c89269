//! Z3 as a library: [`Z3InProcessFork`] (a fork child per query) and
//! [`Z3InProcess`] (no isolation).
//!
//! # Invariants
//!
//! - A fork child reports "finished" only by writing one complete frame
//!   after `Z3_eval_smtlib2_string` returned (`solver::fork_frame`). Release
//!   builds of Z3 call `exit(101..113)` on internal errors: such a child
//!   never writes a frame, whatever its exit code, so it is a crash (101:
//!   out of memory).
//! - Every child starts from the same state: a fresh context
//!   ([`ContextMode::Fresh`]), or the copy-on-write image of a context the
//!   parent made once and then leaves alone: untouched
//!   ([`ContextMode::Inherited`]) or after one empty eval that built Z3's
//!   SMT-LIB front end ([`ContextMode::Warm`], the default and the fastest).
//!   What a child does to its copy vanishes with it; a table test checks
//!   that all three modes answer exactly like a fresh in-process context.
//!
//! # Fork safety
//!
//! `fork` copies only the calling thread. The child runs Z3, which takes
//! locks and allocates: if another thread of the parent holds such a lock
//! (glibc's malloc is made fork-safe by glibc itself; Z3's own memory and
//! parameter locks are not), the child deadlocks and the run ends as a
//! [`RawOutcome::Timeout`]. So fork from a process in which no other thread
//! runs Z3 at the time: the fuzzer's main loop is single-threaded; tests
//! that fork serialise on a lock and live in their own test binary.

use std::path::Path;
use std::time::{Duration, Instant};

use super::library::{LoadError, Z3Context, Z3Library};
use super::script::PreparedScript;
use crate::solver::child::{DEFAULT_MEMORY_LIMIT, deadline_after};
use crate::solver::fork_frame::{ExitMeaning, limits_beyond_own_image, run_in_child};
use crate::solver::outcome::{RawOutcome, z3_exit_code_name};
use crate::solver::{Target, soft_timeout};

/// Where a fork child's Z3 context comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ContextMode {
    /// The parent makes a context and runs one empty eval on it, which builds
    /// the SMT-LIB front end (the bulk of a fresh run's cost); each child
    /// evaluates on its copy-on-write image. Two such contexts are kept, with
    /// and without unsat cores, because the front end fixes that option when
    /// it is built; the child sets its timeout with `(set-option :timeout
    /// N)` in a separate eval before the script.
    #[default]
    Warm,
    /// The parent makes one context; each child builds the front end on its
    /// copy at its first eval.
    Inherited,
    /// Each child makes its own context (the Z3 API's usual path).
    Fresh,
}

/// libz3 in this process, each query in a forked child with a hard timeout
/// and a memory limit. A crash of Z3 is an outcome; the parent lives on.
pub struct Z3InProcessFork {
    lib: Z3Library,
    version: String,
    memory_limit: Option<u64>,
    mode: ContextMode,
    /// The pristine contexts children inherit, made on first use, indexed
    /// by "unsat cores on" (in `Inherited` mode only index 0 is used).
    parent_contexts: [Option<Z3Context>; 2],
}

impl Z3InProcessFork {
    /// Whether scripts that run on this library lose their declarations at
    /// `reset-assertions`, probed in a forked child through the path every
    /// script takes ([`Z3Library::eval`]'s `PreparedScript`), so that a
    /// library that crashes on the probe costs nothing but the answer
    /// (then `false`: the oracle still voids every check a refused command
    /// reaches). Z3 4.8.7 and earlier do in process (measured on the wheels
    /// 4.8.5 to 5.4.1, `tests/incremental_dialects.rs`): the library refuses
    /// `:global-declarations` once a context exists, and then every `assert`
    /// after the reset that names a declared constant is refused. Their
    /// binaries keep the declarations under that option.
    pub fn forgets_declarations_at_reset(&mut self) -> bool {
        let probe = "(set-option :global-declarations true)\n(declare-const equifuzz_probe Int)\n\
                     (reset-assertions)\n(assert (= equifuzz_probe 0))\n";
        matches!(
            self.run(probe, Duration::from_secs(10)),
            RawOutcome::Finished { stdout, .. } if stdout.contains("(error")
        )
    }

    /// Why a script that resets its assertions is not sent to `lib` in
    /// process ([`Target::refuses_reset_assertions`]): the library forgets
    /// its declarations there ([`Self::forgets_declarations_at_reset`]).
    pub fn reset_assertions_refusal(lib: &Z3Library) -> Option<String> {
        Z3InProcessFork::new(lib.clone())
            .forgets_declarations_at_reset()
            .then(|| {
                format!(
                    "{} forgets declarations at reset-assertions in process",
                    lib.version()
                )
            })
    }

    /// A fork target on `lib`, with the default memory limit and
    /// [`ContextMode::Inherited`].
    pub fn new(lib: Z3Library) -> Self {
        let version = lib.version();
        Z3InProcessFork {
            lib,
            version,
            memory_limit: Some(DEFAULT_MEMORY_LIMIT),
            mode: ContextMode::default(),
            parent_contexts: [None, None],
        }
    }

    /// Loads libz3 from `path` (the system library if `None`).
    pub fn load(path: Option<&Path>) -> Result<Self, LoadError> {
        Ok(Self::new(Z3Library::load(path)?))
    }

    /// Sets how many bytes of address space a child may add to the image of
    /// the parent it starts as (`None`: unlimited). The child's `RLIMIT_AS`
    /// is the parent's size at the fork plus this, so a large or
    /// multi-threaded parent does not eat the child's budget.
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> Self {
        self.memory_limit = bytes;
        self
    }

    /// Chooses where each child's context comes from.
    pub fn with_context_mode(mut self, mode: ContextMode) -> Self {
        self.mode = mode;
        self.parent_contexts = [None, None];
        self
    }

    /// The context a child for a script with(out) unsat cores starts from,
    /// made now if it is the first; `None` in `Fresh` mode.
    fn parent_context(&mut self, unsat_cores: bool) -> Option<&Z3Context> {
        let slot = match self.mode {
            ContextMode::Fresh => return None,
            ContextMode::Inherited => 0,
            ContextMode::Warm => usize::from(unsat_cores),
        };
        if self.parent_contexts[slot].is_none() {
            let mut ctx = self.lib.mk_context();
            if self.mode == ContextMode::Warm {
                self.lib.set_unsat_cores(unsat_cores);
                ctx.eval(c"");
            }
            self.parent_contexts[slot] = Some(ctx);
        }
        self.parent_contexts[slot].as_ref()
    }

    /// The loaded library.
    pub fn library(&self) -> &Z3Library {
        &self.lib
    }

    fn run_forked(&mut self, script: &str, timeout: Duration, start: Instant) -> RawOutcome {
        let not_run = |reason: String| RawOutcome::NotRun {
            reason,
            elapsed: start.elapsed(),
        };
        let Some(prepared) = PreparedScript::new(script) else {
            return not_run("the script contains a NUL byte, which libz3 cannot read".into());
        };
        let soft_ms = soft_timeout(timeout);
        let set_timeout = (self.mode == ContextMode::Warm).then(|| {
            std::ffi::CString::new(format!("(set-option :timeout {soft_ms})")).expect("no NUL")
        });
        let lib = self.lib.clone();
        let limits = limits_beyond_own_image(self.memory_limit);
        // Proofs need a context made with them (see `super`): such a
        // script gets a fresh one in the child.
        let ctx = if prepared.proofs {
            None
        } else {
            self.parent_context(prepared.unsat_cores)
        };
        let deadline = deadline_after(start, timeout);
        let setup = ChildSetup {
            soft_ms,
            set_timeout: set_timeout.as_deref(),
        };
        run_in_child(start, deadline, limits, &Z3_EXITS, |answer| {
            query(&lib, ctx, &prepared, &setup, answer)
        })
    }
}

/// What a fork child needs besides the library, context and script.
struct ChildSetup<'a> {
    soft_ms: u32,
    /// `(set-option :timeout N)`, evaluated first on a warm context.
    set_timeout: Option<&'a std::ffi::CStr>,
}

/// The query in the fork child: soft timeout, eval, the answer.
///
/// It allocates nothing on the Rust side: the script and the timeout text
/// were prepared before the fork and the output goes from Z3's buffer
/// straight to the pipe.
fn query(
    lib: &Z3Library,
    inherited: Option<&Z3Context>,
    script: &PreparedScript,
    setup: &ChildSetup<'_>,
    answer: &mut dyn FnMut(&[u8]),
) {
    // Read when the front end is built: at this child's first eval unless
    // the context is warm.
    lib.set_soft_timeout(setup.soft_ms);
    lib.set_unsat_cores(script.unsat_cores);
    let fresh;
    let ctx = match inherited {
        Some(ctx) => ctx,
        None => {
            lib.set_proofs(script.proofs);
            fresh = lib.mk_context();
            &fresh
        }
    };
    if let Some(set_timeout) = setup.set_timeout {
        // SAFETY: this child has one thread.
        unsafe { ctx.eval_borrowed(set_timeout) };
    }
    // SAFETY: this child has one thread; the output is written out before
    // anything else touches the context.
    answer(unsafe { ctx.eval_borrowed(&script.text) }.to_bytes());
}

/// libz3: release builds `exit(101)` when memory runs out, and other codes
/// from 102 to 114 for other fatal errors.
const Z3_EXITS: ExitMeaning = ExitMeaning {
    out_of_memory: Some(101),
    describe: |code| match z3_exit_code_name(code) {
        Some(name) => format!("Z3 called exit({code}) ({name}) before the query finished"),
        None => format!("exit({code}) before the query finished"),
    },
};

impl Target for Z3InProcessFork {
    fn name(&self) -> String {
        "z3".into()
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.run_forked(script, timeout, Instant::now())
    }
}

/// libz3 in this process with no isolation: the fastest target, for
/// trusted scripts and benchmarks. A Z3 crash takes the caller down, and
/// only Z3's soft timeout bounds a run (a hang is a hang).
pub struct Z3InProcess {
    lib: Z3Library,
    version: String,
}

impl Z3InProcess {
    /// An in-process target on `lib`.
    pub fn new(lib: Z3Library) -> Self {
        let version = lib.version();
        Z3InProcess { lib, version }
    }

    /// The loaded library.
    pub fn library(&self) -> &Z3Library {
        &self.lib
    }
}

impl Target for Z3InProcess {
    fn name(&self) -> String {
        "z3".into()
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    /// Runs in a fresh context with the soft timeout derived from `timeout`.
    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        let start = Instant::now();
        if script.contains('\0') {
            return RawOutcome::NotRun {
                reason: "the script contains a NUL byte, which libz3 cannot read".into(),
                elapsed: start.elapsed(),
            };
        }
        let stdout = self.lib.eval(script, Some(soft_timeout(timeout)));
        RawOutcome::Finished {
            stdout,
            stderr: String::new(),
            exit_code: 0,
            elapsed: start.elapsed(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::child::Ended;
    use crate::solver::fork_frame::classify_frame;
    use crate::solver::fork_frame::tests::frame;
    use crate::solver::outcome::CrashCause;

    fn classify(
        outputs: Vec<Vec<u8>>,
        ended: Ended,
        killed: bool,
        elapsed: Duration,
    ) -> RawOutcome {
        classify_frame(outputs, ended, killed, elapsed, &Z3_EXITS)
    }

    #[test]
    fn a_frame_wins_over_a_late_kill_and_exit_code_101_is_memory() {
        let d = Duration::from_millis(1);
        let fin = classify(vec![frame(b"sat\n"), vec![]], Ended::Signaled(9), true, d);
        assert!(matches!(fin, RawOutcome::Finished { ref stdout, .. } if stdout == "sat\n"));
        let to = classify(vec![vec![], vec![]], Ended::Signaled(9), true, d);
        assert!(matches!(to, RawOutcome::Timeout { .. }));
        let oom = classify(vec![vec![], vec![]], Ended::Exited(101), false, d);
        assert!(matches!(
            oom,
            RawOutcome::OutOfMemory {
                cause: CrashCause::Exit(101),
                ..
            }
        ));
        let exit0 = classify(vec![vec![], vec![]], Ended::Exited(0), false, d);
        assert!(matches!(
            exit0,
            RawOutcome::Crashed {
                cause: CrashCause::Exit(0),
                ..
            }
        ));
    }
}
