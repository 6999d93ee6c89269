//! The widths and values the bit-vector room draws, boundaries weighted:
//! the widths 1, 2, 8, 16, 32, 64 and one past each, a few odd ones and
//! 128; the values 0, 1, all ones, the signed minimum and maximum, and
//! random bits.
//!
//! # Invariant
//!
//! A drawn value has the asked width; every width of [`WIDTHS`] is drawn
//! with a positive weight.

use num_bigint::{BigInt, BigUint};
use num_traits::One;
use rand::{Rng, RngCore};

use crate::term::BitVec;

/// The widths drawn and their weights: the machine widths and one past
/// them most often, odd and wide ones too.
pub const WIDTHS: &[(u32, u32)] = &[
    (1, 4),
    (2, 3),
    (3, 1),
    (7, 1),
    (8, 4),
    (9, 2),
    (16, 3),
    (17, 1),
    (31, 1),
    (32, 4),
    (33, 2),
    (63, 1),
    (64, 4),
    (65, 2),
    (128, 1),
];

/// The widths every row is checked at (the brief's list).
pub const CHECKED_WIDTHS: &[u32] = &[1, 2, 3, 7, 8, 9, 16, 31, 32, 33, 63, 64, 65, 128];

/// A width, by [`WIDTHS`]' weights.
pub fn random_width(rng: &mut dyn RngCore) -> u32 {
    let total: u32 = WIDTHS.iter().map(|(_, k)| k).sum();
    let mut at = rng.random_range(0..total);
    for &(w, k) in WIDTHS {
        if at < k {
            return w;
        }
        at -= k;
    }
    unreachable!("the weights sum to total")
}

/// The boundary values of width `w`: 0, 1, all ones, the signed minimum
/// and the signed maximum (repeats at small widths).
pub fn boundary_values(w: u32) -> Vec<BitVec> {
    let min = BigUint::one() << (w - 1);
    vec![
        BitVec::new(w, BigUint::from(0u8)),
        BitVec::new(w, BigUint::one()),
        BitVec::new(w, BitVec::mask(w)),
        BitVec::new(w, min.clone()),
        BitVec::new(w, min - BigUint::one()),
    ]
}

/// A value of width `w`: a boundary value half the time, else small or
/// random bits.
pub fn random_bitvec(w: u32, rng: &mut dyn RngCore) -> BitVec {
    match rng.random_range(0..8) {
        0..=3 => {
            let b = boundary_values(w);
            b[rng.random_range(0..b.len())].clone()
        }
        4 => BitVec::new(
            w,
            BigUint::from(rng.random_range(0u32..16)) & BitVec::mask(w),
        ),
        _ => {
            let words: Vec<u32> = (0..w.div_ceil(32)).map(|_| rng.random()).collect();
            BitVec::new(w, BigUint::new(words) & BitVec::mask(w))
        }
    }
}

/// An integer for the conversions: small, around a power of two, or
/// negative.
pub fn random_int(rng: &mut dyn RngCore) -> BigInt {
    match rng.random_range(0..4) {
        0 => BigInt::from(rng.random_range(-4i64..=16)),
        1 => {
            let k = rng.random_range(0u32..=130);
            (BigInt::one() << k) + BigInt::from(rng.random_range(-1i64..=1))
        }
        2 => -BigInt::from(rng.random::<u64>()),
        _ => BigInt::from(rng.random::<u64>()),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn every_width_is_drawn_and_values_have_it() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..3000 {
            let w = random_width(&mut rng);
            seen.insert(w);
            let b = random_bitvec(w, &mut rng);
            assert_eq!(b.width(), w);
            assert!(b.value() <= &BitVec::mask(w));
        }
        assert_eq!(seen.len(), WIDTHS.len(), "{seen:?}");
        let b = boundary_values(8);
        let lits: Vec<String> = b.iter().map(BitVec::literal).collect();
        assert_eq!(lits, ["#x00", "#x01", "#xff", "#x80", "#x7f"]);
    }
}
