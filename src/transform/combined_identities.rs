//! `NC` identities for bit-vector and array variables (the future work of
//! Kühne 2022, Sect. 3.2, in the style of its Table 2.6): a term equal to
//! its subject `x` for every value of `x` and of the row's other (fresh)
//! variables.
//!
//! The rows of [`super::identities`] have fixed sorts; these are
//! parametric in the subject's sort (any width `m`, any `(Array I E)`), so
//! a row is a function building `lhs(x, fresh)` for the subject's sort,
//! with the clause of the standard it follows from next to it:
//! FixedSizeBitVectors and the QF_BV logic for bit-vectors, ArraysEx for
//! arrays, Core for `ite`.
//!
//! # Invariants
//!
//! - Every row holds for every value: for every subject sort it
//!   [`NcRow::applies`] to, every value of `x` and every value of the fresh
//!   variables, `lhs = x` (the tests check it by evaluation on random
//!   values at widths 1, 4, 8, 32, 64 and 65 and on random arrays of every
//!   index and element sort the generators draw).
//! - No row has a side condition, so every row is total: the clause
//!   `lhs(x, w̄) = x_fresh` is satisfiable whatever `x` (any `w̄`), which is
//!   what variable replacement needs (see
//!   `transform::replacement::combined_variable`).
//! - `int2bv`/`bv2nat` appear only where exact: `bv2nat` of an `m`-bit
//!   vector lies in `0..2^m`, where `int2bv` of width `m` inverts it.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use rand::{Rng, RngCore};

use crate::semantics::array::ArrayValue;
use crate::semantics::regex::Regex;
use crate::semantics::{FunValue, Model, SeqValue, Value, eval};
use crate::term::{BitVec, Op, Sort, Symbol, Term};

/// One row: `lhs(x, w̄) = x` for every `x` of a sort it applies to and
/// every `w̄`.
pub struct NcRow {
    /// `NC-BV1`..., `NC-A1`...
    pub id: &'static str,
    /// The clause of the standard it follows from.
    pub source: &'static str,
    /// Whether the row has an instance for a subject of this sort.
    pub applies: fn(&Sort) -> bool,
    /// The fresh variables (base name and sort) for a subject of this sort.
    pub fresh: fn(&Sort) -> Vec<(&'static str, Sort)>,
    /// `lhs` for the subject's sort, the subject and the fresh variables
    /// (in the order of [`NcRow::fresh`]).
    pub build: fn(&Sort, Term, &[Term]) -> Term,
}

fn app(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}

fn width(s: &Sort) -> u32 {
    match s {
        Sort::BitVec(m) => *m,
        _ => 0,
    }
}

fn bv(s: &Sort) -> bool {
    matches!(s, Sort::BitVec(_))
}

fn wide(s: &Sort) -> bool {
    width(s) >= 2
}

fn array(s: &Sort) -> bool {
    matches!(s, Sort::Array(..))
}

fn bool_indexed(s: &Sort) -> bool {
    matches!(s, Sort::Array(i, _) if **i == Sort::Bool)
}

/// An array sort's index sort (rows apply to arrays only).
pub(super) fn index_sort(s: &Sort) -> Sort {
    match s {
        Sort::Array(i, _) => (**i).clone(),
        _ => Sort::Bool,
    }
}

/// An array sort's element sort (rows apply to arrays only).
pub(super) fn element_sort(s: &Sort) -> Sort {
    match s {
        Sort::Array(_, e) => (**e).clone(),
        _ => Sort::Bool,
    }
}

fn none(_: &Sort) -> Vec<(&'static str, Sort)> {
    Vec::new()
}

fn same(s: &Sort) -> Vec<(&'static str, Sort)> {
    vec![("y", s.clone())]
}

fn boolean(_: &Sort) -> Vec<(&'static str, Sort)> {
    vec![("b", Sort::Bool)]
}

fn index(s: &Sort) -> Vec<(&'static str, Sort)> {
    vec![("i", index_sort(s))]
}

fn lit(s: &Sort, v: u64) -> Term {
    Term::BitVec(BitVec::from_u64(width(s), v))
}

/// The rows, bit-vectors first.
pub const NC_ROWS: &[NcRow] = &[
    NcRow {
        id: "NC-BV1",
        source: "FixedSizeBitVectors: [[bvnot]] flips every bit, so it is an involution",
        applies: bv,
        fresh: none,
        build: |_, x, _| app(Op::BvNot, vec![app(Op::BvNot, vec![x])]),
    },
    NcRow {
        id: "NC-BV2",
        source: "FixedSizeBitVectors: [[bvneg]](s) = nat2bv[m](2^m - bv2nat(s)), an \
                 involution modulo 2^m",
        applies: bv,
        fresh: none,
        build: |_, x, _| app(Op::BvNeg, vec![app(Op::BvNeg, vec![x])]),
    },
    NcRow {
        id: "NC-BV3",
        source: "FixedSizeBitVectors: [[bvadd]](s, t) = nat2bv[m](bv2nat(s) + bv2nat(t)), \
                 and bv2nat(#b0...0) = 0",
        applies: bv,
        fresh: none,
        build: |s, x, _| app(Op::BvAdd, vec![x, lit(s, 0)]),
    },
    NcRow {
        id: "NC-BV4",
        source: "FixedSizeBitVectors: [[bvmul]](s, t) = nat2bv[m](bv2nat(s) * bv2nat(t)), \
                 and bv2nat(#b0...01) = 1",
        applies: bv,
        fresh: none,
        build: |s, x, _| app(Op::BvMul, vec![x, lit(s, 1)]),
    },
    NcRow {
        id: "NC-BV5",
        source: "FixedSizeBitVectors: [[bvand]] and [[bvor]] are bitwise, and x & (x | y) = x \
                 bit by bit (absorption)",
        applies: bv,
        fresh: same,
        build: |_, x, w| {
            app(
                Op::BvAnd,
                vec![x.clone(), app(Op::BvOr, vec![x, w[0].clone()])],
            )
        },
    },
    NcRow {
        id: "NC-BV6",
        source: "QF_BV: (bvxor s t) abbreviates (bvor (bvand s (bvnot t)) (bvand (bvnot s) t)), \
                 bitwise exclusive or, so (x ^ y) ^ y = x",
        applies: bv,
        fresh: same,
        build: |_, x, w| {
            app(
                Op::BvXor,
                vec![app(Op::BvXor, vec![x, w[0].clone()]), w[0].clone()],
            )
        },
    },
    NcRow {
        id: "NC-BV7",
        source: "FixedSizeBitVectors: [[(_ extract i j)]](s) is bits i down to j of s and \
                 [[concat]](s, t) puts s's bits above t's; split at k = m/2",
        applies: wide,
        fresh: none,
        build: |s, x, _| {
            let m = width(s);
            let k = m / 2;
            app(
                Op::Concat,
                vec![
                    app(Op::Extract(m - 1, k), vec![x.clone()]),
                    app(Op::Extract(k - 1, 0), vec![x]),
                ],
            )
        },
    },
    NcRow {
        id: "NC-BV8",
        source: "FixedSizeBitVectors: [[(_ extract m-1 0)]](s) is every bit of s",
        applies: bv,
        fresh: none,
        build: |s, x, _| app(Op::Extract(width(s) - 1, 0), vec![x]),
    },
    NcRow {
        id: "NC-BV9",
        source: "QF_BV: ((_ rotate_left i) t) abbreviates t if i = 0 or m = 1, and \
                 ((_ rotate_left i-1) (concat ((_ extract m-2 0) t) ((_ extract m-1 m-1) t))) \
                 otherwise: m one-bit rotations give t back",
        applies: bv,
        fresh: none,
        build: |s, x, _| app(Op::RotateLeft(width(s)), vec![x]),
    },
    NcRow {
        id: "NC-BV10",
        source: "QF_BV: ((_ zero_extend 0) t) stands for t",
        applies: bv,
        fresh: none,
        build: |_, x, _| app(Op::ZeroExtend(0), vec![x]),
    },
    NcRow {
        id: "NC-BV11",
        source: "QF_BV: ((_ repeat 1) t) stands for t",
        applies: bv,
        fresh: none,
        build: |_, x, _| app(Op::Repeat(1), vec![x]),
    },
    NcRow {
        id: "NC-BV12",
        source: "FixedSizeBitVectors: bv2nat(s) is in 0..2^m and nat2bv[m] is its inverse \
                 there (int2bv of width m is nat2bv[m] modulo 2^m)",
        applies: bv,
        fresh: none,
        build: |s, x, _| app(Op::Int2bv(width(s)), vec![app(Op::Bv2nat, vec![x])]),
    },
    NcRow {
        id: "NC-BV13",
        source: "FixedSizeBitVectors: [[bvudiv]](s, t) = nat2bv[m](bv2nat(s) div bv2nat(t)) \
                 for bv2nat(t) != 0, and bv2nat(#b0...01) = 1",
        applies: bv,
        fresh: none,
        build: |s, x, _| app(Op::BvUdiv, vec![x, lit(s, 1)]),
    },
    NcRow {
        id: "NC-BV14",
        source: "QF_BV: [[bvshl]](s, t) = nat2bv[m](bv2nat(s) * 2^bv2nat(t)), and shifting by \
                 #b0...0 multiplies by 1",
        applies: bv,
        fresh: none,
        build: |s, x, _| app(Op::BvShl, vec![x, lit(s, 0)]),
    },
    NcRow {
        id: "NC-BV15",
        source: "Core: (ite b x x) = x whatever b",
        applies: bv,
        fresh: boolean,
        build: |_, x, w| app(Op::Ite, vec![w[0].clone(), x.clone(), x]),
    },
    NcRow {
        id: "NC-A1",
        source: "ArraysEx: (select (store a i e) j) is e if i = j and (select a j) otherwise, \
                 and arrays with equal selects are equal (extensionality): \
                 (store a i (select a i)) = a",
        applies: array,
        fresh: index,
        build: |_, x, w| {
            app(
                Op::Store,
                vec![
                    x.clone(),
                    w[0].clone(),
                    app(Op::Select, vec![x, w[0].clone()]),
                ],
            )
        },
    },
    NcRow {
        id: "NC-A2",
        source: "ArraysEx: the select-store axioms and extensionality; a second store at the \
                 same index overwrites the first: (store (store a i e) i (select a i)) = a",
        applies: array,
        fresh: |s| vec![("i", index_sort(s)), ("e", element_sort(s))],
        build: |_, x, w| {
            let (i, e) = (w[0].clone(), w[1].clone());
            app(
                Op::Store,
                vec![
                    app(Op::Store, vec![x.clone(), i.clone(), e]),
                    i.clone(),
                    app(Op::Select, vec![x, i]),
                ],
            )
        },
    },
    NcRow {
        id: "NC-A3",
        source: "Core: (ite b x x) = x whatever b",
        applies: array,
        fresh: boolean,
        build: |_, x, w| app(Op::Ite, vec![w[0].clone(), x.clone(), x]),
    },
    NcRow {
        id: "NC-A4",
        source: "ArraysEx: extensionality over the index sort Bool, whose only values are true \
                 and false: writing x's two elements into any y gives x",
        applies: bool_indexed,
        fresh: same,
        build: |_, x, w| {
            let at = |i: bool| app(Op::Select, vec![x.clone(), Term::Bool(i)]);
            app(
                Op::Store,
                vec![
                    app(Op::Store, vec![w[0].clone(), Term::Bool(true), at(true)]),
                    Term::Bool(false),
                    at(false),
                ],
            )
        },
    },
];

/// A value of `sort` for a fresh variable whose value does not matter:
/// random bits for bit-vectors, small integers and strings, `re.none` or
/// `re.all`, constant arrays.
pub fn some_value(sort: &Sort, rng: &mut dyn RngCore) -> Value {
    match sort {
        Sort::Bool => Value::Bool(rng.random()),
        Sort::Int => Value::Int(BigInt::from(rng.random_range(-2i64..4))),
        Sort::FloatingPoint(..) | Sort::RoundingMode => {
            unreachable!("no fresh floating-point variable is drawn yet")
        }
        Sort::Real => Value::Real(BigRational::new(
            BigInt::from(rng.random_range(-2i64..4)),
            BigInt::from(2),
        )),
        Sort::String => Value::Str(if rng.random() { "" } else { "a" }.into()),
        Sort::RegLan => Value::RegLan(if rng.random() {
            Regex::none()
        } else {
            Regex::all()
        }),
        Sort::BitVec(w) => {
            let words: Vec<u32> = (0..w.div_ceil(32)).map(|_| rng.random()).collect();
            Value::BitVec(BitVec::new(*w, BigUint::new(words) & BitVec::mask(*w)))
        }
        Sort::Array(i, e) => Value::Array(ArrayValue::constant(
            (**i).clone(),
            (**e).clone(),
            some_value(e, rng),
        )),
        Sort::Seq(e) => Value::Seq(SeqValue::new((**e).clone(), Vec::new())),
        // A function that is `some_value` of its result everywhere.
        Sort::Fun(args, r) => Value::Fun(FunValue::table(args, &[], &some_value(r, rng))),
    }
}

/// Gives the fresh variables `fresh` values that satisfy `side`, a
/// conjunction of `true` and `(= v t)` with `v` fresh and `t` over the
/// model so far (the form of every side condition of the combined rows):
/// each first gets [`some_value`], then each `(= v t)` in order sets `v`
/// to `t`'s value. `None` if `side` is not of that form or does not hold.
pub fn witness(
    side: &Term,
    fresh: &[(Symbol, Sort)],
    model: &mut Model,
    rng: &mut dyn RngCore,
) -> Option<()> {
    for (v, s) in fresh {
        model.insert(v.clone(), some_value(s, rng));
    }
    let conjuncts: Vec<&Term> = match side {
        Term::App(Op::And, args) => args.iter().collect(),
        t => vec![t],
    };
    for c in conjuncts {
        match c {
            Term::Bool(true) => {}
            Term::App(Op::Eq, args) => match args.as_slice() {
                [Term::Var(v), t] if fresh.iter().any(|(f, _)| f == v) => {
                    let value = eval(t, model).ok()?;
                    model.insert(v.clone(), value);
                }
                _ => return None,
            },
            _ => return None,
        }
    }
    (eval(side, model) == Ok(Value::Bool(true))).then_some(())
}

/// The row with the given id.
pub fn nc_row(id: &str) -> Option<&'static NcRow> {
    NC_ROWS.iter().find(|r| r.id == id)
}

/// The rows that apply to a subject of `sort`.
pub fn nc_rows_for(sort: &Sort) -> impl Iterator<Item = &'static NcRow> + '_ {
    NC_ROWS.iter().filter(move |r| (r.applies)(sort))
}

#[cfg(test)]
pub(super) mod tests {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::regex::RegexPool;
    use crate::semantics::eval_closed;

    /// The bit-vector widths checked: the boundary widths, 4 and one past
    /// a word.
    pub const WIDTHS: [u32; 6] = [1, 4, 8, 32, 64, 65];

    /// The array sorts checked: every index and element sort the combined
    /// generators draw.
    pub fn array_sorts() -> Vec<Sort> {
        let idx = [
            Sort::Int,
            Sort::BitVec(4),
            Sort::Bool,
            Sort::String,
            Sort::RegLan,
        ];
        let el = [
            Sort::Int,
            Sort::BitVec(8),
            Sort::Bool,
            Sort::String,
            Sort::RegLan,
        ];
        idx.iter()
            .flat_map(|i| {
                el.iter()
                    .map(move |e| Sort::Array(Box::new(i.clone()), Box::new(e.clone())))
            })
            .collect()
    }

    /// A random value of `sort`: boundary bit-vectors (0, 1, all ones, the
    /// sign bit) a third of the time, arrays with up to three stores over
    /// a constant array, a few regexes of the boundary pool.
    pub fn random_value(sort: &Sort, rng: &mut ChaCha8Rng) -> Value {
        match sort {
            Sort::Bool => Value::Bool(rng.random()),
            Sort::Int => Value::Int(BigInt::from(rng.random_range(-3i64..6))),
            Sort::String => {
                let s: &str = ["", "a", "ab", "0", "\u{10000}"]
                    .choose(rng)
                    .expect("not empty");
                Value::Str(s.into())
            }
            Sort::RegLan => {
                let pool = RegexPool::boundary();
                let r = pool.regexes.choose(rng).expect("not empty");
                eval_closed(&r.term).expect("pool regexes evaluate")
            }
            Sort::BitVec(w) => {
                let w = *w;
                let v = match rng.random_range(0..6) {
                    0 => BigUint::from(0u8),
                    1 => BigUint::from(1u8),
                    2 => BitVec::mask(w),
                    3 => BigUint::from(1u8) << (w - 1),
                    _ => {
                        let words: Vec<u32> = (0..w.div_ceil(32)).map(|_| rng.random()).collect();
                        BigUint::new(words) & BitVec::mask(w)
                    }
                };
                Value::BitVec(BitVec::new(w, v))
            }
            Sort::Array(i, e) => {
                let mut a =
                    ArrayValue::constant((**i).clone(), (**e).clone(), random_value(e, rng));
                for _ in 0..rng.random_range(0..=3) {
                    let (k, v) = (random_value(i, rng), random_value(e, rng));
                    a = a.store(k, v).expect("decidable keys");
                }
                Value::Array(a)
            }
            Sort::Seq(e) => {
                let items = (0..rng.random_range(0..=3))
                    .map(|_| random_value(e, rng))
                    .collect();
                Value::Seq(SeqValue::new((**e).clone(), items))
            }
            Sort::Fun(..) => unreachable!("no row's subject is a function symbol"),
            Sort::Real => unreachable!("no row's subject is a Real"),
            Sort::FloatingPoint(..) | Sort::RoundingMode => {
                unreachable!("no row's subject is a floating-point value")
            }
        }
    }

    /// Every row equals its subject for every value of the subject and of
    /// its fresh variables: evaluated on random values at widths 1, 4, 8,
    /// 32, 64, 65 and on random arrays of every sort the generators draw
    /// (equality of arrays is extensional, keys and elements of RegLan
    /// compared as languages).
    #[test]
    fn every_row_equals_its_subject_for_every_value() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let sorts: Vec<Sort> = WIDTHS
            .iter()
            .map(|w| Sort::BitVec(*w))
            .chain(array_sorts())
            .collect();
        for row in NC_ROWS {
            let mut checked = 0;
            for sort in sorts.iter().filter(|s| (row.applies)(s)) {
                for _ in 0..40 {
                    let mut m = Model::new();
                    m.insert("x", random_value(sort, &mut rng));
                    let fresh: Vec<Term> = (row.fresh)(sort)
                        .into_iter()
                        .map(|(n, s)| {
                            m.insert(n, random_value(&s, &mut rng));
                            Term::var(n)
                        })
                        .collect();
                    let lhs = (row.build)(sort, Term::var("x"), &fresh);
                    assert_eq!(
                        lhs.sort(&|v| m.get(v).map(Value::sort)),
                        Ok(sort.clone()),
                        "{}: {lhs}",
                        row.id
                    );
                    let holds = eval(&Term::eq(lhs.clone(), Term::var("x")), &m);
                    // A language comparison over budget is not a verdict.
                    if let Ok(v) = holds {
                        assert_eq!(v, Value::Bool(true), "{}: {lhs} under {m:?}", row.id);
                        checked += 1;
                    }
                }
            }
            assert!(checked >= 100, "{}: {checked} checked", row.id);
        }
    }

    /// Each row is written next to its clause, ids are unique, and every
    /// bit-vector row applies at the boundary widths 1 (aside from the
    /// split, which needs two bits), 8, 32 and 64.
    #[test]
    fn rows_cite_their_clause_and_cover_the_boundary_widths() {
        let mut ids: Vec<&str> = NC_ROWS.iter().map(|r| r.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), NC_ROWS.len());
        for row in NC_ROWS {
            assert!(
                ["FixedSizeBitVectors", "QF_BV", "ArraysEx", "Core"]
                    .iter()
                    .any(|s| row.source.starts_with(s)),
                "{}",
                row.id
            );
        }
        for w in [1, 8, 32, 64] {
            let n = nc_rows_for(&Sort::BitVec(w)).count();
            assert_eq!(n, if w == 1 { 14 } else { 15 }, "width {w}");
        }
        assert!(nc_row("NC-A4").is_some_and(|r| !(r.applies)(&array_sorts()[0])));
    }
}
