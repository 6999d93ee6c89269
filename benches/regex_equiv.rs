//! Median time of a language-equality check between two random regexes of
//! about 30 nodes (target: under 1 ms). Half of the pairs are equal by a
//! law (so the whole product automaton is explored), half are unrelated.

#[path = "../tests/common/regex_terms.rs"]
mod regex_terms;

use criterion::{Criterion, criterion_group, criterion_main};
use equifuzz::semantics::regex::Regex;
use equifuzz::term::Term;
use regex_terms::Gen;

/// Pairs of regex terms of 25..=35 nodes each.
fn pairs(n: usize) -> Vec<(Regex, Regex)> {
    let mut g = Gen::new(0xbe7c4);
    let mut out = Vec::new();
    let sized = |g: &mut Gen| loop {
        let t = g.regex(6);
        if (25..=35).contains(&t.size()) {
            return t;
        }
    };
    while out.len() < n {
        let a: Term = sized(&mut g);
        let b = if out.len() % 2 == 0 {
            g.variant(&a)
        } else {
            sized(&mut g)
        };
        out.push((Regex::from_term(&a).unwrap(), Regex::from_term(&b).unwrap()));
    }
    out
}

fn bench(c: &mut Criterion) {
    let ps = pairs(200);
    let mut i = 0;
    c.bench_function("regex_equiv_30_nodes", |b| {
        b.iter(|| {
            let (x, y) = &ps[i % ps.len()];
            i += 1;
            // A budget error would count as a (slow) answer; none occur here.
            std::hint::black_box(x.equiv(y).ok())
        })
    });
    // The per-pair distribution, for the median (criterion's estimate above
    // averages over the pairs it cycles through).
    let mut times: Vec<f64> = ps
        .iter()
        .map(|(x, y)| {
            let start = std::time::Instant::now();
            let _ = std::hint::black_box(x.equiv(y));
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    eprintln!(
        "regex_equiv per pair (µs): median {:.1}, p90 {:.1}, max {:.1}, equal pairs {}",
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times[times.len() - 1],
        ps.iter()
            .filter(|(x, y)| x.equiv(y).unwrap_or(false))
            .count()
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
