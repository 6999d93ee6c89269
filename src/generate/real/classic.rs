//! The classic unsat shapes of real arithmetic, each with its known
//! unique minimal core, and noise over fresh variables beside it.
//!
//! | shape | assertions | logic | core |
//! |---|---|---|---|
//! | [`RealShape::NegativeSquare`] | `(< (+ (* x x) c) 0.0)`, `c >= 0` | NRA | the one |
//! | [`RealShape::Midpoint`] | `(< x y)`, `(not (< x (/ (+ (* p x) (* q y)) (+ p q)) y))`, `p, q > 0` | LRA | both |
//! | [`RealShape::EmptyBounds`] | `(>= x a)`, `(<= x b)` with `a > b`, or `(> x b)`, `(<= x b)` | LRA | both |
//! | [`RealShape::Farkas`] | `k` inequalities over `k - 1` variables whose positive combination is `0 < 0` or `0 <= -d` | LRA | all |
//! | [`RealShape::Cycle`] | `x1 + c1 < x2, ..., xk + ck < x1`, sum of `ci >= 0` | LRA | all |
//! | [`RealShape::NoIntegerBetween`] | `(is_int x)`, `(< a x b)`, no integer in `(a, b)` | LIRA | both |
//! | [`RealShape::BelowFloor`] | `(< t (to_real (to_int t)))` or `(>= t (+ (to_real (to_int t)) 1.0))` | LIRA | the one |
//! | [`RealShape::HalfApart`] | `(is_int x)`, `(is_int y)`, `(= (* 2.0 x) (+ (* 2.0 y) 1.0))` | LIRA | all |
//!
//! Density is where the reals part from the integers: `x < y` leaves room
//! for a value strictly between (the midpoint shape), while `(< n x (+ n
//! 1))` has no integer solution; `is_int` brings that back.
//!
//! # Invariant
//!
//! The core is unsat and each proper subset is satisfiable: a negative
//! square is impossible, a weighted mean of `x < y` lies strictly between
//! them, the Farkas rows' combination with its positive multipliers is a
//! contradiction while any `k - 1` of them have linearly independent
//! normals (so they are satisfiable), ... The models of each subset are
//! found in the tests; the Farkas certificate is checked exactly.
//! Nothing divides by a variable. Noise mentions only fresh variables and
//! is satisfiable (`noise.rs`), so it is in no core.

use std::collections::BTreeSet;

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::values::{gap, lit, q, rational};
use super::{category, noise::noise};
use crate::generate::Generator;
use crate::term::{Formula, Op, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// One classic shape (see the module docs' table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RealShape {
    /// A square plus a non-negative constant below 0.
    NegativeSquare,
    /// `x < y` with no weighted mean strictly between.
    Midpoint,
    /// A lower bound above an upper one (or equal, one strict).
    EmptyBounds,
    /// Linear inequalities with a Farkas certificate.
    Farkas,
    /// A cycle of strict differences.
    Cycle,
    /// An integer in an open interval that holds none.
    NoIntegerBetween,
    /// A value below its floor, or a whole unit above it.
    BelowFloor,
    /// Two integers half apart.
    HalfApart,
}

impl RealShape {
    /// Every shape.
    pub const ALL: [RealShape; 8] = [
        RealShape::NegativeSquare,
        RealShape::Midpoint,
        RealShape::EmptyBounds,
        RealShape::Farkas,
        RealShape::Cycle,
        RealShape::NoIntegerBetween,
        RealShape::BelowFloor,
        RealShape::HalfApart,
    ];

    fn name(self) -> &'static str {
        match self {
            RealShape::NegativeSquare => "negative-square",
            RealShape::Midpoint => "midpoint",
            RealShape::EmptyBounds => "empty-bounds",
            RealShape::Farkas => "farkas",
            RealShape::Cycle => "cycle",
            RealShape::NoIntegerBetween => "no-integer-between",
            RealShape::BelowFloor => "below-floor",
            RealShape::HalfApart => "half-apart",
        }
    }
}

/// Unsat cases of the classic shapes, up to `max_noise` noise assertions.
#[derive(Clone, Debug)]
pub struct RealClassic {
    shapes: Vec<RealShape>,
    max_noise: usize,
    seed: u64,
}

impl RealClassic {
    /// Every shape, drawn alike.
    pub fn new(max_noise: usize) -> Self {
        RealClassic {
            shapes: RealShape::ALL.to_vec(),
            max_noise,
            seed: 0,
        }
    }

    /// Only these shapes.
    pub fn shapes(mut self, shapes: &[RealShape]) -> Self {
        self.shapes = shapes.to_vec();
        self
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

fn app(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}

/// One Farkas row: `a . x <= b`, or `<` when strict.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct FarkasRow {
    pub(super) a: Vec<BigRational>,
    pub(super) b: BigRational,
    pub(super) strict: bool,
}

/// The determinant of a square matrix (Gaussian elimination, exact).
pub(super) fn det(mut m: Vec<Vec<BigRational>>) -> BigRational {
    let n = m.len();
    let mut d = BigRational::one();
    for c in 0..n {
        let Some(p) = (c..n).find(|&r| !m[r][c].is_zero()) else {
            return BigRational::zero();
        };
        if p != c {
            m.swap(p, c);
            d = -d;
        }
        d *= &m[c][c];
        let (top, rest) = m.split_at_mut(c + 1);
        let pivot = &top[c];
        for row in rest {
            let f = &row[c] / &pivot[c];
            for (x, p) in row.iter_mut().zip(pivot).skip(c) {
                *x -= &f * p;
            }
        }
    }
    d
}

/// `k` rows over `k - 1` variables and positive multipliers `l` with
/// `sum l_i a_i = 0` and `sum l_i b_i < 0`, or `= 0` with a strict row;
/// the first `k - 1` normals independent.
pub(super) fn farkas(rng: &mut dyn RngCore) -> (Vec<FarkasRow>, Vec<BigRational>) {
    let n = rng.random_range(2usize..4);
    let small = |rng: &mut dyn RngCore| {
        q(
            rng.random_range(-4..5),
            *[1i64, 1, 2, 3].choose(rng).expect("d"),
        )
    };
    let normals: Vec<Vec<BigRational>> = loop {
        let m: Vec<Vec<BigRational>> = (0..n)
            .map(|_| (0..n).map(|_| small(rng)).collect())
            .collect();
        if !det(m.clone()).is_zero() {
            break m;
        }
    };
    let l: Vec<BigRational> = (0..=n)
        .map(|_| q(rng.random_range(1..4), *[1i64, 2].choose(rng).expect("d")))
        .collect();
    // a_k = -(sum_{i<k} l_i a_i) / l_k.
    let last: Vec<BigRational> = (0..n)
        .map(|j| -(0..n).map(|i| &l[i] * &normals[i][j]).sum::<BigRational>() / &l[n])
        .collect();
    let mut rows: Vec<FarkasRow> = normals
        .into_iter()
        .chain(std::iter::once(last))
        .map(|a| FarkasRow {
            a,
            b: rational(rng, 0.0),
            strict: rng.random_bool(0.3),
        })
        .collect();
    // Make sum l_i b_i negative (or zero with a strict row) through b_k.
    let rest: BigRational = (0..n).map(|i| &l[i] * &rows[i].b).sum();
    let target = if rng.random_bool(0.3) {
        rows[n].strict = true;
        BigRational::zero()
    } else {
        -gap(rng)
    };
    rows[n].b = (target - rest) / &l[n];
    (rows, l)
}

/// The core's assertions of `shape`, over variables it declares in `f`.
fn shape_terms(shape: RealShape, f: &mut Formula, rng: &mut dyn RngCore) -> Vec<Term> {
    let mut var = |base: &str| {
        let n = f.fresh_symbol(base);
        f.declare(n.clone(), Sort::Real);
        Term::var(n)
    };
    let is_int = |t: &Term| app(Op::IsInt, vec![t.clone()]);
    match shape {
        RealShape::NegativeSquare => {
            let x = var("x");
            let c = rational(rng, 0.0).abs();
            let mut sum = vec![app(Op::Mul, vec![x.clone(), x])];
            if rng.random_bool(0.5) {
                let y = var("y");
                sum.push(app(Op::Mul, vec![y.clone(), y]));
            }
            if !c.is_zero() || sum.len() == 1 {
                sum.push(lit(c));
            }
            vec![app(Op::Lt, vec![app(Op::Add, sum), lit(q(0, 1))])]
        }
        RealShape::Midpoint => {
            let (x, y) = (var("x"), var("y"));
            let (p, r) = (q(rng.random_range(1..5), 1), q(rng.random_range(1..5), 3));
            let mean = app(
                Op::RealDiv,
                vec![
                    app(
                        Op::Add,
                        vec![
                            app(Op::Mul, vec![lit(p.clone()), x.clone()]),
                            app(Op::Mul, vec![lit(r.clone()), y.clone()]),
                        ],
                    ),
                    lit(p + r),
                ],
            );
            vec![
                app(Op::Lt, vec![x.clone(), y.clone()]),
                Term::not(app(Op::Lt, vec![x, mean, y])),
            ]
        }
        RealShape::EmptyBounds => {
            let x = var("x");
            let b = rational(rng, 0.1);
            if rng.random_bool(0.5) {
                let a = &b + gap(rng);
                vec![
                    app(Op::Ge, vec![x.clone(), lit(a)]),
                    app(Op::Le, vec![x, lit(b)]),
                ]
            } else {
                vec![
                    app(Op::Gt, vec![x.clone(), lit(b.clone())]),
                    app(Op::Le, vec![x, lit(b)]),
                ]
            }
        }
        RealShape::Farkas => {
            let (rows, _) = farkas(rng);
            let xs: Vec<Term> = (0..rows[0].a.len()).map(|_| var("x")).collect();
            rows.into_iter()
                .map(|r| {
                    let parts: Vec<Term> =
                        r.a.iter()
                            .zip(&xs)
                            .filter(|(c, _)| !c.is_zero())
                            .map(|(c, x)| app(Op::Mul, vec![lit(c.clone()), x.clone()]))
                            .collect();
                    let lhs = match parts.len() {
                        0 => lit(q(0, 1)),
                        1 => parts.into_iter().next().expect("one"),
                        _ => app(Op::Add, parts),
                    };
                    let op = if r.strict { Op::Lt } else { Op::Le };
                    app(op, vec![lhs, lit(r.b)])
                })
                .collect()
        }
        RealShape::Cycle => {
            let k = rng.random_range(2usize..5);
            let xs: Vec<Term> = (0..k).map(|_| var("x")).collect();
            let mut cs: Vec<BigRational> = (0..k).map(|_| rational(rng, 0.0)).collect();
            let sum: BigRational = cs.iter().sum();
            if sum.is_negative() {
                cs[0] -= sum;
            }
            (0..k)
                .map(|i| {
                    let lhs = app(Op::Add, vec![xs[i].clone(), lit(cs[i].clone())]);
                    app(Op::Lt, vec![lhs, xs[(i + 1) % k].clone()])
                })
                .collect()
        }
        RealShape::NoIntegerBetween => {
            let x = var("x");
            let k = q(rng.random_range(-20..21), 1);
            let (lo, hi) = [
                (0, 1, 1, 1),
                (1, 3, 2, 3),
                (1, 1_000_000, 999_999, 1_000_000),
            ]
            .choose(rng)
            .map(|&(a, b, c, d)| (q(a, b), q(c, d)))
            .expect("intervals");
            vec![is_int(&x), app(Op::Lt, vec![lit(&k + lo), x, lit(k + hi)])]
        }
        RealShape::BelowFloor => {
            let (x, c) = (var("x"), rational(rng, 0.0));
            let t = if rng.random_bool(0.5) {
                x
            } else {
                app(Op::Add, vec![x, lit(c)])
            };
            let floor = app(Op::ToReal, vec![app(Op::ToInt, vec![t.clone()])]);
            if rng.random_bool(0.5) {
                vec![app(Op::Lt, vec![t, floor])]
            } else {
                vec![app(
                    Op::Ge,
                    vec![t, app(Op::Add, vec![floor, lit(q(1, 1))])],
                )]
            }
        }
        RealShape::HalfApart => {
            let (x, y) = (var("x"), var("y"));
            let odd = q(2 * rng.random_range(-5..5) + 1, 1);
            vec![
                is_int(&x),
                is_int(&y),
                Term::eq(
                    app(Op::Mul, vec![lit(q(2, 1)), x]),
                    app(Op::Add, vec![app(Op::Mul, vec![lit(q(2, 1)), y]), lit(odd)]),
                ),
            ]
        }
    }
}

impl Generator for RealClassic {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let shape = *self.shapes.choose(rng)?;
        let mut f = Formula::default();
        let core_terms = shape_terms(shape, &mut f, rng);
        let mut core = BTreeSet::new();
        let mut terms: Vec<(Term, bool)> = core_terms.into_iter().map(|t| (t, true)).collect();
        let noises = rng.random_range(0..=self.max_noise);
        for _ in 0..noises {
            let (t, _) = noise(&mut f, rng);
            terms.push((t, false));
        }
        // Noise among the core, not only after it.
        for i in (1..terms.len()).rev() {
            terms.swap(i, rng.random_range(0..=i));
        }
        for (t, in_core) in terms {
            let name = f.fresh_assertion_name();
            if in_core {
                core.insert(name.clone());
            }
            f.assert(t, Some(name));
        }
        let category = category("classic", &f);
        let mut chain = vec![shape.name().to_string()];
        if noises > 0 {
            chain.push(format!("noise({noises})"));
        }
        Some(Case::new(
            f,
            Truth::Unsat { core },
            Provenance::generated(self.seed, category, chain),
        ))
    }
}

#[cfg(test)]
#[path = "classic_tests.rs"]
mod tests;
