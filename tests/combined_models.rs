//! End to end: sat formulas over bit-vectors and arrays (with RegLan and
//! String keys) go through `equifuzz run`, and the model each solver
//! answers with (`#b…`/`#x…` literals, `(store ((as const …) …) …)` chains)
//! is read back and validated by the semantics: the verdict must be
//! `sat (model checked)`, never an inconclusive or unreadable model.
//!
//! Z3 is the system libz3 (4.8.12 in CI); cvc5 the binary on PATH, which
//! is skipped visibly when absent, and which cannot express RegLan-keyed
//! arrays (it refuses RegLan equality), so only the String-keyed file is
//! sent to it.

#[path = "common/cvc5.rs"]
mod cvc5;

use std::path::PathBuf;
use std::process::Command;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/combined")
        .join(name)
}

fn run(target: &str, file: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .args(["run", "--target", target])
        .arg(data(file))
        // The system libz3, not an instrumented build from a cache.
        .env("EQUIFUZZ_CACHE", dir.path().join("no-cache"))
        .output()
        .expect("equifuzz runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn z3_models_with_bit_vectors_and_arrays_validate() {
    for file in ["reglan-keys-bv.smt2", "string-keys-bv.smt2"] {
        let out = run("z3", file);
        assert!(out.contains("sat (model checked)"), "{file}: {out}");
    }
}

#[test]
fn cvc5_models_with_bit_vectors_and_arrays_validate() {
    if !cvc5::cvc5_or_skip("cvc5_models_with_bit_vectors_and_arrays_validate") {
        return;
    }
    let out = run("cvc5", "string-keys-bv.smt2");
    assert!(out.contains("sat (model checked)"), "{out}");
}
