//! The triage commands end to end on findings of a fake solver: a shell
//! script that answers `unsat` to every query with `str.len` in it and
//! `unknown` to anything else, so a sat finding over `str.len` fails
//! (unsound) exactly while `str.len` is left in it.
//!
//! The bisection over real Z3 releases needs the release cache of
//! `scripts/install-solvers.sh` and says SKIPPED without it.

#[path = "common/binary.rs"]
mod binary;
use std::path::{Path, PathBuf};
use std::process::Output;

use equifuzz::finding::read_case;

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("equifuzz-triage-{tag}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A solver script in `dir` named `name` with `body` after the version
/// answer.
fn solver(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let text = format!(
        "#!/bin/sh\n[ \"$1\" = --version ] && {{ echo 'fake 1.0'; exit 0; }}\nscript=$(cat)\n{body}\n"
    );
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

const WRONG_ON_LEN: &str = "case \"$script\" in *str.len*) echo unsat;; *) echo unknown;; esac";

/// A finding as `fuzz` writes it, found on `solver`.
fn finding(dir: &Path, solver: &Path) -> PathBuf {
    let path = dir.join("findings/unsound/fake-unsound-0-1.smt2");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = format!(
        "; equifuzz run {} --target 'cmd:{}' --timeout 5000ms\n\
         ; equifuzz finding: unsound\n; expected: sat\n; got: UNSOUND: expected sat, got unsat\n\
         ; solver: fake (fake 1.0)\n; options: target=fake\n; seed: 0\n; category: term-synthesis\n\
         ; chain: term-synthesis -> conjunction\n; model:\n\
         ;   (define-fun s () String \"hello\")\n;   (define-fun n () Int 42)\n\
         (set-info :status sat)\n(declare-const s String)\n(declare-const n Int)\n\
         (assert (= (str.len (str.++ s \"ab\")) (+ 3 4)))\n\
         (assert (= (str.at s 0) \"h\"))\n(assert (> n (- 100 60)))\n(check-sat)\n(get-value (s n))\n",
        path.display(),
        solver.display()
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn equifuzz(args: &[&str]) -> Output {
    binary::equifuzz().args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `equifuzz minimize FINDING --out OUT`, which must exit 1 (the failure
/// kept: a finding, minimized).
fn minimize_to(finding: &Path, out: &Path) {
    let o = equifuzz(&[
        "minimize",
        finding.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
}

#[test]
fn minimize_keeps_the_failure_and_a_model_that_holds() {
    let dir = scratch("minimize");
    let fake = solver(&dir, "fake", WRONG_ON_LEN);
    let f = finding(&dir, &fake);
    let out = dir.join("min.smt2");
    minimize_to(&f, &out);
    let min = std::fs::read_to_string(&out).unwrap();
    let case = read_case(&min, "x").expect("the minimized truth holds");
    assert_eq!(case.formula.assertions.len(), 1, "{min}");
    assert!(min.contains("str.len"), "{min}");
    assert!(
        !min.contains("str.at") && !min.contains("(- 100 60)"),
        "{min}"
    );
    assert!(
        min.starts_with(&format!("; equifuzz run {}", out.display())),
        "{min}"
    );
    // The minimized file replays as written: still the same finding.
    let o = equifuzz(&[
        "run",
        out.to_str().unwrap(),
        "--target",
        &format!("cmd:{}", fake.display()),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("UNSOUND"), "{}", text(&o.stdout));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_minimized_formula_that_stops_failing_is_written_as_flaky() {
    const FINAL_REPLAYS: usize = 3;
    // Wrong on its first 4 calls (the finding's replay and the 3 tests
    // --max-tests allows), `unknown` after: as a failure near the timeout
    // that passes on the final replays.
    let dir = scratch("flaky");
    let counter = dir.join("calls");
    let body = format!(
        "n=$(cat {c} 2>/dev/null || echo 0); n=$((n+1)); echo $n > {c}\n\
         printf '%s\\n' \"$(printf %s \"$script\" | cksum)\" >> {c}.log\n\
         if [ $n -le 4 ]; then {WRONG_ON_LEN}; else echo unknown; fi",
        c = counter.display()
    );
    let fake = solver(&dir, "flaky", &body);
    let f = finding(&dir, &fake);
    let out = dir.join("min.smt2");
    let o = equifuzz(&[
        "minimize",
        f.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--max-tests",
        "3",
    ]);
    let stdout = text(&o.stdout);
    assert!(
        stdout.contains(
            "FLAKY: failed as unsound (answer unsat) during minimization, not in its final replays"
        ),
        "{stdout}{}",
        text(&o.stderr)
    );
    // The last three calls are the final replays of one formula, each
    // answered `unknown` (past the 4 wrong answers).
    let log = std::fs::read_to_string(counter.with_extension("log")).unwrap();
    let calls: Vec<&str> = log.lines().collect();
    assert!(calls.len() >= 4 + FINAL_REPLAYS, "{log}");
    let last = &calls[calls.len() - FINAL_REPLAYS..];
    assert!(last.iter().all(|c| *c == last[0]), "{log}");
    let min = std::fs::read_to_string(&out).unwrap();
    assert!(min.contains("; flaky: failed as unsound"), "{min}");
    assert!(min.contains("; got: unknown"), "{min}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn check_refuses_a_candidate_whose_label_is_wrong() {
    let dir = scratch("check");
    let fake = solver(&dir, "fake", WRONG_ON_LEN);
    let f = finding(&dir, &fake);
    let ok = dir.join("ok.smt2");
    std::fs::write(
        &ok,
        "(declare-const s String)(declare-const n Int)(assert (= (str.len s) 5))(check-sat)",
    )
    .unwrap();
    let o = equifuzz(&[
        "minimize",
        f.to_str().unwrap(),
        "--check",
        ok.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("6 AST nodes") || text(&o.stdout).contains("AST nodes"));
    // |"hello"| is not 4: the model no longer satisfies it, whatever the
    // solver says.
    let wrong = dir.join("wrong.smt2");
    std::fs::write(
        &wrong,
        "(declare-const s String)(declare-const n Int)(assert (= (str.len s) 4))(check-sat)",
    )
    .unwrap();
    let o = equifuzz(&[
        "minimize",
        f.to_str().unwrap(),
        "--check",
        wrong.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stdout).contains("truth does not hold"),
        "{}",
        text(&o.stdout)
    );
    // Valid, but without str.len the solver no longer fails.
    let gone = dir.join("gone.smt2");
    std::fs::write(
        &gone,
        "(declare-const s String)(declare-const n Int)(assert (= s \"hello\"))(check-sat)",
    )
    .unwrap();
    let o = equifuzz(&[
        "minimize",
        f.to_str().unwrap(),
        "--check",
        gone.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stdout).contains("unknown"), "{}", text(&o.stdout));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_inputs_are_one_line_and_exit_2() {
    let dir = scratch("bad");
    let plain = dir.join("plain.smt2");
    std::fs::write(
        &plain,
        "(declare-const s String)(assert (= s s))(check-sat)",
    )
    .unwrap();
    for args in [
        vec!["minimize", plain.to_str().unwrap()],
        vec!["minimize", "/nonexistent/f.smt2"],
        vec!["confirm", dir.to_str().unwrap()],
        vec!["bisect", plain.to_str().unwrap(), "--releases", "4.8.5"],
        vec!["report", dir.to_str().unwrap()],
    ] {
        let o = equifuzz(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    let o = equifuzz(&["minimize", plain.to_str().unwrap()]);
    assert!(
        text(&o.stderr).contains("is not `; equifuzz run FILE"),
        "{}",
        text(&o.stderr)
    );
    let empty = dir.join("no-cache");
    std::fs::create_dir_all(&empty).unwrap();
    let o = equifuzz(&[
        "bisect",
        plain.to_str().unwrap(),
        "--cache",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("no Z3 release"),
        "{}",
        text(&o.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn confirm_marks_confirmed_suspect_and_flaky_and_deletes_nothing() {
    let dir = scratch("confirm");
    let fake = solver(&dir, "fake", WRONG_ON_LEN);
    let f = finding(&dir, &fake);
    let o = equifuzz(&["confirm", f.to_str().unwrap(), "--repeat", "3"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains(": confirmed (unsound reproduced 3/3"),
        "{}",
        text(&o.stdout)
    );
    // Another solver that is wrong the same way: the truth is suspect.
    let other = solver(&dir, "other", WRONG_ON_LEN);
    let with = format!("cmd:{}", other.display());
    let o = equifuzz(&["confirm", dir.to_str().unwrap(), "--with", &with]);
    assert!(text(&o.stdout).contains(": suspect"), "{}", text(&o.stdout));
    let marks = std::fs::read_to_string(dir.join("confirm.jsonl")).unwrap();
    assert!(marks.contains("\"suspect\""), "{marks}");
    // Wrong every other time: flaky.
    let counter = dir.join("count");
    let flaky = solver(
        &dir,
        "flaky",
        &format!(
            "n=$(cat {c} 2>/dev/null || echo 0); echo $((n + 1)) > {c}\n\
             case \"$script\" in *str.len*) [ $((n % 2)) = 0 ] && echo unsat || echo unknown;; \
             *) echo unknown;; esac",
            c = counter.display()
        ),
    );
    let text_of = std::fs::read_to_string(&f).unwrap();
    std::fs::write(
        &f,
        text_of.replace(&fake.display().to_string(), &flaky.display().to_string()),
    )
    .unwrap();
    // Not every one of the 4 replays failed: ten in all give its rate.
    let o = equifuzz(&["confirm", f.to_str().unwrap(), "--repeat", "4"]);
    assert!(
        text(&o.stdout).contains(": flaky (unsound reproduced 5/10"),
        "{}",
        text(&o.stdout)
    );
    assert!(f.exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn report_writes_the_table_a_bucket_and_a_png() {
    let dir = scratch("report");
    let fake = solver(&dir, "fake", WRONG_ON_LEN);
    finding(&dir, &fake);
    let stats: String = (1..=5)
        .map(|i| {
            format!(
                "{{\"time\":{i}.0,\"execs\":{},\"corpus\":{i},\"edges\":0,\"findings\":{{\"unsound\":{}}},\
                 \"verdicts\":{{\"sat\":{},\"unsound\":1}}}}\n",
                i * 10,
                i / 3,
                i * 9
            )
        })
        .collect();
    std::fs::write(dir.join("stats.jsonl"), stats).unwrap();
    let o = equifuzz(&["minimize", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let o = equifuzz(&["report", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        report.contains("| term-synthesis / conjunction | 1 | 0 | 0 | 1 |"),
        "{report}"
    );
    assert!(
        report.contains("| **all executions** (stats.jsonl) | 46 |"),
        "{report}"
    );
    assert!(report.contains("1 findings in 1 buckets"), "{report}");
    assert!(report.contains("### Bucket "), "{report}");
    assert!(report.contains("(assert (= (str.len"), "{report}");
    assert!(
        report.contains("Median size of the 1 minimized findings"),
        "{report}"
    );
    assert!(report.contains("](campaign.png)"), "{report}");
    assert!(
        report.contains("No issue text: no finding of this bucket is confirmed"),
        "{report}"
    );
    let png = std::fs::read(dir.join("campaign.png")).unwrap();
    assert_eq!(&png[..4], b"\x89PNG");
    // Confirmed, the bucket gets its issue text and its marks.
    let o = equifuzz(&["confirm", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    equifuzz(&["report", dir.to_str().unwrap()]);
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        report.contains("Title: fake (fake 1.0): unsound on a formula over"),
        "{report}"
    );
    assert!(report.contains("**confirmed** (reproduced 3/3"), "{report}");
    assert!(
        report.contains("Confirmed 1, suspect 0, flaky 0, not reproduced 0."),
        "{report}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `<cache>/solvers` of `scripts/install-solvers.sh`, if Z3 4.8.5 is there.
fn release_cache() -> Option<PathBuf> {
    let home = std::env::var_os("HOME")?;
    let root = PathBuf::from(home).join(".cache/equifuzz/solvers");
    root.join("z3-4.8.5.0/x/z3/lib/libz3.so")
        .exists()
        .then_some(root)
}

#[test]
fn bisect_names_the_releases_that_fail() {
    let Some(root) = release_cache() else {
        eprintln!(
            "SKIPPED: bisect_names_the_releases_that_fail: no Z3 4.8.5 in ~/.cache/equifuzz/solvers (scripts/install-solvers.sh z3 4.8.5 4.8.7)"
        );
        return;
    };
    let dir = scratch("bisect");
    let lib = root.join("z3-4.8.5.0/x/z3/lib/libz3.so");
    // SMT-LIB 2.6: (_ re.loop 4 3) is the empty language, so "" is not in
    // it; Z3 4.8.5 answers unsat.
    let f = dir.join("loop.smt2");
    std::fs::write(
        &f,
        format!(
            "; equifuzz run {} --target z3 --solver-lib {} --timeout 10000ms\n\
             ; equifuzz finding: unsound\n; expected: sat\n; model:\n\
             (set-info :status sat)\n(assert (not (str.in_re \"\" ((_ re.loop 4 3) re.all))))\n(check-sat)\n",
            f.display(),
            lib.display()
        ),
    )
    .unwrap();
    let o = equifuzz(&[
        "bisect",
        f.to_str().unwrap(),
        "--releases",
        "4.8.5..4.8.7",
        "--cache",
        root.to_str().unwrap(),
    ]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(out.contains("fails on 4.8.5.0"), "{out}");
    assert!(out.contains("no good release before"), "{out}");
    // Its own release is judged by its own replays, not again: a flaky
    // finding (8/10) once passed the 2 replays a release gets and its own
    // solver was called fixed.
    let err = text(&o.stderr);
    assert!(!err.contains("4.8.5.0: Bad"), "{err}");
    assert!(
        err.contains("4.8.7.0: "),
        "the other release is judged: {err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// An invalid-core finding of regex-equivalent-formula (EM3: `s ∈ R1 ∩ R2`
/// iff `s ∈ R1 ∧ s ∈ R2`) from a 20-minute campaign against Z3 4.8.5,
/// which answers a core without a0.
const EM3_BODY: &str = "; equifuzz finding: invalid-core\n; expected: unsat\n\
    ; got: INVALID CORE: omits a0\n; category: regex-equivalent-formula\n\
    ; expected unsat core: (a0 a1)\n(set-info :status unsat)\n(declare-const s String)\n\
    (assert (! (not (= (str.in_re s (re.inter (re.range \"a\" \"c\") (re.union (str.to_re \"b\") (re.++ re.allchar (str.to_re \"b\"))))) true)) :named a0))\n\
    (assert (! (= (and (str.in_re s (re.range \"a\" \"c\")) (str.in_re s (re.union (str.to_re \"b\") (re.++ re.allchar (str.to_re \"b\"))))) true) :named a1))\n\
    (check-sat)\n(get-unsat-core)\n";

#[test]
fn an_invalid_core_shrinks_inside_its_decided_core() {
    let Some(root) = release_cache() else {
        eprintln!(
            "SKIPPED: an_invalid_core_shrinks_inside_its_decided_core: no Z3 4.8.5 in ~/.cache/equifuzz/solvers (scripts/install-solvers.sh z3 4.8.5)"
        );
        return;
    };
    let dir = scratch("core");
    let lib = root.join("z3-4.8.5.0/x/z3/lib/libz3.so");
    let f = dir.join("z3-invalid-core-12-9fe76cb5d4243adc.smt2");
    let head = format!(
        "; equifuzz run {} --target z3 --solver-lib {} --timeout 10000ms\n",
        f.display(),
        lib.display()
    );
    std::fs::write(&f, format!("{head}{EM3_BODY}")).unwrap();
    let out = dir.join("min.smt2");
    minimize_to(&f, &out);
    // Before: 33 nodes, which only undoing (= φ true) and folding could
    // shrink (to 29); the decided core lets the regexes themselves shrink.
    let m = std::fs::read_to_string(&out).unwrap();
    let case = read_case(&m, "min").unwrap();
    let nodes: usize = case.formula.assertions.iter().map(|a| a.term.size()).sum();
    assert!(nodes <= 16, "{nodes} nodes:\n{m}");
    assert!(m.contains("; expected unsat core: (a0 a1)"), "{m}");
    let o = equifuzz(&[
        "minimize",
        f.to_str().unwrap(),
        "--check",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    // ddSMT's 21-node result of the sibling EM2 finding replaced a disjunct
    // by `true`: a1 became false for every s, so (a0 a1) is no longer the
    // unique minimal core although every solver still says unsat.
    let ddsmt = dir.join("ddsmt.smt2");
    std::fs::write(
        &ddsmt,
        "(declare-const s String)\
         (assert (! (not (= (str.in_re s (re.range \"a\" \"c\")) true)) :named a0))\
         (assert (! (= (and false (str.in_re s (re.union (str.to_re \"b\") (re.++ re.allchar (str.to_re \"b\"))))) true) :named a1))",
    )
    .unwrap();
    let o = equifuzz(&[
        "minimize",
        f.to_str().unwrap(),
        "--check",
        ddsmt.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    assert!(
        text(&o.stdout).contains("the unique minimal unsat core is (a1)"),
        "{}",
        text(&o.stdout)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn triage_runs_each_step_once_resumes_and_names_bad_input() {
    let dir = scratch("triage");
    let fake = solver(&dir, "fake", WRONG_ON_LEN);
    finding(&dir, &fake);
    let d = dir.to_str().unwrap();
    let no_cache = dir.join("no-cache");
    let cache = no_cache.to_str().unwrap();
    // A bad line of the known-bugs file stops it before any work.
    let known = dir.join("known.txt");
    std::fs::write(&known, "# filed upstream\nz3 issue 1234\n").unwrap();
    let o = equifuzz(&[
        "triage",
        d,
        "--cache",
        cache,
        "--known",
        known.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("known.txt:2:"),
        "{}",
        text(&o.stderr)
    );
    assert!(!dir.join("minimized").exists(), "no work done");
    // The fake solver is no Z3 release: minimized, confirmed and diagnosed
    // (no self-check is known for it: the step says so), not
    // bisected, so its bucket is undecided (exit 0: nothing new).
    let o = equifuzz(&["triage", d, "--cache", cache]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("1 defects in 1 buckets; 3 steps run, 0 done by an earlier run, 0 failed"),
        "{out}"
    );
    assert!(out.contains("undecided"), "{out}");
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        report.contains("Status: undecided: not bisected"),
        "{report}"
    );
    assert!(report.contains("confirmed"), "{report}");
    // Issue text: the formula first, then the version, the argument.
    let issue = &report[report.find("Title:").expect("an issue text")..];
    let formula = issue.find("(assert").unwrap();
    let version = issue.find("Version: fake (fake 1.0)").unwrap();
    // Minimized to a closed formula: its argument is evaluation.
    let argument = issue
        .find("Expected: sat: no constant is declared")
        .unwrap();
    assert!(formula < version && version < argument, "{issue}");
    // Again: everything is done already.
    let o = equifuzz(&["triage", d, "--cache", cache]);
    assert!(
        text(&o.stdout).contains("0 steps run, 3 done by an earlier run"),
        "{}",
        text(&o.stdout)
    );
    // The bucket's id in a known-bugs file marks it known.
    let id = out.split_whitespace().next().unwrap();
    std::fs::write(&known, format!("{id}\n")).unwrap();
    let o = equifuzz(&[
        "triage",
        d,
        "--cache",
        cache,
        "--known",
        known.to_str().unwrap(),
    ]);
    assert!(
        text(&o.stdout).contains(&format!("{id}  known")),
        "{}",
        text(&o.stdout)
    );
    // A folder without findings says so.
    let empty = scratch("triage-empty");
    let o = equifuzz(&["triage", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("no finding under it"),
        "{}",
        text(&o.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&empty).ok();
}

/// The same finding under another name, so that `--per-bucket 2` takes two.
fn second_finding(first: &Path) -> PathBuf {
    let second = first.with_file_name("fake-unsound-0-2.smt2");
    let text = std::fs::read_to_string(first).unwrap();
    let text = text.replacen(
        &first.display().to_string(),
        &second.display().to_string(),
        1,
    );
    std::fs::write(&second, text).unwrap();
    second
}

#[test]
fn triage_works_on_findings_at_once_and_an_interrupt_leaves_the_rest_to_a_rerun() {
    use std::os::unix::process::CommandExt;
    let dir = scratch("jobs");
    // Slow enough that a minimization is still under way when the
    // interrupt comes.
    let slow = format!("sleep 0.2\n{WRONG_ON_LEN}");
    let fake = solver(&dir, "fake", &slow);
    second_finding(&finding(&dir, &fake));
    let d = dir.to_str().unwrap();
    let cache = dir.join("no-cache");
    let args = [
        "triage",
        d,
        "--cache",
        cache.to_str().unwrap(),
        "--per-bucket",
        "2",
        "--jobs",
        "2",
    ];
    // Ctrl-C reaches the whole foreground process group: the command and
    // its workers.
    let child = binary::equifuzz()
        .args(args)
        .process_group(0)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The interrupt comes once both workers said they started (a fixed
    // wait came too early on a loaded machine): each minimization then
    // has a slow solver call under way.
    let mut child = child;
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        use std::io::BufRead;
        let mut all = String::new();
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            all.push_str(&line);
            all.push('\n');
            let _ = tx.send(line);
        }
        all
    });
    let started = std::time::Instant::now();
    let (mut first, mut second) = (false, false);
    while !(first && second) && started.elapsed() < std::time::Duration::from_secs(120) {
        if let Ok(line) = rx.recv_timeout(std::time::Duration::from_millis(100)) {
            first |= line.contains("[1/2 ");
            second |= line.contains("[2/2 ");
        }
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let group = nix::unistd::Pid::from_raw(-(child.id() as i32));
    nix::sys::signal::kill(group, nix::sys::signal::Signal::SIGINT).unwrap();
    let o = child.wait_with_output().unwrap();
    let err = reader.join().unwrap();
    let (out, err) = (text(&o.stdout), err);
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert!(out.contains("interrupted: 6 steps left"), "{out}{err}");
    // Both findings were started at once, and neither kept a half result.
    assert!(err.contains("[1/2 ") && err.contains("[2/2 "), "{err}");
    // The two workers share stderr: each line came out whole (written
    // piece by piece they interleaved, `[[12//22  00s]`, and this test
    // missed its cue).
    for line in err.lines().filter(|l| l.contains("] bucket ")) {
        assert!(
            line.starts_with("[1/2 ") || line.starts_with("[2/2 "),
            "{line:?} in\n{err}"
        );
        assert_eq!(line.matches("] bucket ").count(), 1, "{line:?}");
    }
    assert_eq!(
        std::fs::read_dir(dir.join("minimized")).map_or(0, |d| d.count()),
        0,
        "{err}"
    );
    // The rerun does everything, in two workers, and says so as one run
    // would.
    let o = equifuzz(&args);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(
        out.contains("1 defects in 1 buckets; 6 steps run, 0 done by an earlier run, 0 failed"),
        "{out}{err}"
    );
    let confirmed = std::fs::read_to_string(dir.join("confirm.jsonl")).unwrap();
    assert_eq!(confirmed.lines().count(), 2, "{confirmed}");
    for f in ["fake-unsound-0-1", "fake-unsound-0-2"] {
        let min = std::fs::read_to_string(dir.join(format!("minimized/{f}.min.smt2"))).unwrap();
        read_case(&min, "x").expect("the minimized truth holds");
        assert!(min.contains("str.len"), "{f}: {min}");
        assert!(confirmed.contains(f), "{confirmed}");
    }
    assert!(!dir.join(".triage-work").exists(), "workers' files removed");
    std::fs::remove_dir_all(&dir).ok();
}

/// A campaign bucket whose second finding keys apart (its own settings):
/// the report makes it a bucket of its own, so triage works on it too
/// with `--per-bucket 1`, instead of leaving a report entry no step
/// replayed (regression: such a Z3 5.4.1 entry replayed 0 of 3 times as
/// its report printed it, with no rate and no `--repeat`).
#[test]
fn a_finding_that_keys_apart_from_its_campaign_bucket_is_triaged_too() {
    let dir = scratch("apart");
    let fake = solver(&dir, "fake", WRONG_ON_LEN);
    let first = finding(&dir, &fake);
    let header = std::fs::read_to_string(&first).unwrap().replacen(
        "; seed: 0\n",
        "; seed: 0\n; bucket: 0123abcd\n",
        1,
    );
    std::fs::write(&first, &header).unwrap();
    let second = second_finding(&first);
    let apart = std::fs::read_to_string(&second).unwrap().replacen(
        "(set-info :status sat)\n",
        "(set-option :smt.relevancy 0)\n(set-info :status sat)\n",
        1,
    );
    std::fs::write(&second, apart).unwrap();
    // The campaign's bucket table, as `fuzz` writes it: id, kind,
    // findings, label.
    std::fs::write(
        dir.join("buckets.tsv"),
        "0123abcd\tunsound\t2\tunsound (answer unsat) on strings\n",
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    let cache = dir.join("no-cache");
    let args = [
        "triage",
        d,
        "--cache",
        cache.to_str().unwrap(),
        "--jobs",
        "1",
    ];
    let o = equifuzz(&args);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(
        err.contains("2 findings in 1 buckets; triaging 2 (1 per bucket, and 1 that key apart"),
        "{err}"
    );
    let confirmed = std::fs::read_to_string(dir.join("confirm.jsonl")).unwrap();
    assert_eq!(confirmed.lines().count(), 2, "{confirmed}");
    std::fs::remove_dir_all(&dir).ok();
}
