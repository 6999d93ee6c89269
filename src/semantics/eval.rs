//! The evaluator: the value of a term under a model, exactly as SMT-LIB 2.6
//! defines it for the core theory, `Ints`, the Unicode Strings theory,
//! `FixedSizeBitVectors` (with the QF_BV extensions) and `ArraysEx`, and
//! Z3's and cvc5's sequences.
//!
//! This file is the walk over the term: variables, `let`, the model's
//! functions, and the connectives that look past an undecided argument;
//! every other operator is applied to its arguments' values in `apply.rs`.
//!
//! # Invariants
//!
//! - A returned `Ok(v)` is the term's value in *every* interpretation that
//!   extends the model. When the value depends on something SMT-LIB leaves
//!   open (`(div m 0)`, `(mod m 0)`), or on something not decided here
//!   (a quantifier beyond `quantifier.rs`'s exact cases, a regex question beyond the engine's
//!   budget), the result is an `Err`, so a
//!   model check that needs it is inconclusive and never a false alarm.
//! - Because of that, `and`, `or`, `=>` and `ite` look past an undecided
//!   argument when the others fix the value: `(and false (= (div 1 0) 2))`
//!   is `false` whatever `div` does at 0.
//! - The term is sort-checked before evaluation (free variables take the
//!   sorts of their values in the model): an ill-sorted term or an unbound
//!   variable is an error even inside a branch that evaluation skips.
//! - Integers are unbounded; no operation panics. Values are capped
//!   ([`MAX_STRING_LEN`](super::MAX_STRING_LEN),
//!   [`MAX_INT_BITS`](super::MAX_INT_BITS)) so that a small term cannot
//!   allocate without bound (`str.replace_all` nested, `*` squared over and
//!   over); going past a cap is [`EvalError::TooLarge`], never a wrong value.

use super::apply::apply;
use super::error::EvalError;
use super::limits::{bv_value, real_value};
use super::quantifier::{Witnesses, instances};
use super::value::{ArrayValue, Model, SeqValue, Value};
use crate::term::{Op, QuantKind, Quantifier, Sort, SortError, Symbol, Term};

/// The value of `term` under `model`: free variables take their values from
/// the model; `let` binds in parallel.
pub fn eval(term: &Term, model: &Model) -> Result<Value, EvalError> {
    eval_with(term, model, &Witnesses::default())
}

/// [`eval`], with `witnesses` deciding quantifiers the semantics alone
/// cannot (see [`super::quantifier`]).
pub fn eval_with(term: &Term, model: &Model, witnesses: &Witnesses) -> Result<Value, EvalError> {
    term.sort(&|v| model.get(v).map(Value::sort))
        .map_err(|e| match e {
            SortError::UnknownSymbol(v) => EvalError::Unbound(v),
            other => EvalError::IllSorted(other.to_string()),
        })?;
    Evaluator {
        model,
        witnesses,
        scope: Vec::new(),
        calls: 0,
    }
    .eval(term)
}

/// The value of a closed term (the empty model).
pub fn eval_closed(term: &Term) -> Result<Value, EvalError> {
    eval(term, &Model::new())
}

struct Evaluator<'m> {
    model: &'m Model,
    witnesses: &'m Witnesses,
    /// `let` bindings, innermost last. An undecided binding is kept as its
    /// error: it only matters if the body uses it.
    scope: Vec<(Symbol, Result<Value, EvalError>)>,
    /// Function applications under way, nested: a model's function whose
    /// body applies itself would never end.
    calls: usize,
}

/// The deepest nesting of function applications evaluated (a body that
/// applies another of the model's functions, which applies ...).
pub const MAX_CALLS: usize = 64;

impl Evaluator<'_> {
    fn eval(&mut self, term: &Term) -> Result<Value, EvalError> {
        match term {
            Term::Bool(b) => Ok(Value::Bool(*b)),
            Term::Int(n) => Ok(Value::Int(n.clone())),
            Term::Real(r) => real_value(r.clone()),
            Term::Str(s) => Ok(Value::Str(s.clone())),
            Term::BitVec(b) => bv_value(b.clone()),
            Term::ConstArray(sort, v) => {
                let Sort::Array(i, e) = sort else {
                    return Err(EvalError::IllSorted(format!("`as const` of sort {sort}")));
                };
                Ok(Value::Array(ArrayValue::constant(
                    (**i).clone(),
                    (**e).clone(),
                    self.eval(v)?,
                )))
            }
            Term::SeqEmpty(e) => Ok(Value::Seq(SeqValue::new(e.clone(), Vec::new()))),
            Term::Var(v) => self.lookup(v),
            Term::Apply(f, args) => self.apply(f, args),
            Term::Let(binds, body) => {
                // Parallel `let`: every right-hand side sees the outer scope.
                let values = binds
                    .iter()
                    .map(|(v, t)| match self.eval(t) {
                        Err(e) if !is_undecided(&e) => Err(e),
                        r => Ok((v.clone(), r)),
                    })
                    .collect::<Result<Vec<_>, EvalError>>()?;
                let depth = self.scope.len();
                self.scope.extend(values);
                let result = self.eval(body);
                self.scope.truncate(depth);
                result
            }
            Term::Quant(q) => self.quantifier(term, q),
            Term::App(op, args) => self.app(*op, args),
        }
    }

    fn lookup(&self, v: &str) -> Result<Value, EvalError> {
        if let Some((_, val)) = self.scope.iter().rev().find(|(n, _)| n == v) {
            return val.clone();
        }
        self.model
            .get(v)
            .cloned()
            .ok_or_else(|| EvalError::Unbound(v.into()))
    }

    /// `(f args)`: the body of `f`'s interpretation in the model, with its
    /// parameters bound to the arguments' values. The body sees the model
    /// (a solver's function may apply another it defines) but no `let` of
    /// the caller's.
    fn apply(&mut self, f: &Symbol, args: &[Term]) -> Result<Value, EvalError> {
        let fun = match self.lookup(f)? {
            Value::Fun(fun) => fun,
            other => {
                return Err(EvalError::IllSorted(format!(
                    "`{f}` of sort {} applied",
                    other.sort()
                )));
            }
        };
        if fun.params().len() != args.len() {
            return Err(EvalError::IllSorted(format!(
                "`{f}` of {} parameters applied to {} arguments",
                fun.params().len(),
                args.len()
            )));
        }
        if self.calls >= MAX_CALLS {
            return Err(EvalError::TooLarge("nesting of function applications"));
        }
        let values = args
            .iter()
            .map(|a| self.eval(a))
            .collect::<Result<Vec<_>, _>>()?;
        // The body is the solver's: check it as the top term is checked.
        let model = self.model;
        let params = fun.params();
        let found = fun
            .body()
            .sort(&|v| {
                params
                    .iter()
                    .find(|(p, _)| p == v)
                    .map(|(_, s)| s.clone())
                    .or_else(|| model.get(v).map(Value::sort))
            })
            .map_err(|e| EvalError::IllSorted(format!("the body of `{f}`: {e}")))?;
        if found != *fun.result() {
            return Err(EvalError::IllSorted(format!(
                "the body of `{f}` has sort {found}, not {}",
                fun.result()
            )));
        }
        let mut inner = Evaluator {
            model,
            witnesses: self.witnesses,
            scope: params
                .iter()
                .zip(values)
                .map(|((x, _), v)| (x.clone(), Ok(v)))
                .collect(),
            calls: self.calls + 1,
        };
        inner.eval(fun.body())
    }

    /// `forall` / `exists`, decided only exactly (see
    /// [`super::quantifier`]): a valid closed formula, a witness that makes
    /// an `exists` true, or every instance of a small finite domain.
    fn quantifier(&mut self, term: &Term, q: &Quantifier) -> Result<Value, EvalError> {
        let exists = q.kind == QuantKind::Exists;
        if !exists && self.witnesses.is_valid(term) {
            return Ok(Value::Bool(true));
        }
        if exists
            && let Some(w) = self.witnesses.of(&q.vars)
            && let Ok(true) = self.bool_under(&w, &q.body)
        {
            return Ok(Value::Bool(true));
        }
        let Some(all) = instances(&q.vars) else {
            return Err(EvalError::Quantifier);
        };
        // `exists` is a disjunction of its instances, `forall` a
        // conjunction: the absorbing value decides past undecided ones.
        let mut undecided = None;
        for w in all {
            match self.bool_under(&w, &q.body) {
                Ok(b) if b == exists => return Ok(Value::Bool(exists)),
                Ok(_) => {}
                Err(e) if is_undecided(&e) => {
                    undecided.get_or_insert(e);
                }
                Err(e) => return Err(e),
            }
        }
        undecided.map_or(Ok(Value::Bool(!exists)), Err)
    }

    /// The Bool value of `t` with `bound` in scope.
    fn bool_under(&mut self, bound: &[(Symbol, Value)], t: &Term) -> Result<bool, EvalError> {
        let depth = self.scope.len();
        self.scope
            .extend(bound.iter().map(|(v, x)| (v.clone(), Ok(x.clone()))));
        let result = self.bool(t);
        self.scope.truncate(depth);
        result
    }

    fn bool(&mut self, t: &Term) -> Result<bool, EvalError> {
        match self.eval(t)? {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::IllSorted(format!(
                "expected Bool, found {}",
                other.sort()
            ))),
        }
    }

    /// `and` (when `absorbing` is false) or `or` (when true): the absorbing
    /// value decides even if another argument is undecided.
    fn junction(&mut self, args: &[Term], absorbing: bool) -> Result<Value, EvalError> {
        let mut undecided = None;
        for a in args {
            match self.bool(a) {
                Ok(b) if b == absorbing => return Ok(Value::Bool(absorbing)),
                Ok(_) => {}
                Err(e) if is_undecided(&e) => {
                    undecided.get_or_insert(e);
                }
                Err(e) => return Err(e),
            }
        }
        undecided.map_or(Ok(Value::Bool(!absorbing)), Err)
    }

    fn app(&mut self, op: Op, args: &[Term]) -> Result<Value, EvalError> {
        use Op::*;
        match op {
            And => return self.junction(args, false),
            Or => return self.junction(args, true),
            Implies => return self.implies(args),
            Ite => return self.ite(args),
            _ => {}
        }
        let vals = args
            .iter()
            .map(|a| self.eval(a))
            .collect::<Result<Vec<_>, _>>()?;
        apply(op, &vals)
    }

    /// `=>` is right-associative: `(=> a b c)` is `(=> a (=> b c))`, which is
    /// false iff every premise is true and the conclusion false.
    fn implies(&mut self, args: &[Term]) -> Result<Value, EvalError> {
        let Some((conclusion, premises)) = args.split_last() else {
            return Err(EvalError::IllSorted("`=>` without arguments".into()));
        };
        let mut undecided = None;
        for p in premises {
            match self.bool(p) {
                Ok(false) => return Ok(Value::Bool(true)),
                Ok(true) => {}
                Err(e) if is_undecided(&e) => {
                    undecided.get_or_insert(e);
                }
                Err(e) => return Err(e),
            }
        }
        match self.bool(conclusion) {
            Ok(true) => Ok(Value::Bool(true)),
            Ok(false) => undecided.map_or(Ok(Value::Bool(false)), Err),
            Err(e) => Err(undecided.unwrap_or(e)),
        }
    }

    /// `(ite c a b)`: only the chosen branch matters; if `c` is undecided but
    /// both branches have the same value, that value is the result.
    fn ite(&mut self, args: &[Term]) -> Result<Value, EvalError> {
        let [c, a, b] = args else {
            return Err(EvalError::IllSorted("`ite` needs three arguments".into()));
        };
        match self.bool(c) {
            Ok(true) => self.eval(a),
            Ok(false) => self.eval(b),
            Err(e) if is_undecided(&e) => match (self.eval(a), self.eval(b)) {
                (Ok(x), Ok(y)) if x == y && !matches!(x, Value::RegLan(_) | Value::Array(_)) => {
                    Ok(x)
                }
                _ => Err(e),
            },
            Err(e) => Err(e),
        }
    }
}

/// Whether an error means "the value is not known here" (as opposed to "the
/// term is wrong").
fn is_undecided(e: &EvalError) -> bool {
    matches!(
        e,
        EvalError::Quantifier
            | EvalError::Unspecified(_)
            | EvalError::Unsupported(_)
            | EvalError::Undecided(_)
            | EvalError::TooLarge(_)
    )
}
