//! The command line as a user runs it: `run` on the paper's listings, on a
//! malformed file, on incremental files and with the exit-code scheme
//! (findings first), `generate`, and a short `fuzz`.

use std::process::Command;

fn equifuzz() -> Command {
    Command::new(env!("CARGO_BIN_EXE_equifuzz"))
}

fn root(p: &str) -> String {
    format!("{}/{p}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn run_checks_the_models_of_listings_1_and_8() {
    let out = equifuzz()
        .args(["run", "--target", "z3"])
        .arg(root("corpus/paper/listing1-replace-empty.smt2"))
        .arg(root("corpus/paper/listing8-indexof.smt2"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    for l in lines {
        assert!(l.contains(": sat (model checked) (expected sat)"), "{l}");
    }
}

#[test]
fn run_checks_the_unique_minimal_core_of_listing_7() {
    let out = equifuzz()
        .args(["run", "--target", "z3"])
        .arg(root("corpus/paper/listing7-prefixof-unsat.smt2"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(": unsat (core checked) (expected unsat)"),
        "{stdout}"
    );
}

#[test]
fn a_malformed_file_is_reported_with_its_position_and_the_others_still_run() {
    let bad = root("tests/data/unbalanced.smt2");
    let out = equifuzz()
        .args(["run", "--target", "z3", &bad])
        .arg(root("corpus/paper/listing1-replace-empty.smt2"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains(&format!("{bad}:4:1: expected")), "{stdout}");
    assert!(
        stdout.contains("listing1-replace-empty.smt2: sat (model checked)"),
        "{stdout}"
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn generate_writes_labelled_files_that_run_checks() {
    let dir = std::env::temp_dir().join(format!("equifuzz-gen-{}", std::process::id()));
    let out = equifuzz()
        .args(["generate", "--limit", "40", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files: Vec<_> = walk(&dir);
    files.sort();
    assert_eq!(files.len(), 40);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(
        text.contains("(set-info :status sat)") && text.contains("; model:"),
        "{text}"
    );
    let run = equifuzz()
        .args(["run", "--target", "z3"])
        .args(&files)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(stdout.lines().count(), 40, "{stdout}");
    assert!(
        !stdout.contains("UNSOUND") && !stdout.contains("INVALID"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_short_fuzz_run_reports_throughput_and_verdicts() {
    let dir = std::env::temp_dir().join(format!("equifuzz-fuzz-{}", std::process::id()));
    let out = equifuzz()
        .args([
            "fuzz",
            "--target",
            "z3",
            "--max-execs",
            "30",
            "--timeout",
            "2s",
            "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{stdout}"
    );
    assert!(stdout.contains("executions: 30 in"), "{stdout}");
    assert!(stdout.contains("median solver call"), "{stdout}");
    // Run from the repository, so its labelled corpus/ seeds the campaign.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("seeds: 4 cases from corpus (0 files skipped)"),
        "{stderr}"
    );
    assert!(dir.join("stats.jsonl").exists());
    std::fs::remove_dir_all(&dir).ok();
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// A labelled sat file and a malformed one, in a fresh folder.
fn finding_and_bad_file(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("equifuzz-exit-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("a-sat.smt2"),
        "(set-info :status sat)(declare-const x Int)(assert (> x 0))(check-sat)",
    )
    .unwrap();
    std::fs::write(dir.join("b-bad.smt2"), "(assert (> x 0)").unwrap();
    dir
}

#[test]
fn a_finding_beside_a_bad_file_exits_1() {
    let dir = finding_and_bad_file("finding");
    // A "solver" that answers unsat to everything: a finding on a-sat.
    let out = equifuzz()
        .args(["run", "--target", "cmd:/bin/echo unsat"])
        .arg(&dir)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("a-sat.smt2: UNSOUND"), "{stdout}");
    assert!(stdout.contains("b-bad.smt2:1:16: expected"), "{stdout}");
    assert_eq!(out.status.code(), Some(1), "{stdout}");
}

#[test]
fn a_solver_that_never_answers_and_an_empty_folder_exit_2() {
    let out = equifuzz()
        .args(["run", "--target", "cmd:/bin/false"])
        .arg(root("corpus/paper/listing1-replace-empty.smt2"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("error: no answer"), "{stdout}");
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing judged"));

    let empty = std::env::temp_dir().join(format!("equifuzz-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let out = equifuzz()
        .args(["run", "--target", "cmd:/bin/echo sat"])
        .arg(&empty)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&empty).ok();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing judged"));
}

#[test]
fn every_check_sat_of_an_incremental_file_gets_a_line_and_json_object() {
    let dir = std::env::temp_dir().join(format!("equifuzz-incr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("incr.smt2");
    std::fs::write(
        &f,
        "(declare-const x Int)\n(set-info :status sat)\n(check-sat)\n(assert (> x 0))\n(assert (< x 0))\n(set-info :status unsat)\n(check-sat)\n",
    )
    .unwrap();
    let out = equifuzz()
        .args(["run", "--target", "z3", "--jsonl"])
        .arg(&f)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    assert_eq!(
        (rows[0]["line"].as_u64(), rows[0]["kind"].as_str()),
        (Some(3), Some("sat"))
    );
    assert_eq!(
        (rows[1]["line"].as_u64(), rows[1]["kind"].as_str()),
        (Some(7), Some("unsat"))
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}
