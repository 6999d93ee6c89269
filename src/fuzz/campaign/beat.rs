//! The campaign's beat: every `progress` since the campaign started, a
//! client writes the tables it keeps beside its findings (`shapes.tsv`,
//! `buckets.tsv`, `edges.txt`) and sends its counters to the monitor
//! ([`CampaignMonitor`](super::monitor::CampaignMonitor)), which writes the
//! line and the `stats.jsonl` record. A LibAFL stage, the last of a round;
//! the loop sounds the campaign's last beat itself ([`Beat::report`]).
//!
//! # Invariants
//!
//! - Beats come at multiples of `progress` since the campaign started (a
//!   restarted client keeps the beat: the clock is the state's), never
//!   more than one per tick: a round that ends past the campaign's limit
//!   leaves its tick to the last beat, which the loop sounds.
//! - A campaign's only client sends its whole [`Snapshot`] with its
//!   counters (the monitor's record); with `--cores` each client sends its
//!   counters only, and keeps no `buckets.tsv` or `edges.txt` (its folder
//!   is shared: each client covers its own edges).

use std::borrow::Cow;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::time::Duration;

use libafl::events::{Event, EventFirer, EventWithStats};
use libafl::monitors::stats::{AggregatorOps, UserStats, UserStatsValue};
use libafl::stages::{Restartable, Stage};
use libafl::state::HasExecutions;
use libafl::{Error, HasMetadata};

use super::State;
use super::config::CampaignConfig;
use super::limit::Limit;
use super::monitor::SNAPSHOT;
use super::snapshot::{Snapshot, snapshot};
use crate::fuzz::feedback::edges::EdgeSet;
use crate::fuzz::stats::CampaignStats;
use crate::truth::Case;

/// Sends a client's counters every `progress` (see the module doc).
#[derive(Debug)]
pub struct Beat {
    out: PathBuf,
    progress: Duration,
    /// Past it, the loop sounds the last beat.
    limit: Limit,
    edges_total: usize,
    sole: bool,
    last_tick: u64,
    /// Edges in the last `edges.txt` written.
    edges_written: Option<usize>,
}

impl Beat {
    /// The beat of a client of `edges_total` edges of the campaign `cfg`
    /// (its folder, its `progress`, its limit; `sole`: the campaign's only
    /// client), every `progress` from the campaign's start, the clock of
    /// `state`.
    pub fn new(
        cfg: &CampaignConfig,
        edges_total: usize,
        sole: bool,
        state: &State,
    ) -> Result<Self, Error> {
        let mut beat = Beat {
            out: cfg.out.clone(),
            progress: cfg.progress,
            limit: Limit::of(cfg),
            edges_total,
            sole,
            last_tick: 0,
            edges_written: None,
        };
        beat.last_tick = beat.tick(state)?;
        Ok(beat)
    }

    /// The tick the campaign's clock is in.
    fn tick(&self, state: &State) -> Result<u64, Error> {
        let wall = state.metadata::<CampaignStats>()?.wall_secs();
        Ok((wall / self.progress.as_secs_f64()).floor() as u64)
    }

    /// Writes the tables and sends the counters now (`last`: the
    /// campaign's last beat); the snapshot sent.
    pub fn report<EM: EventFirer<Case, State>>(
        &mut self,
        state: &mut State,
        mgr: &mut EM,
        last: bool,
    ) -> Result<Snapshot, Error> {
        self.last_tick = self.tick(state)?;
        let stats = state.metadata::<CampaignStats>()?;
        stats.write_shapes(&self.out)?;
        if self.sole {
            stats.write_buckets(&self.out)?;
            if let Ok(edges) = state.metadata::<EdgeSet>()
                && self.edges_written != Some(edges.count)
            {
                edges.write(&self.out)?;
                self.edges_written = Some(edges.count);
            }
        }
        let snap = snapshot(state, self.edges_total, last);
        let mut stats = snap.user_stats();
        if self.sole {
            let json = serde_json::to_string(&snap).map_err(|e| Error::serialize(e.to_string()))?;
            stats.push((
                SNAPSHOT.to_string(),
                UserStats::new(UserStatsValue::String(json.into()), AggregatorOps::None),
            ));
        }
        // One event per beat: the monitor writes once for it.
        let event = Event::UpdateUserStatsMap {
            stats: stats
                .into_iter()
                .map(|(name, value)| (Cow::Owned(name), value))
                .collect(),
            phantom: PhantomData,
        };
        let execs = *state.executions();
        mgr.fire(state, EventWithStats::with_current_time(event, execs))?;
        Ok(snap)
    }
}

impl<E, EM, Z> Stage<E, EM, State, Z> for Beat
where
    EM: EventFirer<Case, State>,
{
    fn perform(
        &mut self,
        _fuzzer: &mut Z,
        _executor: &mut E,
        state: &mut State,
        manager: &mut EM,
    ) -> Result<(), Error> {
        if self.tick(state)? > self.last_tick && !self.limit.reached(state)? {
            self.report(state, manager, false)?;
        }
        Ok(())
    }
}

impl<S> Restartable<S> for Beat {
    // It runs no target: it always runs.
    fn should_restart(&mut self, _state: &mut S) -> Result<bool, Error> {
        Ok(true)
    }

    fn clear_progress(&mut self, _state: &mut S) -> Result<(), Error> {
        Ok(())
    }
}
