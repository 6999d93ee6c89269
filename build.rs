//! Exports the sancov callbacks from the `equifuzz` executable.
//!
//! An instrumented libz3.so, opened with `dlopen(RTLD_NOW | RTLD_GLOBAL)`,
//! leaves `__sanitizer_cov_trace_pc_guard*` undefined and binds them to the
//! executable's definitions, which libafl_targets provides. Rust executables
//! export nothing by default, and libafl_targets' own link arguments do not
//! reach a dependent crate, so the binary asks for the symbols itself:
//! `-u` pulls the archive member in, `--export-dynamic-symbol` puts it in
//! `.dynsym`. Only binaries get these arguments: test executables do not
//! load instrumented libraries and link as usual.

const SANCOV_CALLBACKS: &[&str] = &[
    "__sanitizer_cov_trace_pc_guard",
    "__sanitizer_cov_trace_pc_guard_init",
    // A library built with `-fsanitize-coverage=trace-cmp` (build-z3.sh
    // --trace-cmp) calls these on every comparison: libafl_targets' value
    // profile (`fuzz --value-profile`).
    "__sanitizer_cov_trace_cmp1",
    "__sanitizer_cov_trace_cmp2",
    "__sanitizer_cov_trace_cmp4",
    "__sanitizer_cov_trace_cmp8",
    "__sanitizer_cov_trace_const_cmp1",
    "__sanitizer_cov_trace_const_cmp2",
    "__sanitizer_cov_trace_const_cmp4",
    "__sanitizer_cov_trace_const_cmp8",
    "__sanitizer_cov_trace_switch",
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // Without the `edges` feature there is no libafl_targets to export.
    if std::env::var_os("CARGO_FEATURE_EDGES").is_none() {
        return;
    }
    for symbol in SANCOV_CALLBACKS {
        println!("cargo:rustc-link-arg-bins=-Wl,-u,{symbol}");
        println!("cargo:rustc-link-arg-bins=-Wl,--export-dynamic-symbol={symbol}");
    }
}
