//! Where a table's text comes from and where a mistake in it is: the file
//! compiled into the binary, and the `FILE:LINE: what` error every reader
//! of it returns.

use std::fmt;

/// A table file compiled into the binary: its path (for errors) and text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TableFile {
    /// The path from the crate root, as errors print it.
    pub path: &'static str,
    /// The whole text.
    pub text: &'static str,
}

/// A bad row: where it is and what is wrong. Displays as `FILE:LINE: what`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableError {
    /// The table file's path.
    pub path: &'static str,
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.path, self.line, self.message)
    }
}

impl std::error::Error for TableError {}

/// The 1-based line of byte `offset`.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}
