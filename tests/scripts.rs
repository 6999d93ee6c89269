//! The measurement scripts (`scripts/`) check themselves: every shell
//! script parses, every one that sources `scripts/lib.sh` answers `--help`
//! and refuses an unknown option with exit 2, `stats_jsonl.py` reads a
//! made-up `stats.jsonl`, and the cores come from the affinity set
//! (`scripts/check-scripts.sh`, a few seconds, no solver). Run here so that
//! a change that breaks a script fails the tests, not the next measurement.

use std::path::Path;
use std::process::Command;

fn on_path(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_scripts_check_themselves() {
    for program in ["bash", "python3", "taskset"] {
        if !on_path(program) {
            eprintln!("SKIPPED: the_scripts_check_themselves: no {program} on PATH");
            return;
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("bash")
        .arg(root.join("scripts/check-scripts.sh"))
        .current_dir(root)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // What it could not check (shellcheck missing) it says; pass it on.
    for line in stderr.lines().filter(|l| l.starts_with("SKIPPED")) {
        eprintln!("{line}");
    }
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout
            .lines()
            .chain(stderr.lines())
            .any(|l| l.starts_with("ok: ")),
        "{stdout}\n{stderr}"
    );
}
