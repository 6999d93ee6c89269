//! The solver's own counters as a signal that any build gives: what
//! `(get-info :all-statistics)` printed after the query, each counter's
//! value log-bucketed and hashed into a map of its own, which LibAFL's
//! `MaxMapFeedback` reads like an edge map.
//!
//! Why: a release library has no edges to report, and the formula's
//! features ([`features`](super::features)) say what was asked, not what
//! the solver did with it. Z3 counts what its theories did (`:seq-add-axiom`,
//! `:seq-regex-monadic-checks`, `:arith-pivots`, `:conflicts`, ...): a
//! counter seen for the first time, or in a decade of values it has not
//! reached before, is solver behaviour the corpus has not shown yet, much
//! as a new hit-count bucket of an edge is.
//!
//! # Invariants
//!
//! - Only counters that depend on the query alone count: the process-wide
//!   ones (`:num-allocs`, `:memory`, `:max-memory`) grow with everything
//!   the worker ever did, and `:time` varies from run to run; values that
//!   are not whole numbers (memory, time) are left out too. Z3's counters
//!   start from zero after the `(reset)` that follows every warm query, so
//!   the rest are the query's own.
//! - Each (counter, `⌊log2(value + 1)⌋`) pair sets one byte to 1
//!   ([`STATISTICS`] entries); collisions only merge pairs.
//! - The map depends only on the slot (statistics stored by the execution
//!   that finished): an execution that stored none, or did not finish,
//!   leaves it empty. Like the other maps, it decides the corpus only for
//!   answered queries (see `AnsweredFeedback`).

use super::features::{bucket, hashed};

/// Entries of the statistics map.
pub const STATISTICS: usize = 1 << 16;

/// Counters that do not depend on the query alone.
const IGNORED: [&str; 4] = ["num-allocs", "memory", "max-memory", "time"];

/// The `(name, value)` counters in what `(get-info :all-statistics)`
/// printed, whole-number values only, ignored counters left out. Anything
/// else (an error, an empty text) yields nothing.
pub fn counters(text: &str) -> Vec<(&str, u64)> {
    let mut out = Vec::new();
    let mut words = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .peekable();
    while let Some(w) = words.next() {
        let Some(name) = w.strip_prefix(':') else {
            continue;
        };
        let Some(value) = words.next_if(|v| !v.starts_with(':')) else {
            continue;
        };
        if IGNORED.contains(&name) {
            continue;
        }
        if let Ok(n) = value.parse::<u64>() {
            out.push((name, n));
        }
    }
    out
}

/// The map index of counter `name` at `value`: its name and its value's
/// log bucket, hashed as the features are.
pub fn index(name: &str, value: u64) -> usize {
    hashed(&[name, &bucket(value)], STATISTICS)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// What Z3 prints for `(get-info :all-statistics)` after a small query.
    pub(crate) const PRINTED: &str = "(:added-eqs                   657
 :conflicts                   5
 :decisions                   17
 :max-memory                  19.75
 :memory                      18.86
 :num-allocs                  661997
 :rlimit-count                3959
 :seq-add-axiom               192
 :time                        0.01)";

    #[test]
    fn counters_are_read_and_the_query_independent_ones_left_out() {
        assert_eq!(
            counters(PRINTED),
            [
                ("added-eqs", 657),
                ("conflicts", 5),
                ("decisions", 17),
                ("rlimit-count", 3959),
                ("seq-add-axiom", 192),
            ]
        );
        assert!(counters("").is_empty());
        assert!(counters("(error \"line 1 column 10: unknown\")").is_empty());
        // A keyword without a value does not swallow the next counter.
        assert_eq!(counters("(:flag :conflicts 2)"), [("conflicts", 2)]);
    }

    #[test]
    fn a_counter_is_new_in_each_power_of_two() {
        // ⌊log2(v + 1)⌋: 3..=6 share a bucket, 7 starts the next.
        assert_eq!(index("conflicts", 3), index("conflicts", 6));
        assert_ne!(index("conflicts", 6), index("conflicts", 7));
        assert_ne!(index("conflicts", 0), index("conflicts", 1));
        assert_ne!(index("conflicts", 5), index("decisions", 5));
        assert_eq!(
            index("conflicts", u64::MAX),
            index("conflicts", u64::MAX - 1)
        );
        assert!(index("x", u64::MAX) < STATISTICS);
    }
}
