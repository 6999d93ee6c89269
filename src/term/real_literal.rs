//! Real literals, written and read: how a rational constant
//! ([`Term::Real`](super::Term::Real)) is spelled in SMT-LIB, which has no
//! literal for a negative or a non-decimal rational.
//!
//! # Invariants
//!
//! - [`write_real`] spells a non-negative rational whose decimal expansion
//!   ends as a decimal (`1.5`, `3.0`, `0.125`), any other non-negative one
//!   as `(/ n.0 d.0)` in lowest terms, and a negative one as `(- p)` of its
//!   absolute value's spelling; each form is what Z3 or cvc5 prints in a
//!   model, and both read all of them.
//! - [`decimal`] reads a decimal token exactly (`0.10` is `1/10`), and
//!   [`fold_neg`] and [`fold_div`] are the parser's folds of the compound
//!   forms. In a script they fold exactly the forms [`write_real`] writes,
//!   so printing, parsing and printing again gives the same text: a finding
//!   replays as the campaign sent it, `(/ 1.0 8.0)` stays a division (it
//!   does not become `0.125`). In a solver's answer they fold every
//!   spelling the solvers print (Z3's `(/ 1.0 8.0)`, cvc5's `(/ (- 5) 2)`
//!   with integer numerals): every rational a solver prints reads as a
//!   `Term::Real`. Both tested with the parser in `tests/real_vs_solvers.rs`.

use std::fmt::Write;

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// Appends the SMT-LIB spelling of `r` (see the module's invariants).
pub(crate) fn write_real(out: &mut String, r: &BigRational) {
    // Deserialization (`Ratio::new_raw`) keeps a rational as stored; a
    // term from a crafted input may have a negative or non-reduced
    // denominator, which would print as `(/ -1.0 -2.0)`.
    let r = &BigRational::new(r.numer().clone(), r.denom().clone());
    if r.is_negative() {
        out.push_str("(- ");
        write_non_negative(out, &-r);
        out.push(')');
    } else {
        write_non_negative(out, r);
    }
}

fn write_non_negative(out: &mut String, r: &BigRational) {
    match decimal_places(r.denom()) {
        // `n/d = n * 10^k / d / 10^k` with `d` dividing `10^k`.
        Some(k) => {
            let ten_k = BigInt::from(10u8).pow(k);
            let scaled = r.numer() * (&ten_k / r.denom());
            let (whole, frac) = (&scaled / &ten_k, &scaled % &ten_k);
            if k == 0 {
                let _ = write!(out, "{whole}.0");
            } else {
                let _ = write!(out, "{whole}.{frac:0>width$}", width = k as usize);
            }
        }
        None => {
            let _ = write!(out, "(/ {}.0 {}.0)", r.numer(), r.denom());
        }
    }
}

/// The number of decimal places of `1/d`, when it ends: `d = 2^a 5^b`
/// gives `max(a, b)`; any other prime factor gives `None`.
fn decimal_places(d: &BigInt) -> Option<u32> {
    let mut d = d.clone();
    let (two, five) = (BigInt::from(2u8), BigInt::from(5u8));
    let mut twos = 0u32;
    while (&d % &two).is_zero() {
        d /= &two;
        twos += 1;
    }
    let mut fives = 0u32;
    while (&d % &five).is_zero() {
        d /= &five;
        fives += 1;
    }
    d.is_one().then_some(twos.max(fives))
}

/// The exact value of a decimal token `digits.digits` (the lexer's
/// [`Decimal`](super::lexer::Tok::Decimal): digits on both sides).
pub(crate) fn decimal(text: &str) -> BigRational {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = format!("{whole}{frac}");
    let numer = BigInt::parse_bytes(digits.as_bytes(), 10).unwrap_or_default();
    let denom = BigInt::from(10u8).pow(frac.len() as u32);
    BigRational::new(numer, denom)
}

/// `(- r)` as a literal, when `r` is a non-negative one: the spelling of a
/// negative rational (as the parser folds `(- 5)` into the integer `-5`).
/// In a script (`values` false) only where the literal prints back as it
/// was written: `(- 0.0)` stays a negation, as it would print `0.0`.
pub(crate) fn fold_neg(r: &BigRational, values: bool) -> Option<BigRational> {
    let foldable = if values {
        !r.is_negative()
    } else {
        r.is_positive()
    };
    foldable.then(|| -r)
}

/// `(/ m n)` as a literal, when `m` and `n` are integral and `n > 0`: a
/// fraction, the spelling of a rational without a decimal expansion (`m`
/// may be negative: cvc5 writes `(/ (- 5) 2)`).
///
/// In a script (`values` false) only the fraction [`write_real`] writes
/// folds: `m > 0` and `n > 1` coprime, both written as decimals (`real`),
/// `m/n` without a decimal expansion. A campaign that sends `(/ 1.0 8.0)`
/// or `(/ 2.0 6.0)` must replay as that, not as `0.125` or `(/ 1.0 3.0)`:
/// a solver may answer the division and the literal differently. A
/// solver's answer folds every spelling (Z3 prints `1/8` as `(/ 1.0 8.0)`).
pub(crate) fn fold_div(
    m: &BigRational,
    n: &BigRational,
    real: bool,
    values: bool,
) -> Option<BigRational> {
    let integral = |x: &BigRational| x.denom().is_one();
    if !(integral(m) && integral(n) && n.numer().sign() == Sign::Plus) {
        return None;
    }
    let canonical = || {
        real && m.is_positive()
            && !n.is_one()
            && m.numer().gcd(n.numer()).is_one()
            && decimal_places(n.numer()).is_none()
    };
    (values || canonical()).then(|| m / n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    fn written(r: &BigRational) -> String {
        let mut out = String::new();
        write_real(&mut out, r);
        out
    }

    #[test]
    fn spellings() {
        let rows: &[((i64, i64), &str)] = &[
            ((0, 1), "0.0"),
            ((3, 1), "3.0"),
            ((3, 2), "1.5"),
            ((1, 8), "0.125"),
            ((1, 20), "0.05"),
            ((1, 3), "(/ 1.0 3.0)"),
            ((22, 7), "(/ 22.0 7.0)"),
            ((-3, 2), "(- 1.5)"),
            ((-5, 1), "(- 5.0)"),
            ((-1, 3), "(- (/ 1.0 3.0))"),
            ((-1, 1000), "(- 0.001)"),
        ];
        for &((n, d), text) in rows {
            assert_eq!(written(&q(n, d)), text, "{n}/{d}");
        }
    }

    #[test]
    fn a_rational_stored_unreduced_prints_reduced() {
        let raw = BigRational::new_raw(BigInt::from(2), BigInt::from(-4));
        assert_eq!(written(&raw), "(- 0.5)");
        let raw = BigRational::new_raw(BigInt::from(3), BigInt::from(9));
        assert_eq!(written(&raw), "(/ 1.0 3.0)");
    }

    #[test]
    fn decimals_read_exactly() {
        assert_eq!(decimal("0.5"), q(1, 2));
        assert_eq!(decimal("3.0"), q(3, 1));
        assert_eq!(decimal("0.10"), q(1, 10));
        assert_eq!(decimal("00.001"), q(1, 1000));
        let big = decimal("123456789012345678901234567890.1");
        assert_eq!(
            big * q(10, 1),
            BigRational::from_integer("1234567890123456789012345678901".parse().unwrap())
        );
    }

    #[test]
    fn folds_take_only_the_written_forms() {
        // A solver's answer: every spelling of a rational.
        assert_eq!(fold_neg(&q(3, 2), true), Some(q(-3, 2)));
        assert_eq!(fold_neg(&q(0, 1), true), Some(q(0, 1)));
        assert_eq!(fold_neg(&q(-3, 2), true), None);
        assert_eq!(fold_div(&q(1, 1), &q(3, 1), true, true), Some(q(1, 3)));
        assert_eq!(fold_div(&q(1, 1), &q(3, 1), false, true), Some(q(1, 3)));
        assert_eq!(fold_div(&q(-1, 1), &q(3, 1), true, true), Some(q(-1, 3)));
        assert_eq!(fold_div(&q(1, 1), &q(8, 1), true, true), Some(q(1, 8)));
        assert_eq!(fold_div(&q(1, 1), &q(0, 1), true, true), None);
        assert_eq!(fold_div(&q(1, 1), &q(-3, 1), true, true), None);
        assert_eq!(fold_div(&q(1, 2), &q(3, 1), true, true), None);
        assert_eq!(fold_div(&q(1, 1), &q(3, 2), true, true), None);
        // A script: only what `write_real` writes.
        assert_eq!(fold_neg(&q(3, 2), false), Some(q(-3, 2)));
        assert_eq!(fold_neg(&q(0, 1), false), None);
        assert_eq!(fold_div(&q(1, 1), &q(3, 1), true, false), Some(q(1, 3)));
        assert_eq!(fold_div(&q(22, 1), &q(7, 1), true, false), Some(q(22, 7)));
        for (m, n, real) in [
            (1, 8, true),
            (2, 6, true),
            (0, 3, true),
            (-1, 3, true),
            (3, 1, true),
            (1, 3, false),
        ] {
            assert_eq!(
                fold_div(&q(m, 1), &q(n, 1), real, false),
                None,
                "{m}/{n} {real}"
            );
        }
    }
}
