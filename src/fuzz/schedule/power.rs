//! AFL's performance score, as the weight of a favoured entry in the
//! selection (`--power`).
//!
//! AFL gives each queue entry an energy, the number of havoc executions it
//! spends on it, from `calculate_score`: an entry much quicker than the
//! queue's mean gets up to 3× the energy, a much slower one down to a
//! tenth; one reaching many more edges than the mean up to 3× more, one
//! reaching far fewer down to a quarter. We spend one execution per
//! selection (each is a solver query), so energy becomes the probability of
//! being selected: [`super::favoured::Favoured`] draws its favoured entry
//! in proportion to [`perf_score`] instead of in turn. LibAFL's own power
//! schedules need its `CalibrationStage`, which runs every new entry
//! several times: several solver queries per new entry, where we add more
//! than one entry a second early in a campaign.
//!
//! # Invariants
//!
//! - The score is AFL 2.57b's, without the handicap and depth terms (every
//!   entry of ours is one transformation away from its parent, and there
//!   are no queue cycles to be late for): in [2.5, 900], 100 for an entry
//!   at both means.
//! - It falls as the execution time grows and rises as the edge count
//!   grows (never the other way round); an entry with no recorded time or
//!   edges counts as at the mean.

use std::time::Duration;

/// AFL's performance score of an entry that ran for `exec` and reached
/// `edges`, in a corpus whose entries ran for `mean_exec` and reached
/// `mean_edges` on average.
pub fn perf_score(
    exec: Option<Duration>,
    mean_exec: Duration,
    edges: Option<usize>,
    mean_edges: f64,
) -> f64 {
    let time = match exec {
        Some(t) if !mean_exec.is_zero() => {
            let ratio = t.as_secs_f64() / mean_exec.as_secs_f64();
            if ratio > 10.0 {
                10.0
            } else if ratio > 4.0 {
                25.0
            } else if ratio > 2.0 {
                50.0
            } else if ratio > 4.0 / 3.0 {
                75.0
            } else if ratio < 0.25 {
                300.0
            } else if ratio < 1.0 / 3.0 {
                200.0
            } else if ratio < 0.5 {
                150.0
            } else {
                100.0
            }
        }
        _ => 100.0,
    };
    let coverage = match edges {
        Some(e) if mean_edges > 0.0 => {
            let ratio = e as f64 / mean_edges;
            if ratio > 1.0 / 0.3 {
                3.0
            } else if ratio > 2.0 {
                2.0
            } else if ratio > 4.0 / 3.0 {
                1.5
            } else if ratio < 1.0 / 3.0 {
                0.25
            } else if ratio < 0.5 {
                0.5
            } else if ratio < 2.0 / 3.0 {
                0.75
            } else {
                1.0
            }
        }
        _ => 1.0,
    };
    time * coverage
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn quick_wide_entries_score_high_and_slow_narrow_ones_low() {
        let mean = Duration::from_millis(100);
        assert_eq!(perf_score(ms(100), mean, Some(1_000), 1_000.0), 100.0);
        assert_eq!(perf_score(ms(10), mean, Some(1_000), 1_000.0), 300.0);
        assert_eq!(perf_score(ms(2_000), mean, Some(1_000), 1_000.0), 10.0);
        assert_eq!(perf_score(ms(10), mean, Some(4_000), 1_000.0), 900.0);
        assert_eq!(perf_score(ms(2_000), mean, Some(100), 1_000.0), 2.5);
        // Unknown time or edges: at the mean.
        assert_eq!(perf_score(None, mean, None, 1_000.0), 100.0);
        assert_eq!(perf_score(ms(5), Duration::ZERO, Some(9), 0.0), 100.0);
    }

    #[test]
    fn the_score_is_monotone_in_time_and_edges() {
        let mean = Duration::from_millis(100);
        let times: Vec<f64> = (0..60)
            .map(|i| perf_score(ms(1 << (i / 5)), mean, Some(1_000), 1_000.0))
            .collect();
        assert!(times.windows(2).all(|w| w[1] <= w[0]), "{times:?}");
        assert!(times[0] > times[59]);
        let edges: Vec<f64> = (0..5_000)
            .step_by(50)
            .map(|e| perf_score(ms(100), mean, Some(e), 1_000.0))
            .collect();
        assert!(edges.windows(2).all(|w| w[1] >= w[0]), "{edges:?}");
        assert!(edges[0] < edges[edges.len() - 1]);
    }
}
