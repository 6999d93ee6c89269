//! The campaign's time and execution limits, which the loop stops at and
//! the beat leaves the last tick for.

use std::time::Duration;

use libafl::state::HasExecutions;
use libafl::{Error, HasMetadata};

use super::State;
use super::config::CampaignConfig;
use crate::fuzz::stats::CampaignStats;

/// The campaign's time and execution limits.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    time: Option<Duration>,
    execs: Option<u64>,
}

impl Limit {
    /// The limits `cfg` sets.
    pub fn of(cfg: &CampaignConfig) -> Limit {
        Limit {
            time: cfg.time,
            execs: cfg.max_execs,
        }
    }

    /// Whether either is reached.
    pub fn reached(&self, state: &State) -> Result<bool, Error> {
        let wall = state.metadata::<CampaignStats>()?.wall_secs();
        Ok(self.execs.is_some_and(|m| *state.executions() >= m)
            || self.time.is_some_and(|t| wall >= t.as_secs_f64()))
    }
}
