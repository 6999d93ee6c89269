//! One judgement (issue 40): every finding file of three committed campaigns
//! is judged four ways on the solver its replay line names, and all four
//! must give the campaign's verdict kind and bucket:
//!
//! - the fuzz loop's harness (`Harness::execute` on a warm libz3 worker,
//!   calibrated limits, a finding confirmed on a fresh context; for the
//!   cvc5 binary a process per query under the hard timeout), on the case
//!   read from the file;
//! - triage's judge (`triage::Judge::open`, what `minimize`,
//!   `confirm`, `bisect` and `report` judge with: the same harness under
//!   the replay line's fixed timeout, on a fork child per query);
//! - `equifuzz run FILE --jsonl`, the command a finding's first line names;
//! - `equifuzz minimize FILE --check FILE`: the finding fails as itself.
//!
//! A way that gives the campaign's kind of finding in another bucket fails
//! the test at once. A solver that does not repeat its answer (each way
//! gets three tries) is the solver's race, not ours: the Z3 5.4.1 local
//! search crashes race the main solver, and up to three of those files
//! may miss in one run.
//!
//! The files (`tests/data/findings/`) are the findings of two 10-minute
//! campaigns on seed 83: Z3 4.8.14 with `smt.string_solver=z3str3` (one
//! file per bucket, 27 buckets) and Z3 5.4.1 with `--settings on` (13 of
//! its 14 files, one-shot and incremental; the 14th, a local-search wrong
//! `unsat`, answered `unsat` in one replay of two and is left out). Before
//! this issue `run` replayed one of the 5.4.1 crashes, an incremental
//! script, as `sat` at every check-sat, and gave no bucket. A cvc5 1.4.2
//! campaign of 8 minutes on the same seed wrote no finding: there is none
//! to hold it to. The third campaign is on Debian's cvc5 1.0.3 binary (the
//! one CI installs), `--settings on`, 10 minutes on seed 4242: its two
//! wrong-`unsat` findings on regular membership (right in cvc5 1.4.2:
//! rediscoveries). Its three crash files are left out: cvc5 1.0.3 aborts
//! in CaDiCaL ("can only get value in satisfied state") only when its
//! per-query time limit fires at one moment of the check (`--tlimit-per`
//! near 65 ms on this machine, 1 run in 3), which the campaign's calibrated
//! soft limit hit and a replay at the finding's 2 s timeout never does.
//! A release not in the cache, or another cvc5 on PATH, prints a SKIPPED
//! line.

#[path = "common/binary.rs"]
mod binary;
#[path = "common/cvc5.rs"]
mod cvc5;
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use std::path::{Path, PathBuf};

use equifuzz::execute::open;
use equifuzz::execute::{Harness, Solver};
use equifuzz::finding::{Finding, header_field};
use equifuzz::solver::Target;
use equifuzz::solver::z3::worker::Z3Process;
use equifuzz::term::Printer;
use equifuzz::triage::Judge;

/// A verdict kind and a bucket id, as each way gives them.
type Said = (String, Option<String>);

/// One way of judging the file at hand.
type Way<'a> = Box<dyn FnMut() -> Said + 'a>;

fn files(campaign: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/findings")
        .join(campaign);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "smt2"))
        .collect();
    out.sort();
    assert!(!out.is_empty(), "{} holds finding files", dir.display());
    out
}

/// What `equifuzz run FILE --jsonl` says of the file: the finding line.
fn run(file: &Path, args: &[String]) -> Said {
    let out = binary::equifuzz()
        .arg("run")
        .arg(file)
        .args(args)
        .arg("--jsonl")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "one verdict per finding file: {stdout}");
    let kind = lines[0]["kind"].as_str().unwrap().to_string();
    let bucket = lines[0]["bucket"].as_str().map(str::to_string);
    (kind, bucket)
}

/// `minimize FILE --check FILE`: whether the finding fails as itself.
fn checks_as_itself(file: &Path) -> bool {
    binary::equifuzz()
        .arg("minimize")
        .arg(file)
        .arg("--check")
        .arg(file)
        .output()
        .unwrap()
        .status
        .success()
}

/// How many times each way may judge a file before it counts as not
/// repeating the campaign's verdict (as `minimize` replays its result).
const ATTEMPTS: usize = 3;

/// The solver a campaign ran on.
enum On {
    /// A Z3 release's libz3 from the cache, as `--target z3` runs it (a
    /// warm worker).
    Z3(&'static str),
    /// The cvc5 binary on PATH, as `--target cvc5` runs it (a process per
    /// query, the hard timeout): the files hold only if it is this release.
    Cvc5Binary(&'static str),
}

fn judged_alike(campaign: &str, on: On, max_flaky: usize) {
    let test = format!("one_judgement_{campaign}");
    let lib = match on {
        On::Z3(release) => match solver_cache::z3_lib_or_skip(release, &test) {
            Some(lib) => Some(lib),
            None => return,
        },
        On::Cvc5Binary(release) => {
            if !cvc5::cvc5_or_skip(&test) {
                return;
            }
            let name = cvc5::binary_name();
            if name != format!("cvc5-{release}") {
                eprintln!(
                    "SKIPPED: {test}: the cvc5 on PATH is {name}, the findings are {release}'s"
                );
                return;
            }
            None
        }
    };
    let (mut disagreements, mut flaky) = (Vec::new(), Vec::new());
    let files = files(campaign);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let finding = Finding::from_text(file, text.clone()).unwrap();
        let said = |what: &str| header_field(&text, what).unwrap().to_string();
        let campaign_said: Said = (said("equifuzz finding"), Some(said("bucket")));
        let mut spec = open::SolverSpec::from(&finding.replay);
        spec.solver_lib = lib.clone();
        let timeout = finding.replay.timeout;

        // As `fuzz` sets the campaign's solver up: libz3 in a warm
        // worker, any other target as it opens.
        let open = open::open(&spec).unwrap();
        let target: Box<dyn Target> = match &open.library {
            Some(library) => Box::new(Z3Process::new(library.clone())),
            None => open.target,
        };
        let mut fuzz_loop = Harness::new(
            Solver::of_target(target, timeout),
            Printer::new(open.dialect),
        );
        let mut triage = Judge::open(&spec, timeout).unwrap();
        let mut args = vec!["--target".to_string(), spec.target.to_string()];
        if let Some(lib) = &lib {
            args.push("--solver-lib".into());
            args.push(lib.display().to_string());
        }
        args.push("--timeout".into());
        args.push(format!("{}ms", timeout.as_millis()));
        for o in &finding.replay.options {
            args.push("--solver-option".into());
            args.push(o.to_string());
        }
        let mut ways: [(&str, Way<'_>); 3] = [
            (
                "fuzz loop",
                Box::new(|| {
                    let j = fuzz_loop.execute(&finding.case);
                    (j.verdict.kind().to_string(), j.bucket.map(|k| k.id()))
                }),
            ),
            (
                "triage",
                Box::new(|| {
                    let j = triage.judge_finding(&finding);
                    (j.verdict.kind().to_string(), j.bucket.map(|k| k.id()))
                }),
            ),
            ("run", Box::new(|| run(file, &args))),
        ];
        for (way, judge) in &mut ways {
            let tries: Vec<Said> = (0..ATTEMPTS)
                .scan(false, |done, _| {
                    (!*done).then(|| {
                        let got = judge();
                        *done = got == campaign_said;
                        got
                    })
                })
                .collect();
            // The same kind of finding in another bucket is never the
            // solver's doing: that is the disagreement this test is for.
            if let Some(other) = tries
                .iter()
                .find(|t| t.0 == campaign_said.0 && t.1 != campaign_said.1)
            {
                disagreements.push(format!(
                    "{}: {way} keyed the finding {other:?}, the campaign {campaign_said:?}",
                    file.display()
                ));
            } else if !tries.contains(&campaign_said) {
                flaky.push(format!(
                    "{}: {way} said {tries:?}, the campaign {campaign_said:?}",
                    file.display()
                ));
            }
        }
        if !(0..ATTEMPTS).any(|_| checks_as_itself(file)) {
            flaky.push(format!(
                "{}: minimize --check did not fail as the finding in {ATTEMPTS} tries",
                file.display()
            ));
        }
    }
    eprintln!(
        "{campaign}: {} files judged four ways, {} keyed elsewhere, {} not repeated",
        files.len(),
        disagreements.len(),
        flaky.len()
    );
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    assert!(
        flaky.len() <= max_flaky,
        "more findings than the {max_flaky} known flaky ones were not repeated: {flaky:#?}"
    );
}

#[test]
fn z3_4_8_14_z3str3_findings_are_judged_alike_everywhere() {
    judged_alike("z3-4.8.14-z3str3", On::Z3("4.8.14.0"), 0);
}

#[test]
fn z3_5_4_1_settings_findings_are_judged_alike_everywhere() {
    // Local search runs beside the main solver in a thread of its own, and
    // whether it reaches its abort before the main solver answers is a
    // race: a few of these crashes need more than three tries.
    judged_alike("z3-5.4.1-settings", On::Z3("5.4.1.0"), 3);
}

#[test]
fn cvc5_1_0_3_settings_findings_are_judged_alike_everywhere() {
    judged_alike("cvc5-1.0.3-settings", On::Cvc5Binary("1.0.3"), 0);
}
