//! Sat floating-point cases with a model: values for the variables first
//! (`values.rs`: the edges weighted), then terms over them and constraints
//! those values make true.
//!
//! - [`FpSatKind::Standard`] (QF_FP): Float16, Float32 or Float64
//!   variables and now and then a `RoundingMode` variable; terms of depth
//!   up to 2 over every arithmetic operator (`fp.add`... `fp.fma`,
//!   `fp.sqrt`, `fp.rem`, `fp.roundToIntegral`, `fp.min`, `fp.max`,
//!   `fp.abs`, `fp.neg`), each under a constant mode or the mode
//!   variable; constraints: `=` or `fp.eq` to the value, a class
//!   predicate or its negation, an order with another term, a bound one
//!   step (one ulp) past the value, `distinct` from another value.
//! - [`FpSatKind::Odd`] (QF_FP): the same over the small odd formats (3
//!   5), (5 4), (4 11), where overflow and subnormals are a few steps
//!   away.
//! - [`FpSatKind::Mixed`] (QF_FPLRA, QF_BVFP): conversions: a term of the
//!   case's format into another format, `fp.to_real` of a finite value
//!   against a Real, `to_fp` of a Real and of a signed bit-vector,
//!   `fp.to_sbv` and `fp.to_ubv` of a value in range.
//!
//! # Invariant
//!
//! Every case is sat with its carried model: each constraint is chosen by
//! its value under the model, computed by the semantics. A term whose
//! value SMT-LIB leaves open (`fp.min` of +0 and -0, `fp.to_sbv` out of
//! range, `fp.to_real` of oo) has no value there (`EvalError`), and is
//! drawn again: no case's truth rests on it. Tested by checking the model
//! of thousands of cases.

use num_bigint::BigInt;
use num_rational::BigRational;
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::category;
use super::values::{ODD, STANDARD, float, format, indexed, lit, mode, mode_term, next_up, sort};
use crate::generate::Generator;
use crate::semantics::fp::{Float, FpFormat};
use crate::semantics::{Model, Value, eval};
use crate::term::{BitVec, Formula};
use crate::term::{Op, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// What an [`FpSat`] generator draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpSatKind {
    /// Float16, Float32, Float64.
    Standard,
    /// The small odd formats.
    Odd,
    /// Conversions between formats, Reals and bit-vectors.
    Mixed,
}

/// Sat floating-point cases of one kind (see the module docs).
#[derive(Clone, Debug)]
pub struct FpSat {
    kind: FpSatKind,
    seed: u64,
}

impl FpSat {
    /// Cases of `kind`.
    pub fn new(kind: FpSatKind) -> Self {
        FpSat { kind, seed: 0 }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

/// The value of a float term under `m`, if it has one.
pub(crate) fn float_value(t: &Term, m: &Model) -> Option<Float> {
    match eval(t, m) {
        Ok(Value::Fp(x)) => Some(x),
        _ => None,
    }
}

/// One case's variables and model, and what terms are built of.
struct Draw<'a> {
    kind: FpSatKind,
    format: FpFormat,
    vars: &'a [String],
    mode_var: Option<&'a str>,
    model: &'a Model,
}

/// The class predicates.
const CLASSES: [Op; 7] = [
    Op::FpIsNaN,
    Op::FpIsInfinite,
    Op::FpIsZero,
    Op::FpIsSubnormal,
    Op::FpIsNormal,
    Op::FpIsNegative,
    Op::FpIsPositive,
];

impl Draw<'_> {
    /// A rounding mode: the mode variable now and then, else a constant.
    fn mode(&self, rng: &mut dyn RngCore) -> Term {
        match self.mode_var {
            Some(v) if rng.random_bool(0.4) => Term::var(v),
            _ => mode_term(mode(rng)),
        }
    }

    /// A variable (three times in four) or a value of the case's format.
    fn leaf(&self, rng: &mut dyn RngCore) -> Term {
        if rng.random_bool(0.75) {
            Term::var(self.vars.choose(rng).expect("vars"))
        } else {
            lit(&float(self.format, rng))
        }
    }

    /// A term of the case's format of depth up to `depth`.
    fn term(&self, depth: usize, rng: &mut dyn RngCore) -> Term {
        if depth == 0 || rng.random_bool(0.25) {
            return self.leaf(rng);
        }
        let mut sub = || self.term(depth - 1, rng);
        let (a, b) = (sub(), sub());
        let rm = self.mode(rng);
        match rng.random_range(0..12) {
            0 => Term::app(Op::FpAbs, vec![a]),
            1 => Term::app(Op::FpNeg, vec![a]),
            2 => Term::app(Op::FpAdd, vec![rm, a, b]),
            3 => Term::app(Op::FpSub, vec![rm, a, b]),
            4 => Term::app(Op::FpMul, vec![rm, a, b]),
            5 => Term::app(Op::FpDiv, vec![rm, a, b]),
            6 => {
                let c = self.leaf(rng);
                Term::app(Op::FpFma, vec![rm, a, b, c])
            }
            7 => Term::app(Op::FpSqrt, vec![rm, a]),
            8 => Term::app(Op::FpRem, vec![a, b]),
            9 => Term::app(Op::FpRoundToIntegral, vec![rm, a]),
            10 => Term::app(Op::FpMin, vec![a, b]),
            _ => Term::app(Op::FpMax, vec![a, b]),
        }
    }

    /// A float term of any format the kind draws, with its value.
    fn valued(&self, rng: &mut dyn RngCore) -> Option<(Term, Float)> {
        let t = self.term(2, rng);
        let t = if self.kind == FpSatKind::Mixed && rng.random_bool(0.3) {
            let other = format(*STANDARD.choose(rng).expect("formats"));
            let to = indexed(Op::ToFp(0, 0), other);
            match rng.random_range(0..3) {
                // A float in another format.
                0 => Term::app(to, vec![self.mode(rng), t]),
                // A Real, rounded into the case's format.
                1 => {
                    let r = BigRational::new(
                        rng.random_range(-1000i64..1001).into(),
                        (*[1i64, 3, 10, 1024].choose(rng).expect("d")).into(),
                    );
                    let to = indexed(Op::ToFp(0, 0), self.format);
                    Term::app(to, vec![self.mode(rng), Term::Real(r)])
                }
                // A signed 16-bit integer, rounded into the case's format.
                _ => {
                    let bv = BitVec::from_u64(16, rng.random_range(0..=u64::from(u16::MAX)));
                    let to = indexed(Op::ToFp(0, 0), self.format);
                    Term::app(to, vec![self.mode(rng), Term::BitVec(bv)])
                }
            }
        } else {
            t
        };
        let v = float_value(&t, self.model)?;
        Some((t, v))
    }

    /// A constraint the model makes true; `None` when a term drawn has
    /// no value.
    fn constraint(&self, rng: &mut dyn RngCore) -> Option<Term> {
        if self.kind == FpSatKind::Mixed && rng.random_bool(0.3) {
            return self.conversion(rng);
        }
        let (t, v) = self.valued(rng)?;
        Some(match rng.random_range(0..6) {
            0 => Term::eq(t, lit(&v)),
            1 if !v.is_nan() => Term::app(Op::FpEq, vec![t, lit(&v)]),
            1 | 2 => {
                let p = *CLASSES.choose(rng).expect("classes");
                let holds = Term::app(p, vec![t.clone()]);
                match eval(&holds, self.model) {
                    Ok(Value::Bool(true)) => holds,
                    Ok(Value::Bool(false)) => Term::not(holds),
                    _ => return None,
                }
            }
            3 => {
                // Another term of the same format.
                let (u, w) = loop {
                    let (u, w) = self.valued(rng)?;
                    if w.format() == v.format() {
                        break (u, w);
                    }
                };
                let ops: &[Op] = match v.compare(&w) {
                    Some(std::cmp::Ordering::Less) => &[Op::FpLt, Op::FpLeq],
                    Some(std::cmp::Ordering::Equal) => &[Op::FpEq, Op::FpLeq, Op::FpGeq],
                    Some(std::cmp::Ordering::Greater) => &[Op::FpGt, Op::FpGeq],
                    None => {
                        // NaN is unordered: every comparison is false.
                        let op = *[Op::FpLt, Op::FpLeq, Op::FpEq].choose(rng).expect("ops");
                        return Some(Term::not(Term::app(op, vec![t, u])));
                    }
                };
                Term::app(*ops.choose(rng).expect("ops"), vec![t, u])
            }
            4 if v.is_finite() => match next_up(&v) {
                // One step past the value: strictly below its successor.
                Some(up) => Term::app(Op::FpLt, vec![t, lit(&up)]),
                None => Term::app(Op::FpLeq, vec![t, lit(&v)]),
            },
            _ => {
                let other = loop {
                    let o = float(v.format(), rng);
                    if o != v {
                        break o;
                    }
                };
                Term::app(Op::Distinct, vec![t, lit(&other)])
            }
        })
    }

    /// A constraint across theories: `fp.to_real` against a Real, or
    /// `fp.to_sbv`/`fp.to_ubv` equal to their bit-vector.
    fn conversion(&self, rng: &mut dyn RngCore) -> Option<Term> {
        let t = self.term(1, rng);
        let v = float_value(&t, self.model)?;
        if rng.random_bool(0.5) {
            let real = Term::app(Op::FpToReal, vec![t]);
            let Ok(Value::Real(r)) = eval(&real, self.model) else {
                return None;
            };
            let one = BigRational::from_integer(BigInt::from(1));
            return Some(match rng.random_range(0..3) {
                0 => Term::eq(real, Term::Real(r)),
                1 => Term::app(Op::Le, vec![real, Term::Real(r + one)]),
                _ => Term::app(Op::Gt, vec![real, Term::Real(r - one)]),
            });
        }
        let width = *[8u32, 16, 32].choose(rng).expect("widths");
        let op = if v.sign() {
            Op::FpToSbv(width)
        } else {
            Op::FpToUbv(width)
        };
        let bv = Term::app(op, vec![self.mode(rng), t]);
        let Ok(value) = eval(&bv, self.model) else {
            return None;
        };
        Some(Term::eq(bv, value.to_term()))
    }
}

impl Generator for FpSat {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let formats: &[(u32, u32)] = match self.kind {
            FpSatKind::Odd => &ODD,
            _ => &STANDARD,
        };
        let f = format(*formats.choose(rng).expect("formats"));
        let mut formula = Formula::default();
        let mut model = Model::new();
        let vars: Vec<String> = (0..rng.random_range(1..=3))
            .map(|i| format!("x{i}"))
            .collect();
        for v in &vars {
            formula.declare(v.clone(), sort(f));
            model.insert(v.clone(), Value::Fp(float(f, rng)));
        }
        let mode_var = rng.random_bool(0.3).then_some("rm");
        if let Some(r) = mode_var {
            formula.declare(r, Sort::RoundingMode);
            model.insert(r, Value::Rm(mode(rng)));
        }
        let draw = Draw {
            kind: self.kind,
            format: f,
            vars: &vars,
            mode_var,
            model: &model,
        };
        for _ in 0..rng.random_range(1..=4) {
            // A few tries per constraint: a term with no value is drawn
            // again rather than the whole case.
            let c = (0..8).find_map(|_| draw.constraint(rng))?;
            let name = formula.fresh_assertion_name();
            formula.assert(c, Some(name));
        }
        // A mode variable no constraint names is dropped.
        if mode_var.is_some()
            && !formula
                .assertions
                .iter()
                .any(|a| a.term.free_vars().contains("rm"))
        {
            formula.decls.retain(|(n, _)| n != "rm");
            model.0.remove("rm");
        }
        let kind = match self.kind {
            FpSatKind::Odd => "odd",
            _ => "sat",
        };
        let category = category(kind, &formula);
        Some(Case::new(
            formula,
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
        for kind in [FpSatKind::Standard, FpSatKind::Odd, FpSatKind::Mixed] {
            let mut g = FpSat::new(kind);
            let mut by: BTreeMap<String, usize> = BTreeMap::new();
            let mut ops = std::collections::BTreeSet::new();
            let (mut modes, mut nan, mut subnormal) = (0, 0, 0);
            for _ in 0..1000 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
                *by.entry(c.provenance.category.clone()).or_default() += 1;
                ops.extend(c.formula.operators());
                modes += usize::from(c.formula.sort_of("rm").is_some());
                let Truth::Sat { model } = &c.truth else {
                    unreachable!()
                };
                nan += usize::from(
                    model
                        .0
                        .values()
                        .any(|v| matches!(v, Value::Fp(x) if x.is_nan())),
                );
                subnormal += usize::from(model.0.values().any(
                    |v| matches!(v, Value::Fp(x) if x.class() == crate::semantics::fp::Class::Subnormal),
                ));
            }
            assert!(
                modes > 100 && nan > 30 && subnormal > 50,
                "{kind:?}: {modes} {nan} {subnormal}"
            );
            for op in [
                Op::FpFma,
                Op::FpRem,
                Op::FpSqrt,
                Op::FpMin,
                Op::FpIsSubnormal,
                Op::FpLt,
            ] {
                assert!(ops.contains(&op), "{kind:?}: no {op:?}");
            }
            let n = |c: &str| by.get(c).copied().unwrap_or(0);
            match kind {
                FpSatKind::Standard => assert_eq!(n("fp-sat-fp"), 1000, "{by:?}"),
                FpSatKind::Odd => assert_eq!(n("fp-odd-fp"), 1000, "{by:?}"),
                FpSatKind::Mixed => {
                    assert!(n("fp-sat-fplra") > 100, "{by:?}");
                    assert!(n("fp-sat-bvfp") > 50, "{by:?}");
                }
            }
        }
    }
}
