//! The command line as a user runs it: `run` on the paper's listings, on a
//! malformed file, on incremental files and with the exit-code scheme
//! (findings first), `generate`, and a short `fuzz`.

#[path = "common/binary.rs"]
mod binary;
use binary::equifuzz;

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
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    // The preflight stops `run` before any file is blamed on the solver.
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("cannot be used: it gave no answer to `(check-sat)`"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2), "{stderr}");

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

/// A temporary folder of this test process, new for `tag`.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("equifuzz-cli-{tag}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell script "solver" `name` in `dir` with `body` after a `--version`
/// answer.
fn fake_solver(dir: &std::path::Path, name: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let text = format!(
        "#!/bin/sh\n[ \"$1\" = --version ] && {{ echo 'fakesolver version 1.0'; exit 0; }}\n{body}\n"
    );
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// `equifuzz fuzz ARGS` run away from the repository (whose corpus/ would
/// seed the campaign), with no cached instrumented library.
fn fuzz_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    equifuzz()
        .current_dir(dir)
        .arg("fuzz")
        .args(args)
        .env("EQUIFUZZ_CACHE", dir.join("no-cache"))
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn nonsense_limits_are_refused_with_the_allowed_range() {
    let dir = scratch("limits");
    for (args, says) in [
        (&["--timeout=18446744073709551615s"][..], "1ms..=24h"),
        (&["--timeout", "0s"][..], "1ms..=24h"),
        (&["--timeout", "25h"][..], "1ms..=24h"),
        (&["--time", "0s"][..], "1s..="),
        (&["--progress", "0"][..], "0.1..=3600"),
        (&["--progress", "NaN"][..], "0.1..=3600"),
        (&["--max-execs", "0"][..], "--max-execs"),
    ] {
        let out = fuzz_in(&dir, &[args, &["--out", "o"]].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!dir.join("o").exists(), "{args:?} started a campaign");
    }
    for args in [&["--count", "0"][..], &["--depth", "0"], &["--depth", "99"]] {
        let out = equifuzz()
            .args(["export", "--out"])
            .arg(dir.join("e"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!dir.join("e").exists(), "{args:?} wrote files");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_settings_skip_the_table_cannot_honour_is_refused_before_the_campaign() {
    let dir = scratch("settings-skip");
    for (args, says) in [
        (
            &["--settings", "on", "--settings-skip", "smt.no_such_key"][..],
            "draws no key \"smt.no_such_key\"",
        ),
        (
            &["--settings", "on", "--settings-skip", "smt.relevancy=9"][..],
            "smt.relevancy draws 0,1,2, not \"9\"",
        ),
        (
            &["--settings-skip", "smt.sls.enable"][..],
            "--settings-skip needs --settings on",
        ),
    ] {
        let out = fuzz_in(&dir, &[args, &["--time", "5s", "--out", "o"]].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!dir.join("o").exists(), "{args:?} started a campaign");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_solver_that_cannot_answer_is_a_configuration_error_in_both_engines() {
    let dir = scratch("no-answer");
    // What a z3 binary without `-in` does: a usage error on stderr, code 109.
    let z3 = fake_solver(
        &dir,
        "z3",
        "echo 'Error: input file was not specified.' >&2\n\
         echo 'For usage information: z3 -h' >&2\nexit 109",
    );
    let z3 = format!("cmd:{}", z3.display());
    for engine in ["libafl", "plain"] {
        for (target, says) in [
            ("cmd:/bin/false", "gave no answer to `(check-sat)`"),
            (z3.as_str(), "only with `-in`"),
        ] {
            let out = fuzz_in(
                &dir,
                &[
                    "--engine", engine, "--target", target, "--time", "5s", "--out", "o",
                ],
            );
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{engine} {target}: {stderr}");
            assert!(stderr.contains(says), "{engine} {target}: {stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
            assert!(
                !dir.join("o/findings/crash").exists(),
                "{engine} {target}: the solver's usage error became a finding"
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_campaign_that_judged_nothing_exits_2() {
    let dir = scratch("nothing-judged");
    // Answers the trivial query, and an error to anything else.
    let solver = fake_solver(
        &dir,
        "picky",
        "script=$(cat)\nif [ \"$script\" = '(check-sat)' ]; then echo sat; \
         else echo '(error \"unsupported\")'; fi",
    );
    let target = format!("cmd:{}", solver.display());
    for engine in ["plain", "libafl"] {
        let out = fuzz_in(
            &dir,
            &[
                "--engine",
                engine,
                "--target",
                &target,
                "--max-execs",
                "20",
                "--out",
                engine,
            ],
        );
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(stdout.contains("error: "), "{engine}: {stdout}{stderr}");
        assert_eq!(out.status.code(), Some(2), "{engine}: {stdout}{stderr}");
        assert!(
            stderr.contains("no answer of the solver could be judged"),
            "{engine}: {stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn guidance_options_that_need_instrumentation_are_refused_without_it() {
    // The system libz3 (no instrumentation, no trace-cmp); no cache.
    let dir = scratch("needs-instrumentation");
    for (flag, says) in [
        ("--len-control", "--len-control needs an instrumented libz3"),
        ("--value-profile", "has no trace-cmp instrumentation"),
    ] {
        let out = fuzz_in(
            &dir,
            &["--target", "z3", flag, "--max-execs", "3", "--out", "o"],
        );
        let stderr = text(&out.stderr);
        if stderr.contains("cannot load") || stderr.contains("no libz3") {
            eprintln!("SKIPPED: {flag} refusal: no system libz3: {stderr}");
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{flag}: {stderr}");
        assert!(stderr.contains(says), "{flag}: {stderr}");
        assert!(
            !dir.join("o").join("corpus").exists(),
            "{flag} fuzzed anyway"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_plain_engine_refuses_libafl_options_and_honours_progress() {
    let dir = scratch("plain");
    for flag in [
        &["--seeds", "."][..],
        &["--cores", "0"],
        &["--fork"],
        &["--no-coverage"],
        &["--features-only"],
        &["--schedule", "uniform"],
        &["--generate-only"],
        &["--value-profile"],
        &["--len-control"],
    ] {
        let out = fuzz_in(
            &dir,
            &[
                &["--engine", "plain", "--max-execs", "3", "--out", "o"],
                flag,
            ]
            .concat(),
        );
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag:?}: {stderr}");
        assert!(
            stderr.contains(&format!("--engine plain does not take {}", flag[0])),
            "{flag:?}: {stderr}"
        );
        assert!(!dir.join("o").exists(), "{flag:?} ran anyway");
    }
    let out = fuzz_in(
        &dir,
        &[
            "--engine",
            "plain",
            "--time",
            "2s",
            "--timeout",
            "50ms",
            "--progress",
            "0.1",
            "--out",
            "p",
        ],
    );
    let stderr = text(&out.stderr);
    let lines = stderr.lines().filter(|l| l.starts_with('[')).count();
    // 2 s at 0.1 s: up to twenty progress lines; the default 5 s gives 1.
    assert!(lines >= 5, "{lines} progress lines\n{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_help_documents_the_exit_codes_findings_first() {
    let out = equifuzz().arg("--help").output().unwrap();
    let stdout = text(&out.stdout);
    let codes: Vec<usize> = ["  1  ", "  2  ", "  0  "]
        .iter()
        .map(|c| stdout.find(c).unwrap_or_else(|| panic!("{c}\n{stdout}")))
        .collect();
    assert!(codes.windows(2).all(|w| w[0] < w[1]), "{stdout}");
    assert!(stdout.contains("at least one finding"), "{stdout}");
}

#[test]
fn an_error_is_said_once() {
    let dir = scratch("once");
    let out = fuzz_in(
        &dir,
        &["--solver-lib", "/nonexistent/libz3.so", "--out", "o"],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr.matches("cannot open shared object file").count(),
        1,
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_target_lists_the_allowed_forms() {
    let dir = scratch("target");
    let out = fuzz_in(&dir, &["--target", "yices", "--out", "o"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("z3, z3-inprocess, z3-binary, cvc5 or cmd:"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn time_bounds_the_seeding_of_a_campaign() {
    let dir = scratch("time-seeding");
    // Answers every query after a quarter of a second: seeding 16
    // generated cases takes 4 s, four times the campaign's --time.
    let solver = fake_solver(&dir, "slow", "cat >/dev/null\nsleep 0.25\necho unknown");
    let target = format!("cmd:{}", solver.display());
    let out = fuzz_in(&dir, &["--target", &target, "--time", "1s", "--out", "o"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let execs: u64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("executions: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no executions line: {stdout}{stderr}"));
    assert!(
        execs < 16,
        "seeding ran past --time: {execs} executions\n{stdout}{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn run_with_a_dialect_skips_what_that_release_cannot_express() {
    let dir = std::env::temp_dir().join(format!("equifuzz-cli-dialect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("replace-all.smt2");
    std::fs::write(
        &file,
        "(set-info :status sat)\n(declare-const s String)\n\
         (assert (= s (str.replace_all \"ab\" \"b\" \"c\")))\n(check-sat)\n",
    )
    .unwrap();
    let run = |dialect: &str| {
        // The installed Z3, not an instrumented build of another release
        // that this machine's cache may hold.
        equifuzz()
            .env("EQUIFUZZ_CACHE", dir.join("no-cache"))
            .args(["run", "--jsonl", "--target", "z3", "--dialect", dialect])
            .arg(&file)
            .output()
            .unwrap()
    };
    // The installed Z3 has str.replace_all; said to be 4.8.7, it is not sent.
    let old = run("z3-4.8.7");
    let stdout = String::from_utf8_lossy(&old.stdout);
    assert!(stdout.contains("\"kind\":\"not-expressible\""), "{stdout}");
    assert_eq!(old.status.code(), Some(2), "nothing judged: {stdout}");
    let new = run("smtlib2.6");
    let stdout = String::from_utf8_lossy(&new.stdout);
    assert!(stdout.contains("sat (model checked)"), "{stdout}");
    let bad = run("z3-four");
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("expected smtlib2.6, cvc5 or z3-VERSION"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Regression (issue 40): with the beat a stage, a round that ended past
/// the time limit wrote its tick, and the last beat wrote the same tick
/// again: two lines and two `stats.jsonl` records at the end.
#[test]
fn a_campaign_writes_one_record_per_beat_and_one_last() {
    let dir = scratch("beat");
    let out = fuzz_in(
        &dir,
        &[
            "--target",
            "z3",
            "--time",
            "3s",
            "--timeout",
            "200ms",
            "--progress",
            "0.5",
            "--out",
            "b",
        ],
    );
    let stderr = text(&out.stderr);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{stderr}");
    let stats = std::fs::read_to_string(dir.join("b/stats.jsonl")).unwrap();
    let records: Vec<serde_json::Value> = stats
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let ticks: Vec<u64> = records
        .iter()
        .map(|r| (r["time"].as_f64().unwrap() / 0.5).floor() as u64)
        .collect();
    let mut distinct = ticks.clone();
    distinct.dedup();
    assert_eq!(distinct, ticks, "two records in one tick:\n{stats}");
    assert!(
        records.len() >= 4,
        "{} records in 3 s at 0.5 s:\n{stats}",
        records.len()
    );
    let lasts = records.iter().filter(|r| r["last"] == true).count();
    assert_eq!(lasts, 1, "{stats}");
    assert_eq!(records.last().unwrap()["last"], true, "{stats}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `run --repeat N` replays a flaky finding as the report's replay line
/// asks: up to N runs, stopping at the first with a finding, which says
/// which run it was; one run (the default) sees none.
#[test]
fn run_repeat_stops_at_the_first_run_that_fails() {
    let dir = scratch("repeat");
    let count = dir.join("count");
    // Right twice (unsat), wrong from the third labelled query on; the
    // preflight's plain `(check-sat)` is answered sat and not counted.
    let solver = fake_solver(
        &dir,
        "flaky",
        &format!(
            "script=$(cat)\nif [ \"$script\" = '(check-sat)' ]; then echo sat; exit 0; fi\n\
             n=$(cat {c} 2>/dev/null || echo 0); n=$((n+1)); echo $n > {c}\n\
             if [ $n -ge 3 ]; then echo sat; else echo unsat; fi",
            c = count.display()
        ),
    );
    let file = dir.join("u.smt2");
    std::fs::write(&file, "(set-info :status unsat)(assert false)(check-sat)\n").unwrap();
    let target = format!("cmd:{}", solver.display());
    let run = |extra: &[&str]| {
        equifuzz()
            .args(["run", "--target", &target])
            .args(extra)
            .arg(&file)
            .output()
            .unwrap()
    };
    let once = run(&[]);
    assert_eq!(once.status.code(), Some(0), "{}", text(&once.stdout));
    let repeated = run(&["--repeat", "5"]);
    let stdout = text(&repeated.stdout);
    assert_eq!(repeated.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("UNSOUND"), "{stdout}");
    assert!(stdout.contains("[run 2 of at most 5]"), "{stdout}");
    let n: usize = std::fs::read_to_string(&count)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // Runs 1 and 2 (and the model asked after run 2's sat), not five.
    assert!(n <= 4, "{n} queries: it did not stop at the failing run");
    let bad = run(&["--repeat", "0"]);
    assert_eq!(bad.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}
