//! String constants of the SMT-LIB 2.6 Unicode Strings theory.
//!
//! # Invariant
//!
//! An [`SmtString`] is a sequence of code points, each in `0..=0x2FFFF`
//! ([`MAX_CHAR`]). This is the theory's alphabet; it includes the surrogate
//! range `0xD800..=0xDFFF`, which Rust's `char` cannot hold, so the
//! characters are stored as `u32`. Every constructor checks the bound.
//!
//! The derived `Ord` is the lexicographic order on code points, which is
//! exactly `str.<=` of the theory.
//!
//! This file names no sibling: a string prints as its literal
//! ([`string_literal`](super::string_literal)), which is written there.

use serde::{Deserialize, Serialize};

/// The largest character of the theory's alphabet.
pub const MAX_CHAR: u32 = 0x2FFFF;

/// A string of the Unicode Strings theory: a sequence of code points in
/// `0..=MAX_CHAR`.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SmtString(Vec<u32>);

/// A code point outside the theory's alphabet was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("code point {0:#x} is outside the alphabet 0..=0x2FFFF")]
pub struct CharOutOfRange(pub u32);

impl SmtString {
    /// The empty string.
    pub fn new() -> Self {
        SmtString(Vec::new())
    }

    /// Builds a string from code points, checking each is in the alphabet.
    pub fn from_chars(chars: Vec<u32>) -> Result<Self, CharOutOfRange> {
        if let Some(&c) = chars.iter().find(|&&c| c > MAX_CHAR) {
            return Err(CharOutOfRange(c));
        }
        Ok(SmtString(chars))
    }

    /// Builds a string from a Rust string; characters above `MAX_CHAR` are
    /// rejected.
    pub fn from_str_checked(s: &str) -> Result<Self, CharOutOfRange> {
        Self::from_chars(s.chars().map(u32::from).collect())
    }

    /// The code points.
    pub fn chars(&self) -> &[u32] {
        &self.0
    }

    /// Consumes the string, returning its code points.
    pub fn into_chars(self) -> Vec<u32> {
        self.0
    }

    /// Length in code points (`str.len`).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether this is the empty string.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Builds a string from a slice already known to be in the alphabet,
    /// e.g. a sub-slice of another `SmtString`.
    pub fn from_slice_unchecked(chars: &[u32]) -> Self {
        debug_assert!(chars.iter().all(|&c| c <= MAX_CHAR));
        SmtString(chars.to_vec())
    }

    /// Builds a string from code points already known to be in the alphabet.
    pub fn from_vec_unchecked(chars: Vec<u32>) -> Self {
        debug_assert!(chars.iter().all(|&c| c <= MAX_CHAR));
        SmtString(chars)
    }

    /// The string as Rust text for display, with characters that are not
    /// Unicode scalar values (surrogates) shown as U+FFFD.
    pub fn to_lossy_string(&self) -> String {
        self.0
            .iter()
            .map(|&c| char::from_u32(c).unwrap_or('\u{FFFD}'))
            .collect()
    }
}

impl From<&str> for SmtString {
    /// Panics on characters above `MAX_CHAR`; meant for literals in code and
    /// tests. Use [`SmtString::from_str_checked`] for input.
    fn from(s: &str) -> Self {
        Self::from_str_checked(s).expect("string literal outside the SMT-LIB alphabet")
    }
}
