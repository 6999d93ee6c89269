//! Builds a small shared library from C source with the system `cc`, for
//! the tests that stand a fake libz3 in for the real one.

use std::path::PathBuf;
use std::process::Command;

/// The libz3 entry points a fake needs besides its own
/// `Z3_eval_smtlib2_string` and `Z3_get_full_version`: configs and contexts
/// that are dummy allocations, and version 4.8.12. Prepend it to a fake's
/// source (it includes stdlib.h itself).
pub const Z3_CONTEXT_STUBS: &str = r#"#include <stdlib.h>
void *Z3_mk_config(void) { return calloc(1, 8); }
void Z3_del_config(void *c) { free(c); }
void *Z3_mk_context(void *c) { (void)c; return calloc(1, 8); }
void Z3_del_context(void *c) { free(c); }
void Z3_set_error_handler(void *c, void *h) { (void)c; (void)h; }
void Z3_global_param_set(const char *n, const char *v) { (void)n; (void)v; }
void Z3_get_version(unsigned *a, unsigned *b, unsigned *c, unsigned *d) { *a = 4; *b = 8; *c = 12; *d = 0; }
"#;

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
