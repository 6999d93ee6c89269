//! Why a term has no value: the evaluator's one error type.
//!
//! A bottom file of `semantics/`: the evaluator and the theory files
//! (arrays, ...) return it, so none of them names another for it. Every
//! variant means "no value decided here", never a wrong value: a model
//! check that meets one is inconclusive, not a finding.

use crate::term::Symbol;

/// Why a term has no value here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The term contains a quantifier; equifuzz never evaluates over the
    /// infinite domains of Int or String.
    #[error("quantified terms are not evaluated")]
    Quantifier,
    /// SMT-LIB leaves the value unspecified (e.g. division by zero): every
    /// interpretation may choose its own.
    #[error("value unspecified by SMT-LIB: {0}")]
    Unspecified(&'static str),
    /// A regex question could not be decided within the engine's budget.
    #[error("undecided: {0}")]
    Undecided(String),
    /// The operator is not evaluated (yet): arrays.
    #[error("operator `{0}` is not supported by the evaluator")]
    Unsupported(&'static str),
    /// The term is ill-sorted.
    #[error("ill-sorted term: {0}")]
    IllSorted(String),
    /// A free variable has no value in the model.
    #[error("variable `{0}` is not bound in the model")]
    Unbound(Symbol),
    /// A value would exceed [`MAX_STRING_LEN`](super::MAX_STRING_LEN) or
    /// [`MAX_INT_BITS`](super::MAX_INT_BITS).
    #[error("value too large to evaluate: {0}")]
    TooLarge(&'static str),
}
