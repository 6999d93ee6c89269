//! A case's Z3 settings, as the warm worker runs them: one query's
//! `(set-option ...)` of a global parameter never reaches the next, on a
//! warm or a fresh context, and a query asking for proofs gets one on a
//! warm worker (see `solver::z3::library` and `solver::z3::worker`). Forking tests,
//! in a test binary of their own.

use std::time::Duration;

use equifuzz::solver::Z3Library;
use equifuzz::solver::z3::library::params_lock;
use equifuzz::solver::z3::worker::{Context, ProcessAnswer, Z3Process};

fn lib(test: &str) -> Option<Z3Library> {
    match Z3Library::load(None) {
        Ok(lib) => Some(lib),
        Err(e) => {
            eprintln!("SKIPPED: {test}: no libz3: {e}");
            None
        }
    }
}

#[test]
fn one_querys_settings_do_not_reach_the_next_on_either_context() {
    let Some(lib) = lib("one_querys_settings_do_not_reach_the_next_on_either_context") else {
        return;
    };
    let _params = params_lock();
    let mut z3 = Z3Process::new(lib);
    let read = "(get-option :smt.relevancy)(check-sat)";
    let ask = |z3: &mut Z3Process, script: &str, context| match z3.eval(
        script,
        context,
        5_000,
        Duration::from_secs(30),
    ) {
        ProcessAnswer::Answered(out) => out,
        other => panic!("{other:?}"),
    };
    let default = ask(&mut z3, read, Context::Warm);
    assert!(!default.starts_with("0"), "{default}");
    for context in [Context::Warm, Context::Fresh] {
        let set = ask(
            &mut z3,
            &format!("(set-option :smt.relevancy 0){read}"),
            context,
        );
        assert!(set.starts_with("0"), "{context:?}: {set}");
        for next in [Context::Warm, Context::Fresh, Context::Warm] {
            assert_eq!(
                ask(&mut z3, read, next),
                default,
                "{context:?} then {next:?}"
            );
        }
    }
    assert_eq!(z3.starts().0, 1, "one worker throughout");
}

#[test]
fn a_query_asking_for_proofs_gets_one_on_a_warm_worker() {
    let Some(lib) = lib("a_query_asking_for_proofs_gets_one_on_a_warm_worker") else {
        return;
    };
    let _params = params_lock();
    let mut z3 = Z3Process::new(lib);
    let q = "(set-option :produce-proofs true)\n(declare-const x Int)\n\
             (assert (> x 0))(assert (< x 0))(check-sat)(get-proof)";
    for _ in 0..2 {
        z3.eval("(check-sat)", Context::Warm, 5_000, Duration::from_secs(30));
        let out = z3.eval(q, Context::Warm, 5_000, Duration::from_secs(30));
        let ProcessAnswer::Answered(text) = out else {
            panic!("{out:?}")
        };
        assert!(
            text.starts_with("unsat\n(") && !text.contains("error"),
            "{text}"
        );
    }
}

#[test]
fn rewriter_settings_are_taken_query_after_query_on_z3_5() {
    // Z3 5.4.1 refused every rewriter.* key ("unknown module 'rewriter'")
    // once its global parameters had been reset with
    // Z3_global_param_reset_all, the restore first used here.
    let wheel = std::env::var_os("HOME")
        .map(std::path::PathBuf::from)
        .map(|h| h.join(".cache/equifuzz/solvers/z3-5.4.1.0/x/z3/lib/libz3.so"))
        .filter(|p| p.exists());
    let Some(lib) = wheel.and_then(|p| Z3Library::load(Some(&p)).ok()) else {
        eprintln!("SKIPPED: rewriter_settings_are_taken_query_after_query_on_z3_5: no 5.4.1 wheel");
        return;
    };
    let _params = params_lock();
    let mut z3 = Z3Process::new(lib);
    let keys = [
        "rewriter.flat false",
        "smt.relevancy 0",
        "rewriter.hoist_ite false",
    ];
    for i in 0..12 {
        let script = format!(
            "(set-option :{})\n(declare-const x Int)(assert (> x {i}))(check-sat)",
            keys[i % keys.len()]
        );
        let context = if i % 5 == 0 {
            Context::Fresh
        } else {
            Context::Warm
        };
        let out = z3.eval(&script, context, 5_000, Duration::from_secs(30));
        assert_eq!(
            out,
            ProcessAnswer::Answered("sat\n".into()),
            "{i}: {script}"
        );
    }
}
