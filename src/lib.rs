//! equifuzz finds soundness bugs in SMT solvers.
//!
//! It builds formulas that are satisfiable or unsatisfiable *by
//! construction*, keeps that ground truth (a model, or the unique minimal
//! unsat core) attached to every formula, grows them with
//! satisfiability-preserving transformations, and judges a solver's answer
//! against the truth. A wrong sat/unsat, a model that falsifies the formula,
//! a core that leaves out a needed assertion, or a crash is a finding.
//!
//! The binary (`equifuzz fuzz`, `run`, `export`, ...) is the usual way in;
//! this library is for embedding the pieces: a benchmark generator that
//! wants labelled formulas ([`source`], [`transform`]), a harness that wants
//! the verdict on one answer ([`oracle`]), or a LibAFL campaign of your own
//! ([`fuzz`]).
//!
//! # Example: a case, its query, and the verdict on an answer
//!
//! ```
//! use equifuzz::generate::ConstantPool;
//! use equifuzz::oracle::{Expected, Reply, Verdict, judge};
//! use equifuzz::source::MixedCaseGenerator;
//! use equifuzz::term::Printer;
//! use equifuzz::truth::Status;
//! use rand::SeedableRng;
//!
//! // Every random choice flows from one seed.
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let mut cases = MixedCaseGenerator::new(ConstantPool::paper())?.seed(7);
//! let case = cases.next(&mut rng);
//! case.check()?; // the carried truth holds (exactly, for a model)
//!
//! // The script a solver would run: the formula, check-sat, and the
//! // queries that let the oracle check a model or a core.
//! let script = Printer::default().script(&case.formula.to_script(None, case.truth.queries()));
//! assert!(script.contains("(check-sat)"));
//!
//! // A solver that answers the opposite status is unsound.
//! let wrong = match case.truth.status() {
//!     Status::Sat => "unsat\n",
//!     Status::Unsat => "sat\n",
//! };
//! let verdict = judge(&case.formula, Some(&Expected::from(&case.truth)), &Reply::from_output(wrong));
//! assert!(matches!(verdict, Verdict::Unsound { .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layers
//!
//! Data flows one way. Each module below may use the ones listed before it
//! and none after it (`tests/layering.rs` checks every `crate::` path):
//!
//! - [`term`]: sorts, operators, terms, scripts; the SMT-LIB printer and the
//!   strict parser (answers included).
//! - [`semantics`]: the executable SMT-LIB 2.6 semantics of closed terms:
//!   strings, unbounded integers, regular languages.
//! - [`truth`]: ground truth, `Sat { model }` or `Unsat { core }`, and the
//!   [`truth::Case`] that carries it with its formula and provenance.
//! - [`generate`]: cases true by construction, one room per theory
//!   (strings, regex, combined, sequences, functions) over the constant
//!   pool and the equivalence and identity tables they share.
//! - [`transform`]: satisfiability-preserving transformations, one file
//!   each, each stating and testing the invariant it keeps.
//! - [`source`]: endless random streams of cases, generators and chains of
//!   transformations combined.
//! - [`solver`]: the solvers under test: libz3 loaded with dlopen, SMT-LIB
//!   processes; the only module that knows processes, signals and dlopen.
//! - [`oracle`]: the verdict on one answer: status, model, core.
//! - [`finding`]: findings and labelled files on disk: the file format,
//!   written and read in one place; the bucket a finding falls into.
//! - [`execute`]: one execution, decided once (print, run, judge), for
//!   the fuzz loops and triage alike.
//! - [`triage`]: after a campaign: minimizing findings, the releases to
//!   bisect over, known bugs, plots.
//! - [`fuzz`]: the fuzz loops; the only module that knows LibAFL.
//! - [`commands`]: one module per CLI command; `main.rs` only parses
//!   arguments and calls them.
//!
//! (`finding` sits below `fuzz` and `triage` because both write and read
//! the same files; neither uses the other's code for it.)
//!
//! # Output
//!
//! Library code returns what it found; what it has to say on the way (a
//! finding written, a client restarted) is a [`tracing`] event. A binary
//! shows them on stderr, plain, with one line:
//!
//! ```
//! tracing_subscriber::fmt()
//!     .with_writer(std::io::stderr)
//!     .without_time()
//!     .with_target(false)
//!     .with_level(false)
//!     .with_max_level(tracing::Level::INFO)
//!     .init();
//! ```
//!
//! The fuzz campaign's live line, seed and resume lines and summary are its
//! user interface and are printed directly.
//!
//! # Invariants that hold across layers
//!
//! - A case's truth holds wherever it goes: every generator makes it true,
//!   every transformation keeps it, and the oracle trusts nothing else.
//! - Deterministic: every random choice flows from a seed the caller gives.
//! - Library code returns errors; it does not exit (except a fuzz client,
//!   which LibAFL's restarting manager expects to end its process).

#![warn(missing_docs)]

pub mod commands;
pub mod execute;
pub mod finding;
pub mod fuzz;
pub mod generate;
pub mod oracle;
pub mod semantics;
pub mod solver;
pub mod source;
pub mod term;
pub mod transform;
pub mod triage;
pub mod truth;
