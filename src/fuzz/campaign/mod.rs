//! A campaign: its settings ([`config`]), its launch on one core or many
//! ([`launch`]), one client with the fuzzer assembled ([`client`]), the
//! loop ([`fuzz_loop`]), the limits it stops at (`limit`) and its mutator ([`mutator`]), its seeds
//! ([`seeds`]), its snapshots: the live line, `stats.jsonl` and the
//! summary ([`snapshot`]), sent by each client's beat ([`beat`]) to the
//! one monitor that writes them ([`monitor`]).
//!
//! # Invariants
//!
//! - The campaign survives the solver: in process, the solver runs in a
//!   warm worker process (see [`crate::execute::harness`]), so a crash or a query past its
//!   deadline costs that worker, not the client; a crash of the client
//!   itself restarts it from the state saved by LibAFL's crash handler.
//!   The input is judged a crash or a timeout first, by the objective, and
//!   written by the solutions corpus (see [`crate::fuzz::corpus::findings`]).
//! - Everything worth keeping is on disk as soon as it is known: findings
//!   and the corpus (`corpus/`, postcard) are written atomically, so a
//!   `kill -9` loses at most the statistics since the last line.
//! - Running again on the same output folder continues: the old corpus is
//!   loaded before any new case is generated.
//! - Only queries the solver answered enter the corpus: a timeout, crash or
//!   `unknown` would make every mutation of it as slow or as broken.
//! - With [`Guidance::None`] coverage is still measured but neither it nor
//!   the features decide what enters the corpus: the ablation the guidance
//!   is judged against. With [`Guidance::Features`] only the features do,
//!   as on a library without instrumentation, while the edges are still
//!   counted: what that guidance reaches, measured on the same run.
//!
//! # Known limits
//!
//! - Under `fork`, LibAFL 0.16 runs the observers' `post_exec` in the child
//!   and again in the parent, so hit counts are bucketed twice: buckets
//!   16-31 and 32-127 merge; edges themselves are exact. Execution times
//!   stay in the child, so the minimizer weighs entries by size alone.
//! - The progress lines and `stats.jsonl` have one writer, the campaign's
//!   monitor ([`monitor`]), on one core (the client's own event manager
//!   shows it the beats) and on many (the broker's). A campaign of one
//!   client records that client's snapshots; with `--cores` the record is
//!   LibAFL's (its totals and each client's user stats, which every client
//!   sends at each beat), at most one per `progress` interval, so its last
//!   line may lag the end of the campaign by up to one interval.
//! - A crash (not a hang) inside the solver while it holds the allocator's
//!   lock would still deadlock LibAFL's crash handler, which allocates.
//! - Output: the live line, the seed and resume lines and the summary are
//!   the campaign's user interface and are printed directly (stderr; the
//!   summary on stdout); everything else is a `tracing` event (a finding
//!   written: `warn`, a client restart: `info`), shown by the binary's
//!   subscriber.
//! - The client ends its process (`exit`) when the campaign is over (see
//!   [`client`]).
//! - A second campaign joins a `--cores` campaign's broker with `--join`
//!   ([`run_cores`]): its broker process links the two brokers from
//!   outside ([`crate::fuzz::events::link`]), since LibAFL 0.16.1's own `connect_b2b` numbers the
//!   link like the joining broker's first client and drops that client's
//!   messages as echoes. New corpus entries cross both ways. The brokers
//!   count objectives and forward them to no one, so each new finding also
//!   goes out as a testcase ([`crate::fuzz::events::share`]): the other clients run it and write
//!   it if their solver answers it the same way.
//! - A broker linked to another counts the link as a client that never
//!   leaves; it is ended with SIGINT once the campaign's client processes
//!   are gone ([`crate::fuzz::events::broker`]), so both joined campaigns end
//!   after `--time`.
//! - Observers cross with corpus entries, and LibAFL 0.16.1's LLMP client
//!   takes them without comparing configurations: joined campaigns must run
//!   the same libz3 build (the same edge map).
//! - Guidance has little room on Z3's default settings, whatever steers
//!   it (figures: `docs/measured/fuzz.md`, "Guidance").

pub mod beat;
pub mod client;
pub mod config;
pub mod fuzz_loop;
pub mod launch;
mod limit;
pub mod maps;
pub mod monitor;
pub mod mutator;
pub mod seeds;
pub mod shmem;
pub mod snapshot;

use libafl::Error;
use libafl::corpus::InMemoryOnDiskCorpus;
use libafl::state::StdState;
use libafl_bolts::rands::StdRand;

pub use self::client::{Campaign, CampaignBuilder};
pub use self::config::{CampaignConfig, Guidance, SteeringArgs};
pub use self::launch::{Ended, run, run_cores};
pub use self::snapshot::print_summary;
use crate::fuzz::corpus::findings::FindingCorpus;
use crate::solver::{Target, Z3Library};
use crate::truth::Case;

/// The solver under test.
pub enum SolverSetup {
    /// A loaded libz3 (instrumented or not).
    Z3(Z3Library),
    /// Any other target; no coverage.
    Other(Box<dyn Target>),
}

/// Errors of a campaign.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// LibAFL failed.
    #[error("fuzzer: {0}")]
    Libafl(#[from] Error),
    /// The output folder could not be written.
    #[error("output folder: {0}")]
    Io(#[from] std::io::Error),
    /// The generators could not be built.
    #[error("generator: {0}")]
    Generator(String),
    /// A [`CampaignBuilder`] was built without a required part.
    #[error("campaign: no {0} given")]
    Missing(&'static str),
}

/// The fuzzer state of a client: an on-disk corpus, and the solutions
/// corpus that writes the findings.
pub type State = StdState<InMemoryOnDiskCorpus<Case>, Case, StdRand, FindingCorpus>;
