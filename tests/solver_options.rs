//! `--solver-option KEY=VALUE`: it reaches the solver (Z3's z3str3 string
//! solver really runs: its statistics differ from the default `seq`
//! solver's), and a key or value the solver refuses stops the command once,
//! with the solver's own message and exit code 2.
//!
//! Z3's parameters are process-wide, so the libz3 tests live in this test
//! binary of their own and hold `SERIAL`.

#[path = "common/cvc5.rs"]
mod cvc5;
#[allow(dead_code)]
#[path = "common/solver_cache.rs"]
mod solver_cache;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use equifuzz::solver::{
    RawOutcome, SolverOption, Target, TargetOptions, Z3InProcessFork, Z3Library, target_from_spec,
};

static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// A string query that both of Z3's string solvers answer, with Z3's
/// statistics: the `seq` solver counts `:seq-...` events, z3str3 none.
const STATS_QUERY: &str = r#"(declare-const x String)(declare-const y String)
(assert (= (str.++ x "ab" y) "cabd"))(assert (str.contains y "d"))
(check-sat)(get-info :all-statistics)"#;

fn option(text: &str) -> SolverOption {
    text.parse().unwrap()
}

#[test]
fn z3str3_is_the_string_solver_that_answers_in_process_and_in_fork_children() {
    let _s = serial();
    let lib = Z3Library::load(None).expect("libz3-dev is installed");
    let seq = lib.eval(STATS_QUERY, Some(5000));
    assert!(seq.starts_with("sat\n"), "{seq}");
    assert!(seq.contains(":seq-"), "the default solver is seq: {seq}");

    lib.set_option(&option("smt.string_solver=z3str3")).unwrap();
    let z3str3 = lib.eval(STATS_QUERY, Some(5000));
    assert!(z3str3.starts_with("sat\n"), "{z3str3}");
    assert!(
        !z3str3.contains(":seq-"),
        "z3str3 counts no seq events: {z3str3}"
    );
    // A fork child inherits the parameter.
    let mut fork = Z3InProcessFork::new(lib.clone());
    match fork.run(STATS_QUERY, Duration::from_secs(10)) {
        RawOutcome::Finished { stdout, .. } => {
            assert!(stdout.starts_with("sat\n"), "{stdout}");
            assert!(!stdout.contains(":seq-"), "{stdout}");
        }
        other => panic!("{other}"),
    }

    // A bad value and an unknown key are refused in Z3's words, and
    // change nothing: z3str3 still answers.
    let err = lib
        .set_option(&option("smt.string_solver=bogus"))
        .unwrap_err();
    assert!(err.contains("Invalid string solver value"), "{err}");
    let err = lib.set_option(&option("nosuchmodule.key=1")).unwrap_err();
    assert!(err.contains("unknown module 'nosuchmodule'"), "{err}");
    let still = lib.eval(STATS_QUERY, Some(5000));
    assert!(
        still.starts_with("sat\n") && !still.contains(":seq-"),
        "{still}"
    );

    lib.set_option(&option("smt.string_solver=seq")).unwrap();
    assert!(lib.eval(STATS_QUERY, Some(5000)).contains(":seq-"));
}

#[test]
fn each_open_sets_the_options_afresh_so_an_earlier_opens_do_not_carry_over() {
    let _s = serial();
    let stats =
        |target: &mut Box<dyn Target>| match target.run(STATS_QUERY, Duration::from_secs(10)) {
            RawOutcome::Finished { stdout, .. } => {
                assert!(stdout.starts_with("sat\n"), "{stdout}");
                stdout
            }
            other => panic!("{other}"),
        };
    let z3str3 = TargetOptions {
        solver_options: vec![option("smt.string_solver=z3str3")],
        ..TargetOptions::default()
    };
    let mut first = target_from_spec("z3", None, &z3str3).expect("libz3-dev is installed");
    assert!(!stats(&mut first).contains(":seq-"));
    // The next target on the same library, opened without options (as
    // `confirm` opens a finding's solver after trying other seeds on it):
    // Z3's default string solver again.
    let mut next = target_from_spec("z3", None, &TargetOptions::default()).unwrap();
    assert!(stats(&mut next).contains(":seq-"));

    // A refusal restores what this open accepted, not an earlier open's.
    let lib = Z3Library::load(None).unwrap();
    lib.set_options(&[option("smt.string_solver=z3str3")])
        .unwrap();
    lib.set_options(&[]).unwrap();
    lib.set_option(&option("smt.string_solver=bogus"))
        .unwrap_err();
    assert!(lib.eval(STATS_QUERY, Some(5000)).contains(":seq-"));
}

/// A folder with three labelled files.
fn three_files(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("equifuzz-opts-{tag}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..3 {
        std::fs::write(
            dir.join(format!("f{i}.smt2")),
            format!(
                "(set-info :status sat)\n(declare-const x String)\n\
                 (assert (= (str.len x) {i}))\n(check-sat)\n"
            ),
        )
        .unwrap();
    }
    dir
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .arg("run")
        .arg(dir)
        .args(args)
        .env("EQUIFUZZ_CACHE", dir.join("no-cache"))
        .output()
        .unwrap()
}

/// Exit code 2, and the solver's message `says` on one error line.
fn refused_once(out: &Output, says: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    assert!(stderr.contains(says), "{stderr}");
    assert!(!stdout.contains("f0.smt2"), "no file was judged: {stdout}");
}

#[test]
fn an_option_libz3_refuses_stops_run_once_with_z3s_message() {
    let dir = three_files("libz3");
    let ok = run(&dir, &["--solver-option", "smt.string_solver=z3str3"]);
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.matches("sat (model checked)").count(), 3, "{stdout}");
    refused_once(
        &run(&dir, &["--solver-option", "nosuchmodule.key=1"]),
        "unknown module 'nosuchmodule'",
    );
    refused_once(
        &run(&dir, &["--solver-option", "smt.string_solver=bogus"]),
        "Invalid string solver value",
    );
    // Not KEY=VALUE: refused when the command line is read.
    let out = run(&dir, &["--solver-option", "strings-exp"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give KEY=VALUE"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn binaries_get_options_as_their_own_flags() {
    let dir = three_files("binaries");
    if cvc5::cvc5_or_skip("binaries_get_options_as_their_own_flags (cvc5)") {
        let ok = run(
            &dir,
            &["--target", "cvc5", "--solver-option", "strings-fmf=true"],
        );
        assert_eq!(ok.status.code(), Some(0), "{ok:?}");
        refused_once(
            &run(
                &dir,
                &["--target", "cvc5", "--solver-option", "bogus-opt=1"],
            ),
            "bogus-opt",
        );
    }
    if let Some(z3) =
        solver_cache::z3_binary_or_skip("4.8.14.0", "binaries_get_options_as_their_own_flags (z3)")
    {
        let target = format!("cmd:{} -in", z3.display());
        let ok = run(
            &dir,
            &[
                "--target",
                &target,
                "--solver-option",
                "smt.string_solver=z3str3",
            ],
        );
        assert_eq!(ok.status.code(), Some(0), "{ok:?}");
        refused_once(
            &run(
                &dir,
                &[
                    "--target",
                    &target,
                    "--solver-option",
                    "smt.string_solver=bogus",
                ],
            ),
            "Invalid string solver value",
        );
    }
    // A program whose option syntax equifuzz does not know.
    refused_once(
        &run(
            &dir,
            &["--target", "cmd:/bin/cat", "--solver-option", "a=1"],
        ),
        "give other solvers' flags in the cmd: words",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_option_value_a_release_accepts_but_cannot_use_is_refused_at_start() {
    let test = "an_option_value_a_release_accepts_but_cannot_use_is_refused_at_start";
    let Some(lib) = solver_cache::z3_lib_or_skip("5.4.1.0", test) else {
        return;
    };
    // Z3 5.4 has no z3str3 any more, yet takes the value and then answers
    // every string query `unknown`.
    let dir = three_files("z3str3-gone");
    let lib = lib.to_str().unwrap();
    refused_once(
        &run(
            &dir,
            &[
                "--solver-lib",
                lib,
                "--solver-option",
                "smt.string_solver=z3str3",
            ],
        ),
        "answers `unknown` to a trivial string query",
    );
    let ok = run(
        &dir,
        &[
            "--solver-lib",
            lib,
            "--solver-option",
            "smt.string_solver=seq",
        ],
    );
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
    std::fs::remove_dir_all(&dir).ok();
}
