//! Throughput of the constant-assignment category, each case printed to
//! SMT-LIB text (what an export writes). Target: 50,000 formulas per second
//! on one core.
//!
//! `EQUIFUZZ_STREAM=N cargo bench --bench transform_constant_assignment`
//! instead streams N cases (cycling over the category) to a sink and
//! prints the rate, for `scripts/bench-generate-memory.sh`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use equifuzz::generate::ConstantPool;
use equifuzz::transform::constant_assignments;

fn print(case: &equifuzz::truth::Case) -> usize {
    case.formula
        .to_script(Some("sat"), Default::default())
        .to_string()
        .len()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("constant-assignment");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    let paper = ConstantPool::paper();
    let n = constant_assignments(&paper, 0).count();
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("paper-pool-all-printed", |b| {
        b.iter(|| {
            constant_assignments(&paper, 0)
                .map(|c| print(&c))
                .sum::<usize>()
        })
    });
    let boundary = ConstantPool::boundary();
    g.throughput(Throughput::Elements(20_000));
    g.bench_function("boundary-pool-20000-printed", |b| {
        b.iter(|| {
            constant_assignments(&boundary, 0)
                .take(20_000)
                .map(|c| print(&c))
                .sum::<usize>()
        })
    });
    g.finish();
}

fn stream(n: usize) {
    let pool = ConstantPool::boundary();
    let start = Instant::now();
    let mut bytes = 0;
    let cases = std::iter::repeat_with(|| constant_assignments(&pool, 0))
        .flatten()
        .take(n);
    for c in cases {
        bytes += black_box(print(&c));
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "constant-assignment: {n} formulas, {bytes} bytes, {s:.2} s, {:.0} formulas/s",
        n as f64 / s
    );
}

fn main() {
    if let Some(n) = std::env::var("EQUIFUZZ_STREAM")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return stream(n);
    }
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
