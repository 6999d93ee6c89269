//! How many replays tell "fails sometimes" from "never": the k-of-n rule
//! `bisect` judges every release by.
//!
//! A finding of a nondeterministic solver part (Z3's local search, a
//! portfolio, a timing-dependent rewrite) may fail 3 times in 10 on the
//! very release it was found on. Judged once per release, such a finding
//! looks fixed wherever it happened not to fail, and on its own solver
//! "does not fail any more". So the finding is first replayed on its own
//! solver: [`OWN_FIRST`] replays that all fail make it deterministic (one
//! replay per release, as before); otherwise [`OWN_REPLAYS`] replays give
//! its rate `k/n`, and every release gets as many replays as make it
//! unlikely ([`MISS`]) that a release failing as often passes them all.
//!
//! # Invariants
//!
//! - A release is bad when one of its replays fails the same way, good
//!   only when none fails and every one is right; the counts `k/n` are
//!   kept and said, never rounded into "fails" or "passes".
//! - A finding that fails every time on its own solver costs
//!   [`OWN_FIRST`] − 1 replays more than before and nothing per release.

use serde::{Deserialize, Serialize};

/// Replays on the finding's own solver that, all failing, make it
/// deterministic.
pub const OWN_FIRST: usize = 3;

/// Replays on the finding's own solver when one of the first
/// [`OWN_FIRST`] did not fail: its failure rate is measured on these.
pub const OWN_REPLAYS: usize = 10;

/// The chance accepted of calling a release good although it fails as
/// often as the finding's own solver.
pub const MISS: f64 = 0.05;

/// The most replays a release gets (a finding that fails once in ten
/// would need 29).
pub const MAX_PER_RELEASE: usize = 20;

/// Failures of the same kind in so many replays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rate {
    /// Replays that failed the same way.
    pub failed: usize,
    /// Replays run.
    pub of: usize,
}

impl Rate {
    /// Whether every replay failed.
    pub fn always(self) -> bool {
        self.of > 0 && self.failed == self.of
    }

    /// Replays each release gets for a finding that fails at this rate on
    /// its own solver: the fewest `n` with `(1 - k/n)^n ≤ MISS`, 1 for a
    /// finding that always fails, at most [`MAX_PER_RELEASE`].
    pub fn per_release(self) -> usize {
        if self.always() || self.of == 0 || self.failed == 0 {
            return 1;
        }
        self.fewest_runs(MAX_PER_RELEASE)
    }

    /// The lower of two rates (`self` when they are equal).
    pub fn lower(self, other: Rate) -> Rate {
        if other.failed * self.of < self.failed * other.of {
            other
        } else {
            self
        }
    }

    /// The rate a cross-replay works with: what it `measured` itself,
    /// else (when it saw no failure) what triage measured before
    /// (`known`: confirm's replays), the lower when both failed. A finding
    /// that fails once in ten passes ten replays a third of the time; its
    /// known rate still says it fails, and how many replays without a
    /// mechanism make "never fails without it" unlikely by chance.
    pub fn with_known(self, known: Option<Rate>) -> Rate {
        match known.filter(|k| k.failed > 0) {
            Some(k) if self.failed == 0 => k,
            Some(k) => self.lower(k),
            None => self,
        }
    }

    /// The fewest `n` with `(1 - k/n)^n ≤ MISS` for a rate `k/n` with
    /// `0 < k < n`, at most `cap`.
    fn fewest_runs(self, cap: usize) -> usize {
        let p = self.failed as f64 / self.of as f64;
        let n = (MISS.ln() / (1.0 - p).ln()).ceil() as usize;
        n.clamp(1, cap)
    }
}

/// The most runs a report's replay command asks for (`run --repeat`).
pub const MAX_REPLAY_RUNS: usize = 50;

impl Rate {
    /// Runs of `equifuzz run --repeat` that show a failure of this rate
    /// with a chance of missing it of at most [`MISS`]: 1 for a finding
    /// that always fails, [`MAX_REPLAY_RUNS`] at most, and for one that
    /// did not fail in any replay (its rate unknown, below `1/of`).
    pub fn replay_runs(self) -> usize {
        if self.always() {
            return 1;
        }
        if self.failed == 0 || self.of == 0 {
            return MAX_REPLAY_RUNS;
        }
        self.fewest_runs(MAX_REPLAY_RUNS)
    }
}

impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.failed, self.of)
    }
}

/// Replays `fails` on the finding's own solver by the rule of the module
/// docs: [`OWN_FIRST`] times, and up to [`OWN_REPLAYS`] when one of those
/// did not fail.
pub fn own_rate(mut fails: impl FnMut() -> bool) -> Rate {
    let mut rate = Rate::default();
    while rate.of < OWN_REPLAYS {
        if rate.of == OWN_FIRST && rate.always() {
            break;
        }
        rate.failed += usize::from(fails());
        rate.of += 1;
    }
    rate
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_rate_stands_in_for_a_measurement_that_saw_no_failure() {
        let r = |failed, of| Rate { failed, of };
        assert_eq!(r(0, 10).with_known(Some(r(3, 10))), r(3, 10));
        assert_eq!(r(5, 10).with_known(Some(r(1, 10))), r(1, 10));
        assert_eq!(r(1, 10).with_known(Some(r(3, 3))), r(1, 10));
        assert_eq!(r(0, 10).with_known(Some(r(0, 3))), r(0, 10));
        assert_eq!(r(2, 10).with_known(None), r(2, 10));
        // Ten replays of a 1-in-10 finding can miss it: the known rate asks
        // for the most a release gets.
        assert_eq!(
            r(0, 10).with_known(Some(r(1, 10))).per_release(),
            MAX_PER_RELEASE
        );
    }

    #[test]
    fn a_finding_that_always_fails_costs_three_replays_and_one_per_release() {
        let mut calls = 0;
        let r = own_rate(|| {
            calls += 1;
            true
        });
        assert_eq!((r, calls), (Rate { failed: 3, of: 3 }, 3));
        assert_eq!(r.per_release(), 1);
    }

    #[test]
    fn a_flaky_finding_is_measured_on_ten_replays() {
        let mut i = 0;
        // Fails on every third replay: 1st of the first three fails, the
        // 2nd does not, so all ten run.
        let r = own_rate(|| {
            i += 1;
            i % 3 == 1
        });
        assert_eq!(r, Rate { failed: 4, of: 10 });
        assert_eq!(r.to_string(), "4/10");
        // (0.6)^6 = 0.047 ≤ 0.05 < (0.6)^5 = 0.078.
        assert_eq!(r.per_release(), 6);
        let never = own_rate(|| false);
        assert_eq!(never, Rate { failed: 0, of: 10 });
    }

    #[test]
    fn replays_per_release_keep_the_miss_chance_below_five_percent() {
        for failed in 1..10 {
            let r = Rate { failed, of: 10 };
            let n = r.per_release();
            let p = failed as f64 / 10.0;
            let miss = (1.0 - p).powi(n as i32);
            if n < MAX_PER_RELEASE {
                assert!(miss <= MISS, "{r}: {n} replays miss with {miss}");
                assert!(
                    (1.0 - p).powi(n as i32 - 1) > MISS,
                    "{r}: {n} is not the fewest"
                );
            } else {
                assert_eq!(failed, 1, "only 1/10 needs more than the cap");
            }
        }
    }

    #[test]
    fn a_replay_command_runs_as_often_as_its_rate_asks() {
        assert_eq!(Rate { failed: 3, of: 3 }.replay_runs(), 1);
        // 0.9^29 = 0.047 ≤ 0.05 < 0.9^28: past the per-release cap.
        assert_eq!(Rate { failed: 1, of: 10 }.replay_runs(), 29);
        assert_eq!(Rate { failed: 4, of: 10 }.replay_runs(), 6);
        assert_eq!(Rate { failed: 0, of: 10 }.replay_runs(), MAX_REPLAY_RUNS);
        assert_eq!(Rate { failed: 1, of: 100 }.replay_runs(), MAX_REPLAY_RUNS);
    }
}
