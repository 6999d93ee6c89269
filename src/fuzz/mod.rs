//! Fuzzing loops.
//!
//! [`coverage`] is the coverage-guided LibAFL loop (`equifuzz fuzz`);
//! [`plain`] is the loop without LibAFL (`--engine plain`), the baseline.

pub mod coverage;
pub mod plain;
