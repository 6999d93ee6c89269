//! The conversions of the `FloatingPoints` theory: `(_ to_fp eb sb)` from
//! another format, a Real, a signed bit-vector; `(_ to_fp_unsigned eb
//! sb)`; `(_ fp.to_ubv m)`, `(_ fp.to_sbv m)` and `fp.to_real`. (From a
//! bit-vector's bits is [`Float::from_bits`].)
//!
//! # Invariants
//!
//! - Every conversion into a format is the exact value rounded once
//!   ([`round`]); the integer and rational zero is `+0`.
//! - The theory leaves `fp.to_ubv`/`fp.to_sbv` of NaN, an infinity, or a
//!   value whose rounded integer is out of the target's range, and
//!   `fp.to_real` of NaN or an infinity, unspecified: `None` here.

use num_bigint::{BigInt, BigUint, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::fp::{Float, FpFormat, RoundingMode};
use super::fp_round::{round, round_integer, round_to_integer};

/// `((_ to_fp eb sb) rm x)` for `x` of another (or the same) format.
pub fn from_float(format: FpFormat, rm: RoundingMode, x: &Float) -> Float {
    if x.is_nan() {
        return Float::nan(format);
    }
    if x.is_infinite() {
        return Float::infinity(format, x.sign());
    }
    if x.is_zero() {
        return Float::zero(format, x.sign());
    }
    let d = x.dyadic().expect("finite");
    round(format, rm, d.neg, &d.m, &BigUint::one(), d.e)
}

/// `((_ to_fp eb sb) rm r)` for a Real `r`.
pub fn from_real(format: FpFormat, rm: RoundingMode, r: &BigRational) -> Float {
    if r.is_zero() {
        return Float::zero(format, false);
    }
    let num = r.numer().abs().to_biguint().expect("non-negative");
    let den = r.denom().to_biguint().expect("positive");
    round(format, rm, r.is_negative(), &num, &den, 0)
}

/// `((_ to_fp eb sb) rm b)` (`signed`, two's complement) or
/// `((_ to_fp_unsigned eb sb) rm b)`, given `b`'s width and bits.
pub fn from_bv(
    format: FpFormat,
    rm: RoundingMode,
    width: u32,
    bits: &BigUint,
    signed: bool,
) -> Float {
    let negative = signed && bits.bit(u64::from(width - 1));
    let magnitude = if negative {
        (BigUint::one() << width) - bits
    } else {
        bits.clone()
    };
    round_integer(format, rm, negative, &magnitude)
}

/// The integer `x` rounds to under `rm`, or `None` for NaN and the
/// infinities.
fn integer(rm: RoundingMode, x: &Float) -> Option<BigInt> {
    let d = x.dyadic()?;
    let n = if d.e >= 0 {
        &d.m << d.e as usize
    } else {
        round_to_integer(rm, d.neg, &d.m, &(BigUint::one() << (-d.e) as usize)).0
    };
    Some(BigInt::from_biguint(
        if d.neg { Sign::Minus } else { Sign::Plus },
        n,
    ))
}

/// `((_ fp.to_ubv m) rm x)`: the bits of the rounded integer, or `None`
/// when it is unspecified (NaN, an infinity, outside `0 .. 2^m`).
pub fn to_ubv(m: u32, rm: RoundingMode, x: &Float) -> Option<BigUint> {
    let n = integer(rm, x)?;
    n.to_biguint().filter(|n| n.bits() <= u64::from(m))
}

/// `((_ fp.to_sbv m) rm x)`: the two's complement bits of the rounded
/// integer, or `None` when it is unspecified (NaN, an infinity, outside
/// `-2^(m-1) .. 2^(m-1)`).
pub fn to_sbv(m: u32, rm: RoundingMode, x: &Float) -> Option<BigUint> {
    let n = integer(rm, x)?;
    let half = BigInt::one() << (m - 1) as usize;
    if n >= half || n < -&half {
        return None;
    }
    let modulus = BigInt::one() << m as usize;
    let bits = if n.is_negative() { n + modulus } else { n };
    bits.to_biguint()
}

/// `fp.to_real`: the exact value, or `None` (unspecified) for NaN and the
/// infinities.
pub fn to_real(x: &Float) -> Option<BigRational> {
    x.to_rational()
}

#[cfg(test)]
mod tests {
    use super::*;
    use RoundingMode::*;

    fn fmt(eb: u32, sb: u32) -> FpFormat {
        FpFormat::new(eb, sb).unwrap()
    }

    fn h(bits: u32) -> Float {
        Float::from_bits(fmt(5, 11), &BigUint::from(bits))
    }

    #[test]
    fn conversions_between_formats_round_once() {
        let f32 = fmt(8, 24);
        // Float16 1/3 widens exactly and narrows back.
        let third = from_real(fmt(5, 11), Rne, &BigRational::new(1.into(), 3.into()));
        let wide = from_float(f32, Rne, &third);
        assert_eq!(wide.to_rational(), third.to_rational());
        assert_eq!(from_float(fmt(5, 11), Rne, &wide), third);
        // 1e6 overflows Float16: to +oo or the largest finite.
        let big = from_real(f32, Rne, &BigRational::from_integer(1_000_000.into()));
        assert!(from_float(fmt(5, 11), Rne, &big).is_infinite());
        assert_eq!(
            from_float(fmt(5, 11), Rtz, &big),
            Float::max_finite(fmt(5, 11), false)
        );
        assert_eq!(from_float(f32, Rne, &h(0x8000)), Float::zero(f32, true));
        assert_eq!(
            from_real(f32, Rtn, &BigRational::zero()),
            Float::zero(f32, false)
        );
    }

    #[test]
    fn bit_vectors_in_and_out() {
        let f = fmt(5, 11);
        // #xff as signed is -1, unsigned 255.
        let m1 = from_bv(f, Rne, 8, &BigUint::from(0xffu32), true);
        assert_eq!(m1, h(0xbc00));
        let u = from_bv(f, Rne, 8, &BigUint::from(0xffu32), false);
        assert_eq!(u.to_rational(), Some(BigRational::from_integer(255.into())));
        assert_eq!(
            from_bv(f, Rne, 8, &BigUint::zero(), true),
            Float::zero(f, false)
        );
        // 2.5 to integer: 2 (RNE), 3 (RNA, RTP), 2 (RTZ).
        let x = h(0x4100);
        assert_eq!(to_ubv(8, Rne, &x), Some(2u32.into()));
        assert_eq!(to_ubv(8, Rna, &x), Some(3u32.into()));
        assert_eq!(to_ubv(8, Rtz, &x), Some(2u32.into()));
        assert_eq!(to_ubv(1, Rtp, &x), None);
        assert_eq!(to_sbv(8, Rne, &x.negated()), Some(0xfeu32.into()));
        assert_eq!(to_sbv(2, Rne, &x.negated()), Some(2u32.into())); // -2
        assert_eq!(to_sbv(2, Rna, &x.negated()), None); // -3
        // -0.5 rounds to -0, which is 0 for to_ubv; -1 is out of range.
        assert_eq!(to_ubv(4, Rne, &h(0xb800)), Some(0u32.into()));
        assert_eq!(to_ubv(4, Rtn, &h(0xb800)), None);
        assert_eq!(to_ubv(4, Rne, &h(0x7c00)), None);
        assert_eq!(to_sbv(4, Rne, &Float::nan(f)), None);
        assert_eq!(to_real(&h(0x7c00)), None);
        assert_eq!(
            to_real(&h(0x3800)),
            Some(BigRational::new(1.into(), 2.into()))
        );
    }
}
