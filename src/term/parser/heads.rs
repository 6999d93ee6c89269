//! Heads of applications: what follows `(` in term position (`let`,
//! quantifiers, `!`, operators, defined functions, indexed identifiers,
//! `(as const S)`), annotation attributes, and the arity check that turns a
//! head and its arguments into a term.
//!
//! # Invariant
//!
//! Every operator of [`Op`] is read under its SMT-LIB 2.6 name and under
//! the [`Dialect::Legacy`](crate::term::Dialect::Legacy) names (plus Z3's
//! older `str.in-re`, `str.to-int`, `int.to-str`), so output of either
//! printer dialect parses; an application with the wrong number of
//! arguments is an error at its `(`.

use num_rational::BigRational;

use super::cursor::{Parser, is_reserved};
use super::frame::{Frame, Head};
use super::re_loop::{re_loop, re_power, small_index};
use crate::term::error::ParseError;
use crate::term::lexer::{Tok, Token};
use crate::term::real_literal::{fold_div, fold_neg};
use crate::term::{Op, QuantKind, Sort, Term};

impl<'a> Parser<'a> {
    /// After `((` with `as` next: `(as const S)`, `S` an array sort.
    pub(super) fn const_array_head(&mut self, lparen: Token<'a>) -> Result<Frame, ParseError> {
        self.next()?;
        let c = self.next()?;
        if c.tok != Tok::Symbol("const") {
            return Err(self.error(c, "`const` (the only qualified identifier supported)"));
        }
        let at = self.peek()?;
        let sort = self.sort()?;
        if !matches!(sort, Sort::Array(..)) {
            return Err(self.error(at, "an array sort after `as const`"));
        }
        self.rparen()?;
        Ok(Frame::App {
            head: Head::ConstArray(sort),
            args: Vec::new(),
            start: lparen.start,
        })
    }

    /// Reads what follows `(` in term position and returns the frame that
    /// will collect the rest.
    pub(super) fn open(&mut self, lparen: Token<'a>) -> Result<Frame, ParseError> {
        let h = self.next()?;
        match h.tok {
            Tok::Symbol("let") => {
                self.lparen()?;
                let t = self.next()?;
                match t.tok {
                    Tok::LParen => Ok(Frame::LetBind {
                        binds: Vec::new(),
                        name: self.symbol()?,
                    }),
                    Tok::RParen => Ok(Frame::LetBody { binds: Vec::new() }),
                    _ => Err(self.error(t, "`(` opening a binding")),
                }
            }
            Tok::Symbol(q @ ("forall" | "exists")) => {
                let kind = if q == "forall" {
                    QuantKind::Forall
                } else {
                    QuantKind::Exists
                };
                Ok(Frame::Quant {
                    kind,
                    vars: self.sorted_vars()?,
                })
            }
            Tok::Symbol("!") => Ok(Frame::Annot {
                term: None,
                patterns: Vec::new(),
                current: None,
                named: None,
            }),
            Tok::Symbol(s) if is_reserved(s) => Err(self.error(
                h,
                "a function symbol (`_` and `as` heads are not supported here)",
            )),
            // Z3's model value for an irrational algebraic number: no
            // rational equals it, so there is no Real literal to read.
            Tok::Symbol("root-obj") => Err(self.error(
                h,
                "a rational value (`root-obj`, an irrational algebraic number, has none)",
            )),
            Tok::Symbol(s) | Tok::Quoted(s) => match op_by_name(s) {
                Some(Head::Op(op)) if op.is_nullary() => {
                    Err(self.error(h, format!("a function symbol (`{s}` is a constant)")))
                }
                Some(head) => Ok(Frame::App {
                    head,
                    args: Vec::new(),
                    start: lparen.start,
                }),
                None => match self.defs.fun_index.get(s) {
                    Some(&i) => Ok(Frame::App {
                        head: Head::Defined(i),
                        args: Vec::new(),
                        start: lparen.start,
                    }),
                    None if self.defs.uninterpreted.contains_key(s) => Ok(Frame::App {
                        head: Head::Uninterpreted(s.to_string()),
                        args: Vec::new(),
                        start: lparen.start,
                    }),
                    None => Err(self.error(h, "a known function symbol")),
                },
            },
            Tok::LParen => {
                let u = self.peek()?;
                if u.tok != Tok::Symbol("_") && u.tok != Tok::Symbol("as") {
                    return Err(self.error(u, "`_` or `as` opening an indexed identifier"));
                }
                if u.tok == Tok::Symbol("as") {
                    return self.const_array_head(lparen);
                }
                self.next()?;
                let name = self.next()?;
                let head = match name.tok {
                    Tok::Symbol("re.loop") => {
                        let lo = self.numeral_big()?;
                        let hi = self.numeral_big()?;
                        match (small_index(&lo), small_index(&hi)) {
                            (Some(lo), Some(hi)) => Head::Op(Op::ReLoop(lo, hi)),
                            _ => Head::BigLoop(lo, hi),
                        }
                    }
                    Tok::Symbol("re.^") => {
                        let n = self.numeral_big()?;
                        match small_index(&n) {
                            Some(n) => Head::Op(Op::RePower(n)),
                            None => Head::BigPower(n),
                        }
                    }
                    Tok::Symbol(s) if Op::from_name(s).is_some_and(Op::is_indexed) => {
                        let kind = Op::from_name(s).expect("just found");
                        let mut indices = [0; 2];
                        for index in indices.iter_mut().take(kind.index_count()) {
                            *index = self.numeral_u32("an index")?;
                        }
                        Head::Op(kind.with_indices(&indices))
                    }
                    _ => return Err(self.error(name, indexed_functions())),
                };
                self.rparen()?;
                Ok(Frame::App {
                    head,
                    args: Vec::new(),
                    start: lparen.start,
                })
            }
            _ => Err(self.error(h, "a function symbol")),
        }
    }

    /// Reads attributes of a `(! t ...)` after `t` until `)` (returns true)
    /// or until a pattern term must be read (returns false).
    pub(super) fn attributes(&mut self, frame: &mut Frame) -> Result<bool, ParseError> {
        let Frame::Annot {
            patterns,
            current,
            named,
            ..
        } = frame
        else {
            unreachable!("attributes of a non-annotation")
        };
        loop {
            let t = self.next()?;
            match t.tok {
                Tok::RParen => return Ok(true),
                Tok::Keyword("pattern") => {
                    self.lparen()?;
                    if self.at_rparen()? {
                        self.next()?;
                        patterns.push(Vec::new());
                    } else {
                        *current = Some(Vec::new());
                        return Ok(false);
                    }
                }
                Tok::Keyword("named") => *named = Some(self.symbol()?),
                Tok::Keyword(_) => {
                    if !matches!(self.peek()?.tok, Tok::Keyword(_) | Tok::RParen) {
                        self.skip_sexpr()?;
                    }
                }
                _ => return Err(self.error(t, "an attribute (`:pattern`, `:named`, ...) or `)`")),
            }
        }
    }

    pub(super) fn finish_app(
        &self,
        head: Head,
        mut args: Vec<Term>,
        start: usize,
        last_numeral: bool,
    ) -> Result<Term, ParseError> {
        let arity_error = |expected: String| {
            ParseError::at(
                self.lex.src(),
                start,
                expected,
                format!("{} arguments", args.len()),
            )
        };
        match head {
            Head::Minus => match args.len() {
                1 if last_numeral => {
                    let Some(Term::Int(n)) = args.pop() else {
                        unreachable!("numeral")
                    };
                    Ok(Term::Int(-n))
                }
                // A negative rational's spelling, `(- 1.5)`.
                1 => match &args[0] {
                    Term::Real(r) => {
                        Ok(fold_neg(r, self.values).map_or(Term::App(Op::Neg, args), Term::Real))
                    }
                    _ => Ok(Term::App(Op::Neg, args)),
                },
                _ => Ok(Term::App(Op::Sub, args)),
            },
            Head::LegacyLoop => {
                let bound = |t: &Term| match t {
                    Term::Int(n) => n.to_biguint(),
                    _ => None,
                };
                match args.as_slice() {
                    [_, lo, hi] => match (bound(lo), bound(hi)) {
                        (Some(lo), Some(hi)) => {
                            args.truncate(1);
                            Ok(re_loop(args.pop().expect("one"), lo, hi))
                        }
                        _ => Err(arity_error("`re.loop` bounds that are numerals".into())),
                    },
                    _ => Err(arity_error("`re.loop` with 3 arguments (r lo hi)".into())),
                }
            }
            Head::BigLoop(lo, hi) => match args.len() {
                1 => Ok(re_loop(args.pop().expect("one"), lo, hi)),
                _ => Err(arity_error("`re.loop` with 1 argument".into())),
            },
            Head::BigPower(n) => match args.len() {
                1 => Ok(re_power(args.pop().expect("one"), n)),
                _ => Err(arity_error("`re.^` with 1 argument".into())),
            },
            Head::Defined(_) => unreachable!("definitions are expanded by the caller"),
            // Its sort is checked with the declarations (`Term::sort`).
            Head::Uninterpreted(f) => Ok(Term::Apply(f, args)),
            Head::ConstArray(sort) => match args.len() {
                1 => Ok(Term::ConstArray(sort, Box::new(args.pop().expect("one")))),
                _ => Err(arity_error("`(as const ...)` with 1 argument".into())),
            },
            Head::Op(op) => {
                let (min, max) = op.arity().bounds();
                let n = args.len();
                if n < min || max.is_some_and(|m| n > m) {
                    let want = match max {
                        Some(m) if m == min => format!("`{}` with {min} arguments", op.name()),
                        _ => format!("`{}` with at least {min} arguments", op.name()),
                    };
                    return Err(arity_error(want));
                }
                // A fraction's spelling: ours and Z3's `(/ 1.0 3.0)`, and
                // in an answer cvc5's `(/ 1 3)`, whose numerals can only be
                // reals here (`/` has no other rank).
                if let (Op::RealDiv, [m, n]) = (op, &args[..])
                    && let (Some(m), Some(n)) = (integral(m), integral(n))
                    && let real = args.iter().all(|a| matches!(a, Term::Real(_)))
                    && let Some(r) = fold_div(&m, &n, real, self.values)
                {
                    return Ok(Term::Real(r));
                }
                Ok(Term::App(op, args))
            }
        }
    }
}

/// The value of an Int literal or an integral Real literal, as a rational.
fn integral(t: &Term) -> Option<BigRational> {
    match t {
        Term::Int(n) => Some(BigRational::from_integer(n.clone())),
        Term::Real(r) if r.is_integer() => Some(r.clone()),
        _ => None,
    }
}

/// The head a (non-indexed) function symbol names, in any dialect
/// ([`Op::from_name`]): `-` is negation or subtraction by arity, and a bare
/// `re.loop` the pre-2020 loop with its bounds as arguments.
pub(super) fn op_by_name(s: &str) -> Option<Head> {
    match s {
        "-" => Some(Head::Minus),
        "re.loop" => Some(Head::LegacyLoop),
        _ => Op::from_name(s).filter(|op| !op.is_indexed()).map(Head::Op),
    }
}

/// What an indexed identifier may name, for the error that it names
/// something else: every indexed operator of the table.
pub(super) fn indexed_functions() -> String {
    let names: Vec<String> = crate::term::OPERATORS
        .iter()
        .filter(|r| r.op.is_indexed())
        .map(|r| format!("`{}`", r.name))
        .collect();
    format!("an indexed function ({})", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::Dialect;

    #[test]
    fn every_operator_name_reads_back_in_both_dialects() {
        for &op in Op::UNINDEXED {
            for d in [Dialect::Smtlib26, Dialect::Legacy] {
                match op_by_name(op.name_in(d)) {
                    Some(Head::Op(o)) => assert_eq!(o, op),
                    Some(Head::Minus) => assert!(matches!(op, Op::Sub | Op::Neg)),
                    other => panic!("{op:?} in {d:?} reads as {other:?}"),
                }
            }
        }
    }
}
