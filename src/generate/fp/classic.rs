//! The classic unsat shapes of floating point, each with its known unique
//! minimal core, and noise over fresh variables beside it.
//!
//! | shape | assertions | core |
//! |---|---|---|
//! | [`FpShape::Adjacent`] | `(fp.lt c x)`, `(fp.lt x c+)`, `c+` the value after `c` | both |
//! | [`FpShape::NanUnordered`] | `(fp.isNaN x)`, `(op x t)` for an order `op` | both |
//! | [`FpShape::Trichotomy`] | not `<`, not `>`, not `fp.eq`, neither NaN | all five |
//! | [`FpShape::NoOverflowTowardZero`] | `(fp.isInfinite (op RTZ x y))`, `x`, `y` not infinite, `op` add, sub or mul | all three |
//! | [`FpShape::NegativeSquare`] | `(fp.isNegative (fp.mul rm x x))` | the one |
//! | [`FpShape::SubnormalAbove`] | `(fp.isSubnormal x)`, `(fp.lt s (fp.abs x))`, `s` the largest subnormal | both |
//!
//! The density of the reals is where floats part from them: no float lies
//! strictly between two neighbours (the adjacent shape), and rounding
//! toward zero never leaves the finite values (the overflow shape).
//!
//! # Invariant
//!
//! The core is unsat and each proper subset is satisfiable: the models of
//! each subset are found in the tests, by a search over edge values;
//! unsatisfiability follows from IEEE 754 (cited per shape above) and is
//! asked of the solvers in `tests/fp_rows_vs_solvers.rs`. Noise mentions
//! only fresh variables and is satisfiable (`noise.rs`), so it is in no
//! core. No assertion's truth rests on a value SMT-LIB leaves open.

use std::collections::BTreeSet;

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::values::{ODD, STANDARD, finite_nonzero, format, lit, mode, mode_term, next_up, sort};
use super::{category, noise::noise};
use crate::generate::Generator;
use crate::semantics::fp::{Float, FpFormat, RoundingMode};
use crate::term::{Formula, Op, Term};
use crate::truth::{Case, Provenance, Truth};

/// One classic shape (see the module docs' table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpShape {
    /// No float strictly between a value and the next.
    Adjacent,
    /// NaN is in no order relation.
    NanUnordered,
    /// Two values that are not NaN are less, greater or equal.
    Trichotomy,
    /// Rounding toward zero never overflows to an infinity.
    NoOverflowTowardZero,
    /// A square is never negative (its sign is positive, or NaN).
    NegativeSquare,
    /// No subnormal above the largest subnormal.
    SubnormalAbove,
}

impl FpShape {
    /// Every shape.
    pub const ALL: [FpShape; 6] = [
        FpShape::Adjacent,
        FpShape::NanUnordered,
        FpShape::Trichotomy,
        FpShape::NoOverflowTowardZero,
        FpShape::NegativeSquare,
        FpShape::SubnormalAbove,
    ];

    fn name(self) -> &'static str {
        match self {
            FpShape::Adjacent => "adjacent",
            FpShape::NanUnordered => "nan-unordered",
            FpShape::Trichotomy => "trichotomy",
            FpShape::NoOverflowTowardZero => "no-overflow-toward-zero",
            FpShape::NegativeSquare => "negative-square",
            FpShape::SubnormalAbove => "subnormal-above",
        }
    }

    /// The shape's assertions in format `f` (all of them the core).
    pub fn assertions(self, f: FpFormat, rng: &mut dyn RngCore) -> Vec<Term> {
        let (x, y) = (Term::var("x"), Term::var("y"));
        let app = Term::app;
        match self {
            FpShape::Adjacent => {
                let (c, up) = loop {
                    let c = finite_nonzero(f, rng);
                    if let Some(up) = next_up(&c) {
                        break (c, up);
                    }
                };
                vec![
                    app(Op::FpLt, vec![lit(&c), x.clone()]),
                    app(Op::FpLt, vec![x, lit(&up)]),
                ]
            }
            FpShape::NanUnordered => {
                let op = *[Op::FpLt, Op::FpLeq, Op::FpEq, Op::FpGeq, Op::FpGt]
                    .choose(rng)
                    .expect("ops");
                let other = if rng.random_bool(0.5) {
                    y
                } else {
                    lit(&finite_nonzero(f, rng))
                };
                vec![app(Op::FpIsNaN, vec![x.clone()]), app(op, vec![x, other])]
            }
            FpShape::Trichotomy => vec![
                Term::not(app(Op::FpLt, vec![x.clone(), y.clone()])),
                Term::not(app(Op::FpGt, vec![x.clone(), y.clone()])),
                Term::not(app(Op::FpEq, vec![x.clone(), y.clone()])),
                Term::not(app(Op::FpIsNaN, vec![x])),
                Term::not(app(Op::FpIsNaN, vec![y])),
            ],
            FpShape::NoOverflowTowardZero => {
                let op = *[Op::FpAdd, Op::FpSub, Op::FpMul].choose(rng).expect("ops");
                let rtz = mode_term(RoundingMode::Rtz);
                vec![
                    app(
                        Op::FpIsInfinite,
                        vec![app(op, vec![rtz, x.clone(), y.clone()])],
                    ),
                    Term::not(app(Op::FpIsInfinite, vec![x])),
                    Term::not(app(Op::FpIsInfinite, vec![y])),
                ]
            }
            FpShape::NegativeSquare => {
                let rm = mode_term(mode(rng));
                vec![app(
                    Op::FpIsNegative,
                    vec![app(Op::FpMul, vec![rm, x.clone(), x])],
                )]
            }
            FpShape::SubnormalAbove => {
                let s = Float::from_bits(f, &(f.hidden() - 1u32));
                vec![
                    app(Op::FpIsSubnormal, vec![x.clone()]),
                    app(Op::FpLt, vec![lit(&s), app(Op::FpAbs, vec![x])]),
                ]
            }
        }
    }
}

/// Unsat cases of a random classic shape in a random format, with up to
/// `max_noise` noise assertions.
#[derive(Clone, Debug)]
pub struct FpClassic {
    max_noise: usize,
    seed: u64,
}

impl FpClassic {
    /// Up to `max_noise` noise assertions.
    pub fn new(max_noise: usize) -> Self {
        FpClassic { max_noise, seed: 0 }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

impl Generator for FpClassic {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let shape = *FpShape::ALL.choose(rng).expect("shapes");
        let formats: &[(u32, u32)] = if rng.random_bool(2.0 / 3.0) {
            &STANDARD
        } else {
            &ODD
        };
        let f = format(*formats.choose(rng).expect("formats"));
        let mut formula = Formula::default();
        let assertions = shape.assertions(f, rng);
        let mut vars = BTreeSet::new();
        for a in &assertions {
            vars.extend(a.free_vars());
        }
        for v in vars {
            formula.declare(v, sort(f));
        }
        let mut core = BTreeSet::new();
        for a in assertions {
            let name = formula.fresh_assertion_name();
            core.insert(name.clone());
            formula.assert(a, Some(name));
        }
        for _ in 0..rng.random_range(0..=self.max_noise) {
            let (t, _) = noise(&mut formula, f, rng);
            let name = formula.fresh_assertion_name();
            formula.assert(t, Some(name));
        }
        let category = category("classic", &formula);
        Some(Case::new(
            formula,
            Truth::Unsat { core },
            Provenance::generated(self.seed, category, vec![shape.name().to_string()]),
        ))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::values::{edge, float};
    use super::*;
    use crate::semantics::{Model, Value, eval};

    /// Whether some values of the shape's variables make every one of
    /// `terms` true (a search over edge and random values).
    fn satisfiable(terms: &[Term], f: FpFormat, rng: &mut ChaCha8Rng) -> bool {
        let mut lits = Vec::new();
        for t in terms {
            t.visit(&mut |u| {
                if let Ok(Value::Fp(x)) = crate::semantics::eval_closed(u) {
                    lits.push(x.clone());
                    lits.extend(next_up(&x));
                }
            });
        }
        (0..4000).any(|_| {
            let mut m = Model::new();
            for v in ["x", "y"] {
                let x = match rng.random_range(0..3) {
                    0 if !lits.is_empty() => lits.choose(rng).unwrap().clone(),
                    1 => edge(f, rng),
                    _ => float(f, rng),
                };
                m.insert(v, Value::Fp(x));
            }
            terms.iter().all(|t| eval(t, &m) == Ok(Value::Bool(true)))
        })
    }

    #[test]
    fn every_proper_subset_of_a_core_is_satisfiable() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        for shape in FpShape::ALL {
            for f in STANDARD.into_iter().chain(ODD).map(format) {
                for _ in 0..5 {
                    let terms = shape.assertions(f, &mut rng);
                    for k in 0..terms.len() {
                        let mut rest = terms.clone();
                        rest.remove(k);
                        assert!(
                            satisfiable(&rest, f, &mut rng),
                            "{shape:?} {f:?}: without {}: {rest:?}",
                            terms[k]
                        );
                    }
                    // And the whole core has no model among the same draws.
                    assert!(
                        !satisfiable(&terms, f, &mut rng),
                        "{shape:?} {f:?}: {terms:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn cases_check_and_every_shape_is_drawn() {
        let mut rng = ChaCha8Rng::seed_from_u64(44);
        let mut g = FpClassic::new(3);
        let mut seen = BTreeSet::new();
        for _ in 0..600 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            seen.insert(c.provenance.chain[0].clone());
        }
        assert_eq!(seen.len(), FpShape::ALL.len(), "{seen:?}");
    }
}
