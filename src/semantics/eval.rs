//! The evaluator: the value of a term under a model, exactly as SMT-LIB 2.6
//! defines it for the core theory, `Ints` and the Unicode Strings theory.
//!
//! # Invariants
//!
//! - A returned `Ok(v)` is the term's value in *every* interpretation that
//!   extends the model. When the value depends on something SMT-LIB leaves
//!   open (`(div m 0)`, `(mod m 0)`), or on something not decided here
//!   (quantifiers, regular expressions, arrays), the result is an `Err`, so a
//!   model check that needs it is inconclusive and never a false alarm.
//! - Because of that, `and`, `or`, `=>` and `ite` look past an undecided
//!   argument when the others fix the value: `(and false (= (div 1 0) 2))`
//!   is `false` whatever `div` does at 0.
//! - The term is sort-checked before evaluation (free variables take the
//!   sorts of their values in the model): an ill-sorted term or an unbound
//!   variable is an error even inside a branch that evaluation skips.
//! - Integers are unbounded; no operation panics. Values are capped
//!   ([`MAX_STRING_LEN`], [`MAX_INT_BITS`]) so that a small term cannot
//!   allocate without bound (`str.replace_all` nested, `*` squared over and
//!   over); going past a cap is [`EvalError::TooLarge`], never a wrong value.

use num_bigint::BigInt;
use num_traits::Zero;

use super::value::{Model, Value};
use super::{int, string};
use crate::term::{Op, SmtString, SortError, Symbol, Term};

/// The longest string value the evaluator builds (in characters).
pub const MAX_STRING_LEN: usize = 1 << 24;

/// The largest integer value the evaluator builds, in bits (about 315,000
/// decimal digits).
pub const MAX_INT_BITS: u64 = 1 << 20;

/// Why a term has no value here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The term contains a quantifier; equifuzz never evaluates over the
    /// infinite domains of Int or String.
    #[error("quantified terms are not evaluated")]
    Quantifier,
    /// SMT-LIB leaves the value unspecified (e.g. division by zero): every
    /// interpretation may choose its own.
    #[error("value unspecified by SMT-LIB: {0}")]
    Unspecified(&'static str),
    /// The operator is not evaluated (yet): regular expressions, arrays.
    #[error("operator `{0}` is not supported by the evaluator")]
    Unsupported(&'static str),
    /// The term is ill-sorted.
    #[error("ill-sorted term: {0}")]
    IllSorted(String),
    /// A free variable has no value in the model.
    #[error("variable `{0}` is not bound in the model")]
    Unbound(Symbol),
    /// A value would exceed [`MAX_STRING_LEN`] or [`MAX_INT_BITS`].
    #[error("value too large to evaluate: {0}")]
    TooLarge(&'static str),
}

/// The value of `term` under `model`: free variables take their values from
/// the model; `let` binds in parallel.
pub fn eval(term: &Term, model: &Model) -> Result<Value, EvalError> {
    term.sort(&|v| model.get(v).map(Value::sort))
        .map_err(|e| match e {
            SortError::UnknownSymbol(v) => EvalError::Unbound(v),
            other => EvalError::IllSorted(other.to_string()),
        })?;
    Evaluator {
        model,
        scope: Vec::new(),
    }
    .eval(term)
}

/// The value of a closed term (the empty model).
pub fn eval_closed(term: &Term) -> Result<Value, EvalError> {
    eval(term, &Model::new())
}

struct Evaluator<'m> {
    model: &'m Model,
    /// `let` bindings, innermost last. An undecided binding is kept as its
    /// error: it only matters if the body uses it.
    scope: Vec<(Symbol, Result<Value, EvalError>)>,
}

fn ill_sorted(op: Op, args: &[Value]) -> EvalError {
    let sorts: Vec<String> = args.iter().map(|a| a.sort().to_string()).collect();
    EvalError::IllSorted(format!("`{}` applied to ({})", op.name(), sorts.join(" ")))
}

fn int_value(n: BigInt) -> Result<Value, EvalError> {
    if n.bits() > MAX_INT_BITS {
        return Err(EvalError::TooLarge("integer"));
    }
    Ok(Value::Int(n))
}

fn str_value(s: SmtString) -> Result<Value, EvalError> {
    if s.len() > MAX_STRING_LEN {
        return Err(EvalError::TooLarge("string"));
    }
    Ok(Value::Str(s))
}

impl Evaluator<'_> {
    fn eval(&mut self, term: &Term) -> Result<Value, EvalError> {
        match term {
            Term::Bool(b) => Ok(Value::Bool(*b)),
            Term::Int(n) => Ok(Value::Int(n.clone())),
            Term::Str(s) => Ok(Value::Str(s.clone())),
            Term::Var(v) => self.lookup(v),
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
            Term::Quant(_) => Err(EvalError::Quantifier),
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
        if is_regex_or_array(op) {
            return self.regex_or_array(op, args);
        }
        let vals = args
            .iter()
            .map(|a| self.eval(a))
            .collect::<Result<Vec<_>, _>>()?;
        apply(op, &vals)
    }

    /// Regular expressions and arrays: not evaluated yet. This is the one
    /// place to wire the regex engine in (evaluate `args`, build the
    /// language, decide membership / replacement).
    fn regex_or_array(&mut self, op: Op, _args: &[Term]) -> Result<Value, EvalError> {
        Err(EvalError::Unsupported(op.name()))
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
                (Ok(x), Ok(y)) if x == y && !matches!(x, Value::RegLan(_)) => Ok(x),
                _ => Err(e),
            },
            Err(e) => Err(e),
        }
    }
}

/// Whether `op` is an operator of the regular-language part of the strings
/// theory (or of arrays), which [`Evaluator::regex_or_array`] handles.
fn is_regex_or_array(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        StrToRe
            | ReNone
            | ReAll
            | ReAllchar
            | ReConcat
            | ReUnion
            | ReInter
            | ReDiff
            | ReComp
            | ReStar
            | RePlus
            | ReOpt
            | ReRange
            | RePower(_)
            | ReLoop(..)
            | StrInRe
            | StrReplaceRe
            | StrReplaceReAll
            | Select
            | Store
    )
}

/// Whether an error means "the value is not known here" (as opposed to "the
/// term is wrong").
fn is_undecided(e: &EvalError) -> bool {
    matches!(
        e,
        EvalError::Quantifier
            | EvalError::Unspecified(_)
            | EvalError::Unsupported(_)
            | EvalError::TooLarge(_)
    )
}

/// Views every argument as an integer, or fails with an ill-sorted error.
fn ints(op: Op, vals: &[Value]) -> Result<Vec<&BigInt>, EvalError> {
    vals.iter()
        .map(|v| match v {
            Value::Int(n) => Ok(n),
            _ => Err(ill_sorted(op, vals)),
        })
        .collect()
}

/// Views every argument as a string, or fails with an ill-sorted error.
fn strs(op: Op, vals: &[Value]) -> Result<Vec<&SmtString>, EvalError> {
    vals.iter()
        .map(|v| match v {
            Value::Str(s) => Ok(s),
            _ => Err(ill_sorted(op, vals)),
        })
        .collect()
}

/// Whether `rel` holds between every two neighbours (`chainable`).
fn chain<T: ?Sized>(xs: &[&T], rel: impl Fn(&T, &T) -> bool) -> bool {
    xs.windows(2).all(|w| rel(w[0], w[1]))
}

/// Applies a strict (all arguments evaluated) operator to values.
fn apply(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    let arity = |n: usize| {
        if vals.len() == n {
            Ok(())
        } else {
            Err(ill_sorted(op, vals))
        }
    };
    let at_least = |n: usize| {
        if vals.len() >= n {
            Ok(())
        } else {
            Err(ill_sorted(op, vals))
        }
    };
    match op {
        // ---- core
        Not => {
            arity(1)?;
            match &vals[0] {
                Value::Bool(b) => Ok(Value::Bool(!b)),
                _ => Err(ill_sorted(op, vals)),
            }
        }
        Xor => {
            at_least(2)?;
            // Left-associative: `(xor a b c)` is `(xor (xor a b) c)`, i.e.
            // parity of the true arguments.
            let mut acc = false;
            for v in vals {
                match v {
                    Value::Bool(b) => acc ^= b,
                    _ => return Err(ill_sorted(op, vals)),
                }
            }
            Ok(Value::Bool(acc))
        }
        Eq | Distinct => {
            at_least(2)?;
            if vals.iter().any(|v| v.sort() != vals[0].sort()) {
                return Err(ill_sorted(op, vals));
            }
            if matches!(vals[0], Value::RegLan(_)) {
                // Language equality needs the regex engine.
                return Err(EvalError::Unsupported(op.name()));
            }
            Ok(Value::Bool(if op == Eq {
                vals.windows(2).all(|w| w[0] == w[1])
            } else {
                vals.iter()
                    .enumerate()
                    .all(|(i, v)| vals[i + 1..].iter().all(|w| v != w))
            }))
        }
        // ---- integers
        Add => {
            at_least(2)?;
            int_value(ints(op, vals)?.into_iter().sum())
        }
        Sub => {
            at_least(2)?;
            let xs = ints(op, vals)?;
            int_value(xs[1..].iter().fold(xs[0].clone(), |acc, x| acc - *x))
        }
        Neg => {
            arity(1)?;
            int_value(-ints(op, vals)?[0])
        }
        Mul => {
            at_least(2)?;
            let xs = ints(op, vals)?;
            let mut acc = BigInt::from(1);
            for x in xs {
                // Check before multiplying so a chain of squarings stops
                // at the cap instead of after building the monster.
                if acc.bits() + x.bits() > MAX_INT_BITS + 1 && !x.is_zero() && !acc.is_zero() {
                    return Err(EvalError::TooLarge("integer"));
                }
                acc *= x;
            }
            int_value(acc)
        }
        Div | Mod => {
            arity(2)?;
            let xs = ints(op, vals)?;
            let r = if op == Div {
                int::div(xs[0], xs[1])
            } else {
                int::modulo(xs[0], xs[1])
            };
            match r {
                Some(n) => int_value(n),
                None if op == Div => Err(EvalError::Unspecified("div by zero")),
                None => Err(EvalError::Unspecified("mod by zero")),
            }
        }
        Abs => {
            arity(1)?;
            int_value(int::abs(ints(op, vals)?[0]))
        }
        Lt | Le | Gt | Ge => {
            at_least(2)?;
            let xs = ints(op, vals)?;
            Ok(Value::Bool(match op {
                Lt => chain(&xs, |a, b| a < b),
                Le => chain(&xs, |a, b| a <= b),
                Gt => chain(&xs, |a, b| a > b),
                _ => chain(&xs, |a, b| a >= b),
            }))
        }
        // ---- strings
        StrConcat => {
            at_least(2)?;
            let xs = strs(op, vals)?;
            let total: usize = xs.iter().map(|s| s.len()).sum();
            if total > MAX_STRING_LEN {
                return Err(EvalError::TooLarge("string"));
            }
            let mut v = Vec::with_capacity(total);
            xs.iter().for_each(|s| v.extend_from_slice(s.chars()));
            str_value(SmtString::from_vec_unchecked(v))
        }
        StrLen => {
            arity(1)?;
            Ok(Value::Int(string::str_len(strs(op, vals)?[0])))
        }
        StrLt | StrLe => {
            at_least(2)?;
            let xs = strs(op, vals)?;
            Ok(Value::Bool(if op == StrLt {
                chain(&xs, string::str_lt)
            } else {
                chain(&xs, string::str_le)
            }))
        }
        StrPrefixof | StrSuffixof | StrContains => {
            arity(2)?;
            let xs = strs(op, vals)?;
            let f = match op {
                StrPrefixof => string::str_prefixof,
                StrSuffixof => string::str_suffixof,
                _ => string::str_contains,
            };
            Ok(Value::Bool(f(xs[0], xs[1])))
        }
        StrIsDigit => {
            arity(1)?;
            Ok(Value::Bool(string::str_is_digit(strs(op, vals)?[0])))
        }
        StrToCode => {
            arity(1)?;
            Ok(Value::Int(string::str_to_code(strs(op, vals)?[0])))
        }
        StrToInt => {
            arity(1)?;
            let s = strs(op, vals)?[0];
            // ~3.33 bits per decimal digit: refuse before parsing a monster.
            if s.len() as u64 > MAX_INT_BITS * 3 / 10 {
                return Err(EvalError::TooLarge("integer"));
            }
            int_value(string::str_to_int(s))
        }
        StrAt | StrSubstr | StrIndexof | StrReplace | StrReplaceAll | StrFromCode | StrFromInt => {
            apply_mixed(op, vals)
        }
        // The evaluator handles these lazily; on values they are plain.
        And | Or | Implies => {
            at_least(2)?;
            let bs = vals
                .iter()
                .map(|v| match v {
                    Value::Bool(b) => Ok(*b),
                    _ => Err(ill_sorted(op, vals)),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::Bool(match op {
                And => bs.iter().all(|b| *b),
                Or => bs.iter().any(|b| *b),
                // Right-associative: false iff all premises hold and the
                // conclusion does not.
                _ => !bs[..bs.len() - 1].iter().all(|b| *b) || bs[bs.len() - 1],
            }))
        }
        Ite => match vals {
            [Value::Bool(c), a, b] if a.sort() == b.sort() => Ok(if *c { a } else { b }.clone()),
            _ => Err(ill_sorted(op, vals)),
        },
        _ => Err(EvalError::Unsupported(op.name())),
    }
}

/// String operators whose arguments mix strings and integers.
fn apply_mixed(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    use Value::{Int as I, Str as S};
    match (op, vals) {
        (StrAt, [S(s), I(i)]) => Ok(S(string::str_at(s, i))),
        (StrSubstr, [S(s), I(i), I(n)]) => Ok(S(string::str_substr(s, i, n))),
        (StrIndexof, [S(s), S(t), I(i)]) => Ok(I(string::str_indexof(s, t, i))),
        (StrReplace, [S(s), S(t), S(u)]) => {
            if s.len() - t.len().min(s.len()) + u.len() > MAX_STRING_LEN {
                return Err(EvalError::TooLarge("string"));
            }
            str_value(string::str_replace(s, t, u))
        }
        (StrReplaceAll, [S(s), S(t), S(u)]) => {
            // Bound the result before building it: each occurrence grows
            // the string by |u| - |t|.
            if u.len() > t.len() {
                let n = string::count_occurrences(s, t);
                if s.len() + n.saturating_mul(u.len() - t.len()) > MAX_STRING_LEN {
                    return Err(EvalError::TooLarge("string"));
                }
            }
            str_value(string::str_replace_all(s, t, u))
        }
        (StrFromCode, [I(n)]) => Ok(S(string::str_from_code(n))),
        (StrFromInt, [I(n)]) => Ok(S(string::str_from_int(n))),
        _ => Err(ill_sorted(op, vals)),
    }
}
