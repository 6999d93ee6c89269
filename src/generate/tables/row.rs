//! One row of a table, read field by field (terms and sorts by the term
//! parser, models evaluated), and a whole table loaded at first use.

use std::fmt;

use super::file::{TableError, TableFile, line_of};
use super::sexp::{Node, atom, split};
use crate::semantics::{Model, eval_closed};
use crate::term::{Sort, Symbol, Term, parse_sort, parse_term};

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
pub(super) fn rows(file: TableFile, kind: &str) -> Result<Vec<Row>, TableError> {
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

    /// A field's text as written, unparsed: for a table whose terms are
    /// instantiated before they are parsed (the width-generic bit-vector
    /// rows).
    pub fn text(&mut self, key: &str) -> Result<&'static str, TableError> {
        let node = self.required(key)?;
        Ok(self.text_of(&node))
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
}
