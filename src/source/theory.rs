//! Which theory a stream of cases draws from (`--theory`), and which theory
//! a formula belongs to (the `theory` field of `manifest.jsonl`).
//!
//! # Invariant
//!
//! A formula is `regex` exactly when it has a `RegLan` variable or a
//! `str.to_re`, `str.in_re`, `str.replace_re(_all)` or `re.*` term
//! ([`mentions_regex`]), else `strings`; a
//! stream asked for one theory yields only formulas of that theory (the
//! mixed generator's tests check it), since no transformation brings
//! regexes into a strings-only case.

use std::fmt;

use crate::term::Formula;
use crate::transform::regex_identities::mentions_regex;

/// What is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Theory {
    /// Strings, integers and Booleans, no regular expressions.
    Strings,
    /// Cases over regular expressions (`RegLan`, `str.in_re`).
    Regex,
    /// Both.
    #[default]
    All,
}

impl Theory {
    /// The theory of one formula: `Strings` or `Regex`, never `All`.
    pub fn of(formula: &Formula) -> Theory {
        if mentions_regex(formula) {
            Theory::Regex
        } else {
            Theory::Strings
        }
    }

    /// Whether a formula of theory `of` belongs to this selection.
    pub fn admits(self, of: Theory) -> bool {
        self == Theory::All || self == of
    }

    /// The name on the command line and in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Theory::Strings => "strings",
            Theory::Regex => "regex",
            Theory::All => "all",
        }
    }
}

impl fmt::Display for Theory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
