//! The FixedSizeBitVectors theory (SMT-LIB 2.6) and the QF_BV logic's
//! extensions, with SMT-LIB 2.7's additions to both (the overflow
//! predicates `bvnego` ... `bvsdivo` and the conversions `ubv_to_int`,
//! `sbv_to_int`, `int_to_bv`), one function per operator, each written
//! from the clause of the standard it implements.
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
//! - An overflow predicate is true exactly when the operation on the
//!   integers the bits spell (unsigned `0..2^m`, or signed
//!   `-2^(m-1)..2^(m-1)`) leaves that range; `bvusubo`, `bvssubo` and
//!   `bvsdivo` are the QF_BV 2.7 abbreviations, tested against the same
//!   reading. At width 1 the signed range is `-1..=0`, so `#b1` times
//!   `#b1` overflows.

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

/// Whether `n` is an `m`-bit two's complement number: `-2^(m-1) <= n <
/// 2^(m-1)`.
fn fits_signed(m: u32, n: &BigInt) -> bool {
    let half = BigInt::one() << (m - 1);
    -&half <= *n && *n < half
}

/// Whether `n` is an `m`-bit unsigned number: `n < 2^m`.
fn fits_unsigned(m: u32, n: &BigUint) -> bool {
    n.bits() <= u64::from(m)
}

/// `(bvnego s)`, SMT-LIB 2.7 FixedSizeBitVectors: "overflow predicate for
/// 2's complement unary minus": `-sbv_to_int(s)` is not an `m`-bit signed
/// number, which only the smallest one, `#b10...0`, negates out of.
pub fn bvnego(s: &BitVec) -> bool {
    !fits_signed(s.width(), &-signed(s))
}

/// `(bvuaddo s t)`, 2.7: "overflow predicate for unsigned addition modulo
/// 2^m": `ubv_to_int(s) + ubv_to_int(t) >= 2^m`.
pub fn bvuaddo(s: &BitVec, t: &BitVec) -> bool {
    !fits_unsigned(s.width(), &(s.value() + t.value()))
}

/// `(bvsaddo s t)`, 2.7: "overflow predicate for signed addition on m-bit
/// 2's complement": `sbv_to_int(s) + sbv_to_int(t)` is not an `m`-bit
/// signed number.
pub fn bvsaddo(s: &BitVec, t: &BitVec) -> bool {
    !fits_signed(s.width(), &(signed(s) + signed(t)))
}

/// `(bvumulo s t)`, 2.7: "overflow predicate for unsigned multiplication
/// modulo 2^m": `ubv_to_int(s) * ubv_to_int(t) >= 2^m`.
pub fn bvumulo(s: &BitVec, t: &BitVec) -> bool {
    !fits_unsigned(s.width(), &(s.value() * t.value()))
}

/// `(bvsmulo s t)`, 2.7: "overflow predicate for signed multiplication on
/// m-bit 2's complement": `sbv_to_int(s) * sbv_to_int(t)` is not an
/// `m`-bit signed number.
pub fn bvsmulo(s: &BitVec, t: &BitVec) -> bool {
    !fits_signed(s.width(), &(signed(s) * signed(t)))
}

/// `(bvusubo s t)`, QF_BV 2.7: "stands for (bvult s t)".
pub fn bvusubo(s: &BitVec, t: &BitVec) -> bool {
    bvult(s, t)
}

/// `(bvssubo s t)`, QF_BV 2.7: "abbreviates (ite (bvnego t) (bvsge s (_
/// bv0 m)) (bvsaddo s (bvneg t)))". (Subtracting the smallest value
/// overflows exactly when `s` is not negative.)
pub fn bvssubo(s: &BitVec, t: &BitVec) -> bool {
    if bvnego(t) {
        !s.msb()
    } else {
        bvsaddo(s, &bvneg(t))
    }
}

/// `(bvsdivo s t)`, QF_BV 2.7: "abbreviates (and (bvnego s) (= t (bvnot
/// (_ bv0 m))))": the smallest value divided by `-1`. Division by zero
/// never overflows: `bvsdiv` defines it.
pub fn bvsdivo(s: &BitVec, t: &BitVec) -> bool {
    bvnego(s) && *t.value() == BitVec::mask(t.width())
}

/// `(ubv_to_int s)`, 2.7: "convert bitvector, interpreted as unsigned, to
/// its integer value": the 2.6 semantics' `bv2nat`.
pub fn ubv_to_int(s: &BitVec) -> BigInt {
    bv2nat(s)
}

/// `(sbv_to_int s)`, 2.7: "convert a bitvector, interpreted as signed, to
/// its integer value": [`signed`].
pub fn sbv_to_int(s: &BitVec) -> BigInt {
    signed(s)
}

/// `((_ int_to_bv m) n)`, 2.7: "convert an Integer to a bitvector": the
/// `m`-bit vector whose `ubv_to_int` is `n mod 2^m`, as [`int2bv`].
pub fn int_to_bv(m: u32, n: &BigInt) -> BitVec {
    int2bv(m, n)
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

    /// Every pair of values at widths 1 to 5, against the integers they
    /// spell: the abbreviations of `bvssubo` and `bvsdivo` agree with the
    /// plain reading "the result leaves the range".
    #[test]
    fn overflow_predicates_are_the_integer_operation_leaving_the_range() {
        for m in 1..=5u32 {
            let lo = -(BigInt::one() << (m - 1));
            let hi = BigInt::one() << (m - 1);
            let signed_out = |n: BigInt| n < lo || n >= hi;
            let unsigned_out = |n: BigInt| n < BigInt::zero() || n >= (BigInt::one() << m);
            for x in 0..(1u64 << m) {
                let s = b(m, x);
                assert_eq!(bvnego(&s), signed_out(-signed(&s)), "bvnego {s}");
                for y in 0..(1u64 << m) {
                    let t = b(m, y);
                    let (us, ut) = (bv2nat(&s), bv2nat(&t));
                    let (ss, st) = (signed(&s), signed(&t));
                    let at = format!("{s} {t}");
                    assert_eq!(bvuaddo(&s, &t), unsigned_out(&us + &ut), "bvuaddo {at}");
                    assert_eq!(bvusubo(&s, &t), unsigned_out(&us - &ut), "bvusubo {at}");
                    assert_eq!(bvumulo(&s, &t), unsigned_out(&us * &ut), "bvumulo {at}");
                    assert_eq!(bvsaddo(&s, &t), signed_out(&ss + &st), "bvsaddo {at}");
                    assert_eq!(bvssubo(&s, &t), signed_out(&ss - &st), "bvssubo {at}");
                    assert_eq!(bvsmulo(&s, &t), signed_out(&ss * &st), "bvsmulo {at}");
                    let quotient_out = !st.is_zero() && signed_out(&ss / &st);
                    assert_eq!(bvsdivo(&s, &t), quotient_out, "bvsdivo {at}");
                }
            }
        }
    }

    #[test]
    fn overflow_at_width_one() {
        // The signed 1-bit numbers are -1 (#b1) and 0 (#b0).
        let (zero, one) = (b(1, 0), b(1, 1));
        assert!(bvnego(&one) && !bvnego(&zero));
        assert!(bvsmulo(&one, &one));
        assert!(bvsaddo(&one, &one) && !bvsaddo(&one, &zero));
        assert!(bvssubo(&zero, &one) && !bvssubo(&one, &one));
        assert!(bvsdivo(&one, &one) && !bvsdivo(&one, &zero));
        assert_eq!(sbv_to_int(&one), BigInt::from(-1));
        assert_eq!(ubv_to_int(&one), BigInt::from(1));
        assert_eq!(int_to_bv(1, &BigInt::from(-1)), one);
    }
}
