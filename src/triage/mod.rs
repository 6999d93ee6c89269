//! Triage: what happens to findings after a campaign: minimizing them,
//! the releases to bisect over, known bugs, plots. The file format they
//! are read from and written in is [`crate::finding`]'s.

pub mod file;
mod judge;
mod known;
pub mod membership;
pub mod minimize;
pub mod plot;
pub mod releases;

pub use judge::Judge;
pub use known::KnownBugs;
