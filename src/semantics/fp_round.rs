//! The one rounding of the floating-point semantics: an exact nonzero
//! rational to the nearest value of a format under a rounding mode, and
//! an exact rational to an integer under a mode.
//!
//! Every operation of the theory is "the exact result, rounded" (IEEE 754
//! clause 4.3, the theory's `fp.add` ...): the operations compute the
//! exact result as a ratio `num / den * 2^exp` and call [`round`] once.
//!
//! # Invariants
//!
//! - [`round`] is exact: it compares the remainder of one integer division
//!   against half the divisor, so ties are found exactly, never by a float.
//! - Gradual underflow: below the smallest normal exponent the quantum
//!   stays `2^(emin - sb + 1)`, so a tiny value rounds to a subnormal or to
//!   a zero of its own sign.
//! - Overflow is decided after rounding, on the unbounded exponent: to
//!   `±oo` under RNE and RNA, and under a directed mode to `±oo` or the
//!   largest finite value, whichever the direction reaches first.

use std::cmp::Ordering;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

use super::fp::{Float, FpFormat, RoundingMode};

/// Whether a magnitude with integer part `m` and a fraction that compares
/// with one half as `half` (`inexact` when it is not zero) rounds up, away
/// from zero, under `rm` for a value of sign `neg`.
fn rounds_up(rm: RoundingMode, neg: bool, m: &BigUint, half: Ordering, inexact: bool) -> bool {
    match rm {
        RoundingMode::Rne => half == Ordering::Greater || (half == Ordering::Equal && m.is_odd()),
        RoundingMode::Rna => half != Ordering::Less,
        RoundingMode::Rtp => inexact && !neg,
        RoundingMode::Rtn => inexact && neg,
        RoundingMode::Rtz => false,
    }
}

/// `floor(log2(num / den))` for positive `num` and `den`.
fn floor_log2(num: &BigUint, den: &BigUint) -> i64 {
    let lb = num.bits() as i64 - den.bits() as i64;
    // num/den lies in [2^(lb-1), 2^(lb+1)): one comparison decides.
    let at_least = if lb >= 0 {
        *num >= den << lb as usize
    } else {
        num << (-lb) as usize >= *den
    };
    if at_least { lb } else { lb - 1 }
}

/// The integer `num / den` rounds to under `rm` (the magnitude; the sign
/// `neg` of the value only steers the directed modes), and whether it was
/// inexact. `den` is positive.
pub fn round_to_integer(
    rm: RoundingMode,
    neg: bool,
    num: &BigUint,
    den: &BigUint,
) -> (BigUint, bool) {
    let (m, rem) = num.div_rem(den);
    let inexact = !rem.is_zero();
    let half = (rem << 1usize).cmp(den);
    if inexact && rounds_up(rm, neg, &m, half, inexact) {
        (m + 1u32, inexact)
    } else {
        (m, inexact)
    }
}

/// The value of `format` nearest to `(-1)^neg * num / den * 2^exp` under
/// `rm` (`num` and `den` positive): the one rounding every operation ends
/// with.
pub fn round(
    format: FpFormat,
    rm: RoundingMode,
    neg: bool,
    num: &BigUint,
    den: &BigUint,
    exp: i64,
) -> Float {
    debug_assert!(!num.is_zero() && !den.is_zero());
    let sb = i64::from(format.sb());
    let e = floor_log2(num, den) + exp;
    // Far beyond the largest exponent: no need to build the quotient.
    if e > format.bias() + 1 {
        return overflow(format, rm, neg);
    }
    // The exponent of the last significand bit: fixed below emin (gradual
    // underflow).
    let mut quantum = e.max(format.emin()) - (sb - 1);
    let shift = exp - quantum;
    let (n, d) = if shift >= 0 {
        (num << shift as usize, den.clone())
    } else {
        (num.clone(), den << (-shift) as usize)
    };
    let (mut m, _) = round_to_integer(rm, neg, &n, &d);
    if m.bits() as i64 > sb {
        // Rounded up to 2^sb: one more exponent, exactly.
        m >>= 1usize;
        quantum += 1;
    }
    if m.is_zero() {
        return Float::zero(format, neg);
    }
    let hidden = format.hidden();
    if m >= hidden {
        let unbiased = quantum + sb - 1;
        if unbiased > format.bias() {
            return overflow(format, rm, neg);
        }
        let biased = BigUint::from((unbiased + format.bias()) as u64);
        Float::from_fields(format, neg, &biased, &(m - hidden))
    } else {
        Float::from_fields(format, neg, &BigUint::zero(), &m)
    }
}

/// An exact integer (`neg`, `n`) as a value of `format` under `rm`; zero
/// is `+0`.
pub fn round_integer(format: FpFormat, rm: RoundingMode, neg: bool, n: &BigUint) -> Float {
    if n.is_zero() {
        return Float::zero(format, false);
    }
    round(format, rm, neg, n, &BigUint::one(), 0)
}

/// The result of a value too large for the format.
fn overflow(format: FpFormat, rm: RoundingMode, neg: bool) -> Float {
    let to_infinity = match rm {
        RoundingMode::Rne | RoundingMode::Rna => true,
        RoundingMode::Rtp => !neg,
        RoundingMode::Rtn => neg,
        RoundingMode::Rtz => false,
    };
    if to_infinity {
        Float::infinity(format, neg)
    } else {
        Float::max_finite(format, neg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;

    fn f16() -> FpFormat {
        FpFormat::new(5, 11).unwrap()
    }

    fn r(n: u64, d: u64, e: i64, rm: RoundingMode) -> Float {
        round(f16(), rm, false, &n.into(), &d.into(), e)
    }

    fn bits(x: &Float) -> u64 {
        u64::try_from(x.to_bits()).unwrap()
    }

    #[test]
    fn exact_values_stay_and_ties_go_by_mode() {
        use RoundingMode::*;
        for rm in RoundingMode::ALL {
            assert_eq!(bits(&r(1, 1, 0, rm)), 0x3c00);
            assert_eq!(bits(&r(65504, 1, 0, rm)), 0x7bff);
            assert_eq!(bits(&r(1, 1, -24, rm)), 0x0001, "min subnormal {rm:?}");
        }
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10.
        let tie = |rm| bits(&r(2049, 2048, 0, rm));
        assert_eq!(tie(Rne), 0x3c00);
        assert_eq!(tie(Rna), 0x3c01);
        assert_eq!(tie(Rtp), 0x3c01);
        assert_eq!(tie(Rtz), 0x3c00);
        assert_eq!(
            bits(&round(
                f16(),
                Rtn,
                true,
                &2049u32.into(),
                &2048u32.into(),
                0
            )),
            0xbc01
        );
        // 1 + 3 * 2^-11 ties to even upwards.
        assert_eq!(bits(&r(2051, 2048, 0, Rne)), 0x3c02);
        // 1/3.
        assert_eq!(bits(&r(1, 3, 0, Rne)), 0x3555);
        assert_eq!(bits(&r(1, 3, 0, Rtp)), 0x3556);
    }

    #[test]
    fn overflow_and_underflow_by_mode() {
        use RoundingMode::*;
        // 65520 is halfway between the largest finite and 2^16.
        assert_eq!(bits(&r(65520, 1, 0, Rne)), 0x7c00);
        assert_eq!(bits(&r(65519, 1, 0, Rne)), 0x7bff);
        assert_eq!(bits(&r(65520, 1, 0, Rtz)), 0x7bff);
        assert_eq!(bits(&r(1, 1, 100, Rtz)), 0x7bff);
        assert_eq!(bits(&r(1, 1, 100, Rtp)), 0x7c00);
        assert_eq!(
            bits(&round(f16(), Rtp, true, &1u32.into(), &1u32.into(), 100)),
            0xfbff
        );
        // Half the smallest subnormal: to +0 under RNE, up under RTP.
        assert_eq!(bits(&r(1, 1, -25, Rne)), 0);
        assert_eq!(bits(&r(3, 1, -26, Rne)), 1);
        assert_eq!(bits(&r(1, 1, -25, Rna)), 1);
        assert_eq!(bits(&r(1, 1, -1000, Rtp)), 1);
        assert_eq!(
            bits(&round(f16(), Rtz, true, &1u32.into(), &1u32.into(), -1000)),
            0x8000
        );
        // The largest subnormal rounds up to the smallest normal.
        assert_eq!(bits(&r(2047, 2048, -14, Rtp)), 0x0400);
    }

    #[test]
    fn round_is_the_nearest_on_a_grid_of_rationals() {
        // Against a brute-force search over all finite Float16 values.
        let f = f16();
        let finite: Vec<(BigRational, Float)> = (0u32..0x7c00)
            .map(|b| Float::from_bits(f, &b.into()))
            .map(|x| (x.to_rational().unwrap(), x))
            .collect();
        for (n, d) in [(1u64, 7u64), (22, 7), (1000, 3), (5, 1 << 26), (131007, 2)] {
            let q = BigRational::new(BigInt::from(n), BigInt::from(d));
            let below = finite.iter().rev().find(|(v, _)| *v <= q).unwrap();
            let above = finite.iter().find(|(v, _)| *v >= q).unwrap();
            assert_eq!(r(n, d, 0, RoundingMode::Rtz), below.1, "{n}/{d}");
            assert_eq!(r(n, d, 0, RoundingMode::Rtp), above.1, "{n}/{d}");
        }
    }
}
