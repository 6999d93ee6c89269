//! The solvers under test.

pub mod z3;
