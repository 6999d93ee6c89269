//! The solvers under test, and running one printed script on one of them.
//!
//! A [`Target`] runs an SMT-LIB script and returns a [`RawOutcome`]: the
//! solver's raw text if it finished, or how it timed out, crashed or ran out
//! of memory. Nothing here interprets answers; the output parser does.
//!
//! - [`Z3InProcessFork`] (`--target z3`): libz3 loaded once with `dlopen`,
//!   each query in a forked child with a hard timeout and a memory limit.
//! - [`Z3InProcess`] (`--target z3-inprocess`): no isolation, fastest, and
//!   no deadline: a query that ignores Z3's soft timeout holds the caller
//!   (seen with the plain loop on Z3 4.8.12, seed 1).
//! - [`Z3Process`] (a campaign's `--target z3`): libz3 in a warm worker
//!   process, queries on contexts it keeps and resets, a finding confirmed
//!   on a fresh context ([`Target::run_fresh`]); [`Z3Inherited`] (the same
//!   under `--fork`): libz3 on a context made before LibAFL's fork
//!   executor forks, one query per fork child.
//! - [`Cvc5Worker`] (`--target cvc5 --solver-lib PATH`): libcvc5 loaded
//!   once with `dlopen`, queries answered by a warm worker process, each on
//!   a solver of its own; [`Cvc5InProcessFork`], each query in a forked
//!   child like Z3's, for callers that want that isolation.
//! - [`ProcessTarget`] (`--target cvc5`, `z3-binary`, `cmd:/path --flags`):
//!   any SMT-LIB 2.6 binary over stdin and stdout.
//!
//! # Invariants
//!
//! - A misbehaving solver (signal, `abort`, `exit` inside libz3, hang,
//!   memory exhaustion) yields an outcome, never a panic or the end of the
//!   caller (except [`Z3InProcess`], which trades that for speed).
//! - Every run ends within its timeout plus the time to kill and reap.
//! - Each target passes the solver a soft timeout ([`soft_timeout`]) below
//!   the hard one, so slow queries usually end with the solver's own
//!   `unknown` rather than a kill.

mod dialect;
mod error;
mod spec;
mod target;

pub mod child;
pub mod cvc5;
mod fork_frame;
mod info;
pub mod option;
pub mod outcome;
pub mod process;
pub mod settings_table;
pub mod worker;
pub mod z3;

pub use child::DEFAULT_MEMORY_LIMIT;
pub use cvc5::library::Cvc5Library;
pub use cvc5::target::Cvc5InProcessFork;
pub use cvc5::worker::Cvc5Worker;
pub use dialect::{dialect_of_version, parse_dialect};
pub use error::Error;
pub use info::SolverInfo;
pub use option::SolverOption;
pub use outcome::{CrashCause, RawOutcome};
pub use process::ProcessTarget;
pub use settings_table::{SettingEntry, SettingsTable};
pub use spec::{
    TARGET_FORMS, TargetOptions, TargetSpec, cvc5_in_process, open_target, target_from_spec,
};
pub use target::{Target, soft_timeout};
pub use z3::inherited::Z3Inherited;
pub use z3::library::Z3Library;
pub use z3::target::{ContextMode, Z3InProcess, Z3InProcessFork};
pub use z3::worker::Z3Process;
