//! The sequence theory of Z3 and cvc5: `(Seq S)` over any element sort,
//! as plain functions on [`SeqValue`] and unbounded integers.
//!
//! SMT-LIB 2.6 has no sequence theory; both solvers define theirs as the
//! Unicode Strings theory's functions lifted from characters to elements
//! (Z3's guide, "Sequences"; cvc5's documentation, "Theory Reference:
//! Sequences"). Each function says which string function it lifts, and
//! where the solvers' own documentation decides a case the strings theory
//! does not have (`seq.nth`, `seq.update`, `seq.rev`, `seq.last_indexof`).
//!
//! # Invariants
//!
//! - Elements are compared with semantic equality
//!   ([`equal`](super::array::equal)): arrays extensionally, sequences
//!   element by element. A comparison that cannot be decided is an `Err`,
//!   never a guess, so every function that searches returns a `Result`.
//! - `(seq.nth s i)` with `i` out of range has no value here: both solvers
//!   leave it unconstrained (Z3: "treated as a fresh variable"; cvc5: "the
//!   result is unspecified"). It is [`EvalError::Unspecified`], so a model
//!   check that needs it is inconclusive and any value the solver picked
//!   is accepted.
//! - Integer arguments are [`BigInt`]; no position or length overflows.

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::array::equal;
use super::error::EvalError;
use super::value::{SeqValue, Value};
use crate::term::{Op, Sort};

/// The longest sequence the evaluator builds (in elements); going past it
/// is [`EvalError::TooLarge`], never a wrong value.
pub const MAX_SEQ_LEN: usize = 1 << 20;

/// Applies a sequence operator to argument values (sorts checked here too,
/// so a value never reaches a function it does not fit).
pub fn apply(op: Op, vals: &[Value]) -> Result<Value, EvalError> {
    use Op::*;
    use Value::{Bool as B, Int as I, Seq as S};
    let ill = || {
        let sorts: Vec<String> = vals.iter().map(|a| a.sort().to_string()).collect();
        EvalError::IllSorted(format!("`{}` applied to ({})", op.name(), sorts.join(" ")))
    };
    let sorts: Vec<Sort> = vals.iter().map(Value::sort).collect();
    if op.result_sort(&sorts).is_none() {
        return Err(ill());
    }
    let capped = |s: SeqValue| {
        if s.len() > MAX_SEQ_LEN {
            Err(EvalError::TooLarge("sequence"))
        } else {
            Ok(S(s))
        }
    };
    match (op, vals) {
        (SeqUnit, [x]) => Ok(S(seq_unit(x))),
        (SeqConcat, _) => {
            let parts: Vec<&SeqValue> = vals
                .iter()
                .map(|v| match v {
                    S(s) => Ok(s),
                    _ => Err(ill()),
                })
                .collect::<Result<_, _>>()?;
            if parts.iter().map(|s| s.len()).sum::<usize>() > MAX_SEQ_LEN {
                return Err(EvalError::TooLarge("sequence"));
            }
            Ok(S(seq_concat(&parts)))
        }
        (SeqLen, [S(s)]) => Ok(I(seq_len(s))),
        (SeqExtract, [S(s), I(i), I(n)]) => Ok(S(seq_extract(s, i, n))),
        (SeqAt, [S(s), I(i)]) => Ok(S(seq_at(s, i))),
        (SeqNth, [S(s), I(i)]) => seq_nth(s, i),
        (SeqContains, [S(s), S(t)]) => Ok(B(seq_contains(s, t)?)),
        (SeqPrefixof, [S(s), S(t)]) => Ok(B(seq_prefixof(s, t)?)),
        (SeqSuffixof, [S(s), S(t)]) => Ok(B(seq_suffixof(s, t)?)),
        (SeqIndexof, [S(s), S(t), I(i)]) => Ok(I(seq_indexof(s, t, i)?)),
        (SeqLastIndexof, [S(s), S(t)]) => Ok(I(seq_last_indexof(s, t)?)),
        (SeqReplace, [S(s), S(t), S(u)]) => capped(seq_replace(s, t, u)?),
        (SeqReplaceAll, [S(s), S(t), S(u)]) => {
            // Bound the result before building it: each occurrence grows
            // the sequence by |u| - |t|.
            if u.len() > t.len() && s.len().saturating_mul(u.len()) > MAX_SEQ_LEN {
                return Err(EvalError::TooLarge("sequence"));
            }
            capped(seq_replace_all(s, t, u)?)
        }
        (SeqRev, [S(s)]) => Ok(S(seq_rev(s))),
        (SeqUpdate, [S(s), I(i), S(t)]) => Ok(S(seq_update(s, i, t))),
        _ => Err(ill()),
    }
}

/// `i` as a position in `0..=len`.
fn position(i: &BigInt, len: usize) -> Option<usize> {
    i.to_usize().filter(|&p| p <= len)
}

fn seq(element: &Sort, items: Vec<Value>) -> SeqValue {
    SeqValue::new(element.clone(), items)
}

/// Whether `needle` occurs in `hay` at `p` (`p + |needle| <= |hay|`).
fn occurs_at(hay: &[Value], needle: &[Value], p: usize) -> Result<bool, EvalError> {
    for (a, b) in hay[p..p + needle.len()].iter().zip(needle) {
        if !equal(a, b)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The positions `from..=|hay|-|needle|` at which `needle` may start.
fn starts(hay: &[Value], needle: &[Value], from: usize) -> std::ops::RangeInclusive<usize> {
    match hay.len().checked_sub(needle.len()) {
        Some(last) if from <= last => from..=last,
        #[allow(clippy::reversed_empty_ranges)]
        _ => 1..=0,
    }
}

/// The first position `>= from` at which `needle` occurs in `hay`.
fn find_from(hay: &[Value], needle: &[Value], from: usize) -> Result<Option<usize>, EvalError> {
    for p in starts(hay, needle, from) {
        if occurs_at(hay, needle, p)? {
            return Ok(Some(p));
        }
    }
    Ok(None)
}

/// `(seq.unit x)`: the sequence of the one element `x`.
pub fn seq_unit(x: &Value) -> SeqValue {
    seq(&x.sort(), vec![x.clone()])
}

/// `(seq.++ s t ...)`: concatenation (`str.++`).
pub fn seq_concat(parts: &[&SeqValue]) -> SeqValue {
    let items = parts
        .iter()
        .flat_map(|s| s.items().iter().cloned())
        .collect();
    seq(parts[0].element_sort(), items)
}

/// `(seq.len s)`: the number of elements (`str.len`).
pub fn seq_len(s: &SeqValue) -> BigInt {
    BigInt::from(s.len())
}

/// `(seq.extract s i n)`, lifting `str.substr`: the longest subsequence of
/// `s` of length at most `n` starting at `i` if `0 <= i < |s|` and `0 <
/// n`, the empty sequence otherwise.
pub fn seq_extract(s: &SeqValue, i: &BigInt, n: &BigInt) -> SeqValue {
    let len = s.len();
    let Some(start) = position(i, len).filter(|&p| p < len) else {
        return seq(s.element_sort(), Vec::new());
    };
    if *n <= BigInt::from(0) {
        return seq(s.element_sort(), Vec::new());
    }
    let take = n.to_usize().map_or(len - start, |n| n.min(len - start));
    seq(s.element_sort(), s.items()[start..start + take].to_vec())
}

/// `(seq.at s i)`, lifting `str.at`: `(seq.extract s i 1)`, the unit
/// sequence of the element at `i`, empty out of range.
pub fn seq_at(s: &SeqValue, i: &BigInt) -> SeqValue {
    seq_extract(s, i, &BigInt::from(1))
}

/// `(seq.nth s i)`: the element at `i` if `0 <= i < |s|`; unconstrained
/// otherwise (see the module docs), which has no value here.
pub fn seq_nth(s: &SeqValue, i: &BigInt) -> Result<Value, EvalError> {
    match position(i, s.len()).filter(|&p| p < s.len()) {
        Some(p) => Ok(s.items()[p].clone()),
        None => Err(EvalError::Unspecified("seq.nth out of range")),
    }
}

/// `(seq.contains s t)`, lifting `str.contains`: whether `t` is a
/// contiguous subsequence of `s` (the empty sequence is in every one).
pub fn seq_contains(s: &SeqValue, t: &SeqValue) -> Result<bool, EvalError> {
    Ok(find_from(s.items(), t.items(), 0)?.is_some())
}

/// `(seq.prefixof s t)`, lifting `str.prefixof`: whether `s` is a prefix of
/// `t`.
pub fn seq_prefixof(s: &SeqValue, t: &SeqValue) -> Result<bool, EvalError> {
    Ok(s.len() <= t.len() && occurs_at(t.items(), s.items(), 0)?)
}

/// `(seq.suffixof s t)`, lifting `str.suffixof`: whether `s` is a suffix
/// of `t`.
pub fn seq_suffixof(s: &SeqValue, t: &SeqValue) -> Result<bool, EvalError> {
    Ok(s.len() <= t.len() && occurs_at(t.items(), s.items(), t.len() - s.len())?)
}

/// `(seq.indexof s t i)`, lifting `str.indexof`: the first position `>= i`
/// at which `t` occurs in `s` if `0 <= i <= |s|`, else -1 (an empty `t`
/// occurs at `i`).
pub fn seq_indexof(s: &SeqValue, t: &SeqValue, i: &BigInt) -> Result<BigInt, EvalError> {
    let Some(from) = position(i, s.len()) else {
        return Ok(BigInt::from(-1));
    };
    Ok(find_from(s.items(), t.items(), from)?.map_or(BigInt::from(-1), BigInt::from))
}

/// `(seq.last_indexof s t)` (Z3): the last position at which `t` occurs
/// in `s`, -1 if none; the empty sequence occurs last at `|s|`.
pub fn seq_last_indexof(s: &SeqValue, t: &SeqValue) -> Result<BigInt, EvalError> {
    for p in starts(s.items(), t.items(), 0).rev() {
        if occurs_at(s.items(), t.items(), p)? {
            return Ok(BigInt::from(p));
        }
    }
    Ok(BigInt::from(-1))
}

/// `(seq.replace s t u)`, lifting `str.replace`: `s` with the first
/// occurrence of `t` replaced by `u`, `s` if there is none; an empty `t`
/// occurs first at 0, so the result is `u` followed by `s`.
pub fn seq_replace(s: &SeqValue, t: &SeqValue, u: &SeqValue) -> Result<SeqValue, EvalError> {
    let Some(p) = find_from(s.items(), t.items(), 0)? else {
        return Ok(s.clone());
    };
    let mut items = s.items()[..p].to_vec();
    items.extend_from_slice(u.items());
    items.extend_from_slice(&s.items()[p + t.len()..]);
    Ok(seq(s.element_sort(), items))
}

/// `(seq.replace_all s t u)`, lifting `str.replace_all`: every occurrence
/// of `t` in `s`, left to right and not overlapping, replaced by `u`; `s`
/// itself if `t` is empty.
pub fn seq_replace_all(s: &SeqValue, t: &SeqValue, u: &SeqValue) -> Result<SeqValue, EvalError> {
    if t.is_empty() {
        return Ok(s.clone());
    }
    let (hay, mut items, mut at) = (s.items(), Vec::new(), 0);
    while let Some(p) = find_from(hay, t.items(), at)? {
        items.extend_from_slice(&hay[at..p]);
        items.extend_from_slice(u.items());
        at = p + t.len();
    }
    items.extend_from_slice(&hay[at..]);
    Ok(seq(s.element_sort(), items))
}

/// `(seq.rev s)` (cvc5): the elements of `s` in reverse order.
pub fn seq_rev(s: &SeqValue) -> SeqValue {
    seq(s.element_sort(), s.items().iter().rev().cloned().collect())
}

/// `(seq.update s i t)` (cvc5): `s` with the elements from `i` on
/// overwritten by those of `t`, as many as fit, so the length stays `|s|`;
/// `s` itself unless `0 <= i < |s|`.
pub fn seq_update(s: &SeqValue, i: &BigInt, t: &SeqValue) -> SeqValue {
    let len = s.len();
    let Some(p) = position(i, len).filter(|&p| p < len) else {
        return s.clone();
    };
    let n = t.len().min(len - p);
    let mut items = s.items().to_vec();
    items[p..p + n].clone_from_slice(&t.items()[..n]);
    seq(s.element_sort(), items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::array::ArrayValue;

    fn ints(xs: &[i64]) -> SeqValue {
        SeqValue::new(
            Sort::Int,
            xs.iter().map(|&x| Value::Int(x.into())).collect(),
        )
    }

    fn n(x: i64) -> BigInt {
        BigInt::from(x)
    }

    #[test]
    fn extract_at_and_nth_follow_substr() {
        let s = ints(&[1, 2, 3]);
        assert_eq!(seq_extract(&s, &n(1), &n(5)), ints(&[2, 3]));
        assert_eq!(seq_extract(&s, &n(3), &n(1)), ints(&[]));
        assert_eq!(seq_extract(&s, &n(-1), &n(1)), ints(&[]));
        assert_eq!(seq_extract(&s, &n(0), &n(0)), ints(&[]));
        assert_eq!(seq_at(&s, &n(2)), ints(&[3]));
        assert_eq!(seq_at(&s, &n(3)), ints(&[]));
        assert_eq!(seq_nth(&s, &n(0)), Ok(Value::Int(1.into())));
        for out in [n(3), n(-1), n(1) << 80] {
            assert!(matches!(seq_nth(&s, &out), Err(EvalError::Unspecified(_))));
        }
    }

    #[test]
    fn searching_follows_the_string_functions() {
        let s = ints(&[1, 2, 1, 2]);
        let t = ints(&[1, 2]);
        let e = ints(&[]);
        assert_eq!(seq_indexof(&s, &t, &n(1)), Ok(n(2)));
        assert_eq!(seq_indexof(&s, &e, &n(4)), Ok(n(4)));
        assert_eq!(seq_indexof(&s, &e, &n(5)), Ok(n(-1)));
        assert_eq!(seq_last_indexof(&s, &t), Ok(n(2)));
        assert_eq!(seq_last_indexof(&s, &e), Ok(n(4)));
        assert_eq!(seq_last_indexof(&t, &s), Ok(n(-1)));
        assert_eq!(seq_contains(&s, &ints(&[2, 1])), Ok(true));
        assert_eq!(seq_prefixof(&t, &s), Ok(true));
        assert_eq!(seq_suffixof(&ints(&[2, 1]), &s), Ok(false));
        assert_eq!(seq_replace(&s, &t, &ints(&[9])), Ok(ints(&[9, 1, 2])));
        assert_eq!(seq_replace(&s, &e, &ints(&[9])), Ok(ints(&[9, 1, 2, 1, 2])));
        assert_eq!(seq_replace_all(&s, &t, &ints(&[9])), Ok(ints(&[9, 9])));
        assert_eq!(seq_replace_all(&s, &e, &ints(&[9])), Ok(s.clone()));
    }

    #[test]
    fn update_keeps_the_length_and_rev_reverses() {
        let s = ints(&[1, 2, 3]);
        assert_eq!(seq_update(&s, &n(1), &ints(&[7, 8, 9])), ints(&[1, 7, 8]));
        assert_eq!(seq_update(&s, &n(3), &ints(&[7])), s);
        assert_eq!(seq_update(&s, &n(0), &ints(&[])), s);
        assert_eq!(seq_rev(&s), ints(&[3, 2, 1]));
    }

    #[test]
    fn elements_compare_semantically() {
        // Two spellings of one array: an entry that stores the default.
        let a = ArrayValue::constant(Sort::Int, Sort::Int, Value::Int(0.into()));
        let b = a.store(Value::Int(1.into()), Value::Int(5.into())).unwrap();
        let b2 = b.store(Value::Int(1.into()), Value::Int(0.into())).unwrap();
        let arr = Sort::Array(Box::new(Sort::Int), Box::new(Sort::Int));
        let s = SeqValue::new(arr.clone(), vec![Value::Array(b), Value::Array(a.clone())]);
        let t = SeqValue::new(arr, vec![Value::Array(b2)]);
        assert_eq!(seq_indexof(&s, &t, &n(0)), Ok(n(1)));
        assert!(equal(&Value::Seq(t.clone()), &Value::Seq(seq_at(&s, &n(1)))).unwrap());
    }
}
