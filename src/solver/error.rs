//! What can go wrong when a target is set up (running one never fails:
//! see [`RawOutcome`](super::RawOutcome)).

use super::cvc5::library::Cvc5LoadError;
use super::z3::library::LoadError;

/// Errors of setting a target up (running one never fails: see
/// [`RawOutcome`](super::RawOutcome)).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// libz3 could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// libcvc5 could not be loaded.
    #[error(transparent)]
    LoadCvc5(#[from] Cvc5LoadError),
    /// The solver refused a `--solver-option` (its own message).
    #[error("{0}")]
    Option(String),
    /// A solver binary is missing.
    #[error("{program} not found{where_}; {hint}")]
    NotFound {
        /// The program asked for.
        program: String,
        /// ` on PATH` for a bare name, empty for a path.
        where_: &'static str,
        /// How to get it.
        hint: String,
    },
    /// A `--target` value that names no target.
    #[error("bad target `{spec}`: {why}")]
    BadSpec {
        /// The spec as given.
        spec: String,
        /// What is wrong with it.
        why: String,
    },
}

impl Error {
    /// `program` is missing: the message says how to install it.
    pub fn not_found(program: &str) -> Self {
        let is_path = program.contains('/');
        let hint = match program {
            "cvc5" => {
                "install it with `apt-get install cvc5` or give cmd:/path/to/cvc5".to_string()
            }
            "z3" => {
                "install it with `apt-get install z3` or give cmd:/path/to/z3 -in -smt2".to_string()
            }
            _ if is_path => "give the path of an executable file".to_string(),
            _ => format!("put it on PATH or give cmd:/path/to/{program}"),
        };
        Error::NotFound {
            program: program.to_string(),
            where_: if is_path { "" } else { " on PATH" },
            hint,
        }
    }
}
