//! Fuzzing loops: the coverage-guided LibAFL loop (`equifuzz fuzz`) and
//! the plain loop without LibAFL ([`plain`], `--engine plain`, the
//! baseline).
//!
//! The LibAFL loop is laid out by LibAFL's roles, as LibAFL's own crate is:
//!
//! - [`input`]: a [`Case`](crate::truth::Case) (formula, truth,
//!   provenance) is the input.
//! - [`mutate`]: the transformations, a crossover and a fresh-case draw,
//!   stacked and chosen uniformly or by a bandit that pays per second
//!   ([`mutate::scheduled`]); with `--len-control` within a formula-size
//!   limit that grows while edges stall ([`mutate::size_limit`]).
//! - the executor runs [`crate::execute::Harness`], the one execution and
//!   judgement every command shares (the solver in a warm worker process
//!   with a calibrated deadline, or each execution in a fork child with
//!   `--fork`); the instrumented libz3 fills LibAFL's edge map
//!   ([`campaign::maps`]).
//! - [`observe`]: what an execution left: its verdict
//!   ([`observe::verdict`]), the formula's features and the answer × time
//!   bucket ([`observe::features`]), the solver's own counters
//!   ([`observe::statistics`]), and with `--value-profile` the solver's
//!   comparisons ([`observe::value_profile`]).
//! - [`feedback`]: for answered queries only, hitcount edge coverage and
//!   the maps above decide the corpus ([`feedback::answered`],
//!   [`feedback::edges`]); the objective is a wrong sat/unsat, an invalid
//!   model, an invalid core or a crash, by signature
//!   ([`feedback::objective`]).
//! - [`corpus`]: the solutions corpus, which writes each finding to disk
//!   as it is added ([`corpus::findings`]); the objective only decides.
//! - [`schedule`]: AFL's favoured entries (smallest and quickest per edge),
//!   which get 90% of the selections ([`schedule::favoured`]; with
//!   `--power` drawn by AFL's performance score, [`schedule::power`]), with
//!   `--rare-edges` half of them aimed at rare edges ([`schedule::rare`]);
//!   the outermost notes each execution's solver time for the mutators'
//!   bandits ([`schedule::solver_time`]).
//! - [`stages`]: what a round does besides mutating and executing: the
//!   record of every execution (counts, unknown and timeout shapes, the
//!   query log: [`stages::record`]; the feedbacks only hand executions
//!   over), the size limit's growth ([`stages::size_limit`]) and idle
//!   recovery ([`stages::idle`]).
//! - [`events`]: the LLMP broker's end, the link of `--join`, and findings
//!   shared between clients.
//! - [`stats`]: the campaign's counters ([`stats::CampaignStats`]), state
//!   metadata that the record stage and the objective write and the
//!   campaign reports; below every role, so none of them names the
//!   campaign. The mutators' bandits read none of it (see
//!   [`schedule::solver_time`]).
//! - [`campaign`]: the settings, the launch, the client (the fuzzer
//!   assembled), the loop, the seeds, the snapshots (live line,
//!   `stats.jsonl`, summary), the beat that sends them and the one monitor
//!   that writes them. It sits on top: it names the roles, no role
//!   names it.
//!
//! Measured figures (campaigns, benchmarks) are in `docs/measured/fuzz.md`.

pub mod campaign;
pub mod corpus;
pub mod events;
pub mod feedback;
pub mod input;
pub mod mutate;
pub mod observe;
pub mod plain;
pub mod schedule;
pub mod stages;
pub mod stats;
