//! Regression (issue 42): on Z3 5.4.1, a front-end `set-option`, then
//! `Z3_global_param_reset_all`, then another front-end `set-option` leave
//! every later `rewriter.*` key refused ("unknown module 'rewriter'";
//! 4.8.5 to 5.1.0 do not). Opening a target reset Z3's parameters that
//! way, so `diagnose`, which opens a target per self-check, replayed a
//! finding that sets a `rewriter.*` key as an error under
//! `smt.seq.validate`, and the finding had no evidence. An open now puts
//! back the values of the keys the last open set.
//!
//! A test binary of its own: Z3's parameters are process-wide, and this
//! one loads the Z3 5.4.1 wheel (SKIPPED visibly without it), no other
//! libz3.

#[allow(dead_code)]
#[path = "common/solver_cache.rs"]
mod solver_cache;

use equifuzz::solver::{SolverOption, Z3Library};

fn option(text: &str) -> SolverOption {
    text.parse().unwrap()
}

#[test]
fn reopening_z3_5_4_1_keeps_its_rewriter_parameters_known() {
    let test = "reopening_z3_5_4_1_keeps_its_rewriter_parameters_known";
    let Some(path) = solver_cache::z3_lib_or_skip("5.4.1.0", test) else {
        return;
    };
    let lib = Z3Library::load(Some(&path)).expect("the wheel's libz3 loads");
    // As diagnose opens its targets: one self-check, then the next.
    lib.set_options(&[option("smt.relevancy=1")]).unwrap();
    lib.set_options(&[option("smt.seq.validate=true")]).unwrap();
    let said = lib.eval("(set-option :rewriter.flat false)", None);
    assert!(!said.contains("error"), "Z3 refused a rewriter key: {said}");
    // What the first open set did not carry over; a refused value is
    // not left behind.
    lib.set_options(&[]).unwrap();
    lib.set_option(&option("smt.string_solver=bogus"))
        .unwrap_err();
    let values = lib.save_parameters(&[
        "smt.relevancy".into(),
        "smt.seq.validate".into(),
        "smt.string_solver".into(),
    ]);
    let values: Vec<(String, String)> = values
        .into_iter()
        .map(|(k, v)| (k.into_string().unwrap(), v.into_string().unwrap()))
        .collect();
    assert_eq!(
        values,
        [
            ("smt.relevancy".to_string(), "2".to_string()),
            ("smt.seq.validate".to_string(), "false".to_string()),
            ("smt.string_solver".to_string(), "seq".to_string()),
        ]
    );
    let said = lib.eval("(set-option :rewriter.flat false)", None);
    assert!(!said.contains("error"), "Z3 refused a rewriter key: {said}");
}
