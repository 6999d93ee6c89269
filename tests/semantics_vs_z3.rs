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

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::process::{Command, Stdio};

use constant_terms::ConstantTerms;
use equifuzz::semantics::{EvalError, Value, eval_closed};
use equifuzz::solver::z3::Z3Library;
use equifuzz::term::{Op, Printer, Term};

const SEED: u64 = 0x5eed_2020;
const BATCH: usize = 200;
const MAX_DEPTH: usize = 4;

fn term_count() -> usize {
    std::env::var("EQUIFUZZ_DIFF_TERMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
}

/// A term with the value our semantics gives it, as sent to a solver.
struct Case {
    /// The term as printed (the key of the known-deviations lists).
    term: String,
    /// Our value, printed.
    value: String,
    /// `(= t v)` as sent to the solver.
    equation: String,
}

impl Case {
    /// Chains of `str.<` / `str.<=` are split into binary comparisons for
    /// the solver, because neither Z3 4.8.12 nor cvc5 1.0.3 accepts the
    /// `:chainable` form the standard declares.
    fn new(term: &Term, value: &Value) -> Case {
        let p = Printer::default();
        Case {
            term: p.term(term),
            value: p.term(&value.to_term()),
            equation: p.term(&Term::eq(unchain(term), value.to_term())),
        }
    }

    fn describe(&self) -> String {
        format!("{}  ; ours: {}", self.term, self.value)
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

/// The solver's verdict on `(assert (not (and (= t1 v1) ...)))`.
#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    Agree,
    Disagree,
    Unknown,
    Error(String),
}

/// Generates the cases; returns them and the number skipped as unspecified.
fn cases() -> (Vec<Case>, usize) {
    let seed = std::env::var("EQUIFUZZ_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED);
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
            Ok(value) => out.push(Case::new(&term, &value)),
            Err(EvalError::Unspecified(_)) => skipped += 1,
            Err(e) => panic!("the generator made a term we cannot evaluate: {term}: {e}"),
        }
    }
    (out, skipped)
}

/// One query: `unsat` iff the solver agrees on every case of the batch.
fn script(batch: &[Case]) -> String {
    let mut s = String::from("(assert (not (and true");
    for c in batch {
        s.push_str("\n  ");
        s.push_str(&c.equation);
    }
    s.push_str(")))\n(check-sat)\n");
    s
}

fn verdict(output: &str) -> Verdict {
    if let Some(e) = output.lines().find(|l| l.starts_with("(error")) {
        return Verdict::Error(e.to_string());
    }
    match output.lines().next().map(str::trim) {
        Some("unsat") => Verdict::Agree,
        Some("sat") => Verdict::Disagree,
        Some("unknown") | Some("timeout") => Verdict::Unknown,
        other => Verdict::Error(format!("no answer: {other:?}")),
    }
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

#[derive(Default, Debug)]
struct Tally {
    queries: usize,
    agreed: usize,
    unknown: usize,
    known: usize,
    new: Vec<String>,
    errors: BTreeMap<String, usize>,
}

/// Asks about a whole batch at once; a batch that is not `unsat` is split
/// in halves until every case has its own verdict.
fn judge(batch: &[Case], run: &dyn Fn(&str) -> String, known: &BTreeSet<String>, t: &mut Tally) {
    t.queries += 1;
    let v = verdict(&run(&script(batch)));
    if v == Verdict::Agree {
        t.agreed += batch.len();
        return;
    }
    if batch.len() > 1 {
        let (a, b) = batch.split_at(batch.len() / 2);
        judge(a, run, known, t);
        judge(b, run, known, t);
        return;
    }
    let case = &batch[0];
    match v {
        Verdict::Agree => unreachable!(),
        Verdict::Unknown => t.unknown += 1,
        Verdict::Disagree if known.contains(&case.term) => t.known += 1,
        Verdict::Disagree => t.new.push(case.describe()),
        Verdict::Error(e) => *t.errors.entry(e).or_default() += 1,
    }
}

fn differential(name: &str, run: &dyn Fn(&str) -> String) -> Tally {
    let (cases, skipped) = cases();
    let known = known(name);
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    for batch in cases.chunks(BATCH) {
        judge(batch, run, &known, &mut tally);
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
    for (e, n) in &tally.errors {
        println!("  {n} x {e}");
    }
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
fn table_differential(name: &str, run: &dyn Fn(&str) -> String) {
    let cases = table_cases();
    let mut tally = Tally::default();
    judge(&cases, run, &known(name), &mut tally);
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

fn check(name: &str, tally: Tally) {
    assert!(
        tally.new.is_empty(),
        "{name} disagrees with the semantics on {} new terms:\n{}",
        tally.new.len(),
        tally.new.join("\n")
    );
    assert!(
        tally.errors.is_empty(),
        "{name} reported errors: {:?}",
        tally.errors
    );
    // A solver that answers nothing would pass vacuously.
    assert!(
        tally.agreed > term_count() / 2,
        "{name} agreed on only {} terms",
        tally.agreed
    );
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
    let run = |s: &str| z3.eval(s, Some(10_000));
    table_differential(&name, &run);
    let tally = differential(&name, &run);
    check(&name, tally);
}

#[test]
fn semantics_agrees_with_cvc5_on_random_constant_terms() {
    if !cvc5::cvc5_or_skip("semantics_agrees_with_cvc5_on_random_constant_terms") {
        return;
    }
    let version = Command::new("cvc5")
        .arg("--version")
        .output()
        .expect("cvc5 ran a moment ago");
    let version = String::from_utf8_lossy(&version.stdout);
    let number = version
        .split_whitespace()
        .nth(4)
        .unwrap_or("unknown")
        .to_string();
    let name = format!("cvc5-{number}");
    let run = |s: &str| {
        let mut child = Command::new("cvc5")
            .args(["--lang", "smt2", "--strings-exp", "--tlimit-per=10000"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cvc5 starts");
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"(set-logic ALL)\n").unwrap();
        stdin.write_all(s.as_bytes()).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    table_differential(&name, &run);
    let tally = differential(&name, &run);
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
    };
    let missing: Vec<&Op> = Op::UNINDEXED
        .iter()
        .filter(|op| !regex_or_array(op) && !seen.contains(op))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}
