//! The one error type of term's readers: [`ParseError`], a position and what
//! was expected there.
//!
//! It sits at the bottom of `term` so that the lexer, the parser's files and
//! the response reader all import it from here and never from each other.
//! Positions are 1-based lines and 1-based columns counted in characters.

/// A syntax error: where it is and what was expected there.
///
/// Displays as `LINE:COLUMN: expected X, found Y`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: expected {expected}, found {found}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What the parser wanted, e.g. "`)`" or "a sort".
    pub expected: String,
    /// What it found, e.g. "end of input" or "`foo`".
    pub found: String,
}

impl ParseError {
    /// An error at byte `offset` of `src`.
    pub(crate) fn at(src: &str, offset: usize, expected: impl Into<String>, found: String) -> Self {
        let before = &src[..offset.min(src.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        ParseError {
            line: before.bytes().filter(|&b| b == b'\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            expected: expected.into(),
            found,
        }
    }
}
