//! A campaign's snapshots: what the live line prints, what each line of
//! `stats.jsonl` holds and what the end-of-campaign summary says, read
//! from the counters in the fuzzer state ([`CampaignStats`] and the other
//! roles' metadata).
//!
//! # Invariants
//!
//! - A snapshot only reads the state; a `stats.jsonl` line of a campaign of
//!   one client is one [`Snapshot`], its fields named as the struct's,
//!   written by the campaign's monitor (`monitor`).

use std::collections::BTreeMap;
use std::path::Path;

use super::State;
use crate::fuzz::feedback::edges::EdgeSet;
use crate::fuzz::mutate::scheduled::TransformationCounts;
use crate::fuzz::mutate::settings::SettingCounts;
use crate::fuzz::mutate::size_limit::SizeLimit;
use crate::fuzz::stats::CampaignStats;
use libafl::HasMetadata;
use libafl::corpus::Corpus;
use libafl::monitors::stats::{AggregatorOps, UserStats, UserStatsValue};
use libafl::state::{HasCorpus, HasExecutions, HasImported, HasSolutions};
use serde::{Deserialize, Serialize};

impl Snapshot {
    /// The counters every client reports to LibAFL's monitor, each with how
    /// the broker combines them over clients: finding files, executions by
    /// verdict and restarts add up; edges are each client's own count, so
    /// only the largest is meaningful.
    pub fn user_stats(&self) -> Vec<(String, UserStats)> {
        let sum = |n: u64| UserStats::new(UserStatsValue::Number(n), AggregatorOps::Sum);
        let mut out = vec![
            ("findings".to_string(), sum(self.findings.values().sum())),
            // Clients find the same buckets: the largest count is a floor.
            (
                "buckets".to_string(),
                UserStats::new(
                    UserStatsValue::Number(self.buckets.values().sum::<usize>() as u64),
                    AggregatorOps::Max,
                ),
            ),
            ("restarts".to_string(), sum(self.restarts)),
            ("history-dependent".to_string(), sum(self.history_dependent)),
            // Not "edges": LibAFL's map feedback reports the map's ratio
            // under the observer's name.
            (
                "edges seen".to_string(),
                UserStats::new(
                    UserStatsValue::Number(self.edges as u64),
                    AggregatorOps::Max,
                ),
            ),
        ];
        out.extend(
            self.verdicts
                .iter()
                .map(|(kind, n)| (format!("verdict {kind}"), sum(*n))),
        );
        out
    }
}

/// One snapshot of a running campaign.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Snapshot {
    /// Seconds since the campaign started.
    pub time: f64,
    /// Executions.
    pub execs: u64,
    /// Executions per second since the start.
    pub execs_per_sec: f64,
    /// Corpus size.
    pub corpus: usize,
    /// Edges covered so far (0 when coverage is off).
    pub edges: usize,
    /// Edges the solver library has (0: not instrumented).
    pub edges_total: usize,
    /// Finding files written, by kind.
    pub findings: BTreeMap<String, u64>,
    /// Buckets (distinct bugs by the triage key), by kind.
    #[serde(default)]
    pub buckets: BTreeMap<String, usize>,
    /// Findings in all buckets, written or only counted.
    #[serde(default)]
    pub found: u64,
    /// Distinct buckets seen (the same as the sum of `buckets`).
    pub signatures: usize,
    /// Verdict counts.
    pub verdicts: BTreeMap<String, u64>,
    /// Client restarts.
    pub restarts: u64,
    /// Warm-context findings a fresh context did not repeat.
    #[serde(default)]
    pub history_dependent: u64,
    /// Median solver call, ms.
    pub median_solver_ms: f64,
    /// Share of wall time inside the solver call.
    pub in_solver: f64,
    /// Corpus entries received from other clients (`--cores`, a joined
    /// campaign) and kept.
    #[serde(default)]
    pub imported: usize,
    /// Per transformation: `[used, skipped, new corpus entries]`.
    #[serde(default)]
    pub transformations: BTreeMap<String, [u64; 3]>,
    /// Verdict kind → seconds inside the solver call.
    #[serde(default)]
    pub verdict_secs: BTreeMap<String, f64>,
    /// Per transformation: seconds inside the solver call of the
    /// executions whose input it helped make.
    #[serde(default)]
    pub transformation_secs: BTreeMap<String, f64>,
    /// Per key of the settings table (`--settings on`): `[used, new
    /// corpus entries]` of the executions whose case it was set or
    /// changed for.
    #[serde(default)]
    pub settings: BTreeMap<String, [u64; 2]>,
    /// Queries answered `sat` or `unsat` (right or wrong), per hour of
    /// wall time.
    #[serde(default)]
    pub answered_per_hour: f64,
    /// The formula-size limit in nodes (`--len-control`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_limit: Option<usize>,
    /// Whether this is the campaign's last line.
    pub last: bool,
}

impl Snapshot {
    /// The live monitor line.
    pub fn line(&self) -> String {
        let buckets: Vec<String> = self
            .buckets
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let edges = if self.edges_total == 0 {
            "edges off".to_string()
        } else {
            format!("edges {}/{}", self.edges, self.edges_total)
        };
        let imported = if self.imported > 0 {
            format!(" ({} imported)", self.imported)
        } else {
            String::new()
        };
        let buckets = if buckets.is_empty() {
            "none".to_string()
        } else {
            format!(
                "{} ({} findings, {} files)",
                buckets.join(", "),
                self.found,
                self.findings.values().sum::<u64>()
            )
        };
        format!(
            "[{:>5.0}s] {} execs ({:.1}/s) | corpus {}{} | {} | buckets: {} | restarts {}",
            self.time,
            self.execs,
            self.execs_per_sec,
            self.corpus,
            imported,
            edges,
            buckets,
            self.restarts
        )
    }

    /// The status line a terminal shows, rewritten in place: executions
    /// per second, corpus, buckets by kind and, with a time limit, the
    /// time left.
    pub fn status_line(&self, limit: Option<std::time::Duration>) -> String {
        let clock = |secs: f64| {
            let s = secs.max(0.0).round() as u64;
            if s >= 3600 {
                format!("{}h{:02}m", s / 3600, s % 3600 / 60)
            } else {
                format!("{}m{:02}s", s / 60, s % 60)
            }
        };
        let left = limit
            .map(|l| format!(", {} left", clock(l.as_secs_f64() - self.time)))
            .unwrap_or_default();
        let buckets: Vec<String> = self
            .buckets
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        format!(
            "[{}{left}] {:.1} execs/s | corpus {} | buckets: {}",
            clock(self.time),
            self.execs_per_sec,
            self.corpus,
            if buckets.is_empty() {
                "none".to_string()
            } else {
                format!("{} ({} findings)", buckets.join(", "), self.found)
            }
        )
    }

    /// The last line of a `stats.jsonl`, if it can be read.
    pub fn last_of(path: &Path) -> Option<Snapshot> {
        let text = std::fs::read_to_string(path).ok()?;
        text.lines()
            .rev()
            .find_map(|l| serde_json::from_str(l).ok())
    }
}

pub(super) fn snapshot(state: &State, edges_total: usize, last: bool) -> Snapshot {
    let stats = state
        .metadata::<CampaignStats>()
        .cloned()
        .unwrap_or_default();
    let edges = state.metadata::<EdgeSet>().map(|e| e.count).unwrap_or(0);
    let time = stats.wall_secs();
    let execs = *state.executions();
    Snapshot {
        time,
        execs,
        execs_per_sec: execs as f64 / time,
        corpus: state.corpus().count(),
        imported: *state.imported(),
        edges,
        edges_total,
        findings: state.solutions().written().clone(),
        signatures: stats.signatures.len(),
        buckets: stats.buckets_by_kind(),
        found: stats.buckets.values().map(|b| b.found).sum(),
        verdicts: stats.verdicts.clone(),
        restarts: stats.restarts,
        history_dependent: stats.history_dependent,
        median_solver_ms: stats.median_solver_ms(),
        transformations: state
            .metadata::<TransformationCounts>()
            .map(TransformationCounts::report)
            .unwrap_or_default(),
        transformation_secs: state
            .metadata::<TransformationCounts>()
            .map(TransformationCounts::solver_secs)
            .unwrap_or_default(),
        settings: state
            .metadata::<SettingCounts>()
            .map(|c| {
                c.counts
                    .report()
                    .into_iter()
                    .filter(|(_, [used, ..])| *used > 0)
                    .map(|(k, [used, _, new])| (k, [used, new]))
                    .collect()
            })
            .unwrap_or_default(),
        answered_per_hour: stats.answered() as f64 * 3600.0 / time,
        verdict_secs: stats.verdict_secs.clone(),
        in_solver: stats.solver_secs / time,
        size_limit: state.metadata::<SizeLimit>().ok().map(SizeLimit::nodes),
        last,
    }
}

/// Prints the end-of-campaign summary (the lines `equifuzz fuzz` always
/// ends with).
pub fn print_summary(s: &Snapshot) {
    println!(
        "executions: {} in {:.1}s ({:.1}/s)",
        s.execs, s.time, s.execs_per_sec
    );
    for (kind, n) in &s.verdicts {
        println!("  {kind:>15}: {n}");
    }
    println!(
        "buckets: {} ({} findings, {} files written)",
        s.buckets.values().sum::<usize>(),
        s.found,
        s.findings.values().sum::<u64>()
    );
    for (kind, n) in &s.buckets {
        println!("  {kind:>15}: {n}");
    }
    println!("findings written: {}", s.findings.values().sum::<u64>());
    println!(
        "corpus: {}; edges: {}",
        s.corpus,
        if s.edges_total == 0 {
            "off".to_string()
        } else {
            format!("{} of {}", s.edges, s.edges_total)
        }
    );
    if !s.transformations.is_empty() {
        println!("transformations (used / skipped / new corpus entries):");
        for (name, [used, skipped, new]) in &s.transformations {
            println!("  {name:>22}: {used} / {skipped} / {new}");
        }
    }
    if !s.settings.is_empty() {
        // The keys the settings bandit drew most, with what they added.
        let mut keys: Vec<_> = s.settings.iter().collect();
        keys.sort_by_key(|(k, [used, _])| (std::cmp::Reverse(*used), *k));
        println!("settings, most drawn (used / new corpus entries):");
        for (key, [used, new]) in keys.into_iter().take(10) {
            println!("  {key:>32}: {used} / {new}");
        }
    }
    println!(
        "time: solver {:.1}%; median solver call {:.2} ms",
        100.0 * s.in_solver,
        s.median_solver_ms
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_stats_add_up_counts_and_take_the_largest_edge_count() {
        // The broker combines clients by these operators: summing edge
        // counts of clients that cover the same code would overstate them.
        let snap = Snapshot {
            edges: 7,
            restarts: 1,
            findings: [("unsound".to_string(), 2), ("crash".to_string(), 1)].into(),
            verdicts: [("sat".to_string(), 5)].into(),
            ..Default::default()
        };
        let stats: BTreeMap<String, UserStats> = snap.user_stats().into_iter().collect();
        let number = |name: &str| match stats[name].value() {
            UserStatsValue::Number(n) => *n,
            other => panic!("{name}: {other:?}"),
        };
        assert_eq!(number("findings"), 3);
        assert_eq!(number("edges seen"), 7);
        assert_eq!(number("verdict sat"), 5);
        assert_eq!(*stats["edges seen"].aggregator_op(), AggregatorOps::Max);
        assert_eq!(*stats["findings"].aggregator_op(), AggregatorOps::Sum);
        assert_eq!(*stats["verdict sat"].aggregator_op(), AggregatorOps::Sum);
    }

    #[test]
    fn the_status_line_shows_speed_corpus_buckets_and_time_left() {
        let snap = Snapshot {
            time: 95.0,
            execs_per_sec: 19.84,
            corpus: 206,
            buckets: [("invalid-model".to_string(), 4), ("unsound".to_string(), 2)].into(),
            found: 42,
            ..Default::default()
        };
        let limit = std::time::Duration::from_secs(40 * 60);
        assert_eq!(
            snap.status_line(Some(limit)),
            "[1m35s, 38m25s left] 19.8 execs/s | corpus 206 | buckets: invalid-model 4, unsound 2 (42 findings)"
        );
        let none = Snapshot {
            time: 4000.0,
            ..Default::default()
        };
        assert_eq!(
            none.status_line(None),
            "[1h06m] 0.0 execs/s | corpus 0 | buckets: none"
        );
    }
}
