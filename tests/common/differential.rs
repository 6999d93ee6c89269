//! The batch differential harness of the semantics tests
//! (`semantics_vs_z3.rs`, `combined_vs_solvers.rs`): constant terms `t`
//! with our value `v` are sent to a solver as `(assert (not (and (= t1 v1)
//! ...)))`; `unsat` means the solver agrees on the whole batch, anything
//! else splits the batch until every term has its own verdict.
//!
//! The known-deviation lists stay with their tests (their formats differ);
//! the judge takes the set of printed terms.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// `EQUIFUZZ_DIFF_TERMS`, else 10,000.
pub fn term_count() -> usize {
    std::env::var("EQUIFUZZ_DIFF_TERMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
}

/// `EQUIFUZZ_DIFF_SEED`, else `default`.
pub fn seed(default: u64) -> u64 {
    std::env::var("EQUIFUZZ_DIFF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A term with the value our semantics gives it, as sent to a solver.
pub struct Case {
    /// The term as printed (the key of the known-deviations lists).
    pub term: String,
    /// Our value, printed.
    pub value: String,
    /// `(= t v)` as sent to the solver.
    pub equation: String,
}

impl Case {
    fn describe(&self) -> String {
        format!("{}  ; ours: {}", self.term, self.value)
    }
}

/// One query: `unsat` iff the solver agrees on every case of the batch.
pub fn script(batch: &[Case]) -> String {
    let mut s = String::from("(assert (not (and true");
    for c in batch {
        s.push_str("\n  ");
        s.push_str(&c.equation);
    }
    s.push_str(")))\n(check-sat)\n");
    s
}

/// The solver's verdict on a batch.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Agree,
    Disagree,
    Unknown,
    Error(String),
}

/// Reads an answer: an `(error …)` line (its first 200 characters, the
/// key errors are counted under) wins over `sat`/`unsat`.
pub fn verdict(output: &str) -> Verdict {
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

#[derive(Default, Debug)]
pub struct Tally {
    pub queries: usize,
    pub agreed: usize,
    pub unknown: usize,
    /// Errors that say the solver refuses what it was asked (not
    /// expressible there): neither agreement nor disagreement.
    pub refused: usize,
    pub known: usize,
    pub new: Vec<String>,
    pub errors: BTreeMap<String, usize>,
}

impl Tally {
    /// Prints each kind of error with its count, then each new
    /// disagreement, below a test's `COUNTS` line.
    pub fn print_details(&self) {
        for (e, n) in &self.errors {
            println!("  {n} x {e}");
        }
        for d in &self.new {
            println!("  DISAGREES: {d}");
        }
    }
}

/// `tests/data/FILE`: the terms a solver is known to answer against the
/// standard, one `SOLVER<TAB>TERM<TAB>why` line each, keyed by solver name
/// prefix; the ones for `solver`. A missing file lists none.
pub fn known(file: &str, solver: &str) -> BTreeSet<String> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
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

/// How a batch that is not `unsat` is split, and what counts as what.
pub struct Judge<'a> {
    /// The printed terms the solver is known to answer against the
    /// standard.
    pub known: &'a BTreeSet<String>,
    /// Parts of error messages that mean "refused", not "error".
    pub refusals: &'a [&'a str],
    /// Split in halves (cheap when answers are fast); else one by one
    /// (a term the solver cannot decide costs one deadline per query it
    /// is in, so halving would pay it log2(batch) times).
    pub halve: bool,
    /// Queries that take this long are printed (`SLOW`).
    pub slow: Option<Duration>,
}

impl Judge<'_> {
    /// Asks about a whole batch at once, splitting it until every case
    /// that is not agreed on has its own verdict.
    pub fn judge(&self, batch: &[Case], run: &mut dyn FnMut(&str) -> String, t: &mut Tally) {
        t.queries += 1;
        let started = Instant::now();
        // `EQUIFUZZ_DIFF_DUMP=FILE`: the query about to be sent, for a
        // solver that hangs past its own deadline.
        if let Some(path) = std::env::var_os("EQUIFUZZ_DIFF_DUMP") {
            std::fs::write(path, script(batch)).expect("the dump file is writable");
        }
        let v = verdict(&run(&script(batch)));
        if let Some(slow) = self.slow
            && started.elapsed() >= slow
        {
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
            let parts: Vec<&[Case]> = if self.halve {
                let (a, b) = batch.split_at(batch.len() / 2);
                vec![a, b]
            } else {
                batch.chunks(1).collect()
            };
            for part in parts {
                self.judge(part, run, t);
            }
            return;
        }
        let c = &batch[0];
        match v {
            Verdict::Agree => unreachable!(),
            Verdict::Unknown => t.unknown += 1,
            Verdict::Disagree if self.known.contains(&c.term) => t.known += 1,
            Verdict::Disagree => t.new.push(c.describe()),
            Verdict::Error(e) if self.refusals.iter().any(|r| e.contains(r)) => t.refused += 1,
            Verdict::Error(e) => *t.errors.entry(e).or_default() += 1,
        }
    }
}

/// No new disagreement, no error, and at least `min_agreed` terms agreed
/// on (a solver that answers nothing would pass vacuously).
pub fn check(name: &str, t: &Tally, min_agreed: usize) {
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
    assert!(
        t.agreed >= min_agreed,
        "{name} agreed on only {} terms (at least {min_agreed} expected)",
        t.agreed,
    );
}
