//! Exports libFuzzer's SanitizerCoverage callbacks from the targets.
//!
//! `z3_soundness` dlopens libz3; built with `-fsanitize=fuzzer-no-link`
//! (OSS-Fuzz's CFLAGS, `scripts/oss-fuzz/build.sh`), the library leaves
//! `__sanitizer_cov_8bit_counters_init`, `__sanitizer_cov_pcs_init`, the
//! comparison callbacks and `__sancov_lowest_stack` (stack depth) undefined
//! and binds them to the executable's, so that libFuzzer counts the
//! solver's edges. Rust executables export nothing by default: the targets
//! put those symbols in `.dynsym`.
//!
//! The targets link equifuzz without its `edges` feature, so libafl_targets
//! (which defines the same callbacks for the LibAFL loop) is not linked
//! and every callback has one definition, libFuzzer's.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    for glob in ["__sanitizer_cov_*", "__sancov_*"] {
        println!("cargo:rustc-link-arg-bins=-Wl,--export-dynamic-symbol={glob}");
    }
}
