//! The rationals the real generators draw: small integers, fractions that
//! terminate in decimal (`0.125`) and ones that do not (`1/3`, `22/7`),
//! both signs, values beyond 2^64, tiny ones below 2^-64 and values a hair
//! from an integer, each family weighted so every one is drawn often.
//!
//! # Invariant
//!
//! Every value is an exact [`BigRational`] in lowest terms (the
//! constructor normalises); [`nonzero`] is never 0 (tested).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use crate::term::Term;

/// `n/d`.
pub(crate) fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// A literal.
pub(crate) fn lit(r: BigRational) -> Term {
    Term::Real(r)
}

/// The fractions everyone knows, both signs.
const FAMOUS: [(i64, i64); 10] = [
    (1, 3),
    (-1, 3),
    (2, 3),
    (22, 7),
    (355, 113),
    (-5, 2),
    (1, 8),
    (1, 10),
    (-7, 16),
    (1, 1_000_000),
];

/// A value of any family; beyond 2^64 with probability `large` (the
/// non-linear cases take none: a product of such values asks a solver
/// for little but time).
pub(crate) fn rational(rng: &mut dyn RngCore, large: f64) -> BigRational {
    if rng.random_bool(large) {
        return beyond_64(rng);
    }
    match rng.random_range(0..10) {
        0..=2 => q(rng.random_range(-12..13), 1),
        3..=5 => {
            let d = *[2i64, 3, 4, 5, 6, 7, 8, 10, 16].choose(rng).expect("dens");
            q(rng.random_range(-30..31), d)
        }
        6 => {
            let &(n, d) = FAMOUS.choose(rng).expect("famous");
            q(n, d)
        }
        7 => tiny(rng),
        8 => {
            // A hair from an integer: n + 1/1000 or n - 1/10^9.
            let &(n, d) = [(1, 1000), (-1, 1_000_000_000), (1, 7)]
                .choose(rng)
                .expect("eps");
            let eps = q(n, d);
            q(rng.random_range(-5..6), 1) + eps
        }
        _ => q(
            rng.random_range(-100..101),
            *[9i64, 11, 12].choose(rng).expect("dens"),
        ),
    }
}

/// A value in `(-2^-64, 2^-64)`, never 0.
fn tiny(rng: &mut dyn RngCore) -> BigRational {
    let bits = *[65u32, 70, 100].choose(rng).expect("bits");
    let n = BigInt::from(*[1i64, -1, 3, -5].choose(rng).expect("num"));
    BigRational::new(n, BigInt::one() << bits)
}

/// A value beyond 2^64 in magnitude, integral or not.
pub(crate) fn beyond_64(rng: &mut dyn RngCore) -> BigRational {
    let bits = *[64u32, 65, 96, 128].choose(rng).expect("bits");
    let n = (BigInt::one() << bits) + BigInt::from(rng.random_range(-3i64..4));
    let d = BigInt::from(*[1i64, 1, 2, 3, 7].choose(rng).expect("den"));
    let r = BigRational::new(n, d);
    if rng.random_bool(0.5) { -r } else { r }
}

/// A coefficient: a small integer or a simple fraction, never 0.
pub(crate) fn nonzero(rng: &mut dyn RngCore) -> BigRational {
    loop {
        let r = match rng.random_range(0..3) {
            0 => q(
                rng.random_range(-2..3),
                *[2i64, 3, 4].choose(rng).expect("d"),
            ),
            _ => q(rng.random_range(-5..6), 1),
        };
        if !r.is_zero() {
            return r;
        }
    }
}

/// A positive gap: how far past a value a strict bound or a slack goes,
/// from 2^-70 to 3.
pub(crate) fn gap(rng: &mut dyn RngCore) -> BigRational {
    match rng.random_range(0..5) {
        0 => BigRational::new(BigInt::one(), BigInt::one() << 70u32),
        1 => q(1, 1_000_000_000),
        2 => q(1, 3),
        3 => q(1, 2),
        _ => q(rng.random_range(1..4), 1),
    }
}

#[cfg(test)]
mod tests {
    use num_traits::Signed;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn every_family_is_drawn_and_coefficients_are_never_zero() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        let (mut fraction, mut integral, mut big, mut small, mut negative) = (0, 0, 0, 0, 0);
        let two_64 = BigRational::from_integer(BigInt::one() << 64u32);
        for _ in 0..2000 {
            let r = rational(&mut rng, 0.1);
            fraction += usize::from(!r.is_integer());
            integral += usize::from(r.is_integer());
            big += usize::from(r.abs() >= two_64);
            small += usize::from(!r.is_zero() && r.abs() * &two_64 < BigRational::one());
            negative += usize::from(r < BigRational::zero());
            assert!(!nonzero(&mut rng).is_zero());
            assert!(gap(&mut rng) > BigRational::zero());
        }
        for n in [fraction, integral, big, small, negative] {
            assert!(n > 100, "{fraction} {integral} {big} {small} {negative}");
        }
    }
}
