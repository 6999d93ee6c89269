//! Constant replacement for bit-vector constants (the future work of
//! Kühne 2022, Sect. 3.2, after the ICSE 2020 paper's Sect. 3.2): a larger
//! unsat core for the combined theories.
//!
//! In a core assertion `(= t c)` whose right side is a bit-vector literal
//! `c` occurring nowhere in `t`, `c` becomes a fresh variable `z`, and a new
//! named clause `C(z) := z = lhs(w) ∧ side(w)` from one of the rows below
//! (its variable `w` fresh) joins the core. Each row is written next to the
//! clause of the standard it follows from (FixedSizeBitVectors theory and
//! QF_BV logic of SMT-LIB 2.6).
//!
//! # Invariant
//!
//! The result is unsat with the old core plus `C` as its unique minimal
//! core: `C` implies `z = c` (every row: `side(w)` implies `lhs(w) = c`,
//! checked by evaluation in the tests), so the formula is the old one with
//! a conservative extension. Without `C`, `(= t z)` holds with `z` set to
//! `t`'s value, and `z` is fresh, so the rest of the old core (sat without
//! `(= t c)`, by its minimality) stays sat. Without `(= t z)`, `C` is
//! satisfiable (every row's `side` has a witness) by fresh variables only.
//! Without any other old core member, its model extended by `z := c` and
//! the witness satisfies everything. Literals inside a constant array's
//! default are neither looked at nor replaced.

use num_bigint::BigUint;
use rand::RngCore;
use rand::seq::IndexedRandom;

use super::Transformation;
use super::variable_replacement::fresh_var;
use crate::term::{BitVec, Op, Sort, Term};
use crate::truth::{Case, Truth};

/// One row: `lhs(w) = c if side(w)`, for the constants `c` it applies to.
pub struct BvRow {
    /// `BVC1`...
    pub id: &'static str,
    /// The clause of the standard it follows from.
    pub source: &'static str,
    /// Whether the row states something about `c`.
    pub applies: fn(&BitVec) -> bool,
    /// `(lhs, side)` for `c` and the variable `w` (of `c`'s width).
    pub build: fn(&BitVec, Term) -> (Term, Term),
}

fn zero(c: &BitVec) -> bool {
    c.is_zero()
}

fn ones(c: &BitVec) -> bool {
    *c.value() == BitVec::mask(c.width())
}

fn any(_: &BitVec) -> bool {
    true
}

fn app(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}

/// `~c`: every bit flipped.
fn not(c: &BitVec) -> BitVec {
    BitVec::new(c.width(), BitVec::mask(c.width()) ^ c.value())
}

/// `-c`: `2^m - c` modulo `2^m`.
fn neg(c: &BitVec) -> BitVec {
    let m = BigUint::from(1u8) << c.width();
    BitVec::new(c.width(), (&m - c.value()) % &m)
}

/// The rows, in order.
pub const ROWS: &[BvRow] = &[
    BvRow {
        id: "BVC1",
        source: "FixedSizeBitVectors: (bvsub s t) abbreviates (bvadd s (bvneg t)), and \
                 [[bvneg]](s) = 2^m - bv2nat(s) mod 2^m",
        applies: zero,
        build: |_, w| (app(Op::BvSub, vec![w.clone(), w]), Term::Bool(true)),
    },
    BvRow {
        id: "BVC2",
        source: "QF_BV: (bvxor s t) abbreviates (bvor (bvand s (bvnot t)) (bvand (bvnot s) t))",
        applies: zero,
        build: |_, w| (app(Op::BvXor, vec![w.clone(), w]), Term::Bool(true)),
    },
    BvRow {
        id: "BVC3",
        source: "FixedSizeBitVectors: [[bvor]] and [[bvnot]] are bitwise or and negation",
        applies: ones,
        build: |_, w| {
            (
                app(Op::BvOr, vec![w.clone(), app(Op::BvNot, vec![w])]),
                Term::Bool(true),
            )
        },
    },
    BvRow {
        id: "BVC4",
        source: "FixedSizeBitVectors: [[bvudiv]](s, t) is all ones when bv2nat(t) = 0",
        applies: ones,
        build: |c, w| {
            (
                app(
                    Op::BvUdiv,
                    vec![w, Term::BitVec(BitVec::from_u64(c.width(), 0))],
                ),
                Term::Bool(true),
            )
        },
    },
    BvRow {
        id: "BVC5",
        source: "FixedSizeBitVectors: [[bvmul]](s, t) = nat2bv(bv2nat(s) * bv2nat(t))",
        applies: zero,
        build: |c, w| {
            (
                app(
                    Op::BvMul,
                    vec![w, Term::BitVec(BitVec::from_u64(c.width(), 0))],
                ),
                Term::Bool(true),
            )
        },
    },
    BvRow {
        id: "BVC6",
        source: "FixedSizeBitVectors: [[bvnot]] flips every bit, so (bvnot w) = c iff w = ~c",
        applies: any,
        build: |c, w| {
            (
                app(Op::BvNot, vec![w.clone()]),
                Term::eq(w, Term::BitVec(not(c))),
            )
        },
    },
    BvRow {
        id: "BVC7",
        source: "FixedSizeBitVectors: [[bvneg]](s) = 2^m - bv2nat(s) mod 2^m, an involution",
        applies: any,
        build: |c, w| {
            (
                app(Op::BvNeg, vec![w.clone()]),
                Term::eq(w, Term::BitVec(neg(c))),
            )
        },
    },
    BvRow {
        id: "BVC8",
        source: "QF_BV: [[bvshl]](s, t) = 0 when bv2nat(t) >= m",
        applies: zero,
        build: |c, w| {
            let m = BitVec::new(c.width(), BitVec::mask(c.width()));
            (app(Op::BvShl, vec![w, Term::BitVec(m)]), Term::Bool(true))
        },
    },
];

/// The literals of `t` outside constant arrays' defaults.
fn literals(t: &Term, out: &mut Vec<BitVec>) {
    match t {
        Term::BitVec(b) => out.push(b.clone()),
        Term::App(_, args) => args.iter().for_each(|a| literals(a, out)),
        Term::Let(bs, body) => {
            bs.iter().for_each(|(_, x)| literals(x, out));
            literals(body, out);
        }
        Term::Quant(q) => literals(&q.body, out),
        _ => {}
    }
}

/// The core assertions `(= t c)` with `c` a bit-vector literal not in `t`:
/// their index and `c`.
fn candidates(case: &Case) -> Vec<(usize, BitVec)> {
    let Truth::Unsat { core } = &case.truth else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, a) in case.formula.assertions.iter().enumerate() {
        if !a.name.as_ref().is_some_and(|n| core.contains(n)) {
            continue;
        }
        let Term::App(Op::Eq, args) = &a.term else {
            continue;
        };
        let [t, Term::BitVec(c)] = args.as_slice() else {
            continue;
        };
        let mut inside = Vec::new();
        literals(t, &mut inside);
        if !inside.contains(c) {
            out.push((i, c.clone()));
        }
    }
    out
}

/// Replaces `c` at assertion `at` with `row` (which must apply to `c`).
pub fn replace_bv_constant(case: &Case, at: usize, row: &BvRow) -> Option<Case> {
    let (_, c) = candidates(case).into_iter().find(|(i, _)| *i == at)?;
    if !(row.applies)(&c) {
        return None;
    }
    let mut out = case.clone();
    let f = &mut out.formula;
    let sort = Sort::BitVec(c.width());
    let z = fresh_var(f, "z", &sort);
    let w = fresh_var(f, &format!("w_{}", row.id.to_lowercase()), &sort);
    let Term::App(Op::Eq, args) = &mut f.assertions[at].term else {
        return None;
    };
    args[1] = Term::Var(z.clone());
    let (lhs, side) = (row.build)(&c, Term::Var(w));
    let clause = match side {
        Term::Bool(true) => Term::eq(Term::Var(z), lhs),
        side => Term::and(vec![Term::eq(Term::Var(z), lhs), side]),
    };
    let name = f.fresh_assertion_name();
    f.assert(clause, Some(name.clone()));
    let Truth::Unsat { core } = &mut out.truth else {
        return None;
    };
    core.insert(name);
    out.provenance.chain.push(row.id.to_string());
    Some(out)
}

/// Replaces a bit-vector constant of a core assertion `(= t c)` by a
/// fresh variable defined by a random row that applies to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct CombinedConstantReplacement;

impl Transformation for CombinedConstantReplacement {
    fn name(&self) -> &'static str {
        "combined-constant-replacement"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let (at, c) = candidates(case).choose(rng)?.clone();
        let rows: Vec<&BvRow> = ROWS.iter().filter(|r| (r.applies)(&c)).collect();
        let row = rows.choose(rng)?;
        let mut out = replace_bv_constant(case, at, row)?;
        out.provenance.chain.pop();
        out.provenance.chain.push(self.name().to_string());
        out.provenance.category = "larger-core".into();
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::{CombinedTermSampler, CombinedUnsat, RegexPool, Result3_2};
    use crate::semantics::{Model, Value, eval};

    fn bv(rng: &mut ChaCha8Rng, w: u32) -> BitVec {
        let words: Vec<u32> = (0..w.div_ceil(32)).map(|_| rng.random()).collect();
        BitVec::new(w, BigUint::new(words))
    }

    /// Every row holds: for random `w` (and the witness its side names),
    /// `side(w)` implies `lhs(w) = c`; and the side has a witness, so `C`
    /// is satisfiable whatever `c` (totality).
    #[test]
    fn every_row_holds_and_its_side_has_a_witness() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for row in ROWS {
            let mut applied = 0;
            for w_width in [1u32, 4, 8, 32, 64, 65] {
                for k in 0..200 {
                    let c = match k % 3 {
                        0 => BitVec::from_u64(w_width, 0),
                        1 => BitVec::new(w_width, BitVec::mask(w_width)),
                        _ => bv(&mut rng, w_width),
                    };
                    if !(row.applies)(&c) {
                        continue;
                    }
                    applied += 1;
                    let (lhs, side) = (row.build)(&c, Term::var("w"));
                    let mut witness = None;
                    for candidate in [bv(&mut rng, w_width), not(&c), neg(&c), c.clone()] {
                        let mut m = Model::new();
                        m.insert("w", Value::BitVec(candidate));
                        if eval(&side, &m) == Ok(Value::Bool(true)) {
                            assert_eq!(
                                eval(&lhs, &m),
                                Ok(Value::BitVec(c.clone())),
                                "{}: {lhs} with {m:?}",
                                row.id
                            );
                            witness = Some(m);
                        }
                    }
                    assert!(witness.is_some(), "{}: no witness for {c:?}", row.id);
                }
            }
            assert!(applied > 50, "{}: {applied}", row.id);
        }
    }

    /// On generated combined unsat cases the result keeps its truth: the
    /// old assertion with `z := c` and the clause with the witness hold
    /// exactly where the old one did, and without the new clause the
    /// replaced assertion is satisfiable (`z` set to `t`'s value), so the
    /// clause is needed.
    #[test]
    fn replacement_grows_the_core_by_a_needed_clause() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut g = CombinedUnsat::new(
            CombinedTermSampler::new(RegexPool::boundary()),
            3,
            Result3_2::Constant,
        );
        let mut applied = 0;
        for _ in 0..600 {
            let case = g.next(&mut rng);
            let Some(out) = CombinedConstantReplacement.apply(&case, &mut rng) else {
                continue;
            };
            applied += 1;
            out.check().unwrap();
            let Truth::Unsat { core } = &out.truth else {
                panic!()
            };
            assert_eq!(core.len(), 2);
            let replaced = &out.formula.assertions[0].term;
            let Term::App(Op::Eq, sides) = replaced else {
                panic!()
            };
            // Without C: z := value of t satisfies the replaced assertion.
            let t_value = eval(&sides[0], &Model::new()).unwrap();
            let mut m = Model::new();
            m.insert("z", t_value);
            assert_eq!(eval(replaced, &m), Ok(Value::Bool(true)), "{replaced}");
            // C forces z to the old constant: with z := c the replaced
            // assertion is the old one, false.
            let Term::App(Op::Eq, old) = &case.formula.assertions[0].term else {
                panic!()
            };
            let mut m = Model::new();
            m.insert("z", eval(&old[1], &Model::new()).unwrap());
            assert_eq!(eval(replaced, &m), Ok(Value::Bool(false)));
        }
        assert!(applied > 100, "{applied}");
    }
}
