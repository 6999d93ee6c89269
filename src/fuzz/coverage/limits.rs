//! Per-query time limits calibrated from the answered queries, as AFL
//! calibrates its timeout from its seeds: Z3's soft timeout is a multiple
//! of a high percentile of recent answer times, and the deadline after
//! which the query is interrupted a little beyond it.
//!
//! Why: the time of a campaign goes to its tail. On the Z3 4.8.14 wheel,
//! the median call took 19 ms and the mean 163 ms, because a third of the
//! queries ran to Z3's soft timeout (1.6 s of a 2 s `--timeout`) before
//! answering `unknown`. A query the solver answers at all, it answers
//! fast; waiting 80 times the median buys almost no answers.
//!
//! # Invariants
//!
//! - `--timeout` (the ceiling) stays the ceiling: the soft timeout never
//!   exceeds [`soft_timeout`] of it, the deadline never exceeds it.
//! - Until [`MIN_SAMPLES`] queries were answered, the limits are the
//!   ceiling's, as before calibration existed.
//! - The soft timeout is at least [`FLOOR_MS`], and the deadline at least
//!   the soft timeout plus [`MARGIN`] (capped by the ceiling): a query
//!   Z3 stops by itself is never cut off by the deadline first.
//! - Calibration is recomputed every [`RECALIBRATE_EVERY`] answers over the
//!   last [`WINDOW`], so it follows the corpus as it changes. It is
//!   censored (an answer slower than the limit is an `unknown`), so the
//!   limit is a multiple ([`MULTIPLE`]) of the percentile, leaving room to
//!   grow when answers get slower.
//!
//! The multiple was 4 first; a 10-minute campaign on the 4.8.14 wheel
//! (`scripts/bench-efficiency.sh`) still spent 73% of its solver time on
//! `unknown` answers (470 ms each on average, on a loaded machine), most of
//! which Z3 gives after hundreds of milliseconds of its own; 2 cuts them
//! sooner and loses only answers slower than twice the 95th percentile.
//! On Z3 4.8.14 an `unknown` comes at the soft timeout, not before (Z3
//! does not give up early on these strings): with 2, `unknown` still took
//! 63% of the solver time. Side by side for 3 minutes (same seed, load 8),
//! 1 gave 1.34x the executions/s and 1.30x the answered queries/hour of 2.
//! 1 is not kept: the percentile is of answers below the limit, so with 1
//! each calibration could only lower it, down to the floor; 1.25 leaves
//! the room to grow back.

use std::time::Duration;

use crate::solver::soft_timeout;

/// Answers needed before the limits leave the ceiling.
pub const MIN_SAMPLES: usize = 32;
/// Answers kept for the percentile.
pub const WINDOW: usize = 1024;
/// Answers between two calibrations.
pub const RECALIBRATE_EVERY: usize = 64;
/// The percentile of answer times the limit is a multiple of.
pub const PERCENTILE: f64 = 0.95;
/// The soft timeout over that percentile.
pub const MULTIPLE: f64 = 1.25;
/// The least soft timeout, ms.
pub const FLOOR_MS: u32 = 100;
/// Time past the soft timeout before the query is interrupted.
pub const MARGIN: Duration = Duration::from_millis(150);

/// The calibrated limits of one client.
#[derive(Clone, Debug)]
pub struct QueryLimits {
    ceiling: Duration,
    /// Ring of recent answer times, ms.
    answered_ms: Vec<u32>,
    next: usize,
    since: usize,
    soft_ms: u32,
}

impl QueryLimits {
    /// Limits under the ceiling `timeout` (`--timeout`).
    pub fn new(timeout: Duration) -> Self {
        QueryLimits {
            ceiling: timeout,
            answered_ms: Vec::with_capacity(WINDOW),
            next: 0,
            since: 0,
            soft_ms: soft_timeout(timeout),
        }
    }

    /// Z3's soft timeout for the next query, ms.
    pub fn soft_ms(&self) -> u32 {
        self.soft_ms
    }

    /// How long to wait for the next query before interrupting it.
    pub fn deadline(&self) -> Duration {
        (Duration::from_millis(self.soft_ms.into()) + MARGIN).min(self.ceiling)
    }

    /// Records one query: `answered` (sat or unsat) in `elapsed`.
    pub fn record(&mut self, answered: bool, elapsed: Duration) {
        if !answered {
            return;
        }
        let ms = elapsed.as_millis().min(u32::MAX as u128) as u32;
        if self.answered_ms.len() < WINDOW {
            self.answered_ms.push(ms);
        } else {
            self.answered_ms[self.next] = ms;
            self.next = (self.next + 1) % WINDOW;
        }
        self.since += 1;
        let n = self.answered_ms.len();
        if n >= MIN_SAMPLES && (n == MIN_SAMPLES || self.since >= RECALIBRATE_EVERY) {
            self.since = 0;
            self.calibrate();
        }
    }

    fn calibrate(&mut self) {
        let mut v = self.answered_ms.clone();
        v.sort_unstable();
        let i = ((v.len() as f64 * PERCENTILE).ceil() as usize).clamp(1, v.len()) - 1;
        let limit = (f64::from(v[i]) * MULTIPLE).ceil() as u32;
        self.soft_ms = limit.clamp(FLOOR_MS, soft_timeout(self.ceiling).max(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_ceiling_holds_until_enough_answers_came() {
        let mut l = QueryLimits::new(ms(2000));
        assert_eq!(l.soft_ms(), 1600);
        assert_eq!(l.deadline(), ms(1750));
        for _ in 0..MIN_SAMPLES - 1 {
            l.record(true, ms(10));
        }
        // Unknowns and timeouts do not calibrate.
        for _ in 0..100 {
            l.record(false, ms(1));
        }
        assert_eq!(l.soft_ms(), 1600);
        l.record(true, ms(10));
        assert_eq!(l.soft_ms(), FLOOR_MS);
        assert_eq!(l.deadline(), ms(250));
    }

    #[test]
    fn the_limit_is_a_multiple_of_the_high_percentile() {
        let mut l = QueryLimits::new(ms(2000));
        // 10% at 100 ms: the 95th percentile falls on them.
        for i in 0..200u64 {
            l.record(true, ms(if i % 10 == 0 { 100 } else { 20 }));
        }
        assert_eq!(l.soft_ms(), 125, "1.25 x p95 = 1.25 x 100 ms");
        let mut l = QueryLimits::new(ms(2000));
        for i in 0..200u64 {
            l.record(true, ms(if i % 50 == 0 { 300 } else { 160 }));
        }
        assert_eq!(l.soft_ms(), 200, "2% slow: p95 is the common 160 ms");
    }

    #[test]
    fn the_ceiling_caps_the_limit_and_recalibration_follows_the_answers() {
        let mut l = QueryLimits::new(ms(1000));
        for _ in 0..MIN_SAMPLES {
            l.record(true, ms(900));
        }
        assert_eq!(l.soft_ms(), soft_timeout(ms(1000)));
        assert_eq!(l.deadline(), ms(950));
        // The answers get fast: after a window of them, so does the limit.
        for _ in 0..WINDOW {
            l.record(true, ms(5));
        }
        assert_eq!(l.soft_ms(), FLOOR_MS);
        // And slow again: it grows back, never beyond the ceiling.
        for _ in 0..WINDOW {
            l.record(true, ms(160));
        }
        assert_eq!(l.soft_ms(), 200);
        assert!(l.deadline() <= ms(1000));
    }
}
