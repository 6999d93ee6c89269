//! Property tests: algebraic laws of the Unicode Strings and Ints theories
//! that any correct implementation of the semantics satisfies. Several are
//! the equivalences of Table 2 of Bugariu & Müller (ICSE 2020).
//!
//! Strings are drawn mostly from a three-letter alphabet so that
//! occurrences (and overlapping occurrences) are common, with a few wide
//! characters (surrogates, supplementary planes, 0x2FFFF) and digits mixed in.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use proptest::prelude::*;

use equifuzz::semantics::string::*;
use equifuzz::semantics::{Value, eval_closed, int};
use equifuzz::term::{MAX_CHAR, Op, SmtString, Term};

fn char_strategy() -> impl Strategy<Value = u32> {
    prop_oneof![
        8 => prop::sample::select(vec![0x61u32, 0x62, 0x63]),
        2 => 0x30u32..=0x39,
        1 => prop::sample::select(vec![0u32, 0x22, 0x5c, 0xD800, 0xFFFF, 0x10000, MAX_CHAR]),
    ]
}

fn smt_string() -> impl Strategy<Value = SmtString> {
    prop::collection::vec(char_strategy(), 0..8)
        .prop_map(|cs| SmtString::from_chars(cs).expect("chars are in the alphabet"))
}

fn digits() -> impl Strategy<Value = SmtString> {
    prop::collection::vec(0x30u32..=0x39, 0..40).prop_map(|cs| SmtString::from_chars(cs).unwrap())
}

/// Small integers (positions in the strings above) and huge ones.
fn big_int() -> impl Strategy<Value = BigInt> {
    prop_oneof![
        6 => (-3i64..12).prop_map(BigInt::from),
        2 => any::<i64>().prop_map(BigInt::from),
        1 => (any::<i64>(), any::<u64>()).prop_map(|(a, b)| BigInt::from(a) * BigInt::from(b) * BigInt::from(b)),
    ]
}

fn b(n: usize) -> BigInt {
    BigInt::from(n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn concat_adds_lengths(s in smt_string(), t in smt_string()) {
        prop_assert_eq!(str_len(&str_concat(&s, &t)), str_len(&s) + str_len(&t));
        prop_assert!(str_prefixof(&s, &str_concat(&s, &t)));
        prop_assert!(str_suffixof(&t, &str_concat(&s, &t)));
    }

    #[test]
    fn contains_every_infix(s in smt_string(), t in smt_string(), u in smt_string()) {
        let w = str_concat(&str_concat(&s, &t), &u);
        prop_assert!(str_contains(&w, &t));
        prop_assert_eq!(str_indexof(&w, &t, &b(s.len())) == b(s.len()), true);
    }

    /// `indexof` is -1 or the *first* position at or after `i` where `t`
    /// occurs (E5).
    #[test]
    fn indexof_is_the_first_occurrence(s in smt_string(), t in smt_string(), i in big_int()) {
        let r = str_indexof(&s, &t, &i);
        let occurs_at = |p: &BigInt| str_substr(&s, p, &str_len(&t)) == t
            && p + str_len(&t) <= str_len(&s);
        if r == BigInt::from(-1) {
            if i >= BigInt::zero() && i <= str_len(&s) {
                let mut p = i.clone();
                while p <= str_len(&s) {
                    prop_assert!(!occurs_at(&p), "missed an occurrence at {}", p);
                    p += 1;
                }
            }
        } else {
            prop_assert!(r >= i && occurs_at(&r));
            let mut p = i.clone();
            while p < r {
                prop_assert!(!occurs_at(&p), "an earlier occurrence at {}", p);
                p += 1;
            }
        }
    }

    #[test]
    fn contains_iff_indexof_from_zero(s in smt_string(), t in smt_string()) {
        prop_assert_eq!(str_contains(&s, &t), str_indexof(&s, &t, &BigInt::zero()) >= BigInt::zero());
    }

    /// NC5 / NC6: replacing something that does not occur changes nothing.
    #[test]
    fn replace_without_occurrence_is_identity(s in smt_string(), t in smt_string(), u in smt_string()) {
        if !str_contains(&s, &t) {
            prop_assert_eq!(&str_replace(&s, &t, &u), &s);
            prop_assert_eq!(&str_replace_all(&s, &t, &u), &s);
        }
    }

    /// E3: replace cuts `s` at the first occurrence of `t`.
    #[test]
    fn replace_splits_at_the_first_occurrence(s in smt_string(), t in smt_string(), u in smt_string()) {
        let i = str_indexof(&s, &t, &BigInt::zero());
        if i >= BigInt::zero() {
            let before = str_substr(&s, &BigInt::zero(), &i);
            let after = str_substr(&s, &(&i + str_len(&t)), &str_len(&s));
            let expected = str_concat(&str_concat(&before, &u), &after);
            prop_assert_eq!(str_replace(&s, &t, &u), expected);
        }
    }

    /// `replace_all` replaces the first occurrence and then recurses on the
    /// rest (the standard's recursive clause); `t` by itself is identity.
    #[test]
    fn replace_all_unfolds(s in smt_string(), t in smt_string(), u in smt_string()) {
        prop_assert_eq!(&str_replace_all(&s, &t, &t), &s);
        let i = str_indexof(&s, &t, &BigInt::zero());
        if !t.is_empty() && i >= BigInt::zero() {
            let before = str_substr(&s, &BigInt::zero(), &i);
            let after = str_substr(&s, &(&i + str_len(&t)), &str_len(&s));
            let expected = str_concat(&str_concat(&before, &u), &str_replace_all(&after, &t, &u));
            prop_assert_eq!(str_replace_all(&s, &t, &u), expected);
        }
    }

    /// E1 and E4: `at` is `substr` of length 1; `substr` is an infix of the
    /// right length.
    #[test]
    fn substr_is_a_clamped_infix(s in smt_string(), i in big_int(), n in big_int()) {
        prop_assert_eq!(str_at(&s, &i), str_substr(&s, &i, &BigInt::from(1)));
        let r = str_substr(&s, &i, &n);
        prop_assert!(str_contains(&s, &r));
        if i >= BigInt::zero() && i < str_len(&s) && n.is_positive() {
            let room = str_len(&s) - &i;
            prop_assert_eq!(str_len(&r), n.clone().min(room));
            prop_assert_eq!(str_indexof(&s, &r, &i) == i, true);
        } else {
            prop_assert!(r.is_empty());
        }
    }

    /// E2 / E6: `from_int` and `to_int` are inverse on naturals, and
    /// `from_int` unfolds digit by digit.
    #[test]
    fn int_string_round_trip(n in big_int()) {
        let s = str_from_int(&n);
        if n.is_negative() {
            prop_assert!(s.is_empty());
        } else {
            prop_assert_eq!(str_to_int(&s), n.clone());
            let ten = BigInt::from(10);
            if n >= ten {
                let q = int::div(&n, &ten).unwrap();
                let r = int::modulo(&n, &ten).unwrap();
                prop_assert_eq!(s, str_concat(&str_from_int(&q), &str_from_int(&r)));
            }
        }
    }

    /// E6: a digit string denotes its value; leading zeros are dropped by
    /// the way back.
    #[test]
    fn digit_strings_parse(d in digits()) {
        let n = str_to_int(&d);
        if d.is_empty() {
            prop_assert_eq!(n, BigInt::from(-1));
        } else {
            let trimmed: Vec<u32> = d.chars().iter().copied().skip_while(|&c| c == 0x30).collect();
            let canonical = if trimmed.is_empty() { SmtString::from("0") } else { SmtString::from_chars(trimmed).unwrap() };
            prop_assert_eq!(str_from_int(&n), canonical);
        }
    }

    #[test]
    fn to_int_rejects_any_non_digit(s in smt_string()) {
        let all_digits = !s.is_empty() && s.chars().iter().all(|c| (0x30..=0x39).contains(c));
        prop_assert_eq!(str_to_int(&s) >= BigInt::zero(), all_digits);
    }

    #[test]
    fn code_round_trip(n in prop_oneof![big_int(), (0u32..=MAX_CHAR + 2).prop_map(BigInt::from)]) {
        let s = str_from_code(&n);
        let in_range = n >= BigInt::zero() && n <= BigInt::from(MAX_CHAR);
        prop_assert_eq!(str_to_code(&s), if in_range { n.clone() } else { BigInt::from(-1) });
        prop_assert_eq!(str_is_digit(&s), n >= BigInt::from(48) && n <= BigInt::from(57));
    }

    /// `div`/`mod` are Euclidean: `m = n*q + r` and `0 <= r < |n|`.
    #[test]
    fn euclidean_division(m in big_int(), n in big_int()) {
        match (int::div(&m, &n), int::modulo(&m, &n)) {
            (Some(q), Some(r)) => {
                prop_assert_eq!(&n * &q + &r, m);
                prop_assert!(!r.is_negative() && r < n.abs());
            }
            (None, None) => prop_assert!(n.is_zero()),
            _ => prop_assert!(false, "div and mod disagree on definedness"),
        }
    }

    /// `str.<` is a strict total order and `str.<=` its reflexive closure;
    /// a prefix is never greater.
    #[test]
    fn lexicographic_order(s in smt_string(), t in smt_string()) {
        let cases = [str_lt(&s, &t), s == t, str_lt(&t, &s)];
        prop_assert_eq!(cases.iter().filter(|&&c| c).count(), 1);
        prop_assert_eq!(str_le(&s, &t), str_lt(&s, &t) || s == t);
        if str_prefixof(&s, &t) {
            prop_assert!(str_le(&s, &t));
        }
    }

    /// Chainable operators hold iff they hold between neighbours, through
    /// the evaluator.
    #[test]
    fn chains_are_pairwise(s in smt_string(), t in smt_string(), u in smt_string()) {
        let lits = [Term::Str(s.clone()), Term::Str(t.clone()), Term::Str(u.clone())];
        let chain = eval_closed(&Term::app(Op::StrLt, lits.to_vec())).unwrap();
        prop_assert_eq!(chain, Value::Bool(str_lt(&s, &t) && str_lt(&t, &u)));
        let eq = eval_closed(&Term::app(Op::Eq, lits.to_vec())).unwrap();
        prop_assert_eq!(eq, Value::Bool(s == t && t == u));
        let distinct = eval_closed(&Term::app(Op::Distinct, lits.to_vec())).unwrap();
        prop_assert_eq!(distinct, Value::Bool(s != t && t != u && s != u));
    }
}
