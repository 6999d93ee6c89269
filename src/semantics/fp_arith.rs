//! The arithmetic of the `FloatingPoints` theory, each operation the exact
//! result rounded once ([`round`]): `fp.add`, `fp.sub`, `fp.mul`,
//! `fp.div`, `fp.fma`, `fp.sqrt`, `fp.rem`, `fp.roundToIntegral`,
//! `fp.min`, `fp.max`.
//!
//! # Invariants
//!
//! - The special values follow IEEE 754-2008 clause 6 and 7.2: NaN in,
//!   NaN out; `oo - oo`, `0 * oo`, `0 / 0`, `oo / oo`, `sqrt` of a
//!   negative, `rem` by zero or of an infinity are NaN.
//! - A zero result of a sum (clause 6.3) is `-0` when both addends are
//!   `-0`, `+0` when they are zeros of opposite signs or cancel exactly,
//!   except under RTN, where it is `-0`. A product's and a quotient's sign
//!   is the exclusive or of the operands'.
//! - `fp.rem` is IEEE remainder, `x - y * n` with `n` the integer nearest
//!   `x / y` (ties to even), always exact; a zero result has `x`'s sign.
//! - `fp.min`/`fp.max` of `+0` and `-0` is unspecified (SMT-LIB lets either
//!   zero be returned): `None` here, never a choice.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::fp::{Dyadic, Float, FpFormat, RoundingMode};
use super::fp_round::{round, round_to_integer};

/// Two dyadics over a common exponent: their significands shifted so both
/// end at `min(e1, e2)`.
fn align(a: &Dyadic, b: &Dyadic) -> (BigUint, BigUint, i64) {
    let e = a.e.min(b.e);
    (&a.m << (a.e - e) as usize, &b.m << (b.e - e) as usize, e)
}

/// The rounded sum of two exact dyadics (zeros included), with the sign of
/// an exact zero by clause 6.3.
fn sum(format: FpFormat, rm: RoundingMode, a: &Dyadic, b: &Dyadic) -> Float {
    let (ma, mb, e) = align(a, b);
    let (neg, m) = if a.neg == b.neg {
        (a.neg, ma + mb)
    } else if ma >= mb {
        (a.neg, ma - mb)
    } else {
        (b.neg, mb - ma)
    };
    if m.is_zero() {
        let neg = if a.neg == b.neg {
            a.neg
        } else {
            rm == RoundingMode::Rtn
        };
        return Float::zero(format, neg);
    }
    round(format, rm, neg, &m, &BigUint::one(), e)
}

/// `fp.add`.
pub fn add(rm: RoundingMode, x: &Float, y: &Float) -> Float {
    let format = x.format();
    match (x.dyadic(), y.dyadic()) {
        _ if x.is_nan() || y.is_nan() => Float::nan(format),
        (Some(a), Some(b)) => sum(format, rm, &a, &b),
        (None, None) if x.sign() != y.sign() => Float::nan(format),
        (None, _) => x.clone(),
        (_, None) => y.clone(),
    }
}

/// `fp.sub`: `x + (-y)`.
pub fn sub(rm: RoundingMode, x: &Float, y: &Float) -> Float {
    add(rm, x, &y.negated())
}

/// `fp.mul`.
pub fn mul(rm: RoundingMode, x: &Float, y: &Float) -> Float {
    let format = x.format();
    let neg = x.sign() != y.sign();
    if x.is_nan() || y.is_nan() {
        return Float::nan(format);
    }
    if x.is_infinite() || y.is_infinite() {
        if x.is_zero() || y.is_zero() {
            return Float::nan(format);
        }
        return Float::infinity(format, neg);
    }
    let (a, b) = (x.dyadic().expect("finite"), y.dyadic().expect("finite"));
    let m = a.m * b.m;
    if m.is_zero() {
        return Float::zero(format, neg);
    }
    round(format, rm, neg, &m, &BigUint::one(), a.e + b.e)
}

/// `fp.div`.
pub fn div(rm: RoundingMode, x: &Float, y: &Float) -> Float {
    let format = x.format();
    let neg = x.sign() != y.sign();
    if x.is_nan() || y.is_nan() || (x.is_infinite() && y.is_infinite()) {
        return Float::nan(format);
    }
    if x.is_zero() && y.is_zero() {
        return Float::nan(format);
    }
    if x.is_infinite() || y.is_zero() {
        return Float::infinity(format, neg);
    }
    if y.is_infinite() || x.is_zero() {
        return Float::zero(format, neg);
    }
    let (a, b) = (x.dyadic().expect("finite"), y.dyadic().expect("finite"));
    round(format, rm, neg, &a.m, &b.m, a.e - b.e)
}

/// `fp.fma`: `x * y + z` rounded once.
pub fn fma(rm: RoundingMode, x: &Float, y: &Float, z: &Float) -> Float {
    let format = x.format();
    let neg = x.sign() != y.sign();
    if x.is_nan() || y.is_nan() || z.is_nan() {
        return Float::nan(format);
    }
    if x.is_infinite() || y.is_infinite() {
        if x.is_zero() || y.is_zero() || (z.is_infinite() && z.sign() != neg) {
            return Float::nan(format);
        }
        return Float::infinity(format, neg);
    }
    if z.is_infinite() {
        return z.clone();
    }
    let (a, b) = (x.dyadic().expect("finite"), y.dyadic().expect("finite"));
    let product = Dyadic {
        neg,
        m: a.m * b.m,
        e: a.e + b.e,
    };
    sum(format, rm, &product, &z.dyadic().expect("finite"))
}

/// `fp.sqrt`.
pub fn sqrt(rm: RoundingMode, x: &Float) -> Float {
    let format = x.format();
    if x.is_nan() || (x.sign() && !x.is_zero()) {
        return Float::nan(format);
    }
    if x.is_zero() || x.is_infinite() {
        return x.clone();
    }
    let d = x.dyadic().expect("finite");
    // An even exponent, and at least sb + 2 bits in the root, so that
    // replacing an inexact root's fraction by one half (a sticky bit below
    // the rounding position) cannot change how it rounds.
    let odd = d.e.rem_euclid(2);
    let want = 2 * (u64::from(format.sb()) + 2) + 2;
    let k = want.saturating_sub(d.m.bits()).div_ceil(2) as i64;
    let shift = 2 * k + odd;
    let (m, e) = (&d.m << shift as usize, d.e - shift);
    let s = m.sqrt();
    if &s * &s == m {
        round(format, rm, false, &s, &BigUint::one(), e / 2)
    } else {
        let sticky = (s << 1usize) + 1u32;
        round(format, rm, false, &sticky, &BigUint::one(), e / 2 - 1)
    }
}

/// `fp.rem`: IEEE remainder.
pub fn rem(x: &Float, y: &Float) -> Float {
    let format = x.format();
    if x.is_nan() || y.is_nan() || x.is_infinite() || y.is_zero() {
        return Float::nan(format);
    }
    if y.is_infinite() || x.is_zero() {
        return x.clone();
    }
    let (a, b) = (x.dyadic().expect("finite"), y.dyadic().expect("finite"));
    let (n, d, e) = align(&a, &b);
    let (q, _) = round_to_integer(RoundingMode::Rne, false, &n, &d);
    let qd = q * &d;
    let (neg, r) = if n >= qd {
        (x.sign(), n - qd)
    } else {
        (!x.sign(), qd - n)
    };
    if r.is_zero() {
        return Float::zero(format, x.sign());
    }
    // Exact (|r| <= |y| / 2); rounding only encodes it.
    round(format, RoundingMode::Rne, neg, &r, &BigUint::one(), e)
}

/// `fp.roundToIntegral`: the integer nearest under `rm`, as a value of the
/// same format; a zero result keeps `x`'s sign.
pub fn round_to_integral(rm: RoundingMode, x: &Float) -> Float {
    let Some(d) = x.dyadic() else {
        return x.clone();
    };
    if x.is_zero() || d.e >= 0 {
        return x.clone();
    }
    let den = BigUint::one() << (-d.e) as usize;
    let (n, _) = round_to_integer(rm, d.neg, &d.m, &den);
    if n.is_zero() {
        return Float::zero(x.format(), x.sign());
    }
    round(x.format(), rm, d.neg, &n, &BigUint::one(), 0)
}

/// `fp.min` (`less` true) or `fp.max`: NaN only when both are; `None` for
/// `+0` against `-0`, which SMT-LIB leaves unspecified.
pub fn min_max(less: bool, x: &Float, y: &Float) -> Option<Float> {
    if x.is_nan() {
        return Some(y.clone());
    }
    if y.is_nan() {
        return Some(x.clone());
    }
    if x.is_zero() && y.is_zero() && x.sign() != y.sign() {
        return None;
    }
    let x_first = match x.compare(y).expect("not NaN") {
        std::cmp::Ordering::Less => less,
        std::cmp::Ordering::Greater => !less,
        std::cmp::Ordering::Equal => true,
    };
    Some(if x_first { x.clone() } else { y.clone() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use RoundingMode::*;

    fn f16() -> FpFormat {
        FpFormat::new(5, 11).unwrap()
    }

    fn h(bits: u32) -> Float {
        Float::from_bits(f16(), &BigUint::from(bits))
    }

    fn b(x: &Float) -> u32 {
        u32::try_from(x.to_bits()).unwrap()
    }

    const ONE: u32 = 0x3c00;
    const TWO: u32 = 0x4000;
    const PZ: u32 = 0;
    const NZ: u32 = 0x8000;
    const INF: u32 = 0x7c00;
    const NINF: u32 = 0xfc00;

    #[test]
    fn signed_zeros_of_sums_follow_clause_6_3() {
        assert_eq!(b(&add(Rne, &h(ONE), &h(ONE | 0x8000))), PZ);
        assert_eq!(b(&add(Rtn, &h(ONE), &h(ONE | 0x8000))), NZ);
        assert_eq!(b(&add(Rne, &h(NZ), &h(NZ))), NZ);
        assert_eq!(b(&add(Rne, &h(PZ), &h(NZ))), PZ);
        assert_eq!(b(&add(Rtn, &h(PZ), &h(NZ))), NZ);
        assert_eq!(b(&sub(Rne, &h(NZ), &h(PZ))), NZ);
        assert_eq!(b(&fma(Rne, &h(NZ), &h(ONE), &h(PZ))), PZ);
        assert_eq!(b(&fma(Rne, &h(NZ), &h(ONE), &h(NZ))), NZ);
        assert_eq!(b(&mul(Rne, &h(NZ), &h(ONE))), NZ);
        assert_eq!(b(&div(Rne, &h(ONE), &h(NZ))), NINF);
    }

    #[test]
    fn invalid_operations_are_nan() {
        let nan = Float::nan(f16());
        assert_eq!(add(Rne, &h(INF), &h(NINF)), nan);
        assert_eq!(mul(Rne, &h(INF), &h(PZ)), nan);
        assert_eq!(div(Rne, &h(PZ), &h(NZ)), nan);
        assert_eq!(div(Rne, &h(INF), &h(NINF)), nan);
        assert_eq!(sqrt(Rne, &h(ONE | 0x8000)), nan);
        assert_eq!(b(&sqrt(Rne, &h(NZ))), NZ);
        assert_eq!(rem(&h(ONE), &h(PZ)), nan);
        assert_eq!(rem(&h(INF), &h(ONE)), nan);
        assert_eq!(b(&rem(&h(ONE), &h(INF))), ONE);
        assert_eq!(fma(Rne, &h(INF), &h(ONE), &h(NINF)), nan);
        assert_eq!(fma(Rne, &h(PZ), &h(INF), &h(ONE)), nan);
    }

    #[test]
    fn exact_results_of_the_operations() {
        assert_eq!(b(&add(Rne, &h(ONE), &h(ONE))), TWO);
        assert_eq!(b(&sqrt(Rne, &h(0x4400))), TWO); // sqrt 4
        assert_eq!(b(&sqrt(Rne, &h(TWO))), 0x3da8); // sqrt 2, RNE
        assert_eq!(b(&sqrt(Rtz, &h(TWO))), 0x3da8);
        assert_eq!(b(&sqrt(Rtp, &h(TWO))), 0x3da9);
        // rem 5 3 = -1 (5/3 rounds to 2); rem 3 2 = -1 (1.5 ties to 2).
        assert_eq!(b(&rem(&h(0x4500), &h(0x4200))), 0xbc00);
        assert_eq!(b(&rem(&h(0x4200), &h(TWO))), 0xbc00);
        assert_eq!(b(&rem(&h(0xc400), &h(TWO))), NZ); // -4 rem 2 = -0
        assert_eq!(b(&round_to_integral(Rne, &h(0x3e00))), TWO); // 1.5
        assert_eq!(b(&round_to_integral(Rne, &h(0x3800))), PZ); // 0.5
        assert_eq!(b(&round_to_integral(Rna, &h(0x3800))), ONE);
        assert_eq!(b(&round_to_integral(Rne, &h(0xb800))), NZ); // -0.5
        assert_eq!(b(&round_to_integral(Rtp, &h(0xb800))), NZ);
        assert_eq!(b(&round_to_integral(Rtn, &h(0x3800))), PZ);
    }

    #[test]
    fn min_and_max() {
        let nan = Float::nan(f16());
        assert_eq!(min_max(true, &nan, &h(ONE)), Some(h(ONE)));
        assert_eq!(min_max(false, &h(ONE), &nan), Some(h(ONE)));
        assert_eq!(min_max(true, &nan, &nan), Some(nan));
        assert_eq!(min_max(true, &h(PZ), &h(NZ)), None);
        assert_eq!(min_max(false, &h(NZ), &h(PZ)), None);
        assert_eq!(min_max(true, &h(NZ), &h(NZ)), Some(h(NZ)));
        assert_eq!(min_max(true, &h(ONE), &h(TWO)), Some(h(ONE)));
        assert_eq!(min_max(false, &h(ONE), &h(TWO)), Some(h(TWO)));
        assert_eq!(min_max(false, &h(NINF), &h(TWO)), Some(h(TWO)));
    }
}
