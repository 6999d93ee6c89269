//! The mutators: the transformations (which keep the truth), a crossover,
//! the splices that make incremental scripts of two cases, and a fresh-case
//! draw, stacked by a scheduled mutator, within a
//! formula-size limit.

pub mod crossover;
pub mod scheduled;
pub mod size_limit;
pub mod splice;
pub mod transformation;
