//! Tables as data: the row format of the equivalence and identity tables in
//! `assets/tables/` (the ICSE 2020 paper's Tables 2 and 3, Kühne 2022's
//! Table 2.6), read with the term parser and printed back with the term
//! printer.
//!
//! A table file is a sequence of rows, each an s-expression whose fields
//! are named, so a row reads like a line of the paper's table:
//!
//! ```text
//! ; why the row departs from the paper, if it does
//! (row E7 :paper true :op str.contains
//!   :declare ((s String) (t String) (s1 String) (s3 String))
//!   :A (= (str.contains s t) true)
//!   :B (= s (str.++ s1 t s3))
//!   :model-of-B ((s "abc") (t "b") (s1 "a") (s3 "c"))
//!   :model-of-not-A ((s "abc") (t "d") (s1 "") (s3 "")))
//! ```
//!
//! A field's value is a term or a sort (SMT-LIB 2.6, read by
//! [`crate::term::parse_term`] and [`crate::term::parse_sort`]), a list of
//! sorted variables `((x S) ...)` as in a quantifier, a model `((x v) ...)`
//! whose values are closed terms (evaluated by [`crate::semantics`]), a
//! Boolean, a symbol or a string. `;` starts a comment. Each table's module
//! says which fields its rows have and turns a [`Row`] into its own struct.
//!
//! # Invariants
//!
//! - Strict: a missing, repeated or unknown field, a term the parser
//!   refuses, a model value that is not closed are errors that name
//!   `FILE:LINE` (the line of the field, or of the row). The tables' loaders
//!   panic with it at first use, and every table has a unit test that loads
//!   it, so a bad row fails CI rather than a campaign.
//! - The files are compiled in (`include_str!`): the binary needs no file
//!   at run time.
//! - Printing a row with [`RowWriter`] and reading it back gives the same
//!   row: each table has a round-trip test.

use std::fmt;

use crate::semantics::{Model, eval_closed};
#[cfg(test)]
use crate::term::Printer;
use crate::term::{Sort, Symbol, Term, parse_sort, parse_term};

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

/// An s-expression of the file, by its byte span in the text (the text of
/// a term is handed to the term parser as it is written).
#[derive(Clone, Debug)]
enum Node {
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
    fn span(&self) -> (usize, usize) {
        match self {
            Node::Atom { start, end }
            | Node::Str { start, end }
            | Node::List { start, end, .. } => (*start, *end),
        }
    }
}

/// The 1-based line of byte `offset`.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Splits `text` into its top-level s-expressions. Only the shape is read
/// here (parentheses, string literals with `""` inside, `|quoted|`
/// symbols, `;` comments); terms and sorts are read by the term parser.
fn split(path: &'static str, text: &str) -> Result<Vec<Node>, TableError> {
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

/// One row: `(KIND ID :field value ...)`, its fields read one by one by
/// the table's loader, which then calls [`Row::finish`].
pub(crate) struct Row {
    file: TableFile,
    /// Where the row starts.
    line: usize,
    id: &'static str,
    /// The fields not read yet: keyword (without `:`) and value.
    fields: Vec<(&'static str, Node)>,
    /// The line of the field read last (errors point there).
    at: usize,
}

/// Every row of `file`; each must start with `kind`.
pub(crate) fn rows(file: TableFile, kind: &str) -> Result<Vec<Row>, TableError> {
    let text = file.text;
    split(file.path, text)?
        .into_iter()
        .map(|node| {
            let (start, _) = node.span();
            let line = line_of(text, start);
            let err = |message: String| TableError {
                path: file.path,
                line,
                message,
            };
            let Node::List { items, .. } = node else {
                return Err(err(format!("expected a `({kind} ...)` row")));
            };
            let mut items = items.into_iter();
            let head = items.next().map(|n| atom(text, &n));
            if head != Some(Some(kind)) {
                return Err(err(format!("expected a `({kind} ...)` row")));
            }
            let id = match items.next().map(|n| atom(text, &n)) {
                Some(Some(id)) if !id.starts_with(':') => id.trim_matches('|'),
                _ => return Err(err("expected the row's id after its kind".into())),
            };
            let mut fields: Vec<(&'static str, Node)> = Vec::new();
            while let Some(key) = items.next() {
                let key_line = line_of(text, key.span().0);
                let key_err = |message: String| TableError {
                    path: file.path,
                    line: key_line,
                    message,
                };
                let Some(name) = atom(text, &key).and_then(|k| k.strip_prefix(':')) else {
                    return Err(key_err(format!("{id}: expected a `:field`")));
                };
                let Some(value) = items.next() else {
                    return Err(key_err(format!("{id}: `:{name}` has no value")));
                };
                if fields.iter().any(|(k, _)| *k == name) {
                    return Err(key_err(format!("{id}: `:{name}` given twice")));
                }
                fields.push((name, value));
            }
            Ok(Row {
                file,
                line,
                id,
                fields,
                at: line,
            })
        })
        .collect()
}

/// The text of an atom.
fn atom(text: &'static str, node: &Node) -> Option<&'static str> {
    match node {
        Node::Atom { start, end } => Some(&text[*start..*end]),
        _ => None,
    }
}

impl Row {
    /// The row's id (the second item).
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// An error at the field read last (or the row), naming the row.
    pub fn error(&self, message: impl fmt::Display) -> TableError {
        TableError {
            path: self.file.path,
            line: self.at,
            message: format!("{}: {message}", self.id),
        }
    }

    /// Takes the field `key` out of the row, if it is there.
    fn take(&mut self, key: &str) -> Option<Node> {
        let i = self.fields.iter().position(|(k, _)| *k == key)?;
        let (_, node) = self.fields.remove(i);
        self.at = line_of(self.file.text, node.span().0);
        Some(node)
    }

    fn required(&mut self, key: &str) -> Result<Node, TableError> {
        self.take(key).ok_or_else(|| TableError {
            path: self.file.path,
            line: self.line,
            message: format!("{}: missing `:{key}`", self.id),
        })
    }

    fn text_of(&self, node: &Node) -> &'static str {
        let (start, end) = node.span();
        &self.file.text[start..end]
    }

    /// A term, its parse errors placed in the file.
    fn parse_term_at(&self, node: &Node) -> Result<Term, TableError> {
        parse_term(self.text_of(node)).map_err(|e| TableError {
            path: self.file.path,
            line: line_of(self.file.text, node.span().0) + e.line - 1,
            message: format!("{}: expected {}, found {}", self.id, e.expected, e.found),
        })
    }

    fn parse_sort_at(&self, node: &Node) -> Result<Sort, TableError> {
        parse_sort(self.text_of(node)).map_err(|e| TableError {
            path: self.file.path,
            line: line_of(self.file.text, node.span().0) + e.line - 1,
            message: format!("{}: expected {}, found {}", self.id, e.expected, e.found),
        })
    }

    /// A `true`/`false` field.
    pub fn bool(&mut self, key: &str) -> Result<bool, TableError> {
        let node = self.required(key)?;
        match atom(self.file.text, &node) {
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            _ => Err(self.error(format!("`:{key}` is `true` or `false`"))),
        }
    }

    /// A symbol field (an operator's name, a variable).
    pub fn symbol(&mut self, key: &str) -> Result<&'static str, TableError> {
        let node = self.required(key)?;
        atom(self.file.text, &node).ok_or_else(|| self.error(format!("`:{key}` is a symbol")))
    }

    /// A string field that lives as long as the program: the text of the
    /// compiled-in file itself, unless it has a doubled `""` to undo.
    pub fn static_string(&mut self, key: &str) -> Result<&'static str, TableError> {
        match self.required(key)? {
            Node::Str { start, end } => {
                let raw = &self.file.text[start + 1..end - 1];
                Ok(if raw.contains("\"\"") {
                    // Once per such row and process: the tables load once.
                    Box::leak(raw.replace("\"\"", "\"").into_boxed_str())
                } else {
                    raw
                })
            }
            _ => Err(self.error(format!("`:{key}` is a string literal"))),
        }
    }

    /// A term field.
    pub fn term(&mut self, key: &str) -> Result<Term, TableError> {
        let node = self.required(key)?;
        self.parse_term_at(&node)
    }

    /// A term field that may be left out.
    pub fn optional_term(&mut self, key: &str) -> Result<Option<Term>, TableError> {
        match self.take(key) {
            Some(node) => self.parse_term_at(&node).map(Some),
            None => Ok(None),
        }
    }

    /// The items of a list field, each a `(head value)` pair.
    fn pairs(&mut self, key: &str) -> Result<Vec<(&'static str, Node)>, TableError> {
        let Node::List { items, .. } = self.required(key)? else {
            return Err(self.error(format!("`:{key}` is a list `((x ...) ...)`")));
        };
        items
            .into_iter()
            .map(|item| match item {
                Node::List { items, .. } if items.len() == 2 => {
                    let mut it = items.into_iter();
                    let (x, v) = (it.next().expect("two"), it.next().expect("two"));
                    let name = atom(self.file.text, &x)
                        .ok_or_else(|| self.error(format!("`:{key}`: expected a symbol")))?;
                    Ok((name.trim_matches('|'), v))
                }
                _ => Err(self.error(format!("`:{key}`: expected `(x ...)`"))),
            })
            .collect()
    }

    /// Sorted variables `((x S) ...)`, in their order.
    pub fn sorted_vars(&mut self, key: &str) -> Result<Vec<(Symbol, Sort)>, TableError> {
        self.pairs(key)?
            .into_iter()
            .map(|(x, s)| Ok((x.to_string(), self.parse_sort_at(&s)?)))
            .collect()
    }

    /// A model `((x v) ...)`, each value a closed term.
    pub fn model(&mut self, key: &str) -> Result<Model, TableError> {
        let mut model = Model::new();
        for (x, v) in self.pairs(key)? {
            let t = self.parse_term_at(&v)?;
            let value = eval_closed(&t)
                .map_err(|e| self.error(format!("`:{key}`: {x} is not a constant: {e}")))?;
            model.insert(x, value);
        }
        Ok(model)
    }

    /// The row is read: every field must have been.
    pub fn finish(self) -> Result<(), TableError> {
        match self.fields.first() {
            None => Ok(()),
            Some((key, node)) => Err(TableError {
                path: self.file.path,
                line: line_of(self.file.text, node.span().0),
                message: format!("{}: unknown field `:{key}`", self.id),
            }),
        }
    }
}

/// Reads every row of `file` with `read`, panicking with `FILE:LINE` at the
/// first bad one: the tables are compiled in, so a bad row is a bug in the
/// crate (and each table's load test catches it first).
pub(crate) fn load<T>(
    file: TableFile,
    kind: &str,
    read: impl Fn(&mut Row) -> Result<T, TableError>,
) -> Vec<T> {
    let read_all = || -> Result<Vec<T>, TableError> {
        rows(file, kind)?
            .into_iter()
            .map(|mut row| {
                let t = read(&mut row)?;
                row.finish()?;
                Ok(t)
            })
            .collect()
    };
    read_all().unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(test)]
/// Writes a row in the format [`rows`] reads, its long terms broken over
/// lines (the tables' round-trip tests and the one-off conversion use it).
pub(crate) struct RowWriter {
    out: String,
}

#[cfg(test)]
/// The column a laid-out row stays within where it can.
const WIDTH: usize = 96;

#[cfg(test)]
impl RowWriter {
    /// `(KIND ID`.
    pub fn new(kind: &str, id: &str) -> Self {
        let mut out = format!("({kind} ");
        crate::term::printer::write_symbol(&mut out, id);
        RowWriter { out }
    }

    /// `:key value`, with `value` already SMT-LIB text, on its own line.
    pub fn field(&mut self, key: &str, value: &str) -> &mut Self {
        let lead = format!("  :{key} ");
        self.out.push('\n');
        self.out.push_str(&lead);
        self.out.push_str(&layout(value, lead.chars().count()));
        self
    }

    /// `:key value` on the line of the row's head (short flags).
    pub fn inline(&mut self, key: &str, value: &str) -> &mut Self {
        self.out.push_str(&format!(" :{key} {value}"));
        self
    }

    /// A term field.
    pub fn term(&mut self, key: &str, t: &Term) -> &mut Self {
        self.field(key, &Printer::default().term(t))
    }

    /// A string field, `"` doubled.
    pub fn string(&mut self, key: &str, s: &str) -> &mut Self {
        self.field(key, &format!("\"{}\"", s.replace('"', "\"\"")))
    }

    /// Sorted variables `((x S) ...)`.
    pub fn sorted_vars(&mut self, key: &str, vars: &[(Symbol, Sort)]) -> &mut Self {
        let p = Printer::default();
        let items: Vec<String> = vars
            .iter()
            .map(|(x, s)| {
                let mut out = String::from("(");
                crate::term::printer::write_symbol(&mut out, x);
                out.push(' ');
                p.write_sort(&mut out, s);
                out.push(')');
                out
            })
            .collect();
        self.field(key, &format!("({})", items.join(" ")))
    }

    /// A model `((x v) ...)`, its variables in the order of `order` (the
    /// row's declarations) and then the rest.
    pub fn model(&mut self, key: &str, m: &Model, order: &[(Symbol, Sort)]) -> &mut Self {
        let p = Printer::default();
        let mut names: Vec<&Symbol> = order
            .iter()
            .map(|(x, _)| x)
            .filter(|x| m.get(x).is_some())
            .collect();
        names.extend(m.0.keys().filter(|k| !order.iter().any(|(x, _)| x == *k)));
        let items: Vec<String> = names
            .into_iter()
            .map(|x| {
                let mut out = String::from("(");
                crate::term::printer::write_symbol(&mut out, x);
                out.push(' ');
                out.push_str(&p.term(&m.get(x).expect("named").to_term()));
                out.push(')');
                out
            })
            .collect();
        self.field(key, &format!("({})", items.join(" ")))
    }

    /// The row's text, closed.
    pub fn finish(&mut self) -> String {
        let mut out = std::mem::take(&mut self.out);
        out.push_str(")\n");
        out
    }
}

#[cfg(test)]
/// Lays out one s-expression starting at column `col`: as written if it
/// fits before [`WIDTH`], else its head and first argument on the first
/// line and every other argument on a line of its own, two columns in (a
/// keyword stays with its value).
fn layout(text: &str, col: usize) -> String {
    match split("(layout)", text) {
        Ok(nodes) if nodes.len() == 1 => {
            let mut out = String::new();
            lay(text, &nodes[0], col, &mut out);
            out
        }
        _ => text.to_string(),
    }
}

#[cfg(test)]
fn lay(text: &str, node: &Node, col: usize, out: &mut String) {
    let (start, end) = node.span();
    let flat = &text[start..end];
    let Node::List { items, .. } = node else {
        out.push_str(flat);
        return;
    };
    if col + flat.chars().count() <= WIDTH || items.len() < 2 {
        out.push_str(flat);
        return;
    }
    // A list of lists (sorted variables, a model) is data: filled, the
    // next line one column in.
    if items.iter().all(|i| matches!(i, Node::List { .. })) {
        out.push('(');
        let mut c = col + 1;
        for (k, item) in items.iter().enumerate() {
            let (s, e) = item.span();
            let w = text[s..e].chars().count();
            if k > 0 && c + 1 + w > WIDTH {
                out.push('\n');
                out.push_str(&" ".repeat(col + 1));
                c = col + 1;
            } else if k > 0 {
                out.push(' ');
                c += 1;
            }
            let before = out.len();
            lay(text, item, c, out);
            c += out[before..].chars().count();
        }
        out.push(')');
        return;
    }
    // Groups: a keyword with its value, every other item alone.
    let mut groups: Vec<Vec<&Node>> = Vec::new();
    let mut keyword = false;
    for item in items {
        let is_key = matches!(item, Node::Atom { .. }) && text[item.span().0..].starts_with(':');
        if keyword {
            groups.last_mut().expect("keyword").push(item);
        } else {
            groups.push(vec![item]);
        }
        keyword = is_key;
    }
    out.push('(');
    let inner = col + 2;
    let head_is_atom = matches!(groups[0][..], [Node::Atom { .. }]);
    let mut first = true;
    let mut c = col + 1;
    for (g, group) in groups.iter().enumerate() {
        let same_line = first || (g == 1 && head_is_atom);
        if !same_line {
            out.push('\n');
            out.push_str(&" ".repeat(inner));
            c = inner;
        } else if !first {
            out.push(' ');
            c += 1;
        }
        for (k, item) in group.iter().enumerate() {
            if k > 0 {
                out.push(' ');
                c += 1;
            }
            let before = out.len();
            lay(text, item, c, out);
            c += out[before..].chars().count();
        }
        first = false;
    }
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: TableFile = TableFile {
        path: "good.smt2",
        text: "; a comment\n(row X1 :paper true :note \"say \"\"hi\"\"\"\n  :vars ((s String) (n Int))\n  :A (= (str.len s) n)\n  :m ((s \"ab\") (n (- 2))))\n",
    };

    #[test]
    fn a_row_reads_field_by_field() {
        let mut rows = rows(GOOD, "row").unwrap();
        assert_eq!(rows.len(), 1);
        let r = &mut rows[0];
        assert_eq!(r.id(), "X1");
        assert!(r.bool("paper").unwrap());
        assert_eq!(r.static_string("note").unwrap(), "say \"hi\"");
        assert_eq!(
            r.sorted_vars("vars").unwrap(),
            vec![("s".into(), Sort::String), ("n".into(), Sort::Int)]
        );
        assert_eq!(
            r.term("A").unwrap(),
            Term::eq(
                Term::app(crate::term::Op::StrLen, vec![Term::var("s")]),
                Term::var("n")
            )
        );
        let m = r.model("m").unwrap();
        assert_eq!(m.get("n"), Some(&crate::semantics::Value::Int((-2).into())));
        assert!(r.optional_term("B").unwrap().is_none());
    }

    /// Every kind of bad row is an error at its file and line.
    #[test]
    fn bad_rows_name_their_file_and_line() {
        let bad = |text: &'static str, kind: &str| {
            let file = TableFile {
                path: "bad.smt2",
                text,
            };
            let all = || -> Result<(), TableError> {
                for mut r in rows(file, kind)? {
                    r.term("A")?;
                    r.model("m")?;
                    r.finish()?;
                }
                Ok(())
            };
            all().unwrap_err().to_string()
        };
        let cases = [
            ("(row X1\n :A (= x", "bad.smt2:2: unbalanced `(`"),
            (
                "(row X1 :A true :m ())\n(line X2)",
                "bad.smt2:2: expected a `(row ...)` row",
            ),
            (
                "(row X1\n :A (str.len s s s\n))",
                "bad.smt2:2: X1: expected",
            ),
            ("(row X1 :A true)", "bad.smt2:1: X1: missing `:m`"),
            (
                "(row X1 :A true\n :m ((x y)))",
                "bad.smt2:2: X1: `:m`: x is not a constant",
            ),
            (
                "(row X1 :A true :m ()\n :B false)",
                "bad.smt2:2: X1: unknown field `:B`",
            ),
            (
                "(row X1 :A true\n :A false)",
                "bad.smt2:2: X1: `:A` given twice",
            ),
        ];
        for (text, want) in cases {
            let got = bad(text, "row");
            assert!(got.starts_with(want), "{got:?} for {text:?}");
        }
    }

    /// A table loads at first use; a bad row is a panic that names its
    /// file and line.
    #[test]
    #[should_panic(expected = "bad.smt2:3: X2: unknown field `:B`")]
    fn a_bad_row_panics_with_its_file_and_line() {
        let file = TableFile {
            path: "bad.smt2",
            text: "(row X1 :A true)\n(row X2 :A true\n  :B false)",
        };
        load(file, "row", |r| r.term("A"));
    }

    #[test]
    fn written_rows_read_back() {
        let vars = vec![("s".to_string(), Sort::String)];
        let long = parse_term(&format!("(and {})", "(= s \"abcdefgh\") ".repeat(12))).unwrap();
        let mut m = Model::new();
        m.insert("s", crate::semantics::Value::Str("a\"b".into()));
        let text = RowWriter::new("row", "X2")
            .inline("paper", "false")
            .string("note", "a \"quoted\" note")
            .sorted_vars("vars", &vars)
            .term("A", &long)
            .model("m", &m, &vars)
            .finish();
        assert!(
            text.lines().all(|l| l.chars().count() <= WIDTH + 4),
            "{text}"
        );
        let file = TableFile {
            path: "w.smt2",
            text: Box::leak(text.into_boxed_str()),
        };
        let mut rows = rows(file, "row").unwrap();
        let r = &mut rows[0];
        assert_eq!(r.id(), "X2");
        assert!(!r.bool("paper").unwrap());
        assert_eq!(r.static_string("note").unwrap(), "a \"quoted\" note");
        assert_eq!(r.sorted_vars("vars").unwrap(), vars);
        assert_eq!(r.term("A").unwrap(), long);
        assert_eq!(r.model("m").unwrap(), m);
    }
}
