//! The string operations of the SMT-LIB 2.6 Unicode Strings theory, as plain
//! functions on [`SmtString`] and unbounded integers.
//!
//! Each function quotes or paraphrases the clause of the theory's definition
//! (theory `Strings`, file `UnicodeStrings.smt2`, SMT-LIB 2.6, 2020-02-11,
//! last updated 2020-08-06) that it implements: the `:definition` clause
//! where it is complete, the informal comment next to the declaration where
//! the formal clause leaves a case open (noted per function). Regular
//! expression operations live in [`super::regex`].
//!
//! # Invariants
//!
//! - Every function is total and panic-free on every input: integer
//!   arguments are [`BigInt`] and are compared with the string length as big
//!   integers, so a huge or negative position or length never overflows and
//!   never allocates more than the inputs and the result need.
//! - Characters are code points `0..=0x2FFFF` ([`MAX_CHAR`]); results are
//!   built from characters of the inputs (or checked against `MAX_CHAR`), so
//!   they stay in the alphabet.
//! - Positions and lengths count characters (code points), never bytes.

use num_bigint::{BigInt, Sign};
use num_traits::{ToPrimitive, Zero};

use crate::term::{MAX_CHAR, SmtString};

/// `i` as an index into a string of length `len`, if `0 <= i <= len`.
fn position(i: &BigInt, len: usize) -> Option<usize> {
    i.to_usize().filter(|&p| p <= len)
}

/// The first position `>= from` at which `needle` occurs in `hay`.
fn find_from(hay: &[u32], needle: &[u32], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return (from <= hay.len()).then_some(from);
    }
    if needle.len() > hay.len() {
        return None;
    }
    (from..=hay.len() - needle.len()).find(|&p| hay[p..p + needle.len()] == *needle)
}

/// `(str.++ s t)`: the concatenation `st`.
pub fn str_concat(s: &SmtString, t: &SmtString) -> SmtString {
    let mut v = Vec::with_capacity(s.len() + t.len());
    v.extend_from_slice(s.chars());
    v.extend_from_slice(t.chars());
    SmtString::from_vec_unchecked(v)
}

/// `(str.len s)`: "the number of characters in `s`".
pub fn str_len(s: &SmtString) -> BigInt {
    BigInt::from(s.len())
}

/// `(str.< s t)`: "true iff `s` is smaller than `t` in the lexicographic
/// extension to UC* of the standard numerical `<` ordering over UC"; a
/// proper prefix is smaller. The symbol is `:chainable` (the evaluator
/// applies it to neighbours).
pub fn str_lt(s: &SmtString, t: &SmtString) -> bool {
    s.chars() < t.chars()
}

/// `(str.<= s t)`: "true iff either `str.<(s, t)` or `s = t`" (also
/// `:chainable`).
pub fn str_le(s: &SmtString, t: &SmtString) -> bool {
    s.chars() <= t.chars()
}

/// `(str.substr s i n)`: "the unique word `w₂` such that for some words
/// `w₁` and `w₃`: `s = w₁w₂w₃`, `|w₁| = i`, `|w₂| = min(n, |s| - i)` if
/// `0 <= i < |s|` and `0 < n`; ε otherwise." So the result is the longest
/// substring starting at `i` of length at most `n`, and `""` when `i` is
/// out of range or `n <= 0`. A length beyond the end just clamps.
pub fn str_substr(s: &SmtString, i: &BigInt, n: &BigInt) -> SmtString {
    let Some(start) = position(i, s.len()) else {
        return SmtString::new();
    };
    if n.sign() != Sign::Plus {
        return SmtString::new();
    }
    let room = s.len() - start;
    let take = n.to_usize().map_or(room, |n| n.min(room));
    SmtString::from_slice_unchecked(&s.chars()[start..start + take])
}

/// `(str.at s i)`: "`(str.substr s i 1)`": the one-character string at
/// position `i`, or `""` if `i < 0` or `i >= |s|`.
pub fn str_at(s: &SmtString, i: &BigInt) -> SmtString {
    str_substr(s, i, &BigInt::from(1))
}

/// `(str.prefixof s t)`: "true iff `t = s w₂` for some word `w₂`" (note the
/// order: the first argument is the prefix). `""` is a prefix of every string.
pub fn str_prefixof(s: &SmtString, t: &SmtString) -> bool {
    t.chars().starts_with(s.chars())
}

/// `(str.suffixof s t)`: "true iff `t = w₁ s` for some word `w₁`".
pub fn str_suffixof(s: &SmtString, t: &SmtString) -> bool {
    t.chars().ends_with(s.chars())
}

/// `(str.contains s t)`: "`s` contains `t`", i.e. `s = w₁tw₂` for some
/// words; every string contains `""`.
pub fn str_contains(s: &SmtString, t: &SmtString) -> bool {
    find_from(s.chars(), t.chars(), 0).is_some()
}

/// `(str.indexof s t i)`: "with `0 <= i <= |s|`, the position of the first
/// occurrence of `t` in `s` at or after position `i`, if any. Otherwise, it
/// is -1. Note that the result is `i` whenever `i` is within the range
/// `[0, |s|]` and `t` is empty." (the comment at the declaration).
///
/// The formal clause ("the smallest `n` such that `s = w₁tw₃` and
/// `i <= n = |w₁|`, if `str.contains(s, t)` and `i >= 0`; -1 otherwise")
/// names no value when `t` occurs only before `i`, or when `i > |s|` and
/// `t = ""`: the set it minimises is empty. We follow the comment (-1), as
/// do Z3 and cvc5.
pub fn str_indexof(s: &SmtString, t: &SmtString, i: &BigInt) -> BigInt {
    position(i, s.len())
        .and_then(|from| find_from(s.chars(), t.chars(), from))
        .map_or_else(|| BigInt::from(-1), BigInt::from)
}

/// `(str.replace s t u)`: "`s` if `str.contains(s, t)` is false; otherwise
/// `u₁uu₂` where `u₁` is the shortest word such that `s = u₁tu₂`". Only the
/// first occurrence is replaced; since `""` occurs at position 0,
/// `(str.replace s "" u)` is `u ++ s`.
pub fn str_replace(s: &SmtString, t: &SmtString, u: &SmtString) -> SmtString {
    match find_from(s.chars(), t.chars(), 0) {
        None => s.clone(),
        Some(p) => {
            let c = s.chars();
            let mut v = Vec::with_capacity(s.len() - t.len() + u.len());
            v.extend_from_slice(&c[..p]);
            v.extend_from_slice(u.chars());
            v.extend_from_slice(&c[p + t.len()..]);
            SmtString::from_vec_unchecked(v)
        }
    }
}

/// `(str.replace_all s t u)`: "`s` if `str.contains(s, t)` is false or
/// `t = ε`; otherwise `u₁ u (str.replace_all u₂ t u)` where `u₁` is the
/// shortest word such that `s = u₁tu₂`": every non-overlapping occurrence,
/// scanning left to right, and `s` unchanged when `t = ""`.
pub fn str_replace_all(s: &SmtString, t: &SmtString, u: &SmtString) -> SmtString {
    if t.is_empty() {
        return s.clone();
    }
    let (c, n) = (s.chars(), t.len());
    let mut v = Vec::with_capacity(s.len());
    let mut from = 0;
    while let Some(p) = find_from(c, t.chars(), from) {
        v.extend_from_slice(&c[from..p]);
        v.extend_from_slice(u.chars());
        from = p + n;
    }
    v.extend_from_slice(&c[from..]);
    SmtString::from_vec_unchecked(v)
}

/// The number of occurrences of `t` in `s` that [`str_replace_all`]
/// replaces: non-overlapping, leftmost first; 0 when `t` is empty.
pub fn count_occurrences(s: &SmtString, t: &SmtString) -> usize {
    if t.is_empty() {
        return 0;
    }
    let (mut from, mut n) = (0, 0);
    while let Some(p) = find_from(s.chars(), t.chars(), from) {
        n += 1;
        from = p + t.len();
    }
    n
}

/// `(str.is_digit s)`: "true iff `|s| = 1` and `0x00030 <= s <= 0x00039`"
/// (one character among `0` ... `9`).
pub fn str_is_digit(s: &SmtString) -> bool {
    matches!(s.chars(), [c] if (0x30..=0x39).contains(c))
}

/// `(str.to_code s)`: "the code point of the only character of `s` if
/// `|s| = 1`; -1 otherwise".
pub fn str_to_code(s: &SmtString) -> BigInt {
    match s.chars() {
        [c] => BigInt::from(*c),
        _ => BigInt::from(-1),
    }
}

/// `(str.from_code n)`: "the one-character string whose code point is `n`
/// if `0 <= n <= 196607` (0x2FFFF); the empty string otherwise".
pub fn str_from_code(n: &BigInt) -> SmtString {
    match n.to_u32() {
        Some(c) if c <= MAX_CHAR => SmtString::from_vec_unchecked(vec![c]),
        _ => SmtString::new(),
    }
}

/// `(str.to_int s)`: "-1 if `s` is the empty string or contains anything
/// other than digits (code points 0x30..0x39)"; otherwise, recursively,
/// `10 * to_int(w₁) + to_int(w₂)` for `s = w₁w₂` with `|w₂| = 1`, i.e. the
/// decimal value, superfluous leading zeros allowed (`"007"` is 7).
pub fn str_to_int(s: &SmtString) -> BigInt {
    if s.is_empty() || !s.chars().iter().all(|c| (0x30..=0x39).contains(c)) {
        return BigInt::from(-1);
    }
    let digits: Vec<u8> = s.chars().iter().map(|&c| (c - 0x30) as u8).collect();
    BigInt::from_radix_be(Sign::Plus, &digits, 10).unwrap_or_else(BigInt::zero)
}

/// `(str.from_int n)`: "the shortest word `w` such that `str.to_int(w) = n`
/// if `n >= 0`; ε otherwise": decimal without leading zeros, `"0"` for 0.
pub fn str_from_int(n: &BigInt) -> SmtString {
    if n.sign() == Sign::Minus {
        return SmtString::new();
    }
    SmtString::from_vec_unchecked(n.to_str_radix(10).bytes().map(u32::from).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> SmtString {
        SmtString::from(x)
    }
    fn b(n: i64) -> BigInt {
        BigInt::from(n)
    }

    #[test]
    fn substr_clamps_huge_lengths_and_rejects_huge_offsets() {
        let huge = BigInt::from(10).pow(30u32);
        assert_eq!(str_substr(&s("abc"), &b(1), &huge), s("bc"));
        assert_eq!(str_substr(&s("abc"), &huge, &b(1)), s(""));
        assert_eq!(str_substr(&s("abc"), &-huge.clone(), &huge), s(""));
        assert_eq!(str_at(&s("abc"), &huge), s(""));
        assert_eq!(str_indexof(&s("abc"), &s(""), &huge), b(-1));
    }

    #[test]
    fn to_int_of_a_thousand_digits() {
        let text = "9".repeat(1000);
        let n = str_to_int(&s(&text));
        assert_eq!(n, BigInt::from(10).pow(1000u32) - 1);
        assert_eq!(str_from_int(&n), s(&text));
    }

    #[test]
    fn characters_above_the_bmp_count_as_one() {
        let t = SmtString::from_chars(vec![0x61, 0x10000, 0x2FFFF, 0xD800]).unwrap();
        assert_eq!(str_len(&t), b(4));
        assert_eq!(str_to_code(&str_at(&t, &b(2))), b(0x2FFFF));
        assert_eq!(str_to_code(&str_at(&t, &b(3))), b(0xD800));
        assert_eq!(str_from_code(&b(0x30000)), s(""));
    }
}
