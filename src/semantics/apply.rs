//! Operators applied to values: every operator whose arguments are all
//! evaluated first (all but `and`, `or`, `=>` and `ite`, which the
//! evaluator decides lazily), each theory's through its theory functions.
//!
//! # Invariant
//!
//! An argument of the wrong sort or number is [`EvalError::IllSorted`],
//! never a panic: ranks are checked here too (bit-vector widths, indices),
//! so a value never reaches a theory function it does not fit. Results are
//! built through the caps of `limits.rs`.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use super::array;
use super::error::EvalError;
use super::limits::{MAX_INT_BITS, MAX_STRING_LEN, bv_value, int_value, real_value, str_value};
use super::regex::{Regex, str_replace_re, str_replace_re_all};
use super::value::Value;
use super::{bitvec, fp_apply, int, real, seq, string};
use crate::term::{BitVec, Op, SmtString, Sort};

/// The error for `op` applied to values it does not take.
fn ill_sorted(op: Op, args: &[Value]) -> EvalError {
    let sorts: Vec<String> = args.iter().map(|a| a.sort().to_string()).collect();
    EvalError::IllSorted(format!("`{}` applied to ({})", op.name(), sorts.join(" ")))
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

/// Views every argument as a rational, or fails with an ill-sorted error.
fn reals(op: Op, vals: &[Value]) -> Result<Vec<&BigRational>, EvalError> {
    vals.iter()
        .map(|v| match v {
            Value::Real(r) => Ok(r),
            _ => Err(ill_sorted(op, vals)),
        })
        .collect()
}

/// Whether `op`, one the integers and reals share (`+ - *`, unary `-`, the
/// comparisons), is applied to reals: its first argument decides, and
/// [`reals`] refuses any other argument that is not one.
fn on_reals(vals: &[Value]) -> bool {
    matches!(vals.first(), Some(Value::Real(_)))
}

/// The bit length of a rational's numerator and denominator together: the
/// size a product's operand adds, as [`MAX_INT_BITS`] counts it.
fn real_bits(x: &BigRational) -> u64 {
    x.numer().bits().max(x.denom().bits())
}

/// Applies an operator of `Reals` or `Reals_Ints` (`/`, `to_real`,
/// `to_int`, `is_int`), or one it shares with `Ints` to Real arguments.
fn apply_real(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    let arity = |n: usize| (vals.len() == n).then_some(()).ok_or(ill_sorted(op, vals));
    let at_least = |n: usize| (vals.len() >= n).then_some(()).ok_or(ill_sorted(op, vals));
    match op {
        Add => {
            at_least(2)?;
            real_value(reals(op, vals)?.into_iter().sum())
        }
        Sub => {
            at_least(2)?;
            let xs = reals(op, vals)?;
            real_value(xs[1..].iter().fold(xs[0].clone(), |acc, x| acc - *x))
        }
        Neg => {
            arity(1)?;
            real_value(-reals(op, vals)?[0])
        }
        Mul => {
            at_least(2)?;
            let mut acc = BigRational::one();
            for x in reals(op, vals)? {
                // As for integers: stop at the cap before building past it.
                if real_bits(&acc) + real_bits(x) > MAX_INT_BITS + 1 && !x.is_zero() {
                    return Err(EvalError::TooLarge("rational"));
                }
                acc *= x;
            }
            real_value(acc)
        }
        RealDiv => {
            at_least(2)?;
            let xs = reals(op, vals)?;
            // Left-associative: `(/ a b c)` is `(/ (/ a b) c)`; one zero
            // divisor anywhere leaves the whole unspecified.
            let mut acc = xs[0].clone();
            for x in &xs[1..] {
                if real_bits(&acc) + real_bits(x) > MAX_INT_BITS + 1 && !acc.is_zero() {
                    return Err(EvalError::TooLarge("rational"));
                }
                acc = real::div(&acc, x).ok_or(EvalError::Unspecified("/ by zero"))?;
            }
            real_value(acc)
        }
        Lt | Le | Gt | Ge => {
            at_least(2)?;
            let xs = reals(op, vals)?;
            Ok(Value::Bool(match op {
                Lt => chain(&xs, |a, b| a < b),
                Le => chain(&xs, |a, b| a <= b),
                Gt => chain(&xs, |a, b| a > b),
                _ => chain(&xs, |a, b| a >= b),
            }))
        }
        ToReal => {
            arity(1)?;
            real_value(real::to_real(ints(op, vals)?[0]))
        }
        ToInt => {
            arity(1)?;
            int_value(real::to_int(reals(op, vals)?[0]))
        }
        IsInt => {
            arity(1)?;
            Ok(Value::Bool(real::is_int(reals(op, vals)?[0])))
        }
        _ => Err(ill_sorted(op, vals)),
    }
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
pub(super) fn apply(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
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
        // ---- floating point, on its own
        Rne | Rna | Rtp | Rtn | Rtz | FpLit | FpPlusZero(..) | FpMinusZero(..) | FpPlusInf(..)
        | FpMinusInf(..) | FpNaN(..) | FpAbs | FpNeg | FpAdd | FpSub | FpMul | FpDiv | FpFma
        | FpSqrt | FpRem | FpRoundToIntegral | FpMin | FpMax | FpLeq | FpLt | FpGeq | FpGt
        | FpEq | FpIsNormal | FpIsSubnormal | FpIsZero | FpIsInfinite | FpIsNaN | FpIsNegative
        | FpIsPositive | ToFp(..) | ToFpUnsigned(..) | FpToUbv(_) | FpToSbv(_) | FpToReal => {
            fp_apply::apply_fp(op, vals)
        }
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
        // ---- reals, and what they share with the integers
        Add | Sub | Neg | Mul | Lt | Le | Gt | Ge if on_reals(vals) => apply_real(op, vals),
        RealDiv | ToReal | ToInt | IsInt => apply_real(op, vals),
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
        Divisible(n) => {
            arity(1)?;
            // The index is a numeral of at least 1 (the rank refuses 0).
            let m = int::modulo(ints(op, vals)?[0], &BigInt::from(n))
                .ok_or_else(|| ill_sorted(op, vals))?;
            Ok(Value::Bool(m.is_zero()))
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
        | Int2bv(_) | BvNego | BvUaddo | BvSaddo | BvUmulo | BvSmulo | BvUsubo | BvSsubo
        | BvSdivo | UbvToInt | SbvToInt | IntToBv(_) => apply_bitvec(op, vals),
        SeqUnit | SeqConcat | SeqLen | SeqExtract | SeqAt | SeqNth | SeqContains | SeqIndexof
        | SeqLastIndexof | SeqReplace | SeqReplaceAll | SeqPrefixof | SeqSuffixof | SeqRev
        | SeqUpdate => seq::apply(op, vals),
    }
}

/// The bit-vector operators. Ranks are checked here too (widths, indices),
/// so a value never reaches a theory function it does not fit.
fn apply_bitvec(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    if let (Int2bv(m) | IntToBv(m), [Value::Int(n)]) = (op, vals) {
        if m == 0 {
            return Err(ill_sorted(op, vals));
        }
        if u64::from(m) > MAX_INT_BITS {
            return Err(EvalError::TooLarge("bit-vector"));
        }
        return bv_value(if op == Int2bv(m) {
            bitvec::int2bv(m, n)
        } else {
            bitvec::int_to_bv(m, n)
        });
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
        BvNego => Ok(Value::Bool(bitvec::bvnego(s))),
        BvUaddo => rel(bitvec::bvuaddo),
        BvSaddo => rel(bitvec::bvsaddo),
        BvUmulo => rel(bitvec::bvumulo),
        BvSmulo => rel(bitvec::bvsmulo),
        BvUsubo => rel(bitvec::bvusubo),
        BvSsubo => rel(bitvec::bvssubo),
        BvSdivo => rel(bitvec::bvsdivo),
        UbvToInt => Ok(Value::Int(bitvec::ubv_to_int(s))),
        SbvToInt => Ok(Value::Int(bitvec::sbv_to_int(s))),
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
