//! The evaluator: the value of a term under a model, exactly as SMT-LIB 2.6
//! defines it for the core theory, `Ints`, the Unicode Strings theory,
//! `FixedSizeBitVectors` (with the QF_BV extensions) and `ArraysEx`, and
//! Z3's and cvc5's sequences.
//!
//! # Invariants
//!
//! - A returned `Ok(v)` is the term's value in *every* interpretation that
//!   extends the model. When the value depends on something SMT-LIB leaves
//!   open (`(div m 0)`, `(mod m 0)`), or on something not decided here
//!   (quantifiers, a regex question beyond the engine's budget), the result is an `Err`, so a
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

use super::array;
use super::error::EvalError;
use super::regex::{Regex, str_replace_re, str_replace_re_all};
use super::value::{ArrayValue, Model, SeqValue, Value};
use super::{bitvec, int, seq, string};
use crate::term::{BitVec, Op, SmtString, Sort, SortError, Symbol, Term};

/// The longest string value the evaluator builds (in characters).
pub const MAX_STRING_LEN: usize = 1 << 24;

/// The largest integer value the evaluator builds, in bits (about 315,000
/// decimal digits).
pub const MAX_INT_BITS: u64 = 1 << 20;

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

fn bv_value(b: BitVec) -> Result<Value, EvalError> {
    if u64::from(b.width()) > MAX_INT_BITS {
        return Err(EvalError::TooLarge("bit-vector"));
    }
    Ok(Value::BitVec(b))
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
            scope: params
                .iter()
                .zip(values)
                .map(|((x, _), v)| (x.clone(), Ok(v)))
                .collect(),
            calls: self.calls + 1,
        };
        inner.eval(fun.body())
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
            if matches!(vals[0], Value::RegLan(_) | Value::Array(_) | Value::Seq(_)) {
                // Regexes are languages: equality is language equality;
                // arrays are equal when equal at every index; sequences
                // when their elements are.
                return semantic_equality(op, vals);
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
        And | Or | Implies | Ite => unreachable!("handled lazily by the evaluator"),
        StrToRe | ReNone | ReAll | ReAllchar | ReConcat | ReUnion | ReInter | ReDiff | ReComp
        | ReStar | RePlus | ReOpt | ReRange | RePower(_) | ReLoop(..) | StrInRe | StrReplaceRe
        | StrReplaceReAll => apply_regex(op, vals),
        Select => match vals {
            [Value::Array(a), i] if *a.index_sort() == i.sort() => a.select(i),
            _ => Err(ill_sorted(op, vals)),
        },
        Store => match vals {
            [Value::Array(a), i, v]
                if *a.index_sort() == i.sort() && *a.element_sort() == v.sort() =>
            {
                Ok(Value::Array(a.store(i.clone(), v.clone())?))
            }
            _ => Err(ill_sorted(op, vals)),
        },
        Concat | Extract(..) | BvNot | BvAnd | BvOr | BvNeg | BvAdd | BvMul | BvUdiv | BvUrem
        | BvShl | BvLshr | BvUlt | BvNand | BvNor | BvXor | BvXnor | BvComp | BvSub | BvSdiv
        | BvSrem | BvSmod | BvAshr | Repeat(_) | ZeroExtend(_) | SignExtend(_) | RotateLeft(_)
        | RotateRight(_) | BvUle | BvUgt | BvUge | BvSlt | BvSle | BvSgt | BvSge | Bv2nat
        | Int2bv(_) => apply_bitvec(op, vals),
        SeqUnit | SeqConcat | SeqLen | SeqExtract | SeqAt | SeqNth | SeqContains | SeqIndexof
        | SeqLastIndexof | SeqReplace | SeqReplaceAll | SeqPrefixof | SeqSuffixof | SeqRev
        | SeqUpdate => seq::apply(op, vals),
    }
}

/// The bit-vector operators. Ranks are checked here too (widths, indices),
/// so a value never reaches a theory function it does not fit.
fn apply_bitvec(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    if let (Int2bv(m), [Value::Int(n)]) = (op, vals) {
        if m == 0 {
            return Err(ill_sorted(op, vals));
        }
        if u64::from(m) > MAX_INT_BITS {
            return Err(EvalError::TooLarge("bit-vector"));
        }
        return bv_value(bitvec::int2bv(m, n));
    }
    let bvs = vals
        .iter()
        .map(|v| match v {
            Value::BitVec(b) => Ok(b),
            _ => Err(ill_sorted(op, vals)),
        })
        .collect::<Result<Vec<&BitVec>, _>>()?;
    let sorts: Vec<Sort> = vals.iter().map(Value::sort).collect();
    let Some(out) = op.result_sort(&sorts) else {
        return Err(ill_sorted(op, vals));
    };
    if let Sort::BitVec(w) = out
        && u64::from(w) > MAX_INT_BITS
    {
        return Err(EvalError::TooLarge("bit-vector"));
    }
    let b = |x: BitVec| Ok(Value::BitVec(x));
    let fold = |f: fn(&BitVec, &BitVec) -> BitVec| {
        let mut acc = bvs[0].clone();
        for x in &bvs[1..] {
            acc = f(&acc, x);
        }
        Ok(Value::BitVec(acc))
    };
    let (s, t) = (bvs[0], bvs.get(1).copied());
    let two = |f: fn(&BitVec, &BitVec) -> BitVec| b(f(s, t.expect("binary, by the rank")));
    let rel = |f: fn(&BitVec, &BitVec) -> bool| Ok(Value::Bool(f(s, t.expect("binary"))));
    let flip = |f: fn(&BitVec, &BitVec) -> bool| Ok(Value::Bool(f(t.expect("binary"), s)));
    match op {
        Concat => two(bitvec::concat),
        Extract(i, j) => b(bitvec::extract(i, j, s)),
        BvNot => b(bitvec::bvnot(s)),
        BvNeg => b(bitvec::bvneg(s)),
        // :left-assoc
        BvAnd => fold(bitvec::bvand),
        BvOr => fold(bitvec::bvor),
        BvAdd => fold(bitvec::bvadd),
        BvMul => fold(bitvec::bvmul),
        BvUdiv => two(bitvec::bvudiv),
        BvUrem => two(bitvec::bvurem),
        BvShl => two(bitvec::bvshl),
        BvLshr => two(bitvec::bvlshr),
        BvNand => two(bitvec::bvnand),
        BvNor => two(bitvec::bvnor),
        BvXor => two(bitvec::bvxor),
        BvXnor => two(bitvec::bvxnor),
        BvComp => two(bitvec::bvcomp),
        BvSub => two(bitvec::bvsub),
        BvSdiv => two(bitvec::bvsdiv),
        BvSrem => two(bitvec::bvsrem),
        BvSmod => two(bitvec::bvsmod),
        BvAshr => two(bitvec::bvashr),
        Repeat(i) => b(bitvec::repeat(i, s)),
        ZeroExtend(i) => b(bitvec::zero_extend(i, s)),
        SignExtend(i) => b(bitvec::sign_extend(i, s)),
        RotateLeft(i) => b(bitvec::rotate_left(i, s)),
        RotateRight(i) => b(bitvec::rotate_right(i, s)),
        BvUlt => rel(bitvec::bvult),
        BvUle => rel(bitvec::bvule),
        // (bvugt s t) abbreviates (bvult t s), and so on.
        BvUgt => flip(bitvec::bvult),
        BvUge => flip(bitvec::bvule),
        BvSlt => rel(bitvec::bvslt),
        BvSle => rel(bitvec::bvsle),
        BvSgt => flip(bitvec::bvslt),
        BvSge => flip(bitvec::bvsle),
        Bv2nat => Ok(Value::Int(bitvec::bv2nat(s))),
        _ => Err(ill_sorted(op, vals)),
    }
}

/// Views every argument as a regex, or fails with an ill-sorted error.
fn regexes(op: Op, vals: &[Value]) -> Result<Vec<Regex>, EvalError> {
    vals.iter()
        .map(|v| match v {
            Value::RegLan(r) => Ok(r.clone()),
            _ => Err(ill_sorted(op, vals)),
        })
        .collect()
}

/// `=` and `distinct` on RegLan (language equality, decided exactly by
/// the regex engine within its state budget) and arrays (extensional).
fn semantic_equality(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    let rs = vals;
    let equiv = array::equal;
    if op == Op::Eq {
        for w in rs.windows(2) {
            if !equiv(&w[0], &w[1])? {
                return Ok(Value::Bool(false));
            }
        }
        Ok(Value::Bool(true))
    } else {
        for i in 0..rs.len() {
            for j in i + 1..rs.len() {
                if equiv(&rs[i], &rs[j])? {
                    return Ok(Value::Bool(false));
                }
            }
        }
        Ok(Value::Bool(true))
    }
}

/// The operators of RegLan, and the string operators that take a regex.
fn apply_regex(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    use Value::{RegLan as R, Str as S};
    let arity = |n: usize| {
        if vals.len() == n {
            Ok(())
        } else {
            Err(ill_sorted(op, vals))
        }
    };
    let re = |r: Regex| Ok(R(r));
    match op {
        ReNone => arity(0).and_then(|_| re(Regex::none())),
        ReAll => arity(0).and_then(|_| re(Regex::all())),
        ReAllchar => arity(0).and_then(|_| re(Regex::allchar())),
        StrToRe => match vals {
            [S(s)] => re(Regex::literal(s)),
            _ => Err(ill_sorted(op, vals)),
        },
        ReRange => match vals {
            [S(lo), S(hi)] => re(Regex::range(lo, hi)),
            _ => Err(ill_sorted(op, vals)),
        },
        ReConcat | ReUnion | ReInter => {
            if vals.len() < 2 {
                return Err(ill_sorted(op, vals));
            }
            let rs = regexes(op, vals)?;
            re(match op {
                ReConcat => Regex::concat(&rs),
                ReUnion => Regex::union(&rs),
                _ => Regex::inter(&rs),
            })
        }
        ReDiff => match vals {
            [R(a), R(b)] => re(a.diff(b)),
            _ => Err(ill_sorted(op, vals)),
        },
        ReComp | ReStar | RePlus | ReOpt | RePower(_) | ReLoop(..) => match vals {
            [R(r)] => re(match op {
                ReComp => r.comp(),
                ReStar => r.star(),
                RePlus => r.plus(),
                ReOpt => r.opt(),
                RePower(n) => r.power(n),
                ReLoop(lo, hi) => r.loop_(lo, hi),
                _ => unreachable!(),
            }),
            _ => Err(ill_sorted(op, vals)),
        },
        StrInRe => match vals {
            [S(s), R(r)] => Ok(Value::Bool(r.is_match(s))),
            _ => Err(ill_sorted(op, vals)),
        },
        StrReplaceRe | StrReplaceReAll => match vals {
            [S(s), R(r), S(t)] => str_value(if op == StrReplaceRe {
                str_replace_re(s, r, t)
            } else {
                str_replace_re_all(s, r, t)
            }),
            _ => Err(ill_sorted(op, vals)),
        },
        _ => Err(ill_sorted(op, vals)),
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
