//! Why a regex could not be built or a question about it not decided.
//!
//! A bottom file of `semantics/regex/`: the decision procedures and the
//! term reader return it, and the `Regex` methods of `mod.rs` pass it on,
//! so none of them names another for it.

/// Why a regex could not be built or a question not decided.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegexError {
    /// The term is not a `RegLan` term this module evaluates.
    #[error("not a closed RegLan term: {0}")]
    NotRegLan(String),
    /// A string argument is not a constant.
    #[error("expected a string constant, found {0}")]
    NotConstant(String),
    /// An operator has the wrong number of arguments.
    #[error("wrong number of arguments in {0}")]
    Arity(String),
    /// The decision needed more derivative states than allowed.
    #[error("regex decision gave up after {states} derivative states")]
    Budget {
        /// The budget that was exhausted.
        states: usize,
    },
}
