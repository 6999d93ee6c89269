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
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use combined_terms::CombinedTerms;
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

fn term_count() -> usize {
    std::env::var("EQUIFUZZ_DIFF_TERMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
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

struct Case {
    term: String,
    value: String,
    equation: String,
}

/// The terms with our values; and how many were skipped because the
/// semantics does not decide them (a regex question over budget).
fn cases(count: usize, reglan_keys: bool) -> (Vec<Case>, usize) {
    let seed = std::env::var("EQUIFUZZ_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED);
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

fn script(batch: &[Case]) -> String {
    let mut s = String::from("(assert (not (and true");
    for c in batch {
        s.push_str("\n  ");
        s.push_str(&c.equation);
    }
    s.push_str(")))\n(check-sat)\n");
    s
}

#[derive(Debug, PartialEq)]
enum Verdict {
    Agree,
    Disagree,
    Unknown,
    Error(String),
}

fn verdict(output: &str) -> Verdict {
    if let Some(e) = output.lines().find(|l| l.starts_with("(error")) {
        return Verdict::Error(e.chars().take(200).collect());
    }
    match output.lines().next().map(str::trim) {
        Some("unsat") => Verdict::Agree,
        Some("sat") => Verdict::Disagree,
        Some("unknown") | Some("timeout") => Verdict::Unknown,
        other => Verdict::Error(format!("no answer: {other:?}")),
    }
}

/// `tests/data/combined-known.txt`: the terms each solver is known to
/// answer against the standard, keyed by solver name prefix.
fn known(solver: &str) -> BTreeSet<String> {
    let path = format!(
        "{}/tests/data/combined-known.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with(';') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split('\t');
            let (who, term) = (f.next()?, f.next()?);
            solver.starts_with(who).then(|| term.to_string())
        })
        .collect()
}

#[derive(Default, Debug)]
struct Tally {
    queries: usize,
    agreed: usize,
    unknown: usize,
    refused: usize,
    known: usize,
    new: Vec<String>,
    errors: BTreeMap<String, usize>,
}

fn judge(
    batch: &[Case],
    run: &mut dyn FnMut(&str) -> String,
    known: &BTreeSet<String>,
    t: &mut Tally,
) {
    t.queries += 1;
    let started = std::time::Instant::now();
    // `EQUIFUZZ_DIFF_DUMP=FILE`: the query about to be sent, for a solver
    // that hangs past its own deadline.
    if let Some(path) = std::env::var_os("EQUIFUZZ_DIFF_DUMP") {
        std::fs::write(path, script(batch)).expect("the dump file is writable");
    }
    let v = verdict(&run(&script(batch)));
    if started.elapsed() >= DEADLINE {
        println!(
            "  SLOW {:.1?} on {} terms, {:?}",
            started.elapsed(),
            batch.len(),
            v
        );
        if batch.len() == 1 {
            println!("    {}", batch[0].equation);
        }
    }
    if v == Verdict::Agree {
        t.agreed += batch.len();
        return;
    }
    if batch.len() > 1 {
        // One by one: a term the solver cannot decide costs one deadline
        // per query it is in, so halving would pay it log2(BATCH) times.
        for c in batch.chunks(1) {
            judge(c, run, known, t);
        }
        return;
    }
    let c = &batch[0];
    match v {
        Verdict::Agree => unreachable!(),
        Verdict::Unknown => t.unknown += 1,
        Verdict::Disagree if known.contains(&c.term) => t.known += 1,
        Verdict::Disagree => t.new.push(format!("{}  ; ours: {}", c.term, c.value)),
        Verdict::Error(e) if REFUSALS.iter().any(|r| e.contains(r)) => t.refused += 1,
        Verdict::Error(e) => *t.errors.entry(e).or_default() += 1,
    }
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
    let known = known(name);
    let mut t = Tally::default();
    let started = std::time::Instant::now();
    for batch in cases.chunks(BATCH) {
        judge(batch, run, &known, &mut t);
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
    for (e, n) in &t.errors {
        println!("  {n} x {e}");
    }
    for d in &t.new {
        println!("  DISAGREES: {d}");
    }
    t
}

/// Both runs: the combined terms, then the RegLan-keyed ones.
fn both(name: &str, run: &mut dyn FnMut(&str) -> String) {
    let t = differential(name, false, run);
    check(name, &t, term_count());
    let t = differential(name, true, run);
    check(name, &t, reglan_count());
}

fn check(name: &str, t: &Tally, count: usize) {
    assert!(
        t.new.is_empty(),
        "{name} disagrees with the semantics on {} terms:\n{}",
        t.new.len(),
        t.new.join("\n")
    );
    assert!(
        t.errors.is_empty(),
        "{name} reported errors: {:?}",
        t.errors
    );
    // A solver that answers nothing would pass vacuously.
    assert!(
        t.agreed >= count / 2,
        "{name} agreed on only {} of {count} terms",
        t.agreed,
    );
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
    let out = Command::new("cvc5").arg("--version").output().unwrap();
    let version = String::from_utf8_lossy(&out.stdout);
    let name = format!("cvc5-{}", version.split_whitespace().nth(4).unwrap_or("?"));
    let mut run = |s: &str| {
        let mut child = Command::new("cvc5")
            .args(["--lang", "smt2", "--tlimit=4000"])
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
