//! Any SMT-LIB 2.6 solver binary as a target: [`ProcessTarget`].
//!
//! # Invariants
//!
//! - The script goes in on stdin, the answer comes out on stdout; both are
//!   pumped together, so neither side can block the other.
//! - The solver runs in its own process group with `RLIMIT_AS`,
//!   `RLIMIT_CPU` and no core dumps; at the hard timeout the whole group is
//!   killed (a solver's helper processes die with it) and reaped.
//! - A signal is a crash; an exit code outside the target's normal codes
//!   (0 and 1 by default: cvc5 and Z3 exit 1 after an `(error ...)`) is a
//!   crash too; `SIGXCPU` (the CPU limit) and a kill at the deadline are
//!   timeouts.

use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::child::{self, DEFAULT_MEMORY_LIMIT, Ended, Limits, deadline_after};
use super::outcome::{CrashCause, RawOutcome, stderr_says_out_of_memory};
use super::{Error, Target, dialect_of_version, soft_timeout};
use crate::term::Dialect;

/// How a solver takes a soft per-query timeout in milliseconds on its
/// command line: the flag is `prefix` followed by the number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoftTimeoutFlag {
    /// e.g. `--tlimit-per=` for cvc5, `-t:` for the z3 binary.
    pub prefix: String,
}

/// A solver binary that reads SMT-LIB on stdin.
#[derive(Clone, Debug)]
pub struct ProcessTarget {
    name: String,
    program: PathBuf,
    args: Vec<String>,
    version: String,
    dialect: Dialect,
    soft_timeout_flag: Option<SoftTimeoutFlag>,
    memory_limit: Option<u64>,
    ok_exit_codes: Vec<i32>,
}

/// The flags `--target cvc5` runs with: SMT-LIB input, several queries per
/// script, the extended string functions (`str.replace_all`, `str.to_int`,
/// `str.replace_re`...) that cvc5 1.x rejects without `--strings-exp`, and
/// models on (`(get-model)` and `(get-value)` need them). Unsat cores are
/// switched on by the script's own `(set-option :produce-unsat-cores true)`,
/// which cvc5 honours, so queries that need none do not pay for them.
pub const CVC5_ARGS: &[&str] = &[
    "--lang",
    "smt2",
    "--incremental",
    "--strings-exp",
    "--produce-models",
];

/// The flags for the `z3` binary: SMT-LIB on stdin.
pub const Z3_BINARY_ARGS: &[&str] = &["-in", "-smt2"];

impl ProcessTarget {
    /// A target running `program` (a path, or a name looked up on `PATH`)
    /// with `args`; asks `program --version` for its version.
    pub fn new(name: &str, program: &str, args: &[&str]) -> Result<Self, Error> {
        let path = find_program(program)?;
        let version = ask_version(&path);
        let dialect = dialect_of_version(&version);
        Ok(ProcessTarget {
            name: name.to_string(),
            program: path,
            args: args.iter().map(|a| a.to_string()).collect(),
            version,
            dialect,
            soft_timeout_flag: None,
            memory_limit: Some(DEFAULT_MEMORY_LIMIT),
            ok_exit_codes: vec![0, 1],
        })
    }

    /// cvc5 from `PATH` with [`CVC5_ARGS`] and its `--tlimit-per` soft timeout.
    pub fn cvc5() -> Result<Self, Error> {
        Ok(Self::new("cvc5", "cvc5", CVC5_ARGS)?.with_soft_timeout_flag("--tlimit-per="))
    }

    /// The z3 binary from `PATH` with [`Z3_BINARY_ARGS`] and its `-t:` soft
    /// timeout.
    pub fn z3_binary() -> Result<Self, Error> {
        Ok(Self::new("z3", "z3", Z3_BINARY_ARGS)?.with_soft_timeout_flag("-t:"))
    }

    /// `"/path/solver --flag1 'a b'"`: the program and its arguments, split
    /// as a POSIX shell splits words (quotes and backslashes; no shell
    /// runs). The name is the program's file name.
    pub fn from_command_line(command: &str) -> Result<Self, Error> {
        let bad = |why: &str| Error::BadSpec {
            spec: format!("cmd:{command}"),
            why: why.into(),
        };
        let words = shlex::split(command)
            .ok_or_else(|| bad("unbalanced quotes or a trailing backslash"))?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| bad("no program after `cmd:`"))?;
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Self::from_words(program, &args)
    }

    /// `program` with `args`, named after the program's file name.
    pub fn from_words(program: &str, args: &[&str]) -> Result<Self, Error> {
        let name = Path::new(program)
            .file_name()
            .map_or(program.into(), |n| n.to_string_lossy());
        Self::new(&name, program, args)
    }

    /// Passes the soft timeout as `prefix` + milliseconds on each run.
    pub fn with_soft_timeout_flag(mut self, prefix: &str) -> Self {
        self.soft_timeout_flag = Some(SoftTimeoutFlag {
            prefix: prefix.to_string(),
        });
        self
    }

    /// Adds `words` to the arguments of every run (the `--solver-option`s).
    pub fn with_args(mut self, words: &[String]) -> Self {
        self.args.extend(words.iter().cloned());
        self
    }

    /// Sets the address-space limit in bytes (`None`: unlimited).
    pub fn with_memory_limit(mut self, bytes: Option<u64>) -> Self {
        self.memory_limit = bytes;
        self
    }

    /// Sets the exit codes that mean "ran the script" (default 0 and 1).
    pub fn with_ok_exit_codes(mut self, codes: &[i32]) -> Self {
        self.ok_exit_codes = codes.to_vec();
        self
    }

    /// Overrides the dialect guessed from the version.
    pub fn with_dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = dialect;
        self
    }

    /// The resolved program path.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// The arguments of every run, without the soft timeout flag.
    pub fn args(&self) -> &[String] {
        &self.args
    }
}

impl Target for ProcessTarget {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn dialect(&self) -> Dialect {
        self.dialect
    }

    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.run_within(script, soft_timeout(timeout), timeout)
    }

    fn run_within(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        let start = Instant::now();
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.args);
        // What the case needs on cvc5 (`arrays-exp` for a constant array,
        // `fp-exp` for a float format other than Float32 and Float64), as
        // the in-process target sets it, unless the user's flags name the
        // option: they have the last word.
        if self.dialect.is_cvc5() {
            for o in crate::solver::cvc5::options::case_options(script) {
                let named = self.args.iter().any(|a| {
                    a.strip_prefix("--")
                        .map(|a| a.trim_start_matches("no-"))
                        .is_some_and(|a| a.split('=').next() == Some(o.key.as_str()))
                });
                if !named {
                    // cvc5's command line takes a Boolean as `--KEY` or
                    // `--no-KEY`: 1.0.3 refuses `--arrays-exp=true`.
                    cmd.arg(match o.value.as_str() {
                        "true" => format!("--{}", o.key),
                        "false" => format!("--no-{}", o.key),
                        v => format!("--{}={v}", o.key),
                    });
                }
            }
        }
        if let Some(flag) = &self.soft_timeout_flag {
            cmd.arg(format!("{}{soft_ms}", flag.prefix));
        }
        let limits = Limits {
            address_space: self.memory_limit,
            // A backstop for a kill that never comes: the hard timeout,
            // rounded up, plus a second; capped (at 34,000 years), so the
            // limit arithmetic after fork cannot overflow.
            cpu_seconds: Some(timeout.as_secs().min(1 << 40) + 2),
        };
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        // SAFETY: `limit_self` and `die_with_parent` make only
        // async-signal-safe calls.
        let parent = std::process::id() as libc::pid_t;
        unsafe {
            cmd.pre_exec(move || {
                die_with_parent(parent);
                child::limit_self(limits);
                Ok(())
            });
        }
        run_command(
            cmd,
            script.as_bytes(),
            start,
            deadline_after(start, timeout),
            &self.ok_exit_codes,
        )
    }

    fn takes_soft_limit(&self) -> bool {
        self.soft_timeout_flag.is_some()
    }

    fn fresh_copy(&self) -> Option<Box<dyn Target>> {
        Some(Box::new(self.clone()))
    }
}

/// Asks the kernel to kill this (forked, not yet executed) process when
/// the thread that forked it dies, so a solver never outlives an equifuzz
/// killed with `kill -9` (it runs in its own process group, which a
/// terminal's signals do not reach). If `parent` already died before the
/// request, exits at once. Only async-signal-safe calls: runs after fork.
fn die_with_parent(parent: libc::pid_t) {
    // SAFETY: prctl, getppid and _exit are async-signal-safe syscalls.
    unsafe {
        libc::prctl(
            libc::PR_SET_PDEATHSIG,
            libc::SIGKILL as libc::c_ulong,
            0,
            0,
            0,
        );
        if libc::getppid() != parent {
            libc::_exit(127);
        }
    }
}

fn run_command(
    mut cmd: Command,
    input: &[u8],
    start: Instant,
    deadline: Instant,
    ok_codes: &[i32],
) -> RawOutcome {
    let mut proc = match cmd.spawn() {
        Ok(p) => p,
        Err(e) => {
            let program = cmd.get_program().to_string_lossy().into_owned();
            return RawOutcome::NotRun {
                reason: format!("cannot start {program}: {e}"),
                elapsed: start.elapsed(),
            };
        }
    };
    let pid = proc.id() as libc::pid_t;
    let stdin = OwnedFd::from(proc.stdin.take().expect("stdin is piped"));
    let stdout = proc.stdout.take().expect("stdout is piped");
    let stderr = proc.stderr.take().expect("stderr is piped");
    let pumped = child::pump(
        Some((stdin, input)),
        &[stdout.as_fd(), stderr.as_fd()],
        deadline,
    );
    // The group id is the pid (process_group(0)); kill the whole group.
    let reaped = child::reap(pid, -pid, deadline);
    // Helpers the solver left behind die with it.
    // SAFETY: signalling our own child's process group.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    let elapsed = start.elapsed();
    let (outputs, (ended, killed)) = match (pumped, reaped) {
        (Ok(p), Ok(r)) => (p.outputs, r),
        (Err(e), _) | (_, Err(e)) => {
            // SAFETY: reaping our own (killed) child.
            unsafe { libc::waitpid(pid, std::ptr::null_mut(), 0) };
            return RawOutcome::NotRun {
                reason: format!("lost track of the solver: {e}"),
                elapsed,
            };
        }
    };
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let (stdout, stderr) = (text(&outputs[0]), text(&outputs[1]));
    let cause = match ended {
        Ended::Signaled(sig) if killed || sig == libc::SIGXCPU => {
            return RawOutcome::Timeout {
                partial_stdout: stdout,
                stderr,
                elapsed,
            };
        }
        Ended::Exited(code) if ok_codes.contains(&code) => {
            if code != 0
                && (stderr_says_out_of_memory(&stderr) || stderr_says_out_of_memory(&stdout))
            {
                return RawOutcome::OutOfMemory {
                    cause: CrashCause::Exit(code),
                    partial_stdout: stdout,
                    stderr,
                    elapsed,
                };
            }
            return RawOutcome::Finished {
                stdout,
                stderr,
                exit_code: code,
                elapsed,
            };
        }
        Ended::Exited(code) => CrashCause::Exit(code),
        Ended::Signaled(sig) => CrashCause::Signal(sig),
    };
    if stderr_says_out_of_memory(&stderr) {
        return RawOutcome::OutOfMemory {
            cause,
            partial_stdout: stdout,
            stderr,
            elapsed,
        };
    }
    let description = match cause {
        CrashCause::Signal(libc::SIGKILL) => {
            format!("{cause} (not by equifuzz: the kernel's OOM killer?)")
        }
        CrashCause::Signal(_) => cause.to_string(),
        CrashCause::Exit(code) => {
            format!("exited with code {code}, not a normal one ({ok_codes:?})")
        }
    };
    RawOutcome::Crashed {
        cause,
        description,
        partial_stdout: stdout,
        stderr,
        elapsed,
    }
}

/// Resolves `program`: a path with a `/` is taken as is, a bare name is
/// looked up on `PATH`.
pub fn find_program(program: &str) -> Result<PathBuf, Error> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| {
        p.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    };
    if program.contains('/') {
        let p = PathBuf::from(program);
        return if executable(&p) {
            Ok(p)
        } else {
            Err(Error::not_found(program))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
        .ok_or_else(|| Error::not_found(program))
}

/// `program --version`, boiled down to `name number` (`cvc5 1.0.3`,
/// `Z3 4.8.12`); the first line as is if it has no `version` word; or
/// `unknown version`.
fn ask_version(program: &Path) -> String {
    let mut cmd = Command::new(program);
    cmd.arg("--version")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let start = Instant::now();
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: as in `run`.
    unsafe {
        cmd.pre_exec(move || {
            die_with_parent(parent);
            Ok(())
        });
    }
    let outcome = run_command(
        cmd,
        b"",
        start,
        deadline_after(start, Duration::from_secs(10)),
        &[0, 1],
    );
    parse_version(outcome.stdout()).unwrap_or_else(|| "unknown version".into())
}

/// The version line of `--version` output; see [`ProcessTarget::new`].
pub fn parse_version(output: &str) -> Option<String> {
    let line = output.lines().map(str::trim).find(|l| !l.is_empty())?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| w.eq_ignore_ascii_case("version"));
    match at {
        Some(i) if i > 0 && i + 1 < words.len() => {
            Some(format!("{} {}", words[i - 1], words[i + 1]))
        }
        _ => Some(line.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_boiled_down_to_name_and_number() {
        let cvc5 = "This is cvc5 version 1.0.3\ncompiled with GCC version 12.2.0\n";
        assert_eq!(parse_version(cvc5).as_deref(), Some("cvc5 1.0.3"));
        assert_eq!(
            parse_version("Z3 version 4.8.12 - 64 bit\n").as_deref(),
            Some("Z3 4.8.12")
        );
        assert_eq!(
            parse_version("\nyices 2.6.4\n").as_deref(),
            Some("yices 2.6.4")
        );
        assert_eq!(parse_version(""), None);
    }

    #[test]
    fn no_timeout_is_too_long_for_a_deadline() {
        let now = Instant::now();
        assert_eq!(
            deadline_after(now, Duration::from_secs(3)),
            now + Duration::from_secs(3)
        );
        assert!(deadline_after(now, Duration::MAX) > now + Duration::from_secs(3600));
        let mut cat = ProcessTarget::from_command_line("/bin/cat").unwrap();
        let outcome = cat.run("sat\n", Duration::MAX);
        assert!(
            matches!(&outcome, RawOutcome::Finished { stdout, .. } if stdout == "sat\n"),
            "{outcome:?}"
        );
    }

    #[test]
    fn a_missing_program_names_itself() {
        let err = find_program("no-such-solver-equifuzz")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no-such-solver-equifuzz not found on PATH"),
            "{err}"
        );
        let err = find_program("/nonexistent/solver").unwrap_err().to_string();
        assert!(err.contains("/nonexistent/solver"), "{err}");
    }
}
