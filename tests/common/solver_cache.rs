//! Solver releases downloaded by `scripts/install-solvers.sh` (PyPI wheels
//! unpacked under `<cache>/solvers/<solver>-<version>/x/`), for the tests
//! that need a release the system does not have. A test that finds none
//! prints `SKIPPED: <test>: why` and returns: CI installs no wheels.

use std::path::PathBuf;

/// `$EQUIFUZZ_CACHE`, else `~/.cache/equifuzz` (as the fuzzer looks).
fn cache() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("EQUIFUZZ_CACHE") {
        return Some(PathBuf::from(p));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/equifuzz"))
}

/// The newest `<cache>/solvers/<prefix>*` folders' files `rel` that exist.
fn newest(prefix: &str, rel: impl Fn(&str) -> PathBuf) -> Option<PathBuf> {
    let root = cache()?.join("solvers");
    let mut dirs: Vec<String> = std::fs::read_dir(&root)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect();
    dirs.sort();
    dirs.iter()
        .rev()
        .map(|d| root.join(d).join(rel(d)))
        .find(|p| p.exists())
}

/// The libcvc5 of a cvc5 wheel: `$EQUIFUZZ_CVC5_LIB`, else the newest
/// `<cache>/solvers/cvc5-*/x/cvc5.libs/libcvc5-*.so*`; `None` after
/// printing the skip line.
pub fn cvc5_lib_or_skip(test: &str) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("EQUIFUZZ_CVC5_LIB") {
        return Some(PathBuf::from(p));
    }
    let found = newest("cvc5-", |_| PathBuf::from("x/cvc5.libs")).and_then(|libs| {
        let mut libs: Vec<PathBuf> = std::fs::read_dir(libs)
            .ok()?
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| {
                let n = p.file_name().unwrap_or_default().to_string_lossy();
                n.starts_with("libcvc5-") && n.contains(".so")
            })
            .collect();
        libs.sort();
        libs.pop()
    });
    if found.is_none() {
        eprintln!(
            "SKIPPED: {test}: no libcvc5 (set EQUIFUZZ_CVC5_LIB, or run \
             scripts/install-solvers.sh cvc5 1.4.2)"
        );
    }
    found
}

/// The z3 binary of the wheel of `version` (e.g. `4.8.14.0`); `None` after
/// printing the skip line.
pub fn z3_binary_or_skip(version: &str, test: &str) -> Option<PathBuf> {
    let found = newest(&format!("z3-{version}"), |d| {
        let v = d.trim_start_matches("z3-");
        PathBuf::from(format!("x/z3_solver-{v}.data/data/bin/z3"))
    });
    if found.is_none() {
        eprintln!(
            "SKIPPED: {test}: no z3 {version} binary (run scripts/install-solvers.sh z3 {version})"
        );
    }
    found
}

/// The libz3 of the wheel of `version` (e.g. `5.4.1.0`); `None` after
/// printing the skip line.
pub fn z3_lib_or_skip(version: &str, test: &str) -> Option<PathBuf> {
    let found = newest(&format!("z3-{version}"), |_| {
        PathBuf::from("x/z3/lib/libz3.so")
    });
    if found.is_none() {
        eprintln!(
            "SKIPPED: {test}: no libz3 {version} (run scripts/install-solvers.sh z3 {version})"
        );
    }
    found
}
