//! Triage: what happens to findings after a campaign, each step judged
//! by [`Judge`] (the fuzz loop's harness under a replay's limits): which
//! files are findings and their buckets ([`findings`]), minimizing them
//! ([`minimize`], a finding file: [`minimize::finding`]), confirming them
//! ([`confirm`]), bisecting them over releases ([`bisect`], [`releases`], by the k-of-n
//! rule of [`replays`]), the solver's own self-checks on them, as evidence
//! ([`diagnose`]), and replayed with one mechanism taken out
//! ([`cross_replay`]); the report ([`report`], with [`known`](KnownBugs) bugs and [`plot`]s),
//! all of it in turn and resumable ([`campaign`]); and `run`'s judging of
//! a file ([`file`]). The commands of `crate::commands` read arguments
//! and print. The file format they
//! are read from and written in is [`crate::finding`]'s.

pub mod bisect;
pub mod campaign;
pub mod confirm;
pub mod cross_replay;
pub mod diagnose;
mod failure;
pub mod file;
pub mod findings;
pub mod fold_replay;
pub mod forked;
mod judge;
mod known;
pub mod membership;
pub mod minimize;
pub mod plot;
pub mod releases;
pub mod replays;
pub mod report;
mod say;

pub use failure::Failure;
pub use judge::Judge;
pub use known::KnownBugs;
