//! Bit-vector and array pools for the combined theories (Kühne 2022,
//! Table 3.1 and Sect. 3.1).
//!
//! - [`CombinedPool::paper`] is Table 3.1: `#x0` and `#x1` ("both
//!   bitvectors have fixed size 4"), and the thesis' array pool: arrays
//!   "having either index or value type regular expression", with "all
//!   possible initial values from our other pools" as defaults, i.e.
//!   `((as const (Array RegLan E)) d)` for every `d` of the pool of `E`
//!   (Int, String, Bool, `(_ BitVec 4)`, RegLan) and `((as const (Array I
//!   RegLan)) r)` for every regex `r` and every other index sort `I`.
//! - [`CombinedPool::boundary`] adds the boundary bit-vectors 0, 1, all
//!   ones and the sign bit at widths 1, 8, 32 and 64.
//!
//! # Invariant
//!
//! Every array entry's `value` is what our semantics gives its `term`
//! (`eval_closed(term) == Ok(Value::Array(value))`), its sort has RegLan
//! as index or element, and entries are distinct as terms; every
//! bit-vector is distinct as a value.

use num_bigint::{BigInt, BigUint};
use num_traits::One;

use crate::generate::regex::RegexPool;
use crate::semantics::Value;
use crate::semantics::array::ArrayValue;
use crate::term::{BitVec, Sort, Term};

/// A constant array of the pool: the term written into formulas and its
/// value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolArray {
    /// `((as const (Array I E)) d)`.
    pub term: Term,
    /// Its value.
    pub value: ArrayValue,
}

/// The bit-vector and array constants of the combined generators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombinedPool {
    /// Bit-vector constants.
    pub bitvecs: Vec<BitVec>,
    /// Constant arrays with RegLan index or element sort.
    pub arrays: Vec<PoolArray>,
}

/// The widths of the boundary bit-vectors.
pub const BOUNDARY_WIDTHS: [u32; 4] = [1, 8, 32, 64];

impl CombinedPool {
    /// Table 3.1 and the thesis' array pool over the regex pool `regexes`.
    pub fn paper(regexes: &RegexPool) -> Self {
        let bitvecs = vec![BitVec::from_u64(4, 0), BitVec::from_u64(4, 1)];
        let arrays = arrays(&bitvecs, regexes);
        CombinedPool { bitvecs, arrays }
    }

    /// [`CombinedPool::paper`] plus 0, 1, all ones and the sign bit at
    /// widths 1, 8, 32, 64 (at width 1 the sign bit is 1 and all ones).
    pub fn boundary(regexes: &RegexPool) -> Self {
        let mut bitvecs = vec![BitVec::from_u64(4, 0), BitVec::from_u64(4, 1)];
        for w in BOUNDARY_WIDTHS {
            for v in [
                BigUint::from(0u8),
                BigUint::one(),
                BitVec::mask(w),
                BigUint::one() << (w - 1),
            ] {
                let b = BitVec::new(w, v);
                if !bitvecs.contains(&b) {
                    bitvecs.push(b);
                }
            }
        }
        // The arrays' bit-vector elements stay at width 4 (Table 3.1).
        let arrays = arrays(&bitvecs[..2], regexes);
        CombinedPool { bitvecs, arrays }
    }

    /// The bit-vectors of width `w`.
    pub fn bitvecs_of(&self, w: u32) -> impl Iterator<Item = &BitVec> {
        self.bitvecs.iter().filter(move |b| b.width() == w)
    }
}

fn arrays(bitvecs: &[BitVec], regexes: &RegexPool) -> Vec<PoolArray> {
    let defaults = |sort: &Sort| -> Vec<Value> {
        match sort {
            Sort::Int => regexes
                .ints
                .iter()
                .map(|&n| Value::Int(BigInt::from(n)))
                .collect(),
            Sort::String => regexes.strings.iter().cloned().map(Value::Str).collect(),
            Sort::Bool => vec![Value::Bool(true), Value::Bool(false)],
            Sort::BitVec(_) => bitvecs.iter().cloned().map(Value::BitVec).collect(),
            Sort::RegLan => regexes
                .regexes
                .iter()
                .map(|r| Value::RegLan(r.lang.clone()))
                .collect(),
            // No array of the combined room holds a Real (issue 43 has no
            // generator yet).
            Sort::Array(..)
            | Sort::Seq(_)
            | Sort::Fun(..)
            | Sort::Real
            | Sort::FloatingPoint(..)
            | Sort::RoundingMode => Vec::new(),
        }
    };
    let terms = |sort: &Sort| -> Vec<Term> {
        match sort {
            Sort::RegLan => regexes.regexes.iter().map(|r| r.term.clone()).collect(),
            _ => defaults(sort).iter().map(Value::to_term).collect(),
        }
    };
    let others = [Sort::Int, Sort::String, Sort::Bool, Sort::BitVec(4)];
    let mut shapes: Vec<(Sort, Sort)> = others.iter().map(|e| (Sort::RegLan, e.clone())).collect();
    shapes.push((Sort::RegLan, Sort::RegLan));
    shapes.extend(others.iter().map(|i| (i.clone(), Sort::RegLan)));
    let mut out = Vec::new();
    for (i, e) in shapes {
        let sort = Sort::Array(Box::new(i.clone()), Box::new(e.clone()));
        for (t, v) in terms(&e).into_iter().zip(defaults(&e)) {
            out.push(PoolArray {
                term: Term::const_array(sort.clone(), t),
                value: ArrayValue::constant(i.clone(), e.clone(), v),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::eval_closed;

    #[test]
    fn every_array_denotes_its_value_and_mentions_reglan() {
        for pool in [
            CombinedPool::paper(&RegexPool::paper()),
            CombinedPool::boundary(&RegexPool::boundary()),
        ] {
            let mut seen = std::collections::BTreeSet::new();
            for a in &pool.arrays {
                assert_eq!(
                    eval_closed(&a.term),
                    Ok(Value::Array(a.value.clone())),
                    "{}",
                    a.term
                );
                assert!(
                    *a.value.index_sort() == Sort::RegLan
                        || *a.value.element_sort() == Sort::RegLan
                );
                assert!(seen.insert(a.term.to_string()), "twice: {}", a.term);
            }
            let mut values = std::collections::BTreeSet::new();
            for b in &pool.bitvecs {
                assert!(values.insert(b.clone()), "twice: {b}");
            }
        }
    }

    #[test]
    fn the_paper_and_boundary_bit_vectors() {
        let regexes = RegexPool::paper();
        let paper = CombinedPool::paper(&regexes);
        let lits: Vec<String> = paper.bitvecs.iter().map(BitVec::literal).collect();
        assert_eq!(lits, ["#x0", "#x1"]);
        let boundary = CombinedPool::boundary(&regexes);
        for w in BOUNDARY_WIDTHS {
            let of_w: Vec<&BitVec> = boundary.bitvecs_of(w).collect();
            // 0, 1, all ones, sign bit; at width 1 the last two are 1.
            assert_eq!(of_w.len(), if w == 1 { 2 } else { 4 }, "width {w}");
            assert!(of_w.iter().any(|b| b.msb() && b.value().count_ones() == 1));
        }
        // Index RegLan with 5 element sorts and RegLan elements with 4
        // other index sorts: Table 2.4's 4 ints, 3 strings, 2 Bools, 2
        // bit-vectors, 5 regexes as defaults.
        assert_eq!(paper.arrays.len(), 4 + 3 + 2 + 2 + 5 + 4 * 5);
    }
}
