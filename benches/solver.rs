//! Per-query cost of each target on a trivial string query: median and
//! 10th/90th percentile wall time over N runs, in milliseconds.
//!
//! `cargo bench --bench solver` (or `scripts/bench-solver.sh`); set
//! `EQUIFUZZ_BENCH_RUNS` to change N (default 200).

use std::time::{Duration, Instant};

use equifuzz::solver::{
    ContextMode, ProcessTarget, Target, Z3InProcess, Z3InProcessFork, Z3Library,
};

const QUERY: &str = r#"(set-option :produce-models true)
(declare-const x String)
(assert (= (str.++ x "b") "ab"))
(check-sat)
(get-value (x))
"#;

/// User + system CPU time of this process and its reaped children: unlike
/// wall time, barely moved by other load on the machine.
fn cpu_time() -> Duration {
    let usage = |who| {
        // SAFETY: getrusage fills the struct.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        unsafe { libc::getrusage(who, &mut ru) };
        let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        tv(ru.ru_utime) + tv(ru.ru_stime)
    };
    usage(libc::RUSAGE_SELF) + usage(libc::RUSAGE_CHILDREN)
}

fn report(name: &str, mut times: Vec<Duration>, cpu: Duration) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{name:<38} wall median {:7.2} ms  p10 {:7.2}  p90 {:7.2} | cpu mean {:6.2} ms  (n={})",
        ms(at(0.5)),
        ms(at(0.1)),
        ms(at(0.9)),
        ms(cpu) / times.len() as f64,
        times.len()
    );
}

fn bench(name: &str, runs: usize, mut once: impl FnMut()) {
    once(); // warm-up: page in the library, first-run initialisation
    let cpu0 = cpu_time();
    let times = (0..runs)
        .map(|_| {
            let t = Instant::now();
            once();
            t.elapsed()
        })
        .collect();
    report(name, times, cpu_time() - cpu0);
}

fn bench_target(name: &str, runs: usize, target: &mut dyn Target) {
    let timeout = Duration::from_secs(10);
    let expected = target.run(QUERY, timeout);
    assert!(
        expected.is_finished() && expected.stdout().starts_with("sat"),
        "{name}: {expected:?}"
    );
    bench(name, runs, || {
        let out = target.run(QUERY, timeout);
        assert_eq!(out.stdout(), expected.stdout(), "{name}");
    });
}

fn main() {
    let runs: usize = std::env::var("EQUIFUZZ_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let lib = Z3Library::load(None).expect("the system libz3");
    println!("{} from {}", lib.version(), lib.path().display());

    let text = std::ffi::CString::new(QUERY).unwrap();
    bench("libz3: create + delete a context", runs, || {
        drop(lib.mk_context())
    });
    let mut ctx = lib.mk_context();
    ctx.eval(&text);
    bench("libz3: eval again on a used context", runs, || {
        ctx.eval(c"(reset)");
        ctx.eval(&text);
    });
    drop(ctx);

    bench_target(
        "z3-inprocess (fresh context)",
        runs,
        &mut Z3InProcess::new(lib.clone()),
    );
    bench_target(
        "z3 fork, ContextMode::Fresh",
        runs,
        &mut Z3InProcessFork::new(lib.clone()).with_context_mode(ContextMode::Fresh),
    );
    bench_target(
        "z3 fork, ContextMode::Inherited",
        runs,
        &mut Z3InProcessFork::new(lib.clone()).with_context_mode(ContextMode::Inherited),
    );
    bench_target(
        "z3 fork, ContextMode::Warm",
        runs,
        &mut Z3InProcessFork::new(lib.clone()).with_context_mode(ContextMode::Warm),
    );
    bench("fork + _exit + waitpid, nothing else", runs, || {
        // SAFETY: the child only calls _exit.
        match unsafe { libc::fork() } {
            0 => unsafe { libc::_exit(0) },
            pid => unsafe {
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            },
        }
    });
    for (name, target) in [
        ("cvc5 process", ProcessTarget::cvc5()),
        ("z3 binary process", ProcessTarget::z3_binary()),
    ] {
        match target {
            Ok(mut t) => bench_target(&format!("{name} ({})", t.version()), runs.min(100), &mut t),
            Err(e) => println!("{name:<40} skipped: {e}"),
        }
    }
}
