//! The coverage path end to end, without a 40-minute Z3 build: a fake
//! libz3 that is "instrumented" the way clang's trace-pc-guard does it
//! (a guard array registered through `__sanitizer_cov_trace_pc_guard_init`
//! in a constructor, `__sanitizer_cov_trace_pc_guard` on each edge), with
//! the callbacks left undefined so they bind to the ones the equifuzz
//! executable exports. Its "edges" are pairs of adjacent string/regex
//! operators in the script, so new formulas reach new edges.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

#[path = "common/shared_lib.rs"]
mod shared_lib;

const FAKE_COV_Z3: &str = r#"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#define GUARDS 4096
extern void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop);
extern void __sanitizer_cov_trace_pc_guard(uint32_t *guard);
static uint32_t guards[GUARDS];
__attribute__((constructor)) static void init(void) {
    __sanitizer_cov_trace_pc_guard_init(guards, guards + GUARDS);
}
const char *Z3_get_full_version(void) { return "Z3 4.8.12.0 (fake, instrumented)"; }
const char *Z3_eval_smtlib2_string(void *ctx, const char *s) {
    (void)ctx;
    unsigned long prev = 0;
    for (const char *p = s; *p; p++) {
        if (p[0] != '(' || !(strncmp(p + 1, "str.", 4) == 0 || strncmp(p + 1, "re.", 3) == 0)) continue;
        unsigned long h = 5381;
        for (const char *q = p + 1; *q && *q != ' ' && *q != ')'; q++) h = h * 33 + (unsigned char)*q;
        __sanitizer_cov_trace_pc_guard(&guards[(prev * 31 + h) % GUARDS]);
        prev = h;
    }
    return "sat\n";
}
"#;

/// A fake whose only edge is hit by every script (so edges cannot steer
/// past the seeds) and which, like a trace-cmp build, reports comparisons:
/// each operator's hash against one of four constants, at four sites.
const FAKE_CMP_Z3: &str = r#"
#include <stdint.h>
#include <string.h>
extern void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop);
extern void __sanitizer_cov_trace_pc_guard(uint32_t *guard);
extern void __sanitizer_cov_trace_cmp8(uint64_t a, uint64_t b);
static uint32_t guards[1];
__attribute__((constructor)) static void init(void) {
    __sanitizer_cov_trace_pc_guard_init(guards, guards + 1);
}
const char *Z3_get_full_version(void) { return "Z3 4.8.12.0 (fake, trace-cmp)"; }
const char *Z3_eval_smtlib2_string(void *ctx, const char *s) {
    (void)ctx;
    __sanitizer_cov_trace_pc_guard(&guards[0]);
    for (const char *p = s; *p; p++) {
        if (p[0] != '(' || !(strncmp(p + 1, "str.", 4) == 0 || strncmp(p + 1, "re.", 3) == 0)) continue;
        uint64_t h = 5381;
        for (const char *q = p + 1; *q && *q != ' ' && *q != ')'; q++) h = h * 33 + (unsigned char)*q;
        switch (h % 4) {
            case 0: __sanitizer_cov_trace_cmp8(h, 0x5555555555555555ull); break;
            case 1: __sanitizer_cov_trace_cmp8(h, 0x3333333333333333ull); break;
            case 2: __sanitizer_cov_trace_cmp8(h, 0x0f0f0f0f0f0f0f0full); break;
            default: __sanitizer_cov_trace_cmp8(h, 0x00ff00ff00ff00ffull); break;
        }
    }
    return "sat\n";
}
"#;

fn fake_cmp_lib() -> &'static Path {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(|| {
        let source = format!("{}{}", shared_lib::Z3_CONTEXT_STUBS, FAKE_CMP_Z3);
        shared_lib::build_shared_lib("fuzz-cmp", "libz3-fake-cmp", &source)
    })
}

fn fake_lib() -> &'static Path {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(|| {
        let source = format!("{}{}", shared_lib::Z3_CONTEXT_STUBS, FAKE_COV_Z3);
        shared_lib::build_shared_lib("fuzz-cov", "libz3-fake-cov", &source)
    })
}

/// Runs a campaign and returns (stderr, last stats line).
fn campaign(extra: &[&str], name: &str) -> (String, serde_json::Value) {
    campaign_on(fake_lib(), extra, name)
}

/// Runs a campaign on `lib` and returns (stderr, last stats line).
fn campaign_on(lib: &Path, extra: &[&str], name: &str) -> (String, serde_json::Value) {
    let out = std::env::temp_dir().join(format!("equifuzz-fuzz-cov-{}-{name}", std::process::id()));
    std::fs::remove_dir_all(&out).ok();
    let run = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        // Away from the repository, whose corpus/ would seed the campaign.
        .current_dir(std::env::temp_dir())
        .args(["fuzz", "--target", "z3", "--solver-lib"])
        .arg(lib)
        .args([
            "--max-execs",
            "150",
            "--timeout",
            "2s",
            "--seed",
            "4",
            "--out",
        ])
        .arg(&out)
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("executions: 150 in"), "{stdout}\n{stderr}");
    let stats = std::fs::read_to_string(out.join("stats.jsonl")).unwrap();
    let last = serde_json::from_str(stats.lines().last().unwrap()).unwrap();
    std::fs::remove_dir_all(&out).ok();
    (stderr, last)
}

#[test]
fn an_instrumented_library_fills_the_edge_map_and_grows_the_corpus() {
    let (stderr, guided) = campaign(&[], "guided");
    assert!(stderr.contains("coverage: on (4096 edges"), "{stderr}");
    let edges = guided["edges"].as_u64().unwrap();
    assert_eq!(guided["edges_total"].as_u64(), Some(4096));
    assert!(edges > 10, "{guided}");
    assert!(
        guided["corpus"].as_u64().unwrap() > 16,
        "coverage added nothing: {guided}"
    );

    let (stderr, ablation) = campaign(&["--no-coverage"], "ablation");
    assert!(
        stderr.contains("--no-coverage: measured, not steering"),
        "{stderr}"
    );
    assert!(
        ablation["edges"].as_u64().unwrap() > 0,
        "edges are still measured: {ablation}"
    );
    // The fake library answers `sat` to everything, so the unsat seeds
    // among the 16 are objectives (wrong answers), which never enter the
    // corpus: without coverage the corpus is at most the seeds.
    assert!(
        ablation["corpus"].as_u64().unwrap() <= 16,
        "without coverage the corpus never grows past the seeds: {ablation}"
    );
}

#[test]
fn features_only_steers_by_features_and_still_counts_the_edges() {
    let (stderr, features) = campaign(&["--features-only"], "features");
    assert!(
        stderr.contains("--features-only: measured, only the features steer"),
        "{stderr}"
    );
    assert!(features["edges"].as_u64().unwrap() > 10, "{features}");
    // The features grow the corpus (the ablation above stays at its seeds).
    assert!(features["corpus"].as_u64().unwrap() > 16, "{features}");
}

#[test]
fn fork_children_report_their_edges_to_the_parent() {
    let (_, forked) = campaign(&["--fork"], "fork");
    assert!(forked["edges"].as_u64().unwrap() > 10, "{forked}");
    assert!(forked["corpus"].as_u64().unwrap() > 16, "{forked}");
}

#[test]
fn a_library_with_trace_cmp_takes_the_value_profile() {
    // Whether the profile then grows the corpus depends on what the
    // features already keep; on this fake, corpus sizes with and without
    // it differ by less than their spread over seeds, so only acceptance
    // is tested here. The map's path (worker -> shared map) has unit tests
    // in value_profile.rs and z3/worker.rs; its effect on a real build is
    // measured by scripts/coverage-ablation.sh --value-profile.
    let (stderr, profiled) = campaign_on(fake_cmp_lib(), &["--value-profile"], "cmp-profiled");
    assert!(stderr.contains("value profile: on"), "{stderr}");
    assert_eq!(profiled["edges"].as_u64(), Some(1), "{profiled}");
    assert!(profiled["corpus"].as_u64().unwrap() > 0, "{profiled}");
}

#[test]
fn the_value_profile_is_refused_on_a_library_without_trace_cmp() {
    let out =
        std::env::temp_dir().join(format!("equifuzz-fuzz-cov-{}-refused", std::process::id()));
    let run = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .current_dir(std::env::temp_dir())
        .args(["fuzz", "--target", "z3", "--value-profile", "--solver-lib"])
        .arg(fake_lib())
        .args(["--max-execs", "5", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("has no trace-cmp instrumentation")
            && stderr.contains("scripts/build-z3.sh --trace-cmp"),
        "{stderr}"
    );
    assert!(!out.join("corpus").exists(), "it fuzzed anyway");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn len_control_starts_at_the_largest_seed_and_reports_its_limit() {
    let (stderr, limited) = campaign(&["--len-control"], "len-control");
    let start: usize = stderr
        .lines()
        .find_map(|l| l.strip_prefix("size limit: "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no size limit line: {stderr}"));
    assert!(start >= 32, "{stderr}");
    let now = limited["size_limit"].as_u64().unwrap() as usize;
    assert!(now >= start, "the limit fell: {start} -> {now}");
    // Without the flag there is no limit in the statistics.
    let (_, free) = campaign(&[], "len-free");
    assert!(free.get("size_limit").is_none(), "{free}");
}
