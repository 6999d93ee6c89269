//! The campaign's one monitor: it writes every progress line and every
//! `stats.jsonl` record, on one core and on many, from the beats the
//! clients send ([`Beat`](super::beat::Beat)). A LibAFL [`Monitor`]: on one
//! core the client's own event manager calls it, with `--cores` the
//! broker's.
//!
//! A beat is one `UpdateUserStatsMap` event: a client's counters as user
//! stats (see [`Snapshot::user_stats`]), and, from a campaign's only
//! client, its whole [`Snapshot`] (the [`SNAPSHOT`] stat, JSON). What a
//! beat becomes:
//!
//! - with a snapshot, the record is that snapshot, every field of
//!   [`Snapshot`] as the client wrote it, and the line is its line: on a
//!   terminal one status line rewritten in place (the campaign's last
//!   keeps it), else a plain line per beat;
//! - without (`--cores`), LibAFL's lines ([`MultiMonitor`]) and LibAFL's
//!   record ([`OnDiskJsonMonitor`]: the totals and each client's user
//!   stats), at most one record per `progress` interval, so the file's
//!   last record may lag the campaign's end by up to one interval.
//!
//! # Invariants
//!
//! - Only beats are written: the other events a manager shows a monitor
//!   (new corpus entries, objectives) print and record nothing, so the
//!   clients' beat decides when lines come (see `fuzz_loop`).
//! - Nothing else writes `stats.jsonl` or a progress line.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use libafl::Error;
use libafl::monitors::stats::{ClientStatsManager, UserStatsValue};
use libafl::monitors::{Monitor, MultiMonitor, OnDiskJsonMonitor};
use libafl_bolts::ClientId;

use super::snapshot::Snapshot;

/// The user stat that carries a sole client's whole snapshot.
pub const SNAPSHOT: &str = "snapshot";

/// The name LibAFL gives the event of a beat (`UpdateUserStatsMap`).
const BEAT: &str = "UserStatsMap";

/// Decides whether LibAFL's record is due.
type Due = Box<dyn FnMut(&mut ClientStatsManager) -> bool>;

/// Writes the progress lines and `stats.jsonl` (see the module doc).
pub struct CampaignMonitor {
    path: PathBuf,
    time_limit: Option<Duration>,
    live: bool,
    lines: MultiMonitor<fn(&str)>,
    records: OnDiskJsonMonitor<Due>,
    on_start: Option<Box<dyn FnOnce()>>,
}

impl CampaignMonitor {
    /// Writes `stats.jsonl` under `out`, at most one LibAFL record per
    /// `progress`; a status line counts down to `time_limit`.
    pub fn new(out: &std::path::Path, progress: Duration, time_limit: Option<Duration>) -> Self {
        let path = out.join("stats.jsonl");
        let mut last: Option<Instant> = None;
        let due: Due = Box::new(move |_| {
            let due = last.is_none_or(|t| t.elapsed() >= progress);
            if due {
                last = Some(Instant::now());
            }
            due
        });
        CampaignMonitor {
            records: OnDiskJsonMonitor::new(path.clone(), due),
            path,
            time_limit,
            live: std::io::IsTerminal::is_terminal(&std::io::stderr()),
            lines: MultiMonitor::new(|line| eprintln!("{line}")),
            on_start: None,
        }
    }

    /// Runs `start` at the first event the monitor sees: in the process
    /// that shows the events (with `--cores`, the broker's, once its
    /// clients have been forked).
    pub fn on_start(mut self, start: impl FnOnce() + 'static) -> Self {
        self.on_start = Some(Box::new(start));
        self
    }

    /// Writes a sole client's snapshot, given as `json`.
    fn snapshot(&mut self, json: &str) -> Result<(), Error> {
        let snap: Snapshot = serde_json::from_str(json)
            .map_err(|e| Error::illegal_state(format!("a beat's snapshot: {e}")))?;
        if self.live {
            // Rewritten in place; the finished campaign keeps its last
            // line.
            eprint!("\r\x1b[2K{}", snap.status_line(self.time_limit));
            if snap.last {
                eprintln!();
            }
        } else {
            eprintln!("{}", snap.line());
        }
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)?;
        std::io::Write::write_all(&mut f, format!("{json}\n").as_bytes())?;
        Ok(())
    }
}

impl std::fmt::Debug for CampaignMonitor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CampaignMonitor")
            .field("path", &self.path)
            .field("live", &self.live)
            .finish_non_exhaustive()
    }
}

impl Monitor for CampaignMonitor {
    fn display(
        &mut self,
        client_stats_manager: &mut ClientStatsManager,
        event_msg: &str,
        sender_id: ClientId,
    ) -> Result<(), Error> {
        if let Some(start) = self.on_start.take() {
            start();
        }
        if event_msg != BEAT {
            return Ok(());
        }
        let snapshot = client_stats_manager
            .client_stats_for(sender_id)?
            .user_stats()
            .get(SNAPSHOT)
            .and_then(|s| match s.value() {
                UserStatsValue::String(json) => Some(json.to_string()),
                _ => None,
            });
        match snapshot {
            Some(json) => self.snapshot(&json),
            None => {
                self.lines
                    .display(client_stats_manager, event_msg, sender_id)?;
                self.records
                    .display(client_stats_manager, event_msg, sender_id)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use libafl::monitors::stats::{AggregatorOps, UserStats};

    use super::*;

    fn beat(manager: &mut ClientStatsManager, stats: Vec<(String, UserStats)>) {
        manager.client_stats_insert(ClientId(0)).unwrap();
        manager
            .update_client_stats_for(ClientId(0), |c| {
                for (name, value) in stats {
                    c.update_user_stats(Cow::Owned(name), value);
                }
            })
            .unwrap();
    }

    #[test]
    fn a_sole_client_s_beat_is_its_snapshot_line_and_nothing_else_is_written() {
        let out = std::env::temp_dir().join(format!("equifuzz-monitor-{}", std::process::id()));
        std::fs::create_dir_all(&out).unwrap();
        let mut monitor = CampaignMonitor::new(&out, Duration::from_secs(1), None);
        let mut manager = ClientStatsManager::default();
        let snap = Snapshot {
            execs: 42,
            last: true,
            ..Default::default()
        };
        let json = serde_json::to_string(&snap).unwrap();
        let mut stats = snap.user_stats();
        stats.push((
            SNAPSHOT.to_string(),
            UserStats::new(
                UserStatsValue::String(json.clone().into()),
                AggregatorOps::None,
            ),
        ));
        beat(&mut manager, stats);
        // A new corpus entry is no beat: no line, no record.
        monitor
            .display(&mut manager, "Testcase", ClientId(0))
            .unwrap();
        monitor.display(&mut manager, BEAT, ClientId(0)).unwrap();
        let text = std::fs::read_to_string(out.join("stats.jsonl")).unwrap();
        let last = Snapshot::last_of(&out.join("stats.jsonl")).map(|s| s.execs);
        std::fs::remove_dir_all(&out).ok();
        assert_eq!(text, format!("{json}\n"), "the snapshot, field for field");
        assert_eq!(last, Some(42));
    }

    #[test]
    fn beats_without_a_snapshot_make_libafl_s_records_once_per_interval() {
        let out = std::env::temp_dir().join(format!("equifuzz-monitor-n-{}", std::process::id()));
        std::fs::create_dir_all(&out).unwrap();
        let mut monitor = CampaignMonitor::new(&out, Duration::from_secs(3600), None);
        let mut manager = ClientStatsManager::default();
        beat(&mut manager, Snapshot::default().user_stats());
        for _ in 0..3 {
            monitor.display(&mut manager, BEAT, ClientId(0)).unwrap();
        }
        let text = std::fs::read_to_string(out.join("stats.jsonl")).unwrap();
        std::fs::remove_dir_all(&out).ok();
        assert_eq!(text.lines().count(), 1, "{text}");
        let record: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
        assert!(record["client_stats"].is_array() || record["client_stats"].is_object());
        assert!(record.get("executions").is_some(), "{record}");
    }
}
