//! equifuzz finds soundness bugs in SMT solvers.
//!
//! It builds formulas that are satisfiable or unsatisfiable *by
//! construction*, keeps that ground truth (a model, or a known minimal unsat
//! core) attached to every formula, grows them with satisfiability-preserving
//! transformations, and judges a solver's answer against the truth.
//!
//! # Layers
//!
//! Data flows one way, and no module depends on one above it:
//!
//! - [`term`]: sorts, operators, terms and scripts; printer and parser.
//! - [`semantics`]: the executable SMT-LIB semantics that decides the value
//!   of a closed term, exactly as the standard defines it.
//! - [`truth`]: ground truth, `Sat { model }` or `Unsat { core }`.
//! - [`generate`]: constant pools and step-1 formulas.
//! - [`solver`]: the solvers under test (libz3 in-process, SMT-LIB processes).
//! - [`oracle`]: the verdict on one answer.

#![warn(missing_docs)]

pub mod generate;
pub mod oracle;
pub mod semantics;
pub mod solver;
pub mod term;
pub mod transform;
pub mod triage;
pub mod truth;
