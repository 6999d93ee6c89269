//! Throughput of term synthesis, each case printed to SMT-LIB text.
//! Target: 5,000 formulas per second on one core at depth 3.
//!
//! `EQUIFUZZ_STREAM=N cargo bench --bench transform_term_synthesis` instead
//! streams N depth-3 cases to a sink and prints the rate, for
//! `scripts/bench-generate-memory.sh`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use equifuzz::generate::ConstantPool;
use equifuzz::generate::Generator;
use equifuzz::source::RandomCaseGenerator;
use equifuzz::transform::term_synthesis_cases;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn print(case: &equifuzz::truth::Case) -> usize {
    case.formula
        .to_script(Some("sat"), Default::default())
        .to_string()
        .len()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("term-synthesis");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    let boundary = ConstantPool::boundary();
    g.throughput(Throughput::Elements(2_000));
    g.bench_function("depth-3-2000-printed", |b| {
        b.iter(|| {
            term_synthesis_cases(&boundary, 3, 1)
                .take(2_000)
                .map(|c| print(&c))
                .sum::<usize>()
        })
    });
    let paper = ConstantPool::paper();
    let n = term_synthesis_cases(&paper, 1, 0).count();
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("depth-1-exhaustive-paper-pool-printed", |b| {
        b.iter(|| {
            term_synthesis_cases(&paper, 1, 0)
                .map(|c| print(&c))
                .sum::<usize>()
        })
    });
    g.finish();
    let mut g = c.benchmark_group("random-cases");
    g.sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    g.throughput(Throughput::Elements(1_000));
    g.bench_function("mixed-1000-printed", |b| {
        let mut generator = RandomCaseGenerator::new(ConstantPool::boundary()).expect("valid pool");
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        b.iter(|| {
            (0..1_000)
                .map(|_| print(&generator.next(&mut rng)))
                .sum::<usize>()
        })
    });
    g.finish();
}

fn stream(n: usize) {
    let pool = ConstantPool::boundary();
    let start = Instant::now();
    let mut bytes = 0;
    for c in term_synthesis_cases(&pool, 3, 0).take(n) {
        bytes += black_box(print(&c));
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "term-synthesis depth 3: {n} formulas, {bytes} bytes, {s:.2} s, {:.0} formulas/s",
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
