//! Model values: a term, or Z3's `(lambda ((x I)) body)` for an array,
//! read as the `store` chain over a constant array that denotes the same
//! function.
//!
//! # Invariant
//!
//! Only a lambda whose body is a finite case split on its parameter with
//! closed branches is read; any other lambda is an error, never a guess.

use super::cursor::Parser;
use crate::term::error::ParseError;
use crate::term::lexer::Tok;
use crate::term::{Op, Sort, Symbol, Term};

impl Parser<'_> {
    /// `(lambda ((x I)) body)` for an array whose body is a finite case
    /// split on `x` (see [`lambda_as_array`]), read as the `store` chain
    /// over a constant array that denotes the same function.
    pub(crate) fn model_value(&mut self) -> Result<Term, ParseError> {
        let mut look = Parser::at(self.lex.src(), self.pos(), self.escapes);
        let lambda = look.next()?.tok == Tok::LParen && look.next()?.tok == Tok::Symbol("lambda");
        if !lambda {
            return Ok(self.term()?.0);
        }
        self.next()?;
        let at = self.next()?;
        let params = self.params()?;
        let (body, _) = self.term()?;
        self.rparen()?;
        match params.as_slice() {
            [(x, index)] => lambda_as_array(x, index, &body),
            _ => None,
        }
        .ok_or_else(|| {
            self.error(
                at,
                "a lambda of one parameter whose body is a case split on it \
                 (`ite` over `(= x k)` with constant branches)",
            )
        })
    }
}

/// `(lambda ((x index)) body)` as an array term, when `body` is a case
/// split on `x` with closed branches: `(ite T v rest)` where the test `T`
/// is `(= x k)`, `(= k x)` or an `or` of those (closed keys `k`), ending
/// in a closed default; or, for a Bool element, a test itself (`true` at
/// its keys) or its negation. The first test that holds wins, so the
/// outermost `ite` is stored last.
pub(super) fn lambda_as_array(x: &Symbol, index: &Sort, body: &Term) -> Option<Term> {
    let closed = |t: &Term| t.free_vars().is_empty();
    let keys = |t: &Term| -> Option<Vec<Term>> {
        let mut out = Vec::new();
        let mut todo = vec![t];
        while let Some(t) = todo.pop() {
            match t {
                Term::App(Op::Or, args) => todo.extend(args.iter().rev()),
                Term::App(Op::Eq, args) => match args.as_slice() {
                    [Term::Var(v), k] | [k, Term::Var(v)] if v == x && closed(k) => {
                        out.push(k.clone())
                    }
                    _ => return None,
                },
                _ => return None,
            }
        }
        Some(out)
    };
    let mut stores: Vec<(Term, Term)> = Vec::new();
    let mut t = body;
    let default = loop {
        match t {
            Term::App(Op::Ite, args) if args.len() == 3 && closed(&args[1]) => {
                let ks = keys(&args[0])?;
                stores.extend(ks.into_iter().map(|k| (k, args[1].clone())));
                t = &args[2];
            }
            _ if closed(t) => break t.clone(),
            Term::App(Op::Not, args) if args.len() == 1 => {
                let ks = keys(&args[0])?;
                stores.extend(ks.into_iter().map(|k| (k, Term::Bool(false))));
                break Term::Bool(true);
            }
            _ => {
                let ks = keys(t)?;
                stores.extend(ks.into_iter().map(|k| (k, Term::Bool(true))));
                break Term::Bool(false);
            }
        }
    };
    let element = default.sort(&|_| None).ok()?;
    let sort = Sort::Array(Box::new(index.clone()), Box::new(element));
    Some(
        stores
            .into_iter()
            .rev()
            .fold(Term::const_array(sort, default), |acc, (k, v)| {
                Term::app(Op::Store, vec![acc, k, v])
            }),
    )
}
