//! Differential test of the regex semantics against Z3 (in-process libz3)
//! and cvc5 (a process, skipped when absent) on random constant queries:
//! membership, `(= R1 R2)`, `str.replace_re` and `str.replace_re_all`.
//!
//! For each query `Q` with our value `V` the solver is asked
//! `(assert (not (= Q V)))`: `unsat` agrees, `sat` disagrees, `unknown` and
//! errors are counted. A disagreement is either our bug or a solver
//! deviation from the standard explained in
//! `tests/regex_known_disagreements.txt` (one line per query: solver, tab,
//! the query, tab, the explanation); any other disagreement fails the test.

#[path = "common/cvc5.rs"]
mod cvc5;
#[path = "common/regex_terms.rs"]
mod regex_terms;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

use equifuzz::semantics::regex::{Regex, str_replace_re, str_replace_re_all};
use equifuzz::solver::Z3Library;
use equifuzz::term::{Op, Term};
use regex_terms::Gen;

const MEMBERSHIP: usize = 4000;
/// Z3 takes ~150 ms per regex equality: the default run asks this many,
/// the ignored `regex_equality_agrees_with_z3_at_scale` asks 1,500.
const EQUALITY: usize = 150;
const EQUALITY_AT_SCALE: usize = 1500;
const REPLACE: usize = 600;
const REPLACE_ALL: usize = 600;
/// Z3 4.8.12 answers `unknown` to every constant `str.replace_re(_all)`
/// query: only this many are sent to it (all go to cvc5).
const Z3_REPLACE: usize = 100;
const BATCH: usize = 100;

/// One query: its kind, the Bool/String term and our value for it.
struct Query {
    kind: &'static str,
    term: Term,
    ours: Term,
}

fn queries() -> Vec<Query> {
    let mut out = membership_and_replace_queries();
    out.extend(equality_queries(EQUALITY, 0x005e_ede0));
    out
}

fn equality_queries(n: usize, seed: u64) -> Vec<Query> {
    let mut g = Gen::new(seed);
    let mut out = Vec::new();
    for _ in 0..n {
        let ta = g.regex(3);
        let a = Regex::from_term(&ta).unwrap();
        let tb = g.variant(&ta);
        let b = Regex::from_term(&tb).unwrap();
        let ours = Term::Bool(a.equiv(&b).expect("small regexes are within budget"));
        out.push(Query {
            kind: "re_eq",
            term: Term::eq(ta, tb),
            ours,
        });
    }
    out
}

fn membership_and_replace_queries() -> Vec<Query> {
    let mut g = Gen::new(0x5eed_2026);
    let mut out = Vec::new();
    let re = |g: &mut Gen| {
        let t = g.regex(3);
        let r = Regex::from_term(&t).unwrap();
        (t, r)
    };
    for _ in 0..MEMBERSHIP {
        let (t, r) = re(&mut g);
        let w = g.string(5);
        let ours = Term::Bool(r.is_match(&w));
        out.push(Query {
            kind: "in_re",
            term: Term::app(Op::StrInRe, vec![Term::Str(w), t]),
            ours,
        });
    }
    for (kind, n) in [("replace_re", REPLACE), ("replace_re_all", REPLACE_ALL)] {
        for _ in 0..n {
            let (t, r) = re(&mut g);
            let (w, x) = (g.string(5), g.string(2));
            let (op, v) = if kind == "replace_re" {
                (Op::StrReplaceRe, str_replace_re(&w, &r, &x))
            } else {
                (Op::StrReplaceReAll, str_replace_re_all(&w, &r, &x))
            };
            let term = Term::app(op, vec![Term::Str(w), t, Term::Str(x)]);
            out.push(Query {
                kind,
                term,
                ours: Term::Str(v),
            });
        }
    }
    out
}

/// The script asking whether `term` can differ from `ours`, one check per
/// query, each preceded by an echo of its index so answers can be matched
/// even when a solver prints an error.
fn script(batch: &[(usize, &Query)], logic: bool) -> String {
    let mut s = String::new();
    if logic {
        s.push_str("(set-logic ALL)\n");
    }
    for (i, q) in batch {
        let negated = Term::not(Term::eq(q.term.clone(), q.ours.clone()));
        s.push_str(&format!(
            "(echo \"@{i}\")(push)(assert {negated})(check-sat)(pop)\n"
        ));
    }
    s
}

/// Splits solver output into the answer for each echoed index.
fn answers(out: &str) -> BTreeMap<usize, String> {
    let mut map = BTreeMap::new();
    let mut current: Option<usize> = None;
    for line in out.lines() {
        let line = line.trim();
        // Z3 echoes `@i`, cvc5 echoes `"@i"`.
        if let Some(rest) = line.trim_matches('"').strip_prefix('@') {
            current = rest.parse().ok();
        } else if let Some(i) = current
            && !line.is_empty()
        {
            map.entry(i).or_insert_with(|| line.to_string());
        }
    }
    map
}

#[derive(Default, Debug)]
struct Tally {
    agree: usize,
    unknown: usize,
    error: usize,
    known: usize,
    new: Vec<String>,
    per_kind: BTreeMap<&'static str, [usize; 4]>,
}

fn known_list() -> Vec<(String, String)> {
    include_str!("regex_known_disagreements.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.splitn(3, '\t');
            (
                parts.next().unwrap().to_string(),
                parts.next().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn judge(solver: &str, qs: &[(usize, &Query)], out: &str, tally: &mut Tally) {
    let known = known_list();
    let ans = answers(out);
    for (i, q) in qs {
        let a = ans.get(i).map(String::as_str).unwrap_or("(no answer)");
        let slot = tally.per_kind.entry(q.kind).or_default();
        match a {
            "unsat" => {
                tally.agree += 1;
                slot[0] += 1;
            }
            "sat" => {
                let text = format!("{} ours={}", q.term, q.ours);
                if known.iter().any(|(s, k)| s == solver && *k == text) {
                    tally.known += 1;
                } else {
                    tally.new.push(format!("{solver}\t{text}"));
                }
                slot[1] += 1;
            }
            "unknown" | "timeout" => {
                tally.unknown += 1;
                slot[2] += 1;
            }
            _ => {
                tally.error += 1;
                slot[3] += 1;
            }
        }
    }
}

fn report(solver: &str, tally: &Tally) {
    eprintln!(
        "{solver}: {} agree, {} known disagreements, {} new disagreements, {} unknown, {} errors",
        tally.agree,
        tally.known,
        tally.new.len(),
        tally.unknown,
        tally.error
    );
    for (k, [a, d, u, e]) in &tally.per_kind {
        eprintln!("  {k}: agree {a}, disagree {d}, unknown {u}, error {e}");
    }
    for d in &tally.new {
        eprintln!("NEW {d}");
    }
}

fn run_z3(qs: &[&Query]) -> Tally {
    let z3 = Z3Library::load(None).expect("libz3 is installed");
    let mut tally = Tally::default();
    let indexed: Vec<(usize, &Query)> = qs.iter().copied().enumerate().collect();
    let mut time: BTreeMap<&str, f64> = BTreeMap::new();
    for batch in indexed.chunks(BATCH) {
        let start = std::time::Instant::now();
        let out = z3.eval(&script(batch, false), Some(2000));
        let secs = start.elapsed().as_secs_f64();
        *time.entry(batch[0].1.kind).or_default() += secs;
        if secs > 10.0 {
            eprintln!("z3: slow batch from query {} ({secs:.1} s)", batch[0].0);
        }
        judge("z3", batch, &out, &mut tally);
    }
    eprintln!("z3 seconds per kind: {time:?}");
    report(&z3.version(), &tally);
    tally
}

#[test]
fn regex_semantics_agree_with_z3() {
    let qs = queries();
    assert!(qs.len() >= 5000, "{} queries", qs.len());
    let mut sent: BTreeMap<&str, usize> = BTreeMap::new();
    let asked: Vec<&Query> = qs
        .iter()
        .filter(|q| {
            let n = sent.entry(q.kind).or_default();
            *n += 1;
            !q.kind.starts_with("replace") || *n <= Z3_REPLACE
        })
        .collect();
    let tally = run_z3(&asked);
    assert!(
        tally.new.is_empty(),
        "{} new disagreements with Z3",
        tally.new.len()
    );
    // Z3 decides membership and equality of constant regexes: most must be
    // answered, or the test compares nothing.
    assert!(
        tally.per_kind["in_re"][0] > MEMBERSHIP * 9 / 10,
        "{:?}",
        tally.per_kind
    );
    assert!(
        tally.per_kind["re_eq"][0] > EQUALITY * 9 / 10,
        "{:?}",
        tally.per_kind
    );
}

/// The equality half of the differential run at full size. A first run of
/// 1,500 equality queries (another seed) took 224 s, all agreeing but one
/// `unknown`; with this seed it did not finish within 30 min on a loaded
/// machine: some Z3 query seems to outlive its soft timeout (see the
/// slow-batch lines).
#[test]
#[ignore = "slow: run with --ignored"]
fn regex_equality_agrees_with_z3_at_scale() {
    let qs = equality_queries(EQUALITY_AT_SCALE, 0x005e_ede1);
    let tally = run_z3(&qs.iter().collect::<Vec<_>>());
    assert!(
        tally.new.is_empty(),
        "{} new disagreements with Z3",
        tally.new.len()
    );
}

#[test]
fn regex_semantics_agree_with_cvc5() {
    if !cvc5::cvc5_or_skip("regex_semantics_agree_with_cvc5") {
        return;
    }
    let probe = Command::new("cvc5")
        .arg("--version")
        .output()
        .expect("cvc5 ran a moment ago");
    let version = String::from_utf8_lossy(&probe.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    let qs = queries();
    // cvc5 1.0.3 refuses equality between regular expressions, and
    // `re.range` with an argument that is not one character (the standard
    // makes that `re.none`), with an error that ends the run: not asked.
    let refused = |q: &Query| {
        let mut bad = q.kind == "re_eq";
        q.term.visit(&mut |t| {
            if let Term::App(Op::ReRange, args) = t {
                bad |= args
                    .iter()
                    .any(|a| !matches!(a, Term::Str(s) if s.len() == 1));
            }
        });
        bad
    };
    let indexed: Vec<(usize, &Query)> =
        qs.iter().enumerate().filter(|(_, q)| !refused(q)).collect();
    eprintln!(
        "cvc5: {} of {} queries not asked (refused forms)",
        qs.len() - indexed.len(),
        qs.len()
    );
    let mut tally = Tally::default();
    for batch in indexed.chunks(BATCH * 5) {
        let mut child = Command::new("cvc5")
            .args([
                "--lang",
                "smt2",
                "--incremental",
                "--strings-exp",
                "--tlimit-per=2000",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cvc5 runs");
        // A write error means cvc5 stopped early; its answers so far count.
        let _ = child
            .stdin
            .take()
            .unwrap()
            .write_all(script(batch, true).as_bytes());
        let out = child.wait_with_output().unwrap();
        judge(
            "cvc5",
            batch,
            &String::from_utf8_lossy(&out.stdout),
            &mut tally,
        );
    }
    report(&version, &tally);
    assert!(
        tally.new.is_empty(),
        "{} new disagreements with cvc5",
        tally.new.len()
    );
    assert!(tally.agree > indexed.len() * 9 / 10, "{:?}", tally.per_kind);
}
