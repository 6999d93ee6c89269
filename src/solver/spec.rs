//! From a `--target` value to a running target: [`TargetSpec`] (the value,
//! parsed), [`TargetOptions`] (the knobs beside it) and the functions that
//! open what a spec names.

use std::path::Path;

use super::Target;
use super::child::DEFAULT_MEMORY_LIMIT;
use super::cvc5::library::Cvc5Library;
use super::cvc5::worker::Cvc5Worker;
use super::error::Error;
use super::option::{self, SolverOption};
use super::process::ProcessTarget;
use super::z3::library::{RANDOM_SEED, Z3Library};
use super::z3::target::{ContextMode, Z3InProcess, Z3InProcessFork};

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
/// - `cvc5`: the `cvc5` executable on `PATH` with [`CVC5_ARGS`](super::process::CVC5_ARGS);
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
    /// ([`RANDOM_SEED`]) and cvc5. A libz3 target's options are the
    /// library's global parameters, set afresh at each open
    /// ([`Z3Library::set_options`]): a target opened without this option
    /// runs with the default seed whatever one was opened with it before.
    pub fn seed_option(&self, seed: usize) -> Option<SolverOption> {
        let key = match self {
            TargetSpec::Z3 | TargetSpec::Z3InProcess => RANDOM_SEED,
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
/// worker (see [`Cvc5Worker`]).
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

#[cfg(test)]
mod tests {
    use super::*;

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
