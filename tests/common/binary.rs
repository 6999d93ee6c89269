//! The `equifuzz` binary as the tests run it: pinned to the installed Z3.
//!
//! Without `--solver-lib`, `--target z3` loads the instrumented build of the
//! highest release in the cache, else the system libz3. A developer's cache
//! (or CI's, on a shared machine) may hold any release, and releases differ
//! (Z3 5.4.1 gives up on `(= (str.indexof x y i) 0)`, which 4.8.12 solves).
//! The tests assert what the README's system libz3 answers, so the child gets
//! an empty cache; a test that wants a release passes `--solver-lib`.

use std::path::Path;
use std::process::Command;

pub fn equifuzz() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_equifuzz"));
    c.env(
        "EQUIFUZZ_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-cache"),
    );
    c
}
