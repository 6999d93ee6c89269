//! Differential test of the sequence semantics (`semantics::seq`) against
//! Z3 (in-process libz3: the 5.4.1 wheel, or `EQUIFUZZ_Z3_LIB`) and cvc5
//! (the libcvc5 of the 1.4.2 wheel, in process) on random constant terms
//! over `(Seq S)` for every element sort we draw (`tests/common/seq_terms.rs`).
//!
//! For each term `t` with value `v` the solver is asked `(assert (not (= t
//! v)))`, in batches split until every disagreeing term stands alone
//! (`tests/common/differential.rs`): `unsat` agrees, `sat` disagrees.
//! Each solver is asked only the terms its release can express (Z3 has no
//! `seq.rev`, `seq.update`, and before 5.x no `seq.replace_all`; cvc5 no
//! `seq.last_indexof`: `Dialect::lacks`). A term whose value we leave
//! open (`seq.nth` out of range) is skipped. Any disagreement fails the
//! test unless listed in `tests/data/seq-known.txt` (solver name, tab, the
//! term, tab, the explanation).
//!
//! `EQUIFUZZ_DIFF_TERMS` sets the number of terms (default 10,000),
//! `EQUIFUZZ_DIFF_SEED` the seed.

#[path = "common/differential.rs"]
mod differential;
#[path = "common/seq_terms.rs"]
mod seq_terms;
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use differential::{Case, Judge, Tally, term_count};
use equifuzz::semantics::{EvalError, eval_closed};
use equifuzz::solver::{
    Cvc5InProcessFork, Cvc5Library, RawOutcome, SolverOption, Target, Z3InProcessFork,
};
use equifuzz::term::{Dialect, Printer, Term};
use seq_terms::SeqTerms;

const SEED: u64 = 0x5e9_5e9;
const DEPTH: usize = 3;
const BATCH: usize = 25;
const DEADLINE: Duration = Duration::from_secs(4);

fn answer(outcome: RawOutcome) -> String {
    match outcome {
        RawOutcome::Finished { stdout, .. } => stdout,
        RawOutcome::Timeout { .. } => "timeout".into(),
        other => format!("(error \"{other:?}\")"),
    }
}

/// The terms a solver of `dialect` can express, with our values; and how
/// many were skipped because our value is open (`seq.nth` out of range)
/// or too large.
fn cases(dialect: Dialect) -> (Vec<Case>, usize) {
    let mut g = SeqTerms::new(differential::seed(SEED), DEPTH);
    let p = Printer::new(dialect);
    let (mut out, mut skipped) = (Vec::new(), 0);
    for _ in 0..term_count() {
        let t = g.any();
        if t.operators().iter().any(|&op| dialect.lacks(op)) {
            continue;
        }
        match eval_closed(&t) {
            Ok(v) => out.push(Case {
                term: p.term(&t),
                value: p.term(&v.to_term()),
                equation: p.term(&Term::eq(t.clone(), v.to_term())),
            }),
            Err(EvalError::Unspecified(_) | EvalError::TooLarge(_)) => skipped += 1,
            Err(e) => panic!("the generator made a term we cannot evaluate: {t}: {e}"),
        }
    }
    (out, skipped)
}

fn differential(name: &str, dialect: Dialect, run: &mut dyn FnMut(&str) -> String) {
    let (cases, skipped) = cases(dialect);
    let known = differential::known("seq-known.txt", name);
    let judge = Judge {
        known: &known,
        refusals: &[],
        halve: true,
        slow: Some(DEADLINE),
    };
    let mut t = Tally::default();
    let started = std::time::Instant::now();
    for batch in cases.chunks(BATCH) {
        judge.judge(batch, run, &mut t);
    }
    println!(
        "COUNTS {name} sequences: {} terms, {skipped} skipped (value open here), {} agreed, \
         {} unknown or timeout, {} known deviations, {} new disagreements, {} errors; \
         {} queries in {:.1?}",
        cases.len() + skipped,
        t.agreed,
        t.unknown,
        t.known,
        t.new.len(),
        t.errors.values().sum::<usize>(),
        t.queries,
        started.elapsed()
    );
    t.print_details();
    check(name, &t, cases.len());
}

fn check(name: &str, t: &Tally, count: usize) {
    differential::check(name, t, count / 2);
}

fn z3() -> Option<(String, Z3InProcessFork)> {
    let path = match std::env::var_os("EQUIFUZZ_Z3_LIB") {
        Some(p) => PathBuf::from(p),
        None => solver_cache::z3_lib_or_skip("5.4.1.0", "seq_semantics_agrees_with_z3")?,
    };
    let z3 = Z3InProcessFork::load(Some(&path)).expect("the libz3 loads");
    let name = format!(
        "z3-{}",
        z3.library()
            .version()
            .trim_start_matches("Z3 ")
            .trim_end_matches(".0")
    );
    Some((name, z3))
}

fn cvc5_solver(test: &str) -> Option<(String, Cvc5InProcessFork)> {
    let path = solver_cache::cvc5_lib_or_skip(test)?;
    let lib = Cvc5Library::load(&path).expect("the libcvc5 loads");
    let name = lib.version().replace(' ', "-");
    // cvc5 1.4 refuses constant arrays (STORE_ALL) without --arrays-exp.
    let arrays_exp = SolverOption {
        key: "arrays-exp".into(),
        value: "true".into(),
    };
    Some((
        name,
        Cvc5InProcessFork::new(lib, &[arrays_exp]).expect("a cvc5 solver"),
    ))
}

#[test]
fn seq_semantics_agrees_with_z3() {
    let Some((name, mut z3)) = z3() else { return };
    let dialect = equifuzz::solver::dialect_of_version(&z3.library().version());
    let mut run = |s: &str| answer(z3.run(s, DEADLINE));
    differential(&name, dialect, &mut run);
}

#[test]
fn seq_semantics_agrees_with_cvc5_in_process() {
    let Some((name, mut cvc5)) = cvc5_solver("seq_semantics_agrees_with_cvc5_in_process") else {
        return;
    };
    let mut run = |s: &str| answer(cvc5.run(&format!("(set-logic ALL)\n{s}"), DEADLINE));
    differential(&name, Dialect::Cvc5, &mut run);
}

/// `seq.nth` out of range is unconstrained in both solvers: a value there
/// can be any element, so two different values are each satisfiable (and
/// our semantics gives it none: a model check that needs it is
/// inconclusive, never a finding).
#[test]
fn nth_out_of_range_is_unconstrained_in_both_solvers() {
    let queries = |prelude: &str| -> Vec<String> {
        [7, 8]
            .iter()
            .map(|v| {
                format!(
                    "{prelude}(assert (= (seq.nth (seq.unit 1) 5) {v}))\n\
                     (assert (= (seq.nth (seq.unit 1) (- 1)) {v}))\n(check-sat)\n"
                )
            })
            .collect()
    };
    let nth = equifuzz::term::parse_term("(seq.nth (seq.unit 1) 5)").unwrap();
    assert!(matches!(eval_closed(&nth), Err(EvalError::Unspecified(_))));
    if let Some((name, mut z3)) = z3() {
        for q in queries("") {
            assert_eq!(answer(z3.run(&q, DEADLINE)).trim(), "sat", "{name}: {q}");
        }
    }
    if let Some((name, mut cvc5)) = cvc5_solver("nth_out_of_range_is_unconstrained") {
        for q in queries("(set-logic ALL)\n") {
            assert_eq!(answer(cvc5.run(&q, DEADLINE)).trim(), "sat", "{name}: {q}");
        }
    }
}

/// The generator is deterministic and reaches every sequence operator.
#[test]
fn generator_is_deterministic_and_covers_every_operator() {
    let mut a = SeqTerms::new(SEED, DEPTH);
    let mut b = SeqTerms::new(SEED, DEPTH);
    let mut seen = BTreeSet::new();
    for _ in 0..2000 {
        let t = a.any();
        assert_eq!(t, b.any());
        seen.extend(t.operators());
    }
    let missing: Vec<_> = seq_terms::operators()
        .into_iter()
        .filter(|op| !seen.contains(op))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}
