//! Rows written back, laid out the way the table files are: a long term
//! broken over lines, a keyword kept with its value. Test builds only: the
//! tables' round-trip tests and the one-off conversions use it.

use super::sexp::{Node, split};
use crate::semantics::Model;
use crate::term::Printer;
use crate::term::{Sort, Symbol, Term};

/// Writes a row in the format [`rows`](super::row::rows) reads, its long terms broken over
/// lines (the tables' round-trip tests and the one-off conversion use it).
pub(crate) struct RowWriter {
    out: String,
}

/// The column a laid-out row stays within where it can.
const WIDTH: usize = 96;

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
    use crate::generate::tables::TableFile;
    use crate::generate::tables::row::rows;
    use crate::term::parse_term;

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
