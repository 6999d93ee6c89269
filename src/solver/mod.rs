//! The solvers under test, and running one printed script on one of them.
//!
//! A [`Target`] runs an SMT-LIB script and returns a [`RawOutcome`]: the
//! solver's raw text if it finished, or how it timed out, crashed or ran out
//! of memory. Nothing here interprets answers; the output parser does.
//!
//! - [`Z3InProcessFork`] (`--target z3`): libz3 loaded once with `dlopen`,
//!   each query in a forked child with a hard timeout and a memory limit.
//! - [`Z3InProcess`] (`--target z3-inprocess`): no isolation, fastest, and
//!   no deadline: a query that ignores Z3's soft timeout holds the caller
//!   (seen with the plain loop on Z3 4.8.12, seed 1).
//! - [`Cvc5Worker`] (`--target cvc5 --solver-lib PATH`): libcvc5 loaded
//!   once with `dlopen`, queries answered by a warm worker process, each on
//!   a solver of its own; [`Cvc5InProcessFork`], each query in a forked
//!   child like Z3's, for callers that want that isolation.
//! - [`ProcessTarget`] (`--target cvc5`, `z3-binary`, `cmd:/path --flags`):
//!   any SMT-LIB 2.6 binary over stdin and stdout.
//!
//! # Invariants
//!
//! - A misbehaving solver (signal, `abort`, `exit` inside libz3, hang,
//!   memory exhaustion) yields an outcome, never a panic or the end of the
//!   caller (except [`Z3InProcess`], which trades that for speed).
//! - Every run ends within its timeout plus the time to kill and reap.
//! - Each target passes the solver a soft timeout ([`soft_timeout`]) below
//!   the hard one, so slow queries usually end with the solver's own
//!   `unknown` rather than a kill.

pub mod child;
pub mod cvc5_lib;
pub mod cvc5_target;
pub mod cvc5_worker;
mod fork_frame;
mod info;
pub mod option;
pub mod outcome;
pub mod process;
pub mod settings_table;
pub mod z3;
pub mod z3_target;
pub mod z3_worker;

use std::path::Path;
use std::time::Duration;

pub use child::DEFAULT_MEMORY_LIMIT;
pub use cvc5_lib::Cvc5Library;
pub use cvc5_target::Cvc5InProcessFork;
pub use cvc5_worker::Cvc5Worker;
pub use info::SolverInfo;
pub use option::SolverOption;
pub use outcome::{CrashCause, RawOutcome};
pub use process::ProcessTarget;
pub use settings_table::SettingsTable;
pub use z3::Z3Library;
pub use z3_target::{ContextMode, Z3InProcess, Z3InProcessFork};

use crate::term::Dialect;

/// Errors of setting a target up (running one never fails: see
/// [`RawOutcome`]).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// libz3 could not be loaded.
    #[error(transparent)]
    Load(#[from] z3::LoadError),
    /// libcvc5 could not be loaded.
    #[error(transparent)]
    LoadCvc5(#[from] cvc5_lib::Cvc5LoadError),
    /// The solver refused a `--solver-option` (its own message).
    #[error("{0}")]
    Option(String),
    /// A solver binary is missing.
    #[error("{program} not found{where_}; {hint}")]
    NotFound {
        /// The program asked for.
        program: String,
        /// ` on PATH` for a bare name, empty for a path.
        where_: &'static str,
        /// How to get it.
        hint: String,
    },
    /// A `--target` value that names no target.
    #[error("bad target `{spec}`: {why}")]
    BadSpec {
        /// The spec as given.
        spec: String,
        /// What is wrong with it.
        why: String,
    },
}

impl Error {
    /// `program` is missing: the message says how to install it.
    pub fn not_found(program: &str) -> Self {
        let is_path = program.contains('/');
        let hint = match program {
            "cvc5" => {
                "install it with `apt-get install cvc5` or give cmd:/path/to/cvc5".to_string()
            }
            "z3" => {
                "install it with `apt-get install z3` or give cmd:/path/to/z3 -in -smt2".to_string()
            }
            _ if is_path => "give the path of an executable file".to_string(),
            _ => format!("put it on PATH or give cmd:/path/to/{program}"),
        };
        Error::NotFound {
            program: program.to_string(),
            where_: if is_path { "" } else { " on PATH" },
            hint,
        }
    }
}

/// A solver that runs SMT-LIB scripts.
pub trait Target {
    /// A short name: `z3`, `cvc5`, or the program's file name.
    fn name(&self) -> String;

    /// The solver's full version, e.g. `Z3 4.8.12.0` or `cvc5 1.0.3`.
    fn version(&self) -> String;

    /// The spelling of the strings theory this solver reads.
    fn dialect(&self) -> Dialect;

    /// Runs `script` with a hard `timeout` and returns what happened.
    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome;

    /// Runs `script` with the solver's own soft limit `soft_ms` (ms) and
    /// the hard `timeout`: how a caller that calibrates its limits
    /// (`execute::limits`) passes them. A target that cannot hand a
    /// soft limit to its solver runs it as [`Target::run`] does.
    fn run_within(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        let _ = soft_ms;
        self.run(script, timeout)
    }

    /// Whether [`Target::run_within`] hands `soft_ms` to the solver, so
    /// that a caller may calibrate it from the answer times.
    fn takes_soft_limit(&self) -> bool {
        false
    }

    /// Runs `script` as a user's fresh solver would, for a target whose
    /// [`Target::run_within`] keeps state between queries (a warm worker):
    /// how a finding is confirmed. `None` for a target that keeps none.
    fn run_fresh(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> Option<RawOutcome> {
        let _ = (script, soft_ms, timeout);
        None
    }

    /// A copy of this target that shares no process or state with it, for
    /// another fuzzing client (`--cores`); `None` if it has no such copy.
    fn fresh_copy(&self) -> Option<Box<dyn Target>> {
        None
    }
}

/// Knobs of [`target_from_spec`] beyond the spec itself.
#[derive(Clone, Debug)]
pub struct TargetOptions {
    /// Memory limit of a solver in bytes (`None`: unlimited): a process
    /// target's `RLIMIT_AS`, or what a Z3 fork child may add to the
    /// parent's image (see [`Z3InProcessFork::with_memory_limit`]).
    pub memory_limit: Option<u64>,
    /// Where a Z3 fork child gets its context.
    pub context_mode: ContextMode,
    /// `--solver-option`s, handed to the solver the way it takes them
    /// (see [`option`]).
    pub solver_options: Vec<SolverOption>,
}

impl Default for TargetOptions {
    fn default() -> Self {
        TargetOptions {
            memory_limit: Some(DEFAULT_MEMORY_LIMIT),
            context_mode: ContextMode::default(),
            solver_options: Vec::new(),
        }
    }
}

/// The forms a `--target` value takes, for error messages.
pub const TARGET_FORMS: &str = "z3, z3-inprocess, z3-binary, cvc5 or cmd:/path/to/solver --flags";

/// A parsed `--target` value:
///
/// - `z3`: libz3 in fork children;
/// - `z3-inprocess`: libz3 with no isolation;
/// - `z3-binary`: the `z3` executable on `PATH`;
/// - `cvc5`: the `cvc5` executable on `PATH` with [`process::CVC5_ARGS`];
/// - `cmd:/path/solver --flags`: any SMT-LIB 2.6 binary reading stdin; the
///   command is split as a POSIX shell splits words (quotes, backslashes),
///   without running a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetSpec {
    /// `z3`.
    Z3,
    /// `z3-inprocess`.
    Z3InProcess,
    /// `z3-binary`.
    Z3Binary,
    /// `cvc5`.
    Cvc5,
    /// `cmd:PROGRAM ARGS...`.
    Command {
        /// The program: a path, or a name looked up on `PATH`.
        program: String,
        /// Its arguments.
        args: Vec<String>,
    },
}

impl TargetSpec {
    /// Whether the target is libz3 loaded into this process (`z3`,
    /// `z3-inprocess`), the only kind `--solver-lib` applies to.
    pub fn is_library(&self) -> bool {
        matches!(self, TargetSpec::Z3 | TargetSpec::Z3InProcess)
    }

    /// Whether `--solver-lib` applies: libz3 for `z3` and `z3-inprocess`,
    /// libcvc5 for `cvc5` (which without it is the binary on `PATH`).
    pub fn takes_solver_lib(&self) -> bool {
        self.is_library() || *self == TargetSpec::Cvc5
    }

    /// The option that sets the solver's random seed, for libz3
    /// ([`z3::RANDOM_SEED`]) and cvc5. A libz3 target's options are the
    /// library's global parameters, set afresh at each open
    /// ([`Z3Library::set_options`]): a target opened without this option
    /// runs with the default seed whatever one was opened with it before.
    pub fn seed_option(&self, seed: usize) -> Option<SolverOption> {
        let key = match self {
            TargetSpec::Z3 | TargetSpec::Z3InProcess => z3::RANDOM_SEED,
            TargetSpec::Cvc5 => "seed",
            _ => return None,
        };
        format!("{key}={seed}").parse().ok()
    }
}

impl std::str::FromStr for TargetSpec {
    type Err = Error;

    fn from_str(spec: &str) -> Result<Self, Error> {
        let bad = |why: String| Error::BadSpec {
            spec: spec.to_string(),
            why,
        };
        Ok(match spec {
            "z3" => TargetSpec::Z3,
            "z3-inprocess" => TargetSpec::Z3InProcess,
            "z3-binary" => TargetSpec::Z3Binary,
            "cvc5" => TargetSpec::Cvc5,
            _ => {
                let Some(command) = spec.strip_prefix("cmd:") else {
                    return Err(bad(format!("expected {TARGET_FORMS}")));
                };
                let words = shlex::split(command)
                    .ok_or_else(|| bad("unbalanced quotes or a trailing backslash".into()))?;
                let mut words = words.into_iter();
                let program = words
                    .next()
                    .ok_or_else(|| bad("no program after `cmd:`".into()))?;
                TargetSpec::Command {
                    program,
                    args: words.collect(),
                }
            }
        })
    }
}

impl std::fmt::Display for TargetSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TargetSpec::Z3 => f.write_str("z3"),
            TargetSpec::Z3InProcess => f.write_str("z3-inprocess"),
            TargetSpec::Z3Binary => f.write_str("z3-binary"),
            TargetSpec::Cvc5 => f.write_str("cvc5"),
            TargetSpec::Command { program, args } => {
                let words = std::iter::once(program).chain(args).map(String::as_str);
                match shlex::try_join(words) {
                    Ok(line) => write!(f, "cmd:{line}"),
                    // A word with a NUL cannot be quoted; it cannot be
                    // executed either, so a plain join only names it.
                    Err(_) => write!(f, "cmd:{program} {}", args.join(" ")),
                }
            }
        }
    }
}

/// The target a `--target` value names (see [`TargetSpec`]), with libz3
/// from `solver_lib` or the system library.
pub fn target_from_spec(
    spec: &str,
    solver_lib: Option<&Path>,
    options: &TargetOptions,
) -> Result<Box<dyn Target>, Error> {
    let parsed: TargetSpec = spec.parse()?;
    if !parsed.takes_solver_lib()
        && let Some(p) = solver_lib
    {
        return Err(Error::BadSpec {
            spec: spec.to_string(),
            why: format!(
                "--solver-lib {} applies to z3, z3-inprocess and cvc5 only",
                p.display()
            ),
        });
    }
    if let (TargetSpec::Cvc5, Some(p)) = (&parsed, solver_lib) {
        return cvc5_in_process(p, options);
    }
    let lib = match parsed {
        TargetSpec::Z3 | TargetSpec::Z3InProcess => {
            let lib = Z3Library::load(solver_lib)?;
            lib.set_options(&options.solver_options)
                .map_err(Error::Option)?;
            Some(lib)
        }
        _ => None,
    };
    open_target(&parsed, lib, options)
}

/// `--target cvc5 --solver-lib path`: libcvc5 in process, in a warm
/// worker (see [`cvc5_worker`]).
pub fn cvc5_in_process(path: &Path, options: &TargetOptions) -> Result<Box<dyn Target>, Error> {
    let lib = Cvc5Library::load(path)?;
    let target = Cvc5Worker::new(lib, &options.solver_options).map_err(Error::Option)?;
    Ok(Box::new(target.with_memory_limit(options.memory_limit)))
}

/// The command-line words that pass `options` to `program`, or why they
/// cannot be passed: equifuzz knows the option syntax of z3 and cvc5 only.
fn option_words(program: &str, options: &[SolverOption]) -> Result<Vec<String>, Error> {
    if options.is_empty() {
        return Ok(Vec::new());
    }
    let family = option::Family::of_program(program).ok_or_else(|| Error::BadSpec {
        spec: program.to_string(),
        why: "--solver-option is passed to z3 and cvc5 binaries only (by their file name); \
              give other solvers' flags in the cmd: words"
            .into(),
    })?;
    Ok(family.words(options))
}

/// The target `spec` names. `lib` is the loaded libz3 of `z3` and
/// `z3-inprocess` (an error if missing); other targets ignore it. The
/// `--solver-option`s of a libz3 must already be set on `lib`
/// ([`Z3Library::set_options`]); binaries get them as words here.
pub fn open_target(
    spec: &TargetSpec,
    lib: Option<Z3Library>,
    options: &TargetOptions,
) -> Result<Box<dyn Target>, Error> {
    let library = |lib: Option<Z3Library>| {
        lib.ok_or_else(|| Error::BadSpec {
            spec: spec.to_string(),
            why: "no libz3 was loaded for it".into(),
        })
    };
    Ok(match spec {
        TargetSpec::Z3 => Box::new(
            Z3InProcessFork::new(library(lib)?)
                .with_memory_limit(options.memory_limit)
                .with_context_mode(options.context_mode),
        ),
        TargetSpec::Z3InProcess => Box::new(Z3InProcess::new(library(lib)?)),
        TargetSpec::Z3Binary => Box::new(
            ProcessTarget::z3_binary()?
                .with_args(&option_words("z3", &options.solver_options)?)
                .with_memory_limit(options.memory_limit),
        ),
        TargetSpec::Cvc5 => Box::new(
            ProcessTarget::cvc5()?
                .with_args(&option_words("cvc5", &options.solver_options)?)
                .with_memory_limit(options.memory_limit),
        ),
        TargetSpec::Command { program, args } => {
            let mut args: Vec<String> = args.clone();
            args.extend(option_words(program, &options.solver_options)?);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            Box::new(
                ProcessTarget::from_words(program, &args)?.with_memory_limit(options.memory_limit),
            )
        }
    })
}

/// The soft timeout handed to the solver for a hard `timeout`, in ms.
///
/// Z3 4.8.12 overshoots its own timeout by 100-200 ms on string queries
/// (measured: 704 ms for 500), so the soft timeout leaves a fifth of the
/// budget, at least 150 ms, but never more than half of it.
pub fn soft_timeout(timeout: Duration) -> u32 {
    let hard = timeout.as_millis().min(u32::MAX as u128) as u32;
    let margin = (hard / 5).max(150.min(hard / 2));
    (hard - margin).max(1)
}

/// The dialect a solver of this version string reads (the table at
/// [`Dialect`]): cvc5's for cvc5, by release for Z3, SMT-LIB 2.6 for
/// anything else.
pub fn dialect_of_version(version: &str) -> Dialect {
    let mut words = version.split_whitespace();
    let solver = words.next().unwrap_or("").to_ascii_lowercase();
    let numbers: Vec<u32> = words
        .next()
        .unwrap_or("")
        .split('.')
        .map_while(|p| p.parse().ok())
        .collect();
    match solver.as_str() {
        "cvc5" => Dialect::Cvc5,
        "z3" => z3_dialect(&numbers).unwrap_or_default(),
        _ => Dialect::Smtlib26,
    }
}

/// The dialect of Z3 release `numbers` (`[4, 8, 9]`), `None` if no release
/// is named.
fn z3_dialect(numbers: &[u32]) -> Option<Dialect> {
    let release = match *numbers {
        [major, minor, build, ..] => (major, minor, build),
        [major, minor] => (major, minor, 0),
        [major] => (major, 0, 0),
        [] => return None,
    };
    Some(if release < (4, 8, 6) {
        Dialect::Legacy485
    } else if release < (4, 8, 9) {
        Dialect::Legacy
    } else if release < (4, 8, 11) {
        Dialect::Z3Bytes
    } else if release < (4, 8, 13) {
        Dialect::Z3RawBackslash
    } else if release < (5, 3, 0) {
        Dialect::Smtlib26
    } else {
        Dialect::Z3Seq
    })
}

/// Reads a `--dialect` value: a dialect's name (`smtlib2.6`, `cvc5`), or a
/// release, `z3-VERSION` (`z3-4.8.5`: the dialect of that release).
pub fn parse_dialect(text: &str) -> Result<Dialect, String> {
    if let Some(d) = Dialect::ALL.into_iter().find(|d| d.name() == text) {
        return Ok(d);
    }
    let numbers: Option<Vec<u32>> = text
        .strip_prefix("z3-")
        .map(|v| v.split('.').map(|p| p.parse().ok()).collect())
        .and_then(|n: Option<Vec<u32>>| n);
    numbers.as_deref().and_then(z3_dialect).ok_or_else(|| {
        format!("unknown dialect `{text}`: expected smtlib2.6, cvc5 or z3-VERSION (e.g. z3-4.8.5)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_timeout_stays_below_the_hard_one() {
        assert_eq!(soft_timeout(Duration::from_secs(10)), 8000);
        assert_eq!(soft_timeout(Duration::from_millis(300)), 150);
        assert_eq!(soft_timeout(Duration::from_millis(1000)), 800);
        assert_eq!(soft_timeout(Duration::from_millis(0)), 1);
        for ms in 0..3000u64 {
            let soft = soft_timeout(Duration::from_millis(ms)) as u64;
            assert!(soft >= 1 && (soft < ms || ms <= 1), "{ms} -> {soft}");
        }
    }

    #[test]
    fn each_z3_release_gets_its_dialect() {
        assert_eq!(dialect_of_version("Z3 4.8.13.0"), Dialect::Smtlib26);
        assert_eq!(dialect_of_version("Z3 4.8.12.0"), Dialect::Z3RawBackslash);
        assert_eq!(dialect_of_version("Z3 4.8.11.0"), Dialect::Z3RawBackslash);
        assert_eq!(dialect_of_version("Z3 4.8.10.0"), Dialect::Z3Bytes);
        assert_eq!(dialect_of_version("Z3 4.8.9"), Dialect::Z3Bytes);
        assert_eq!(dialect_of_version("Z3 4.8.8"), Dialect::Legacy);
        assert_eq!(dialect_of_version("Z3 4.8.7.0"), Dialect::Legacy);
        assert_eq!(dialect_of_version("Z3 4.8.5.0"), Dialect::Legacy485);
        assert_eq!(dialect_of_version("Z3 4.7"), Dialect::Legacy485);
        assert_eq!(dialect_of_version("Z3 5.3.3.0"), Dialect::Z3Seq);
        assert_eq!(dialect_of_version("Z3 5.3.0.0"), Dialect::Z3Seq);
        assert_eq!(dialect_of_version("Z3 5.1.0.0"), Dialect::Smtlib26);
        assert_eq!(dialect_of_version("cvc5 1.0.3"), Dialect::Cvc5);
        assert_eq!(dialect_of_version("unknown version"), Dialect::Smtlib26);
        assert_eq!(dialect_of_version("Z3"), Dialect::Smtlib26);
    }

    #[test]
    fn dialects_are_named_or_given_by_release() {
        for d in Dialect::ALL {
            assert_eq!(parse_dialect(d.name()), Ok(d));
        }
        assert_eq!(parse_dialect("z3-4.8.5.0"), Ok(Dialect::Legacy485));
        assert_eq!(parse_dialect("z3-4.8.10"), Ok(Dialect::Z3Bytes));
        assert_eq!(parse_dialect("z3-5.4.1"), Ok(Dialect::Z3Seq));
        assert_eq!(parse_dialect("z3-5.0.0"), Ok(Dialect::Smtlib26));
        for bad in ["z3-", "z3-4.x", "yices", ""] {
            let err = parse_dialect(bad).unwrap_err();
            assert!(err.contains("expected smtlib2.6"), "{err}");
        }
    }

    #[test]
    fn bad_specs_say_what_is_expected() {
        let err = target_from_spec("yices", None, &TargetOptions::default())
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("expected z3, z3-inprocess"), "{err}");
        let err = target_from_spec("cmd:", None, &TargetOptions::default())
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("no program"), "{err}");
        let err = target_from_spec("cmd:/no/such/solver -q", None, &TargetOptions::default())
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("/no/such/solver not found"), "{err}");
        let err = "cmd:/bin/solver 'unclosed"
            .parse::<TargetSpec>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("unbalanced quotes"), "{err}");
    }

    #[test]
    fn cmd_targets_are_split_as_a_shell_splits_words() {
        let spec: TargetSpec = r#"cmd:"/opt/my solver/bin/s" --opt 'a b' c\ d"#.parse().unwrap();
        assert_eq!(
            spec,
            TargetSpec::Command {
                program: "/opt/my solver/bin/s".into(),
                args: vec!["--opt".into(), "a b".into(), "c d".into()],
            }
        );
        // Printed back, it parses to the same spec.
        assert_eq!(spec.to_string().parse::<TargetSpec>().unwrap(), spec);
        assert_eq!("z3".parse::<TargetSpec>().unwrap(), TargetSpec::Z3);
    }
}
