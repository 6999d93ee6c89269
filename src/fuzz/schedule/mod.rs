//! Corpus scheduling: which entry is mutated next.

pub mod favoured;
pub mod power;
pub mod rare;
pub mod solver_time;
pub mod unknowns;
