//! Terms: literals, symbols, applications, `let`, quantifiers and
//! annotations, read with the parser's own stack.
//!
//! # Invariants
//!
//! - The reader keeps its own stack ([`Frame`]) and never recurses; nesting
//!   beyond [`MAX_DEPTH`] is an error.
//! - `(- n)` on a numeral literal is folded into `Term::Int(-n)`; any other
//!   unary `-` is [`Op::Neg`], and `-` with two or more arguments
//!   [`Op::Sub`].
//! - A decimal is a `Term::Real`; `(- r)` on a non-negative Real literal
//!   and `(/ m n)` on integral ones with `n > 0` are folded into the
//!   rational literal they spell (`real_literal.rs`).
//! - A use of a definition is expanded where it stands
//!   ([`Definitions::expand`](super::definitions::Definitions::expand)),
//!   unless a binder of the term rebinds its name.

use num_bigint::BigUint;

use super::MAX_DEPTH;
use super::cursor::{Parser, is_digits, is_reserved, parse_numeral};
use super::frame::{Annotation, Frame, Head, bound_by, current_is_open};
use super::heads::op_by_name;
use crate::term::error::ParseError;
use crate::term::lexer::{Tok, Token};
use crate::term::real_literal::decimal;
use crate::term::{BitVec, Op, Quantifier, Sort, Symbol, Term};

impl Parser<'_> {
    /// The body of definition `i` in place of its use at `at`, its
    /// parameters bound to `args` by a `let`.
    pub(super) fn expand(
        &mut self,
        at: Token<'_>,
        stack: &[Frame],
        i: usize,
        args: Vec<Term>,
    ) -> Result<Term, ParseError> {
        let depth = stack.len();
        self.defs
            .expand(i, args, &mut self.expanded, depth, |v| bound_by(stack, v))
            .map_err(|expected| self.error(at, expected))
    }

    /// A bit-vector literal's value from its digits (after `#b` or `#x`).
    pub(super) fn bitvec_literal(
        &self,
        t: Token<'_>,
        digits: &str,
        read: fn(&str) -> Option<BitVec>,
    ) -> Result<Term, ParseError> {
        self.check_numeral(t, digits)?;
        read(digits)
            .map(Term::BitVec)
            .ok_or_else(|| self.error(t, "a bit-vector literal"))
    }

    /// After `(` with `_` next: the QF_BV literal `(_ bvN m)`, or a
    /// floating-point constant `(_ +zero eb sb)`, `(_ -zero eb sb)`, `(_
    /// +oo eb sb)`, `(_ -oo eb sb)`, `(_ NaN eb sb)`: the indexed
    /// identifiers that are constants.
    pub(super) fn indexed_constant(&mut self) -> Result<Term, ParseError> {
        self.next()?;
        let name = self.next()?;
        let value = match name.tok {
            Tok::Symbol(s) if s.len() > 2 && s.starts_with("bv") && is_digits(&s[2..]) => {
                self.check_numeral(name, &s[2..])?;
                s[2..].parse::<BigUint>().expect("digits")
            }
            Tok::Symbol(s)
                if Op::from_name(s).is_some_and(|op| op.is_indexed() && op.is_nullary()) =>
            {
                let kind = Op::from_name(s).expect("just found");
                let at = self.peek()?;
                let eb = self.numeral_u32("an exponent width")?;
                let sb = self.numeral_u32("a significand width")?;
                if eb < 2 || sb < 2 {
                    return Err(self.error(at, "widths eb > 1 and sb > 1"));
                }
                self.rparen()?;
                return Ok(Term::App(kind.with_indices(&[eb, sb]), Vec::new()));
            }
            _ => {
                return Err(self.error(
                    name,
                    "a constant `(_ bvN m)`, `(_ +zero eb sb)`, `(_ NaN eb sb)`, ... \
                     (an indexed function must be applied)",
                ));
            }
        };
        let w = self.peek()?;
        let width = self.numeral_u32("a bit width")?;
        if width == 0 {
            return Err(self.error(w, "a bit width of at least 1"));
        }
        self.rparen()?;
        Ok(Term::BitVec(BitVec::new(width, value)))
    }

    /// After `(` with `as` next: `(as seq.empty (Seq S))`, the only
    /// qualified constant (`(as const S)` is a function, read as a head).
    pub(super) fn seq_empty(&mut self) -> Result<Term, ParseError> {
        self.next()?;
        let name = self.next()?;
        if name.tok != Tok::Symbol("seq.empty") {
            return Err(self.error(
                name,
                "`seq.empty` (`(as const S)` is applied: `((as const S) v)`)",
            ));
        }
        let at = self.peek()?;
        let Sort::Seq(element) = self.sort()? else {
            return Err(self.error(at, "a sequence sort after `as seq.empty`"));
        };
        self.rparen()?;
        Ok(Term::SeqEmpty(*element))
    }

    /// The term a symbol stands for in term position.
    pub(super) fn atom(s: &str) -> Term {
        match s {
            "true" => Term::Bool(true),
            "false" => Term::Bool(false),
            _ => match op_by_name(s) {
                Some(Head::Op(op)) if op.is_nullary() => Term::App(op, Vec::new()),
                _ => Term::Var(s.to_string()),
            },
        }
    }

    /// Reads a term, and the `:named` label if the term was written
    /// `(! t ... :named n ...)`.
    pub fn term(&mut self) -> Result<(Term, Option<Symbol>), ParseError> {
        let mut stack: Vec<Frame> = Vec::new();
        'descend: loop {
            let t = self.next()?;
            let mut value = match t.tok {
                Tok::Numeral(s) => {
                    self.check_numeral(t, s)?;
                    Term::Int(parse_numeral(s))
                }
                Tok::Decimal(s) => {
                    self.check_numeral(t, s)?;
                    Term::Real(decimal(s))
                }
                Tok::Str(raw) => Term::Str(self.string(t, raw)?),
                Tok::Binary(text) => self.bitvec_literal(t, &text[2..], BitVec::from_binary)?,
                Tok::Hex(text) => self.bitvec_literal(t, &text[2..], BitVec::from_hex)?,
                Tok::Symbol(s) if is_reserved(s) => return Err(self.error(t, "a term")),
                Tok::Symbol(s) | Tok::Quoted(s) => match self.defs.fun_index.get(s) {
                    Some(&i) if !bound_by(&stack, s) => {
                        let def = &self.defs.funs[i];
                        if !def.params.is_empty() {
                            return Err(self.error(
                                t,
                                format!("a term (`{s}` takes {} arguments)", def.params.len()),
                            ));
                        }
                        self.expand(t, &stack, i, Vec::new())?
                    }
                    _ => Self::atom(s),
                },
                Tok::LParen if self.peek()?.tok == Tok::Symbol("_") => self.indexed_constant()?,
                Tok::LParen if self.peek()?.tok == Tok::Symbol("as") => self.seq_empty()?,
                Tok::LParen => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(
                            self.error(t, format!("a term nested at most {MAX_DEPTH} deep"))
                        );
                    }
                    stack.push(self.open(t)?);
                    continue 'descend;
                }
                _ => return Err(self.error(t, "a term")),
            };
            let mut last_numeral = matches!(t.tok, Tok::Numeral(_));
            let mut annotation: Option<Annotation> = None;
            // Hand the finished `value` up the stack until some frame needs
            // another term.
            loop {
                let Some(frame) = stack.pop() else {
                    return Ok((value, annotation.and_then(|a| a.named)));
                };
                match frame {
                    Frame::App {
                        head,
                        mut args,
                        start,
                    } => {
                        args.push(value);
                        if !self.at_rparen()? {
                            stack.push(Frame::App { head, args, start });
                            continue 'descend;
                        }
                        let close = self.next()?;
                        value = match head {
                            Head::Defined(i) => {
                                let at = Token {
                                    tok: Tok::LParen,
                                    start,
                                };
                                let want = self.defs.funs[i].params.len();
                                if args.len() != want {
                                    return Err(ParseError::at(
                                        self.lex.src(),
                                        start,
                                        format!(
                                            "`{}` with {want} arguments",
                                            self.defs.funs[i].name
                                        ),
                                        format!("{} arguments", args.len()),
                                    ));
                                }
                                let _ = close;
                                self.expand(at, &stack, i, args)?
                            }
                            _ => self.finish_app(head, args, start, last_numeral)?,
                        };
                    }
                    Frame::LetBind { mut binds, name } => {
                        self.rparen()?;
                        binds.push((name, value));
                        let t = self.next()?;
                        match t.tok {
                            Tok::LParen => {
                                let name = self.symbol()?;
                                stack.push(Frame::LetBind { binds, name });
                            }
                            Tok::RParen => stack.push(Frame::LetBody { binds }),
                            _ => return Err(self.error(t, "`(` opening a binding, or `)`")),
                        }
                        continue 'descend;
                    }
                    Frame::LetBody { binds } => {
                        self.rparen()?;
                        value = Term::Let(binds, Box::new(value));
                    }
                    Frame::Quant { kind, vars } => {
                        self.rparen()?;
                        let patterns = annotation.take().map(|a| a.patterns).unwrap_or_default();
                        value = Term::Quant(Box::new(Quantifier {
                            kind,
                            vars,
                            body: value,
                            patterns,
                        }));
                    }
                    Frame::Annot {
                        term,
                        mut patterns,
                        current,
                        named,
                    } => {
                        let (term, mut current) = match (term, current) {
                            (None, _) => (value, None),
                            (Some(term), Some(mut p)) => {
                                p.push(value);
                                (term, Some(p))
                            }
                            (Some(_), None) => unreachable!("an annotation waits for a term"),
                        };
                        if current.is_some() && self.at_rparen()? {
                            self.next()?;
                            patterns.extend(current.take());
                        }
                        let mut frame = Frame::Annot {
                            term: Some(term),
                            patterns,
                            current,
                            named,
                        };
                        if current_is_open(&frame) || !self.attributes(&mut frame)? {
                            stack.push(frame);
                            continue 'descend;
                        }
                        let Frame::Annot {
                            term,
                            patterns,
                            named,
                            ..
                        } = frame
                        else {
                            unreachable!()
                        };
                        value = term.expect("set above");
                        annotation = Some(Annotation { patterns, named });
                        last_numeral = false;
                        continue;
                    }
                }
                last_numeral = false;
                annotation = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::cursor::Parser;
    use crate::term::string_literal::StringEscapes;
    use crate::term::{Op, Term, parse_term};

    #[test]
    fn minus_folds_only_on_numerals() {
        assert_eq!(parse_term("(- 5)"), Ok(Term::int(-5)));
        assert_eq!(parse_term("(- 0)"), Ok(Term::int(0)));
        let x = Term::var("x");
        assert_eq!(parse_term("(- x)"), Ok(Term::app(Op::Neg, vec![x.clone()])));
        assert_eq!(
            parse_term("(- (- 5))"),
            Ok(Term::app(Op::Neg, vec![Term::int(-5)]))
        );
        assert_eq!(
            parse_term("(- x 1 2)"),
            Ok(Term::app(Op::Sub, vec![x, Term::int(1), Term::int(2)]))
        );
    }

    #[test]
    fn annotations_patterns_and_names() {
        let mut p = Parser::new("(! (> x 0) :named a1)", StringEscapes::Smtlib26);
        let (t, name) = p.term().unwrap();
        assert_eq!(name.as_deref(), Some("a1"));
        assert_eq!(t, Term::app(Op::Gt, vec![Term::var("x"), Term::int(0)]));
        let q = parse_term(
            "(forall ((x Int)) (! (> (f x) 0) :pattern ((f x)) :pattern (x y) :qid q1))",
        );
        // `f` is not an operator we know.
        assert!(q.is_err());
        let q = parse_term("(forall ((x Int) (y String)) (! (> (abs x) 0) :pattern ((abs x)) :qid q1 :pattern (x y)))").unwrap();
        let Term::Quant(q) = q else { panic!("{q:?}") };
        assert_eq!(q.vars.len(), 2);
        assert_eq!(
            q.patterns,
            vec![
                vec![Term::app(Op::Abs, vec![Term::var("x")])],
                vec![Term::var("x"), Term::var("y")]
            ]
        );
        // Nested: the inner annotation's patterns do not leak to an outer
        // non-quantifier.
        let t = parse_term("(and (! p :pattern (p)) (exists ((z Int)) (! (= z 1) :weight 3)))")
            .unwrap();
        let Term::App(Op::And, args) = t else {
            panic!()
        };
        assert_eq!(args[0], Term::var("p"));
        let Term::Quant(q) = &args[1] else { panic!() };
        assert!(q.patterns.is_empty());
    }

    #[test]
    fn let_bindings_are_parallel_lists() {
        let t = parse_term("(let ((a 1) (|b c| \"x\")) (let ((d a)) d))").unwrap();
        let inner = Term::Let(vec![("d".into(), Term::var("a"))], Box::new(Term::var("d")));
        assert_eq!(
            t,
            Term::Let(
                vec![("a".into(), Term::int(1)), ("b c".into(), Term::str("x"))],
                Box::new(inner)
            )
        );
    }
}
