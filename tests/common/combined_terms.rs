//! A random generator of well-sorted *constant* terms that combine
//! bit-vectors and arrays with integers, strings and regular expressions:
//! every operator of the FixedSizeBitVectors theory and the QF_BV logic,
//! `bv2nat`, `int2bv`, `select`, `store` and `(as const ...)`, with array
//! index and element sorts among Int, Bool, String, RegLan and bit-vectors.
//!
//! Deterministic: the same seed gives the same terms (ChaCha8). Bit-vector
//! leaves are the boundary values of the pools (0, 1, all ones, the sign
//! bit, the largest positive) and random bits, at widths 1, 4, 8, 32, 64
//! and whatever `concat`/`extract`/`extend` make of them. RegLan keys are
//! drawn so that different terms denote the same language (`a*` and
//! `(a*)*`), which a solver must see to select the right entry.

#![allow(dead_code)]

use num_bigint::{BigInt, BigUint};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use equifuzz::term::{BitVec, Dialect, Op, Sort, Term};

/// The widths of leaves.
pub const WIDTHS: &[u32] = &[1, 4, 8, 32, 64];

/// The generator.
pub struct CombinedTerms {
    rng: ChaCha8Rng,
    depth: usize,
    reglan_keys: bool,
}

fn arr(i: Sort, e: Sort) -> Sort {
    Sort::Array(Box::new(i), Box::new(e))
}

fn re(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}

impl CombinedTerms {
    /// A generator of terms nested at most `depth` deep.
    pub fn new(seed: u64, depth: usize) -> Self {
        CombinedTerms {
            rng: ChaCha8Rng::seed_from_u64(seed),
            depth,
            reglan_keys: false,
        }
    }

    /// Whether arrays may have RegLan index sorts (off by default: such
    /// a query makes a solver decide language equality of keys, which
    /// takes Z3 seconds, so they are asked about apart).
    pub fn with_reglan_keys(mut self, on: bool) -> Self {
        self.reglan_keys = on;
        self
    }

    /// The sorts a test asks about: Bool, Int, bit-vectors, String, and
    /// arrays whose elements are not RegLan.
    pub fn top_sort(&mut self) -> Sort {
        match self.rng.random_range(0..10) {
            0..=2 => Sort::Bool,
            3 => Sort::Int,
            4..=6 => Sort::BitVec(*WIDTHS.choose(&mut self.rng).unwrap()),
            7 => Sort::String,
            _ => {
                let i = self.index_sort();
                let e = self.element_sort(false);
                arr(i, e)
            }
        }
    }

    fn index_sort(&mut self) -> Sort {
        let mut sorts = vec![Sort::Int, Sort::BitVec(4), Sort::Bool, Sort::String];
        if self.reglan_keys {
            // Half of the arrays, so that most queries are about them.
            sorts.extend(vec![Sort::RegLan; 4]);
        }
        sorts.choose(&mut self.rng).unwrap().clone()
    }

    fn element_sort(&mut self, reglan: bool) -> Sort {
        let mut sorts = vec![Sort::Int, Sort::BitVec(8), Sort::Bool, Sort::String];
        if reglan {
            sorts.push(Sort::RegLan);
        }
        sorts.choose(&mut self.rng).unwrap().clone()
    }

    /// A constant term of a [`Self::top_sort`].
    pub fn any(&mut self) -> Term {
        let s = self.top_sort();
        self.term(&s, self.depth)
    }

    /// A constant term of `sort`, nested at most `depth` deep.
    pub fn term(&mut self, sort: &Sort, depth: usize) -> Term {
        if depth == 0 || self.rng.random_bool(0.25) {
            return self.leaf(sort);
        }
        let d = depth - 1;
        // A select from an array of this element sort, at any level.
        if self.rng.random_bool(0.15) {
            let i = self.index_sort();
            let a = self.term(&arr(i.clone(), sort.clone()), d);
            let k = self.term(&i, d);
            return Term::app(Op::Select, vec![a, k]);
        }
        match sort {
            Sort::BitVec(w) => self.bitvec(*w, d),
            Sort::Bool => self.boolean(d),
            Sort::Int => self.int(d),
            Sort::String => {
                let a = self.term(&Sort::String, d);
                let b = self.term(&Sort::String, d);
                Term::app(Op::StrConcat, vec![a, b])
            }
            Sort::RegLan => self.leaf(sort),
            Sort::Array(i, e) => {
                if self.rng.random_bool(0.2) {
                    let c = self.term(&Sort::Bool, d);
                    let a = self.term(sort, d);
                    let b = self.term(sort, d);
                    return Term::app(Op::Ite, vec![c, a, b]);
                }
                let a = self.term(sort, d);
                let k = self.term(i, d);
                let v = self.term(e, d);
                Term::app(Op::Store, vec![a, k, v])
            }
            // Sequences have their own generator (`seq_terms.rs`).
            Sort::Seq(_) => self.leaf(sort),
            Sort::Fun(..) => unreachable!("no term has a function symbol's sort"),
            Sort::Real => unreachable!("the combined terms hold no Real"),
            Sort::FloatingPoint(..) | Sort::RoundingMode => {
                unreachable!("the combined terms hold no floating point")
            }
        }
    }

    fn leaf(&mut self, sort: &Sort) -> Term {
        match sort {
            Sort::Bool => Term::Bool(self.rng.random()),
            Sort::Int => Term::int(
                *[-3i64, -1, 0, 1, 2, 5, 15, 16, 255, 256, 1 << 40]
                    .choose(&mut self.rng)
                    .unwrap(),
            ),
            Sort::String => Term::str(
                ["", "a", "b", "ab", "aa", "0"]
                    .choose(&mut self.rng)
                    .unwrap(),
            ),
            Sort::BitVec(w) => Term::BitVec(self.bv_leaf(*w)),
            Sort::RegLan => {
                let a = re(Op::StrToRe, vec![Term::str("a")]);
                match self.rng.random_range(0..8) {
                    0 => re(Op::ReStar, vec![a]),
                    1 => re(Op::ReStar, vec![re(Op::ReStar, vec![a])]),
                    2 => a,
                    3 => re(Op::ReAllchar, vec![]),
                    4 => re(Op::ReNone, vec![]),
                    5 => re(Op::ReAll, vec![]),
                    6 => re(
                        Op::ReUnion,
                        vec![a.clone(), re(Op::StrToRe, vec![Term::str("b")])],
                    ),
                    _ => re(Op::ReRange, vec![Term::str("a"), Term::str("b")]),
                }
            }
            Sort::Array(i, e) => {
                let v = self.leaf(e);
                Term::const_array(arr((**i).clone(), (**e).clone()), v)
            }
            Sort::Seq(e) => Term::SeqEmpty((**e).clone()),
            Sort::Fun(..) => unreachable!("no term has a function symbol's sort"),
            Sort::Real => unreachable!("the combined terms hold no Real"),
            Sort::FloatingPoint(..) | Sort::RoundingMode => {
                unreachable!("the combined terms hold no floating point")
            }
        }
    }

    fn bv_leaf(&mut self, w: u32) -> BitVec {
        let mask = BitVec::mask(w);
        let sign = BigUint::from(1u8) << (w - 1);
        let v = match self.rng.random_range(0..7) {
            0 => BigUint::from(0u8),
            1 => BigUint::from(1u8),
            2 => mask,
            3 => sign.clone(),
            4 => sign - 1u8,
            _ => {
                let words: Vec<u32> = (0..w.div_ceil(32)).map(|_| self.rng.random()).collect();
                BigUint::new(words)
            }
        };
        BitVec::new(w, v)
    }

    fn bitvec(&mut self, w: u32, d: usize) -> Term {
        use Op::*;
        let same = |g: &mut Self| g.term(&Sort::BitVec(w), d);
        match self.rng.random_range(0..12) {
            0..=3 => {
                let op = *[
                    BvAnd, BvOr, BvAdd, BvMul, BvUdiv, BvUrem, BvShl, BvLshr, BvNand, BvNor, BvXor,
                    BvXnor, BvSub, BvSdiv, BvSrem, BvSmod, BvAshr,
                ]
                .choose(&mut self.rng)
                .unwrap();
                let a = same(self);
                let b = same(self);
                Term::app(op, vec![a, b])
            }
            4 => {
                let op = *[BvNot, BvNeg].choose(&mut self.rng).unwrap();
                Term::app(op, vec![same(self)])
            }
            5 => {
                let i = self.rng.random_range(0..2 * w + 2);
                let op = if self.rng.random() {
                    RotateLeft(i)
                } else {
                    RotateRight(i)
                };
                Term::app(op, vec![same(self)])
            }
            6 if w > 1 => {
                let hi = self.rng.random_range(1..w);
                let a = self.term(&Sort::BitVec(hi), d);
                let b = self.term(&Sort::BitVec(w - hi), d);
                Term::app(Concat, vec![a, b])
            }
            7 => {
                let from: u32 = **[w, w + 1, w + 4, 8, 32, 64]
                    .iter()
                    .filter(|&&m| m >= w)
                    .collect::<Vec<_>>()
                    .choose(&mut self.rng)
                    .unwrap();
                let j = self.rng.random_range(0..=from - w);
                let a = self.term(&Sort::BitVec(from), d);
                Term::app(Extract(j + w - 1, j), vec![a])
            }
            8 if w > 1 => {
                let k = self.rng.random_range(0..w);
                let a = self.term(&Sort::BitVec(w - k), d);
                let op = if self.rng.random() {
                    ZeroExtend(k)
                } else {
                    SignExtend(k)
                };
                Term::app(op, vec![a])
            }
            9 if w.is_multiple_of(2) => {
                let a = self.term(&Sort::BitVec(w / 2), d);
                Term::app(Repeat(2), vec![a])
            }
            9 if w == 1 => {
                let m = *WIDTHS.choose(&mut self.rng).unwrap();
                let a = self.term(&Sort::BitVec(m), d);
                let b = self.term(&Sort::BitVec(m), d);
                Term::app(BvComp, vec![a, b])
            }
            10 => {
                let n = self.int(d);
                Term::app(Int2bv(w), vec![n])
            }
            _ => {
                let c = self.boolean(d);
                let a = same(self);
                let b = same(self);
                Term::app(Ite, vec![c, a, b])
            }
        }
    }

    fn boolean(&mut self, d: usize) -> Term {
        use Op::*;
        match self.rng.random_range(0..8) {
            0..=2 => {
                let op = *[BvUlt, BvUle, BvUgt, BvUge, BvSlt, BvSle, BvSgt, BvSge]
                    .choose(&mut self.rng)
                    .unwrap();
                let w = *WIDTHS.choose(&mut self.rng).unwrap();
                let a = self.term(&Sort::BitVec(w), d);
                let b = self.term(&Sort::BitVec(w), d);
                Term::app(op, vec![a, b])
            }
            3 => {
                let w = *WIDTHS.choose(&mut self.rng).unwrap();
                let a = self.term(&Sort::BitVec(w), d);
                let b = self.term(&Sort::BitVec(w), d);
                Term::eq(a, b)
            }
            4 => {
                // Extensional equality of two arrays.
                let s = arr(self.index_sort(), self.element_sort(false));
                let a = self.term(&s, d);
                let b = self.term(&s, d);
                Term::eq(a, b)
            }
            5 => {
                // A regex read from an array, matched.
                let i = self.index_sort();
                let a = self.term(&arr(i.clone(), Sort::RegLan), d);
                let k = self.term(&i, d);
                let s = self.term(&Sort::String, d);
                Term::app(StrInRe, vec![s, Term::app(Select, vec![a, k])])
            }
            6 => {
                let a = self.boolean(d);
                Term::not(a)
            }
            _ => {
                let a = self.boolean(d);
                let b = self.boolean(d);
                Term::app(And, vec![a, b])
            }
        }
    }

    fn int(&mut self, d: usize) -> Term {
        match self.rng.random_range(0..4) {
            0 | 1 => {
                let w = *WIDTHS.choose(&mut self.rng).unwrap();
                Term::app(Op::Bv2nat, vec![self.term(&Sort::BitVec(w), d)])
            }
            2 => {
                let s = self.term(&Sort::String, d);
                Term::app(Op::StrLen, vec![s])
            }
            _ => {
                let a = self.term(&Sort::Int, d);
                let b = self.term(&Sort::Int, d);
                Term::app(Op::Sub, vec![a, b])
            }
        }
    }
}

/// Every operator the generator can reach, for a coverage check: the
/// SMT-LIB 2.6 bit-vector operators, which every release reads. The 2.7
/// ones (`bvnego`, the overflow predicates, `ubv_to_int`, ...) are not read
/// by the system Z3 this runs on; `tests/bitvec_vs_solvers.rs` checks them
/// on constants against the releases that read them.
pub fn operators() -> Vec<Op> {
    let mut ops: Vec<Op> = Op::UNINDEXED
        .iter()
        .copied()
        .filter(|op| op.is_bitvec() && !Dialect::Smtlib26.lacks(*op))
        .collect();
    ops.extend([Op::Select, Op::Store]);
    ops
}

/// An integer as a term (for tests that build values).
pub fn int(n: i64) -> Term {
    Term::Int(BigInt::from(n))
}
