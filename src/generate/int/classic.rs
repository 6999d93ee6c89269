//! The classic unsat shapes of integer arithmetic, each with its known
//! unique minimal core, and noise over fresh variables beside it.
//!
//! | shape | assertions | logic | core |
//! |---|---|---|---|
//! | [`IntShape::NegativeSquare`] | `(< (+ (* x x) c) 0)`, `c >= 0` | NIA | the one |
//! | [`IntShape::Parity`] | `(= (* 2 x) (+ (* 2 a y) b))`, `b` odd | LIA | the one |
//! | [`IntShape::Cycle`] | `x1 + c1 < x2, ..., xk + ck < x1`, sum of `ci >= 0` | LIA | all |
//! | [`IntShape::EmptyBounds`] | `(>= x a)`, `(<= x b)`, `a > b`, beyond 64 bits too | LIA | both |
//! | [`IntShape::ProductOfOne`] | `(= (* x y) 1)`, `(>= x 2)` | NIA | both |
//! | [`IntShape::Remainders`] | `(= (mod x a) r)`, `(= (mod x (* a b)) s)`, `(mod s a) != r` | LIA | both |
//! | [`IntShape::Divisible`] | `((_ divisible 2a) x)`, `(= (mod x 2) 1)` | LIA | both |
//!
//! # Invariant
//!
//! The core is unsat and each proper subset is satisfiable: a negative
//! square is impossible, `2x` is even and `2ay + b` odd, the strict
//! differences around a cycle sum to `0 > sum ci`... the models of each
//! subset are built in the tests. Noise mentions only fresh variables and
//! is satisfiable (`noise.rs`), so it is in no core.

use num_bigint::BigInt;
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::{category, noise::noise};
use crate::generate::Generator;
use crate::term::{Formula, Op, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// One classic shape (see the module docs' table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntShape {
    /// A square plus a non-negative constant below 0.
    NegativeSquare,
    /// An even number equal to an odd one.
    Parity,
    /// A cycle of strict differences.
    Cycle,
    /// A lower bound above an upper one.
    EmptyBounds,
    /// A product of 1 with a factor of at least 2.
    ProductOfOne,
    /// Two remainders that no number has.
    Remainders,
    /// Divisible by an even number, yet odd.
    Divisible,
}

impl IntShape {
    /// Every shape.
    pub const ALL: [IntShape; 7] = [
        IntShape::NegativeSquare,
        IntShape::Parity,
        IntShape::Cycle,
        IntShape::EmptyBounds,
        IntShape::ProductOfOne,
        IntShape::Remainders,
        IntShape::Divisible,
    ];

    fn name(self) -> &'static str {
        match self {
            IntShape::NegativeSquare => "negative-square",
            IntShape::Parity => "parity",
            IntShape::Cycle => "cycle",
            IntShape::EmptyBounds => "empty-bounds",
            IntShape::ProductOfOne => "product-of-one",
            IntShape::Remainders => "remainders",
            IntShape::Divisible => "divisible",
        }
    }
}

/// Unsat cases of the classic shapes, up to `max_noise` noise assertions.
#[derive(Clone, Debug)]
pub struct IntClassic {
    shapes: Vec<IntShape>,
    max_noise: usize,
    seed: u64,
}

impl IntClassic {
    /// Every shape but `Divisible` (which no Z3 reads), drawn alike.
    pub fn new(max_noise: usize) -> Self {
        IntClassic {
            shapes: IntShape::ALL
                .into_iter()
                .filter(|&s| s != IntShape::Divisible)
                .collect(),
            max_noise,
            seed: 0,
        }
    }

    /// Only these shapes.
    pub fn shapes(mut self, shapes: &[IntShape]) -> Self {
        self.shapes = shapes.to_vec();
        self
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

fn int(n: impl Into<BigInt>) -> Term {
    Term::Int(n.into())
}

fn app(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}

/// A bound: small, or now and then beyond 2^64.
fn bound(rng: &mut dyn RngCore) -> BigInt {
    let n = BigInt::from(rng.random_range(-20i64..21));
    if rng.random_bool(0.3) {
        (BigInt::from(1u8) << 64u32) * rng.random_range(-3i64..4) + n
    } else {
        n
    }
}

/// The core's assertions of `shape`, over variables it declares in `f`.
fn shape_terms(shape: IntShape, f: &mut Formula, rng: &mut dyn RngCore) -> Vec<Term> {
    let mut var = |base: &str| {
        let n = f.fresh_symbol(base);
        f.declare(n.clone(), Sort::Int);
        Term::var(n)
    };
    match shape {
        IntShape::NegativeSquare => {
            let (x, c) = (var("x"), rng.random_range(0i64..4));
            let mut sum = vec![app(Op::Mul, vec![x.clone(), x])];
            if rng.random_bool(0.5) {
                let y = var("y");
                sum.push(app(Op::Mul, vec![y.clone(), y]));
            }
            if c > 0 || sum.len() == 1 {
                sum.push(int(c));
            }
            vec![app(Op::Lt, vec![app(Op::Add, sum), int(0)])]
        }
        IntShape::Parity => {
            let (x, y) = (var("x"), var("y"));
            let a = *[1i64, 2, 3, -5].choose(rng).expect("factors");
            let b = 2 * rng.random_range(-10i64..10) + 1;
            vec![Term::eq(
                app(Op::Mul, vec![int(2), x]),
                app(Op::Add, vec![app(Op::Mul, vec![int(2 * a), y]), int(b)]),
            )]
        }
        IntShape::Cycle => {
            let k = rng.random_range(2usize..6);
            let xs: Vec<Term> = (0..k).map(|_| var("x")).collect();
            // ci with a non-negative sum: xi + ci < x(i+1) around the
            // cycle sums to sum(ci) < 0.
            let mut cs: Vec<i64> = (0..k).map(|_| rng.random_range(-3i64..4)).collect();
            let sum: i64 = cs.iter().sum();
            if sum < 0 {
                cs[0] -= sum;
            }
            (0..k)
                .map(|i| {
                    let lhs = app(Op::Add, vec![xs[i].clone(), int(cs[i])]);
                    app(Op::Lt, vec![lhs, xs[(i + 1) % k].clone()])
                })
                .collect()
        }
        IntShape::EmptyBounds => {
            let x = var("x");
            let b = bound(rng);
            let a = &b + rng.random_range(1i64..4);
            vec![
                app(Op::Ge, vec![x.clone(), Term::Int(a)]),
                app(Op::Le, vec![x, Term::Int(b)]),
            ]
        }
        IntShape::ProductOfOne => {
            let (x, y) = (var("x"), var("y"));
            vec![
                Term::eq(app(Op::Mul, vec![x.clone(), y]), int(1)),
                app(Op::Ge, vec![x, int(rng.random_range(2i64..5))]),
            ]
        }
        IntShape::Remainders => {
            let x = var("x");
            let a = rng.random_range(2i64..7);
            let b = rng.random_range(1i64..4);
            let r = rng.random_range(0..a);
            // s in 0..a*b with s mod a != r.
            let s = loop {
                let s = rng.random_range(0..a * b);
                if s % a != r {
                    break s;
                }
            };
            let divisor = if rng.random_bool(0.5) { a * b } else { -a * b };
            vec![
                Term::eq(app(Op::Mod, vec![x.clone(), int(a)]), int(r)),
                Term::eq(app(Op::Mod, vec![x, int(divisor)]), int(s)),
            ]
        }
        IntShape::Divisible => {
            let x = var("x");
            let d = 2 * rng.random_range(1u32..6);
            vec![
                app(Op::Divisible(d), vec![x.clone()]),
                Term::eq(app(Op::Mod, vec![x, int(2)]), int(1)),
            ]
        }
    }
}

impl Generator for IntClassic {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let shape = *self.shapes.choose(rng)?;
        let mut f = Formula::default();
        let core_terms = shape_terms(shape, &mut f, rng);
        let mut core = std::collections::BTreeSet::new();
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
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::semantics::{Model, Value, eval};

    /// A model of the assertions `keep` by a search over small values
    /// (and the bounds' own values), if one is found.
    fn model_of(f: &Formula, keep: &[usize], tries: usize, rng: &mut ChaCha8Rng) -> Option<Model> {
        let mut near: Vec<BigInt> = Vec::new();
        for &k in keep {
            f.assertions[k].term.visit(&mut |t| {
                if let Term::Int(n) = t {
                    near.extend([n.clone(), n - 1, n + 1, -n]);
                }
            });
        }
        (0..tries).find_map(|_| {
            let mut m = Model::new();
            for (n, _) in &f.decls {
                let v = if !near.is_empty() && rng.random_bool(0.3) {
                    near.choose(rng).unwrap().clone()
                } else {
                    BigInt::from(rng.random_range(-12i64..13))
                };
                m.insert(n.clone(), Value::Int(v));
            }
            keep.iter()
                .all(|&k| eval(&f.assertions[k].term, &m) == Ok(Value::Bool(true)))
                .then_some(m)
        })
    }

    /// Every proper subset of the core (with the noise) has a model, and
    /// the core has none among the values searched.
    #[test]
    fn each_core_is_unsat_and_minimal() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let mut g = IntClassic::new(2).shapes(&IntShape::ALL);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..150 {
            let c = g.next(&mut rng);
            c.check().unwrap();
            seen.insert(c.provenance.chain[0].clone());
            let Truth::Unsat { core } = &c.truth else {
                unreachable!()
            };
            let f = &c.formula;
            let all: Vec<usize> = (0..f.assertions.len()).collect();
            let in_core = |k: &usize| core.contains(f.assertions[*k].name.as_ref().unwrap());
            assert!(model_of(f, &all, 2_000, &mut rng).is_none(), "{c:?}");
            for drop in all.iter().filter(|k| in_core(k)) {
                let rest: Vec<usize> = all.iter().copied().filter(|k| k != drop).collect();
                assert!(
                    model_of(f, &rest, 50_000, &mut rng).is_some(),
                    "without {drop}: {c:?}"
                );
            }
        }
        assert_eq!(seen.len(), IntShape::ALL.len(), "{seen:?}");
    }
}
