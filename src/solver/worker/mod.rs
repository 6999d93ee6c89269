//! A solver library in a warm worker process: a child forked once from
//! the process that loaded the library, that answers query after query over
//! a socket. What every solver's worker shares; each solver's own worker
//! (`super::z3::worker`, `super::cvc5::worker`) says what a query is and
//! what the worker keeps between queries.
//!
//! - `WorkerProcess` (the caller's side): the socket pair, the fork, a
//!   request and its reply under a deadline, killing and reaping, a new
//!   worker after a kill, a crash or its share of queries, forked as a
//!   solver's `WorkerSetup` says.
//! - `serve` (the worker's side): signals reset, request after request
//!   handed to a `Serve`, standard error emptied before each.
//! - The frames between them (`frame`), and the memory file that keeps
//!   what the solver printed during a query (`printed`).
//! - [`InFlight`] and [`install_exit_guard`]: an `exit()` inside a solver
//!   becomes a crash.
//!
//! Why a worker: a fork per query costs more than the solver's own answer
//! as soon as the forking process is large, as a fuzzing client is (the
//! page tables are copied at each fork, and every page the solver touches
//! is copied again: `docs/speed.md`); and a query that ignores the solver's
//! soft timeout costs a worker, not a thread of the client that would
//! have to be abandoned.

mod caller;
mod frame;
mod guard;
mod printed;
mod serve;

pub(in crate::solver) use caller::{Asked, WorkerProcess, WorkerSetup};
pub use guard::{InFlight, install_exit_guard, set_memory_limit};
pub use printed::PRINTED_TAIL;
pub(in crate::solver) use serve::{Serve, serve};
