//! Z3 as a library: libz3 loaded with `dlopen`, driven through
//! `Z3_eval_smtlib2_string`.
//!
//! One text path for every target: the printed script goes through Z3's own
//! SMT-LIB parser, so the parser is exercised too, and no Z3 header or
//! compile-time link is needed (any libz3.so from 4.8.5 on works).
//!
//! - [`library`]: the loaded libz3 ([`Z3Library`]), its global parameters
//!   and its contexts.
//! - [`instrumented`]: where the instrumented builds are cached, and which
//!   one a campaign takes.
//! - [`script`]: a script made ready for the eval front end
//!   ([`PreparedScript`]).
//! - [`target`]: the targets that run libz3 in a fork child per query or in
//!   this process.
//! - [`worker`]: the warm worker process the fuzzing client asks, and the
//!   warm contexts it keeps (`warm`).
//! - [`inherited`]: libz3 on a context made before LibAFL's fork executor
//!   forks, for its `--fork` children.
//!
//! # Traps this room avoids
//!
//! - Z3's default error handler calls `exit()`: every context gets
//!   `Z3_set_error_handler(ctx, NULL)`, so errors come back as text.
//! - A library is never `dlclose`d: Z3 registers destructors and, when
//!   instrumented, writes coverage through global pointers at teardown.
//!   [`Z3Library`] leaks its handle on purpose.
//! - The `timeout` parameter of a context's *configuration* does not reach
//!   the SMT-LIB front end of `Z3_eval_smtlib2_string` (measured on 4.8.12: a
//!   query ran for minutes with `timeout=500` in the config). The front end
//!   reads the *global* parameters when it is created, so the soft timeout is
//!   set with `Z3_global_param_set("timeout", ..)` just before the context's
//!   first eval; a `(set-option :timeout N)` in the script still wins.
//!   Global parameters are process-wide: see [`Z3Library::eval`].
//! - `Z3_eval_smtlib2_string` runs its front end on the API context's
//!   existing AST manager, so Z3 counts it as initialised and rejects
//!   `(set-option :produce-unsat-cores true)` with "option value cannot be
//!   modified after initialization"; a later `(get-unsat-core)` then fails.
//!   [`PreparedScript`] blanks that command out (with spaces, so every line
//!   and column Z3 reports stays where it was) and sets the global
//!   `unsat_core` parameter instead, which the front end reads when it is
//!   created. `:produce-unsat-assumptions` and `:global-declarations` are
//!   refused alike and blanked out too (they have no such parameter; Z3's
//!   declarations survive `reset-assertions` without the latter).
//! - `(set-option :KEY VALUE)` for any key outside SMT-LIB's own options
//!   (`smt.relevancy`, `rewriter.flat`, a case's settings) sets Z3's
//!   *global* parameter: every context made after it in the process reads
//!   it, and a context already made keeps it across `(reset)`. A script
//!   that sets some has their values saved before it
//!   ([`PreparedScript::parameters`], [`Z3Library::save_parameters`]) and
//!   put back after it ([`Z3Library::restore_parameters`]: the defaults,
//!   or the campaign's `--solver-option`s), and a warm context it ran on
//!   is replaced (see [`worker`]), so one case's settings never reach
//!   the next query. Not `Z3_global_param_reset_all`: on 5.4.1, after it
//!   the front end refuses every `rewriter.*` key ("unknown module
//!   'rewriter'"; 4.8.12 does not), which a smoke campaign showed.
//! - `(set-option :produce-proofs true)` (a case's proof setting, the proof
//!   oracle) is refused by the eval front end as the unsat-core option is
//!   (measured on 4.8.12; 5.4.1 takes it on a fresh context), and proofs
//!   need the context itself made with the global `proof` parameter:
//!   [`PreparedScript`] blanks it out too, and such a script runs on a
//!   context made for it ([`Z3Library::set_proofs`]), never on
//!   a warm or inherited one ([`PreparedScript::proofs`]).
//!
//! [`Z3Library`]: library::Z3Library
//! [`Z3Library::eval`]: library::Z3Library::eval
//! [`Z3Library::save_parameters`]: library::Z3Library::save_parameters
//! [`Z3Library::restore_parameters`]: library::Z3Library::restore_parameters
//! [`Z3Library::set_proofs`]: library::Z3Library::set_proofs
//! [`PreparedScript`]: script::PreparedScript
//! [`PreparedScript::parameters`]: script::PreparedScript::parameters
//! [`PreparedScript::proofs`]: script::PreparedScript::proofs

pub mod inherited;
pub mod instrumented;
pub mod library;
pub mod script;
pub mod target;
mod warm;
pub mod worker;
