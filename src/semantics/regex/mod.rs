//! Regular languages (`RegLan` values).
//!
//! Placeholder representation until the regex engine lands: a regex value
//! is kept as the term that denotes it, and no operation is decided yet.

use serde::{Deserialize, Serialize};

use crate::term::Term;

/// A regular language over code points `0..=0x2FFFF`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Regex(Term);

impl Regex {
    /// The term that denotes this language.
    pub fn to_term(&self) -> Term {
        self.0.clone()
    }
}
