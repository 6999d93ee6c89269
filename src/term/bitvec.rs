//! Bit-vector constants of the SMT-LIB 2.6 `FixedSizeBitVectors` theory.
//!
//! # Invariants
//!
//! - A [`BitVec`] has a width `m >= 1` and a value in `0..2^m`: every
//!   constructor reduces the value modulo `2^m` (the theory's `[[_]]` maps
//!   a literal to its bits, most significant first; the value here is the
//!   unsigned number they spell, `bv2nat`).
//! - `#bX` has `m` = the number of digits of `X`, `#xX` has `m` = 4 times
//!   the number of digits (theory, "Bitvector literals"); `(_ bvN m)` (the
//!   QF_BV logic's extension) is `N mod 2^m` of width `m`. All three read
//!   to the same value, and the printer writes one canonical form:
//!   `#x` when `m` is a multiple of 4, else `#b` (what Z3 prints).

use std::fmt;

use num_bigint::BigUint;
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize};

/// A bit-vector constant: `width` bits spelling the unsigned `value`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BitVec {
    width: u32,
    value: BigUint,
}

impl BitVec {
    /// The bit-vector of width `width` (at least 1) whose value is
    /// `value mod 2^width`.
    pub fn new(width: u32, value: BigUint) -> BitVec {
        assert!(width >= 1, "bit-vector widths are at least 1");
        let value = if value.bits() > u64::from(width) {
            value & Self::mask(width)
        } else {
            value
        };
        BitVec { width, value }
    }

    /// The bit-vector of width `width` whose value is `value mod 2^width`.
    pub fn from_u64(width: u32, value: u64) -> BitVec {
        BitVec::new(width, BigUint::from(value))
    }

    /// `2^width - 1`: all ones.
    pub fn mask(width: u32) -> BigUint {
        (BigUint::one() << width) - 1u32
    }

    /// Reads the digits of `#bX` (without the `#b`).
    pub fn from_binary(digits: &str) -> Option<BitVec> {
        let width = u32::try_from(digits.len()).ok().filter(|&w| w >= 1)?;
        let value = BigUint::parse_bytes(digits.as_bytes(), 2)?;
        Some(BitVec { width, value })
    }

    /// Reads the digits of `#xX` (without the `#x`).
    pub fn from_hex(digits: &str) -> Option<BitVec> {
        let width = u32::try_from(digits.len())
            .ok()?
            .checked_mul(4)
            .filter(|&w| w >= 1)?;
        let value = BigUint::parse_bytes(digits.as_bytes(), 16)?;
        Some(BitVec { width, value })
    }

    /// The width `m`.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The unsigned value, in `0..2^m`.
    pub fn value(&self) -> &BigUint {
        &self.value
    }

    /// Bit `i` (0 is the least significant).
    pub fn bit(&self, i: u32) -> bool {
        self.value.bit(u64::from(i))
    }

    /// Whether the most significant bit (the sign in two's complement) is set.
    pub fn msb(&self) -> bool {
        self.bit(self.width - 1)
    }

    /// Whether every bit is zero.
    pub fn is_zero(&self) -> bool {
        self.value.is_zero()
    }

    /// The canonical literal: `#x…` if the width is a multiple of 4, else
    /// `#b…`, with every leading zero.
    pub fn literal(&self) -> String {
        if self.width.is_multiple_of(4) {
            let digits = self.value.to_str_radix(16);
            let pad = (self.width / 4) as usize - digits.len();
            format!("#x{}{digits}", "0".repeat(pad))
        } else {
            self.binary()
        }
    }

    /// The `#b…` literal, every bit written.
    pub fn binary(&self) -> String {
        let digits = self.value.to_str_radix(2);
        let pad = self.width as usize - digits.len();
        format!("#b{}{digits}", "0".repeat(pad))
    }
}

impl fmt::Display for BitVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.literal())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_of_the_three_spellings_agree() {
        let b = BitVec::from_binary("00000101").unwrap();
        let x = BitVec::from_hex("05").unwrap();
        let n = BitVec::from_u64(8, 5);
        assert_eq!(b, x);
        assert_eq!(b, n);
        assert_eq!(b.literal(), "#x05");
        assert_eq!(BitVec::from_u64(3, 13).literal(), "#b101");
        assert_eq!(BitVec::from_u64(1, 0).literal(), "#b0");
        assert_eq!(BitVec::from_u64(4, 255).value(), &BigUint::from(15u32));
        assert!(BitVec::from_binary("").is_none());
        assert!(BitVec::from_hex("").is_none());
    }

    #[test]
    fn sign_bit_and_mask() {
        assert!(BitVec::from_u64(4, 8).msb());
        assert!(!BitVec::from_u64(4, 7).msb());
        assert_eq!(BitVec::mask(4), BigUint::from(15u32));
    }
}
