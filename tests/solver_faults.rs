//! Fault tests: solvers that crash, abort, exit, hang, run out of memory or
//! flood their output must each become the right `RawOutcome`, quickly, and
//! the caller must carry on.
//!
//! The Z3 side uses a fake libz3 built from `tests/fake-z3/fake_z3.c` at test
//! time; the process side uses a shell script as the "solver". This binary
//! never loads the real libz3 (two libz3s with RTLD_GLOBAL would interpose
//! each other's symbols), and every test holds `SERIAL`: the fork target
//! must not fork while another thread runs (fake) Z3.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use equifuzz::solver::{
    ContextMode, CrashCause, ProcessTarget, RawOutcome, Target, TargetOptions, Z3InProcess,
    Z3InProcessFork, Z3Library, soft_timeout, target_from_spec,
};
use equifuzz::term::Dialect;

static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn scratch_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("equifuzz-solver-faults-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    })
}

fn fake_lib() -> Z3Library {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    let path = LIB.get_or_init(|| {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake-z3/fake_z3.c");
        let out = scratch_dir().join("libz3-fake.so");
        let status = Command::new("cc")
            .args(["-shared", "-fPIC", "-O1", "-o"])
            .arg(&out)
            .arg(&src)
            .status();
        assert!(
            status.is_ok_and(|s| s.success()),
            "cc failed to build the fake libz3"
        );
        out
    });
    Z3Library::load(Some(path)).expect("the fake libz3 exports every symbol Z3Library needs")
}

/// A child may allocate 512 MiB beyond this process's image: the fake's
/// endless allocation stops there, quickly and without touching RAM.
fn fork_target() -> Z3InProcessFork {
    Z3InProcessFork::new(fake_lib()).with_memory_limit(Some(512 << 20))
}

const SECOND: Duration = Duration::from_secs(1);

fn assert_sat(outcome: &RawOutcome) {
    match outcome {
        RawOutcome::Finished {
            stdout,
            exit_code: 0,
            ..
        } => assert_eq!(stdout, "sat\n"),
        other => panic!("expected sat, got {other:?}"),
    }
}

#[test]
fn every_z3_fault_is_an_outcome_and_the_next_query_works() {
    let _g = serial();
    for mode in [
        ContextMode::Warm,
        ContextMode::Inherited,
        ContextMode::Fresh,
    ] {
        let mut z3 = fork_target().with_context_mode(mode);
        assert_sat(&z3.run("(check-sat)", 10 * SECOND));

        let out = z3.run("; SEGV\n(check-sat)", 10 * SECOND);
        assert!(
            matches!(
                out,
                RawOutcome::Crashed {
                    cause: CrashCause::Signal(libc::SIGSEGV),
                    ..
                }
            ),
            "{mode:?}: {out:?}"
        );
        assert_sat(&z3.run("(check-sat)", 10 * SECOND));

        let out = z3.run("; ABORT", 10 * SECOND);
        match &out {
            RawOutcome::Crashed {
                cause: CrashCause::Signal(libc::SIGABRT),
                stderr,
                ..
            } => {
                assert!(stderr.contains("ASSERTION VIOLATION"), "{stderr}")
            }
            other => panic!("{mode:?}: {other:?}"),
        }
        assert_sat(&z3.run("(check-sat)", 10 * SECOND));

        let out = z3.run("; EXIT112", 10 * SECOND);
        match &out {
            RawOutcome::Crashed {
                cause: CrashCause::Exit(112),
                description,
                stderr,
                ..
            } => {
                assert!(description.contains("ERR_UNKNOWN_RESULT"), "{description}");
                assert!(stderr.contains("UNREACHABLE"), "{stderr}");
            }
            other => panic!("{mode:?}: {other:?}"),
        }
        assert_sat(&z3.run("(check-sat)", 10 * SECOND));
    }
}

#[test]
fn a_hanging_z3_is_killed_at_the_hard_timeout() {
    let _g = serial();
    let mut z3 = fork_target();
    let budget = Duration::from_millis(300);
    let out = z3.run("; HANG", budget);
    assert!(matches!(out, RawOutcome::Timeout { .. }), "{out:?}");
    assert!(out.elapsed() >= budget, "{:?}", out.elapsed());
    assert!(out.elapsed() < budget + SECOND, "took {:?}", out.elapsed());
    assert_sat(&z3.run("(check-sat)", 10 * SECOND));
}

#[test]
fn memory_exhaustion_under_the_limit_is_out_of_memory() {
    let _g = serial();
    let mut z3 = fork_target();
    let out = z3.run("; OOM", 20 * SECOND);
    match &out {
        RawOutcome::OutOfMemory {
            cause: CrashCause::Exit(101),
            stderr,
            ..
        } => {
            assert!(stderr.contains("out of memory"), "{stderr}")
        }
        other => panic!("{other:?}"),
    }
    let out = z3.run("; BADALLOC", 20 * SECOND);
    assert!(
        matches!(
            out,
            RawOutcome::OutOfMemory {
                cause: CrashCause::Signal(libc::SIGABRT),
                ..
            }
        ),
        "{out:?}"
    );
    assert_sat(&z3.run("(check-sat)", 10 * SECOND));
}

#[test]
fn output_beyond_a_pipe_buffer_and_direct_prints_arrive() {
    let _g = serial();
    let mut z3 = fork_target();
    match z3.run("; BIG", 10 * SECOND) {
        RawOutcome::Finished { stdout, .. } => {
            assert_eq!(stdout.len(), 1 << 20);
            assert!(stdout.ends_with("xx\n"));
        }
        other => panic!("{other:?}"),
    }
    match z3.run("; CONSOLE", 10 * SECOND) {
        RawOutcome::Finished { stdout, stderr, .. } => {
            assert_eq!(stdout, "sat\n");
            assert!(
                stderr.contains("to stdout") && stderr.contains("to stderr"),
                "{stderr}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_child_gets_the_soft_timeout_and_a_pristine_context() {
    let _g = serial();
    for mode in [
        ContextMode::Warm,
        ContextMode::Inherited,
        ContextMode::Fresh,
    ] {
        let mut z3 = fork_target().with_context_mode(mode);
        for hard in [Duration::from_millis(700), 10 * SECOND] {
            let out = z3.run("; TIMEOUT?", hard);
            assert_eq!(
                out.stdout(),
                format!("timeout={}\n", soft_timeout(hard)),
                "{mode:?}"
            );
        }
        // Each child starts from the same parent context: it sees the same
        // eval count however many children ran before. A warm context had
        // one empty eval in the parent, and the child sets its timeout first.
        let expected = if mode == ContextMode::Warm {
            "evals=3\n"
        } else {
            "evals=1\n"
        };
        for _ in 0..3 {
            assert_eq!(
                z3.run("; EVALS?", 10 * SECOND).stdout(),
                expected,
                "{mode:?}"
            );
        }
    }
}

#[test]
fn a_script_with_nul_is_not_run_and_versions_pick_the_dialect() {
    let _g = serial();
    let mut z3 = fork_target();
    assert!(matches!(
        z3.run("(check-sat)\0", SECOND),
        RawOutcome::NotRun { .. }
    ));
    assert_eq!(z3.version(), "Z3 4.8.5.0");
    assert_eq!(z3.name(), "z3");
    assert_eq!(z3.dialect(), Dialect::Legacy485);
    let mut inproc = Z3InProcess::new(fake_lib());
    assert_sat(&inproc.run("(check-sat)", SECOND));
    assert!(matches!(
        inproc.run("\0", SECOND),
        RawOutcome::NotRun { .. }
    ));
    assert_eq!(inproc.dialect(), Dialect::Legacy485);
}

#[test]
fn the_spec_z3_honours_solver_lib() {
    let _g = serial();
    let lib = fake_lib();
    let mut t = target_from_spec("z3", Some(lib.path()), &TargetOptions::default()).unwrap();
    assert_eq!(t.version(), "Z3 4.8.5.0");
    assert_sat(&t.run("(check-sat)", SECOND));
    // cvc5 takes a libcvc5 there, and says a libz3 is not one.
    let err = target_from_spec("cvc5", Some(lib.path()), &TargetOptions::default())
        .err()
        .unwrap();
    assert!(
        err.to_string().contains("no cvc5_new (not a libcvc5)"),
        "{err}"
    );
    let err = target_from_spec("z3-binary", Some(lib.path()), &TargetOptions::default())
        .err()
        .unwrap();
    assert!(err.to_string().contains("--solver-lib"), "{err}");
}

/// A shell "solver": `--version` prints one, otherwise it reads the script
/// and misbehaves by marker like the fake libz3.
fn fake_solver() -> PathBuf {
    static SOLVER: OnceLock<PathBuf> = OnceLock::new();
    SOLVER
        .get_or_init(|| {
            let path = scratch_dir().join("fake-solver");
            let script = r#"#!/bin/sh
if [ "$1" = "--version" ]; then echo "This is fakesolver version 9.9.1"; exit 0; fi
input=$(cat)
case "$input" in
  *SLEEP*) echo sat; sleep 30 & echo $! > "$1"; wait ;;
  *SEGV*) echo sat; kill -SEGV $$ ;;
  *EXIT3*) echo sat; exit 3 ;;
  *ERROR*) echo '(error "bad")'; exit 1 ;;
  *BADALLOC*) echo "std::bad_alloc" >&2; kill -ABRT $$ ;;
  *ECHO*) printf '%s' "$input" ;;
  *ARGS*) echo "$@" ;;
  *) echo sat ;;
esac
"#;
            std::fs::write(&path, script).unwrap();
            Command::new("chmod").arg("+x").arg(&path).status().unwrap();
            path
        })
        .clone()
}

fn process_target(extra: &[&str]) -> ProcessTarget {
    ProcessTarget::new("fake", fake_solver().to_str().unwrap(), extra).unwrap()
}

#[test]
fn process_faults_are_outcomes() {
    let _g = serial();
    let mut p = process_target(&[]);
    assert_eq!(p.version(), "fakesolver 9.9.1");
    assert_sat(&p.run("(check-sat)", 10 * SECOND));

    match p.run("; SEGV", 10 * SECOND) {
        RawOutcome::Crashed {
            cause: CrashCause::Signal(libc::SIGSEGV),
            partial_stdout,
            ..
        } => {
            assert_eq!(partial_stdout, "sat\n")
        }
        other => panic!("{other:?}"),
    }
    match p.run("; EXIT3", 10 * SECOND) {
        RawOutcome::Crashed {
            cause: CrashCause::Exit(3),
            partial_stdout,
            ..
        } => assert_eq!(partial_stdout, "sat\n"),
        other => panic!("{other:?}"),
    }
    match p.run("; ERROR", 10 * SECOND) {
        RawOutcome::Finished {
            stdout,
            exit_code: 1,
            ..
        } => assert_eq!(stdout, "(error \"bad\")\n"),
        other => panic!("{other:?}"),
    }
    let strict = process_target(&[])
        .with_ok_exit_codes(&[0])
        .run("; ERROR", 10 * SECOND);
    assert!(
        matches!(
            strict,
            RawOutcome::Crashed {
                cause: CrashCause::Exit(1),
                ..
            }
        ),
        "{strict:?}"
    );
    let out = p.run("; BADALLOC", 10 * SECOND);
    assert!(
        matches!(
            out,
            RawOutcome::OutOfMemory {
                cause: CrashCause::Signal(libc::SIGABRT),
                ..
            }
        ),
        "{out:?}"
    );
    assert_sat(&p.run("(check-sat)", 10 * SECOND));
}

#[test]
fn a_hanging_process_group_is_killed_at_the_hard_timeout() {
    let _g = serial();
    let pidfile = scratch_dir().join("sleep.pid");
    let mut p = process_target(&[pidfile.to_str().unwrap()]);
    let budget = Duration::from_millis(300);
    match p.run("; SLEEP", budget) {
        RawOutcome::Timeout {
            partial_stdout,
            elapsed,
            ..
        } => {
            assert_eq!(partial_stdout, "sat\n");
            assert!(
                elapsed >= budget && elapsed < budget + SECOND,
                "{elapsed:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    // The solver's own child (the background sleep) died with the group:
    // gone, or a zombie waiting for init.
    let pid = std::fs::read_to_string(&pidfile).unwrap();
    std::thread::sleep(Duration::from_millis(50));
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    assert!(
        stat.is_empty() || stat.contains(") Z "),
        "grandchild still alive: {stat}"
    );
}

#[test]
fn big_scripts_go_through_stdin_and_flags_are_passed() {
    let _g = serial();
    let mut p = process_target(&[]);
    let script: String = format!("; ECHO\n{}", "(assert true)\n".repeat(100_000));
    assert_eq!(
        p.run(&script, 20 * SECOND).stdout(),
        script.trim_end(),
        "$(cat) drops the last newline"
    );
    let mut p = process_target(&["--lang", "smt2"]).with_soft_timeout_flag("--tlimit-per=");
    let out = p.run("; ARGS", Duration::from_millis(1000));
    assert_eq!(out.stdout(), "--lang smt2 --tlimit-per=800\n");
}

#[test]
fn a_solver_that_never_reads_its_input_cannot_kill_the_caller_with_sigpipe() {
    let _g = serial();
    // Rust test binaries ignore SIGPIPE; a libFuzzer host does not. Every
    // test here holds SERIAL, so the disposition is ours for a moment.
    // SAFETY: setting a signal disposition; restored below.
    let old = unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let mut p = ProcessTarget::new("true", "true", &[]).unwrap();
    let big = "(assert true)\n".repeat(200_000);
    let outcomes: Vec<RawOutcome> = (0..3).map(|_| p.run(&big, 10 * SECOND)).collect();
    // SAFETY: as above.
    unsafe { libc::signal(libc::SIGPIPE, old) };
    for out in outcomes {
        assert!(
            matches!(out, RawOutcome::Finished { exit_code: 0, .. }),
            "{out:?}"
        );
    }
}

#[test]
fn cmd_specs_name_the_program_and_missing_solvers_say_how_to_get_them() {
    let _g = serial();
    let spec = format!("cmd:{} --flag", fake_solver().display());
    let mut t = target_from_spec(&spec, None, &TargetOptions::default()).unwrap();
    assert_eq!(t.name(), "fake-solver");
    assert_eq!(t.version(), "fakesolver 9.9.1");
    assert_eq!(t.dialect(), Dialect::Smtlib26);
    assert_eq!(t.run("; ARGS", SECOND).stdout(), "--flag\n");
    let msg = equifuzz::solver::Error::not_found("cvc5").to_string();
    assert_eq!(
        msg,
        "cvc5 not found on PATH; install it with `apt-get install cvc5` or give cmd:/path/to/cvc5"
    );
}
