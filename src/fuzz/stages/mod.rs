//! The stages of a round besides the mutational one: what LibAFL runs
//! after each input's mutation and execution, instead of code around
//! `fuzz_one`. The record of every execution ([`record`], with the query
//! log's format in [`queries`]).

pub mod idle;
pub mod queries;
pub mod record;
pub mod size_limit;
