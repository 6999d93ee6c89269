//! Differential test of the executable semantics against Z3 (in-process
//! libz3) and cvc5 (if the `cvc5` binary is on PATH).
//!
//! Random well-sorted constant terms are evaluated by `semantics::eval`; for
//! each term `t` with value `v` the solver is asked `(assert (not (= t v)))`,
//! which must be `unsat`. Terms whose value is unspecified (division by
//! zero) are skipped. Any disagreement fails the test unless its term is in
//! the committed list of known solver deviations for that solver
//! (`tests/data/<solver>-known.txt`, one printed term per line, each
//! explained by a comment citing the standard).
//!
//! `EQUIFUZZ_DIFF_TERMS` overrides the number of terms (default 10,000),
//! `EQUIFUZZ_DIFF_SEED` the generator's seed, `EQUIFUZZ_DIFF_DEPTH` the
//! maximal depth (default 4).

#[path = "common/constant_terms.rs"]
mod constant_terms;
#[path = "common/cvc5.rs"]
mod cvc5;
#[path = "common/differential.rs"]
#[allow(dead_code)]
mod differential;

use std::collections::BTreeSet;

use constant_terms::ConstantTerms;
use differential::{Case, Judge, Tally, term_count};
use equifuzz::semantics::{EvalError, Value, eval_closed};
use equifuzz::solver::Z3Library;
use equifuzz::term::{Op, Printer, Term};

const SEED: u64 = 0x5eed_2020;
const BATCH: usize = 200;
const MAX_DEPTH: usize = 4;

/// A term and its value as sent to the solver. Chains of `str.<` /
/// `str.<=` are split into binary comparisons, because neither Z3 4.8.12
/// nor cvc5 1.0.3 accepts the `:chainable` form the standard declares.
fn case(term: &Term, value: &Value) -> Case {
    let p = Printer::default();
    Case {
        term: p.term(term),
        value: p.term(&value.to_term()),
        equation: p.term(&Term::eq(unchain(term), value.to_term())),
    }
}

/// Rewrites `(str.< a b c)` to `(and (str.< a b) (str.< b c))`, which is
/// what `:chainable` means; likewise `str.<=`.
fn unchain(t: &Term) -> Term {
    match t {
        Term::App(op @ (Op::StrLt | Op::StrLe), args) if args.len() > 2 => {
            let args: Vec<Term> = args.iter().map(unchain).collect();
            Term::and(
                args.windows(2)
                    .map(|w| Term::app(*op, w.to_vec()))
                    .collect(),
            )
        }
        Term::App(op, args) => Term::app(*op, args.iter().map(unchain).collect()),
        _ => t.clone(),
    }
}

/// Generates the cases; returns them and the number skipped as unspecified.
fn cases() -> (Vec<Case>, usize) {
    let seed = differential::seed(SEED);
    let depth = std::env::var("EQUIFUZZ_DIFF_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(MAX_DEPTH);
    let mut generator = ConstantTerms::new(seed, depth);
    let mut out = Vec::new();
    let mut skipped = 0;
    for _ in 0..term_count() {
        let term = generator.any();
        match eval_closed(&term) {
            Ok(value) => out.push(case(&term, &value)),
            Err(EvalError::Unspecified(_)) => skipped += 1,
            Err(e) => panic!("the generator made a term we cannot evaluate: {term}: {e}"),
        }
    }
    (out, skipped)
}

/// The known deviations of a solver: the printed terms listed in
/// `tests/data/<name>-known.txt` (lines starting with `;` are comments).
fn known(name: &str) -> BTreeSet<String> {
    let path = format!("{}/tests/data/{name}-known.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(';'))
        .map(String::from)
        .collect()
}

/// A judge that halves the batches: the solvers answer these fast.
fn judge(known: &BTreeSet<String>) -> Judge<'_> {
    Judge {
        known,
        refusals: &[],
        halve: true,
        slow: None,
    }
}

fn differential(name: &str, run: &mut dyn FnMut(&str) -> String) -> Tally {
    let (cases, skipped) = cases();
    let known = known(name);
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    for batch in cases.chunks(BATCH) {
        judge(&known).judge(batch, run, &mut tally);
    }
    println!(
        "{name}: {} terms, {skipped} skipped (unspecified), {} agreed, {} unknown, {} known \
         deviations, {} new disagreements, {} errors; {} queries in {:?}",
        cases.len() + skipped,
        tally.agreed,
        tally.unknown,
        tally.known,
        tally.new.len(),
        tally.errors.values().sum::<usize>(),
        tally.queries,
        started.elapsed(),
    );
    tally.print_details();
    tally
}

/// The rows of the semantics' table (`tests/data/semantics_table.txt`)
/// that solvers parse, as cases: the expected values are checked by the
/// unit tests against our evaluator, and here against the solver.
fn table_cases() -> Vec<Case> {
    let text = include_str!("data/semantics_table.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with(';') && !l.contains("solvers-reject"))
        .map(|l| {
            let row = l.split(" ; ").next().unwrap().trim();
            let (term, value) = row.split_once(" ~> ").expect("a row is `term ~> value`");
            Case {
                term: term.to_string(),
                value: value.to_string(),
                equation: format!("(= {term} {value})"),
            }
        })
        .collect()
}

/// Every row of the table, judged by the solver.
fn table_differential(name: &str, run: &mut dyn FnMut(&str) -> String) {
    let cases = table_cases();
    let mut tally = Tally::default();
    let known = known(name);
    judge(&known).judge(&cases, run, &mut tally);
    println!(
        "{name}: table of {} rows, {} agreed, {} known",
        cases.len(),
        tally.agreed,
        tally.known
    );
    assert!(
        tally.new.is_empty(),
        "{name} disagrees on table rows:\n{}",
        tally.new.join("\n")
    );
    assert!(
        tally.errors.is_empty(),
        "{name} reported errors: {:?}",
        tally.errors
    );
    assert_eq!(tally.agreed + tally.known + tally.unknown, cases.len());
}

/// No new disagreement, no error, more than half the terms agreed on.
fn check(name: &str, tally: Tally) {
    differential::check(name, &tally, term_count() / 2 + 1);
}

#[test]
fn semantics_agrees_with_z3_on_random_constant_terms() {
    let z3 = Z3Library::load(None).expect("libz3 is installed");
    let name = format!(
        "z3-{}",
        z3.version()
            .trim_start_matches("Z3 ")
            .trim_end_matches(".0")
    );
    let mut run = |s: &str| z3.eval(s, Some(10_000));
    table_differential(&name, &mut run);
    let tally = differential(&name, &mut run);
    check(&name, tally);
}

#[test]
fn semantics_agrees_with_cvc5_on_random_constant_terms() {
    if !cvc5::cvc5_or_skip("semantics_agrees_with_cvc5_on_random_constant_terms") {
        return;
    }
    let name = cvc5::binary_name();
    let mut run = |s: &str| {
        cvc5::run_binary(
            &["--lang", "smt2", "--strings-exp", "--tlimit-per=10000"],
            s,
        )
    };
    table_differential(&name, &mut run);
    let tally = differential(&name, &mut run);
    check(&name, tally);
}

/// Every operator the semantics evaluates is understood by Z3 under its
/// SMT-LIB 2.6 name (guards the differential test against vacuity).
#[test]
fn z3_knows_every_string_operator_name() {
    let z3 = Z3Library::load(None).unwrap();
    let probes: &[(&str, Op)] = &[
        ("(str.is_digit \"1\")", Op::StrIsDigit),
        ("(= (str.to_code \"a\") 97)", Op::StrToCode),
        ("(= (str.from_code 97) \"a\")", Op::StrFromCode),
        ("(str.< \"a\" \"b\")", Op::StrLt),
        ("(str.<= \"a\" \"b\")", Op::StrLe),
        (
            "(= (str.replace_all \"aa\" \"a\" \"b\") \"bb\")",
            Op::StrReplaceAll,
        ),
        ("(= (str.to_int \"12\") 12)", Op::StrToInt),
        ("(= (str.from_int 12) \"12\")", Op::StrFromInt),
    ];
    let mut missing = Vec::new();
    for (text, op) in probes {
        let out = z3.eval(&format!("(assert (not {text}))(check-sat)"), Some(5000));
        if out.trim() != "unsat" {
            missing.push(format!("{}: {}", op.name(), out.trim()));
        }
    }
    assert!(missing.is_empty(), "Z3 {} lacks: {missing:?}", z3.version());
}

/// The generator is deterministic and reaches every operator the semantics
/// evaluates (all but regular expressions and arrays), so the differential
/// test covers them all.
#[test]
fn generator_is_deterministic_and_covers_every_operator() {
    let mut a = ConstantTerms::new(SEED, MAX_DEPTH);
    let mut b = ConstantTerms::new(SEED, MAX_DEPTH);
    let mut seen = BTreeSet::new();
    for _ in 0..2000 {
        let t = a.any();
        assert_eq!(t, b.any());
        seen.extend(t.operators());
    }
    let regex_or_array = |op: &Op| {
        matches!(
            op,
            Op::StrToRe
                | Op::StrInRe
                | Op::StrReplaceRe
                | Op::StrReplaceReAll
                | Op::Select
                | Op::Store
        ) || op.name().starts_with("re.")
            || op.is_bitvec()
            // Sequences have their own generator and differential test
            // (tests/seq_vs_solvers.rs, tests/common/seq_terms.rs).
            || op.theory() == equifuzz::term::Theory::Sequences
            // So have reals and floating point (tests/real_vs_solvers.rs,
            // tests/fp_vs_solvers.rs).
            || matches!(
                op.theory(),
                equifuzz::term::Theory::Reals | equifuzz::term::Theory::FloatingPoint
            )
    };
    let missing: Vec<&Op> = Op::UNINDEXED
        .iter()
        .filter(|op| !regex_or_array(op) && !seen.contains(op))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}
