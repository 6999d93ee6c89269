//! The formats, rounding modes and floats the floating-point generators
//! draw: Float16, Float32 and Float64, three small odd formats, and in each
//! the values where IEEE 754 is hardest: ±0, ±oo, NaN, the smallest and
//! largest subnormal and normal values, 1 and its neighbours, powers of
//! two, values with an odd last significand bit (whose halves and sums sit
//! on rounding ties), simple decimals rounded once, and random bits.
//!
//! # Invariants
//!
//! - Every format is one every release we target reads and evaluates
//!   alike on constant terms (`docs/floats.md`): no format with `eb = 2`
//!   (cvc5 1.0.3 computes wrong values there) and none with `sb = 2`
//!   (cvc5 1.0.3 refuses a one-bit significand field in `fp`). The odd
//!   ones are those `scripts/fp-differential.sh` checks: (3 5), (5 4),
//!   (4 11).
//! - Every format has `eb + sb <= 64`, so a value's bits fit a `u64`.
//! - Each family of values is drawn often (tested).

use num_bigint::BigUint;
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use crate::semantics::Value;
use crate::semantics::fp::{Float, FpFormat, RoundingMode};
use crate::semantics::fp_convert::from_real;
use crate::term::{Op, Sort, Term};

/// Float16, Float32, Float64 as `(eb, sb)`.
pub const STANDARD: [(u32, u32); 3] = [(5, 11), (8, 24), (11, 53)];

/// The small odd formats (see the invariants).
pub const ODD: [(u32, u32); 3] = [(3, 5), (5, 4), (4, 11)];

/// The format `(eb, sb)`.
pub(crate) fn format(f: (u32, u32)) -> FpFormat {
    FpFormat::new(f.0, f.1).expect("the room's formats are valid")
}

/// The sort of a format.
pub(crate) fn sort(f: FpFormat) -> Sort {
    Sort::FloatingPoint(f.eb(), f.sb())
}

/// A random rounding mode.
pub(crate) fn mode(rng: &mut dyn RngCore) -> RoundingMode {
    *RoundingMode::ALL.choose(rng).expect("modes")
}

/// A rounding mode as a term (`RNE`...).
pub(crate) fn mode_term(rm: RoundingMode) -> Term {
    lit_value(&Value::Rm(rm))
}

/// A value as a constant term.
fn lit_value(v: &Value) -> Term {
    v.to_term()
}

/// A float as a constant term (`(fp ...)`, `(_ +zero eb sb)`...).
pub(crate) fn lit(x: &Float) -> Term {
    Value::Fp(x.clone()).to_term()
}

/// The value with these fields.
fn fields(f: FpFormat, neg: bool, exp: u64, sig: u64) -> Float {
    Float::from_fields(f, neg, &BigUint::from(exp), &BigUint::from(sig))
}

/// A mask of the low `n` bits (`n <= 64`).
fn mask(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The next value above a finite `x` (toward +oo; `-0` and `+0` go to the
/// smallest subnormal), or `None` at the largest finite value.
pub(crate) fn next_up(x: &Float) -> Option<Float> {
    let f = x.format();
    if !x.is_finite() || *x == Float::max_finite(f, false) {
        return None;
    }
    if x.is_zero() {
        return Some(fields(f, false, 0, 1));
    }
    let bits = x.to_bits();
    let one = BigUint::from(1u32);
    Some(if x.sign() {
        Float::from_bits(f, &(bits - one))
    } else {
        Float::from_bits(f, &(bits + one))
    })
}

/// One of the named edge values of `f`, with a random sign.
pub(crate) fn edge(f: FpFormat, rng: &mut dyn RngCore) -> Float {
    let neg = rng.random_bool(0.5);
    let (bias, top) = (f.bias() as u64, u64::from(f.max_exp()));
    let sig_max = mask(f.sb() - 1);
    match rng.random_range(0..11) {
        0 => Float::zero(f, neg),
        1 => Float::infinity(f, neg),
        2 => Float::nan(f),
        3 => fields(f, neg, 0, 1),
        4 => fields(f, neg, 0, sig_max),
        5 => fields(f, neg, 1, 0),
        6 => Float::max_finite(f, neg),
        7 => fields(f, neg, bias, 0),
        8 => fields(f, neg, bias, 1),
        9 => fields(f, neg, bias - 1, sig_max),
        _ => fields(f, neg, top - 1, sig_max - 1),
    }
}

/// A float of `f` weighted to the edges (see the module docs).
pub(crate) fn float(f: FpFormat, rng: &mut dyn RngCore) -> Float {
    let neg = rng.random_bool(0.5);
    let top = u64::from(f.max_exp());
    match rng.random_range(0..10) {
        0..=2 => edge(f, rng),
        // A power of two, or a value with an odd last bit: its halves and
        // sums with neighbours are ties.
        3 => fields(f, neg, rng.random_range(1..top), 0),
        4 => {
            let sig = rng.random::<u64>() & mask(f.sb() - 1) | 1;
            fields(f, neg, rng.random_range(1..top), sig)
        }
        5 => fields(f, neg, 0, rng.random::<u64>() & mask(f.sb() - 1)),
        6..=7 => moderate(f, rng),
        _ => Float::from_bits(
            f,
            &BigUint::from(rng.random::<u64>() & mask(f.eb() + f.sb())),
        ),
    }
}

/// A simple number (a small integer, a decimal fraction such as 0.1, a
/// half) rounded once to `f` under a random mode: the values whose sums
/// and products round, as `0.1 + 0.2` does.
pub(crate) fn moderate(f: FpFormat, rng: &mut dyn RngCore) -> Float {
    let n = rng.random_range(-40i64..41);
    let d = *[1i64, 2, 3, 4, 10, 100].choose(rng).expect("dens");
    let r = num_rational::BigRational::new(n.into(), d.into());
    from_real(f, mode(rng), &r)
}

/// A finite, nonzero float of `f`: a moderate value most of the time,
/// else any finite nonzero one.
pub(crate) fn finite_nonzero(f: FpFormat, rng: &mut dyn RngCore) -> Float {
    loop {
        let x = if rng.random_bool(0.7) {
            moderate(f, rng)
        } else {
            float(f, rng)
        };
        if x.is_finite() && !x.is_zero() {
            return x;
        }
    }
}

/// The indexed op of a floating-point constant or conversion, re-indexed
/// to `f`.
pub(crate) fn indexed(op: Op, f: FpFormat) -> Op {
    op.with_indices(&[f.eb(), f.sb()])
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::semantics::fp::Class;

    #[test]
    fn every_class_and_sign_is_drawn_in_every_format() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        for f in STANDARD.into_iter().chain(ODD).map(format) {
            assert!(f.eb() + f.sb() <= 64 && f.eb() > 2 && f.sb() > 2);
            let mut seen = std::collections::BTreeMap::new();
            for _ in 0..3000 {
                let x = float(f, &mut rng);
                assert_eq!(x.format(), f);
                let class = format!("{:?}{}", x.class(), x.sign());
                *seen.entry(class).or_insert(0) += 1;
            }
            for class in [
                Class::Zero,
                Class::Infinite,
                Class::Subnormal,
                Class::Normal,
            ] {
                for sign in [false, true] {
                    let n = seen.get(&format!("{class:?}{sign}")).copied().unwrap_or(0);
                    assert!(n > 20, "{f:?} {class:?} {sign}: {seen:?}");
                }
            }
            assert!(seen.get("NaNfalse").copied().unwrap_or(0) > 20, "{seen:?}");
            for _ in 0..200 {
                let x = finite_nonzero(f, &mut rng);
                assert!(x.is_finite() && !x.is_zero());
                let up = next_up(&x);
                if let Some(u) = up {
                    assert_eq!(x.compare(&u), Some(std::cmp::Ordering::Less), "{x:?}");
                }
            }
        }
    }
}
