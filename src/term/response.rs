//! Reading what a solver prints: `sat`/`unsat`/`unknown`, models, unsat
//! cores, `get-value` answers, errors.
//!
//! # Invariants
//!
//! - [`parse_responses`] never fails and never panics: the text is first cut
//!   into top-level forms by a tolerant scanner, each form is read on its
//!   own, and a form that cannot be read becomes [`Response::Other`] (or,
//!   inside a model or a `get-value` answer, one [`Unreadable`] entry), so
//!   one odd line costs nothing but itself.
//! - Model values are read with the term parser, so a value is either a
//!   [`Term`] of our AST or an [`Unreadable`] with the reason.
//!
//! # What the solvers print (measured)
//!
//! Z3 4.8.12 (libz3, `Z3_eval_smtlib2_string`):
//!
//! ```text
//! sat
//! (
//!   (define-fun x () String
//!     "q""b\c")
//!   (define-fun n () Int
//!     (- 5))
//!   (define-fun y () String
//!     (str.replace_re "ab" (re.range "a" "b") "c"))
//!   (define-fun arr () (Array Int String)
//!     ((as const (Array Int String)) "q"))
//!   (define-fun f ((x!0 Int)) Int
//!     7)
//! )
//! ((x "q""b\c")
//!  ((- 4) (- 4)))
//! (a1 |a 2|)
//! (error "line 3 column 11: unknown constant q\"")
//! unsupported
//! ; foo line: 1 position: 5
//! ```
//!
//! Z3 4.8.8 and earlier wrap the model as `(model (define-fun ...) ...)`.
//! Z3 4.8.12 (like 4.8.11) prints a string value with `""` for `"`, `\u{X}` (lowercase
//! hex) for code points below 0x20 or from 0x80 on, and every other
//! character, including `\` and 0x7F, as is. Read with SMT-LIB 2.6 rules
//! this is exact unless the value contains a backslash followed by the text
//! of a valid escape (`\u{61}`, `\u0041`): Z3 means those characters
//! literally, SMT-LIB 2.6 reads an escape. Z3 4.8.10 and earlier print
//! `\n`, `\xe9`, `\x1B` and `\\` instead (`"a\n\xe9\\u{61}"`): read them
//! with [`StringEscapes::Z3Legacy`]. An SMT-LIB 2.6 literal `"\x41"` is 4
//! characters, and Z3 4.8.12 prints the 4-character value as `"\x41"` too.
//! Z3's error messages escape `"` as `\"`.
//!
//! cvc5 1.0.3 (`cvc5 --produce-models --lang smt2`):
//!
//! ```text
//! sat
//! (
//! (define-fun x () String "q""b\u{5c}c")
//! (define-fun n () Int (- 5))
//! (define-fun f ((_arg_1 Int)) Int 7)
//! )
//! ((x "a\u{5c}b") ((- 5) (- 5)))
//! (
//! |a 2|
//! a1
//! )
//! (error "Parse Error: q.smt2:2.24: Subexpressions must have the same type:
//!
//!   (assert (= |a"b| "x\\y"))
//! ...
//! ")
//! ```
//!
//! cvc5 escapes every character outside 0x20..=0x7E and `\` as `\u{X}`,
//! which SMT-LIB 2.6 reads exactly. Its error messages may span lines and
//! contain unescaped `"`: an `(error "` form is taken to end at the first
//! `")` that ends a line and is followed by a line that starts a new
//! response (or by the end of the text).
//!
//! A `Real` value (issue 43): Z3 4.8.7 to 5.4.1 print `(/ 1.0 3.0)`, `(- (/
//! 5.0 2.0))`, `2.0` (and `0.125` as `(/ 1.0 8.0)`); cvc5 1.0.3 prints `(/
//! 1 3)`, `(/ (- 5) 2)`, `2.0`. The parser folds all of them into a
//! `Term::Real`. Z3 prints an irrational algebraic number as `(root-obj
//! (+ (^ x 2) (- 2)) 2)`, which no rational equals: an [`Unreadable`] entry
//! that says so.
//!
//! `()` alone is ambiguous (an empty model or an empty unsat core); it is
//! [`Response::EmptyList`] and the caller knows which command it answers.

use super::error::ParseError;
use super::lexer::{Lexer, Tok};
use super::parser::{Parser, StringEscapes, undouble};
use super::{Sort, Symbol, Term};

/// The answer to `(check-sat)`: the one form of sat/unsat/unknown a
/// reply is read into and judged in (a truth's status, never unknown, is
/// [`crate::truth::Status`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SatAnswer {
    /// `sat`
    Sat,
    /// `unsat`
    Unsat,
    /// `unknown`
    Unknown,
}

impl std::fmt::Display for SatAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SatAnswer::Sat => "sat",
            SatAnswer::Unsat => "unsat",
            SatAnswer::Unknown => "unknown",
        })
    }
}

/// One `(define-fun name (params) sort value)` of a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelEntry {
    /// The constant or function defined.
    pub name: Symbol,
    /// Parameters; empty for a constant.
    pub params: Vec<(Symbol, Sort)>,
    /// The result sort.
    pub sort: Sort,
    /// The value (the body, for a function).
    pub value: Term,
}

/// Part of a response that could not be read, with its text and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The text of the entry, as printed.
    pub text: String,
    /// Why it could not be read.
    pub error: ParseError,
}

/// One top-level answer of a solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// `sat`, `unsat` or `unknown`.
    CheckSat(SatAnswer),
    /// The answer to `(get-model)`, one entry per `define-fun`.
    Model(Vec<Result<ModelEntry, Unreadable>>),
    /// The answer to `(get-unsat-core)`: assertion names.
    UnsatCore(Vec<Symbol>),
    /// The answer to `(get-value (...))`: (term, value) pairs.
    Values(Vec<Result<(Term, Term), Unreadable>>),
    /// `()`: an empty model or an empty unsat core.
    EmptyList,
    /// `(error "message")`.
    Error(String),
    /// `unsupported`
    Unsupported,
    /// `success` (with `:print-success`).
    Success,
    /// Anything else, as printed (echo output, `get-info` answers, ...).
    Other(String),
}

/// Reads every response in a solver's output, with SMT-LIB 2.6 string
/// escapes.
pub fn parse_responses(text: &str) -> Vec<Response> {
    parse_responses_with(text, StringEscapes::Smtlib26)
}

/// Reads every response, reading string literals with the given escapes.
pub fn parse_responses_with(text: &str, escapes: StringEscapes) -> Vec<Response> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(form) = next_form(text, pos) {
        pos = form.end;
        out.push(match form.kind {
            FormKind::Word => match text[form.start..form.end].trim() {
                "sat" => Response::CheckSat(SatAnswer::Sat),
                "unsat" => Response::CheckSat(SatAnswer::Unsat),
                "unknown" => Response::CheckSat(SatAnswer::Unknown),
                "success" => Response::Success,
                "unsupported" => Response::Unsupported,
                other => Response::Other(other.to_string()),
            },
            FormKind::Error { msg_start, msg_end } => {
                Response::Error(undouble(&text[msg_start..msg_end]).replace("\\\"", "\""))
            }
            FormKind::List => read_list(text, form.start, form.end, escapes),
        });
    }
    out
}

#[derive(Clone, Copy, Debug)]
enum FormKind {
    /// An atom or a line of unrecognized text.
    Word,
    /// `(error "...")`, with the message's raw byte range.
    Error { msg_start: usize, msg_end: usize },
    /// A balanced parenthesized form.
    List,
}

#[derive(Clone, Copy, Debug)]
struct Form {
    start: usize,
    end: usize,
    kind: FormKind,
}

fn line_end(text: &str, from: usize) -> usize {
    text[from..].find('\n').map_or(text.len(), |k| from + k)
}

/// The next top-level form at or after `pos`.
fn next_form(text: &str, pos: usize) -> Option<Form> {
    let start = Lexer::at(text, pos).next_start();
    let bytes = text.as_bytes();
    let &first = bytes.get(start)?;
    if first == b'(' {
        if let Some((msg_start, msg_end, end)) = error_form(text, start) {
            return Some(Form {
                start,
                end,
                kind: FormKind::Error { msg_start, msg_end },
            });
        }
        if let Some(end) = balanced_end(text, start) {
            return Some(Form {
                start,
                end,
                kind: FormKind::List,
            });
        }
        // Unbalanced: give up on this line only.
        return Some(Form {
            start,
            end: line_end(text, start),
            kind: FormKind::Word,
        });
    }
    // An atom on its own, or a line of text such as `echo` output.
    let word_end = text[start..]
        .find(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .map_or(text.len(), |k| start + k);
    let end = match &text[start..word_end] {
        "sat" | "unsat" | "unknown" | "success" | "unsupported" => word_end,
        _ => line_end(text, start).max(start + 1),
    };
    Some(Form {
        start,
        end,
        kind: FormKind::Word,
    })
}

/// If `(error "` starts at `start`: the message's byte range and the end of
/// the form (see the module docs for the rule).
fn error_form(text: &str, start: usize) -> Option<(usize, usize, usize)> {
    let rest = text[start + 1..].strip_prefix("error")?;
    let trimmed = rest.trim_start();
    if !trimmed.starts_with('"') {
        return None;
    }
    let msg_start = text.len() - trimmed.len() + 1;
    let mut search = msg_start;
    while let Some(k) = text[search..].find("\")").map(|k| search + k) {
        let after = k + 2;
        let eol = line_end(text, after);
        if text[after..eol].trim().is_empty() {
            let next = text[eol..].trim_start();
            let starts_response = next.is_empty()
                || next.starts_with(['(', ';'])
                || ["sat", "unsat", "unknown", "success", "unsupported"]
                    .iter()
                    .any(|w| next.starts_with(w));
            if starts_response {
                return Some((msg_start, k, after));
            }
        }
        search = k + 1;
    }
    None
}

/// The end (just after the closing `)`) of the balanced form starting with
/// `(` at `start`, skipping strings, quoted symbols and comments.
fn balanced_end(text: &str, start: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' => loop {
                i += 1 + bytes.get(i + 1..)?.iter().position(|&b| b == b'"')?;
                if bytes.get(i + 1) == Some(&b'"') {
                    i += 1;
                } else {
                    break;
                }
            },
            b'|' => i += 1 + bytes.get(i + 1..)?.iter().position(|&b| b == b'|')?,
            b';' => i = line_end(text, i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Reads a balanced list form `text[start..end]`.
fn read_list(text: &str, start: usize, end: usize, escapes: StringEscapes) -> Response {
    let src = &text[..end];
    let other = || Response::Other(text[start..end].to_string());
    let mut p = Parser::at(src, start, escapes).reading_values();
    let (Ok(_), Ok(t1)) = (p.next(), p.next()) else {
        return other();
    };
    match t1.tok {
        Tok::RParen => Response::EmptyList,
        Tok::Symbol("model") => Response::Model(read_entries(src, p.pos(), escapes, model_entry)),
        Tok::LParen => {
            let head = Parser::at(src, p.pos(), escapes).next().map(|t| t.tok);
            if let Ok(Tok::Symbol(
                "define-fun" | "define-fun-rec" | "declare-fun" | "declare-sort",
            )) = head
            {
                Response::Model(read_entries(src, t1.start, escapes, model_entry))
            } else {
                Response::Values(read_entries(src, t1.start, escapes, value_pair))
            }
        }
        Tok::Symbol("error") => other(),
        Tok::Symbol(_) | Tok::Quoted(_) => {
            let mut names = vec![t1.tok.symbol().expect("a symbol").to_string()];
            loop {
                match p.next().map(|t| t.tok) {
                    Ok(Tok::RParen) => return Response::UnsatCore(names),
                    Ok(t) if t.symbol().is_some() => names.push(t.symbol().unwrap().to_string()),
                    _ => return other(),
                }
            }
        }
        _ => other(),
    }
}

/// Reads the parenthesized entries from `pos` up to the closing `)` of the
/// enclosing form (the end of `src`), each with `read`. An entry that fails
/// becomes an [`Unreadable`] and reading resumes after it.
fn read_entries<T>(
    src: &str,
    mut pos: usize,
    escapes: StringEscapes,
    read: fn(&mut Parser<'_>) -> Result<T, ParseError>,
) -> Vec<Result<T, Unreadable>> {
    let mut out = Vec::new();
    loop {
        let start = Lexer::at(src, pos).next_start();
        if start >= src.len() || src.as_bytes()[start] != b'(' {
            // The closing `)` of the whole form (or stray text: stop).
            return out;
        }
        let Some(end) = balanced_end(src, start) else {
            return out;
        };
        let mut p = Parser::at(&src[..end], start, escapes).reading_values();
        out.push(
            read(&mut p)
                .and_then(|v| p.expect_end().map(|()| v))
                .map_err(|error| Unreadable {
                    text: src[start..end].to_string(),
                    error,
                }),
        );
        pos = end;
    }
}

fn model_entry(p: &mut Parser<'_>) -> Result<ModelEntry, ParseError> {
    p.lparen()?;
    let t = p.next()?;
    if t.tok != Tok::Symbol("define-fun") {
        return Err(p.error(t, "`define-fun`"));
    }
    let name = p.symbol()?;
    let params = p.params()?;
    let sort = p.sort()?;
    let value = p.model_value()?;
    p.rparen()?;
    Ok(ModelEntry {
        name,
        params,
        sort,
        value,
    })
}

fn value_pair(p: &mut Parser<'_>) -> Result<(Term, Term), ParseError> {
    p.lparen()?;
    let (t, _) = p.term()?;
    let v = p.model_value()?;
    p.rparen()?;
    Ok((t, v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{Op, SmtString};

    fn entry(name: &str, sort: Sort, value: Term) -> Result<ModelEntry, Unreadable> {
        Ok(ModelEntry {
            name: name.into(),
            params: vec![],
            sort,
            value,
        })
    }

    #[test]
    fn z3_4_8_12_model_layout() {
        let out = "sat\n(\n  (define-fun n () Int\n    (- 5))\n  (define-fun x () String\n    \"q\"\"b\\c\u{7f}\")\n  (define-fun y () String\n    (str.replace_re \"ab\" (re.range \"a\" \"b\") \"c\"))\n  (define-fun arr () (Array Int String)\n    ((as const (Array Int String)) \"q\"))\n)\n";
        let r = parse_responses(out);
        assert_eq!(r.len(), 2, "{r:?}");
        assert_eq!(r[0], Response::CheckSat(SatAnswer::Sat));
        let Response::Model(entries) = &r[1] else {
            panic!("{r:?}")
        };
        assert_eq!(entries[0], entry("n", Sort::Int, Term::int(-5)));
        assert_eq!(
            entries[1],
            entry(
                "x",
                Sort::String,
                Term::Str(SmtString::from_chars(vec![0x71, 0x22, 0x62, 0x5c, 0x63, 0x7f]).unwrap())
            )
        );
        let Ok(y) = &entries[2] else { panic!() };
        assert!(matches!(&y.value, Term::App(Op::StrReplaceRe, a) if a.len() == 3));
        // Array values are read since issue 10.
        let arr = Sort::Array(Box::new(Sort::Int), Box::new(Sort::String));
        assert_eq!(
            entries[3],
            entry("arr", arr.clone(), Term::const_array(arr, Term::str("q")))
        );
    }

    #[test]
    fn real_values_of_every_solver() {
        use num_rational::BigRational;
        let q = |n: i64, d: i64| Term::Real(BigRational::new(n.into(), d.into()));
        // Z3 4.8.12 (`get-value`, then `get-model`): fractions of decimals,
        // a negative one under `-`, an integer as `2.0`; 0.125 as `1/8`.
        let z3 = "((x (/ 1.0 3.0))\n (y (- (/ 5.0 2.0)))\n (2.0 2.0)\n (0.125 (/ 1.0 8.0)))\n\
                  (\n  (define-fun y () Real\n    (- (/ 5.0 2.0)))\n)\n";
        // cvc5 1.0.3: integer numerals inside `/`, the sign on the numerator.
        let cvc5 = "((x (/ 1 3)) (y (/ (- 5) 2)) (2.0 2.0) ((/ 1 8) (/ 1 8)))\n\
                    (\n(define-fun y () Real (/ (- 5) 2))\n)\n";
        for out in [z3, cvc5] {
            let r = parse_responses(out);
            let (Response::Values(v), Response::Model(m)) = (&r[0], &r[1]) else {
                panic!("{r:?}")
            };
            let values: Vec<Term> = v.iter().map(|e| e.as_ref().unwrap().1.clone()).collect();
            assert_eq!(values, [q(1, 3), q(-5, 2), q(2, 1), q(1, 8)], "{out}");
            assert_eq!(m[0], entry("y", Sort::Real, q(-5, 2)));
        }
        // An irrational algebraic number has no Real literal: an unreadable
        // entry that says why, and the rest of the answer still read.
        let root = "((x (root-obj (+ (^ x 2) (- 2)) 2)) (z 1.5))";
        let r = parse_responses(root);
        let Response::Values(v) = &r[0] else {
            panic!("{r:?}")
        };
        let err = v[0].as_ref().unwrap_err();
        assert!(err.error.to_string().contains("irrational"), "{err:?}");
        assert_eq!(v[1].as_ref().unwrap().1, q(3, 2));
    }

    #[test]
    fn bit_vector_and_array_values_of_every_solver() {
        // Z3 4.8.14 and 5.4.1 (`get-value`), cvc5 1.0.3 (`get-model`), and
        // Z3 5.4.1's lambda for an array it built from a quantifier-free
        // case split.
        let out = "((a (store (store ((as const (Array Int Int)) 7) 1 5) 3 4))\n \
                   (r (store ((as const (Array RegLan (_ BitVec 4))) #x3) re.all #x4))\n \
                   (v #b11100)\n (w (_ bv5 8))\n \
                   (l (lambda ((x!1 Int)) (ite (= x!1 2) 5 (ite (or (= x!1 3) (= 4 x!1)) 6 0))))\n \
                   (p (lambda ((x!1 (_ BitVec 2))) (= x!1 #b01)))\n \
                   (q (lambda ((x!1 Int)) (+ x!1 1))))";
        let r = parse_responses(out);
        let Response::Values(v) = &r[0] else {
            panic!("{r:?}")
        };
        let value = |k: usize| v[k].as_ref().map(|(_, v)| v.to_string());
        assert_eq!(
            value(0).unwrap(),
            "(store (store ((as const (Array Int Int)) 7) 1 5) 3 4)"
        );
        assert_eq!(
            value(1).unwrap(),
            "(store ((as const (Array RegLan (_ BitVec 4))) #x3) re.all #x4)"
        );
        assert_eq!(value(2).unwrap(), "#b11100");
        assert_eq!(value(3).unwrap(), "#x05");
        // The outermost test wins: it is the last store.
        assert_eq!(
            value(4).unwrap(),
            "(store (store (store ((as const (Array Int Int)) 0) 4 6) 3 6) 2 5)"
        );
        assert_eq!(
            value(5).unwrap(),
            "(store ((as const (Array (_ BitVec 2) Bool)) false) #b01 true)"
        );
        // A lambda that is not a finite case split is unreadable, not misread.
        let err = v[6].as_ref().unwrap_err();
        assert!(err.error.expected.contains("case split"), "{}", err.error);
        let model = "(\n(define-fun a () (Array Int (_ BitVec 8)) (store ((as const \
                     (Array Int (_ BitVec 8))) #b00000000) 3 #b00000101))\n)";
        let Response::Model(m) = &parse_responses(model)[0] else {
            panic!()
        };
        assert_eq!(
            m[0].as_ref().unwrap().value.to_string(),
            "(store ((as const (Array Int (_ BitVec 8))) #x00) 3 #x05)"
        );
    }

    #[test]
    fn old_z3_model_wrapper_and_cores() {
        let r = parse_responses(
            "(model\n  (define-fun b () Bool\n    false)\n)\n(a1 |a 2|)\n(\n|a 2|\na1\n)\n()",
        );
        assert_eq!(
            r[0],
            Response::Model(vec![entry("b", Sort::Bool, Term::Bool(false))])
        );
        assert_eq!(r[1], Response::UnsatCore(vec!["a1".into(), "a 2".into()]));
        assert_eq!(r[2], Response::UnsatCore(vec!["a 2".into(), "a1".into()]));
        assert_eq!(r[3], Response::EmptyList);
    }

    #[test]
    fn errors_single_and_multi_line() {
        let z3 = "(error \"line 3 column 11: unknown constant q\\\"\")\nunsat\n";
        assert_eq!(
            parse_responses(z3),
            vec![
                Response::Error("line 3 column 11: unknown constant q\"".into()),
                Response::CheckSat(SatAnswer::Unsat)
            ]
        );
        // Captured from cvc5 1.0.3 on a script with `|a"b|` (see module docs).
        let cvc5 = "(error \"Parse Error: q.smt2:2.24: Subexpressions must have the same type:\n\n  (assert (= |a\"b| \"x\\\\y\"))\n                       ^\n\nEquation: (= |a\"b| \"x\\u{5c}\\u{5c}y\")\nType 1: Int\nType 2: String\n\")";
        let r = parse_responses(cvc5);
        assert_eq!(r.len(), 1, "{r:?}");
        let Response::Error(m) = &r[0] else {
            panic!("{r:?}")
        };
        assert!(
            m.starts_with("Parse Error") && m.ends_with("Type 2: String\n"),
            "{m}"
        );
    }

    #[test]
    fn odd_lines_do_not_spoil_the_rest() {
        let r = parse_responses(
            "hi \"there\"\n(a(b\nsat\n(:reason-unknown \"\")\n((x 1) (y #x61))\n)\nunknown",
        );
        assert_eq!(r[0], Response::Other("hi \"there\"".into()));
        assert_eq!(r[1], Response::Other("(a(b".into()));
        assert_eq!(r[2], Response::CheckSat(SatAnswer::Sat));
        assert!(matches!(&r[3], Response::Other(s) if s.starts_with("(:reason")));
        let Response::Values(v) = &r[4] else {
            panic!("{r:?}")
        };
        assert_eq!(v[0], Ok((Term::var("x"), Term::int(1))));
        assert_eq!(v[1], Ok((Term::var("y"), Term::bv(8, 0x61))));
        assert_eq!(r[5], Response::Other(")".into()));
        assert_eq!(r[6], Response::CheckSat(SatAnswer::Unknown));
        assert_eq!(r.len(), 7);
    }
}
