//! The mutators: the transformations (which keep the truth), a crossover,
//! the splices that make incremental scripts of two cases, a fresh-case
//! draw and the solver settings, stacked by a scheduled mutator, within a
//! formula-size limit.

pub mod crossover;
pub mod scheduled;
pub mod settings;
pub mod size_limit;
pub mod splice;
pub mod transformation;
