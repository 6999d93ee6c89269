//! Differential test of the bit-vector and array semantics against Z3
//! (in-process libz3) and cvc5 (the binary on PATH, or the libcvc5 of a
//! wheel in process) on random constant terms that combine bit-vectors and
//! arrays with integers, strings and regular expressions
//! (`tests/common/combined_terms.rs`).
//!
//! For each term `t` with value `v` under `semantics::eval` the solver is
//! asked `(assert (not (= t v)))`, in batches (`(not (and (= t1 v1) ...))`)
//! split in halves until every disagreeing term stands alone: `unsat`
//! agrees, `sat` disagrees, `unknown` and errors are counted. Values are
//! printed as literals: `#x..`/`#b..`, and arrays as `(store ... ((as
//! const (Array I E)) d) ...)`. Any disagreement fails the test unless it
//! is listed in `tests/data/combined-known.txt` (solver name, tab, the
//! term, tab, the explanation citing the standard).
//!
//! `EQUIFUZZ_DIFF_TERMS` sets the number of terms (default 10,000),
//! `EQUIFUZZ_DIFF_SEED` the seed, `EQUIFUZZ_Z3_LIB` another libz3 (Z3
//! 5.4.1: `scripts/combined-vs-solvers.sh`), `EQUIFUZZ_CVC5_LIB` the
//! libcvc5 for the in-process test.

#[path = "common/combined_terms.rs"]
mod combined_terms;
#[path = "common/cvc5.rs"]
mod cvc5;
#[path = "common/differential.rs"]
mod differential;
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use combined_terms::CombinedTerms;
use differential::{Case, Judge, Tally, term_count};
use equifuzz::semantics::{EvalError, eval_closed};
use equifuzz::solver::{
    Cvc5InProcessFork, Cvc5Library, RawOutcome, SolverOption, Target, Z3InProcessFork,
};
use equifuzz::term::{Printer, Term};

const SEED: u64 = 0xb17_a55a;
const DEPTH: usize = 4;
const BATCH: usize = 25;
/// Z3 4.8.12 in process overruns its own `timeout` on RegLan-keyed arrays
/// (its rewriter decides language equality without checking the clock):
/// every query runs in a fork child killed at this deadline.
const DEADLINE: Duration = Duration::from_secs(4);

/// The text a fork target answered; a deadline is `timeout`.
fn answer(outcome: RawOutcome) -> String {
    match outcome {
        RawOutcome::Finished { stdout, .. } => stdout,
        RawOutcome::Timeout { .. } => "timeout".into(),
        other => format!("(error \"{other:?}\")"),
    }
}

/// The terms over RegLan-keyed arrays, asked apart: a fiftieth as many
/// (Z3 times out on about one in twenty, at a deadline each).
fn reglan_count() -> usize {
    (term_count() / 50).max(20)
}

/// The part of a solver's error message that says it refuses what it was
/// asked (cvc5 has no RegLan values for `(as const ...)`, no RegLan
/// equality, no write chains between two constant arrays): the query is
/// not expressible there, neither agreement nor disagreement.
const REFUSALS: &[&str] = &["not supported", "does not yet support", "expected a value"];

/// The terms with our values; and how many were skipped because the
/// semantics does not decide them (a regex question over budget).
fn cases(count: usize, reglan_keys: bool) -> (Vec<Case>, usize) {
    let seed = differential::seed(SEED);
    let mut g = CombinedTerms::new(seed, DEPTH).with_reglan_keys(reglan_keys);
    let p = Printer::default();
    let (mut out, mut skipped) = (Vec::new(), 0);
    for _ in 0..count {
        let t = g.any();
        match eval_closed(&t) {
            Ok(v) => out.push(Case {
                term: p.term(&t),
                value: p.term(&v.to_term()),
                equation: p.term(&Term::eq(t.clone(), v.to_term())),
            }),
            Err(EvalError::Undecided(_) | EvalError::TooLarge(_)) => skipped += 1,
            Err(e) => panic!("the generator made a term we cannot evaluate: {t}: {e}"),
        }
    }
    (out, skipped)
}

/// Runs every case through `run` and prints the counts (the line the
/// measuring script collects).
fn differential(name: &str, reglan_keys: bool, run: &mut dyn FnMut(&str) -> String) -> Tally {
    let count = if reglan_keys {
        reglan_count()
    } else {
        term_count()
    };
    let (cases, skipped) = cases(count, reglan_keys);
    let what = if reglan_keys {
        "RegLan-keyed"
    } else {
        "combined"
    };
    let known = differential::known("combined-known.txt", name);
    // One by one after a failed batch: a term the solver cannot decide
    // costs one deadline per query it is in.
    let judge = Judge {
        known: &known,
        refusals: REFUSALS,
        halve: false,
        slow: Some(DEADLINE),
    };
    let mut t = Tally::default();
    let started = std::time::Instant::now();
    for batch in cases.chunks(BATCH) {
        judge.judge(batch, run, &mut t);
    }
    println!(
        "COUNTS {name} {what}: {} terms, {skipped} skipped (undecided here), {} agreed, \
         {} unknown or timeout, {} refused, {} known deviations, {} new disagreements, \
         {} errors; {} queries in {:.1?}",
        cases.len() + skipped,
        t.agreed,
        t.unknown,
        t.refused,
        t.known,
        t.new.len(),
        t.errors.values().sum::<usize>(),
        t.queries,
        started.elapsed()
    );
    t.print_details();
    t
}

/// Both runs: the combined terms, then the RegLan-keyed ones.
fn both(name: &str, run: &mut dyn FnMut(&str) -> String) {
    let t = differential(name, false, run);
    check(name, &t, term_count());
    let t = differential(name, true, run);
    check(name, &t, reglan_count());
}

/// No new disagreement, no error, at least half the terms agreed on.
fn check(name: &str, t: &Tally, count: usize) {
    differential::check(name, t, count / 2);
}

#[test]
fn combined_semantics_agrees_with_z3() {
    let path = std::env::var_os("EQUIFUZZ_Z3_LIB").map(PathBuf::from);
    let mut z3 = Z3InProcessFork::load(path.as_deref()).expect("libz3 is installed");
    let name = format!(
        "z3-{}",
        z3.library()
            .version()
            .trim_start_matches("Z3 ")
            .trim_end_matches(".0")
    );
    let mut run = |s: &str| answer(z3.run(s, DEADLINE));
    both(&name, &mut run);
}

#[test]
fn combined_semantics_agrees_with_cvc5() {
    if !cvc5::cvc5_or_skip("combined_semantics_agrees_with_cvc5") {
        return;
    }
    let name = cvc5::binary_name();
    let mut run = |s: &str| cvc5::run_binary(&["--lang", "smt2", "--tlimit=4000"], s);
    both(&name, &mut run);
}

#[test]
fn combined_semantics_agrees_with_cvc5_in_process() {
    let Some(path) =
        solver_cache::cvc5_lib_or_skip("combined_semantics_agrees_with_cvc5_in_process")
    else {
        return;
    };
    let lib = Cvc5Library::load(&path).expect("the libcvc5 loads");
    let name = lib.version().replace(' ', "-");
    // cvc5 1.4 refuses constant arrays (STORE_ALL) without --arrays-exp.
    let arrays_exp = SolverOption {
        key: "arrays-exp".into(),
        value: "true".into(),
    };
    let mut cvc5 = Cvc5InProcessFork::new(lib, &[arrays_exp]).expect("a cvc5 solver");
    let mut run = |s: &str| answer(cvc5.run(&format!("(set-logic ALL)\n{s}"), DEADLINE));
    both(&name, &mut run);
}

/// The generator is deterministic and reaches every bit-vector operator,
/// `select` and `store`, so the differential test covers them all.
#[test]
fn generator_is_deterministic_and_covers_every_operator() {
    let mut a = CombinedTerms::new(SEED, DEPTH).with_reglan_keys(true);
    let mut b = CombinedTerms::new(SEED, DEPTH).with_reglan_keys(true);
    let mut seen = BTreeSet::new();
    let mut indexed = BTreeSet::new();
    for _ in 0..3000 {
        let t = a.any();
        assert_eq!(t, b.any());
        for op in t.operators() {
            indexed.insert(op.name());
            seen.insert(op);
        }
    }
    let missing: Vec<_> = combined_terms::operators()
        .into_iter()
        .filter(|op| !seen.contains(op))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
    for name in [
        "extract",
        "repeat",
        "zero_extend",
        "sign_extend",
        "rotate_left",
        "rotate_right",
        "int2bv",
    ] {
        assert!(indexed.contains(name), "never generated: {name}");
    }
}
