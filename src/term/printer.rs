//! Printing terms and scripts as SMT-LIB 2.6 text.
//!
//! String literals are written by [`string_literal`] and
//! [`string_literal_in`], in Z3's byte escapes for the releases that read
//! them ([`Dialect::byte_escapes`]) and in SMT-LIB 2.6's otherwise; the
//! rules are in the doc of `src/term/string_literal.rs`, next to the reader.
//!
//! Z3 before 4.8.9 lacks `str.is_digit` and `re.diff`: they are printed as
//! `(str.in.re x (re.range "0" "9"))` and `(re.inter a (re.complement b))`.
//!
//! # Symbols
//!
//! A symbol that is not a simple symbol (or is a reserved word) is printed
//! between `|`. A symbol containing `|` or `\` cannot be printed at all; the
//! generators never make one and the parser never yields one.

use std::fmt::{self, Write};

use num_bigint::Sign;

use super::real_literal::write_real;
pub use super::string_literal::string_literal;
use super::string_literal::write_string_literal;
use super::{
    Assertion, BitVec, Command, Dialect, Op, QuantKind, SExpr, Script, SmtString, Sort,
    StringEscapes, Term,
};

/// Renders terms and scripts in one dialect.
#[derive(Clone, Copy, Debug, Default)]
pub struct Printer {
    /// Operator spelling.
    pub dialect: Dialect,
}

/// The literal for a string as the release of `dialect` reads it, quotes
/// included.
pub fn string_literal_in(s: &SmtString, dialect: Dialect) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string_literal(&mut out, s, literal_escapes(dialect));
    out
}

/// The escapes a literal is written in for `dialect`: Z3's byte escapes
/// ([`StringEscapes::Z3Legacy`]) for the releases that read them
/// ([`Dialect::byte_escapes`]), SMT-LIB 2.6's otherwise.
fn literal_escapes(dialect: Dialect) -> StringEscapes {
    if dialect.byte_escapes() {
        StringEscapes::Z3Legacy
    } else {
        StringEscapes::Smtlib26
    }
}

const RESERVED: &[&str] = &[
    "BINARY",
    "DECIMAL",
    "HEXADECIMAL",
    "NUMERAL",
    "STRING",
    "_",
    "!",
    "as",
    "let",
    "exists",
    "forall",
    "match",
    "par",
];

fn is_simple_symbol_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c)
}

/// Whether `s` can be printed without `|` quotes.
pub fn is_simple_symbol(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars().all(is_simple_symbol_char)
        && !RESERVED.contains(&s)
}

/// Writes a symbol, quoting it with `|` when needed.
pub fn write_symbol(out: &mut String, s: &str) {
    if is_simple_symbol(s) {
        out.push_str(s);
    } else {
        debug_assert!(!s.contains(['|', '\\']), "unprintable symbol {s:?}");
        out.push('|');
        out.push_str(s);
        out.push('|');
    }
}

impl Printer {
    /// A printer for the given dialect.
    pub fn new(dialect: Dialect) -> Self {
        Printer { dialect }
    }

    /// Renders a term.
    pub fn term(&self, t: &Term) -> String {
        let mut out = String::new();
        self.write_term(&mut out, t);
        out
    }

    /// Renders a whole script, one command per line.
    pub fn script(&self, s: &Script) -> String {
        let mut out = String::new();
        for c in &s.commands {
            self.write_command(&mut out, c);
            out.push('\n');
        }
        out
    }

    /// Appends a sort. Z3 before 4.8.9 (the releases with the pre-2020
    /// operator names) has no sort named `RegLan`: it calls the same sort
    /// `(RegEx String)` and refuses a declaration that says `RegLan`.
    pub fn write_sort(&self, out: &mut String, s: &Sort) {
        match s {
            Sort::RegLan if self.dialect.legacy_names() => out.push_str("(RegEx String)"),
            Sort::Array(i, e) => {
                out.push_str("(Array ");
                self.write_sort(out, i);
                out.push(' ');
                self.write_sort(out, e);
                out.push(')');
            }
            Sort::Seq(e) => {
                out.push_str("(Seq ");
                self.write_sort(out, e);
                out.push(')');
            }
            Sort::Fun(args, r) => {
                out.push('(');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    self.write_sort(out, a);
                }
                out.push_str(") ");
                self.write_sort(out, r);
            }
            _ => {
                let _ = write!(out, "{s}");
            }
        }
    }

    /// Appends a term.
    pub fn write_term(&self, out: &mut String, t: &Term) {
        match t {
            Term::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Term::Int(n) => {
                if n.sign() == Sign::Minus {
                    let _ = write!(out, "(- {})", n.magnitude());
                } else {
                    let _ = write!(out, "{n}");
                }
            }
            Term::Real(r) => write_real(out, r),
            Term::Str(s) => write_string_literal(out, s, literal_escapes(self.dialect)),
            Term::BitVec(b) => out.push_str(&b.literal()),
            Term::ConstArray(sort, v) => {
                out.push_str("((as const ");
                self.write_sort(out, sort);
                out.push_str(") ");
                self.write_term(out, v);
                out.push(')');
            }
            Term::SeqEmpty(e) => {
                out.push_str("(as seq.empty ");
                self.write_sort(out, &Sort::seq(e.clone()));
                out.push(')');
            }
            Term::Var(v) => write_symbol(out, v),
            Term::App(op, args) => self.write_app(out, *op, args),
            Term::Apply(f, args) => {
                out.push('(');
                write_symbol(out, f);
                out.push(' ');
                self.write_terms(out, args);
                out.push(')');
            }
            Term::Let(binds, body) => {
                out.push_str("(let (");
                for (i, (v, t)) in binds.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push('(');
                    write_symbol(out, v);
                    out.push(' ');
                    self.write_term(out, t);
                    out.push(')');
                }
                out.push_str(") ");
                self.write_term(out, body);
                out.push(')');
            }
            Term::Quant(q) => {
                out.push_str(match q.kind {
                    QuantKind::Forall => "(forall (",
                    QuantKind::Exists => "(exists (",
                });
                for (i, (v, s)) in q.vars.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push('(');
                    write_symbol(out, v);
                    out.push(' ');
                    self.write_sort(out, s);
                    out.push(')');
                }
                out.push_str(") ");
                if q.patterns.is_empty() {
                    self.write_term(out, &q.body);
                } else {
                    out.push_str("(! ");
                    self.write_term(out, &q.body);
                    for p in &q.patterns {
                        out.push_str(" :pattern (");
                        self.write_terms(out, p);
                        out.push(')');
                    }
                    out.push(')');
                }
                out.push(')');
            }
        }
    }

    fn write_terms(&self, out: &mut String, ts: &[Term]) {
        for (i, t) in ts.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            self.write_term(out, t);
        }
    }

    fn write_app(&self, out: &mut String, op: Op, args: &[Term]) {
        if op.is_nullary() && args.is_empty() {
            // `(_ +zero 8 24)`: an indexed constant.
            if op.is_indexed() {
                let _ = write!(out, "(_ {}", op.name_in(self.dialect));
                for i in op.indices() {
                    let _ = write!(out, " {i}");
                }
                out.push(')');
            } else {
                out.push_str(op.name_in(self.dialect));
            }
            return;
        }
        out.push('(');
        match (op, self.dialect.legacy_names()) {
            (Op::ReLoop(lo, hi), true) => {
                let _ = write!(out, "{} ", op.name_in(self.dialect));
                self.write_terms(out, args);
                let _ = write!(out, " {lo} {hi})");
                return;
            }
            (Op::RePower(n), true) => {
                let _ = write!(out, "{} ", Op::ReLoop(n, n).name_in(self.dialect));
                self.write_terms(out, args);
                let _ = write!(out, " {n} {n})");
                return;
            }
            // The old releases lack `str.is_digit` and `re.diff`; both have
            // an exact equivalent there.
            (Op::StrIsDigit, true) if args.len() == 1 => {
                let _ = write!(out, "{} ", Op::StrInRe.name_in(self.dialect));
                self.write_term(out, &args[0]);
                let _ = write!(out, r#" ({} "0" "9"))"#, Op::ReRange.name_in(self.dialect));
                return;
            }
            // cvc5 1.0.3 refuses a one-bit significand in `fp`; the same
            // value from its bits reads there.
            (Op::FpLit, _) if !self.dialect.reads_one_bit_fp_literal() => {
                if let [Term::BitVec(s), Term::BitVec(e), Term::BitVec(m)] = args
                    && s.width() == 1
                    && m.width() == 1
                {
                    let bits = (s.value() << (e.width() + 1)) | (e.value() << 1u32) | m.value();
                    let bv = BitVec::new(e.width() + 2, bits);
                    let _ = write!(out, "(_ to_fp {} 2) {})", e.width(), bv.binary());
                    return;
                }
                out.push_str(op.name_in(self.dialect));
            }
            (Op::ReDiff, true) if args.len() == 2 => {
                let _ = write!(out, "{} ", Op::ReInter.name_in(self.dialect));
                self.write_term(out, &args[0]);
                let _ = write!(out, " ({} ", Op::ReComp.name_in(self.dialect));
                self.write_term(out, &args[1]);
                out.push_str("))");
                return;
            }
            (Op::ReLoop(lo, hi), _) => {
                let _ = write!(out, "(_ re.loop {lo} {hi})");
            }
            (Op::RePower(n), _) => {
                let _ = write!(out, "(_ re.^ {n})");
            }
            _ if !op.indices().is_empty() => {
                let _ = write!(out, "(_ {}", op.name_in(self.dialect));
                for i in op.indices() {
                    let _ = write!(out, " {i}");
                }
                out.push(')');
            }
            _ => out.push_str(op.name_in(self.dialect)),
        }
        for a in args {
            out.push(' ');
            self.write_term(out, a);
        }
        out.push(')');
    }

    /// Appends an S-expression.
    pub fn write_sexpr(&self, out: &mut String, e: &SExpr) {
        match e {
            SExpr::Symbol(s) => write_symbol(out, s),
            SExpr::Keyword(k) => {
                out.push(':');
                out.push_str(k);
            }
            SExpr::Numeral(n) => {
                let _ = write!(out, "{n}");
            }
            SExpr::Decimal(d) => out.push_str(d),
            SExpr::Str(s) => {
                out.push('"');
                out.push_str(&s.replace('"', "\"\""));
                out.push('"');
            }
            SExpr::List(items) => {
                out.push('(');
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    self.write_sexpr(out, it);
                }
                out.push(')');
            }
        }
    }

    /// Appends a command (no trailing newline).
    pub fn write_command(&self, out: &mut String, c: &Command) {
        match c {
            Command::SetLogic(l) => {
                out.push_str("(set-logic ");
                write_symbol(out, l);
                out.push(')');
            }
            Command::SetOption(k, v) | Command::SetInfo(k, v) => {
                out.push_str(if matches!(c, Command::SetOption(..)) {
                    "(set-option :"
                } else {
                    "(set-info :"
                });
                out.push_str(k);
                out.push(' ');
                self.write_sexpr(out, v);
                out.push(')');
            }
            Command::DeclareConst(n, s) => {
                out.push_str("(declare-const ");
                write_symbol(out, n);
                out.push(' ');
                self.write_sort(out, s);
                out.push(')');
            }
            Command::DeclareFun(n, args, s) => {
                out.push_str("(declare-fun ");
                write_symbol(out, n);
                out.push_str(" (");
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    self.write_sort(out, a);
                }
                out.push_str(") ");
                self.write_sort(out, s);
                out.push(')');
            }
            Command::DefineFun {
                name,
                params,
                sort,
                body,
            } => {
                out.push_str("(define-fun ");
                write_symbol(out, name);
                out.push_str(" (");
                for (i, (p, s)) in params.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push('(');
                    write_symbol(out, p);
                    out.push(' ');
                    self.write_sort(out, s);
                    out.push(')');
                }
                out.push_str(") ");
                self.write_sort(out, sort);
                out.push(' ');
                self.write_term(out, body);
                out.push(')');
            }
            Command::Assert(Assertion { term, name }) => {
                out.push_str("(assert ");
                match name {
                    Some(n) => {
                        out.push_str("(! ");
                        self.write_term(out, term);
                        out.push_str(" :named ");
                        write_symbol(out, n);
                        out.push(')');
                    }
                    None => self.write_term(out, term),
                }
                out.push(')');
            }
            Command::CheckSat => out.push_str("(check-sat)"),
            Command::GetModel => out.push_str("(get-model)"),
            Command::GetUnsatCore => out.push_str("(get-unsat-core)"),
            Command::GetValue(ts) => {
                out.push_str("(get-value (");
                self.write_terms(out, ts);
                out.push_str("))");
            }
            Command::Push(n) => {
                let _ = write!(out, "(push {n})");
            }
            Command::Pop(n) => {
                let _ = write!(out, "(pop {n})");
            }
            Command::Echo(s) => {
                out.push_str("(echo ");
                self.write_sexpr(out, &SExpr::Str(s.clone()));
                out.push(')');
            }
            Command::Exit => out.push_str("(exit)"),
            Command::CheckSatAssuming(ts) => {
                out.push_str("(check-sat-assuming (");
                self.write_terms(out, ts);
                out.push_str("))");
            }
            Command::DefineSort { name, params, body } => {
                out.push_str("(define-sort ");
                write_symbol(out, name);
                out.push_str(" (");
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    write_symbol(out, p);
                }
                out.push_str(") ");
                self.write_sexpr(out, body);
                out.push(')');
            }
            Command::Reset => out.push_str("(reset)"),
            Command::ResetAssertions => out.push_str("(reset-assertions)"),
            Command::GetInfo(k) => {
                let _ = write!(out, "(get-info :{k})");
            }
            Command::GetOption(k) => {
                let _ = write!(out, "(get-option :{k})");
            }
            Command::Query(name) => {
                let _ = write!(out, "({name})");
            }
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Printer::default().term(self))
    }
}

impl fmt::Display for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Printer::default().script(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_releases_get_byte_escapes() {
        let s =
            SmtString::from_chars(vec![0x61, 0x22, 0x5c, 0x0a, 0x00, 0x7f, 0xe9, 0x100]).unwrap();
        for d in [Dialect::Z3Bytes, Dialect::Legacy, Dialect::Legacy485] {
            assert_eq!(
                string_literal_in(&s, d),
                r#""a""\\\x0a\x00\x7f\xe9\u{100}""#
            );
        }
        assert_eq!(string_literal_in(&s, Dialect::Cvc5), string_literal(&s));
    }

    #[test]
    fn negative_integers_print_as_negation() {
        assert_eq!(Term::int(-5).to_string(), "(- 5)");
        assert_eq!(Term::int(0).to_string(), "0");
    }

    #[test]
    fn symbols_are_quoted_when_not_simple() {
        assert_eq!(Term::var("x1").to_string(), "x1");
        assert_eq!(Term::var("1x").to_string(), "|1x|");
        assert_eq!(Term::var("a b").to_string(), "|a b|");
        assert_eq!(Term::var("let").to_string(), "|let|");
    }

    #[test]
    fn reglan_is_regex_string_for_the_releases_with_the_old_names() {
        let mut out = String::new();
        let sort = Sort::Array(Box::new(Sort::Int), Box::new(Sort::RegLan));
        Printer::new(Dialect::Legacy485).write_sort(&mut out, &sort);
        assert_eq!(out, "(Array Int (RegEx String))");
        for d in Dialect::ALL {
            let mut out = String::new();
            Printer::new(d).write_sort(&mut out, &Sort::RegLan);
            let want = if d.legacy_names() {
                "(RegEx String)"
            } else {
                "RegLan"
            };
            assert_eq!(out, want, "{d:?}");
        }
    }

    #[test]
    fn sequences_print_with_their_sorts() {
        let inner = Sort::seq(Sort::BitVec(8));
        let e = Term::SeqEmpty(inner.clone());
        let unit = Term::app(Op::SeqUnit, vec![Term::SeqEmpty(Sort::BitVec(8))]);
        let t = Term::app(Op::SeqConcat, vec![unit, e]);
        let text = t.to_string();
        assert_eq!(
            text,
            "(seq.++ (seq.unit (as seq.empty (Seq (_ BitVec 8)))) \
             (as seq.empty (Seq (Seq (_ BitVec 8)))))"
        );
        let mut out = String::new();
        let sort = Sort::seq(Sort::Array(Box::new(Sort::Int), Box::new(Sort::RegLan)));
        Printer::new(Dialect::Legacy).write_sort(&mut out, &sort);
        assert_eq!(out, "(Seq (Array Int (RegEx String)))");
    }

    #[test]
    fn indexed_operators_print_in_both_dialects() {
        let r = Term::app(
            Op::ReLoop(1, 3),
            vec![Term::app(Op::StrToRe, vec![Term::str("a")])],
        );
        assert_eq!(r.to_string(), r#"((_ re.loop 1 3) (str.to_re "a"))"#);
        assert_eq!(
            Printer::new(Dialect::Legacy).term(&r),
            r#"(re.loop (str.to.re "a") 1 3)"#
        );
        assert_eq!(Term::app(Op::ReAllchar, vec![]).to_string(), "re.allchar");
    }
}
