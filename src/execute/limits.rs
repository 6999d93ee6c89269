//! Per-query time limits calibrated from the solver's answer times, as AFL
//! calibrates its timeout from its seeds: Z3's soft timeout is the time
//! within which the solver gives almost all the answers it gives at all,
//! and the deadline after which the query is interrupted a little beyond
//! it.
//!
//! Why: the time of a campaign goes to its tail: a query the solver
//! answers at all, it answers fast, and waiting many times the median buys
//! almost no answers (figures: `docs/measured/fuzz.md`, "Query limits").
//!
//! # Probes: a limit that is not censored by itself
//!
//! Answer times seen under a limit are censored by it: an answer that
//! would have come later is an `unknown`. A percentile of the answers seen
//! under the limit can only fall below it, so a calibration from them
//! ratchets down (a multiple of it, 2 then 1.25, was how the first
//! versions kept room to grow back; the room cost a soft timeout of at
//! least 100 ms on every `unknown`). Instead, one query in
//! [`PROBE_EVERY`] is a probe: it runs with [`PROBE_FACTOR`] times the
//! current limit (at most the ceiling's). The limit is the
//! [`KEEP`] quantile of the answer times of the last [`PROBE_WINDOW`]
//! probes: the time within which the solver gives 95% of the answers it
//! would give in a limit three times longer. When slower answers become
//! common, the probes see them and the limit grows (by at most the
//! factor per calibration); when they vanish, it shrinks.
//!
//! The probes' share is a cost, which is why one in [`PROBE_EVERY`] runs
//! at [`PROBE_FACTOR`] times the limit (figures: `docs/measured/fuzz.md`).
//!
//! # Invariants
//!
//! - `--timeout` (the ceiling) stays the ceiling: the soft timeout never
//!   exceeds [`soft_timeout`] of it, the deadline never exceeds it.
//! - While fewer than [`MIN_PROBES`] of the kept probes were answered (at
//!   the start, and when answers slower than a probe's limit took over the
//!   window), every query is a probe at the ceiling's limits, as before
//!   calibration existed: the limit starts over from uncensored answers.
//! - The soft timeout is at least [`FLOOR_MS`], and the deadline at least
//!   the soft timeout plus [`MARGIN`] (capped by the ceiling): a query
//!   Z3 stops by itself is never cut off by the deadline first.
//! - Only probes calibrate: the answers of ordinary queries, cut off at the
//!   limit itself, never enter the quantile.

use std::time::Duration;

use crate::solver::soft_timeout;

/// Answered probes needed before the limits leave the ceiling.
pub const MIN_PROBES: usize = 32;
/// Probes kept for the quantile.
pub const PROBE_WINDOW: usize = 256;
/// One query in this many is a probe (once calibrated).
pub const PROBE_EVERY: u64 = 32;
/// A probe's soft timeout over the current one.
pub const PROBE_FACTOR: u32 = 3;
/// Probes between two calibrations.
pub const RECALIBRATE_EVERY: usize = 8;
/// The share of the probes' answers the limit keeps.
pub const KEEP: f64 = 0.95;
/// The least soft timeout, ms.
pub const FLOOR_MS: u32 = 20;
/// Time past the soft timeout before the query is interrupted.
pub const MARGIN: Duration = Duration::from_millis(150);

/// The limits of one query, from [`QueryLimits::next_query`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryLimit {
    /// Z3's soft timeout, ms.
    pub soft_ms: u32,
    /// How long to wait before interrupting the query.
    pub deadline: Duration,
    /// Whether the query calibrates the limits.
    pub probe: bool,
}

/// A probe slot of the ring that holds no answer: the probe ended
/// without one within its limit.
const UNANSWERED: u32 = u32::MAX;

/// The calibrated limits of one client. Plain data, no heap (the ring is
/// an array), so that a fork child can calibrate a copy its parent shares
/// ([`super::shared_limits::SharedLimits`]).
#[derive(Clone, Copy, Debug)]
pub struct QueryLimits {
    ceiling: Duration,
    /// Ring of the recent probes' answer times, ms ([`UNANSWERED`]: no
    /// answer within the probe's limit); the first `filled` slots are used.
    probes: [u32; PROBE_WINDOW],
    filled: usize,
    next_probe: usize,
    since: usize,
    /// Answered probes in the ring.
    answered: usize,
    queries: u64,
    soft_ms: u32,
    /// Never calibrated: every query gets the ceiling ([`QueryLimits::fixed`]).
    fixed: bool,
}

impl QueryLimits {
    /// Limits under the ceiling `timeout` (`--timeout`).
    pub fn new(timeout: Duration) -> Self {
        QueryLimits {
            ceiling: timeout,
            probes: [UNANSWERED; PROBE_WINDOW],
            filled: 0,
            next_probe: 0,
            since: 0,
            answered: 0,
            queries: 0,
            soft_ms: soft_timeout(timeout),
            fixed: false,
        }
    }

    /// Limits that stay at the ceiling `timeout`: a replay's, where each
    /// query gets the time its replay line names, however fast the queries
    /// before it were answered.
    pub fn fixed(timeout: Duration) -> Self {
        QueryLimits {
            fixed: true,
            ..QueryLimits::new(timeout)
        }
    }

    fn ceiling_ms(&self) -> u32 {
        soft_timeout(self.ceiling).max(1)
    }

    fn calibrated(&self) -> bool {
        self.answered >= MIN_PROBES
    }

    /// Z3's soft timeout for ordinary queries, ms.
    pub fn soft_ms(&self) -> u32 {
        if self.calibrated() {
            self.soft_ms
        } else {
            self.ceiling_ms()
        }
    }

    /// The limits of the next query (every [`PROBE_EVERY`]th one, and all
    /// before calibration, a probe).
    pub fn next_query(&mut self) -> QueryLimit {
        self.queries += 1;
        if self.fixed {
            QueryLimit {
                soft_ms: self.ceiling_ms(),
                deadline: self.ceiling,
                probe: false,
            }
        } else if !self.calibrated() {
            self.limit(self.ceiling_ms(), true)
        } else if self.queries.is_multiple_of(PROBE_EVERY) {
            let longer = self.soft_ms.saturating_mul(PROBE_FACTOR);
            self.limit(longer.min(self.ceiling_ms()), true)
        } else {
            self.limit(self.soft_ms, false)
        }
    }

    /// A query's limits with the soft timeout `soft_ms`.
    fn limit(&self, soft_ms: u32, probe: bool) -> QueryLimit {
        QueryLimit {
            soft_ms,
            deadline: (Duration::from_millis(soft_ms.into()) + MARGIN).min(self.ceiling),
            probe,
        }
    }

    /// Records one query run under `limit`: `answered` (sat or unsat) in
    /// `elapsed`. Only probes calibrate.
    pub fn record(&mut self, limit: QueryLimit, answered: bool, elapsed: Duration) {
        if !limit.probe {
            return;
        }
        let sample = if answered {
            elapsed.as_millis().min(u128::from(UNANSWERED - 1)) as u32
        } else {
            UNANSWERED
        };
        if self.filled < PROBE_WINDOW {
            self.probes[self.filled] = sample;
            self.filled += 1;
        } else {
            let old = std::mem::replace(&mut self.probes[self.next_probe], sample);
            self.answered -= usize::from(old != UNANSWERED);
            self.next_probe = (self.next_probe + 1) % PROBE_WINDOW;
        }
        self.answered += usize::from(sample != UNANSWERED);
        self.since += 1;
        if self.calibrated() && (self.answered == MIN_PROBES || self.since >= RECALIBRATE_EVERY) {
            self.since = 0;
            self.calibrate();
        }
    }

    fn calibrate(&mut self) {
        // On the stack: a fork child calibrates too, where allocating is
        // best avoided.
        let mut v = [0u32; PROBE_WINDOW];
        let mut n = 0;
        for &ms in self.probes[..self.filled]
            .iter()
            .filter(|&&ms| ms != UNANSWERED)
        {
            v[n] = ms;
            n += 1;
        }
        let v = &mut v[..n];
        v.sort_unstable();
        let i = ((v.len() as f64 * KEEP).ceil() as usize).clamp(1, v.len()) - 1;
        self.soft_ms = v[i].clamp(FLOOR_MS, self.ceiling_ms());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// `i` spread over 0..100 (Fibonacci hashing).
    fn percent(i: u64) -> u64 {
        (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) % 100
    }

    /// Runs `n` queries whose answer time (None: unknown) is `answer(i)`,
    /// as a solver with a soft timeout would: slower than the limit is
    /// unknown at the limit.
    fn run(l: &mut QueryLimits, n: u64, answer: impl Fn(u64) -> Option<u64>) {
        for i in 0..n {
            let limit = l.next_query();
            let soft = u64::from(limit.soft_ms);
            match answer(i) {
                Some(t) if t <= soft => l.record(limit, true, ms(t)),
                _ => l.record(limit, false, ms(soft)),
            }
        }
    }

    #[test]
    fn fixed_limits_stay_at_the_ceiling_however_fast_the_answers() {
        let mut l = QueryLimits::fixed(ms(2000));
        run(&mut l, 10 * MIN_PROBES as u64, |_| Some(10));
        let limit = l.next_query();
        assert_eq!(
            limit,
            QueryLimit {
                soft_ms: 1600,
                deadline: ms(2000),
                probe: false
            }
        );
        assert_eq!(l.soft_ms(), 1600);
    }

    #[test]
    fn the_ceiling_holds_until_enough_probes_answered() {
        let mut l = QueryLimits::new(ms(2000));
        assert_eq!(l.soft_ms(), 1600);
        // Unknowns do not calibrate, and until then every query is a probe
        // at the ceiling's limits.
        run(&mut l, 100, |_| None);
        run(&mut l, (MIN_PROBES - 1) as u64, |_| Some(10));
        let limit = l.next_query();
        assert_eq!(
            limit,
            QueryLimit {
                soft_ms: 1600,
                deadline: ms(1750),
                probe: true
            }
        );
        l.record(limit, true, ms(10));
        assert_eq!(l.soft_ms(), FLOOR_MS);
        let limit = l.next_query();
        assert!(!limit.probe);
        assert_eq!(limit.deadline, ms(u64::from(FLOOR_MS)) + MARGIN);
    }

    #[test]
    fn the_limit_keeps_most_answers_of_a_longer_one() {
        let mut l = QueryLimits::new(ms(2000));
        // 10% of the answers at 100 ms, the rest at 30: the 95% quantile
        // falls on the slow ones. (Spread by a hash: a period would alias
        // with the probes'.)
        run(&mut l, 4000, |i| {
            Some(if percent(i) < 10 { 100 } else { 30 })
        });
        assert_eq!(l.soft_ms(), 100);
        // 2% slow: the limit leaves them and keeps the common 30 ms.
        let mut l = QueryLimits::new(ms(2000));
        run(&mut l, 4000, |i| {
            Some(if percent(i) < 2 { 300 } else { 30 })
        });
        assert_eq!(l.soft_ms(), 30);
    }

    #[test]
    fn the_limit_grows_back_when_slower_answers_become_common() {
        // The ratchet of a censored percentile: answers first fast, then
        // all at 200 ms. A limit calibrated on what it lets through would
        // stay at 30 ms and see only unknowns. Probes at 3 x 30 ms do not
        // see them either, but once the window holds no answers, the
        // probes go back to the ceiling and the limit starts over.
        let mut l = QueryLimits::new(ms(2000));
        run(&mut l, 2000, |_| Some(30));
        assert_eq!(l.soft_ms(), 30);
        run(&mut l, 20_000, |_| Some(200));
        assert_eq!(l.soft_ms(), 200);
        // And down again when they are fast.
        run(&mut l, 20_000, |_| Some(25));
        assert_eq!(l.soft_ms(), 25);
        // Slower answers within a probe's reach are followed at once.
        run(&mut l, 2000, |_| Some(60));
        assert_eq!(l.soft_ms(), 60);
    }

    #[test]
    fn unknowns_do_not_stretch_the_limit_and_the_ceiling_caps_it() {
        // A third of the queries never answer: the limit follows the
        // answers, not the unknowns (which end at the limit).
        let mut l = QueryLimits::new(ms(2000));
        run(&mut l, 6000, |i| (percent(i) >= 33).then_some(40));
        assert_eq!(l.soft_ms(), 40);
        let mut l = QueryLimits::new(ms(1000));
        run(&mut l, 2000, |_| Some(750));
        assert_eq!(l.soft_ms(), 750);
        for _ in 0..100 {
            let limit = l.next_query();
            assert!(limit.soft_ms <= soft_timeout(ms(1000)));
            assert!(limit.deadline <= ms(1000));
        }
    }
}
