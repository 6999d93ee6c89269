//! Whether the cvc5 differential tests can run, and a visible skip when
//! they cannot.
//!
//! A test that returns early when cvc5 is missing would be green without
//! having checked anything. So: under CI (the `CI` environment variable is
//! set, and CI's script installs cvc5) a missing cvc5 fails the test; on a
//! developer's machine the test prints `SKIPPED: <test>: cvc5 not on PATH`
//! to stderr and returns.

use std::process::Command;

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
