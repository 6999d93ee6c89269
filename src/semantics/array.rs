//! The ArraysEx theory: `select`, `store`, constant arrays, and
//! extensional equality, over any index and element sort equifuzz has
//! (RegLan, String, Int, Bool, bit-vectors, arrays).
//!
//! # Invariants
//!
//! - An [`ArrayValue`] is a total function: a default value plus finitely
//!   many entries whose keys are pairwise distinct *as values of the index
//!   sort* (for RegLan: as languages). `select` returns the entry whose key
//!   equals the index, else the default.
//! - `(store a i v)` replaces the entry at `i`, and drops it when `v` equals
//!   the default (the function is the same), so two arrays built by stores
//!   in different orders usually have the same entries.
//! - Equality is extensional (ArraysEx: `(=> (forall ((i I)) (= (select a
//!   i) (select b i))) (= a b))`): arrays are equal iff they agree on every
//!   key of either, and, unless those keys cover the whole (finite) index
//!   domain, on their defaults. Values of sort RegLan are compared as
//!   languages, arrays recursively; a comparison the regex engine cannot
//!   decide within its budget is [`EvalError::Undecided`], never a guess.

use super::error::EvalError;
pub use super::value::ArrayValue;
use super::value::Value;
use crate::term::Sort;

impl ArrayValue {
    fn position(&self, i: &Value) -> Result<Option<usize>, EvalError> {
        for (k, (key, _)) in self.entries().iter().enumerate() {
            if equal(key, i)? {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// `(select a i)`.
    pub fn select(&self, i: &Value) -> Result<Value, EvalError> {
        Ok(match self.position(i)? {
            Some(k) => self.entries()[k].1.clone(),
            None => self.default().clone(),
        })
    }

    /// `(store a i v)`.
    pub fn store(&self, i: Value, v: Value) -> Result<ArrayValue, EvalError> {
        let mut out = self.clone();
        if let Some(k) = out.position(&i)? {
            out.entries_mut().remove(k);
        }
        // An undecided comparison keeps the entry: the function is the
        // same either way.
        if !equal(&v, out.default()).unwrap_or(false) {
            out.entries_mut().push((i, v));
        }
        Ok(out)
    }

    /// Extensional equality (see the module docs).
    pub fn equal(&self, other: &ArrayValue) -> Result<bool, EvalError> {
        let mut keys: Vec<&Value> = Vec::new();
        for (k, _) in self.entries().iter().chain(other.entries()) {
            let mut seen = false;
            for known in &keys {
                if equal(known, k)? {
                    seen = true;
                    break;
                }
            }
            if !seen {
                keys.push(k);
            }
        }
        for k in &keys {
            if !equal(&self.select(k)?, &other.select(k)?)? {
                return Ok(false);
            }
        }
        if domain_size(self.index_sort()) <= keys.len() as u64 {
            return Ok(true);
        }
        equal(self.default(), other.default())
    }
}

/// The number of values of `sort`, saturating at `u64::MAX` (which stands
/// for "more than any number of keys": Int, String, RegLan are infinite).
pub fn domain_size(sort: &Sort) -> u64 {
    match sort {
        Sort::Bool => 2,
        Sort::RoundingMode => 5,
        Sort::BitVec(w) if *w < 64 => 1 << w,
        // Sequences of any element sort are unbounded in length.
        Sort::BitVec(_)
        | Sort::Int
        | Sort::Real
        | Sort::FloatingPoint(..)
        | Sort::String
        | Sort::RegLan
        | Sort::Seq(_)
        | Sort::Fun(..) => u64::MAX,
        Sort::Array(i, e) => {
            let (i, e) = (domain_size(i), domain_size(e));
            match u32::try_from(i) {
                Ok(i) if i != u32::MAX => e.saturating_pow(i),
                _ => u64::MAX,
            }
        }
    }
}

/// Semantic equality of two values of one sort: RegLan as languages,
/// arrays extensionally, sequences element by element (so a sequence of
/// arrays compares its arrays extensionally), everything else as values.
pub fn equal(a: &Value, b: &Value) -> Result<bool, EvalError> {
    match (a, b) {
        (Value::RegLan(x), Value::RegLan(y)) => {
            x.equiv(y).map_err(|e| EvalError::Undecided(e.to_string()))
        }
        (Value::Array(x), Value::Array(y)) => x.equal(y),
        (Value::Seq(x), Value::Seq(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.items().iter().zip(y.items()) {
                if !equal(p, q)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        // No term compares functions (a function symbol is no term); two
        // bodies that differ may still agree everywhere.
        (Value::Fun(_), _) | (_, Value::Fun(_)) => Err(EvalError::Unsupported("= on functions")),
        _ => Ok(a == b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::regex::Regex;
    use crate::term::{BitVec, SmtString};

    fn int(n: i64) -> Value {
        Value::Int(n.into())
    }

    #[test]
    fn store_then_select_and_defaults() {
        let a = ArrayValue::constant(Sort::Int, Sort::Int, int(0));
        let b = a.store(int(1), int(5)).unwrap();
        assert_eq!(b.select(&int(1)).unwrap(), int(5));
        assert_eq!(b.select(&int(2)).unwrap(), int(0));
        // Storing the default back gives the constant array again.
        assert_eq!(b.store(int(1), int(0)).unwrap(), a);
        assert!(b.store(int(1), int(0)).unwrap().equal(&a).unwrap());
        assert!(!b.equal(&a).unwrap());
    }

    #[test]
    fn equality_is_extensional_on_finite_index_sorts() {
        // Over Bool, an array storing 1 at both indices is the constant 1.
        let c0 = ArrayValue::constant(Sort::Bool, Sort::Int, int(0));
        let c1 = ArrayValue::constant(Sort::Bool, Sort::Int, int(1));
        let full = c0
            .store(Value::Bool(true), int(1))
            .unwrap()
            .store(Value::Bool(false), int(1))
            .unwrap();
        assert!(full.equal(&c1).unwrap());
        assert!(!full.equal(&c0).unwrap());
        // Over (_ BitVec 1) likewise; over Int never.
        let bv = |v| Value::BitVec(BitVec::from_u64(1, v));
        let c = ArrayValue::constant(Sort::BitVec(1), Sort::Int, int(0));
        let full = c
            .store(bv(0), int(2))
            .unwrap()
            .store(bv(1), int(2))
            .unwrap();
        assert!(
            full.equal(&ArrayValue::constant(Sort::BitVec(1), Sort::Int, int(2)))
                .unwrap()
        );
        let i = ArrayValue::constant(Sort::Int, Sort::Int, int(0));
        let partial = i.store(int(0), int(2)).unwrap();
        assert!(
            !partial
                .equal(&ArrayValue::constant(Sort::Int, Sort::Int, int(2)))
                .unwrap()
        );
    }

    #[test]
    fn reglan_keys_compare_as_languages() {
        let a_star = Regex::literal(&SmtString::from("a")).star();
        let a_star_star = a_star.star();
        let a = ArrayValue::constant(Sort::RegLan, Sort::Int, int(0))
            .store(Value::RegLan(a_star.clone()), int(7))
            .unwrap();
        assert_eq!(
            a.select(&Value::RegLan(a_star_star.clone())).unwrap(),
            int(7)
        );
        // Storing under an equal language replaces the entry.
        let b = a.store(Value::RegLan(a_star_star), int(8)).unwrap();
        assert_eq!(b.entries().len(), 1);
        assert_eq!(b.select(&Value::RegLan(a_star)).unwrap(), int(8));
    }

    #[test]
    fn domain_sizes() {
        assert_eq!(domain_size(&Sort::Bool), 2);
        assert_eq!(domain_size(&Sort::BitVec(4)), 16);
        let bb = Sort::Array(Box::new(Sort::Bool), Box::new(Sort::Bool));
        assert_eq!(domain_size(&bb), 4);
        assert_eq!(domain_size(&Sort::BitVec(64)), u64::MAX);
        assert_eq!(domain_size(&Sort::Int), u64::MAX);
    }
}
