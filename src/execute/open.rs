//! One resolver of the solver under test for every command (`run`, `fuzz`),
//! and the check that it can answer at all before any case is judged.
//!
//! # Invariants
//!
//! - `--target z3` and `z3-inprocess` load the same libz3 whoever asks:
//!   `--solver-lib`, else the instrumented build of the highest release in the cache
//!   ([`library::find_cached`]), else the system library.
//! - `--target cvc5` with `--solver-lib` loads that libcvc5 in process;
//!   without it, it is the `cvc5` binary on `PATH`.
//! - `--solver-option`s reach the solver before any query, and one it
//!   refuses stops the command with the solver's own message (a libz3's
//!   or libcvc5's when the option is set, a binary's through
//!   [`preflight`]), never as an error per query.
//! - [`SolverSpec::replay_args`] names the solver so that `equifuzz run`
//!   with those arguments opens the same one: the library actually loaded
//!   (not the cache lookup that found it), every option, the timeout.
//! - [`preflight`] sends the trivial script `(check-sat)`. A solver that
//!   prints no `check-sat` answer to it (a usage error, a missing `-in`, a
//!   crash, an `(error ...)`, nothing in time) is a configuration error,
//!   reported with its own message before a campaign starts: it never
//!   becomes a finding against the solver. Which answer it gives is not
//!   judged here: a wrong one (`unsat`) is left for the oracle to find.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::finding::ReplayArgs;
use crate::oracle::Reply;
use crate::solver::z3::instrumented as library;
use crate::solver::{
    self, RawOutcome, SolverOption, Target, TargetOptions, TargetSpec, Z3Library,
    process::Z3_BINARY_ARGS,
};
use crate::term::Dialect;

/// Which solver, as the command line names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverSpec {
    /// `--target`.
    pub target: TargetSpec,
    /// `--solver-lib`: the libz3 of `z3` and `z3-inprocess`, the libcvc5
    /// of `cvc5`.
    pub solver_lib: Option<PathBuf>,
    /// `--dialect`: overrides the dialect the solver's version implies.
    pub dialect: Option<Dialect>,
    /// `--solver-option`s, in order.
    pub options: Vec<SolverOption>,
}

impl From<&ReplayArgs> for SolverSpec {
    /// The solver a finding's replay line names, as the command line would.
    fn from(r: &ReplayArgs) -> Self {
        SolverSpec {
            target: r.target.clone(),
            solver_lib: r.solver_lib.clone(),
            dialect: r.dialect,
            options: r.options.clone(),
        }
    }
}

impl SolverSpec {
    /// The arguments of `equifuzz run` that open this solver again with
    /// `library` (the one loaded, if any) and `timeout`, quoted for a
    /// POSIX shell.
    pub fn replay_args(&self, library: Option<&Path>, timeout: Duration) -> String {
        let mut words = vec!["--target".to_string(), self.target.to_string()];
        if let Some(lib) = library {
            words.push("--solver-lib".into());
            words.push(lib.display().to_string());
        }
        for o in &self.options {
            words.push("--solver-option".into());
            words.push(o.to_string());
        }
        if let Some(d) = self.dialect {
            words.push("--dialect".into());
            words.push(d.to_string());
        }
        words.push("--timeout".into());
        words.push(format!("{}ms", timeout.as_millis()));
        solver::option::shell_line(&words)
    }

    /// What a finding's header says of the solver's settings beyond its
    /// version: the target as given (a `cmd:` target's flags included) and
    /// the options.
    pub fn describe(&self) -> String {
        let mut text = format!("target={}", self.target);
        for o in &self.options {
            text.push_str(&format!(" {o}"));
        }
        text
    }
}

/// A solver ready to run scripts.
pub struct OpenSolver {
    /// The target every query goes through.
    pub target: Box<dyn Target>,
    /// The libz3 of `z3` and `z3-inprocess` (the LibAFL loop runs it in its
    /// own process); `None` for other targets.
    pub library: Option<Z3Library>,
    /// The dialect queries are printed in and answers read in: `--dialect`,
    /// else the one the solver's version implies.
    pub dialect: Dialect,
    /// The solver library loaded (libz3 or libcvc5), for replay commands;
    /// `None` for binaries.
    pub library_path: Option<PathBuf>,
}

/// Why a solver cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SolverError {
    /// The target could not be set up (library, binary, spec).
    #[error("cannot use solver `{spec}`: {source}")]
    Open {
        /// The target as given.
        spec: String,
        /// What failed.
        source: solver::Error,
    },
    /// The target runs but does not answer the trivial query.
    #[error("solver `{spec}` cannot be used: {why}")]
    NoAnswer {
        /// The target as given.
        spec: String,
        /// What it did instead, and what to do about it.
        why: String,
    },
}

/// The libz3 a `z3` or `z3-inprocess` target loads (see the module's
/// invariants), the libcvc5 a `cvc5` target with `--solver-lib` loads, or
/// `None` for other targets.
pub fn library_path(spec: &SolverSpec) -> Option<PathBuf> {
    if spec.target == TargetSpec::Cvc5 {
        return spec.solver_lib.clone();
    }
    if !spec.target.is_library() {
        return None;
    }
    spec.solver_lib
        .clone()
        .or_else(|| library::cache_dir().and_then(|c| library::find_cached(&c)))
}

/// The oldest Z3 release equifuzz drives (`major.minor.build`): the first
/// with the SMT-LIB 2.6 string names or their legacy spelling it knows.
pub const OLDEST_Z3: (u32, u32, u32) = (4, 8, 5);

/// Whether a Z3 version string (`Z3 4.8.12.0`) is [`OLDEST_Z3`] or newer;
/// an unreadable one is given the benefit of the doubt.
fn z3_supported(version: &str) -> bool {
    let numbers: Vec<u32> = version
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .split('.')
        .map_while(|p| p.parse().ok())
        .collect();
    match numbers.as_slice() {
        [a, b, c, ..] => (*a, *b, *c) >= OLDEST_Z3,
        [a, b] => (*a, *b) >= (OLDEST_Z3.0, OLDEST_Z3.1),
        _ => true,
    }
}

/// Opens the solver `spec` names.
pub fn open(spec: &SolverSpec) -> Result<OpenSolver, SolverError> {
    let err = |source: solver::Error| SolverError::Open {
        spec: spec.target.to_string(),
        source,
    };
    if !spec.target.takes_solver_lib()
        && let Some(p) = &spec.solver_lib
    {
        return Err(err(solver::Error::BadSpec {
            spec: spec.target.to_string(),
            why: format!(
                "--solver-lib {} applies to z3, z3-inprocess and cvc5 only",
                p.display()
            ),
        }));
    }
    let options = TargetOptions {
        solver_options: spec.options.clone(),
        ..TargetOptions::default()
    };
    if let (TargetSpec::Cvc5, Some(path)) = (&spec.target, &spec.solver_lib) {
        let mut target = solver::cvc5_in_process(path, &options).map_err(err)?;
        check_options(spec, target.as_mut())?;
        let dialect = spec.dialect.unwrap_or_else(|| target.dialect());
        return Ok(OpenSolver {
            target,
            library: None,
            library_path: Some(path.clone()),
            dialect,
        });
    }
    let library = if spec.target.is_library() {
        let path = library_path(spec);
        let lib = Z3Library::load(path.as_deref()).map_err(|e| err(e.into()))?;
        if !z3_supported(&lib.version()) {
            return Err(err(solver::Error::BadSpec {
                spec: spec.target.to_string(),
                why: format!(
                    "{} is {}, older than the oldest release equifuzz supports ({}.{}.{})",
                    lib.path().display(),
                    lib.version(),
                    OLDEST_Z3.0,
                    OLDEST_Z3.1,
                    OLDEST_Z3.2
                ),
            }));
        }
        lib.set_options(&spec.options)
            .map_err(|e| err(solver::Error::Option(e)))?;
        Some(lib)
    } else {
        None
    };
    let library_path = library.as_ref().map(|l| l.path().to_path_buf());
    let mut target = solver::open_target(&spec.target, library.clone(), &options).map_err(err)?;
    check_options(spec, target.as_mut())?;
    let dialect = spec.dialect.unwrap_or_else(|| target.dialect());
    Ok(OpenSolver {
        target,
        library,
        library_path,
        dialect,
    })
}

/// The script [`check_options`] sends: a string query every string solver
/// answers `sat` at once, and that Z3's rewriter alone does not decide (it
/// does `x ++ "b" = "ab"`).
pub const OPTIONS_PROBE: &str = "(declare-const x String)\n(declare-const y String)\n\
     (assert (= (str.++ x y) \"ab\"))\n(assert (= (str.len x) 1))\n(check-sat)\n";

/// With `--solver-option`s, the solver must still answer `sat` to
/// [`OPTIONS_PROBE`]. Some releases accept any value and then cannot solve
/// strings at all (Z3 4.8.5 and 4.8.9 take `smt.string_solver=bogus`; Z3
/// 5.4 takes `smt.string_solver=z3str3`, which it no longer has): every
/// query of the campaign would be `unknown`. Errors, crashes and timeouts
/// are left to [`preflight`], which says more about them.
fn check_options(spec: &SolverSpec, target: &mut dyn Target) -> Result<(), SolverError> {
    if spec.options.is_empty() {
        return Ok(());
    }
    let outcome = target.run(OPTIONS_PROBE, PREFLIGHT_TIMEOUT);
    let RawOutcome::Finished { stdout, .. } = &outcome else {
        return Ok(());
    };
    match Reply::from_output(stdout) {
        Reply::Answered {
            answer: Some(answer),
            error: None,
            ..
        } if answer != crate::term::SatAnswer::Sat => {
            let options: Vec<String> = spec.options.iter().map(|o| o.to_string()).collect();
            Err(SolverError::NoAnswer {
                spec: spec.target.to_string(),
                why: format!(
                    "with --solver-option {} it answers `{}` to a trivial string query \
                     (x ++ y = \"ab\", |x| = 1), so it would answer no query of a campaign: \
                     is the option's value one this release knows?",
                    options.join(" --solver-option "),
                    stdout.trim()
                ),
            })
        }
        _ => Ok(()),
    }
}

/// The least time [`preflight`] should be given: the trivial query takes
/// milliseconds, but starting a solver on a loaded machine may not.
pub const PREFLIGHT_TIMEOUT: Duration = Duration::from_secs(10);

/// The script [`preflight`] sends: an empty assertion set, satisfiable.
pub const PREFLIGHT_SCRIPT: &str = "(check-sat)\n";

/// Checks that `target` prints a `check-sat` answer to
/// [`PREFLIGHT_SCRIPT`] within `timeout` and exits normally; otherwise says
/// what it did and, where it can tell, how to fix the command line.
pub fn preflight(
    spec: &TargetSpec,
    target: &mut dyn Target,
    timeout: Duration,
) -> Result<(), SolverError> {
    let outcome = target.run(PREFLIGHT_SCRIPT, timeout);
    let no_answer = |why: String| SolverError::NoAnswer {
        spec: spec.to_string(),
        why,
    };
    let shown = |s: &str| Excerpt(s).to_string();
    let (stdout, stderr) = match &outcome {
        RawOutcome::Finished { stdout, stderr, .. } => (stdout.as_str(), stderr.as_str()),
        RawOutcome::Crashed {
            partial_stdout,
            stderr,
            ..
        }
        | RawOutcome::OutOfMemory {
            partial_stdout,
            stderr,
            ..
        } => (partial_stdout.as_str(), stderr.as_str()),
        RawOutcome::Timeout { .. } => {
            return Err(no_answer(format!(
                "no answer to `(check-sat)` within {}",
                humantime::format_duration(timeout)
            )));
        }
        RawOutcome::NotRun { reason, .. } => return Err(no_answer(reason.clone())),
    };
    if let Reply::Answered {
        answer: Some(_), ..
    } = Reply::from_output(stdout)
        && matches!(outcome, RawOutcome::Finished { .. })
    {
        return Ok(());
    }
    let mut why = format!("it gave no answer to `(check-sat)` ({outcome})");
    if !stdout.trim().is_empty() {
        why.push_str(&format!("; stdout: {}", shown(stdout)));
    }
    if !stderr.trim().is_empty() {
        why.push_str(&format!("; stderr: {}", shown(stderr)));
    }
    if let Some(hint) = hint(spec, stdout, stderr) {
        why.push_str(&format!("\nhint: {hint}"));
    }
    Err(no_answer(why))
}

/// How to fix a command line whose solver did not answer, where the
/// output tells.
fn hint(spec: &TargetSpec, stdout: &str, stderr: &str) -> Option<String> {
    let TargetSpec::Command { program, args } = spec else {
        return None;
    };
    let text = format!("{stdout}\n{stderr}").to_lowercase();
    let z3 = program
        .rsplit('/')
        .next()
        .is_some_and(|n| n.starts_with("z3"))
        || text.contains("z3 -h");
    if z3 && !args.iter().any(|a| a == "-in") {
        return Some(format!(
            "the z3 binary reads SMT-LIB from standard input only with `-in`: \
             --target 'cmd:{program} {}' (or --target z3-binary)",
            Z3_BINARY_ARGS.join(" ")
        ));
    }
    if text.contains("usage") || text.contains("option") || text.contains("input file") {
        return Some(
            "this looks like a usage error: the solver must read an SMT-LIB 2.6 script on \
             standard input and print its answers on standard output; check its flags"
                .into(),
        );
    }
    None
}

/// At most a few hundred characters of a solver's output, on one line.
struct Excerpt<'a>(&'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MAX: usize = 300;
        let one_line = self.0.trim().replace('\n', " | ");
        let cut: String = one_line.chars().take(MAX).collect();
        if cut.len() < one_line.len() {
            write!(f, "{cut}...")
        } else {
            f.write_str(&cut)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A target that prints what it is given to print.
    struct Canned(RawOutcome);

    impl Target for Canned {
        fn name(&self) -> String {
            "canned".into()
        }
        fn version(&self) -> String {
            "canned 1".into()
        }
        fn dialect(&self) -> Dialect {
            Dialect::Smtlib26
        }
        fn run(&mut self, _: &str, _: Duration) -> RawOutcome {
            self.0.clone()
        }
    }

    fn finished(stdout: &str, stderr: &str, exit_code: i32) -> RawOutcome {
        RawOutcome::Finished {
            stdout: stdout.into(),
            stderr: stderr.into(),
            exit_code,
            elapsed: Duration::ZERO,
        }
    }

    fn check(spec: &str, outcome: RawOutcome) -> Result<(), String> {
        let spec: TargetSpec = spec.parse().unwrap();
        preflight(&spec, &mut Canned(outcome), Duration::from_secs(1)).map_err(|e| e.to_string())
    }

    #[test]
    fn any_answer_passes_and_nothing_else() {
        assert_eq!(check("cmd:s", finished("sat\n", "", 0)), Ok(()));
        // Wrong, but an answer: the oracle's business, not a usage error.
        assert_eq!(check("cmd:s", finished("unsat\n", "", 0)), Ok(()));
        let err = check("cmd:s", finished("(error \"no strings\")\n", "", 1)).unwrap_err();
        assert!(err.contains("gave no answer"), "{err}");
        assert!(err.contains("stdout: (error"), "{err}");
        let err = check("cmd:/bin/false", finished("", "", 1)).unwrap_err();
        assert!(
            err.contains("solver `cmd:/bin/false` cannot be used"),
            "{err}"
        );
    }

    #[test]
    fn a_z3_binary_without_in_is_told_to_use_it() {
        let usage = RawOutcome::Crashed {
            cause: crate::solver::CrashCause::Exit(109),
            description: "exited with code 109".into(),
            partial_stdout: String::new(),
            stderr: "Error: input file was not specified.\nFor usage information: z3 -h\n".into(),
            elapsed: Duration::ZERO,
        };
        let err = check("cmd:/opt/z3/bin/z3", usage).unwrap_err();
        assert!(err.contains("only with `-in`"), "{err}");
        assert!(err.contains("cmd:/opt/z3/bin/z3 -in -smt2"), "{err}");
        assert!(err.contains("input file was not specified"), "{err}");
    }

    #[test]
    fn releases_before_4_8_5_are_refused() {
        assert!(z3_supported("Z3 4.8.5.0"));
        assert!(z3_supported("Z3 4.8.12.0"));
        assert!(z3_supported("Z3 5.4.1.0"));
        assert!(!z3_supported("Z3 4.8.4.0"));
        assert!(!z3_supported("Z3 4.7"));
        assert!(z3_supported("unknown"));
    }

    #[test]
    fn replay_arguments_name_the_library_and_every_option() {
        let spec = SolverSpec {
            target: "cmd:'/opt/z 3/z3' -in".parse().unwrap(),
            solver_lib: None,
            dialect: Some(Dialect::Z3Bytes),
            options: vec!["smt.string_solver=z3str3".parse().unwrap()],
        };
        let args = spec.replay_args(None, Duration::from_millis(2000));
        let words = shlex::split(&args).unwrap();
        assert_eq!(
            words,
            [
                "--target",
                "cmd:'/opt/z 3/z3' -in",
                "--solver-option",
                "smt.string_solver=z3str3",
                "--dialect",
                "z3-4.8.9",
                "--timeout",
                "2000ms"
            ]
        );
        assert_eq!(
            spec.describe(),
            "target=cmd:'/opt/z 3/z3' -in smt.string_solver=z3str3"
        );
        let lib = SolverSpec {
            target: TargetSpec::Cvc5,
            solver_lib: Some("/w/libcvc5.so".into()),
            dialect: None,
            options: vec![],
        };
        assert_eq!(
            lib.replay_args(lib.solver_lib.as_deref(), Duration::from_secs(1)),
            "--target cvc5 --solver-lib /w/libcvc5.so --timeout 1000ms"
        );
    }

    #[test]
    fn timeouts_and_failed_starts_say_so() {
        let err = check(
            "cvc5",
            RawOutcome::Timeout {
                partial_stdout: String::new(),
                stderr: String::new(),
                elapsed: Duration::ZERO,
            },
        )
        .unwrap_err();
        assert!(
            err.contains("no answer to `(check-sat)` within 1s"),
            "{err}"
        );
    }
}
