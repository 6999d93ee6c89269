//! Throughput of the foundation: generating formulas (and printing them, as
//! the solver gets text), parsing scripts, and evaluating terms.
//!
//! `cargo bench --bench foundation`. Figures for the notes: the
//! `generate+print` throughput is "formulas generated per second on one
//! core".

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use equifuzz::generate::ConstantPool;
use equifuzz::semantics::eval;
use equifuzz::term::{Printer, Queries, parse_script};
use equifuzz::transform::constant_assignments;
use equifuzz::truth::Truth;

fn generation(c: &mut Criterion) {
    let pool = ConstantPool::boundary();
    let printer = Printer::default();
    let mut g = c.benchmark_group("generate");
    g.throughput(Throughput::Elements(1000));
    g.bench_function("constant-assignment+print x1000", |b| {
        let mut it = constant_assignments(&pool, 0);
        b.iter(|| {
            let mut bytes = 0;
            for _ in 0..1000 {
                let case = match it.next() {
                    Some(c) => c,
                    None => {
                        it = constant_assignments(&pool, 0);
                        it.next().expect("the category is not empty")
                    }
                };
                bytes += printer
                    .script(&case.formula.to_script(Some("sat"), Queries::default()))
                    .len();
            }
            bytes
        })
    });
    g.finish();
}

fn parsing_and_evaluation(c: &mut Criterion) {
    let pool = ConstantPool::boundary();
    let printer = Printer::default();
    let cases: Vec<_> = constant_assignments(&pool, 0).take(1000).collect();
    let texts: Vec<String> = cases
        .iter()
        .map(|c| printer.script(&c.formula.to_script(Some("sat"), Queries::default())))
        .collect();
    let mut g = c.benchmark_group("foundation");
    g.throughput(Throughput::Elements(texts.len() as u64));
    g.bench_function("parse x1000", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| parse_script(t).unwrap().commands.len())
                .sum::<usize>()
        })
    });
    g.bench_function("model check x1000", |b| {
        b.iter(|| {
            cases
                .iter()
                .filter(|c| match &c.truth {
                    Truth::Sat { model } => c
                        .formula
                        .assertions
                        .iter()
                        .all(|a| eval(&a.term, model).is_ok()),
                    Truth::Unsat { .. } => false,
                })
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, generation, parsing_and_evaluation);
criterion_main!(benches);
