//! The exact floating-point semantics (`semantics::fp*`) against a
//! reference soft-float, LLVM's APFloat (`rustc_apfloat`), on Float16,
//! Float32 and Float64 under every rounding mode; `fp.sqrt`, which APFloat
//! lacks, against the hardware's correctly rounded `f32`/`f64` square root
//! (RNE only).
//!
//! The operands are every edge a format has (both zeros, the smallest and
//! largest subnormal and normal values, `1` and its neighbours, halves,
//! the infinities, NaN) crossed with each other, then random bit patterns,
//! random values near each other (cancellation) and near powers of two.
//! NaN is compared as NaN (SMT-LIB has one; APFloat keeps payloads), every
//! other result bit for bit. `EQUIFUZZ_FP_SOFT=N` sets the number of
//! random cases per format and mode (default 3,000).
//!
//! A planted canary (RNE ties to odd) must be caught, so the comparison
//! could fail.

use std::time::Instant;

use equifuzz::semantics::fp::{Float, FpFormat, RoundingMode};
use equifuzz::semantics::{fp_arith, fp_convert};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_apfloat::ieee::{Double, Half, Single};
use rustc_apfloat::{Float as Ap, FloatConvert, Round, Status};

fn round_of(rm: RoundingMode) -> Round {
    match rm {
        RoundingMode::Rne => Round::NearestTiesToEven,
        RoundingMode::Rna => Round::NearestTiesToAway,
        RoundingMode::Rtp => Round::TowardPositive,
        RoundingMode::Rtn => Round::TowardNegative,
        RoundingMode::Rtz => Round::TowardZero,
    }
}

/// One format under test: ours and APFloat's.
trait Format: Ap + FloatConvert<Double> + FloatConvert<Single> + FloatConvert<Half> {
    const EB: u32;
    const SB: u32;
    fn format() -> FpFormat {
        FpFormat::new(Self::EB, Self::SB).unwrap()
    }
    fn width() -> u32 {
        Self::EB + Self::SB
    }
}

impl Format for Half {
    const EB: u32 = 5;
    const SB: u32 = 11;
}
impl Format for Single {
    const EB: u32 = 8;
    const SB: u32 = 24;
}
impl Format for Double {
    const EB: u32 = 11;
    const SB: u32 = 53;
}

fn ours<F: Format>(bits: u128) -> Float {
    Float::from_bits(F::format(), &BigUint::from(bits))
}

fn bits_of(x: &Float) -> u128 {
    u128::try_from(x.to_bits()).unwrap()
}

/// Whether our result is APFloat's: NaN for NaN, else the same bits.
fn same<F: Format>(ours: &Float, theirs: F) -> bool {
    if theirs.is_nan() {
        ours.is_nan()
    } else {
        !ours.is_nan() && bits_of(ours) == theirs.to_bits()
    }
}

/// The edge values of a format, as bits.
fn edges<F: Format>() -> Vec<u128> {
    let (eb, sb) = (F::EB, F::SB);
    let sign = 1u128 << (eb + sb - 1);
    let frac = (1u128 << (sb - 1)) - 1;
    let exp = |e: u128| e << (sb - 1);
    let one = exp((1 << (eb - 1)) - 1);
    let max_exp = (1u128 << eb) - 1;
    let positive = [
        0,
        1,
        2,
        3,
        frac,
        frac - 1,
        exp(1),
        exp(1) + 1,
        exp(max_exp - 1) | frac,
        exp(max_exp - 1),
        one,
        one + 1,
        one - 1,
        one + 3,
        one - (1 << (sb - 1)),                   // 0.5
        one + (1 << (sb - 2)),                   // 1.5
        one + (1 << (sb - 1)) + (1 << (sb - 3)), // 2.5
        exp(max_exp),                            // +oo
        exp(max_exp) | 1,                        // NaN
        exp(sb as u128 + (1 << (eb - 1)) - 2),   // 2^(sb-1): last fractional ulp
    ];
    positive.iter().flat_map(|&b| [b, b | sign]).collect()
}

/// A random operand: a bit pattern, or one near `near` (cancellation,
/// halfway cases), or one near a power of two.
fn operand<F: Format>(rng: &mut ChaCha8Rng, near: u128) -> u128 {
    let w = F::width();
    let mask = if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    };
    match rng.random_range(0..4) {
        0 => rng.random::<u128>() & mask,
        1 => (near ^ (rng.random::<u128>() & 0xf)) & mask,
        2 => (near ^ (1u128 << (w - 1))) & mask,
        _ => {
            let e = rng.random::<u128>() & ((1 << F::EB) - 1);
            let low = rng.random::<u128>() & 0x3;
            ((e << (F::SB - 1)) | low | ((rng.random::<u128>() & 1) << (w - 1))) & mask
        }
    }
}

/// The operand triples to check: every pair of edges (with an edge third
/// operand), then `n` random triples.
fn cases<F: Format>(n: usize, seed: u64) -> Vec<[u128; 3]> {
    let e = edges::<F>();
    let mut out = Vec::new();
    for (i, &a) in e.iter().enumerate() {
        for &b in &e {
            out.push([a, b, e[(i * 7) % e.len()]]);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..n {
        let a = operand::<F>(&mut rng, 0);
        let b = operand::<F>(&mut rng, a);
        let c = operand::<F>(&mut rng, a);
        out.push([a, b, c]);
    }
    out
}

fn random_count() -> usize {
    std::env::var("EQUIFUZZ_FP_SOFT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000)
}

/// Every operation on every case under every mode; the disagreements,
/// each named.
fn check<F: Format>(n: usize) -> (usize, Vec<String>) {
    let mut bad = Vec::new();
    let mut checked = 0;
    let fmt = F::format();
    let width = F::width();
    for [a, b, c] in cases::<F>(n, u64::from(width)) {
        let (x, y, z) = (ours::<F>(a), ours::<F>(b), ours::<F>(c));
        let (p, q, r) = (F::from_bits(a), F::from_bits(b), F::from_bits(c));
        let mut note = |what: &str, ok: bool| {
            checked += 1;
            if !ok {
                bad.push(format!("{what} on {a:#x} {b:#x} {c:#x} ({width} bits)"));
            }
        };
        for rm in RoundingMode::ALL {
            let round = round_of(rm);
            note(
                &format!("add {rm:?}"),
                same(&fp_arith::add(rm, &x, &y), p.add_r(q, round).value),
            );
            note(
                &format!("sub {rm:?}"),
                same(&fp_arith::sub(rm, &x, &y), p.sub_r(q, round).value),
            );
            note(
                &format!("mul {rm:?}"),
                same(&fp_arith::mul(rm, &x, &y), p.mul_r(q, round).value),
            );
            note(
                &format!("div {rm:?}"),
                same(&fp_arith::div(rm, &x, &y), p.div_r(q, round).value),
            );
            note(
                &format!("fma {rm:?}"),
                same(
                    &fp_arith::fma(rm, &x, &y, &z),
                    p.mul_add_r(q, r, round).value,
                ),
            );
            note(
                &format!("roundToIntegral {rm:?}"),
                same(
                    &fp_arith::round_to_integral(rm, &x),
                    p.round_to_integral(round).value,
                ),
            );
            // Conversions to the other two formats.
            let to_half: Half = p.convert_r(round, &mut false).value;
            note(
                &format!("to Float16 {rm:?}"),
                same(&fp_convert::from_float(Half::format(), rm, &x), to_half),
            );
            let to_single: Single = p.convert_r(round, &mut false).value;
            note(
                &format!("to Float32 {rm:?}"),
                same(&fp_convert::from_float(Single::format(), rm, &x), to_single),
            );
            let to_double: Double = p.convert_r(round, &mut false).value;
            note(
                &format!("to Float64 {rm:?}"),
                same(&fp_convert::from_float(Double::format(), rm, &x), to_double),
            );
            // From a bit-vector of the format's width, signed and unsigned
            // (its bits as an integer).
            let w = width.min(64);
            let n = (a as u64) & if w == 64 { u64::MAX } else { (1 << w) - 1 };
            let signed = ((n << (64 - w)) as i64 >> (64 - w)) as i128;
            note(
                &format!("to_fp_unsigned {rm:?}"),
                same(
                    &fp_convert::from_bv(fmt, rm, w, &BigUint::from(n), false),
                    F::from_u128_r(n as u128, round).value,
                ),
            );
            note(
                &format!("to_fp signed {rm:?}"),
                same(
                    &fp_convert::from_bv(fmt, rm, w, &BigUint::from(n), true),
                    F::from_i128_r(signed, round).value,
                ),
            );
            // To a bit-vector: where APFloat says the value fits.
            for m in [8u32, 16, 32] {
                let r = p.to_u128_r(m as usize, round, &mut false);
                if !r.status.intersects(Status::INVALID_OP) && !p.is_negative() {
                    let ours = fp_convert::to_ubv(m, rm, &x);
                    note(
                        &format!("to_ubv {m} {rm:?}"),
                        ours == Some(BigUint::from(r.value)),
                    );
                }
                let s = p.to_i128_r(m as usize, round, &mut false);
                if !s.status.intersects(Status::INVALID_OP) && !p.is_zero() {
                    let want = (s.value as u128) & ((1u128 << m) - 1);
                    let ours = fp_convert::to_sbv(m, rm, &x);
                    note(
                        &format!("to_sbv {m} {rm:?}"),
                        ours == Some(BigUint::from(want)),
                    );
                }
            }
        }
        note("rem", same(&fp_arith::rem(&x, &y), p.ieee_rem(q).value));
        let cmp = x.compare(&y);
        note("compare", cmp == p.partial_cmp(&q));
        if !(x.is_zero() && y.is_zero()) {
            let want = if p.is_nan() {
                q
            } else if q.is_nan() {
                p
            } else {
                p.min(q)
            };
            note(
                "min",
                fp_arith::min_max(true, &x, &y).is_some_and(|m| same(&m, want)),
            );
        }
    }
    (checked, bad)
}

#[test]
fn half_agrees_with_apfloat_under_every_mode() {
    let (n, bad) = check::<Half>(random_count());
    assert!(
        bad.is_empty(),
        "{} of {n} disagree:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
    eprintln!("Float16: {n} results agree with APFloat");
}

#[test]
fn single_agrees_with_apfloat_under_every_mode() {
    let (n, bad) = check::<Single>(random_count());
    assert!(
        bad.is_empty(),
        "{} of {n} disagree:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
    eprintln!("Float32: {n} results agree with APFloat");
}

#[test]
fn double_agrees_with_apfloat_under_every_mode() {
    let (n, bad) = check::<Double>(random_count());
    assert!(
        bad.is_empty(),
        "{} of {n} disagree:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
    eprintln!("Float64: {n} results agree with APFloat");
}

#[test]
fn sqrt_agrees_with_the_hardware_under_rne() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut n = 0;
    let f32f = Single::format();
    let f64f = Double::format();
    let f16f = Half::format();
    let mut singles: Vec<u32> = edges::<Single>().iter().map(|&b| b as u32).collect();
    singles.extend((0..random_count() * 10).map(|_| rng.random::<u32>()));
    for b in singles {
        let ours = fp_arith::sqrt(RoundingMode::Rne, &Float::from_bits(f32f, &b.into()));
        let theirs = f32::from_bits(b).sqrt();
        assert!(
            if theirs.is_nan() {
                ours.is_nan()
            } else {
                bits_of(&ours) == u128::from(theirs.to_bits())
            },
            "sqrt {b:#x}"
        );
        n += 1;
    }
    let mut doubles: Vec<u64> = edges::<Double>().iter().map(|&b| b as u64).collect();
    doubles.extend((0..random_count() * 10).map(|_| rng.random::<u64>()));
    for b in doubles {
        let ours = fp_arith::sqrt(RoundingMode::Rne, &Float::from_bits(f64f, &b.into()));
        let theirs = f64::from_bits(b).sqrt();
        assert!(
            if theirs.is_nan() {
                ours.is_nan()
            } else {
                bits_of(&ours) == u128::from(theirs.to_bits())
            },
            "sqrt {b:#x}"
        );
        n += 1;
    }
    // Float16: the double root rounded to half is the half root (53 >= 2 *
    // 11 + 2, so the second rounding cannot err).
    for b in 0u32..(1 << 16) {
        let x = Float::from_bits(f16f, &b.into());
        let ours = fp_arith::sqrt(RoundingMode::Rne, &x);
        let wide = fp_convert::from_float(f64f, RoundingMode::Rne, &x);
        let root = f64::from_bits(bits_of(&wide) as u64).sqrt();
        let back = fp_convert::from_float(
            f16f,
            RoundingMode::Rne,
            &Float::from_bits(f64f, &BigUint::from(root.to_bits())),
        );
        assert_eq!(ours, back, "sqrt {b:#x}");
        n += 1;
    }
    eprintln!("sqrt: {n} results agree with the hardware");
}

#[test]
fn a_planted_wrong_rounding_is_caught() {
    // RNE ties to odd instead of even: 1 + 2^-11 in Float16 would be
    // 1 + 2^-10. The comparison above must tell the two apart.
    let x = Half::from_bits(0x3c00);
    let half_ulp = Half::from_bits(0x1000); // 2^-11
    let theirs = x.add_r(half_ulp, Round::NearestTiesToEven).value;
    let planted = Float::from_bits(Half::format(), &BigUint::from(0x3c01u32));
    assert!(!same(&planted, theirs));
    let ours = fp_arith::add(
        RoundingMode::Rne,
        &ours::<Half>(0x3c00),
        &ours::<Half>(0x1000),
    );
    assert!(same(&ours, theirs));
}

/// Not a check: the speed of ours and APFloat's on the same operations,
/// printed (run with `--nocapture`; the figures in docs/floats.md).
#[test]
fn speed_of_ours_and_apfloat() {
    for (name, width) in [("Float32", 32u32), ("Float64", 64)] {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let pairs: Vec<(u128, u128)> = (0..20_000)
            .map(|_| {
                let mask = (1u128 << width) - 1;
                (rng.random::<u128>() & mask, rng.random::<u128>() & mask)
            })
            .collect();
        let fmt = if width == 32 {
            Single::format()
        } else {
            Double::format()
        };
        let t = Instant::now();
        let mut keep = 0u64;
        for &(a, b) in &pairs {
            let (x, y) = (
                Float::from_bits(fmt, &a.into()),
                Float::from_bits(fmt, &b.into()),
            );
            for rm in RoundingMode::ALL {
                keep += fp_arith::add(rm, &x, &y).exp_field() as u64;
                keep += fp_arith::mul(rm, &x, &y).exp_field() as u64;
                keep += fp_arith::div(rm, &x, &y).exp_field() as u64;
                keep += fp_arith::fma(rm, &x, &y, &x).exp_field() as u64;
            }
        }
        let ours = t.elapsed();
        let t = Instant::now();
        for &(a, b) in &pairs {
            for rm in RoundingMode::ALL {
                let r = round_of(rm);
                if width == 32 {
                    let (p, q) = (Single::from_bits(a), Single::from_bits(b));
                    keep += p.add_r(q, r).value.to_bits() as u64 & 1;
                    keep += p.mul_r(q, r).value.to_bits() as u64 & 1;
                    keep += p.div_r(q, r).value.to_bits() as u64 & 1;
                    keep += p.mul_add_r(q, p, r).value.to_bits() as u64 & 1;
                } else {
                    let (p, q) = (Double::from_bits(a), Double::from_bits(b));
                    keep += p.add_r(q, r).value.to_bits() as u64 & 1;
                    keep += p.mul_r(q, r).value.to_bits() as u64 & 1;
                    keep += p.div_r(q, r).value.to_bits() as u64 & 1;
                    keep += p.mul_add_r(q, p, r).value.to_bits() as u64 & 1;
                }
            }
        }
        let theirs = t.elapsed();
        let ops = pairs.len() as f64 * 20.0;
        eprintln!(
            "{name}: ours {:.0} ns/op, APFloat {:.0} ns/op ({keep})",
            ours.as_nanos() as f64 / ops,
            theirs.as_nanos() as f64 / ops
        );
    }
}
