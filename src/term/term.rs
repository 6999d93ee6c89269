//! Terms: constants, variables, operator applications, `let` and quantifiers.
//!
//! A [`Term`] is a plain tree (it derives `Clone`, `Hash`, `Eq`, `Serialize`)
//! so that it can travel inside a fuzzer input and be compared structurally.
//!
//! # Invariants
//!
//! - `Term::Int` holds any integer; a negative one prints as `(- n)` and the
//!   parser folds `(- n)` on a numeral back into `Term::Int`, so
//!   `App(Neg, [Int(n)])` with `n >= 0` is never produced by the parser.
//! - `Term::Real` holds any rational. It prints as SMT-LIB writes a
//!   rational without a division by a variable: a non-negative one whose
//!   decimal expansion ends as a decimal (`1.5`, `3.0`), any other
//!   non-negative one as `(/ n.0 d.0)` in lowest terms, a negative one as
//!   `(- p)` of its absolute value's form. The parser folds those forms
//!   back (`(- r)` on a non-negative Real literal, `(/ m n)` on integral
//!   Real literals with `n > 0`), so a printed `Term::Real` parses to
//!   itself.
//! - `App(op, args)` for a nullary `op` (`re.none`, `re.all`, `re.allchar`)
//!   has no arguments.
//! - `ConstArray(sort, v)` is `((as const sort) v)`: `sort` is an
//!   `(Array I E)` and `v` has sort `E` (checked by [`Term::sort`]).
//! - `SeqEmpty(e)` is `(as seq.empty (Seq e))`: it holds the *element*
//!   sort, so it cannot name a sort that is not a sequence.

use std::collections::{BTreeMap, BTreeSet};

use num_bigint::BigInt;
use num_rational::BigRational;
use serde::{Deserialize, Serialize};

use super::{BitVec, Op, SmtString, Sort};

/// An SMT-LIB symbol (variable, function or assertion name), unquoted.
pub type Symbol = String;

/// `forall` or `exists`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum QuantKind {
    /// `forall`
    Forall,
    /// `exists`
    Exists,
}

/// A quantified formula, with its instantiation patterns (triggers).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Quantifier {
    /// `forall` or `exists`.
    pub kind: QuantKind,
    /// The bound variables, in order.
    pub vars: Vec<(Symbol, Sort)>,
    /// The body, a Bool term.
    pub body: Term,
    /// Each pattern is a multi-trigger: `(! body :pattern (t1 t2))`.
    pub patterns: Vec<Vec<Term>>,
}

/// An SMT-LIB term.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Term {
    /// `true` / `false`
    Bool(bool),
    /// An integer constant of any size.
    Int(BigInt),
    /// A string constant.
    Str(SmtString),
    /// A bit-vector constant (`#b…`, `#x…`, `(_ bvN m)`).
    BitVec(BitVec),
    /// `((as const (Array I E)) v)`: the array mapping every index to `v`.
    /// The sort is the array's.
    ConstArray(Sort, Box<Term>),
    /// A variable: a declared constant or a bound variable.
    Var(Symbol),
    /// An operator applied to arguments.
    App(Op, Vec<Term>),
    /// `(let ((x t) ...) body)`: parallel bindings.
    Let(Vec<(Symbol, Term)>, Box<Term>),
    /// `forall` / `exists`.
    Quant(Box<Quantifier>),
    /// `(as seq.empty (Seq e))`, holding the element sort `e`. Declared
    /// after the others, so the serialized terms of older inputs keep
    /// their meaning.
    SeqEmpty(Sort),
    /// `(f a1 ... an)`: an uninterpreted function symbol (declared with
    /// `declare-fun`, of sort [`Sort::Fun`]) applied to `n >= 1`
    /// arguments. Declared last, as `SeqEmpty`.
    Apply(Symbol, Vec<Term>),
    /// A rational constant of sort `Real`, of any size and sign (see the
    /// invariants for how it prints and parses). Declared last, as
    /// `SeqEmpty`.
    Real(BigRational),
}

/// A term is ill-sorted, or uses a variable whose sort is unknown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SortError {
    /// A variable is neither declared nor bound.
    #[error("unknown symbol `{0}`")]
    UnknownSymbol(Symbol),
    /// An operator is applied to arguments of the wrong sorts.
    #[error("`{op}` cannot be applied to arguments of sorts ({})", .args.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" "))]
    IllSorted {
        /// The operator's SMT-LIB name.
        op: &'static str,
        /// The argument sorts found.
        args: Vec<Sort>,
    },
    /// A function symbol is applied to arguments of the wrong sorts, or is
    /// not a function.
    #[error("`{fun}` cannot be applied to arguments of sorts ({})", .args.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" "))]
    BadApplication {
        /// The function symbol.
        fun: Symbol,
        /// The argument sorts found.
        args: Vec<Sort>,
    },
    /// A quantifier body is not Bool.
    #[error("quantifier body has sort {0}, expected Bool")]
    NonBoolBody(Sort),
    /// `((as const S) v)` where `S` is not an array sort or `v` is not of
    /// its element sort.
    #[error("`(as const {array})` cannot be applied to a value of sort {value}")]
    ConstArray {
        /// The sort written after `as const`.
        array: Sort,
        /// The sort of the value.
        value: Sort,
    },
}

impl Term {
    /// `op` applied to `args`.
    pub fn app(op: Op, args: Vec<Term>) -> Term {
        Term::App(op, args)
    }

    /// A variable.
    pub fn var(name: impl Into<Symbol>) -> Term {
        Term::Var(name.into())
    }

    /// An integer constant.
    pub fn int(n: impl Into<BigInt>) -> Term {
        Term::Int(n.into())
    }

    /// A string constant; panics on characters outside the alphabet (for
    /// literals in code).
    pub fn str(s: &str) -> Term {
        Term::Str(SmtString::from(s))
    }

    /// `(= a b)`
    pub fn eq(a: Term, b: Term) -> Term {
        Term::App(Op::Eq, vec![a, b])
    }

    /// `(not a)`
    // Named after the SMT-LIB operator, like `Term::eq`; a `std::ops::Not`
    // impl would hide which term is built.
    #[allow(clippy::should_implement_trait)]
    pub fn not(a: Term) -> Term {
        Term::App(Op::Not, vec![a])
    }

    /// `(and ...)`; one conjunct is returned as is, none is `true`.
    pub fn and(mut conjuncts: Vec<Term>) -> Term {
        match conjuncts.len() {
            0 => Term::Bool(true),
            1 => conjuncts.pop().unwrap(),
            _ => Term::App(Op::And, conjuncts),
        }
    }

    /// Whether the term is a constant literal (Bool, Int, Real, String or
    /// bit-vector).
    pub fn is_literal(&self) -> bool {
        matches!(
            self,
            Term::Bool(_) | Term::Int(_) | Term::Real(_) | Term::Str(_) | Term::BitVec(_)
        )
    }

    /// A bit-vector constant of width `width` and value `value mod 2^width`.
    pub fn bv(width: u32, value: u64) -> Term {
        Term::BitVec(BitVec::from_u64(width, value))
    }

    /// `(as seq.empty (Seq element))`.
    pub fn seq_empty(element: Sort) -> Term {
        Term::SeqEmpty(element)
    }

    /// `((as const sort) value)`, `sort` an array sort.
    pub fn const_array(sort: Sort, value: Term) -> Term {
        Term::ConstArray(sort, Box::new(value))
    }

    /// The number of nodes.
    pub fn size(&self) -> usize {
        match self {
            Term::Bool(_)
            | Term::Int(_)
            | Term::Real(_)
            | Term::Str(_)
            | Term::BitVec(_)
            | Term::Var(_)
            | Term::SeqEmpty(_) => 1,
            Term::ConstArray(_, v) => 1 + v.size(),
            Term::App(_, args) | Term::Apply(_, args) => {
                1 + args.iter().map(Term::size).sum::<usize>()
            }
            Term::Let(binds, body) => {
                1 + binds.iter().map(|(_, t)| t.size()).sum::<usize>() + body.size()
            }
            Term::Quant(q) => {
                1 + q.body.size() + q.patterns.iter().flatten().map(Term::size).sum::<usize>()
            }
        }
    }

    /// The depth: a leaf has depth 0.
    pub fn depth(&self) -> usize {
        match self {
            Term::Bool(_)
            | Term::Int(_)
            | Term::Real(_)
            | Term::Str(_)
            | Term::BitVec(_)
            | Term::Var(_)
            | Term::SeqEmpty(_) => 0,
            Term::ConstArray(_, v) => 1 + v.depth(),
            Term::App(_, args) | Term::Apply(_, args) => {
                1 + args.iter().map(Term::depth).max().unwrap_or(0)
            }
            Term::Let(binds, body) => {
                1 + binds
                    .iter()
                    .map(|(_, t)| t.depth())
                    .chain([body.depth()])
                    .max()
                    .unwrap_or(0)
            }
            Term::Quant(q) => 1 + q.body.depth(),
        }
    }

    /// The free variables (not bound by `let` or a quantifier).
    pub fn free_vars(&self) -> BTreeSet<Symbol> {
        let mut out = BTreeSet::new();
        self.collect_free(&mut Vec::new(), &mut out);
        out
    }

    fn collect_free(&self, bound: &mut Vec<Symbol>, out: &mut BTreeSet<Symbol>) {
        match self {
            Term::Bool(_)
            | Term::Int(_)
            | Term::Real(_)
            | Term::Str(_)
            | Term::BitVec(_)
            | Term::SeqEmpty(_) => {}
            Term::ConstArray(_, v) => v.collect_free(bound, out),
            Term::Var(v) => {
                if !bound.contains(v) {
                    out.insert(v.clone());
                }
            }
            Term::App(_, args) => args.iter().for_each(|a| a.collect_free(bound, out)),
            // The function symbol is free too: it must be declared.
            Term::Apply(f, args) => {
                if !bound.contains(f) {
                    out.insert(f.clone());
                }
                args.iter().for_each(|a| a.collect_free(bound, out));
            }
            Term::Let(binds, body) => {
                for (_, t) in binds {
                    t.collect_free(bound, out);
                }
                let n = bound.len();
                bound.extend(binds.iter().map(|(v, _)| v.clone()));
                body.collect_free(bound, out);
                bound.truncate(n);
            }
            Term::Quant(q) => {
                let n = bound.len();
                bound.extend(q.vars.iter().map(|(v, _)| v.clone()));
                q.body.collect_free(bound, out);
                q.patterns
                    .iter()
                    .flatten()
                    .for_each(|p| p.collect_free(bound, out));
                bound.truncate(n);
            }
        }
    }

    /// Replaces free occurrences of variables by terms. Bound variables
    /// shadow the map; capture is the caller's concern (equifuzz names bound
    /// variables apart from free ones).
    pub fn substitute(&self, map: &BTreeMap<Symbol, Term>) -> Term {
        match self {
            Term::Var(v) => map.get(v).cloned().unwrap_or_else(|| self.clone()),
            Term::Bool(_)
            | Term::Int(_)
            | Term::Real(_)
            | Term::Str(_)
            | Term::BitVec(_)
            | Term::SeqEmpty(_) => self.clone(),
            Term::ConstArray(s, v) => Term::ConstArray(s.clone(), Box::new(v.substitute(map))),
            Term::App(op, args) => Term::App(*op, args.iter().map(|a| a.substitute(map)).collect()),
            // A function symbol is not a term: only its arguments change.
            Term::Apply(f, args) => {
                Term::Apply(f.clone(), args.iter().map(|a| a.substitute(map)).collect())
            }
            Term::Let(binds, body) => {
                let binds2 = binds
                    .iter()
                    .map(|(v, t)| (v.clone(), t.substitute(map)))
                    .collect();
                let mut inner = map.clone();
                binds.iter().for_each(|(v, _)| {
                    inner.remove(v);
                });
                Term::Let(binds2, Box::new(body.substitute(&inner)))
            }
            Term::Quant(q) => {
                let mut inner = map.clone();
                q.vars.iter().for_each(|(v, _)| {
                    inner.remove(v);
                });
                Term::Quant(Box::new(Quantifier {
                    kind: q.kind,
                    vars: q.vars.clone(),
                    body: q.body.substitute(&inner),
                    patterns: q
                        .patterns
                        .iter()
                        .map(|p| p.iter().map(|t| t.substitute(&inner)).collect())
                        .collect(),
                }))
            }
        }
    }

    /// Renames the function symbols of `map` where they are applied
    /// (`(f x)` to `(g x)`); constants are renamed by [`Term::substitute`].
    /// Functions are declared at the top level and never bound, so no
    /// binder shadows them.
    pub fn rename_functions(&self, map: &BTreeMap<Symbol, Symbol>) -> Term {
        let all = |args: &[Term]| args.iter().map(|a| a.rename_functions(map)).collect();
        match self {
            Term::Apply(f, args) => Term::Apply(map.get(f).unwrap_or(f).clone(), all(args)),
            Term::App(op, args) => Term::App(*op, all(args)),
            Term::ConstArray(s, v) => {
                Term::ConstArray(s.clone(), Box::new(v.rename_functions(map)))
            }
            Term::Let(binds, body) => Term::Let(
                binds
                    .iter()
                    .map(|(v, t)| (v.clone(), t.rename_functions(map)))
                    .collect(),
                Box::new(body.rename_functions(map)),
            ),
            Term::Quant(q) => Term::Quant(Box::new(Quantifier {
                kind: q.kind,
                vars: q.vars.clone(),
                body: q.body.rename_functions(map),
                patterns: q
                    .patterns
                    .iter()
                    .map(|p| p.iter().map(|t| t.rename_functions(map)).collect())
                    .collect(),
            })),
            _ => self.clone(),
        }
    }

    /// The sort of the term, given the sorts of its free variables.
    pub fn sort(&self, env: &dyn Fn(&str) -> Option<Sort>) -> Result<Sort, SortError> {
        self.sort_in(env, &mut Vec::new())
    }

    fn sort_in(
        &self,
        env: &dyn Fn(&str) -> Option<Sort>,
        bound: &mut Vec<(Symbol, Sort)>,
    ) -> Result<Sort, SortError> {
        match self {
            Term::Bool(_) => Ok(Sort::Bool),
            Term::Int(_) => Ok(Sort::Int),
            Term::Real(_) => Ok(Sort::Real),
            Term::Str(_) => Ok(Sort::String),
            Term::BitVec(b) => Ok(Sort::BitVec(b.width())),
            Term::SeqEmpty(e) => Ok(Sort::seq(e.clone())),
            Term::ConstArray(array, v) => {
                let value = v.sort_in(env, bound)?;
                match array {
                    Sort::Array(_, e) if **e == value => Ok(array.clone()),
                    _ => Err(SortError::ConstArray {
                        array: array.clone(),
                        value,
                    }),
                }
            }
            Term::Var(v) => match bound
                .iter()
                .rev()
                .find(|(b, _)| b == v)
                .map(|(_, s)| s.clone())
                .or_else(|| env(v))
            {
                // A function symbol is no term without its arguments.
                Some(Sort::Fun(..)) => Err(SortError::BadApplication {
                    fun: v.clone(),
                    args: Vec::new(),
                }),
                Some(s) => Ok(s),
                None => Err(SortError::UnknownSymbol(v.clone())),
            },
            Term::App(op, args) => {
                let sorts = args
                    .iter()
                    .map(|a| a.sort_in(env, bound))
                    .collect::<Result<Vec<_>, _>>()?;
                op.result_sort(&sorts).ok_or(SortError::IllSorted {
                    op: op.name(),
                    args: sorts,
                })
            }
            Term::Apply(f, args) => {
                let sorts = args
                    .iter()
                    .map(|a| a.sort_in(env, bound))
                    .collect::<Result<Vec<_>, _>>()?;
                match env(f) {
                    Some(Sort::Fun(params, result)) if params == sorts => Ok(*result),
                    Some(_) => Err(SortError::BadApplication {
                        fun: f.clone(),
                        args: sorts,
                    }),
                    None => Err(SortError::UnknownSymbol(f.clone())),
                }
            }
            Term::Let(binds, body) => {
                let sorts = binds
                    .iter()
                    .map(|(v, t)| Ok((v.clone(), t.sort_in(env, bound)?)))
                    .collect::<Result<Vec<_>, SortError>>()?;
                let n = bound.len();
                bound.extend(sorts);
                let s = body.sort_in(env, bound);
                bound.truncate(n);
                s
            }
            Term::Quant(q) => {
                let n = bound.len();
                bound.extend(q.vars.iter().cloned());
                let s = q.body.sort_in(env, bound);
                let pats = q
                    .patterns
                    .iter()
                    .flatten()
                    .try_for_each(|p| p.sort_in(env, bound).map(drop));
                bound.truncate(n);
                pats?;
                match s? {
                    Sort::Bool => Ok(Sort::Bool),
                    other => Err(SortError::NonBoolBody(other)),
                }
            }
        }
    }

    /// Calls `f` on every subterm, parents before children.
    pub fn visit(&self, f: &mut dyn FnMut(&Term)) {
        f(self);
        match self {
            Term::App(_, args) | Term::Apply(_, args) => args.iter().for_each(|a| a.visit(f)),
            Term::ConstArray(_, v) => v.visit(f),
            Term::Let(binds, body) => {
                binds.iter().for_each(|(_, t)| t.visit(f));
                body.visit(f);
            }
            Term::Quant(q) => {
                q.body.visit(f);
                q.patterns.iter().flatten().for_each(|p| p.visit(f));
            }
            _ => {}
        }
    }

    /// The uninterpreted function symbols applied anywhere in the term.
    pub fn functions(&self) -> BTreeSet<Symbol> {
        let mut out = BTreeSet::new();
        self.visit(&mut |t| {
            if let Term::Apply(f, _) = t {
                out.insert(f.clone());
            }
        });
        out
    }

    /// The operators used anywhere in the term.
    pub fn operators(&self) -> BTreeSet<Op> {
        let mut ops = BTreeSet::new();
        self.visit(&mut |t| {
            if let Term::App(op, _) = t {
                ops.insert(*op);
            }
        });
        ops
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_vars_respect_binders() {
        let t = Term::Quant(Box::new(Quantifier {
            kind: QuantKind::Forall,
            vars: vec![("x".into(), Sort::String)],
            body: Term::eq(Term::var("x"), Term::var("y")),
            patterns: vec![],
        }));
        assert_eq!(
            t.free_vars().into_iter().collect::<Vec<_>>(),
            vec!["y".to_string()]
        );
    }

    #[test]
    fn sort_checks_through_let_and_quantifiers() {
        let env = |v: &str| (v == "s").then_some(Sort::String);
        let t = Term::Let(
            vec![("n".into(), Term::app(Op::StrLen, vec![Term::var("s")]))],
            Box::new(Term::app(Op::Ge, vec![Term::var("n"), Term::int(0)])),
        );
        assert_eq!(t.sort(&env), Ok(Sort::Bool));
        let bad = Term::app(Op::StrLen, vec![Term::int(1)]);
        assert!(matches!(bad.sort(&env), Err(SortError::IllSorted { .. })));
        assert_eq!(
            Term::var("z").sort(&env),
            Err(SortError::UnknownSymbol("z".into()))
        );
    }

    #[test]
    fn substitute_does_not_touch_bound_variables() {
        let t = Term::Let(
            vec![("x".into(), Term::var("x"))],
            Box::new(Term::eq(Term::var("x"), Term::var("y"))),
        );
        let map = BTreeMap::from([
            ("x".to_string(), Term::int(1)),
            ("y".to_string(), Term::int(2)),
        ]);
        let expected = Term::Let(
            vec![("x".into(), Term::int(1))],
            Box::new(Term::eq(Term::var("x"), Term::int(2))),
        );
        assert_eq!(t.substitute(&map), expected);
    }
}
