//! Property tests: laws of the FixedSizeBitVectors theory and the QF_BV
//! logic that the semantics must satisfy, each checked against integer
//! arithmetic on the values the bits spell (unsigned, and two's complement
//! for the signed operators), at widths 1 to 128 (the pools' widths 1, 8,
//! 32, 64 among them).
//!
//! The laws are the standard's definitions read as equations on integers:
//! `bvudiv`/`bvurem` are floor division and remainder with `x / 0 = 2^m - 1`
//! and `x rem 0 = x`; `bvsdiv`/`bvsrem` truncate (remainder with the sign of
//! the dividend), `bvsmod` floors (sign of the divisor); shifts multiply or
//! divide by `2^t` and saturate at the width.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;

use equifuzz::semantics::bitvec::*;
use equifuzz::semantics::{Value, eval_closed};
use equifuzz::term::{BitVec, Op, Term};

fn width() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => prop::sample::select(vec![1u32, 8, 32, 64]),
        1 => 1u32..=128,
    ]
}

/// A value of width `w`: the boundary values 0, 1, all ones, the sign bit
/// and its neighbours often, random bits otherwise.
fn value(w: u32) -> impl Strategy<Value = BitVec> {
    let bytes = (w as usize).div_ceil(8);
    prop_oneof![
        2 => prop::sample::select(vec![0u8, 1, 2, 3, 4, 5]).prop_map(move |k| {
            let m = BitVec::mask(w);
            let sign = BigUint::one() << (w - 1);
            let v = match k {
                0 => BigUint::zero(),
                1 => BigUint::one(),
                2 => m,
                3 => sign.clone(),
                4 => sign - 1u32,
                _ => BigUint::from(w),
            };
            BitVec::new(w, v)
        }),
        3 => prop::collection::vec(any::<u8>(), bytes..=bytes)
            .prop_map(move |b| BitVec::new(w, BigUint::from_bytes_le(&b))),
    ]
}

fn pair() -> impl Strategy<Value = (BitVec, BitVec)> {
    width().prop_flat_map(|w| (value(w), value(w)))
}

fn nat(b: &BitVec) -> BigInt {
    BigInt::from_biguint(Sign::Plus, b.value().clone())
}

fn modulo(w: u32) -> BigInt {
    BigInt::one() << w
}

/// The bit-vector of width `w` whose unsigned value is `n mod 2^w`.
fn of(w: u32, n: &BigInt) -> BitVec {
    BitVec::new(w, n.mod_floor(&modulo(w)).to_biguint().unwrap())
}

/// `op` applied to bit-vector literals, through the evaluator.
fn eval_op(op: Op, args: &[&BitVec]) -> Value {
    let t = Term::app(
        op,
        args.iter().map(|b| Term::BitVec((*b).clone())).collect(),
    );
    eval_closed(&t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn arithmetic_is_modular((s, t) in pair()) {
        let w = s.width();
        prop_assert_eq!(bvadd(&s, &t), of(w, &(nat(&s) + nat(&t))));
        prop_assert_eq!(bvmul(&s, &t), of(w, &(nat(&s) * nat(&t))));
        prop_assert_eq!(bvsub(&s, &t), of(w, &(nat(&s) - nat(&t))));
        prop_assert_eq!(bvneg(&s), of(w, &-nat(&s)));
        prop_assert_eq!(bvadd(&s, &bvneg(&s)), BitVec::from_u64(w, 0));
        prop_assert_eq!(bvadd(&s, &t), bvadd(&t, &s));
    }

    #[test]
    fn unsigned_division_including_by_zero((s, t) in pair()) {
        let w = s.width();
        let (q, r) = (bvudiv(&s, &t), bvurem(&s, &t));
        if t.is_zero() {
            prop_assert_eq!(q, BitVec::new(w, BitVec::mask(w)));
            prop_assert_eq!(r, s);
        } else {
            prop_assert_eq!(nat(&q), nat(&s).div_floor(&nat(&t)));
            prop_assert_eq!(nat(&r), nat(&s).mod_floor(&nat(&t)));
        }
    }

    #[test]
    fn signed_division_truncates_and_smod_floors((s, t) in pair()) {
        let w = s.width();
        let (ss, st) = (signed(&s), signed(&t));
        let (q, r, m) = (bvsdiv(&s, &t), bvsrem(&s, &t), bvsmod(&s, &t));
        // s = t * q + r holds modulo 2^m for every t, 0 included.
        prop_assert_eq!(bvadd(&bvmul(&t, &q), &r), s.clone());
        if st.is_zero() {
            // bvudiv of the magnitude by 0 is all ones, negated for a
            // negative dividend.
            let want = if ss.is_negative() { BigInt::one() } else { -BigInt::one() };
            prop_assert_eq!(q, of(w, &want));
            prop_assert_eq!(r, s.clone());
            prop_assert_eq!(m, s);
        } else {
            // Truncating division, wrapped (-2^(m-1) / -1 overflows).
            let (tq, tr) = (&ss / &st, &ss % &st);
            prop_assert_eq!(q, of(w, &tq));
            prop_assert_eq!(signed(&r), tr);
            prop_assert_eq!(signed(&m), ss.mod_floor(&st));
        }
    }

    #[test]
    fn shifts_saturate_at_the_width((s, t) in pair()) {
        let w = s.width();
        let d = nat(&t);
        let sat = d >= BigInt::from(w);
        let shl = if sat { BigInt::zero() } else { nat(&s) << usize::try_from(&d).unwrap() };
        prop_assert_eq!(bvshl(&s, &t), of(w, &shl));
        let lshr = if sat { BigInt::zero() } else { nat(&s) >> usize::try_from(&d).unwrap() };
        prop_assert_eq!(bvlshr(&s, &t), of(w, &lshr));
        let k = if sat { w as usize } else { usize::try_from(&d).unwrap() };
        // Arithmetic shift: floor division of the signed value by 2^k.
        prop_assert_eq!(bvashr(&s, &t), of(w, &signed(&s).div_floor(&(BigInt::one() << k))));
    }

    #[test]
    fn bitwise_laws((s, t) in pair()) {
        prop_assert_eq!(bvnot(&bvand(&s, &t)), bvor(&bvnot(&s), &bvnot(&t)));
        prop_assert_eq!(bvnand(&s, &t), bvnot(&bvand(&s, &t)));
        prop_assert_eq!(bvnor(&s, &t), bvnot(&bvor(&s, &t)));
        prop_assert_eq!(bvxnor(&s, &t), bvnot(&bvxor(&s, &t)));
        prop_assert_eq!(bvxor(&bvxor(&s, &t), &t), s.clone());
        prop_assert_eq!(bvnot(&s), bvsub(&bvneg(&s), &BitVec::from_u64(s.width(), 1)));
        prop_assert_eq!(bvcomp(&s, &t), BitVec::from_u64(1, u64::from(s == t)));
    }

    #[test]
    fn comparisons_read_the_bits_as_numbers((s, t) in pair()) {
        prop_assert_eq!(bvult(&s, &t), nat(&s) < nat(&t));
        prop_assert_eq!(bvule(&s, &t), nat(&s) <= nat(&t));
        prop_assert_eq!(bvslt(&s, &t), signed(&s) < signed(&t));
        prop_assert_eq!(bvsle(&s, &t), signed(&s) <= signed(&t));
        // Through the evaluator: the flipped ones abbreviate these.
        prop_assert_eq!(eval_op(Op::BvUgt, &[&s, &t]), Value::Bool(nat(&s) > nat(&t)));
        prop_assert_eq!(eval_op(Op::BvUge, &[&s, &t]), Value::Bool(nat(&s) >= nat(&t)));
        prop_assert_eq!(eval_op(Op::BvSgt, &[&s, &t]), Value::Bool(signed(&s) > signed(&t)));
        prop_assert_eq!(eval_op(Op::BvSge, &[&s, &t]), Value::Bool(signed(&s) >= signed(&t)));
    }

    #[test]
    fn concat_extract_extend_rotate((s, t) in pair(), i in 0u32..300) {
        let w = s.width();
        let c = concat(&s, &t);
        prop_assert_eq!(c.width(), 2 * w);
        prop_assert_eq!(extract(2 * w - 1, w, &c), s.clone());
        prop_assert_eq!(extract(w - 1, 0, &c), t.clone());
        prop_assert_eq!(nat(&c), (nat(&s) << w as usize) + nat(&t));
        let k = i % 40;
        prop_assert_eq!(nat(&zero_extend(k, &s)), nat(&s));
        prop_assert_eq!(signed(&sign_extend(k, &s)), signed(&s));
        prop_assert_eq!(rotate_right(i, &rotate_left(i, &s)), s.clone());
        prop_assert_eq!(rotate_left(w, &s), s.clone());
        // Rotating left by one moves the top bit to the bottom.
        let once = concat(&extract(w - 1, 0, &concat(&s, &s)), &s);
        prop_assert_eq!(rotate_left(1, &s), extract(2 * w - 2, w - 1, &once));
        let r = repeat(1 + i % 4, &s);
        prop_assert_eq!(r.width(), w * (1 + i % 4));
        prop_assert_eq!(extract(w - 1, 0, &r), s);
    }

    #[test]
    fn int_conversions_round_trip((s, _t) in pair(), n in any::<i128>()) {
        let w = s.width();
        prop_assert_eq!(int2bv(w, &bv2nat(&s)), s);
        let n = BigInt::from(n);
        prop_assert_eq!(bv2nat(&int2bv(w, &n)), n.mod_floor(&modulo(w)));
    }

    /// SMT-LIB 2.7's overflow predicates: the operation on the numbers
    /// the bits spell leaves the `m`-bit range (unsigned, or two's
    /// complement), at every width of the strategy.
    #[test]
    fn overflow_predicates_leave_the_range((s, t) in pair()) {
        let w = s.width();
        let unsigned_out = |n: BigInt| n.is_negative() || n >= modulo(w);
        let half = BigInt::one() << (w - 1);
        let signed_out = |n: BigInt| n < -half.clone() || n >= half;
        let (ss, st) = (signed(&s), signed(&t));
        prop_assert_eq!(bvnego(&s), signed_out(-ss.clone()));
        prop_assert_eq!(bvuaddo(&s, &t), unsigned_out(nat(&s) + nat(&t)));
        prop_assert_eq!(bvusubo(&s, &t), unsigned_out(nat(&s) - nat(&t)));
        prop_assert_eq!(bvumulo(&s, &t), unsigned_out(nat(&s) * nat(&t)));
        prop_assert_eq!(bvsaddo(&s, &t), signed_out(&ss + &st));
        prop_assert_eq!(bvssubo(&s, &t), signed_out(&ss - &st));
        prop_assert_eq!(bvsmulo(&s, &t), signed_out(&ss * &st));
        prop_assert_eq!(bvsdivo(&s, &t), !st.is_zero() && signed_out(&ss / &st));
        // Through the evaluator.
        prop_assert_eq!(eval_op(Op::BvSmulo, &[&s, &t]), Value::Bool(bvsmulo(&s, &t)));
        prop_assert_eq!(eval_op(Op::BvNego, &[&s]), Value::Bool(bvnego(&s)));
    }

    /// 2.7's conversions are 2.6's `bv2nat`, the two's complement reading,
    /// and `int2bv`.
    #[test]
    fn conversions_of_2_7((s, _t) in pair(), n in any::<i128>()) {
        let w = s.width();
        prop_assert_eq!(eval_op(Op::UbvToInt, &[&s]), Value::Int(nat(&s)));
        prop_assert_eq!(eval_op(Op::SbvToInt, &[&s]), Value::Int(signed(&s)));
        let n = BigInt::from(n);
        let t = Term::app(Op::IntToBv(w), vec![Term::Int(n.clone())]);
        prop_assert_eq!(eval_closed(&t).unwrap(), Value::BitVec(int2bv(w, &n)));
        prop_assert_eq!(int_to_bv(w, &sbv_to_int(&s)), s);
    }

    #[test]
    fn the_evaluator_applies_the_theory_functions((s, t) in pair()) {
        let b = |x: BitVec| Value::BitVec(x);
        prop_assert_eq!(eval_op(Op::BvSdiv, &[&s, &t]), b(bvsdiv(&s, &t)));
        prop_assert_eq!(eval_op(Op::BvSmod, &[&s, &t]), b(bvsmod(&s, &t)));
        prop_assert_eq!(eval_op(Op::BvAdd, &[&s, &t, &s]), b(bvadd(&bvadd(&s, &t), &s)));
        prop_assert_eq!(eval_op(Op::Concat, &[&s, &t]), b(concat(&s, &t)));
        prop_assert_eq!(
            eval_op(Op::Bv2nat, &[&s]),
            Value::Int(nat(&s))
        );
    }
}

#[test]
fn ill_sorted_applications_are_errors_not_values() {
    let a = Term::bv(4, 1);
    let b = Term::bv(8, 1);
    for op in [Op::BvAdd, Op::BvUlt, Op::BvComp] {
        assert!(eval_closed(&Term::app(op, vec![a.clone(), b.clone()])).is_err());
    }
    assert!(eval_closed(&Term::app(Op::Extract(4, 0), vec![a.clone()])).is_err());
    assert!(eval_closed(&Term::app(Op::Extract(1, 2), vec![a.clone()])).is_err());
    assert!(eval_closed(&Term::app(Op::Repeat(0), vec![a])).is_err());
}
