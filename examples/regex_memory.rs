//! Runs 100,000 regex queries (build from a term, membership, equality,
//! `str.replace_re_all`) and prints the interner size, so that
//! `scripts/bench-regex-memory.sh` can check that memory stays flat.

#[path = "../tests/common/regex_terms.rs"]
mod regex_terms;

use equifuzz::semantics::regex::{Regex, interned_nodes, str_replace_re_all};
use regex_terms::Gen;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let mut g = Gen::new(7);
    let mut members = 0usize;
    let mut equal = 0usize;
    let mut peak_nodes = 0usize;
    for i in 0..n {
        let a = Regex::from_term(&g.regex(4)).expect("closed term");
        let w = g.string(8);
        members += usize::from(a.is_match(&w));
        match i % 4 {
            0 => {
                let b = Regex::from_term(&g.variant(&a.to_term())).expect("closed term");
                equal += usize::from(a.equiv(&b).unwrap_or(false));
            }
            1 => {
                let _ = str_replace_re_all(&w, &a, &g.string(2));
            }
            _ => {}
        }
        peak_nodes = peak_nodes.max(interned_nodes());
        if i % 20_000 == 0 {
            eprintln!("query {i}: interned nodes {}", interned_nodes());
        }
    }
    println!(
        "{n} queries: {members} members, {equal} equal pairs, peak interned nodes {peak_nodes}"
    );
}
