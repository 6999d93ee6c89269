//! The commands of the command line, as library functions: `main` only
//! parses arguments, validates them into these modules' configs, calls
//! them and turns their [`Outcome`] into an exit code.
//!
//! # Exit codes
//!
//! One scheme for every command, findings first:
//!
//! - 1: at least one finding (a wrong sat/unsat, an invalid model or core,
//!   a crash), even if some input was bad too;
//! - 2: no finding, and bad input, usage or configuration (a file that does
//!   not parse, a solver that cannot be loaded or does not answer, an
//!   invalid option), or nothing judged at all;
//! - 0: everything was judged and nothing was found.

pub mod bisect;
pub mod confirm;
pub mod diagnose;
pub mod export;
mod export_category;
pub mod fetch;
pub mod fuzz;
pub mod generate;
pub mod minimize;
pub mod run;
pub mod triage_cli;

use crate::generate::ConstantPool;

/// How a command that judges answers ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answers were judged and none was a finding.
    Clean,
    /// This many findings were written.
    Findings(u64),
    /// No answer could be judged: why.
    NothingJudged(String),
}

impl Outcome {
    /// The process exit code of this outcome (see the module docs).
    pub fn exit_code(&self) -> u8 {
        match self {
            Outcome::Findings(_) => 1,
            Outcome::NothingJudged(_) => 2,
            Outcome::Clean => 0,
        }
    }
}

/// A constant pool by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Pool {
    /// The ICSE 2020 paper's boundary values.
    Paper,
    /// More boundary values (code points, lengths, escapes).
    Boundary,
}

impl Pool {
    /// The pool of constant assignment and generated cases.
    pub fn constants(self) -> ConstantPool {
        match self {
            Pool::Paper => ConstantPool::paper(),
            Pool::Boundary => ConstantPool::boundary(),
        }
    }

    /// The pool of term synthesis: the paper's artifact used a smaller one.
    pub fn term_synthesis(self) -> ConstantPool {
        match self {
            Pool::Paper => ConstantPool::paper_term_synthesis(),
            Pool::Boundary => ConstantPool::boundary(),
        }
    }
}
