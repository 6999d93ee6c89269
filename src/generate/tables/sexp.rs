//! The shape of a table file: its s-expressions by byte span, so that the
//! text of a term is handed to the term parser as it is written.

use super::file::{TableError, line_of};

/// An s-expression of the file, by its byte span in the text (the text of
/// a term is handed to the term parser as it is written).
#[derive(Clone, Debug)]
pub(super) enum Node {
    /// A symbol, keyword, numeral or other token without parentheses.
    Atom { start: usize, end: usize },
    /// A string literal, quotes included.
    Str { start: usize, end: usize },
    /// A parenthesized list.
    List {
        start: usize,
        end: usize,
        items: Vec<Node>,
    },
}

impl Node {
    pub(super) fn span(&self) -> (usize, usize) {
        match self {
            Node::Atom { start, end }
            | Node::Str { start, end }
            | Node::List { start, end, .. } => (*start, *end),
        }
    }
}

/// Splits `text` into its top-level s-expressions. Only the shape is read
/// here (parentheses, string literals with `""` inside, `|quoted|`
/// symbols, `;` comments); terms and sorts are read by the term parser.
pub(super) fn split(path: &'static str, text: &str) -> Result<Vec<Node>, TableError> {
    let bytes = text.as_bytes();
    let err = |at: usize, message: &str| TableError {
        path,
        line: line_of(text, at),
        message: message.to_string(),
    };
    let mut stack: Vec<(usize, Vec<Node>)> = Vec::new();
    let mut top = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let node = match bytes[i] {
            b if b.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' => {
                stack.push((i, Vec::new()));
                i += 1;
                continue;
            }
            b')' => {
                let (open, items) = stack.pop().ok_or_else(|| err(i, "unbalanced `)`"))?;
                i += 1;
                Node::List {
                    start: open,
                    end: i,
                    items,
                }
            }
            b'"' => {
                i += 1;
                loop {
                    match bytes.get(i) {
                        None => return Err(err(start, "unterminated string")),
                        Some(b'"') if bytes.get(i + 1) == Some(&b'"') => i += 2,
                        Some(b'"') => break,
                        Some(_) => i += 1,
                    }
                }
                i += 1;
                Node::Str { start, end: i }
            }
            b'|' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'|' {
                    i += 1;
                }
                if i == bytes.len() {
                    return Err(err(start, "unterminated `|symbol|`"));
                }
                i += 1;
                Node::Atom { start, end: i }
            }
            _ => {
                while i < bytes.len()
                    && !bytes[i].is_ascii_whitespace()
                    && !matches!(bytes[i], b'(' | b')' | b'"' | b';')
                {
                    i += 1;
                }
                Node::Atom { start, end: i }
            }
        };
        match stack.last_mut() {
            Some((_, items)) => items.push(node),
            None => top.push(node),
        }
    }
    match stack.last() {
        Some((open, _)) => Err(err(*open, "unbalanced `(`")),
        None => Ok(top),
    }
}

/// The text of an atom.
pub(super) fn atom(text: &'static str, node: &Node) -> Option<&'static str> {
    match node {
        Node::Atom { start, end } => Some(&text[*start..*end]),
        _ => None,
    }
}
