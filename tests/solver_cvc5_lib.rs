//! cvc5 in process (`--target cvc5 --solver-lib PATH`) on the libcvc5 of a
//! PyPI cvc5 wheel: what it answers, how it isolates queries, and how bad
//! libraries and options are refused. Skipped, with a line saying so, when
//! no wheel is unpacked (see `tests/common/solver_cache.rs`).
//!
//! Every test holds `SERIAL`: the target forks, and must not while another
//! thread of this binary is inside cvc5.

#[allow(dead_code)]
#[path = "common/solver_cache.rs"]
mod solver_cache;

use std::process::Command;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use equifuzz::solver::{
    Cvc5InProcessFork, Cvc5Library, Cvc5Worker, RawOutcome, SolverOption, Target, TargetOptions,
    target_from_spec,
};
use equifuzz::term::Dialect;

static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

const TEN_SECONDS: Duration = Duration::from_secs(10);

fn stdout(outcome: RawOutcome) -> String {
    match outcome {
        RawOutcome::Finished { stdout, .. } => stdout,
        other => panic!("not finished: {other}"),
    }
}

fn option(text: &str) -> SolverOption {
    text.parse().unwrap()
}

#[test]
fn answers_are_the_text_the_binary_prints() {
    let Some(path) = solver_cache::cvc5_lib_or_skip("answers_are_the_text_the_binary_prints")
    else {
        return;
    };
    let _s = serial();
    let lib = Cvc5Library::load(&path).unwrap();
    assert!(lib.version().starts_with("cvc5 1."), "{}", lib.version());
    let mut t = Cvc5InProcessFork::new(lib, &[]).unwrap();
    assert_eq!(t.name(), "cvc5");
    assert_eq!(t.dialect(), Dialect::Cvc5);
    // Models are on and the extended functions need no flag, as with the binary.
    let sat = stdout(t.run(
        "(declare-const x String)(assert (= (str.replace_all x \"a\" \"b\") \"bb\"))\
         (assert (= (str.len x) 2))(assert (str.contains x \"a\"))(assert (str.prefixof \"b\" x))\
         (check-sat)(get-value (x))",
        TEN_SECONDS,
    ));
    assert_eq!(sat, "sat\n((x \"ba\"))\n");
    let unsat = stdout(t.run(
        "(set-option :produce-unsat-cores true)(declare-const x Int)\
         (assert (! (> x 0) :named a1))(assert (! (< x 0) :named a2))(assert (! (> x 5) :named a3))\
         (check-sat)(get-unsat-core)",
        TEN_SECONDS,
    ));
    assert!(
        unsat.starts_with("unsat\n(") && unsat.contains("a2"),
        "{unsat}"
    );
    // An ill-sorted term: cvc5's error, and the script ends there.
    let err = stdout(t.run(
        "(declare-const x String)(assert (= x 1))(check-sat)",
        TEN_SECONDS,
    ));
    assert!(err.starts_with("(error \""), "{err}");
    assert!(!err.contains("sat"), "{err}");
    let parse = stdout(t.run("(check-sat)(assert (= 1 1)", TEN_SECONDS));
    assert!(parse.starts_with("sat\n(error \"Parse Error: "), "{parse}");
    // (exit) ends the script.
    assert_eq!(
        stdout(t.run("(check-sat)(exit)(check-sat)", TEN_SECONDS)),
        "sat\n"
    );
}

#[test]
fn each_query_starts_from_the_same_pristine_solver() {
    let Some(path) =
        solver_cache::cvc5_lib_or_skip("each_query_starts_from_the_same_pristine_solver")
    else {
        return;
    };
    let _s = serial();
    let mut t = Cvc5InProcessFork::new(Cvc5Library::load(&path).unwrap(), &[]).unwrap();
    let q = "(set-logic QF_SLIA)(declare-const x String)(assert (= x \"a\"))(check-sat)";
    // A second declaration of x, or a second set-logic, would be an error if
    // the first query's state had survived.
    for _ in 0..3 {
        assert_eq!(stdout(t.run(q, TEN_SECONDS)), "sat\n");
    }
}

#[test]
fn options_reach_the_solver_and_unknown_ones_are_refused_once() {
    let Some(path) = solver_cache::cvc5_lib_or_skip(
        "options_reach_the_solver_and_unknown_ones_are_refused_once",
    ) else {
        return;
    };
    let _s = serial();
    let lib = Cvc5Library::load(&path).unwrap();
    // produce-models is on by default; the user's option wins.
    let mut t = Cvc5InProcessFork::new(lib.clone(), &[option("produce-models=false")]).unwrap();
    let out = stdout(t.run(
        "(declare-const x Int)(assert (> x 2))(check-sat)(get-value (x))",
        TEN_SECONDS,
    ));
    assert!(out.starts_with("sat\n(error"), "{out}");
    let err = Cvc5InProcessFork::new(lib.clone(), &[option("no-such-option=1")])
        .err()
        .unwrap();
    assert!(err.contains("no-such-option"), "{err}");
    let err = Cvc5InProcessFork::new(lib, &[option("strings-exp=maybe")])
        .err()
        .unwrap();
    assert!(err.contains("strings-exp"), "{err}");
}

#[test]
fn the_soft_limit_ends_a_slow_query_with_unknown() {
    let Some(path) =
        solver_cache::cvc5_lib_or_skip("the_soft_limit_ends_a_slow_query_with_unknown")
    else {
        return;
    };
    let _s = serial();
    let mut t = Cvc5InProcessFork::new(Cvc5Library::load(&path).unwrap(), &[]).unwrap();
    // Nonlinear integer arithmetic with no small solution: cvc5 searches
    // until its limit.
    let slow = "(set-logic QF_NIA)(declare-const x Int)(declare-const y Int)(declare-const z Int)\
        (assert (> x 1))(assert (> y 1))(assert (> z 1))\
        (assert (= (+ (* x x x) (* y y y)) (* z z z)))(check-sat)";
    let start = std::time::Instant::now();
    let outcome = t.run(slow, Duration::from_millis(1500));
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    match outcome {
        RawOutcome::Finished { stdout, .. } => assert_eq!(stdout.trim(), "unknown"),
        RawOutcome::Timeout { .. } => {}
        other => panic!("{other}"),
    }
}

#[test]
fn the_spec_loads_cvc5_with_solver_lib_and_refuses_other_libraries() {
    let Some(path) = solver_cache::cvc5_lib_or_skip(
        "the_spec_loads_cvc5_with_solver_lib_and_refuses_other_libraries",
    ) else {
        return;
    };
    let _s = serial();
    let mut t = target_from_spec("cvc5", Some(&path), &TargetOptions::default()).unwrap();
    assert!(t.version().starts_with("cvc5 1."), "{}", t.version());
    assert_eq!(stdout(t.run("(check-sat)", TEN_SECONDS)), "sat\n");
    // libz3 as a libcvc5, and libcvc5 as a libz3: one line naming the symbol.
    let libz3 = ["/usr/lib/x86_64-linux-gnu/libz3.so", "/usr/lib/libz3.so"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    if let Some(z3) = libz3 {
        let err = target_from_spec("cvc5", Some(z3.as_ref()), &TargetOptions::default())
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("no cvc5_new (not a libcvc5)"), "{err}");
    }
    let err = target_from_spec("z3", Some(&path), &TargetOptions::default())
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("no symbol Z3_mk_config"), "{err}");
}

#[test]
fn run_judges_files_on_cvc5_in_process_and_bad_libraries_exit_2() {
    let test = "run_judges_files_on_cvc5_in_process_and_bad_libraries_exit_2";
    let Some(path) = solver_cache::cvc5_lib_or_skip(test) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("equifuzz-cvc5lib-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sat.smt2");
    std::fs::write(
        &file,
        "(set-info :status sat)\n(declare-const x String)\n\
         (assert (= (str.++ x \"b\") \"ab\"))\n(check-sat)\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_equifuzz"))
            .arg("run")
            .arg(&file)
            .args(args)
            .output()
            .unwrap()
    };
    let lib = path.to_str().unwrap();
    let out = run(&["--target", "cvc5", "--solver-lib", lib]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("sat (model checked)"), "{stdout}");
    assert!(stderr.contains("solver: cvc5 (cvc5 1."), "{stderr}");
    // An unknown option: cvc5's own message, once, and exit 2.
    let out = run(&[
        "--target",
        "cvc5",
        "--solver-lib",
        lib,
        "--solver-option",
        "bogus-opt=1",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    assert!(stderr.contains("unrecognized option"), "{stderr}");
    // Not a library at all: one line, exit 2.
    let out = run(&["--target", "cvc5", "--solver-lib", file.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Nonlinear integer arithmetic with no small solution: cvc5 searches
/// until its limit.
const SLOW: &str = "(set-logic QF_NIA)(declare-const x Int)(declare-const y Int)\
    (declare-const z Int)(assert (> x 1))(assert (> y 1))(assert (> z 1))\
    (assert (= (+ (* x x x) (* y y y)) (* z z z)))(check-sat)";

#[test]
fn the_warm_worker_answers_query_after_query_and_nothing_leaks_between_them() {
    let test = "the_warm_worker_answers_query_after_query_and_nothing_leaks_between_them";
    let Some(path) = solver_cache::cvc5_lib_or_skip(test) else {
        return;
    };
    let _s = serial();
    let mut t = Cvc5Worker::new(Cvc5Library::load(&path).unwrap(), &[]).unwrap();
    assert!(t.takes_soft_limit());
    // A query that sets an option, a logic and declares x; the next one
    // declares x again and asks for a model: an error if anything of the
    // first had survived.
    let first = "(set-option :produce-models false)(set-logic QF_LIA)(declare-const x Int)\
                 (assert (> x 2))(check-sat)(get-value (x))";
    let second = "(set-logic QF_SLIA)(declare-const x String)(assert (= x \"ab\"))\
                  (check-sat)(get-value (x))";
    for _ in 0..3 {
        let out = stdout(t.run(first, TEN_SECONDS));
        assert!(out.starts_with("sat\n(error"), "{out}");
        assert_eq!(stdout(t.run(second, TEN_SECONDS)), "sat\n((x \"ab\"))\n");
    }
    assert_eq!(t.starts(), 1, "one worker for every query");
    // A finding is confirmed on a fork of a pristine solver, outside the
    // worker.
    let fresh = t.run_fresh(second, 1_000, TEN_SECONDS).unwrap();
    assert_eq!(stdout(fresh), "sat\n((x \"ab\"))\n");
    assert_eq!(t.starts(), 1);
}

#[test]
fn the_warm_worker_takes_each_query_s_soft_limit_and_survives_its_deadline() {
    let test = "the_warm_worker_takes_each_query_s_soft_limit_and_survives_its_deadline";
    let Some(path) = solver_cache::cvc5_lib_or_skip(test) else {
        return;
    };
    let _s = serial();
    let mut t = Cvc5Worker::new(Cvc5Library::load(&path).unwrap(), &[]).unwrap();
    // A soft limit of 100 ms far below the deadline: cvc5's own unknown.
    let start = std::time::Instant::now();
    let out = t.run_within(SLOW, 100, TEN_SECONDS);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(stdout(out).trim(), "unknown");
    // A soft limit past the deadline: the worker is killed at the deadline,
    // and the next query gets a new one.
    let out = t.run_within(SLOW, 60_000, Duration::from_millis(300));
    assert!(matches!(out, RawOutcome::Timeout { .. }), "{out}");
    assert_eq!(stdout(t.run("(check-sat)", TEN_SECONDS)), "sat\n");
    assert_eq!(t.starts(), 2, "a new worker after the kill");
}

#[test]
fn constant_arrays_are_answered_not_refused_on_both_in_process_targets() {
    let test = "constant_arrays_are_answered_not_refused_on_both_in_process_targets";
    let Some(path) = solver_cache::cvc5_lib_or_skip(test) else {
        return;
    };
    let _s = serial();
    let lib = Cvc5Library::load(&path).unwrap();
    let q = "(declare-const a (Array Int Int))(assert (= a ((as const (Array Int Int)) 7)))\
             (assert (= (select a 3) 7))(check-sat)";
    let plain = "(declare-const a (Array Int Int))(assert (= (select a 3) 7))(check-sat)";
    let mut fork = Cvc5InProcessFork::new(lib.clone(), &[]).unwrap();
    let mut worker = Cvc5Worker::new(lib.clone(), &[]).unwrap();
    let targets: [&mut dyn Target; 2] = [&mut fork, &mut worker];
    for t in targets {
        assert_eq!(stdout(t.run(q, TEN_SECONDS)), "sat\n");
        // The option is the case's: the next query runs without it.
        assert_eq!(stdout(t.run(plain, TEN_SECONDS)), "sat\n");
    }
    // The user's word wins over the case's need: cvc5's own refusal.
    let off = [option("arrays-exp=false")];
    let mut fork = Cvc5InProcessFork::new(lib.clone(), &off).unwrap();
    let mut worker = Cvc5Worker::new(lib, &off).unwrap();
    let targets: [&mut dyn Target; 2] = [&mut fork, &mut worker];
    for t in targets {
        let out = stdout(t.run(q, TEN_SECONDS));
        assert!(out.starts_with("(error"), "{out}");
    }
}
