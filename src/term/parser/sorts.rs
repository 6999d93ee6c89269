//! Sorts: `Bool`, `Int`, `String`, `RegLan` (also as old Z3 releases
//! spell it, `(RegEx String)` and `(RegEx (Seq (_ BitVec 8)))`), `(_ BitVec n)`, `(Array S T)`, `(Seq S)`,
//! the sorts `define-sort` names, and sorted-variable lists.
//!
//! # Invariant
//!
//! Sorts are read recursively, so their nesting is bounded by
//! [`MAX_SORT_DEPTH`], both as written and through `define-sort` bodies.

use std::collections::HashMap;

use super::MAX_SORT_DEPTH;
use super::cursor::Parser;
use super::definitions::SortDef;
use crate::term::error::ParseError;
use crate::term::lexer::{Tok, Token};
use crate::term::{SExpr, Sort, Symbol};

impl Parser<'_> {
    /// Reads a sort.
    pub fn sort(&mut self) -> Result<Sort, ParseError> {
        self.sort_at_depth(0)
    }

    pub(super) fn sort_at_depth(&mut self, depth: usize) -> Result<Sort, ParseError> {
        const EXPECTED: &str = "a sort (Bool, Int, Real, String, RegLan, (_ BitVec n), (Array S T), (Seq S), \
             (_ FloatingPoint eb sb), Float16/32/64/128, RoundingMode)";
        let t = self.next()?;
        match t.tok {
            Tok::Symbol(s) | Tok::Quoted(s) => match s {
                "Bool" => Ok(Sort::Bool),
                "Int" => Ok(Sort::Int),
                "Real" => Ok(Sort::Real),
                "String" => Ok(Sort::String),
                "RegLan" => Ok(Sort::RegLan),
                "RoundingMode" => Ok(Sort::RoundingMode),
                "Float16" => Ok(Sort::FloatingPoint(5, 11)),
                "Float32" => Ok(Sort::FloatingPoint(8, 24)),
                "Float64" => Ok(Sort::FloatingPoint(11, 53)),
                "Float128" => Ok(Sort::FloatingPoint(15, 113)),
                _ if self.defs.sorts.contains_key(s) => self.defined_sort(t, s, Vec::new()),
                _ => Err(self.error(t, EXPECTED)),
            },
            Tok::LParen => {
                if depth >= MAX_SORT_DEPTH {
                    return Err(
                        self.error(t, format!("a sort nested at most {MAX_SORT_DEPTH} deep"))
                    );
                }
                let h = self.next()?;
                match h.tok {
                    Tok::Symbol("_") => {
                        let name = self.next()?;
                        if name.tok == Tok::Symbol("FloatingPoint") {
                            let at = self.peek()?;
                            let eb = self.numeral_u32("an exponent width")?;
                            let sb = self.numeral_u32("a significand width")?;
                            if eb < 2 || sb < 2 {
                                return Err(self.error(at, "widths eb > 1 and sb > 1"));
                            }
                            self.rparen()?;
                            return Ok(Sort::FloatingPoint(eb, sb));
                        }
                        if name.tok != Tok::Symbol("BitVec") {
                            return Err(self.error(name, "`BitVec` or `FloatingPoint`"));
                        }
                        let w = self.peek()?;
                        let n = self.numeral_u32("a bit width")?;
                        if n == 0 {
                            return Err(self.error(w, "a bit width of at least 1"));
                        }
                        self.rparen()?;
                        Ok(Sort::BitVec(n))
                    }
                    Tok::Symbol("Array") | Tok::Quoted("Array") => {
                        let i = self.sort_at_depth(depth + 1)?;
                        let e = self.sort_at_depth(depth + 1)?;
                        self.rparen()?;
                        Ok(Sort::Array(Box::new(i), Box::new(e)))
                    }
                    Tok::Symbol("Seq") | Tok::Quoted("Seq") => {
                        let e = self.sort_at_depth(depth + 1)?;
                        self.rparen()?;
                        Ok(Sort::seq(e))
                    }
                    // Z3 before 4.8.8 names RegLan so, in models and
                    // in what it reads (`Printer` writes it for them);
                    // 4.8.7 also prints it over its strings' own sort,
                    // `(RegEx (Seq (_ BitVec 8)))`. We draw no regular
                    // expression over sequences, so both are RegLan.
                    Tok::Symbol("RegEx") => {
                        let e = self.peek()?;
                        let over = self.sort_at_depth(depth + 1)?;
                        if over != Sort::String && over != Sort::seq(Sort::BitVec(8)) {
                            return Err(self.error(e, "`String` (Z3's `(RegEx String)` is RegLan)"));
                        }
                        self.rparen()?;
                        Ok(Sort::RegLan)
                    }
                    Tok::Symbol(s) | Tok::Quoted(s) if self.defs.sorts.contains_key(s) => {
                        let mut args = Vec::new();
                        while !self.at_rparen()? {
                            args.push(self.sort_at_depth(depth + 1)?);
                        }
                        self.next()?;
                        self.defined_sort(h, s, args)
                    }
                    _ => Err(self.error(h, EXPECTED)),
                }
            }
            _ => Err(self.error(t, EXPECTED)),
        }
    }

    /// The sort a `define-sort` name applied to `args` stands for.
    pub(super) fn defined_sort(
        &self,
        at: Token<'_>,
        name: &str,
        args: Vec<Sort>,
    ) -> Result<Sort, ParseError> {
        let def = &self.defs.sorts[name];
        if def.params.len() != args.len() {
            return Err(self.error(
                at,
                format!("`{name}` with {} sort arguments", def.params.len()),
            ));
        }
        let env: HashMap<&str, Sort> = def.params.iter().map(String::as_str).zip(args).collect();
        sort_of_sexpr(&def.body, &env, &self.defs.sorts, 0)
            .map_err(|why| self.error(at, format!("a sort ({why})")))
    }

    /// Reads `((x S) ...)`, at least one variable (binders).
    pub(super) fn sorted_vars(&mut self) -> Result<Vec<(Symbol, Sort)>, ParseError> {
        self.sorted_var_list(false, "`(` opening a sorted variable")
    }

    /// Reads `((x S) ...)`, possibly empty (function parameters).
    pub fn params(&mut self) -> Result<Vec<(Symbol, Sort)>, ParseError> {
        self.sorted_var_list(true, "`(` opening a parameter or `)`")
    }

    /// `((x S) ...)`: a binder needs a variable, a function may have none.
    pub(super) fn sorted_var_list(
        &mut self,
        empty_ok: bool,
        expected: &str,
    ) -> Result<Vec<(Symbol, Sort)>, ParseError> {
        self.lparen()?;
        let mut vars = Vec::new();
        loop {
            let t = self.next()?;
            match t.tok {
                Tok::LParen => {
                    let v = self.symbol()?;
                    let s = self.sort()?;
                    self.rparen()?;
                    vars.push((v, s));
                }
                Tok::RParen if empty_ok || !vars.is_empty() => return Ok(vars),
                _ => return Err(self.error(t, expected)),
            }
        }
    }
}

/// The sort a `define-sort` body stands for, its parameters bound by `env`.
pub(super) fn sort_of_sexpr(
    e: &SExpr,
    env: &HashMap<&str, Sort>,
    defs: &HashMap<Symbol, SortDef>,
    depth: usize,
) -> Result<Sort, String> {
    if depth > MAX_SORT_DEPTH {
        return Err(format!(
            "sort definitions nested more than {MAX_SORT_DEPTH} deep"
        ));
    }
    let all = |items: &[SExpr]| {
        items
            .iter()
            .map(|i| sort_of_sexpr(i, env, defs, depth + 1))
            .collect::<Result<Vec<_>, String>>()
    };
    match e {
        SExpr::Symbol(s) => match (env.get(s.as_str()), s.as_str()) {
            (Some(sort), _) => Ok(sort.clone()),
            (None, "Bool") => Ok(Sort::Bool),
            (None, "Int") => Ok(Sort::Int),
            (None, "Real") => Ok(Sort::Real),
            (None, "String") => Ok(Sort::String),
            (None, "RegLan") => Ok(Sort::RegLan),
            (None, _) => match defs.get(s) {
                Some(d) if d.params.is_empty() => {
                    sort_of_sexpr(&d.body, &HashMap::new(), defs, depth + 1)
                }
                _ => Err(format!("unknown sort `{s}`")),
            },
        },
        SExpr::List(items) => match items.as_slice() {
            [SExpr::Symbol(u), SExpr::Symbol(bv), SExpr::Numeral(n)]
                if u == "_" && bv == "BitVec" =>
            {
                match u32::try_from(n) {
                    Ok(n) if n >= 1 => Ok(Sort::BitVec(n)),
                    _ => Err(format!("bit width {n}")),
                }
            }
            [SExpr::Symbol(a), i, el] if a == "Array" => {
                let v = all(&[i.clone(), el.clone()])?;
                let mut v = v.into_iter();
                Ok(Sort::Array(
                    Box::new(v.next().expect("two")),
                    Box::new(v.next().expect("two")),
                ))
            }
            [SExpr::Symbol(q), el] if q == "Seq" => {
                Ok(Sort::seq(sort_of_sexpr(el, env, defs, depth + 1)?))
            }
            [SExpr::Symbol(s), args @ ..] => match defs.get(s) {
                Some(d) if d.params.len() == args.len() => {
                    let args = all(args)?;
                    let inner: HashMap<&str, Sort> =
                        d.params.iter().map(String::as_str).zip(args).collect();
                    sort_of_sexpr(&d.body, &inner, defs, depth + 1)
                }
                _ => Err(format!("unknown sort `{s}`")),
            },
            _ => Err("an ill-formed sort".into()),
        },
        _ => Err("an ill-formed sort".into()),
    }
}

#[cfg(test)]
mod tests {
    use crate::term::{Command, Sort, parse_script};

    #[test]
    fn defined_sorts_with_and_without_parameters() {
        let s = parse_script(
            "(define-sort S () String)(define-sort M (K V) (Array K V))(define-sort N (V) (M S V))\
             (declare-const a (N Int))(declare-const b S)",
        )
        .unwrap();
        assert_eq!(
            s.commands[3],
            Command::DeclareConst(
                "a".into(),
                Sort::Array(Box::new(Sort::String), Box::new(Sort::Int))
            )
        );
        assert_eq!(
            s.commands[4],
            Command::DeclareConst("b".into(), Sort::String)
        );
        assert!(
            parse_script("(define-sort M (K) (Array K K))(declare-const a (M Int Int))").is_err()
        );
        // An unknown sort stays refused through a definition (this read
        // `Real` before the reals of issue 43).
        assert!(parse_script("(define-sort M () Float32)(declare-const a M)").is_err());
        let real = parse_script("(define-sort M () Real)(declare-const a M)").unwrap();
        assert_eq!(
            real.commands[1],
            Command::DeclareConst("a".into(), Sort::Real)
        );
    }
}
