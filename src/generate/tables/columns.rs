//! The tab-separated identity tables (`int_identities.txt`,
//! `real_identities.txt`, `seq_identities.txt`): a row per line, its
//! columns split at tabs; `;` starts a comment line, blank lines are
//! skipped. Each room says what its columns mean and turns a row into its
//! own struct.

use crate::term::{Term, parse_term};

/// The rows of `text`, each as its `columns` cells. Panics on a row with
/// another number of cells: the tables are compiled in, so a malformed
/// one is a bug of ours, caught by the first test that reads it.
pub(crate) fn tab_rows(text: &'static str, columns: usize) -> Vec<Vec<&'static str>> {
    text.lines()
        .filter(|l| !l.starts_with(';') && !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&'static str> = l.split('\t').collect();
            assert_eq!(
                cells.len(),
                columns,
                "a row has {columns} tab-separated columns: {l}"
            );
            cells
        })
        .collect()
}

/// A cell of row `id` of `file` read as a term. Panics with the file, the
/// row and the parser's error (a malformed table is a bug of ours).
pub(crate) fn term_cell(file: &str, id: &str, text: &str) -> Term {
    parse_term(text).unwrap_or_else(|e| panic!("{file} {id}: {text}: {e}"))
}
