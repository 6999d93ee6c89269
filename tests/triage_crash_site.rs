//! Regression (issue 42): a crash finding keeps its bucket through triage.
//!
//! Z3 5.4.1's local search aborts at several sites of one file; a finding
//! that crashed at `sls_seq_plugin.cpp` line 137 was minimized to a formula
//! that crashed at line 1319 (the minimizer kept "a crash", not "this
//! crash"), so the minimized file fell into another bucket and its own was
//! reported "undecided, not confirmed yet" though its finding was confirmed
//! and bisected.
//!
//! The solver here is a shell script that does what that Z3 did, as a
//! binary: on a query with `str.len` it prints Z3's abort at line 137 to
//! standard error and exits 107 (`ERR_NOT_IMPLEMENTED_YET`); on one with
//! `str.++` and no `str.len`, the abort at line 1319 and exit 114. A
//! finding over both, recorded at line 137, must minimize, confirm and be
//! reported in the bucket of line 137.

#[path = "common/binary.rs"]
mod binary;

use std::path::{Path, PathBuf};

use equifuzz::finding::key_of_text;

fn scratch(tag: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("equifuzz-crash-site-{tag}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Z3's abort as the 5.4.1 wheel prints it, at `line` with `what`.
fn abort(line: u32, what: &str) -> String {
    format!(
        "printf 'ASSERTION VIOLATION\\nFile: /tmp/build/z3/src/ast/sls/sls_seq_plugin.cpp\\n\
         Line: {line}\\n{what}\\n5.4.1.0\\nPlease file an issue with this message\\n' >&2"
    )
}

/// The fake solver (see the module docs).
fn solver(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("fake-z3");
    let text = format!(
        "#!/bin/sh\n[ \"$1\" = --version ] && {{ echo 'fake 5.4.1'; exit 0; }}\nscript=$(cat)\n\
         case \"$script\" in\n\
         *str.len*) {}; exit 107;;\n\
         *str.++*) {}; exit 114;;\n\
         *) echo sat;;\nesac\n",
        abort(137, "NOT IMPLEMENTED YET!"),
        abort(1319, "UNEXPECTED CODE WAS REACHED.")
    );
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

const SITE_137: &str = "ASSERTION VIOLATION File: /tmp/build/z3/src/ast/sls/sls_seq_plugin.cpp \
                        Line: 137 NOT IMPLEMENTED YET!";

/// A crash finding as a campaign writes it, named `name`, its bucket line
/// the id of its own key. The `str.len` assertion comes first, so that a
/// reduction that drops it (leaving the crash at line 1319) is tried.
fn finding(dir: &Path, fake: &Path, name: &str) -> PathBuf {
    let path = dir.join(format!("findings/crash/{name}.smt2"));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let body = format!(
        "; equifuzz run {} --target 'cmd:{}' --timeout 5000ms\n\
         ; equifuzz finding: crash\n; expected: sat\n\
         ; got: CRASH: exited with code 107; it said: {SITE_137}\n\
         ; solver: fake (fake 5.4.1)\n; options: target=fake\n; seed: 0\n\
         ; category: term-synthesis\n; chain: term-synthesis -> conjunction\n; model:\n\
         ;   (define-fun s () String \"ab\")\n;   (define-fun n () Int 2)\n\
         (set-info :status sat)\n(declare-const s String)\n(declare-const n Int)\n\
         (assert (= (str.len s) n))\n(assert (= (str.++ s s) \"abab\"))\n\
         (assert (> n 1))\n(check-sat)\n(get-value (s n))\n",
        path.display(),
        fake.display()
    );
    let id = key_of_text(&body).expect("a finding's key").id();
    let text = body.replace("; solver:", &format!("; bucket: {id}\n; solver:"));
    std::fs::write(&path, text).unwrap();
    path
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn key_of_file(path: &Path) -> equifuzz::finding::BucketKey {
    key_of_text(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_minimized_crash_stays_at_its_site() {
    let dir = scratch("minimize");
    let fake = solver(&dir);
    let f = finding(&dir, &fake, "fake-crash-0-1");
    let out = dir.join("min.smt2");
    let o = binary::equifuzz()
        .args([
            "minimize",
            f.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let min = std::fs::read_to_string(&out).unwrap();
    assert!(min.contains("Line: 137"), "{min}");
    assert!(min.contains("str.len") && !min.contains("(> n 1)"), "{min}");
    assert_eq!(key_of_file(&out), key_of_file(&f), "{min}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn triage_reports_a_crash_in_the_bucket_it_was_found_in() {
    let dir = scratch("triage");
    let fake = solver(&dir);
    let first = finding(&dir, &fake, "fake-crash-0-1");
    // A second finding of the bucket, which triage does not minimize
    // (`--per-bucket 1`): it stays keyed by its own text, at line 137, and
    // the minimized first must join it there.
    finding(&dir, &fake, "fake-crash-0-2");
    let cache = dir.join("no-cache");
    let o = binary::equifuzz()
        .args([
            "triage",
            dir.to_str().unwrap(),
            "--cache",
            cache.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let out = text(&o.stdout);
    assert!(
        out.contains("report.md: 1 defects in 1 buckets;"),
        "{out}{}",
        text(&o.stderr)
    );
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    let id = key_of_file(&first).id();
    assert!(report.contains(&format!("Bucket {id}")), "{report}");
    assert!(report.contains("confirmed"), "{report}");
    assert!(!report.contains("Line: 1319"), "{report}");
    // The report leads with its one defect, before any bucket.
    let defects = report.find("## Defects").expect("a defects section");
    assert!(defects < report.find("### Bucket").unwrap(), "{report}");
    assert!(report.contains("1 defect(s) in 1 bucket(s)"), "{report}");
    std::fs::remove_dir_all(&dir).ok();
}
