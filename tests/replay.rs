//! Every finding starts with the command that replays it, and that
//! command, run as written, gives the finding's verdict again: the solver's
//! flags in a `cmd:` target and every `--solver-option` included.
//!
//! The solver is a shell script named `z3` that answers `unsat` to the
//! queries of cases (which ask for values or a core) only when it gets both
//! options, and `sat` otherwise (the trivial queries the options are
//! checked with included): a replay that dropped either would see no
//! finding.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A folder of this test process, new for `tag`.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("equifuzz-replay-{tag}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The fake z3 in `dir` (see the module docs).
fn fake_z3(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("z3");
    std::fs::write(
        &path,
        r#"#!/bin/sh
[ "$1" = --version ] && { echo 'Z3 version 4.8.14 - 64 bit'; exit 0; }
script=$(cat)
case " $* " in *" smt.string_solver=z3str3 "*) ;; *) echo sat; exit 0;; esac
case " $* " in *" smt.random_seed=7 "*) ;; *) echo sat; exit 0;; esac
case "$script" in *get-value*|*get-unsat-core*) echo unsat;; *) echo sat;; esac
"#,
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The `.smt2` findings under `dir`.
fn findings(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for kind in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        for f in std::fs::read_dir(kind.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            if f.path().extension().is_some_and(|e| e == "smt2") {
                found.push(f.path());
            }
        }
    }
    found.sort();
    found
}

/// Runs a replay line (`; equifuzz run FILE ...`) as a shell would, with
/// this build's binary for `equifuzz`.
fn replay(line: &str) -> Output {
    let command = line.strip_prefix("; ").expect("a comment line");
    let words = shlex::split(command).expect("a shell line");
    assert_eq!(words[0], "equifuzz", "{line}");
    assert_eq!(words[1], "run", "{line}");
    Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .args(&words[1..])
        // From elsewhere: the path in the line is absolute.
        .current_dir("/")
        .output()
        .unwrap()
}

fn check_campaign(engine: &[&str], tag: &str) {
    let dir = scratch(tag);
    let z3 = fake_z3(&dir);
    let target = format!("cmd:{} -in smt.string_solver=z3str3", z3.display());
    let out = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .current_dir(&dir)
        .arg("fuzz")
        .args(engine)
        .args(["--target", &target, "--solver-option", "smt.random_seed=7"])
        .args(["--max-execs", "30", "--out", "out", "--seed", "3"])
        .env("EQUIFUZZ_CACHE", dir.join("no-cache"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let found = findings(&dir.join("out/findings"));
    assert!(!found.is_empty(), "{}", text(&out.stderr));
    for f in found.iter().take(5) {
        let content = std::fs::read_to_string(f).unwrap();
        let first = content.lines().next().unwrap();
        assert!(first.starts_with("; equifuzz run /"), "{first}");
        assert!(first.contains("smt.string_solver=z3str3"), "{first}");
        assert!(
            first.contains("--solver-option smt.random_seed=7"),
            "{first}"
        );
        // The header names the flags of the cmd: target and the options.
        let options = content
            .lines()
            .find(|l| l.starts_with("; options: "))
            .unwrap();
        assert!(options.contains("smt.string_solver=z3str3"), "{options}");
        assert!(options.contains("smt.random_seed=7"), "{options}");
        let got = content.lines().find(|l| l.starts_with("; got: ")).unwrap();
        let verdict = got.trim_start_matches("; got: ");
        let again = replay(first);
        let stdout = text(&again.stdout);
        assert_eq!(
            again.status.code(),
            Some(1),
            "{first}\n{stdout}{}",
            text(&again.stderr)
        );
        assert!(stdout.contains(verdict), "{verdict} not replayed: {stdout}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn plain_findings_replay_as_written() {
    check_campaign(&["--engine", "plain"], "plain");
}

#[test]
fn libafl_findings_replay_as_written() {
    check_campaign(&[], "libafl");
}
