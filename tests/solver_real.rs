//! The targets on the real solvers: the system libz3 (always installed) and
//! cvc5 (skipped, loudly, when it is not on PATH).
//!
//! Every test holds `SERIAL`: the fork target must not fork while another
//! thread of this binary runs Z3 (see `solver::z3::target`).

#[path = "common/cvc5.rs"]
mod cvc5;

use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use equifuzz::solver::{
    ContextMode, ProcessTarget, RawOutcome, Target, TargetOptions, Z3InProcess, Z3InProcessFork,
    Z3Library, target_from_spec,
};

static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

const SECOND: Duration = Duration::from_secs(1);

const STRING_QUERY: &str = r#"(set-option :produce-models true)
(declare-const x String)
(assert (= (str.++ x "b") "ab"))
(check-sat)
(get-value (x))
"#;

const CORE_QUERY: &str = r#"(set-option :produce-unsat-cores true)
(declare-const x Int)
(assert (! (> x 0) :named a1))
(assert (! (< x 0) :named a2))
(assert (! (= x x) :named a3))
(check-sat)
(get-unsat-core)
"#;

/// Unsat, and Z3 4.8.12 and 5.3.3 search for minutes without a timeout.
const SLOW_QUERY: &str = r#"(declare-const y String)
(assert (str.in_re y (re.++ (re.range "a" "z") (re.+ (str.to_re "d")))))
(assert (str.contains y "bcba"))
(check-sat)
"#;

fn finished(outcome: RawOutcome) -> String {
    match outcome {
        RawOutcome::Finished { stdout, .. } => stdout,
        other => panic!("expected a finished run, got {other:?}"),
    }
}

#[test]
fn fork_and_in_process_z3_answer_alike() {
    let _g = serial();
    let lib = Z3Library::load(None).unwrap();
    let mut inproc = Z3InProcess::new(lib.clone());
    let expected = finished(inproc.run(STRING_QUERY, 10 * SECOND));
    assert_eq!(expected, "sat\n((x \"a\"))\n");
    for mode in [
        ContextMode::Warm,
        ContextMode::Inherited,
        ContextMode::Fresh,
    ] {
        let mut fork = Z3InProcessFork::new(lib.clone()).with_context_mode(mode);
        assert!(fork.version().starts_with("Z3 4."), "{}", fork.version());
        // The system's Z3 (4.8.12 on Debian) reads SMT-LIB 2.6 names and
        // literals.
        assert!(!fork.dialect().legacy_names() && !fork.dialect().byte_escapes());
        // Twice: the first child must leave nothing behind for the second.
        for _ in 0..2 {
            assert_eq!(
                finished(fork.run(STRING_QUERY, 10 * SECOND)),
                expected,
                "{mode:?}"
            );
            let core = finished(fork.run(CORE_QUERY, 10 * SECOND));
            assert!(
                core.starts_with("unsat\n(") && core.contains("a1") && core.contains("a2"),
                "{core}"
            );
        }
    }
}

/// Scripts whose output must not depend on where the context came from.
const MODE_TABLE: &[&str] = &[
    "(set-logic QF_SLIA)(declare-const x String)(assert (= (str.len x) 3))(check-sat)(get-value ((str.len x)))",
    "(set-logic ALL)(set-option :produce-models true)(declare-const s String)\
     (assert (str.in_re s (re.+ (str.to_re \"ab\"))))(assert (> (str.len s) 2))(check-sat)(get-model)",
    "(set-option :produce-unsat-cores true)(declare-const x Int)(assert (! (> x 0) :named a1))\
     (push 1)(assert (! (< x 0) :named a2))(check-sat)(get-unsat-core)(pop 1)(check-sat)",
    "(set-option :print-success true)(declare-const x Int)(assert (= x 1))(check-sat)",
    "(declare-const x Int)(check-sat)(get-info :reason-unknown)(set-logic QF_LIA)",
    "(assert (= 1 \"a\"))(check-sat)(get-model)",
    "(declare-fun f (Int) Int)(assert (= (f 1) 2))(check-sat)(reset)(declare-const f Int)(check-sat)",
    "(get-option :timeout)",
];

#[test]
fn every_context_mode_answers_like_a_fresh_in_process_context() {
    let _g = serial();
    let lib = Z3Library::load(None).unwrap();
    let timeout = 10 * SECOND;
    let mut inproc = Z3InProcess::new(lib.clone());
    let mut modes: Vec<Z3InProcessFork> = [
        ContextMode::Warm,
        ContextMode::Inherited,
        ContextMode::Fresh,
    ]
    .into_iter()
    .map(|m| Z3InProcessFork::new(lib.clone()).with_context_mode(m))
    .collect();
    for script in MODE_TABLE {
        let expected = finished(inproc.run(script, timeout));
        for fork in &mut modes {
            // Twice: a child leaves nothing behind for the next.
            for _ in 0..2 {
                assert_eq!(finished(fork.run(script, timeout)), expected, "{script}");
            }
        }
    }
}

#[test]
fn the_soft_timeout_reaches_a_fork_child() {
    let _g = serial();
    let mut fork = Z3InProcessFork::load(None).unwrap();
    // Soft timeout 1.6 s: Z3 answers unknown before the 2 s kill.
    let out = fork.run(SLOW_QUERY, 2 * SECOND);
    match &out {
        RawOutcome::Finished { stdout, .. } => assert_eq!(stdout.trim(), "unknown", "{out:?}"),
        other => panic!("expected Z3's own unknown, got {other:?}"),
    }
    // A script's own timeout wins over the soft one; the hard one still holds.
    let budget = Duration::from_millis(400);
    let out = fork.run(
        &format!("(set-option :timeout 100000)\n{SLOW_QUERY}"),
        budget,
    );
    assert!(matches!(out, RawOutcome::Timeout { .. }), "{out:?}");
    assert!(out.elapsed() < budget + SECOND, "{:?}", out.elapsed());
}

#[test]
fn the_default_spec_is_a_working_fork_target() {
    let _g = serial();
    let mut t = target_from_spec("z3", None, &TargetOptions::default()).unwrap();
    assert_eq!(t.name(), "z3");
    assert_eq!(
        finished(t.run(STRING_QUERY, 10 * SECOND)),
        "sat\n((x \"a\"))\n"
    );
    let err = finished(t.run("(assert (= 1 \"a\"))(check-sat)", 10 * SECOND));
    assert!(
        err.contains("(error"),
        "Z3's errors come back as text: {err}"
    );
}

#[test]
fn the_memory_limit_reaches_a_real_z3_child() {
    let _g = serial();
    // Bit-blasting a 2048-bit multiplier wants hundreds of MiB; unlimited,
    // it runs for many seconds.
    let hungry = "(declare-const a (_ BitVec 2048))(declare-const b (_ BitVec 2048))\
                  (assert (= (bvmul a b) (bvadd a (_ bv7 2048))))(assert (not (= a (_ bv0 2048))))\
                  (assert (bvugt b (_ bv1 2048)))(check-sat)(get-info :reason-unknown)";
    let mut z3 = Z3InProcessFork::load(None)
        .unwrap()
        .with_memory_limit(Some(64 << 20));
    // Z3 4.8.12 catches its own allocation failure and answers; a build
    // that dies of it instead is reported as out of memory.
    match z3.run(hungry, 20 * SECOND) {
        RawOutcome::Finished { stdout, .. } => {
            assert_eq!(stdout, "unknown\n(:reason-unknown \"out of memory\")\n")
        }
        RawOutcome::OutOfMemory { .. } => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(
        finished(z3.run(STRING_QUERY, 10 * SECOND)),
        "sat\n((x \"a\"))\n"
    );
}

/// cvc5 as a target, or `None` after a visible skip (a failure under CI).
fn cvc5(test: &str) -> Option<ProcessTarget> {
    if !cvc5::cvc5_or_skip(test) {
        return None;
    }
    Some(ProcessTarget::cvc5().expect("cvc5 is on PATH"))
}

#[test]
fn a_missing_solver_is_a_visible_skip_locally() {
    assert!(!cvc5::present_or_skip(
        "equifuzz-no-such-solver",
        "a_missing_solver_is_a_visible_skip_locally",
        false
    ));
}

#[test]
#[should_panic(expected = "CI must run this test")]
fn a_missing_solver_fails_under_ci() {
    cvc5::present_or_skip(
        "equifuzz-no-such-solver",
        "a_missing_solver_fails_under_ci",
        true,
    );
}

#[test]
fn cvc5_answers_models_and_cores_through_stdin() {
    let _g = serial();
    let Some(mut cvc5) = cvc5("cvc5_answers_models_and_cores_through_stdin") else {
        return;
    };
    assert!(cvc5.version().starts_with("cvc5 1."), "{}", cvc5.version());
    // Debian's 1.0.3 is Cvc5Legacy, a newer binary Cvc5: either is cvc5's.
    assert!(cvc5.dialect().is_cvc5(), "{}", cvc5.dialect());
    assert_eq!(
        finished(cvc5.run(STRING_QUERY, 10 * SECOND)),
        "sat\n((x \"a\"))\n"
    );
    let core = finished(cvc5.run(CORE_QUERY, 10 * SECOND));
    assert!(
        core.starts_with("unsat\n(") && core.contains("a1") && core.contains("a2"),
        "{core}"
    );
    // Two queries and an extended string function need the default flags.
    let two = "(declare-const x String)(assert (= (str.replace_all x \"a\" \"b\") \"bb\"))\
               (check-sat)(assert (= x \"\"))(check-sat)";
    assert_eq!(finished(cvc5.run(two, 10 * SECOND)), "sat\nunsat\n");
}

#[test]
fn cvc5_errors_finish_with_exit_code_one() {
    let _g = serial();
    let Some(mut cvc5) = cvc5("cvc5_errors_finish_with_exit_code_one") else {
        return;
    };
    match cvc5.run("(assert (= 1 \"a\"))(check-sat)", 10 * SECOND) {
        RawOutcome::Finished {
            stdout,
            exit_code: 1,
            ..
        } => assert!(stdout.starts_with("(error"), "{stdout}"),
        other => panic!("{other:?}"),
    }
}
