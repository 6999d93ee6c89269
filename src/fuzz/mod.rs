//! Fuzzing loops.
//!
//! [`plain`] is the loop without coverage feedback.

pub mod plain;
