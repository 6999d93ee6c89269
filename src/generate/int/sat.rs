//! Sat integer cases with a model: values for the variables first, then
//! terms over them and constraints that those values make true.
//!
//! - [`IntSatKind::Linear`] (QF_LIA): linear combinations `c1 x1 + ... +
//!   c0` with small coefficients, compared with a bound their value meets
//!   or with each other; `div` and `mod` by a nonzero numeral.
//! - [`IntSatKind::Nonlinear`] (QF_NIA): products of two or three
//!   variables, `div` and `mod` by a term, `abs`, and now and then
//!   `(_ divisible d)`, over small values (so no constraint asks a solver
//!   to factor a large number).
//! - [`IntSatKind::Large`] (QF_LIA): linear combinations with values and
//!   coefficients beyond 2^64.
//!
//! # Invariant
//!
//! Every case is sat with its carried model: each constraint is chosen by
//! its value under the model, computed by the semantics. A term whose
//! value is open (a division by a term that is zero in the model) is drawn
//! again, so no case rests on division by zero. Tested by checking the
//! model of thousands of cases.

use num_bigint::BigInt;
use num_traits::{One, Zero};
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::category;
use crate::generate::Generator;
use crate::semantics::{Model, Value, eval};
use crate::term::{Formula, Op, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// What an [`IntSat`] generator draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntSatKind {
    /// Linear constraints over small values.
    Linear,
    /// Products of variables, divisions by terms, `abs`, `divisible`.
    Nonlinear,
    /// Linear constraints over values beyond 2^64.
    Large,
}

/// Sat integer cases of one kind (see the module docs).
#[derive(Clone, Debug)]
pub struct IntSat {
    kind: IntSatKind,
    seed: u64,
}

impl IntSat {
    /// Cases of `kind`.
    pub fn new(kind: IntSatKind) -> Self {
        IntSat { kind, seed: 0 }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

/// Values beyond 2^64 (and just below), both signs.
fn large(rng: &mut dyn RngCore) -> BigInt {
    let bits = *[63u32, 64, 65, 96, 128].choose(rng).expect("bits");
    let base = BigInt::one() << bits;
    let n = base + BigInt::from(rng.random_range(-3i64..4));
    if rng.random_bool(0.5) { -n } else { n }
}

fn small(rng: &mut dyn RngCore) -> BigInt {
    BigInt::from(rng.random_range(-12i64..13))
}

fn value_of(t: &Term, m: &Model) -> Option<BigInt> {
    match eval(t, m) {
        Ok(Value::Int(n)) => Some(n),
        _ => None,
    }
}

impl IntSat {
    /// A variable's value.
    fn value(&self, rng: &mut dyn RngCore) -> BigInt {
        match self.kind {
            IntSatKind::Large if rng.random_bool(0.7) => large(rng),
            _ => small(rng),
        }
    }

    /// A coefficient: small, or for `Large` now and then beyond 2^64.
    fn coefficient(&self, rng: &mut dyn RngCore) -> BigInt {
        match self.kind {
            IntSatKind::Large if rng.random_bool(0.3) => large(rng),
            _ => BigInt::from(rng.random_range(-5i64..6)),
        }
    }

    /// A linear combination of some of `vars` plus a constant.
    fn linear(&self, vars: &[String], rng: &mut dyn RngCore) -> Term {
        let mut parts: Vec<Term> = Vec::new();
        for v in vars {
            if rng.random_bool(0.6) {
                let c = self.coefficient(rng);
                parts.push(if c.is_one() {
                    Term::var(v)
                } else {
                    Term::app(Op::Mul, vec![Term::Int(c), Term::var(v)])
                });
            }
        }
        if parts.is_empty() {
            parts.push(Term::var(vars.choose(rng).expect("variables")));
        }
        let c = self.coefficient(rng);
        if !c.is_zero() || parts.len() == 1 {
            parts.push(Term::Int(c));
        }
        match parts.len() {
            1 => parts.pop().expect("one part"),
            _ => Term::app(Op::Add, parts),
        }
    }

    /// An Int term of the kind: linear, or a nonlinear form over
    /// variables and linear terms; `None` when its value is open.
    fn term(&self, vars: &[String], m: &Model, rng: &mut dyn RngCore) -> Option<Term> {
        let v = |rng: &mut dyn RngCore| Term::var(vars.choose(rng).expect("variables"));
        let t = match (self.kind, rng.random_range(0..6)) {
            (IntSatKind::Nonlinear, 0) => Term::app(Op::Mul, vec![v(rng), v(rng)]),
            (IntSatKind::Nonlinear, 1) => Term::app(Op::Mul, vec![v(rng), v(rng), v(rng)]),
            (IntSatKind::Nonlinear, 2) => {
                let op = *[Op::Div, Op::Mod].choose(rng).expect("ops");
                Term::app(op, vec![self.linear(vars, rng), v(rng)])
            }
            (IntSatKind::Nonlinear, 3) => Term::app(
                Op::Abs,
                vec![Term::app(
                    Op::Sub,
                    vec![v(rng), Term::app(Op::Mul, vec![v(rng), v(rng)])],
                )],
            ),
            (_, 4) => {
                let op = *[Op::Div, Op::Mod].choose(rng).expect("ops");
                let d = loop {
                    let d = self.coefficient(rng);
                    if !d.is_zero() {
                        break d;
                    }
                };
                Term::app(op, vec![self.linear(vars, rng), Term::Int(d)])
            }
            _ => self.linear(vars, rng),
        };
        value_of(&t, m).map(|_| t)
    }

    /// A constraint the model makes true, over one or two terms.
    fn constraint(&self, vars: &[String], m: &Model, rng: &mut dyn RngCore) -> Option<Term> {
        let t = self.term(vars, m, rng)?;
        let a = value_of(&t, m)?;
        if self.kind == IntSatKind::Nonlinear && rng.random_bool(0.1) {
            let d = rng.random_range(1u32..13);
            let holds = (&a % BigInt::from(d)).is_zero();
            let p = Term::app(Op::Divisible(d), vec![t]);
            return Some(if holds { p } else { Term::not(p) });
        }
        let slack = BigInt::from(rng.random_range(0i64..4));
        Some(match rng.random_range(0..7) {
            0 => Term::eq(t, Term::Int(a)),
            1 => Term::app(Op::Le, vec![t, Term::Int(a + slack)]),
            2 => Term::app(Op::Ge, vec![t, Term::Int(a - slack)]),
            3 => Term::app(Op::Lt, vec![Term::Int(a - slack - 1), t]),
            4 => Term::app(Op::Distinct, vec![t, Term::Int(a + slack + 1)]),
            _ => {
                // Two terms, ordered by their values.
                let u = self.term(vars, m, rng)?;
                let b = value_of(&u, m)?;
                let ops = match a.cmp(&b) {
                    std::cmp::Ordering::Less => [Op::Lt, Op::Le, Op::Distinct],
                    std::cmp::Ordering::Equal => [Op::Le, Op::Ge, Op::Eq],
                    std::cmp::Ordering::Greater => [Op::Gt, Op::Ge, Op::Distinct],
                };
                let op = *ops.choose(rng).expect("ops");
                Term::app(op, vec![t, u])
            }
        })
    }
}

impl Generator for IntSat {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let mut f = Formula::default();
        let mut model = Model::new();
        let vars: Vec<String> = (0..rng.random_range(1..=4))
            .map(|i| format!("x{i}"))
            .collect();
        for v in &vars {
            f.declare(v.clone(), Sort::Int);
            model.insert(v.clone(), Value::Int(self.value(rng)));
        }
        for _ in 0..rng.random_range(1..=4) {
            let c = self.constraint(&vars, &model, rng)?;
            let name = f.fresh_assertion_name();
            f.assert(c, Some(name));
        }
        let kind = match self.kind {
            IntSatKind::Large => "large",
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
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::int::logic;

    #[test]
    fn every_case_is_sat_with_its_model() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        for kind in [IntSatKind::Linear, IntSatKind::Nonlinear, IntSatKind::Large] {
            let mut g = IntSat::new(kind);
            let (mut nia, mut beyond_64, mut divisible) = (0, 0, 0);
            for _ in 0..2000 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
                nia += usize::from(logic(&c.formula) == "QF_NIA");
                divisible += usize::from(
                    c.formula
                        .operators()
                        .iter()
                        .any(|op| matches!(op, Op::Divisible(_))),
                );
                beyond_64 += usize::from(c.formula.assertions.iter().any(|a| {
                    let mut big = false;
                    a.term.visit(&mut |t| {
                        big |= matches!(t, Term::Int(n) if n.bits() > 64);
                    });
                    big
                }));
            }
            match kind {
                IntSatKind::Linear => assert_eq!(nia, 0),
                IntSatKind::Nonlinear => {
                    assert!(nia > 1000, "{nia}");
                    assert!(divisible > 100, "{divisible}");
                }
                IntSatKind::Large => {
                    assert_eq!(nia, 0);
                    assert!(beyond_64 > 1000, "{beyond_64}");
                }
            }
        }
    }
}
