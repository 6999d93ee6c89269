//! Links the targets with `--allow-multiple-definition`: equifuzz links
//! libafl_targets, whose SanitizerCoverage callbacks (trace-pc-guard, the
//! PC table) libFuzzer also defines. libfuzzer-sys comes first on the link
//! line, so libFuzzer's definitions are the ones kept, and the coverage
//! libFuzzer records is its own; equifuzz's LibAFL loop is not used here.
fn main() {
    println!("cargo:rustc-link-arg-bins=-Wl,--allow-multiple-definition");
}
