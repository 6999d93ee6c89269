//! A random generator of well-sorted *constant* terms over sequences: every
//! `seq.` operator (those of Z3 and of cvc5), over element sorts Int, Bool,
//! `(_ BitVec 4)`, String, `(Array Int Int)` and `(Seq Int)` (nested).
//!
//! Deterministic (ChaCha8). Elements are drawn from small pools so that
//! searches (`seq.indexof`, `seq.contains`, `seq.replace`) find what they
//! look for about half the time. `seq.nth` is asked in range nine times
//! in ten (the value is then fixed); out of range it has no value (both
//! solvers leave it unconstrained), which the caller skips.

#![allow(dead_code)]

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use equifuzz::semantics::{Value, eval_closed};
use equifuzz::term::{Op, Sort, Term};

/// The element sorts drawn.
pub fn element_sorts() -> Vec<Sort> {
    vec![
        Sort::Int,
        Sort::Bool,
        Sort::BitVec(4),
        Sort::String,
        Sort::Array(Box::new(Sort::Int), Box::new(Sort::Int)),
        Sort::seq(Sort::Int),
    ]
}

/// Every sequence operator the generator reaches.
pub fn operators() -> Vec<Op> {
    use Op::*;
    vec![
        SeqUnit,
        SeqConcat,
        SeqLen,
        SeqExtract,
        SeqAt,
        SeqNth,
        SeqContains,
        SeqIndexof,
        SeqLastIndexof,
        SeqReplace,
        SeqReplaceAll,
        SeqPrefixof,
        SeqSuffixof,
        SeqRev,
        SeqUpdate,
    ]
}

/// The generator.
pub struct SeqTerms {
    rng: ChaCha8Rng,
    depth: usize,
}

fn app(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}

impl SeqTerms {
    /// A generator of terms nested at most `depth` deep.
    pub fn new(seed: u64, depth: usize) -> Self {
        SeqTerms {
            rng: ChaCha8Rng::seed_from_u64(seed),
            depth,
        }
    }

    /// A term of a sort the differential test asks about: a sequence, an
    /// Int or a Bool computed from sequences, or an element by `seq.nth`.
    pub fn any(&mut self) -> Term {
        let e = element_sorts().choose(&mut self.rng).unwrap().clone();
        let s = Sort::seq(e.clone());
        match self.rng.random_range(0..4) {
            0 => self.seq(&s, self.depth),
            1 => self.int(&s, self.depth),
            2 => self.boolean(&s, self.depth),
            _ => self.nth(&e, self.depth),
        }
    }

    fn int_leaf(&mut self) -> Term {
        Term::int(*[-1i64, 0, 1, 2, 3, 5].choose(&mut self.rng).unwrap())
    }

    /// A small element of `sort`: few distinct values, so they repeat.
    pub fn element(&mut self, sort: &Sort) -> Term {
        match sort {
            Sort::Int => Term::int(self.rng.random_range(-1i64..3)),
            Sort::Bool => Term::Bool(self.rng.random()),
            Sort::BitVec(w) => Term::bv(*w, self.rng.random_range(0..3)),
            Sort::String => Term::str(["", "a", "ab"].choose(&mut self.rng).unwrap()),
            Sort::Array(i, e) => {
                // cvc5 reads only a value as the default: `(- 1)` is an
                // application there.
                let d = match &**e {
                    Sort::Int => Term::int(self.rng.random_range(0i64..3)),
                    _ => self.element(e),
                };
                let a = Term::const_array(sort.clone(), d);
                if self.rng.random() {
                    let k = self.element(i);
                    let v = self.element(e);
                    app(Op::Store, vec![a, k, v])
                } else {
                    a
                }
            }
            Sort::Seq(e) => self.seq_leaf(&(**e).clone()),
            Sort::RegLan => unreachable!("no sequences of RegLan"),
            Sort::Fun(..) => unreachable!("no term has a function symbol's sort"),
            Sort::Real => unreachable!("no sequences of Real drawn yet"),
            Sort::FloatingPoint(..) | Sort::RoundingMode => {
                unreachable!("no sequences of floating point drawn yet")
            }
        }
    }

    /// A literal sequence of `element`s: empty, a unit, or a concatenation
    /// of units.
    fn seq_leaf(&mut self, element: &Sort) -> Term {
        let n = self.rng.random_range(0..4);
        let mut units: Vec<Term> = (0..n)
            .map(|_| app(Op::SeqUnit, vec![self.element(element)]))
            .collect();
        match units.len() {
            0 => Term::SeqEmpty(element.clone()),
            1 => units.pop().unwrap(),
            _ => app(Op::SeqConcat, units),
        }
    }

    /// A term of sort `s`, a sequence sort.
    pub fn seq(&mut self, s: &Sort, depth: usize) -> Term {
        let Sort::Seq(e) = s else { unreachable!() };
        if depth == 0 || self.rng.random_bool(0.2) {
            return self.seq_leaf(e);
        }
        let d = depth - 1;
        use Op::*;
        match self.rng.random_range(0..10) {
            0 => app(SeqConcat, vec![self.seq(s, d), self.seq(s, d)]),
            1 => app(
                SeqExtract,
                vec![self.seq(s, d), self.int_leaf(), self.int_leaf()],
            ),
            2 => app(SeqAt, vec![self.seq(s, d), self.int_leaf()]),
            3 => app(
                SeqReplace,
                vec![self.seq(s, d), self.seq(s, d), self.seq(s, d)],
            ),
            4 => app(
                SeqReplaceAll,
                vec![self.seq(s, d), self.seq(s, d), self.seq(s, d)],
            ),
            5 => app(SeqRev, vec![self.seq(s, d)]),
            6 => app(
                SeqUpdate,
                vec![self.seq(s, d), self.int_leaf(), self.seq(s, d)],
            ),
            7 => app(SeqUnit, vec![self.nth(e, d)]),
            8 => app(
                Ite,
                vec![self.boolean(s, d), self.seq(s, d), self.seq(s, d)],
            ),
            _ => self.seq_leaf(e),
        }
    }

    /// An Int computed from sequences of sort `s`.
    fn int(&mut self, s: &Sort, depth: usize) -> Term {
        let d = depth.saturating_sub(1);
        use Op::*;
        match self.rng.random_range(0..3) {
            0 => app(SeqLen, vec![self.seq(s, d)]),
            1 => app(
                SeqIndexof,
                vec![self.seq(s, d), self.seq(s, d), self.int_leaf()],
            ),
            _ => app(SeqLastIndexof, vec![self.seq(s, d), self.seq(s, d)]),
        }
    }

    /// A Bool computed from sequences of sort `s`.
    fn boolean(&mut self, s: &Sort, depth: usize) -> Term {
        let d = depth.saturating_sub(1);
        use Op::*;
        let op = *[SeqContains, SeqPrefixof, SeqSuffixof, Eq]
            .choose(&mut self.rng)
            .unwrap();
        app(op, vec![self.seq(s, d), self.seq(s, d)])
    }

    /// `(seq.nth q i)` of element sort `e`: `i` in range of `q`'s value
    /// nine times in ten.
    fn nth(&mut self, e: &Sort, depth: usize) -> Term {
        let q = self.seq(&Sort::seq(e.clone()), depth.saturating_sub(1));
        let len = match eval_closed(&q) {
            Ok(Value::Seq(v)) => v.len() as i64,
            _ => 0,
        };
        let i = if len > 0 && self.rng.random_bool(0.9) {
            self.rng.random_range(0..len)
        } else {
            len + self.rng.random_range(0..2)
        };
        app(Op::SeqNth, vec![q, Term::int(i)])
    }
}
