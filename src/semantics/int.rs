//! Integer operations of the SMT-LIB `Ints` theory that need care: `div`,
//! `mod` and `abs` on unbounded integers (`(_ divisible n)` is `mod` by the
//! index, at least 1, being 0).
//!
//! # Invariants
//!
//! - `div` and `mod` are Euclidean, as the `Ints` theory defines them: for
//!   `n != 0`, `m = n * (div m n) + (mod m n)` and `0 <= (mod m n) < |n|`.
//!   This differs from Rust's `/` and `%` (truncating) and from floor
//!   division whenever `m` or `n` is negative.
//! - Division by zero is not defined here: the theory leaves `(div m 0)` and
//!   `(mod m 0)` uninterpreted (any total function is a valid model), so the
//!   functions return `None` and the evaluator reports "unspecified".

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};

/// `(div m n)`: the Euclidean quotient, or `None` when `n = 0`.
///
/// SMT-LIB `Ints`: "for all m, n with n != 0, m = n * q + r and 0 <= r < |n|
/// where q = (div m n) and r = (mod m n)". The quotient is the floor of `m/n`
/// when `n > 0` and the ceiling of `m/n` when `n < 0`.
pub fn div(m: &BigInt, n: &BigInt) -> Option<BigInt> {
    if n.is_zero() {
        return None;
    }
    let (q, r) = m.div_mod_floor(n);
    // Floor division leaves a remainder with the divisor's sign; when that
    // is negative, one more step of the quotient makes it non-negative.
    Some(if r.is_negative() { q + 1 } else { q })
}

/// `(mod m n)`: the Euclidean remainder, always in `0..|n|`, or `None` when
/// `n = 0` (see [`div`] for the defining clause).
pub fn modulo(m: &BigInt, n: &BigInt) -> Option<BigInt> {
    if n.is_zero() {
        return None;
    }
    let r = m.mod_floor(n);
    Some(if r.is_negative() { r + n.abs() } else { r })
}

/// `(abs m)`: `m` if `m >= 0`, else `-m`.
pub fn abs(m: &BigInt) -> BigInt {
    m.abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(n: i64) -> BigInt {
        BigInt::from(n)
    }

    #[test]
    fn euclidean_table() {
        // (m, n, div, mod): every sign combination, exact and inexact.
        let rows: &[(i64, i64, i64, i64)] = &[
            (7, 2, 3, 1),
            (-7, 2, -4, 1),
            (7, -2, -3, 1),
            (-7, -2, 4, 1),
            (6, 3, 2, 0),
            (-6, 3, -2, 0),
            (6, -3, -2, 0),
            (-6, -3, 2, 0),
            (0, 5, 0, 0),
            (0, -5, 0, 0),
            (1, 5, 0, 1),
            (-1, 5, -1, 4),
            (-1, -5, 1, 4),
            (4, 5, 0, 4),
        ];
        for &(m, n, q, r) in rows {
            assert_eq!(div(&b(m), &b(n)), Some(b(q)), "div {m} {n}");
            assert_eq!(modulo(&b(m), &b(n)), Some(b(r)), "mod {m} {n}");
        }
    }

    #[test]
    fn zero_divisor_is_unspecified() {
        assert_eq!(div(&b(3), &b(0)), None);
        assert_eq!(modulo(&b(-3), &b(0)), None);
    }

    #[test]
    fn huge_operands_follow_the_same_identity() {
        let m = -(BigInt::from(10u8).pow(40u32) + BigInt::from(7u8));
        let n = -BigInt::from(10u8).pow(20u32);
        let q = div(&m, &n).unwrap();
        let r = modulo(&m, &n).unwrap();
        assert_eq!(&n * &q + &r, m);
        assert!(!r.is_negative() && r < n.abs());
    }

    #[test]
    fn abs_of_negative() {
        assert_eq!(abs(&b(-5)), b(5));
        assert_eq!(abs(&b(0)), b(0));
    }
}
