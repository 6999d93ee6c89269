//! The campaign's counters ([`CampaignStats`]): verdicts, signatures,
//! solver times, unknown and timeout shapes, kept as fuzzer-state metadata
//! so they survive a client restart.
//!
//! They sit below every role because several share them: the record
//! feedback counts each judged execution, the objective counts findings by
//! bucket, and the campaign prints them (see `campaign::snapshot`). The
//! mutators' bandits read none of them: they are paid from the solutions
//! kept and charged the time the corpus scheduler noted (see
//! `schedule::solver_time`).
//!
//! # Invariants
//!
//! - Counts only grow within a campaign; the wall clock starts when the
//!   campaign's first client starts, not when a restarted one does.
//! - Solver times are kept as a bounded reservoir (the first
//!   [`SAMPLES`] executions, then every n-th), so memory and the state
//!   shipped on a restart stay small.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::finding::BucketKey;

/// How many solver times the reservoir keeps.
pub const SAMPLES: usize = 20_000;

/// The verdict kinds of a query the solver answered `sat` or `unsat`
/// (right or wrong); any other kind, a future one included, is not an
/// answer.
pub const ANSWERED_KINDS: [&str; 8] = [
    "sat",
    "unsat",
    "imprecise-core",
    "incomplete",
    "unsound",
    "invalid-model",
    "invalid-core",
    "label-contradicted",
];

/// What a campaign has seen so far.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CampaignStats {
    /// Unix time the campaign started, seconds.
    pub started_unix: f64,
    /// Verdict kind → count.
    pub verdicts: BTreeMap<String, u64>,
    /// Bucket (the number of its [`BucketKey`]) → times seen; its length
    /// is the bugs found, which the mutators' scheduler pays for.
    pub signatures: BTreeMap<u64, u64>,
    /// Bucket id → what it is and how many findings fell in it.
    #[serde(default)]
    pub buckets: BTreeMap<String, BucketCount>,
    /// Unknown and timeout files written.
    pub unknown_written: u64,
    /// Restarts of the client (after crashes and hard timeouts).
    pub restarts: u64,
    /// Findings on a warm context that a fresh one did not repeat (not
    /// reported as findings; see `harness`).
    #[serde(default)]
    pub history_dependent: u64,
    /// Judged executions.
    pub judged: u64,
    /// Total time inside the solver call, seconds.
    pub solver_secs: f64,
    /// Sampled solver times, milliseconds.
    pub solver_ms: Vec<f32>,
    /// Verdict kind → seconds inside the solver call.
    #[serde(default)]
    pub verdict_secs: BTreeMap<String, f64>,
    /// Unknown and timeout answers by shape (signature): how many, and the
    /// one file written for each.
    #[serde(default)]
    pub shapes: BTreeMap<u64, ShapeCount>,
}

/// One bucket of findings, as the campaign counts it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BucketCount {
    /// The verdict kind.
    pub kind: String,
    /// The key, as shown.
    pub key: String,
    /// Findings of this bucket (written or not).
    pub found: u64,
}

/// One shape of unknown or timeout answers.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ShapeCount {
    /// The verdict kind (`unknown`, `timeout`).
    pub kind: String,
    /// Answers of this shape.
    pub count: u64,
    /// The file name of its first example.
    pub file: String,
}

impl CampaignStats {
    /// Writes `<out>/<kind>/shapes.tsv` for each kind of shape: one line
    /// per shape, `count<TAB>file`, most frequent first (atomically: a
    /// reader never sees half a table).
    pub fn write_shapes(&self, out: &Path) -> std::io::Result<()> {
        let mut by_kind: BTreeMap<&str, Vec<&ShapeCount>> = BTreeMap::new();
        for s in self.shapes.values() {
            by_kind.entry(&s.kind).or_default().push(s);
        }
        for (kind, mut shapes) in by_kind {
            shapes.sort_by(|a, b| b.count.cmp(&a.count).then(a.file.cmp(&b.file)));
            let text: String = shapes
                .iter()
                .map(|s| format!("{}\t{}\n", s.count, s.file))
                .collect();
            crate::finding::write_atomically(
                &out.join(kind).join("shapes.tsv"),
                text.as_bytes(),
                false,
            )?;
        }
        Ok(())
    }
}

libafl_bolts::impl_serdeany!(CampaignStats);

/// The current Unix time in seconds.
pub fn now_unix() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

impl CampaignStats {
    /// Counts one judged execution.
    pub fn record(&mut self, kind: &str, solver_ns: u64) {
        *self.verdicts.entry(kind.to_string()).or_default() += 1;
        self.judged += 1;
        let ms = solver_ns as f64 / 1e6;
        self.solver_secs += ms / 1e3;
        *self.verdict_secs.entry(kind.to_string()).or_default() += ms / 1e3;
        let n = self.judged as usize;
        if self.solver_ms.len() < SAMPLES {
            self.solver_ms.push(ms as f32);
        } else if n.is_multiple_of(n / SAMPLES + 1) {
            let i = (n / (n / SAMPLES + 1)) % SAMPLES;
            self.solver_ms[i] = ms as f32;
        }
    }

    /// Counts one finding of bucket `key`; how many it has now.
    pub fn found(&mut self, key: &BucketKey) -> u64 {
        let seen = self.signatures.entry(key.number()).or_default();
        *seen += 1;
        let seen = *seen;
        let count = self.buckets.entry(key.id()).or_insert_with(|| BucketCount {
            kind: key.kind.clone(),
            key: key.to_string(),
            found: 0,
        });
        count.found += 1;
        seen
    }

    /// Buckets by verdict kind.
    pub fn buckets_by_kind(&self) -> BTreeMap<String, usize> {
        let mut out = BTreeMap::new();
        for b in self.buckets.values() {
            *out.entry(b.kind.clone()).or_default() += 1;
        }
        out
    }

    /// Writes `<out>/buckets.tsv`: one line per bucket,
    /// `id<TAB>kind<TAB>found<TAB>key`, most found first (atomically).
    pub fn write_buckets(&self, out: &Path) -> std::io::Result<()> {
        if self.buckets.is_empty() {
            return Ok(());
        }
        let mut rows: Vec<_> = self.buckets.iter().collect();
        rows.sort_by(|a, b| b.1.found.cmp(&a.1.found).then(a.0.cmp(b.0)));
        let text: String = rows
            .iter()
            .map(|(id, b)| format!("{id}\t{}\t{}\t{}\n", b.kind, b.found, b.key))
            .collect();
        crate::finding::write_atomically(&out.join("buckets.tsv"), text.as_bytes(), false)
    }

    /// The median sampled solver time, ms.
    pub fn median_solver_ms(&self) -> f64 {
        let mut v = self.solver_ms.clone();
        if v.is_empty() {
            return 0.0;
        }
        v.sort_by(f32::total_cmp);
        v[v.len() / 2] as f64
    }

    /// Queries the solver answered `sat` or `unsat` (right or wrong).
    pub fn answered(&self) -> u64 {
        ANSWERED_KINDS
            .iter()
            .filter_map(|k| self.verdicts.get(*k))
            .sum()
    }

    /// Seconds since the campaign started.
    pub fn wall_secs(&self) -> f64 {
        (now_unix() - self.started_unix).max(1e-9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reservoir_stays_bounded_and_the_median_follows_the_data() {
        let mut s = CampaignStats::default();
        for i in 0..(3 * SAMPLES as u64) {
            s.record(if i % 2 == 0 { "sat" } else { "unknown" }, 2_000_000);
        }
        assert_eq!(s.solver_ms.len(), SAMPLES);
        assert_eq!(s.judged, 3 * SAMPLES as u64);
        assert_eq!(s.verdicts["sat"], 3 * SAMPLES as u64 / 2);
        assert!((s.median_solver_ms() - 2.0).abs() < 1e-6);
        assert!((s.solver_secs - 0.002 * 3.0 * SAMPLES as f64).abs() < 1e-6);
        let by_verdict: f64 = s.verdict_secs.values().sum();
        assert!((by_verdict - s.solver_secs).abs() < 1e-6);
        assert!((s.verdict_secs["sat"] - 0.002 * 1.5 * SAMPLES as f64).abs() < 1e-6);
    }

    #[test]
    fn findings_are_counted_by_bucket_and_listed_most_found_first() {
        use crate::term::{Formula, parse_script};
        let f = |t: &str| Formula::from_script(&parse_script(t).unwrap()).unwrap();
        let strings = BucketKey::new(
            "unsound",
            "sat",
            &f("(declare-const s String)(assert (= (str.len s) 1))"),
        );
        let ints = BucketKey::new(
            "invalid-model",
            "sat",
            &f("(declare-const n Int)(assert (> n 1))"),
        );
        let mut s = CampaignStats::default();
        assert_eq!(s.found(&strings), 1);
        assert_eq!(s.found(&ints), 1);
        assert_eq!(s.found(&ints), 2);
        assert_eq!(s.signatures.len(), 2, "the scheduler's count of bugs");
        assert_eq!(
            s.buckets_by_kind(),
            [("invalid-model".to_string(), 1), ("unsound".to_string(), 1)].into()
        );
        let out = std::env::temp_dir().join(format!("equifuzz-buckets-{}", std::process::id()));
        s.write_buckets(&out).unwrap();
        let text = std::fs::read_to_string(out.join("buckets.tsv")).unwrap();
        std::fs::remove_dir_all(&out).ok();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], format!("{}\tinvalid-model\t2\t{ints}", ints.id()));
        assert!(lines[1].starts_with(&format!("{}\tunsound\t1\t", strings.id())));
    }
}
