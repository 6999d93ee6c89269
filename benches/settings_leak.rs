//! What keeping one case's Z3 settings out of the next query costs in the
//! warm worker (`solver::z3::worker`): a query that sets a global parameter
//! (`(set-option :smt.relevancy 1)`) is followed by a restore of the
//! global parameters and a new warm context; the alternative, a fresh
//! context for every query, is measured beside it. Median and 10th/90th
//! percentile wall time per query over N runs, in milliseconds.
//!
//! `cargo bench --bench settings_leak` (or `scripts/bench-settings-leak.sh
//! [runs] [libz3.so]`); `EQUIFUZZ_BENCH_RUNS` sets N (default 200),
//! `EQUIFUZZ_BENCH_LIB` the library (default: the system libz3).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use equifuzz::solver::Z3Library;
use equifuzz::solver::z3::worker::{Context, ProcessAnswer, Z3Process};

const QUERY: &str = r#"(set-option :produce-models true)
(declare-const x String)
(declare-const n Int)
(assert (= (str.++ x "b") "ab"))
(assert (= n (str.len (str.++ x x))))
(check-sat)
(get-value (x n))
"#;

const SETTING: &str = "(set-option :smt.relevancy 1)\n";

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{name:<58} median {:7.3} ms  p10 {:7.3}  p90 {:7.3}  (n={})",
        ms(at(0.5)),
        ms(at(0.1)),
        ms(at(0.9)),
        times.len()
    );
}

/// `runs` queries on `worker`, the `i`th with the setting when `with(i)`.
fn bench_worker(
    name: &str,
    runs: usize,
    worker: &mut Z3Process,
    context: Context,
    with: impl Fn(usize) -> bool,
) {
    let timeout = Duration::from_secs(10);
    let plain = QUERY.to_string();
    let set = format!("{SETTING}{QUERY}");
    let mut ask = |script: &str| match worker.eval(script, context, 5_000, timeout) {
        ProcessAnswer::Answered(out) => assert!(out.starts_with("sat"), "{name}: {out}"),
        other => panic!("{name}: {other:?}"),
    };
    ask(&plain); // warm-up: the worker's start
    let times = (0..runs)
        .map(|i| {
            let script = if with(i) { &set } else { &plain };
            let t = Instant::now();
            ask(script);
            t.elapsed()
        })
        .collect();
    report(name, times);
}

fn main() {
    let runs: usize = std::env::var("EQUIFUZZ_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let path = std::env::var_os("EQUIFUZZ_BENCH_LIB").map(PathBuf::from);
    let lib = Z3Library::load(path.as_deref()).expect("a libz3");
    println!("{} from {}", lib.version(), lib.path().display());
    let mut worker = Z3Process::new(lib.clone());
    bench_worker(
        "warm context, no settings",
        runs,
        &mut worker,
        Context::Warm,
        |_| false,
    );
    bench_worker(
        "warm context, every query a setting (restore + new context)",
        runs,
        &mut worker,
        Context::Warm,
        |_| true,
    );
    bench_worker(
        "warm context, one query in four a setting",
        runs,
        &mut worker,
        Context::Warm,
        |i| i % 4 == 0,
    );
    bench_worker(
        "fresh context per query, no settings (the alternative)",
        runs,
        &mut worker,
        Context::Fresh,
        |_| false,
    );
    bench_worker(
        "fresh context per query, every query a setting",
        runs,
        &mut worker,
        Context::Fresh,
        |_| true,
    );
    // The save and restore alone, in this process: the value before of
    // each parameter the query set (here two), read and set back.
    lib.set_options(&["smt.random_seed=3".parse().unwrap()])
        .expect("a known parameter");
    let keys = ["smt.relevancy".to_string(), "rewriter.flat".to_string()];
    let times = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let saved = lib.save_parameters(&keys);
            lib.restore_parameters(&saved);
            t.elapsed()
        })
        .collect();
    report("save + restore of two parameters alone", times);
}
