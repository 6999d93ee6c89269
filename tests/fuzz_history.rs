//! A warm context's wrong answer that a fresh context does not repeat is
//! no finding: the fuzzer runs queries on a context it resets between
//! them, and confirms each finding on a fresh one (see
//! `execute::harness`).
//!
//! The solver is a fake libz3 built here from C whose answer depends on
//! its history, as a reset context's can: on a context's first formula it
//! says `unknown`, on every later one `unsat`. A sat case on a warm
//! context thus looks unsound; on a fresh context it is an `unknown`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

#[path = "common/shared_lib.rs"]
#[allow(dead_code)] // its context stubs: this fake keeps state per context
mod shared_lib;

const HISTORY_Z3: &str = r#"
#include <stdlib.h>
#include <string.h>
struct context { unsigned formulas; };
void *Z3_mk_config(void) { return calloc(1, 8); }
void Z3_del_config(void *c) { free(c); }
void *Z3_mk_context(void *c) { (void)c; return calloc(1, sizeof(struct context)); }
void Z3_del_context(void *c) { free(c); }
void Z3_set_error_handler(void *c, void *h) { (void)c; (void)h; }
void Z3_global_param_set(const char *n, const char *v) { (void)n; (void)v; }
void Z3_get_version(unsigned *a, unsigned *b, unsigned *c, unsigned *d) { *a = 4; *b = 8; *c = 12; *d = 0; }
const char *Z3_get_full_version(void) { return "Z3 4.8.12.0 (fake, history-dependent)"; }
const char *Z3_eval_smtlib2_string(void *ctx, const char *s) {
    struct context *c = ctx;
    /* The fuzzer's first `(check-sat)`, the timeout option and `(reset)`
       carry no formula. */
    if (!strstr(s, "(assert")) return strstr(s, "check-sat") ? "sat\n" : "";
    return c->formulas++ == 0 ? "unknown\n" : "unsat\n";
}
"#;

fn fake_lib() -> &'static Path {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(|| shared_lib::build_shared_lib("fuzz-history", "libz3-history", HISTORY_Z3))
}

#[test]
fn a_finding_a_fresh_context_does_not_repeat_is_counted_apart_not_reported() {
    let out = std::env::temp_dir().join(format!("equifuzz-fuzz-history-{}", std::process::id()));
    std::fs::remove_dir_all(&out).ok();
    let run = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .current_dir(std::env::temp_dir())
        .args(["fuzz", "--target", "z3", "--solver-lib"])
        .arg(fake_lib())
        .args(["--max-execs", "40", "--timeout", "1s", "--progress", "0.5"])
        .arg("--out")
        .arg(&out)
        .env("EQUIFUZZ_CACHE", out.join("no-cache"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stdout.contains("executions: 40 in"),
        "the campaign stopped early\n{stdout}\n{stderr}"
    );
    assert!(
        !out.join("findings").join("unsound").exists(),
        "a warm context's wrong answer was reported\n{stdout}"
    );
    assert_eq!(run.status.code(), Some(0), "no finding\n{stdout}\n{stderr}");
    let stats = std::fs::read_to_string(out.join("stats.jsonl")).unwrap();
    let last: serde_json::Value = serde_json::from_str(stats.lines().last().unwrap()).unwrap();
    let counted = last["history_dependent"].as_u64().unwrap();
    assert!(counted > 0, "{last}");
    let kept = out.join("history-dependent").join("unknown");
    let files = std::fs::read_dir(&kept).map_or(0, |d| d.count());
    assert!(files > 0, "nothing in {}\n{last}", kept.display());
    std::fs::remove_dir_all(&out).ok();
}
