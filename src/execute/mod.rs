//! One execution, decided once: print the case, run the solver under a
//! calibrated deadline, judge the reply ([`Harness::execute`] `->`
//! [`Judged`]).
//!
//! This is the one judgement of the crate: the fuzz loops (LibAFL's, in
//! process or forked, and the plain one) and triage (`run`, `minimize`,
//! `confirm`, `bisect`, `report`) all decide a solver's answer on a case
//! here, so a verdict, the check-sat that failed and the bucket key are
//! the same in a campaign and in its replay.
//!
//! The solver under test is opened here too, one way for every command
//! ([`open`]: `--target`, `--solver-lib`, options, and the preflight that
//! turns a solver which cannot answer into a configuration error).

pub mod harness;
pub mod judged;
pub mod limits;
pub mod open;
pub mod shared_limits;

pub use harness::{Harness, Solver};
pub use judged::Judged;
pub use limits::{QueryLimit, QueryLimits};
pub use open::{OpenSolver, SolverError, SolverSpec};
pub use shared_limits::SharedLimits;
