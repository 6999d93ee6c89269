//! Sat real cases with a model: values for the variables first (see
//! `values.rs`), then terms over them and constraints those values make
//! true.
//!
//! - [`RealSatKind::Linear`] (QF_LRA): linear combinations with integer
//!   and fractional coefficients, divisions by nonzero numerals, compared
//!   with a bound their value meets (equal, non-strict with a slack,
//!   strict with a gap from 2^-70 to 3, inside an open interval) or with
//!   each other.
//! - [`RealSatKind::Nonlinear`] (QF_NRA): products of two or three
//!   variables, products of linear terms, divisions by a variable that is
//!   not zero in the model.
//! - [`RealSatKind::Mixed`] (QF_LIRA, now and then QF_NIRA): Int variables
//!   beside the Real ones, entering Real terms through `to_real`; `to_int`
//!   and `is_int` of Real terms, compared as their values say.
//! - [`RealSatKind::Large`] (QF_LRA): values and coefficients beyond 2^64.
//!
//! # Invariant
//!
//! Every case is sat with its carried model: each constraint is chosen by
//! its value under the model, computed by the semantics. A term whose
//! value is open (a division by a term that is zero in the model) is drawn
//! again, so no case rests on division by zero. Tested by checking the
//! model of thousands of cases.

use num_bigint::BigInt;
use num_rational::BigRational;
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::category;
use super::values::{beyond_64, gap, lit, nonzero, rational};
use crate::generate::Generator;
use crate::semantics::{Model, Value, eval};
use crate::term::{Formula, Op, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// What a [`RealSat`] generator draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RealSatKind {
    /// Linear constraints over Reals.
    Linear,
    /// Products of variables and divisions by them.
    Nonlinear,
    /// Int variables beside Real ones: `to_real`, `to_int`, `is_int`.
    Mixed,
    /// Linear constraints over values beyond 2^64.
    Large,
}

/// Sat real cases of one kind (see the module docs).
#[derive(Clone, Debug)]
pub struct RealSat {
    kind: RealSatKind,
    seed: u64,
}

impl RealSat {
    /// Cases of `kind`.
    pub fn new(kind: RealSatKind) -> Self {
        RealSat { kind, seed: 0 }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

/// The variables of one case: Real ones and (mixed) Int ones.
pub(super) struct Vars {
    pub(super) reals: Vec<String>,
    pub(super) ints: Vec<String>,
}

impl Vars {
    fn real(&self, rng: &mut dyn RngCore) -> Term {
        Term::var(self.reals.choose(rng).expect("reals"))
    }
}

/// The value of a Real term, if it has one.
pub(super) fn real_value(t: &Term, m: &Model) -> Option<BigRational> {
    match eval(t, m) {
        Ok(Value::Real(r)) => Some(r),
        _ => None,
    }
}

fn int_value(t: &Term, m: &Model) -> Option<BigInt> {
    match eval(t, m) {
        Ok(Value::Int(n)) => Some(n),
        _ => None,
    }
}

/// `(op a b)` with `op` chosen among those `a`'s and `b`'s order makes
/// true (`=`, `distinct`, `<`, `<=`, `>`, `>=`).
pub(super) fn compare<T: Ord>(a: &T, b: &T, rng: &mut dyn RngCore) -> Op {
    let ops = match a.cmp(b) {
        std::cmp::Ordering::Less => [Op::Lt, Op::Le, Op::Distinct],
        std::cmp::Ordering::Equal => [Op::Le, Op::Ge, Op::Eq],
        std::cmp::Ordering::Greater => [Op::Gt, Op::Ge, Op::Distinct],
    };
    *ops.choose(rng).expect("ops")
}

/// A constraint on a Real term of value `a` that the value makes true:
/// equal, within a slack, strictly past a gap, inside an open interval,
/// distinct from a value a gap away.
pub(super) fn bound(t: Term, a: &BigRational, rng: &mut dyn RngCore) -> Term {
    let g = gap(rng);
    let slack = if rng.random_bool(0.5) {
        g.clone()
    } else {
        BigRational::from_integer(0.into())
    };
    match rng.random_range(0..7) {
        0 => Term::eq(t, lit(a.clone())),
        1 => Term::app(Op::Le, vec![t, lit(a + slack)]),
        2 => Term::app(Op::Ge, vec![t, lit(a - slack)]),
        3 => Term::app(Op::Lt, vec![lit(a - &g), t]),
        4 => Term::app(Op::Gt, vec![lit(a + &g), t]),
        5 => Term::app(Op::Lt, vec![lit(a - &g), t, lit(a + &g)]),
        _ => Term::app(Op::Distinct, vec![t, lit(a + g)]),
    }
}

impl RealSat {
    /// The chance that a value is beyond 2^64.
    fn large(&self) -> f64 {
        match self.kind {
            RealSatKind::Large => 0.7,
            RealSatKind::Nonlinear => 0.0,
            _ => 0.05,
        }
    }

    /// A coefficient: small, or for `Large` now and then beyond 2^64.
    fn coefficient(&self, rng: &mut dyn RngCore) -> BigRational {
        match self.kind {
            RealSatKind::Large if rng.random_bool(0.3) => beyond_64(rng),
            _ => nonzero(rng),
        }
    }

    /// A linear combination of some of the variables (the Int ones under
    /// `to_real`) plus a constant.
    fn linear(&self, vars: &Vars, rng: &mut dyn RngCore) -> Term {
        let mut parts: Vec<Term> = Vec::new();
        let ints = vars
            .ints
            .iter()
            .map(|n| Term::app(Op::ToReal, vec![Term::var(n)]));
        for v in vars.reals.iter().map(Term::var).chain(ints) {
            if rng.random_bool(0.6) {
                let c = self.coefficient(rng);
                parts.push(if c == BigRational::from_integer(1.into()) {
                    v
                } else {
                    Term::app(Op::Mul, vec![lit(c), v])
                });
            }
        }
        if parts.is_empty() {
            parts.push(vars.real(rng));
        }
        if rng.random_bool(0.7) || parts.len() == 1 {
            parts.push(lit(rational(rng, self.large())));
        }
        let sum = match parts.len() {
            1 => parts.pop().expect("one part"),
            _ => Term::app(Op::Add, parts),
        };
        match rng.random_range(0..8) {
            0 => Term::app(Op::RealDiv, vec![sum, lit(nonzero(rng))]),
            1 => Term::app(Op::Neg, vec![sum]),
            2 => Term::app(Op::Sub, vec![sum, vars.real(rng)]),
            _ => sum,
        }
    }

    /// A Real term of the kind; `None` when its value is open.
    fn term(&self, vars: &Vars, m: &Model, rng: &mut dyn RngCore) -> Option<Term> {
        let t = match (self.kind, rng.random_range(0..6)) {
            (RealSatKind::Nonlinear, 0) => Term::app(Op::Mul, vec![vars.real(rng), vars.real(rng)]),
            (RealSatKind::Nonlinear, 1) => Term::app(
                Op::Mul,
                vec![vars.real(rng), vars.real(rng), vars.real(rng)],
            ),
            (RealSatKind::Nonlinear, 2) => Term::app(
                Op::Mul,
                vec![self.linear(vars, rng), self.linear(vars, rng)],
            ),
            (RealSatKind::Nonlinear, 3) => {
                Term::app(Op::RealDiv, vec![self.linear(vars, rng), vars.real(rng)])
            }
            (RealSatKind::Mixed, 0) => {
                let inner = self.linear(vars, rng);
                Term::app(Op::ToReal, vec![Term::app(Op::ToInt, vec![inner])])
            }
            (RealSatKind::Mixed, 1) if rng.random_bool(0.3) => {
                // A product of an Int and a Real: QF_NIRA.
                let n = Term::var(vars.ints.choose(rng).expect("ints"));
                Term::app(
                    Op::Mul,
                    vec![Term::app(Op::ToReal, vec![n]), vars.real(rng)],
                )
            }
            _ => self.linear(vars, rng),
        };
        real_value(&t, m).map(|_| t)
    }

    /// A constraint the model makes true.
    fn constraint(&self, vars: &Vars, m: &Model, rng: &mut dyn RngCore) -> Option<Term> {
        let t = self.term(vars, m, rng)?;
        let a = real_value(&t, m)?;
        if self.kind == RealSatKind::Mixed && rng.random_bool(0.4) {
            return Some(match rng.random_range(0..3) {
                0 => {
                    let p = Term::app(Op::IsInt, vec![t]);
                    if a.is_integer() { p } else { Term::not(p) }
                }
                1 => {
                    let i = Term::app(Op::ToInt, vec![t]);
                    let k = int_value(&i, m)?;
                    Term::eq(i, Term::Int(k))
                }
                _ => {
                    // Two Int terms: a floor and an Int variable.
                    let i = Term::app(Op::ToInt, vec![t]);
                    let n = Term::var(vars.ints.choose(rng).expect("ints"));
                    let (k, l) = (int_value(&i, m)?, int_value(&n, m)?);
                    Term::app(compare(&k, &l, rng), vec![i, n])
                }
            });
        }
        if rng.random_bool(0.25) {
            let u = self.term(vars, m, rng)?;
            let b = real_value(&u, m)?;
            return Some(Term::app(compare(&a, &b, rng), vec![t, u]));
        }
        Some(bound(t, &a, rng))
    }
}

impl Generator for RealSat {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let mut f = Formula::default();
        let mut model = Model::new();
        let vars = Vars {
            reals: (0..rng.random_range(1..=4))
                .map(|i| format!("x{i}"))
                .collect(),
            ints: match self.kind {
                RealSatKind::Mixed => (0..rng.random_range(1..=2))
                    .map(|i| format!("n{i}"))
                    .collect(),
                _ => Vec::new(),
            },
        };
        for v in &vars.reals {
            f.declare(v.clone(), Sort::Real);
            model.insert(v.clone(), Value::Real(rational(rng, self.large())));
        }
        for v in &vars.ints {
            f.declare(v.clone(), Sort::Int);
            model.insert(v.clone(), Value::Int(rng.random_range(-12i64..13).into()));
        }
        for _ in 0..rng.random_range(1..=4) {
            let c = self.constraint(&vars, &model, rng)?;
            let name = f.fresh_assertion_name();
            f.assert(c, Some(name));
        }
        let kind = match self.kind {
            RealSatKind::Large => "large",
            _ => "sat",
        };
        let category = category(kind, &f);
        Some(Case::new(
            f,
            Truth::Sat { model },
            Provenance::generated(self.seed, category, Vec::new()),
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
    fn every_case_is_sat_with_its_model() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        for kind in [
            RealSatKind::Linear,
            RealSatKind::Nonlinear,
            RealSatKind::Mixed,
            RealSatKind::Large,
        ] {
            let mut g = RealSat::new(kind);
            let mut by: BTreeMap<String, usize> = BTreeMap::new();
            let (mut fraction, mut beyond_64, mut strict) = (0, 0, 0);
            for _ in 0..2000 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
                *by.entry(c.provenance.category.clone()).or_default() += 1;
                let Truth::Sat { model } = &c.truth else {
                    unreachable!()
                };
                fraction += usize::from(
                    model
                        .0
                        .values()
                        .any(|v| matches!(v, Value::Real(r) if !r.is_integer())),
                );
                let ops = c.formula.operators();
                strict += usize::from(ops.contains(&Op::Lt) || ops.contains(&Op::Gt));
                beyond_64 += usize::from(c.formula.assertions.iter().any(|a| {
                    let mut big = false;
                    a.term.visit(&mut |t| {
                        big |= matches!(t, Term::Real(r) if r.numer().bits() > 64);
                    });
                    big
                }));
            }
            assert!(fraction > 1000, "{kind:?}: {fraction}");
            assert!(strict > 500, "{kind:?}: {strict}");
            let n = |c: &str| by.get(c).copied().unwrap_or(0);
            match kind {
                RealSatKind::Linear => assert_eq!(n("real-sat-lra"), 2000, "{by:?}"),
                RealSatKind::Nonlinear => assert!(n("real-sat-nra") > 1000, "{by:?}"),
                RealSatKind::Mixed => {
                    assert!(n("real-sat-lira") > 1000, "{by:?}");
                    assert!(n("real-sat-nira") > 50, "{by:?}");
                }
                RealSatKind::Large => {
                    assert_eq!(n("real-large-lra"), 2000, "{by:?}");
                    assert!(beyond_64 > 1000, "{beyond_64}");
                }
            }
        }
    }
}
