//! Every bug ever fixed, replayed: one file per bug under
//! `tests/regressions/`, run by this one data-driven test (as ripgrep keeps
//! its regression tests).
//!
//! A regression file is an `.smt2` file whose leading comment lines say
//! what broke and what `equifuzz run` must now do with it:
//!
//! ```text
//! ; regression: issue 16, incremental scripts were merged into one formula
//! ; args: --target z3                  (optional; `run FILE ARGS...`)
//! ; expect-exit: 0
//! ; expect-stdout: sat (model checked)  (repeatable: each must appear)
//! ; expect-not-stdout: UNSOUND          (repeatable: none may appear)
//! ```
//!
//! `args` may name `{dir}`, replaced by the regressions folder, so that a
//! file can point at a fake solver script kept beside it, and
//! `{lib:z3-VERSION}`, replaced by the libz3 of that Z3 release as
//! `scripts/install-solvers.sh` fetches it into the cache. A file whose
//! `args` need a program that is not installed (`; needs: cvc5`) or a
//! release that cannot be fetched is skipped with a message, never passed
//! silently.

#[path = "common/binary.rs"]
mod binary;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One regression file's expectations.
#[derive(Debug, Default)]
struct Regression {
    what: String,
    args: Vec<String>,
    needs: Vec<String>,
    exit: Option<i32>,
    stdout: Vec<String>,
    not_stdout: Vec<String>,
}

fn read(path: &Path) -> Regression {
    let text = std::fs::read_to_string(path).unwrap();
    let dir = path.parent().unwrap().display().to_string();
    let mut r = Regression::default();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix(';') else {
            continue;
        };
        let Some((key, value)) = rest.trim().split_once(':') else {
            continue;
        };
        let value = value.trim().to_string();
        match key.trim() {
            "regression" => r.what = value,
            "args" => {
                r.args = value
                    .split_whitespace()
                    .map(|a| a.replace("{dir}", &dir))
                    .collect()
            }
            "needs" => r.needs.push(value),
            "expect-exit" => r.exit = Some(value.parse().expect("expect-exit: a number")),
            "expect-stdout" => r.stdout.push(value),
            "expect-not-stdout" => r.not_stdout.push(value),
            _ => {}
        }
    }
    assert!(
        !r.what.is_empty(),
        "{}: no `; regression:` line says what broke",
        path.display()
    );
    assert!(
        r.exit.is_some() || !r.stdout.is_empty(),
        "{}: nothing is expected (`; expect-exit:` or `; expect-stdout:`)",
        path.display()
    );
    r
}

/// The libz3 of Z3 `version`, fetched into the cache; `None` offline.
fn release_lib(version: &str) -> Option<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/install-solvers.sh");
    let out = Command::new(script).args(["z3", version]).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().find_map(|l| {
        let w: Vec<&str> = l.split_whitespace().collect();
        (w.len() == 4 && w[2] == "lib").then(|| w[3].to_string())
    })
}

/// `args` with every `{lib:z3-VERSION}` replaced; `Err` names a release
/// that cannot be had.
fn resolve_libs(args: &[String]) -> Result<Vec<String>, String> {
    args.iter()
        .map(
            |a| match a.strip_prefix("{lib:z3-").and_then(|v| v.strip_suffix('}')) {
                Some(version) => release_lib(version).ok_or(format!("Z3 {version}")),
                None => Ok(a.clone()),
            },
        )
        .collect()
}

fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn every_regression_file_replays_as_expected() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "smt2"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no regression files in {}",
        dir.display()
    );
    let (mut ran, mut failures) = (0, Vec::new());
    for file in &files {
        let r = read(file);
        if let Some(missing) = r.needs.iter().find(|n| !installed(n)) {
            eprintln!("SKIPPED {}: `{missing}` is not installed", file.display());
            continue;
        }
        let args = match resolve_libs(&r.args) {
            Ok(a) => a,
            Err(missing) => {
                eprintln!("SKIPPED {}: {missing} cannot be fetched", file.display());
                continue;
            }
        };
        let out = binary::equifuzz()
            .arg("run")
            .arg(file)
            .args(&args)
            .output()
            .unwrap();
        ran += 1;
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut wrong = Vec::new();
        if let Some(code) = r.exit
            && out.status.code() != Some(code)
        {
            wrong.push(format!("exit {:?}, expected {code}", out.status.code()));
        }
        for s in &r.stdout {
            if !stdout.contains(s.as_str()) {
                wrong.push(format!("stdout lacks `{s}`"));
            }
        }
        for s in &r.not_stdout {
            if stdout.contains(s.as_str()) {
                wrong.push(format!("stdout has `{s}`"));
            }
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "{} ({}): {}\n--- stdout\n{stdout}--- stderr\n{stderr}",
                file.display(),
                r.what,
                wrong.join("; ")
            ));
        }
    }
    eprintln!("{ran} of {} regression files replayed", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
