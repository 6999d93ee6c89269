//! Conversion between closed `RegLan` terms and [`Regex`] values.
//!
//! # Invariants
//!
//! - [`Regex::to_term`] is canonical: equal values print equal terms, and
//!   `from_term(to_term(r)) == r` (tested as a round trip).
//! - [`Regex::from_term`] follows the standard on the corner cases:
//!   `(re.range s t)` is the set of characters between `s` and `t` when both
//!   are single characters, else `re.none`; `(_ re.loop i j)` with `i > j` is
//!   `re.none`.

use super::charset::CharSet;
use super::error::RegexError;
use super::node::{Kind, Regex};
use crate::term::{Op, SmtString, Term};

impl Regex {
    /// The value of a closed `RegLan` term whose string arguments are
    /// constants (the forms Z3 and cvc5 print in models included).
    ///
    /// `let` is accepted because Z3 prints RegLan model values with shared
    /// subterms bound by `let`, e.g.
    /// `(let ((a!1 (re.range "x" "z"))) (re.++ a!1 (re.* a!1)))`.
    pub fn from_term(t: &Term) -> Result<Regex, RegexError> {
        let (op, args) = match t {
            Term::App(op, args) => (op, args),
            Term::Let(binds, body) => {
                // Parallel bindings: each bound term is read in the outer scope.
                let map = binds.iter().map(|(v, b)| (v.clone(), b.clone())).collect();
                return Regex::from_term(&body.substitute(&map));
            }
            _ => return Err(RegexError::NotRegLan(t.to_string())),
        };
        let regs = || {
            args.iter()
                .map(Regex::from_term)
                .collect::<Result<Vec<_>, _>>()
        };
        let one = || -> Result<Regex, RegexError> {
            match args.as_slice() {
                [a] => Regex::from_term(a),
                _ => Err(RegexError::Arity(t.to_string())),
            }
        };
        let string = |a: &Term| match a {
            Term::Str(s) => Ok(s.clone()),
            _ => Err(RegexError::NotConstant(a.to_string())),
        };
        Ok(match op {
            Op::ReNone if args.is_empty() => Regex::none(),
            Op::ReAll if args.is_empty() => Regex::all(),
            Op::ReAllchar if args.is_empty() => Regex::allchar(),
            Op::StrToRe => match args.as_slice() {
                [a] => Regex::literal(&string(a)?),
                _ => return Err(RegexError::Arity(t.to_string())),
            },
            Op::ReRange => match args.as_slice() {
                [a, b] => Regex::range(&string(a)?, &string(b)?),
                _ => return Err(RegexError::Arity(t.to_string())),
            },
            Op::ReConcat if !args.is_empty() => Regex::concat(&regs()?),
            Op::ReUnion if !args.is_empty() => Regex::union(&regs()?),
            Op::ReInter if !args.is_empty() => Regex::inter(&regs()?),
            // re.diff is left-associative when given more than two arguments.
            Op::ReDiff if args.len() >= 2 => {
                let rs = regs()?;
                rs[1..].iter().fold(rs[0].clone(), |acc, r| acc.diff(r))
            }
            Op::ReComp => one()?.comp(),
            Op::ReStar => one()?.star(),
            Op::RePlus => one()?.plus(),
            Op::ReOpt => one()?.opt(),
            Op::RePower(n) => one()?.power(*n),
            Op::ReLoop(lo, hi) => one()?.loop_(*lo, *hi),
            _ => return Err(RegexError::NotRegLan(t.to_string())),
        })
    }

    /// The language of one string, `str.to_re`.
    pub fn literal(s: &SmtString) -> Regex {
        let parts: Vec<Regex> = s
            .chars()
            .iter()
            .map(|&c| Regex::class(CharSet::single(c)))
            .collect();
        Regex::concat(&parts)
    }

    /// `re.range`: the characters from `lo` to `hi` when both are single
    /// characters (empty when `lo > hi`), else `re.none`.
    pub fn range(lo: &SmtString, hi: &SmtString) -> Regex {
        match (lo.chars(), hi.chars()) {
            ([a], [b]) => Regex::class(CharSet::range(*a, *b)),
            _ => Regex::none(),
        }
    }

    /// The canonical SMT-LIB term for this language.
    pub fn to_term(&self) -> Term {
        let app = |op: Op, args: Vec<Term>| Term::App(op, args);
        match self.kind() {
            Kind::None => app(Op::ReNone, vec![]),
            Kind::Eps => str_to_re(Vec::new()),
            Kind::Class(s) => class_term(s),
            Kind::Concat(rs) => {
                // Runs of single characters print as one str.to_re literal.
                let mut out: Vec<Term> = Vec::new();
                let mut run: Vec<u32> = Vec::new();
                for r in rs {
                    match r.kind() {
                        Kind::Class(s) if s.as_single().is_some() => {
                            run.push(s.as_single().unwrap())
                        }
                        _ => {
                            if !run.is_empty() {
                                out.push(str_to_re(std::mem::take(&mut run)));
                            }
                            out.push(r.to_term());
                        }
                    }
                }
                if !run.is_empty() {
                    out.push(str_to_re(run));
                }
                if out.len() == 1 {
                    out.pop().unwrap()
                } else {
                    app(Op::ReConcat, out)
                }
            }
            Kind::Union(rs) => {
                let has_eps = rs.iter().any(|r| matches!(r.kind(), Kind::Eps));
                let rest: Vec<Term> = rs
                    .iter()
                    .filter(|r| !matches!(r.kind(), Kind::Eps))
                    .map(Regex::to_term)
                    .collect();
                let body = if rest.len() == 1 {
                    rest.into_iter().next().unwrap()
                } else {
                    app(Op::ReUnion, rest)
                };
                if has_eps {
                    app(Op::ReOpt, vec![body])
                } else {
                    body
                }
            }
            Kind::Inter(rs) => app(Op::ReInter, rs.iter().map(Regex::to_term).collect()),
            Kind::Comp(r) => app(Op::ReComp, vec![r.to_term()]),
            Kind::Loop(r, lo, hi) => {
                let inner = r.to_term();
                match (lo, hi) {
                    (0, None) if matches!(r.kind(), Kind::Class(s) if s.is_full()) => {
                        app(Op::ReAll, vec![])
                    }
                    (0, None) => app(Op::ReStar, vec![inner]),
                    (1, None) => app(Op::RePlus, vec![inner]),
                    (n, None) => app(
                        Op::ReConcat,
                        vec![
                            app(Op::RePower(*n), vec![inner.clone()]),
                            app(Op::ReStar, vec![inner]),
                        ],
                    ),
                    (l, Some(h)) if l == h => app(Op::RePower(*l), vec![inner]),
                    (l, Some(h)) => app(Op::ReLoop(*l, *h), vec![inner]),
                }
            }
        }
    }
}

fn str_to_re(chars: Vec<u32>) -> Term {
    Term::App(
        Op::StrToRe,
        vec![Term::Str(SmtString::from_vec_unchecked(chars))],
    )
}

fn class_term(s: &CharSet) -> Term {
    if s.is_full() {
        return Term::App(Op::ReAllchar, vec![]);
    }
    let one = |&(lo, hi): &(u32, u32)| {
        if lo == hi {
            str_to_re(vec![lo])
        } else {
            Term::App(
                Op::ReRange,
                vec![
                    Term::Str(SmtString::from_vec_unchecked(vec![lo])),
                    Term::Str(SmtString::from_vec_unchecked(vec![hi])),
                ],
            )
        }
    };
    match s.intervals() {
        [iv] => one(iv),
        ivs => Term::App(Op::ReUnion, ivs.iter().map(one).collect()),
    }
}
