//! The caps on the values the evaluator builds, so that a small term cannot
//! allocate without bound (`str.replace_all` nested, `*` squared over and
//! over), and the constructors that keep them: going past a cap is
//! [`EvalError::TooLarge`], never a wrong value.

use num_bigint::BigInt;
use num_rational::BigRational;

use super::error::EvalError;
use super::value::Value;
use crate::term::{BitVec, SmtString};

/// The longest string value the evaluator builds (in characters).
pub const MAX_STRING_LEN: usize = 1 << 24;

/// The largest integer value the evaluator builds, in bits (about 315,000
/// decimal digits).
pub const MAX_INT_BITS: u64 = 1 << 20;

/// An integer value, or [`EvalError::TooLarge`] past [`MAX_INT_BITS`].
pub(super) fn int_value(n: BigInt) -> Result<Value, EvalError> {
    if n.bits() > MAX_INT_BITS {
        return Err(EvalError::TooLarge("integer"));
    }
    Ok(Value::Int(n))
}

/// A rational value, or [`EvalError::TooLarge`] when its numerator or
/// denominator (in lowest terms) is past [`MAX_INT_BITS`].
pub(super) fn real_value(r: BigRational) -> Result<Value, EvalError> {
    if r.numer().bits() > MAX_INT_BITS || r.denom().bits() > MAX_INT_BITS {
        return Err(EvalError::TooLarge("rational"));
    }
    Ok(Value::Real(r))
}

/// A bit-vector value, or [`EvalError::TooLarge`] wider than
/// [`MAX_INT_BITS`].
pub(super) fn bv_value(b: BitVec) -> Result<Value, EvalError> {
    if u64::from(b.width()) > MAX_INT_BITS {
        return Err(EvalError::TooLarge("bit-vector"));
    }
    Ok(Value::BitVec(b))
}

/// A string value, or [`EvalError::TooLarge`] past [`MAX_STRING_LEN`].
pub(super) fn str_value(s: SmtString) -> Result<Value, EvalError> {
    if s.len() > MAX_STRING_LEN {
        return Err(EvalError::TooLarge("string"));
    }
    Ok(Value::Str(s))
}
