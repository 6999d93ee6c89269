//! `equifuzz export` as a benchmark curator runs it: every exported file
//! parses back, every sat file's model (from its comment block) satisfies
//! it under our semantics, every unsat file names its core, and the
//! manifest lists exactly the files written.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use equifuzz::semantics::{Model, eval_closed};
use equifuzz::term::{Command as Smt, Formula, parse_script};
use equifuzz::truth::check_model;

/// `equifuzz export --out DIR ARGS...`, whatever its exit.
fn export_output(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .arg("export")
        .arg("--out")
        .arg(dir)
        .args(args)
        .output()
        .unwrap()
}

fn export(dir: &Path, args: &[&str]) -> String {
    let out = export_output(dir, args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The model written as `;   (define-fun x () S v)` comment lines after
/// `; model:` (a quantified case's `; witness:` block after it is not the
/// model).
fn model_of(text: &str) -> Model {
    let defs: String = text
        .lines()
        .skip_while(|l| l.trim() != "; model:")
        .skip(1)
        .map_while(|l| l.strip_prefix(";   (define-fun "))
        .map(|l| format!("(define-fun {l}\n"))
        .collect();
    let mut model = Model::new();
    for c in parse_script(&defs).unwrap().commands {
        let Smt::DefineFun { name, body, .. } = c else {
            panic!("{c:?}")
        };
        model.insert(name, eval_closed(&body).unwrap());
    }
    model
}

fn check_export(dir: &Path) -> (usize, usize) {
    let manifest = std::fs::read_to_string(dir.join("manifest.jsonl")).unwrap();
    let (mut sat, mut unsat) = (0, 0);
    for line in manifest.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = dir.join(entry["file"].as_str().unwrap());
        let text = std::fs::read_to_string(&file).unwrap();
        let script = parse_script(&text).unwrap_or_else(|e| panic!("{}:{e}", file.display()));
        let formula = Formula::from_script(&script).unwrap();
        assert_eq!(
            script.status(),
            entry["status"].as_str(),
            "{}",
            file.display()
        );
        match script.status() {
            Some("sat")
                if text.contains("\n; witness:")
                    || text.contains("\n; valid:")
                    || formula.decls.iter().any(|(_, s)| s.is_fun()) =>
            {
                // Quantified, or a function's table in the model (QF_UFBV):
                // the model with the file's witnesses, valid formulas and
                // function tables, as `run` reads and checks them.
                equifuzz::finding::read_case(&text, "x")
                    .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                sat += 1;
            }
            Some("sat") => {
                check_model(&formula, &model_of(&text))
                    .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                sat += 1;
            }
            Some("unsat") => {
                let core_line = text
                    .lines()
                    .find_map(|l| l.strip_prefix("; expected unsat core: ("))
                    .unwrap_or_else(|| panic!("{} has no core", file.display()));
                let core: BTreeSet<&str> =
                    core_line.trim_end_matches(')').split_whitespace().collect();
                let names = formula.names();
                assert_eq!(names.len(), formula.assertions.len(), "{}", file.display());
                assert!(
                    !core.is_empty() && core.is_subset(&names),
                    "{}",
                    file.display()
                );
                assert!(text.contains("(get-unsat-core)"));
                unsat += 1;
            }
            other => panic!("{}: status {other:?}", file.display()),
        }
    }
    (sat, unsat)
}

#[test]
fn the_paper_categories_export_with_the_artifact_counts_and_valid_truths() {
    let dir = std::env::temp_dir().join(format!("equifuzz-export-paper-{}", std::process::id()));
    let stdout = export(&dir, &["--operators", "paper", "--patterns", "without"]);
    for row in [
        "operation                 sat        12",
        "constant-assignment       sat      4714",
        "term-synthesis            sat      1394",
        "equivalent-formula      unsat        12",
    ] {
        assert!(stdout.contains(row), "{row}\n{stdout}");
    }
    let (sat, unsat) = check_export(&dir);
    assert_eq!(sat, 12 + 4714 + 1394);
    assert!(unsat > 300, "{unsat}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_random_export_mixes_statuses_and_every_truth_holds() {
    let dir = std::env::temp_dir().join(format!("equifuzz-export-random-{}", std::process::id()));
    export(
        &dir,
        &[
            "--category",
            "random",
            "--count",
            "400",
            "--pool",
            "boundary",
            "--seed",
            "9",
        ],
    );
    let (sat, unsat) = check_export(&dir);
    assert_eq!(sat + unsat, 400);
    assert!(sat > 150 && unsat > 60, "{sat} sat, {unsat} unsat");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn endless_categories_need_a_count() {
    let out = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .args([
            "export",
            "--out",
            "/nonexistent-equifuzz",
            "--category",
            "random",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give --count"));
}

/// Several endless categories share `--count` equally (the last takes the
/// rest), in the order given; a finite one before them is written in full.
#[test]
fn endless_categories_share_the_count() {
    let per_category = |args: &[&str]| {
        let dir = tempfile::tempdir().unwrap();
        export(dir.path(), args);
        let manifest = std::fs::read_to_string(dir.path().join("manifest.jsonl")).unwrap();
        let mut seen: Vec<(String, usize)> = Vec::new();
        for line in manifest.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let cat = v["category"].as_str().unwrap().to_string();
            match seen.last_mut() {
                Some((c, n)) if *c == cat => *n += 1,
                _ => seen.push((cat, 1)),
            }
        }
        seen
    };
    let three = per_category(&[
        "--theory",
        "combined",
        "--category",
        "combined-unsat-constant,combined-constant-assignment,combined-unsat-complex",
        "--count",
        "11",
    ]);
    assert_eq!(
        three,
        [
            ("combined-unsat-constant".to_string(), 3),
            ("combined-constant-assignment".to_string(), 4),
            ("combined-unsat-complex".to_string(), 4),
        ]
    );
    let finite = per_category(&["--category", "equivalent-formula"]);
    let n: usize = finite.iter().map(|(_, n)| n).sum();
    let count = (n + 10).to_string();
    let with_finite = per_category(&[
        "--category",
        "equivalent-formula,regex-membership",
        "--count",
        &count,
    ]);
    assert_eq!(
        with_finite.last(),
        Some(&("regex-membership".to_string(), 10)),
        "{with_finite:?}"
    );
}

fn export_status(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = export_output(dir, args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The `.smt2` files under `dir`, relative to it.
fn smt2_files(dir: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "smt2") {
                found.insert(p.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    found
}

fn manifest_files(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("manifest.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["file"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn a_second_export_into_a_folder_is_refused_replaced_or_appended_never_mixed() {
    let dir = std::env::temp_dir().join(format!("equifuzz-export-twice-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    let random = |n: &'static str, seed: &'static str| {
        ["--category", "random", "--count", n, "--seed", seed]
    };
    export(&dir, &random("30", "1"));
    let first = smt2_files(&dir);
    assert_eq!(first.len(), 30);

    // Refused: nothing changes.
    let (code, stderr) = export_status(&dir, &random("10", "2"));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("--force") && stderr.contains("--append"),
        "{stderr}"
    );
    assert_eq!(smt2_files(&dir), first);
    assert_eq!(manifest_files(&dir).len(), 30);

    // Appended: the manifest grows, the old files stay, no name is reused.
    export(&dir, &[&random("10", "2")[..], &["--append"]].concat());
    let appended = smt2_files(&dir);
    assert_eq!(appended.len(), 40);
    assert!(first.is_subset(&appended));
    let listed = manifest_files(&dir);
    assert_eq!(listed.len(), 40);
    assert_eq!(listed.iter().cloned().collect::<BTreeSet<_>>(), appended);
    assert_eq!(check_export(&dir).0 + check_export(&dir).1, 40);

    // Replaced: only the new export's files remain, all in the manifest.
    // A file no export wrote is left alone.
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    export(&dir, &[&random("5", "3")[..], &["--force"]].concat());
    let replaced = smt2_files(&dir);
    assert_eq!(replaced.len(), 5, "{replaced:?}");
    assert_eq!(
        manifest_files(&dir).into_iter().collect::<BTreeSet<_>>(),
        replaced
    );
    assert!(dir.join("notes.txt").exists());

    let (code, stderr) = export_status(
        &dir,
        &[&random("5", "3")[..], &["--force", "--append"]].concat(),
    );
    assert_eq!(code, Some(2), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The regex categories export like the others: every file parses back,
/// every sat model (RegLan values included) satisfies its formula, every
/// unsat file names its core; the membership files use `str.in_re`.
#[test]
fn the_regex_categories_export_with_valid_truths() {
    for (cat, status) in [
        ("regex-membership", "sat"),
        ("regex-constant-assignment", "sat"),
        ("regex-term-synthesis", "sat"),
        ("regex-equivalent-formula", "unsat"),
        ("regex-unsat-constant", "unsat"),
        ("regex-unsat-complex", "unsat"),
    ] {
        let dir =
            std::env::temp_dir().join(format!("equifuzz-export-{cat}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        export(&dir, &["--category", cat, "--count", "150", "--seed", "5"]);
        let (sat, unsat) = check_export(&dir);
        match status {
            "sat" => assert_eq!((sat, unsat), (150, 0), "{cat}"),
            _ => assert!(sat == 0 && unsat >= 60, "{cat}: {unsat}"),
        }
        let manifest = std::fs::read_to_string(dir.join("manifest.jsonl")).unwrap();
        assert!(
            manifest
                .lines()
                .all(|l| l.contains(&format!("\"category\":\"{cat}\""))),
            "{cat}"
        );
        if cat == "regex-membership" {
            assert!(manifest.lines().all(|l| l.contains("\"str.in_re\"")));
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// `--theory` picks what is drawn and the manifest names each file's
/// theory; a category of another theory is refused.
#[test]
fn the_theory_option_picks_what_is_drawn() {
    let base = std::env::temp_dir().join(format!("equifuzz-export-theory-{}", std::process::id()));
    for (theory, args, expect) in [
        ("regex", vec!["--count", "2500"], &["regex"][..]),
        (
            "strings",
            vec!["--category", "random", "--count", "200"],
            &["strings"][..],
        ),
        (
            "regex",
            vec!["--category", "random", "--count", "200"],
            &["regex"][..],
        ),
        (
            "all",
            vec!["--category", "random", "--count", "400"],
            &[
                "bv", "combined", "fp", "int", "quant", "real", "regex", "seq", "strings",
            ][..],
        ),
        ("real", vec!["--count", "140"], &["real"][..]),
        ("fp", vec!["--count", "120"], &["fp"][..]),
        (
            "fp",
            vec!["--category", "random", "--count", "100"],
            &["fp"][..],
        ),
        (
            "real",
            vec!["--category", "random", "--count", "100"],
            &["real"][..],
        ),
        (
            "int",
            vec!["--category", "random", "--count", "100"],
            &["int"][..],
        ),
        (
            "int",
            vec!["--category", "int-classic", "--count", "50"],
            &["int"][..],
        ),
        ("quant", vec!["--count", "300"], &["quant"][..]),
        (
            "seq",
            vec!["--category", "random", "--count", "200"],
            &["seq"][..],
        ),
        ("bv", vec!["--count", "300"], &["bv"][..]),
        (
            "bv",
            vec!["--category", "random", "--count", "200"],
            &["bv"][..],
        ),
        (
            "bv",
            vec!["--category", "bv-unsat-chain", "--count", "100"],
            &["bv"][..],
        ),
        (
            "seq",
            vec!["--category", "seq-unsat-chain", "--count", "100"],
            &["seq"][..],
        ),
        (
            "seq",
            vec!["--category", "seq-equivalent-formula"],
            &["seq"][..],
        ),
        (
            "combined",
            vec!["--category", "random", "--count", "200"],
            // Pure bit-vector terms of the combined pool are bv formulas
            // since issue 41; `--theory combined` admits them.
            &["bv", "combined"][..],
        ),
        (
            "combined",
            vec!["--category", "combined-term-synthesis", "--count", "100"],
            &["bv", "combined"][..],
        ),
        (
            "combined",
            vec!["--category", "combined-unsat-constant", "--count", "100"],
            &["bv", "combined"][..],
        ),
    ] {
        let dir = base.join(format!("{theory}-{}", args.join("")));
        std::fs::remove_dir_all(&dir).ok();
        export(&dir, &[&["--theory", theory][..], &args].concat());
        let manifest = std::fs::read_to_string(dir.join("manifest.jsonl")).unwrap();
        let seen: BTreeSet<String> = manifest
            .lines()
            .map(|l| {
                let e: serde_json::Value = serde_json::from_str(l).unwrap();
                e["theory"].as_str().unwrap().to_string()
            })
            .collect();
        let expect: BTreeSet<String> = expect.iter().map(|s| s.to_string()).collect();
        assert_eq!(seen, expect, "{theory} {args:?}");
        check_export(&dir);
    }
    let refused = export_output(
        &base.join("refused"),
        &[
            "--theory",
            "strings",
            "--category",
            "regex-membership",
            "--count",
            "5",
        ],
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not in --theory strings"));
    std::fs::remove_dir_all(&base).ok();
}
