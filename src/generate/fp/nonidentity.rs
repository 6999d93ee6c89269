//! The famous non-identities of floating point as sat cases with a
//! witness: laws of the reals that rounding breaks, each asserted broken
//! (`(not (= lhs rhs))`) over normal values, with a model found by a
//! search and checked by the semantics.
//!
//! | law | lhs | rhs |
//! |---|---|---|
//! | [`FpLaw::AddAssociative`] | `(x + y) + z` | `x + (y + z)` |
//! | [`FpLaw::MulAssociative`] | `(x * y) * z` | `x * (y * z)` |
//! | [`FpLaw::Distributive`] | `x * (y + z)` | `x * y + x * z` |
//! | [`FpLaw::AddCancels`] | `(x + y) - y` | `x` |
//! | [`FpLaw::MulCancels`] | `(x * y) / y` | `x` |
//! | [`FpLaw::SqrtOfSquare`] | `sqrt(x * x)` | `abs(x)` |
//!
//! Every operation rounds under the same mode, a constant or a
//! `RoundingMode` variable.
//!
//! # Invariant
//!
//! Every case is sat with its carried model: the witness is kept only if
//! the semantics evaluates every assertion true under it (the variables
//! normal, the law broken). A law and format for which the search finds
//! no witness gives no case.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::category;
use super::values::{ODD, STANDARD, finite_nonzero, format, mode, mode_term, sort};
use crate::generate::Generator;
use crate::semantics::{Model, Value, eval};
use crate::term::{Formula, Op, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// A law of the reals that floating point breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpLaw {
    /// `(x + y) + z = x + (y + z)`.
    AddAssociative,
    /// `(x * y) * z = x * (y * z)`.
    MulAssociative,
    /// `x * (y + z) = x * y + x * z`.
    Distributive,
    /// `(x + y) - y = x`.
    AddCancels,
    /// `(x * y) / y = x`.
    MulCancels,
    /// `sqrt(x * x) = abs(x)`.
    SqrtOfSquare,
}

impl FpLaw {
    /// Every law.
    pub const ALL: [FpLaw; 6] = [
        FpLaw::AddAssociative,
        FpLaw::MulAssociative,
        FpLaw::Distributive,
        FpLaw::AddCancels,
        FpLaw::MulCancels,
        FpLaw::SqrtOfSquare,
    ];

    /// The two sides, every operation under `rm`.
    pub fn sides(self, rm: &Term) -> (Term, Term) {
        let v = Term::var;
        let op = |o: Op, a: Term, b: Term| Term::app(o, vec![rm.clone(), a, b]);
        match self {
            FpLaw::AddAssociative => (
                op(Op::FpAdd, op(Op::FpAdd, v("x"), v("y")), v("z")),
                op(Op::FpAdd, v("x"), op(Op::FpAdd, v("y"), v("z"))),
            ),
            FpLaw::MulAssociative => (
                op(Op::FpMul, op(Op::FpMul, v("x"), v("y")), v("z")),
                op(Op::FpMul, v("x"), op(Op::FpMul, v("y"), v("z"))),
            ),
            FpLaw::Distributive => (
                op(Op::FpMul, v("x"), op(Op::FpAdd, v("y"), v("z"))),
                op(
                    Op::FpAdd,
                    op(Op::FpMul, v("x"), v("y")),
                    op(Op::FpMul, v("x"), v("z")),
                ),
            ),
            FpLaw::AddCancels => (op(Op::FpSub, op(Op::FpAdd, v("x"), v("y")), v("y")), v("x")),
            FpLaw::MulCancels => (op(Op::FpDiv, op(Op::FpMul, v("x"), v("y")), v("y")), v("x")),
            FpLaw::SqrtOfSquare => (
                Term::app(Op::FpSqrt, vec![rm.clone(), op(Op::FpMul, v("x"), v("x"))]),
                Term::app(Op::FpAbs, vec![v("x")]),
            ),
        }
    }

    fn name(self) -> &'static str {
        match self {
            FpLaw::AddAssociative => "add-associative",
            FpLaw::MulAssociative => "mul-associative",
            FpLaw::Distributive => "distributive",
            FpLaw::AddCancels => "add-cancels",
            FpLaw::MulCancels => "mul-cancels",
            FpLaw::SqrtOfSquare => "sqrt-of-square",
        }
    }
}

/// Sat cases breaking a random law in a random format (a standard one
/// twice as often as an odd one).
#[derive(Clone, Debug, Default)]
pub struct FpNonIdentity {
    seed: u64,
}

impl FpNonIdentity {
    /// The generator.
    pub fn new() -> Self {
        FpNonIdentity::default()
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

impl Generator for FpNonIdentity {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let law = *FpLaw::ALL.choose(rng).expect("laws");
        let formats: &[(u32, u32)] = if rng.random_bool(2.0 / 3.0) {
            &STANDARD
        } else {
            &ODD
        };
        let f = format(*formats.choose(rng).expect("formats"));
        let mode_var = rng.random_bool(0.4);
        let rm = if mode_var {
            Term::var("rm")
        } else {
            mode_term(mode(rng))
        };
        let (lhs, rhs) = law.sides(&rm);
        let mut formula = Formula::default();
        let mut vars: Vec<String> = lhs.free_vars().into_iter().collect();
        vars.retain(|v| v != "rm");
        for v in &vars {
            formula.declare(v.clone(), sort(f));
        }
        if mode_var {
            formula.declare("rm", Sort::RoundingMode);
        }
        formula.assert(Term::not(Term::eq(lhs, rhs)), Some("a0".into()));
        for v in &vars {
            let name = formula.fresh_assertion_name();
            formula.assert(Term::app(Op::FpIsNormal, vec![Term::var(v)]), Some(name));
        }
        let witness = (0..400).find_map(|_| {
            let mut m = Model::new();
            for v in &vars {
                m.insert(v.clone(), Value::Fp(finite_nonzero(f, rng)));
            }
            if mode_var {
                m.insert("rm", Value::Rm(mode(rng)));
            }
            formula
                .assertions
                .iter()
                .all(|a| eval(&a.term, &m) == Ok(Value::Bool(true)))
                .then_some(m)
        })?;
        let category = category("nonidentity", &formula);
        Some(Case::new(
            formula,
            Truth::Sat { model: witness },
            Provenance::generated(self.seed, category, vec![law.name().to_string()]),
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn every_law_is_broken_with_a_checked_witness_in_every_format() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        let mut g = FpNonIdentity::new();
        let mut by: BTreeMap<(String, String), usize> = BTreeMap::new();
        for _ in 0..1500 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            let (_, s) = &c.formula.decls[0];
            *by.entry((c.provenance.chain[0].clone(), s.to_string()))
                .or_default() += 1;
        }
        for law in FpLaw::ALL {
            for f in STANDARD {
                let s = Sort::FloatingPoint(f.0, f.1).to_string();
                let n = by.get(&(law.name().to_string(), s)).copied().unwrap_or(0);
                assert!(n > 10, "{law:?} {f:?}: {by:?}");
            }
        }
    }
}
