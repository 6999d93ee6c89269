//! Whether the cvc5 differential tests can run, and a visible skip when
//! they cannot.
//!
//! A test that returns early when cvc5 is missing would be green without
//! having checked anything. So: under CI (the `CI` environment variable is
//! set, and CI's script installs cvc5) a missing cvc5 fails the test; on a
//! developer's machine the test prints `SKIPPED: <test>: cvc5 not on PATH`
//! to stderr and returns.

// Not every test that checks for cvc5 also runs the binary.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Whether `program --version` runs and succeeds.
pub fn on_path(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// True if `program` can run; otherwise fails under CI (`ci`), or prints
/// the skip line and returns false.
pub fn present_or_skip(program: &str, test: &str, ci: bool) -> bool {
    if on_path(program) {
        return true;
    }
    assert!(
        !ci,
        "{test}: {program} not on PATH, and CI must run this test (install {program})"
    );
    eprintln!("SKIPPED: {test}: {program} not on PATH");
    false
}

/// True if cvc5 can run; see the module docs for what happens if not.
pub fn cvc5_or_skip(test: &str) -> bool {
    present_or_skip("cvc5", test, std::env::var_os("CI").is_some())
}

/// `cvc5-<version>` of the binary on PATH, the key of known-deviation
/// lists.
pub fn binary_name() -> String {
    let out = Command::new("cvc5")
        .arg("--version")
        .output()
        .expect("cvc5 ran a moment ago");
    let version = String::from_utf8_lossy(&out.stdout);
    format!(
        "cvc5-{}",
        version.split_whitespace().nth(4).unwrap_or("unknown")
    )
}

/// What the cvc5 binary, run with `args`, prints for `(set-logic ALL)`
/// and then `script`.
pub fn run_binary(args: &[&str], script: &str) -> String {
    let mut child = Command::new("cvc5")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cvc5 starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"(set-logic ALL)\n").unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}
