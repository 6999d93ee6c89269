//! Builds a small shared library from C source with the system `cc`, for
//! the tests that stand a fake libz3 in for the real one.

use std::path::PathBuf;
use std::process::Command;

/// Compiles `source` into `<tmp>/equifuzz-<tag>-<pid>/<stem>.so` and
/// returns its path; panics (the test fails) if `cc` cannot build it.
pub fn build_shared_lib(tag: &str, stem: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("equifuzz-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(format!("{stem}.c"));
    std::fs::write(&src, source).unwrap();
    let out = dir.join(format!("{stem}.so"));
    let ok = Command::new("cc")
        .args(["-shared", "-fPIC", "-O1", "-o"])
        .arg(&out)
        .arg(&src)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "cc failed to build {stem} from C");
    out
}
