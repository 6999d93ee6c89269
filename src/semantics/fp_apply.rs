//! The FloatingPoints theory's operators applied to values: the arms of
//! `apply.rs` for [`Theory::FloatingPoint`](crate::term::Theory), each
//! calling the one function of `fp_arith.rs` or `fp_convert.rs` that
//! implements it.
//!
//! # Invariants
//!
//! - A format past [`MAX_EB`](super::fp::MAX_EB) or
//!   [`MAX_SB`](super::fp::MAX_SB) is [`EvalError::TooLarge`], never an
//!   approximate value.
//! - What SMT-LIB leaves unspecified (`fp.to_ubv`/`fp.to_sbv` of NaN, an
//!   infinity or out of range, `fp.to_real` of NaN or an infinity,
//!   `fp.min`/`fp.max` of `+0` and `-0`) is [`EvalError::Unspecified`].
//! - Structural `=` needs nothing here: [`Float`]'s `==` is it.

use std::cmp::Ordering;

use num_bigint::BigUint;

use super::error::EvalError;
use super::fp::{Class, Float, FpFormat, RoundingMode};
use super::value::Value;
use super::{fp_arith, fp_convert};
use crate::term::{BitVec, Op};

fn ill_sorted(op: Op, vals: &[Value]) -> EvalError {
    let sorts: Vec<String> = vals.iter().map(|a| a.sort().to_string()).collect();
    EvalError::IllSorted(format!("`{}` applied to ({})", op.name(), sorts.join(" ")))
}

/// The format `(_ FloatingPoint eb sb)`, if we evaluate it.
fn format(eb: u32, sb: u32) -> Result<FpFormat, EvalError> {
    FpFormat::new(eb, sb).map_err(|_| EvalError::TooLarge("floating-point format"))
}

/// The arguments of one application, viewed by sort.
struct Args<'a> {
    op: Op,
    vals: &'a [Value],
}

impl Args<'_> {
    fn error(&self) -> EvalError {
        ill_sorted(self.op, self.vals)
    }

    fn rm(&self, i: usize) -> Result<RoundingMode, EvalError> {
        match self.vals.get(i) {
            Some(Value::Rm(rm)) => Ok(*rm),
            _ => Err(self.error()),
        }
    }

    fn fp(&self, i: usize) -> Result<&Float, EvalError> {
        match self.vals.get(i) {
            Some(Value::Fp(x)) if self.same_format(x) => Ok(x),
            _ => Err(self.error()),
        }
    }

    fn bv(&self, i: usize) -> Result<&BitVec, EvalError> {
        match self.vals.get(i) {
            Some(Value::BitVec(b)) => Ok(b),
            _ => Err(self.error()),
        }
    }

    /// Whether every floating-point argument has `x`'s format.
    fn same_format(&self, x: &Float) -> bool {
        self.vals.iter().all(|v| match v {
            Value::Fp(y) => y.format() == x.format(),
            _ => true,
        })
    }

    fn arity(&self, n: usize) -> Result<(), EvalError> {
        (self.vals.len() == n)
            .then_some(())
            .ok_or_else(|| self.error())
    }

    /// Every argument, as values of one format (the comparisons).
    fn all_fp(&self) -> Result<Vec<&Float>, EvalError> {
        (0..self.vals.len()).map(|i| self.fp(i)).collect()
    }
}

/// Applies a FloatingPoints operator.
pub(super) fn apply_fp(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    let a = Args { op, vals };
    let fp = |x: Float| Ok(Value::Fp(x));
    let constant = |eb, sb, make: fn(FpFormat) -> Float| {
        a.arity(0)?;
        Ok(Value::Fp(make(format(eb, sb)?)))
    };
    let class = |want: fn(&Float) -> bool| {
        a.arity(1)?;
        Ok(Value::Bool(want(a.fp(0)?)))
    };
    match op {
        Rne => Ok(Value::Rm(RoundingMode::Rne)),
        Rna => Ok(Value::Rm(RoundingMode::Rna)),
        Rtp => Ok(Value::Rm(RoundingMode::Rtp)),
        Rtn => Ok(Value::Rm(RoundingMode::Rtn)),
        Rtz => Ok(Value::Rm(RoundingMode::Rtz)),
        FpPlusZero(eb, sb) => constant(eb, sb, |f| Float::zero(f, false)),
        FpMinusZero(eb, sb) => constant(eb, sb, |f| Float::zero(f, true)),
        FpPlusInf(eb, sb) => constant(eb, sb, |f| Float::infinity(f, false)),
        FpMinusInf(eb, sb) => constant(eb, sb, |f| Float::infinity(f, true)),
        FpNaN(eb, sb) => constant(eb, sb, Float::nan),
        FpLit => {
            a.arity(3)?;
            let (s, e, m) = (a.bv(0)?, a.bv(1)?, a.bv(2)?);
            if s.width() != 1 {
                return Err(a.error());
            }
            let f = format(e.width(), m.width() + 1)?;
            fp(Float::from_fields(f, s.bit(0), e.value(), m.value()))
        }
        FpAbs => {
            a.arity(1)?;
            fp(a.fp(0)?.abs())
        }
        FpNeg => {
            a.arity(1)?;
            fp(a.fp(0)?.negated())
        }
        FpAdd | FpSub | FpMul | FpDiv => {
            a.arity(3)?;
            let (rm, x, y) = (a.rm(0)?, a.fp(1)?, a.fp(2)?);
            fp(match op {
                FpAdd => fp_arith::add(rm, x, y),
                FpSub => fp_arith::sub(rm, x, y),
                FpMul => fp_arith::mul(rm, x, y),
                _ => fp_arith::div(rm, x, y),
            })
        }
        FpFma => {
            a.arity(4)?;
            fp(fp_arith::fma(a.rm(0)?, a.fp(1)?, a.fp(2)?, a.fp(3)?))
        }
        FpSqrt => {
            a.arity(2)?;
            fp(fp_arith::sqrt(a.rm(0)?, a.fp(1)?))
        }
        FpRoundToIntegral => {
            a.arity(2)?;
            fp(fp_arith::round_to_integral(a.rm(0)?, a.fp(1)?))
        }
        FpRem => {
            a.arity(2)?;
            fp(fp_arith::rem(a.fp(0)?, a.fp(1)?))
        }
        FpMin | FpMax => {
            a.arity(2)?;
            fp_arith::min_max(op == FpMin, a.fp(0)?, a.fp(1)?)
                .map(Value::Fp)
                .ok_or(EvalError::Unspecified("fp.min/fp.max of +0 and -0"))
        }
        FpLeq | FpLt | FpGeq | FpGt | FpEq => {
            let xs = a.all_fp()?;
            if xs.len() < 2 {
                return Err(a.error());
            }
            let holds = |o: Option<Ordering>| match (op, o) {
                (_, None) => false,
                (FpLeq, Some(o)) => o != Ordering::Greater,
                (FpLt, Some(o)) => o == Ordering::Less,
                (FpGeq, Some(o)) => o != Ordering::Less,
                (FpGt, Some(o)) => o == Ordering::Greater,
                (_, Some(o)) => o == Ordering::Equal,
            };
            Ok(Value::Bool(
                xs.windows(2).all(|w| holds(w[0].compare(w[1]))),
            ))
        }
        FpIsNormal => class(|x| x.class() == Class::Normal),
        FpIsSubnormal => class(|x| x.class() == Class::Subnormal),
        FpIsZero => class(Float::is_zero),
        FpIsInfinite => class(Float::is_infinite),
        FpIsNaN => class(Float::is_nan),
        FpIsNegative => class(Float::is_negative),
        FpIsPositive => class(Float::is_positive),
        ToFp(eb, sb) => {
            let f = format(eb, sb)?;
            match vals {
                [Value::BitVec(b)] if b.width() == eb + sb => fp(Float::from_bits(f, b.value())),
                [Value::Rm(rm), Value::Fp(x)] => fp(fp_convert::from_float(f, *rm, x)),
                [Value::Rm(rm), Value::Real(r)] => fp(fp_convert::from_real(f, *rm, r)),
                [Value::Rm(rm), Value::BitVec(b)] => {
                    fp(fp_convert::from_bv(f, *rm, b.width(), b.value(), true))
                }
                _ => Err(a.error()),
            }
        }
        ToFpUnsigned(eb, sb) => {
            a.arity(2)?;
            let (rm, b) = (a.rm(0)?, a.bv(1)?);
            fp(fp_convert::from_bv(
                format(eb, sb)?,
                rm,
                b.width(),
                b.value(),
                false,
            ))
        }
        FpToUbv(m) | FpToSbv(m) => {
            a.arity(2)?;
            let (rm, x) = (a.rm(0)?, a.fp(1)?);
            let bits: Option<BigUint> = if op == FpToUbv(m) {
                fp_convert::to_ubv(m, rm, x)
            } else {
                fp_convert::to_sbv(m, rm, x)
            };
            bits.map(|b| Value::BitVec(BitVec::new(m, b)))
                .ok_or(EvalError::Unspecified(
                    "fp.to_ubv/fp.to_sbv of NaN, oo or out of range",
                ))
        }
        FpToReal => {
            a.arity(1)?;
            fp_convert::to_real(a.fp(0)?)
                .map(Value::Real)
                .ok_or(EvalError::Unspecified("fp.to_real of NaN or oo"))
        }
        _ => Err(a.error()),
    }
}
