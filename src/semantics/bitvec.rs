//! The FixedSizeBitVectors theory (SMT-LIB 2.6) and the QF_BV logic's
//! extensions, one function per operator, each written from the clause of
//! the standard it implements.
//!
//! # Invariants
//!
//! - Every function is total, as in the standard since 2017: division by
//!   zero has a value (`bvudiv s 0` is all ones, `bvurem s 0` is `s`, and
//!   the signed ones follow from their definitions through `bvudiv` and
//!   `bvurem`); a shift by `m` or more gives zero (or all sign bits for
//!   `bvashr`).
//! - Arguments have the widths the rank demands (the evaluator sort-checks
//!   first); results have the width of the rank.
//! - Values are unsigned numbers in `0..2^m` ([`BitVec`]); signed operators
//!   read them in two's complement only where the standard's definition
//!   goes through `bvneg` and the sign bit.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use crate::term::BitVec;

fn bv(width: u32, value: BigUint) -> BitVec {
    BitVec::new(width, value)
}

fn bool_bv(b: bool) -> BitVec {
    BitVec::from_u64(1, u64::from(b))
}

/// `(concat s t)`: `s` is the high part.
pub fn concat(s: &BitVec, t: &BitVec) -> BitVec {
    bv(s.width() + t.width(), (s.value() << t.width()) | t.value())
}

/// `((_ extract i j) s)`: bits `i` down to `j`, `m > i >= j >= 0`.
pub fn extract(i: u32, j: u32, s: &BitVec) -> BitVec {
    bv(i - j + 1, s.value() >> j)
}

/// `(bvnot s)`: bitwise negation.
pub fn bvnot(s: &BitVec) -> BitVec {
    bv(s.width(), BitVec::mask(s.width()) ^ s.value())
}

/// `(bvand s t)`
pub fn bvand(s: &BitVec, t: &BitVec) -> BitVec {
    bv(s.width(), s.value() & t.value())
}

/// `(bvor s t)`
pub fn bvor(s: &BitVec, t: &BitVec) -> BitVec {
    bv(s.width(), s.value() | t.value())
}

/// `(bvxor s t)` abbreviates `(bvor (bvand s (bvnot t)) (bvand (bvnot s) t))`.
pub fn bvxor(s: &BitVec, t: &BitVec) -> BitVec {
    bv(s.width(), s.value() ^ t.value())
}

/// `(bvnand s t)` abbreviates `(bvnot (bvand s t))`.
pub fn bvnand(s: &BitVec, t: &BitVec) -> BitVec {
    bvnot(&bvand(s, t))
}

/// `(bvnor s t)` abbreviates `(bvnot (bvor s t))`.
pub fn bvnor(s: &BitVec, t: &BitVec) -> BitVec {
    bvnot(&bvor(s, t))
}

/// `(bvxnor s t)` abbreviates `(bvor (bvand s t) (bvand (bvnot s) (bvnot t)))`.
pub fn bvxnor(s: &BitVec, t: &BitVec) -> BitVec {
    bvnot(&bvxor(s, t))
}

/// `(bvcomp s t)`: `#b1` iff every bit is equal.
pub fn bvcomp(s: &BitVec, t: &BitVec) -> BitVec {
    bool_bv(s == t)
}

/// `(bvneg s)`: `2^m - bv2nat(s)` modulo `2^m`.
pub fn bvneg(s: &BitVec) -> BitVec {
    if s.is_zero() {
        return s.clone();
    }
    bv(s.width(), (BigUint::one() << s.width()) - s.value())
}

/// `(bvadd s t)`: `bv2nat(s) + bv2nat(t)` modulo `2^m`.
pub fn bvadd(s: &BitVec, t: &BitVec) -> BitVec {
    bv(s.width(), s.value() + t.value())
}

/// `(bvsub s t)` abbreviates `(bvadd s (bvneg t))`.
pub fn bvsub(s: &BitVec, t: &BitVec) -> BitVec {
    bvadd(s, &bvneg(t))
}

/// `(bvmul s t)`: `bv2nat(s) * bv2nat(t)` modulo `2^m`.
pub fn bvmul(s: &BitVec, t: &BitVec) -> BitVec {
    bv(s.width(), s.value() * t.value())
}

/// `(bvudiv s t)`: all ones if `bv2nat(t) = 0`, else the floor of
/// `bv2nat(s) / bv2nat(t)` (2.6's semantics, changed in 2017).
pub fn bvudiv(s: &BitVec, t: &BitVec) -> BitVec {
    if t.is_zero() {
        return bv(s.width(), BitVec::mask(s.width()));
    }
    bv(s.width(), s.value() / t.value())
}

/// `(bvurem s t)`: `s` if `bv2nat(t) = 0`, else `bv2nat(s) mod bv2nat(t)`.
pub fn bvurem(s: &BitVec, t: &BitVec) -> BitVec {
    if t.is_zero() {
        return s.clone();
    }
    bv(s.width(), s.value() % t.value())
}

/// `(bvsdiv s t)`, by the QF_BV definition: the signs pick `bvudiv` of
/// the magnitudes, negated when exactly one is negative.
pub fn bvsdiv(s: &BitVec, t: &BitVec) -> BitVec {
    match (s.msb(), t.msb()) {
        (false, false) => bvudiv(s, t),
        (true, false) => bvneg(&bvudiv(&bvneg(s), t)),
        (false, true) => bvneg(&bvudiv(s, &bvneg(t))),
        (true, true) => bvudiv(&bvneg(s), &bvneg(t)),
    }
}

/// `(bvsrem s t)`, by the QF_BV definition: the sign follows the dividend.
pub fn bvsrem(s: &BitVec, t: &BitVec) -> BitVec {
    match (s.msb(), t.msb()) {
        (false, false) => bvurem(s, t),
        (true, false) => bvneg(&bvurem(&bvneg(s), t)),
        (false, true) => bvurem(s, &bvneg(t)),
        (true, true) => bvneg(&bvurem(&bvneg(s), &bvneg(t))),
    }
}

/// `(bvsmod s t)`, by the QF_BV definition: the sign follows the divisor.
pub fn bvsmod(s: &BitVec, t: &BitVec) -> BitVec {
    let abs = |x: &BitVec| if x.msb() { bvneg(x) } else { x.clone() };
    let u = bvurem(&abs(s), &abs(t));
    if u.is_zero() {
        return u;
    }
    match (s.msb(), t.msb()) {
        (false, false) => u,
        (true, false) => bvadd(&bvneg(&u), t),
        (false, true) => bvadd(&u, t),
        (true, true) => bvneg(&u),
    }
}

/// The shift distance `bv2nat(t)` if it is below `m`.
fn distance(s: &BitVec, t: &BitVec) -> Option<u32> {
    t.value().to_u32().filter(|&d| d < s.width())
}

/// `(bvshl s t)`: `bv2nat(s) * 2^bv2nat(t)` modulo `2^m`; zero when
/// `bv2nat(t) >= m`.
pub fn bvshl(s: &BitVec, t: &BitVec) -> BitVec {
    match distance(s, t) {
        Some(d) => bv(s.width(), s.value() << d),
        None => bv(s.width(), BigUint::zero()),
    }
}

/// `(bvlshr s t)`: the floor of `bv2nat(s) / 2^bv2nat(t)`.
pub fn bvlshr(s: &BitVec, t: &BitVec) -> BitVec {
    match distance(s, t) {
        Some(d) => bv(s.width(), s.value() >> d),
        None => bv(s.width(), BigUint::zero()),
    }
}

/// `(bvashr s t)` abbreviates `(ite (= msb(s) #b0) (bvlshr s t) (bvnot
/// (bvlshr (bvnot s) t)))`.
pub fn bvashr(s: &BitVec, t: &BitVec) -> BitVec {
    if s.msb() {
        bvnot(&bvlshr(&bvnot(s), t))
    } else {
        bvlshr(s, t)
    }
}

/// `((_ repeat i) s)`: `s` concatenated `i >= 1` times.
pub fn repeat(i: u32, s: &BitVec) -> BitVec {
    let mut out = s.clone();
    for _ in 1..i {
        out = concat(&out, s);
    }
    out
}

/// `((_ zero_extend i) s)`: `i` zeros in front.
pub fn zero_extend(i: u32, s: &BitVec) -> BitVec {
    bv(s.width() + i, s.value().clone())
}

/// `((_ sign_extend i) s)`: `i` copies of the sign bit in front.
pub fn sign_extend(i: u32, s: &BitVec) -> BitVec {
    let w = s.width() + i;
    if s.msb() {
        let high = BitVec::mask(i) << s.width();
        bv(w, high | s.value())
    } else {
        bv(w, s.value().clone())
    }
}

/// `((_ rotate_left i) s)`: rotating once moves the top bit to the
/// bottom (`(concat ((_ extract m-2 0) s) ((_ extract m-1 m-1) s))`);
/// `i` rotations are `i mod m` of them.
pub fn rotate_left(i: u32, s: &BitVec) -> BitVec {
    let m = s.width();
    let i = i % m;
    if i == 0 {
        return s.clone();
    }
    bv(m, (s.value() << i) | (s.value() >> (m - i)))
}

/// `((_ rotate_right i) s)`: the inverse of [`rotate_left`].
pub fn rotate_right(i: u32, s: &BitVec) -> BitVec {
    let m = s.width();
    rotate_left(m - i % m, s)
}

/// `(bvult s t)`: `bv2nat(s) < bv2nat(t)`.
pub fn bvult(s: &BitVec, t: &BitVec) -> bool {
    s.value() < t.value()
}

/// `(bvule s t)` abbreviates `(or (bvult s t) (= s t))`.
pub fn bvule(s: &BitVec, t: &BitVec) -> bool {
    s.value() <= t.value()
}

/// The two's complement reading: `bv2nat(s) - 2^m` when the sign bit is set.
pub fn signed(s: &BitVec) -> BigInt {
    let n = BigInt::from_biguint(Sign::Plus, s.value().clone());
    if s.msb() {
        n - (BigInt::one() << s.width())
    } else {
        n
    }
}

/// `(bvslt s t)` abbreviates `(or (and (= msb(s) #b1) (= msb(t) #b0)) (and
/// (= msb(s) msb(t)) (bvult s t)))`, which is `<` on [`signed`] values.
pub fn bvslt(s: &BitVec, t: &BitVec) -> bool {
    signed(s) < signed(t)
}

/// `(bvsle s t)` abbreviates `(or (bvslt s t) (= s t))`.
pub fn bvsle(s: &BitVec, t: &BitVec) -> bool {
    signed(s) <= signed(t)
}

/// `bv2nat`: the unsigned value.
pub fn bv2nat(s: &BitVec) -> BigInt {
    BigInt::from_biguint(Sign::Plus, s.value().clone())
}

/// `((_ int2bv m) n)`: `n mod 2^m` (Euclidean, so a negative `n` gives its
/// two's complement). SMT-LIB 2.6's `nat2bv` says the same for naturals;
/// Z3 and cvc5 read `int2bv` and extend it to every integer this way.
pub fn int2bv(m: u32, n: &BigInt) -> BitVec {
    let modulus = BigInt::one() << m;
    let r = n.mod_floor(&modulus);
    bv(
        m,
        r.to_biguint()
            .expect("a remainder modulo 2^m is not negative"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(w: u32, v: u64) -> BitVec {
        BitVec::from_u64(w, v)
    }

    #[test]
    fn division_by_zero_as_the_standard_defines_it() {
        assert_eq!(bvudiv(&b(4, 5), &b(4, 0)), b(4, 15));
        assert_eq!(bvurem(&b(4, 5), &b(4, 0)), b(4, 5));
        // bvsdiv: a non-negative dividend gives all ones (-1), a negative one 1.
        assert_eq!(bvsdiv(&b(4, 5), &b(4, 0)), b(4, 15));
        assert_eq!(bvsdiv(&b(4, 8), &b(4, 0)), b(4, 1));
        assert_eq!(bvsrem(&b(4, 9), &b(4, 0)), b(4, 9));
        assert_eq!(bvsmod(&b(4, 9), &b(4, 0)), b(4, 9));
        assert_eq!(bvsmod(&b(4, 8), &b(4, 0)), b(4, 8));
    }

    #[test]
    fn signed_division_follows_the_signs() {
        // -7 / 2 = -3 (truncation), -7 rem 2 = -1, -7 smod 2 = 1.
        let m7 = bvneg(&b(8, 7));
        assert_eq!(signed(&bvsdiv(&m7, &b(8, 2))), BigInt::from(-3));
        assert_eq!(signed(&bvsrem(&m7, &b(8, 2))), BigInt::from(-1));
        assert_eq!(signed(&bvsmod(&m7, &b(8, 2))), BigInt::from(1));
        // 7 smod -2 = -1.
        assert_eq!(
            signed(&bvsmod(&b(8, 7), &bvneg(&b(8, 2)))),
            BigInt::from(-1)
        );
        // -128 / -1 overflows back to -128.
        assert_eq!(bvsdiv(&b(8, 128), &b(8, 255)), b(8, 128));
    }

    #[test]
    fn shifts_by_the_width_or_more() {
        assert_eq!(bvshl(&b(4, 3), &b(4, 4)), b(4, 0));
        assert_eq!(bvshl(&b(4, 3), &b(4, 1)), b(4, 6));
        assert_eq!(bvlshr(&b(4, 12), &b(4, 9)), b(4, 0));
        assert_eq!(bvashr(&b(4, 12), &b(4, 9)), b(4, 15));
        assert_eq!(bvashr(&b(4, 12), &b(4, 1)), b(4, 14));
    }

    #[test]
    fn extract_concat_extend_rotate() {
        assert_eq!(concat(&b(4, 0xa), &b(4, 0x5)), b(8, 0xa5));
        assert_eq!(extract(7, 4, &b(8, 0xa5)), b(4, 0xa));
        assert_eq!(extract(0, 0, &b(8, 0xa5)), b(1, 1));
        assert_eq!(repeat(3, &b(2, 2)), b(6, 0b101010));
        assert_eq!(zero_extend(4, &b(4, 9)), b(8, 9));
        assert_eq!(sign_extend(4, &b(4, 9)), b(8, 0xf9));
        assert_eq!(sign_extend(0, &b(4, 9)), b(4, 9));
        assert_eq!(rotate_left(1, &b(4, 0b1001)), b(4, 0b0011));
        assert_eq!(rotate_right(1, &b(4, 0b1001)), b(4, 0b1100));
        assert_eq!(rotate_left(5, &b(4, 0b1001)), b(4, 0b0011));
        assert_eq!(rotate_right(4, &b(4, 0b1001)), b(4, 0b1001));
        assert_eq!(rotate_left(7, &b(1, 1)), b(1, 1));
    }

    #[test]
    fn conversions_to_and_from_int() {
        assert_eq!(int2bv(4, &BigInt::from(-3)), b(4, 13));
        assert_eq!(int2bv(4, &BigInt::from(20)), b(4, 4));
        assert_eq!(bv2nat(&b(4, 13)), BigInt::from(13));
        assert!(bvslt(&b(4, 8), &b(4, 7)));
        assert!(!bvult(&b(4, 8), &b(4, 7)));
    }
}
