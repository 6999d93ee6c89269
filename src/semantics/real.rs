//! Rational operations of the SMT-LIB `Reals` theory and of the
//! `Reals_Ints` conversions that need care: `/`, `to_real`, `to_int` and
//! `is_int` on exact, unbounded rationals (`+ - *` and the comparisons are
//! the field's own, applied in `apply.rs`).
//!
//! # Invariants
//!
//! - Every value is an exact [`BigRational`] in lowest terms with a
//!   positive denominator (`BigRational::new` normalises), so equal reals
//!   are equal values and `1/2` never differs from `2/4`. No float is
//!   ever involved.
//! - Division by zero is not defined here: the `Reals` theory leaves
//!   `(/ x 0.0)` uninterpreted (any total function is a valid model, and
//!   Z3 and cvc5 choose differently), so [`div`] returns `None` and the
//!   evaluator reports "unspecified", as for the integer `div`.
//! - `to_int` is the floor (`Reals_Ints`: "(to_int x) is the largest
//!   integer not greater than x"), which differs from truncation whenever
//!   `x` is a negative non-integer: `(to_int (- 1.5))` is `-2`.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// `(/ x y)`: the exact quotient, or `None` when `y = 0`.
pub fn div(x: &BigRational, y: &BigRational) -> Option<BigRational> {
    (!y.is_zero()).then(|| x / y)
}

/// `(to_real n)`: the integer as a rational (`n/1`).
pub fn to_real(n: &BigInt) -> BigRational {
    BigRational::from_integer(n.clone())
}

/// `(to_int x)`: the largest integer not greater than `x`.
pub fn to_int(x: &BigRational) -> BigInt {
    x.floor().to_integer()
}

/// `(is_int x)`: whether `x` is an integer, `(= (to_real (to_int x)) x)`.
pub fn is_int(x: &BigRational) -> bool {
    x.denom().is_one()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn division_is_exact_and_normalised() {
        assert_eq!(div(&q(1, 1), &q(3, 1)), Some(q(1, 3)));
        assert_eq!(div(&q(2, 1), &q(6, 1)), Some(q(1, 3)));
        // Signs: the quotient of two negatives is positive, of mixed signs
        // negative, whichever one carries the sign.
        assert_eq!(div(&q(-1, 2), &q(-1, 4)), Some(q(2, 1)));
        assert_eq!(div(&q(1, 2), &q(-3, 1)), Some(q(-1, 6)));
        assert_eq!(div(&q(-1, 2), &q(3, 1)), Some(q(-1, 6)));
        assert_eq!(div(&q(0, 1), &q(-7, 3)), Some(q(0, 1)));
        // `x = y * (x / y)` for nonzero `y`.
        let (x, y) = (q(-22, 7), q(355, -113));
        assert_eq!(&y * div(&x, &y).unwrap(), x);
    }

    #[test]
    fn division_by_zero_is_unspecified() {
        assert_eq!(div(&q(1, 1), &q(0, 1)), None);
        assert_eq!(div(&q(0, 1), &q(0, 5)), None);
        assert_eq!(div(&q(-3, 2), &q(0, 1)), None);
    }

    #[test]
    fn to_int_is_the_floor() {
        // (x, to_int x): integers, positive and negative fractions, either
        // side of an integer.
        let rows: &[((i64, i64), i64)] = &[
            ((0, 1), 0),
            ((3, 1), 3),
            ((-3, 1), -3),
            ((3, 2), 1),
            ((-3, 2), -2),
            ((1, 3), 0),
            ((-1, 3), -1),
            ((-1, 1_000_000), -1),
            ((999_999, 1_000_000), 0),
            ((7, 7), 1),
            ((-14, 7), -2),
        ];
        for &((n, d), f) in rows {
            let x = q(n, d);
            assert_eq!(to_int(&x), BigInt::from(f), "to_int {n}/{d}");
            // The floor's defining property: f <= x < f + 1.
            let f = to_real(&to_int(&x));
            assert!(f <= x && x < f + BigRational::one(), "{n}/{d}");
        }
    }

    #[test]
    fn is_int_iff_the_denominator_is_one() {
        assert!(is_int(&q(0, 1)));
        assert!(is_int(&q(-4, 2)));
        assert!(is_int(&q(6, 3)));
        assert!(!is_int(&q(1, 2)));
        assert!(!is_int(&q(-7, 3)));
        // is_int x == (to_real (to_int x) = x).
        for x in [q(5, 2), q(-5, 2), q(10, 5), q(-10, 5)] {
            assert_eq!(is_int(&x), to_real(&to_int(&x)) == x);
        }
    }

    #[test]
    fn to_real_round_trips_through_to_int() {
        for n in [0i64, 1, -1, i64::MAX, i64::MIN] {
            let big = BigInt::from(n) * BigInt::from(u64::MAX);
            assert_eq!(to_int(&to_real(&big)), big);
            assert!(is_int(&to_real(&big)));
        }
    }

    #[test]
    fn huge_fractions_stay_exact() {
        let big: BigInt = BigInt::from(10u8).pow(40u32) + 1;
        let x = BigRational::new(big.clone(), BigInt::from(3));
        let y = BigRational::new(BigInt::from(-7), big.clone());
        let p = &x * &y;
        assert_eq!(p, q(-7, 3));
        assert_eq!(to_int(&x), &big / 3);
        let third: BigInt = &big / 3;
        assert_eq!(to_int(&-x), -third - 1);
    }
}
