//! `run` and the fuzz loop judge a file alike (issue 39): every committed
//! finding file (`tests/data/triage-buckets/`) and every regression file
//! whose solver is a Z3 library is judged twice on the same library, by
//! the fuzz loop's harness (`Harness::execute` on the case read from the
//! file) and by `equifuzz run --jsonl`, and both must say the same: the
//! same kind of finding, or none.
//!
//! A file that cannot be read back into a case is not compared, and is
//! named with the reason: an incremental file (a case's steps live in its
//! `.postcard`, not its text; issue 40 reads a file into a case once), an
//! unsat label without its core. Incremental scripts reach the one
//! function both paths call on a script's output, `oracle::judge_checks`
//! (tested in `incremental_refusals.rs` through the fuzz loop's way and in
//! `regressions.rs` through `run`). A release not in the cache prints a
//! SKIPPED line.

#[path = "common/binary.rs"]
mod binary;
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use std::path::{Path, PathBuf};
use std::time::Duration;

use equifuzz::execute::harness::{Harness, Solver};
use equifuzz::finding::read_case;
use equifuzz::solver::Z3Library;
use equifuzz::solver::dialect_of_version;
use equifuzz::solver::z3::worker::Z3Process;
use equifuzz::term::Printer;

const FINDINGS: [&str; 4] = ["unsound", "invalid-model", "invalid-core", "crash"];

/// The kind of `run`'s first finding on `file`, or `None`; `lib` `None`
/// is the system libz3.
fn run_kind(file: &Path, lib: Option<&Path>) -> Option<String> {
    let mut run = binary::equifuzz();
    run.args(["run", file.to_str().unwrap(), "--target", "z3"]);
    if let Some(lib) = lib {
        run.arg("--solver-lib").arg(lib);
    }
    let out = run.args(["--timeout", "5s", "--jsonl"]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).lines().find_map(|l| {
        let v: serde_json::Value = serde_json::from_str(l).ok()?;
        let kind = v["kind"].as_str()?;
        FINDINGS.contains(&kind).then(|| kind.to_string())
    })
}

/// The Z3 library a regression file's `; args:` runs on: `Some(None)` for
/// the system libz3 (`--target z3` alone), `Some(Some(V))` for
/// `{lib:z3-V}`, `None` for any other solver.
fn regression_release(text: &str) -> Option<Option<String>> {
    let args = text.lines().find_map(|l| l.strip_prefix("; args:"))?;
    let words: Vec<&str> = args.split_whitespace().collect();
    if words.first() != Some(&"--target") || words.get(1) != Some(&"z3") {
        return None;
    }
    match args.find("{lib:z3-") {
        Some(at) => {
            let rest = &args[at + "{lib:z3-".len()..];
            Some(Some(rest[..rest.find('}')?].to_string()))
        }
        None if words.len() == 2 => Some(None),
        None => None,
    }
}

fn lib_of(version: &str) -> Option<PathBuf> {
    let v = if version.matches('.').count() == 2 {
        format!("{version}.0")
    } else {
        version.to_string()
    };
    solver_cache::z3_lib_or_skip(&v, "run_and_the_fuzz_loop_agree_on_every_committed_file")
}

#[test]
fn run_and_the_fuzz_loop_agree_on_every_committed_file() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(PathBuf, Option<String>)> = Vec::new();
    for dir in ["tests/data/triage-buckets", "tests/regressions"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "smt2") {
                let text = std::fs::read_to_string(&p).unwrap();
                // The triage files are the findings of a Z3 4.8.5 campaign.
                let release = if dir.ends_with("triage-buckets") {
                    Some(Some("4.8.5.0".to_string()))
                } else {
                    regression_release(&text)
                };
                match release {
                    Some(r) => files.push((p, r)),
                    None => eprintln!(
                        "not compared: {} (its solver is not a Z3 library: a fake, cvc5, options)",
                        p.display()
                    ),
                }
            }
        }
    }
    files.sort();
    let (mut agreed, mut not_cases, mut disagreements) = (0, Vec::new(), Vec::new());
    for (file, release) in &files {
        let lib_path = match release {
            Some(r) => match lib_of(r) {
                Some(p) => Some(p),
                None => continue,
            },
            None => None,
        };
        let text = std::fs::read_to_string(file).unwrap();
        let case = match read_case(&text, "committed") {
            Ok(case) => case,
            Err(e) => {
                not_cases.push(format!("{} ({e})", file.display()));
                continue;
            }
        };
        let run = run_kind(file, lib_path.as_deref());
        let lib = Z3Library::load(lib_path.as_deref()).unwrap();
        let dialect = dialect_of_version(&lib.version());
        let solver = Solver::of_target(Box::new(Z3Process::new(lib)), Duration::from_secs(5));
        let mut harness = Harness::new(solver, Printer::new(dialect));
        let fuzz = harness.execute(&case).verdict;
        let fuzz_kind = fuzz.is_finding().then(|| fuzz.kind().to_string());
        if fuzz_kind == run {
            agreed += 1;
        } else {
            disagreements.push(format!(
                "{}: fuzz loop {fuzz_kind:?} ({fuzz}), run {run:?}",
                file.display()
            ));
        }
    }
    eprintln!(
        "{agreed} files judged alike; {} not compared, no case to read from them:\n  {}",
        not_cases.len(),
        not_cases.join("\n  ")
    );
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    if lib_of("4.8.5").is_some() {
        assert!(agreed >= 40, "only {agreed} files compared");
    }
}
