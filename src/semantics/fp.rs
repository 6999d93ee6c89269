//! Floating-point values of the SMT-LIB `FloatingPoints` theory: the
//! formats `(_ FloatingPoint eb sb)`, the values of a format and the
//! rounding modes.
//!
//! A value is kept as the IEEE 754 fields the theory's `(fp s e m)` names:
//! a sign, a biased exponent of `eb` bits and a trailing significand of
//! `sb - 1` bits. The rounding of an exact result lives in
//! [`fp_round`](super::fp_round), the operations in
//! [`fp_arith`](super::fp_arith), the conversions in
//! [`fp_convert`](super::fp_convert), the operators on values in
//! `fp_apply.rs`.
//!
//! # Invariants
//!
//! - A [`Float`]'s format has `2 <= eb <= MAX_EB` and `2 <= sb <= MAX_SB`
//!   ([`FpFormat::new`] refuses the rest), its exponent is below `2^eb`
//!   and its significand below `2^(sb-1)`.
//! - There is one NaN (SMT-LIB has a single NaN, theory "NaN"): every
//!   bit pattern with an all-ones exponent and a nonzero significand is
//!   read as [`Float::nan`], whose fields are fixed (sign 0, significand
//!   `2^(sb-2)`). So `==` on [`Float`] is the theory's `=`: NaN equals NaN,
//!   `+0` differs from `-0`.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize};

/// The widest exponent field accepted. Exact rationals of a format grow
/// with `2^eb` bits (the ratio of the largest to the smallest value), so
/// past 16 one `fp.rem` or `fp.add` of the extremes would build numbers of
/// hundreds of thousands of bits; Float128 has 15.
pub const MAX_EB: u32 = 16;

/// The widest significand accepted (Float128 has 113; the cost grows only
/// linearly with it).
pub const MAX_SB: u32 = 1024;

/// A format `(_ FloatingPoint eb sb)`: `eb` exponent bits, `sb`
/// significand bits counting the hidden one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FpFormat {
    eb: u32,
    sb: u32,
}

impl FpFormat {
    /// The format, or why it is not one we evaluate: SMT-LIB needs
    /// `eb > 1` and `sb > 1`; above [`MAX_EB`] or [`MAX_SB`] it is
    /// refused here, not evaluated approximately.
    pub fn new(eb: u32, sb: u32) -> Result<FpFormat, String> {
        if eb < 2 || sb < 2 {
            return Err(format!(
                "(_ FloatingPoint {eb} {sb}): SMT-LIB needs eb > 1 and sb > 1"
            ));
        }
        if eb > MAX_EB || sb > MAX_SB {
            return Err(format!(
                "(_ FloatingPoint {eb} {sb}): evaluated up to eb = {MAX_EB} and sb = {MAX_SB}"
            ));
        }
        Ok(FpFormat { eb, sb })
    }

    /// Exponent bits.
    pub fn eb(self) -> u32 {
        self.eb
    }

    /// Significand bits, the hidden one included.
    pub fn sb(self) -> u32 {
        self.sb
    }

    /// The exponent bias, `2^(eb-1) - 1`, which is also the largest
    /// unbiased exponent of a finite value.
    pub fn bias(self) -> i64 {
        (1i64 << (self.eb - 1)) - 1
    }

    /// The smallest unbiased exponent of a normal value, `1 - bias`.
    pub fn emin(self) -> i64 {
        1 - self.bias()
    }

    /// The all-ones exponent field (infinities and NaN).
    pub fn max_exp(self) -> u32 {
        ((1u64 << self.eb) - 1) as u32
    }

    /// `2^(sb-1)`: the hidden bit, and one past the largest trailing
    /// significand.
    pub fn hidden(self) -> BigUint {
        BigUint::one() << (self.sb - 1)
    }
}

/// A rounding mode of the theory's `RoundingMode` sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RoundingMode {
    /// `RNE`, `roundNearestTiesToEven`.
    Rne,
    /// `RNA`, `roundNearestTiesToAway`.
    Rna,
    /// `RTP`, `roundTowardPositive`.
    Rtp,
    /// `RTN`, `roundTowardNegative`.
    Rtn,
    /// `RTZ`, `roundTowardZero`.
    Rtz,
}

impl RoundingMode {
    /// The five modes.
    pub const ALL: [RoundingMode; 5] = [
        RoundingMode::Rne,
        RoundingMode::Rna,
        RoundingMode::Rtp,
        RoundingMode::Rtn,
        RoundingMode::Rtz,
    ];
}

/// What kind of value a [`Float`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// NaN.
    NaN,
    /// `+oo` or `-oo`.
    Infinite,
    /// `+0` or `-0`.
    Zero,
    /// A nonzero value below the smallest normal one.
    Subnormal,
    /// A normal value.
    Normal,
}

/// A value of a floating-point format (see the invariants).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Float {
    format: FpFormat,
    neg: bool,
    exp: u32,
    sig: BigUint,
}

/// A finite value as `(-1)^neg * m * 2^e`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dyadic {
    /// The sign.
    pub neg: bool,
    /// The integer significand (0 for a zero).
    pub m: BigUint,
    /// The exponent of its last bit.
    pub e: i64,
}

impl Float {
    /// The value whose `(fp s e m)` fields are these; a NaN pattern is the
    /// one NaN. The fields are reduced to their widths.
    pub fn from_fields(format: FpFormat, neg: bool, exp: &BigUint, sig: &BigUint) -> Float {
        let exp_mask = (BigUint::one() << format.eb) - 1u32;
        let exp = u32::try_from(exp & exp_mask).expect("eb <= 16");
        let sig = sig & (format.hidden() - 1u32);
        if exp == format.max_exp() && !sig.is_zero() {
            return Float::nan(format);
        }
        Float {
            format,
            neg,
            exp,
            sig,
        }
    }

    /// The value `(_ to_fp eb sb)` reads from `eb + sb` bits, sign first.
    pub fn from_bits(format: FpFormat, bits: &BigUint) -> Float {
        let sig = bits & (format.hidden() - 1u32);
        let exp = bits >> (format.sb - 1);
        let neg = bits.bit(u64::from(format.eb + format.sb - 1));
        Float::from_fields(format, neg, &exp, &sig)
    }

    /// The `eb + sb` bits of the value, sign first (NaN's are fixed).
    pub fn to_bits(&self) -> BigUint {
        let sign = if self.neg {
            BigUint::one()
        } else {
            BigUint::zero()
        };
        let exp_sig = (BigUint::from(self.exp) << (self.format.sb - 1)) | &self.sig;
        (sign << (self.format.eb + self.format.sb - 1)) | exp_sig
    }

    /// NaN.
    pub fn nan(format: FpFormat) -> Float {
        Float {
            format,
            neg: false,
            exp: format.max_exp(),
            sig: BigUint::one() << (format.sb - 2),
        }
    }

    /// `+oo` or `-oo`.
    pub fn infinity(format: FpFormat, neg: bool) -> Float {
        Float {
            format,
            neg,
            exp: format.max_exp(),
            sig: BigUint::zero(),
        }
    }

    /// `+0` or `-0`.
    pub fn zero(format: FpFormat, neg: bool) -> Float {
        Float {
            format,
            neg,
            exp: 0,
            sig: BigUint::zero(),
        }
    }

    /// The largest finite value of the format, with a sign.
    pub fn max_finite(format: FpFormat, neg: bool) -> Float {
        Float {
            format,
            neg,
            exp: format.max_exp() - 1,
            sig: format.hidden() - 1u32,
        }
    }

    /// The value with the sign flipped, NaN kept (`fp.neg`).
    pub fn negated(&self) -> Float {
        if self.is_nan() {
            return self.clone();
        }
        Float {
            neg: !self.neg,
            ..self.clone()
        }
    }

    /// The value with the sign cleared, NaN kept (`fp.abs`).
    pub fn abs(&self) -> Float {
        Float {
            neg: false,
            ..self.clone()
        }
    }

    /// The format.
    pub fn format(&self) -> FpFormat {
        self.format
    }

    /// The sign bit (false for NaN).
    pub fn sign(&self) -> bool {
        self.neg
    }

    /// The biased exponent field.
    pub fn exp_field(&self) -> u32 {
        self.exp
    }

    /// The trailing significand field.
    pub fn sig_field(&self) -> &BigUint {
        &self.sig
    }

    /// What kind of value it is.
    pub fn class(&self) -> Class {
        match (self.exp, self.sig.is_zero()) {
            (e, false) if e == self.format.max_exp() => Class::NaN,
            (e, true) if e == self.format.max_exp() => Class::Infinite,
            (0, true) => Class::Zero,
            (0, false) => Class::Subnormal,
            _ => Class::Normal,
        }
    }

    /// Whether it is NaN.
    pub fn is_nan(&self) -> bool {
        self.class() == Class::NaN
    }

    /// Whether it is `+oo` or `-oo`.
    pub fn is_infinite(&self) -> bool {
        self.class() == Class::Infinite
    }

    /// Whether it is `+0` or `-0`.
    pub fn is_zero(&self) -> bool {
        self.class() == Class::Zero
    }

    /// Whether it is neither NaN nor infinite.
    pub fn is_finite(&self) -> bool {
        !matches!(self.class(), Class::NaN | Class::Infinite)
    }

    /// `fp.isNegative`: negative and not NaN (`-0` is negative).
    pub fn is_negative(&self) -> bool {
        self.neg && !self.is_nan()
    }

    /// `fp.isPositive`: positive and not NaN (`+0` is positive).
    pub fn is_positive(&self) -> bool {
        !self.neg && !self.is_nan()
    }

    /// A finite value as a dyadic; `None` for NaN and the infinities.
    pub fn dyadic(&self) -> Option<Dyadic> {
        if !self.is_finite() {
            return None;
        }
        let shift = i64::from(self.format.sb - 1);
        let (m, e) = if self.exp == 0 {
            (self.sig.clone(), self.format.emin() - shift)
        } else {
            let e = i64::from(self.exp) - self.format.bias() - shift;
            (&self.sig + self.format.hidden(), e)
        };
        Some(Dyadic {
            neg: self.neg,
            m,
            e,
        })
    }

    /// A finite value as an exact rational (`fp.to_real`); `None` for NaN
    /// and the infinities.
    pub fn to_rational(&self) -> Option<BigRational> {
        self.dyadic().map(|d| d.to_rational())
    }

    /// The order of the theory's `fp.lt`/`fp.eq` (the zeros equal), or
    /// `None` when either is NaN.
    pub fn compare(&self, other: &Float) -> Option<Ordering> {
        if self.is_nan() || other.is_nan() {
            return None;
        }
        // -oo < finite < +oo, each side by rank first.
        let rank = |x: &Float| match (x.is_infinite(), x.neg) {
            (true, true) => 0,
            (true, false) => 2,
            _ => 1,
        };
        match rank(self).cmp(&rank(other)) {
            Ordering::Equal if rank(self) == 1 => {
                Some(self.to_rational()?.cmp(&other.to_rational()?))
            }
            o => Some(o),
        }
    }
}

impl Dyadic {
    /// The exact value.
    pub fn to_rational(&self) -> BigRational {
        let m = BigInt::from(self.m.clone());
        let m = if self.neg { -m } else { m };
        let one = BigInt::one();
        if self.e >= 0 {
            BigRational::from_integer(m << self.e as usize)
        } else {
            BigRational::new(m, one << (-self.e) as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f16() -> FpFormat {
        FpFormat::new(5, 11).unwrap()
    }

    #[test]
    fn formats_outside_the_bounds_are_refused_with_a_reason() {
        assert!(FpFormat::new(1, 11).unwrap_err().contains("eb > 1"));
        assert!(FpFormat::new(5, 1).unwrap_err().contains("sb > 1"));
        assert!(FpFormat::new(17, 24).unwrap_err().contains("up to eb = 16"));
        assert!(FpFormat::new(8, 1025).is_err());
        assert!(FpFormat::new(2, 2).is_ok() && FpFormat::new(16, 1024).is_ok());
        assert_eq!(f16().bias(), 15);
        assert_eq!(f16().emin(), -14);
        assert_eq!(f16().max_exp(), 31);
    }

    #[test]
    fn every_nan_pattern_is_the_one_nan_and_bits_round_trip() {
        let f = f16();
        for bits in 0u32..(1 << 16) {
            let x = Float::from_bits(f, &BigUint::from(bits));
            let exp = (bits >> 10) & 31;
            let nan = exp == 31 && bits & 0x3ff != 0;
            assert_eq!(x.is_nan(), nan, "{bits:#x}");
            if !nan {
                assert_eq!(x.to_bits(), BigUint::from(bits), "{bits:#x}");
            } else {
                assert_eq!(x, Float::nan(f));
            }
        }
    }

    #[test]
    fn values_classes_and_order() {
        let f = f16();
        let one = Float::from_bits(f, &BigUint::from(0x3c00u32));
        assert_eq!(one.to_rational(), Some(BigRational::one()));
        assert_eq!(one.class(), Class::Normal);
        let min_sub = Float::from_bits(f, &BigUint::from(1u32));
        assert_eq!(min_sub.class(), Class::Subnormal);
        assert_eq!(
            min_sub.to_rational(),
            Some(BigRational::new(1.into(), BigInt::one() << 24))
        );
        assert_eq!(
            Float::max_finite(f, false).to_rational(),
            Some(BigRational::from_integer(65504.into()))
        );
        let (pz, nz) = (Float::zero(f, false), Float::zero(f, true));
        assert_ne!(pz, nz);
        assert_eq!(pz.compare(&nz), Some(Ordering::Equal));
        assert!(nz.is_negative() && pz.is_positive());
        let nan = Float::nan(f);
        assert!(!nan.is_negative() && !nan.is_positive());
        assert_eq!(nan.compare(&nan), None);
        assert_eq!(nan.negated(), nan);
        let inf = Float::infinity(f, false);
        assert_eq!(inf.compare(&one), Some(Ordering::Greater));
        assert_eq!(inf.negated().compare(&nz), Some(Ordering::Less));
    }
}
