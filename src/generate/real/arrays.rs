//! Sat cases over arrays of Reals (QF_AUFLIRA): `(Array Int Real)` and
//! `(Array Real Real)` variables beside Real and Int ones, whose model
//! values are a default and a few stored entries (at fractional keys for
//! Real indices); constraints on `select`s at index terms (a variable, a
//! key stored, `(to_int x)`, a linear term) and on `select`s of `store`s,
//! each chosen by its value under the model.
//!
//! # Invariant
//!
//! Every case is sat with its carried model, as in `sat.rs`: every
//! constraint is made true by its value, computed by the semantics
//! (tested on thousands of cases).

use num_rational::BigRational;
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::category;
use super::sat::{bound, compare, real_value};
use super::values::{lit, nonzero, q, rational};
use crate::generate::Generator;
use crate::semantics::array::ArrayValue;
use crate::semantics::{Model, Value};
use crate::term::{Formula, Op, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// Sat cases over arrays of Reals (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct RealArrays {
    seed: u64,
}

impl RealArrays {
    /// Cases over `(Array Int Real)` and `(Array Real Real)`.
    pub fn new() -> Self {
        RealArrays::default()
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

fn array_sort(index: Sort) -> Sort {
    Sort::Array(Box::new(index), Box::new(Sort::Real))
}

/// A model value: a default and up to three entries at keys of `index`.
fn array_value(index: &Sort, keys: &[Value], rng: &mut dyn RngCore) -> ArrayValue {
    let mut a = ArrayValue::constant(index.clone(), Sort::Real, Value::Real(rational(rng, 0.0)));
    for _ in 0..rng.random_range(0..=3) {
        let k = keys.choose(rng).expect("keys").clone();
        a = a
            .store(k, Value::Real(rational(rng, 0.0)))
            .expect("rationals compare");
    }
    a
}

/// An index term of `index`'s sort over the case's variables and keys.
fn index_term(index: &Sort, keys: &[Value], rng: &mut dyn RngCore) -> Term {
    match (index, rng.random_range(0..4)) {
        (_, 0) => keys.choose(rng).expect("keys").to_term(),
        (Sort::Int, 1) => Term::app(Op::ToInt, vec![Term::var("x0")]),
        (Sort::Int, 2) => Term::app(Op::Add, vec![Term::var("n0"), Term::int(1)]),
        (Sort::Int, _) => Term::var("n0"),
        (_, 1) => Term::app(Op::Add, vec![Term::var("x1"), lit(nonzero(rng))]),
        (_, 2) => Term::app(Op::RealDiv, vec![Term::var("x0"), lit(q(3, 1))]),
        _ => Term::var("x1"),
    }
}

/// The keys of an index sort: a few integers, or a few rationals.
fn keys(index: &Sort) -> Vec<Value> {
    match index {
        Sort::Int => (-2i64..3).map(|n| Value::Int(n.into())).collect(),
        _ => [q(0, 1), q(1, 3), q(-5, 2), q(22, 7), q(7, 1)]
            .into_iter()
            .map(Value::Real)
            .collect(),
    }
}

/// A Real term reading an array: `(select a i)`, or `(select (store a i
/// v) j)`.
fn read(a: &str, index: &Sort, keys: &[Value], rng: &mut dyn RngCore) -> Term {
    let mut array = Term::var(a);
    if rng.random_bool(0.3) {
        let v = lit(rational(rng, 0.0));
        array = Term::app(Op::Store, vec![array, index_term(index, keys, rng), v]);
    }
    Term::app(Op::Select, vec![array, index_term(index, keys, rng)])
}

impl Generator for RealArrays {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let mut f = Formula::default();
        let mut model = Model::new();
        let (int_keys, real_keys) = (keys(&Sort::Int), keys(&Sort::Real));
        for x in ["x0", "x1"] {
            f.declare(x, Sort::Real);
            let v = if rng.random_bool(0.5) {
                real_keys.choose(rng).expect("keys").clone()
            } else {
                Value::Real(rational(rng, 0.0))
            };
            model.insert(x, v);
        }
        f.declare("n0", Sort::Int);
        model.insert("n0", int_keys.choose(rng).expect("keys").clone());
        let arrays: Vec<(&str, Sort, &[Value])> =
            vec![("ai", Sort::Int, &int_keys), ("ar", Sort::Real, &real_keys)];
        for (a, index, keys) in &arrays {
            f.declare(*a, array_sort(index.clone()));
            model.insert(*a, Value::Array(array_value(index, keys, rng)));
        }
        for _ in 0..rng.random_range(1..=4) {
            let (a, index, keys) = arrays.choose(rng).expect("arrays");
            let t = read(a, index, keys, rng);
            let value = real_value(&t, &model)?;
            let c = match rng.random_range(0..3) {
                0 => {
                    let (b, index, keys) = arrays.choose(rng).expect("arrays");
                    let u = read(b, index, keys, rng);
                    let other = real_value(&u, &model)?;
                    Term::app(compare(&value, &other, rng), vec![t, u])
                }
                1 => {
                    let x = Term::var(*["x0", "x1"].choose(rng).expect("reals"));
                    let other: BigRational = real_value(&x, &model)?;
                    Term::app(compare(&value, &other, rng), vec![t, x])
                }
                _ => bound(t, &value, rng),
            };
            let name = f.fresh_assertion_name();
            f.assert(c, Some(name));
        }
        let category = category("sat", &f);
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

    #[test]
    fn every_case_is_sat_with_its_model_and_reads_stored_entries() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        let mut g = RealArrays::new();
        let (mut stores, mut real_index) = (0, 0);
        for _ in 0..2000 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert!(c.provenance.category.starts_with("real-sat-auf"), "{c:?}");
            let ops = c.formula.operators();
            stores += usize::from(ops.contains(&Op::Store));
            real_index += usize::from(c.formula.assertions.iter().any(|a| {
                let mut found = false;
                a.term.visit(&mut |t| {
                    found |= matches!(t, Term::App(Op::Select, args) if args[0].to_string().contains("ar"));
                });
                found
            }));
        }
        assert!(stores > 500, "{stores}");
        assert!(real_index > 1000, "{real_index}");
    }
}
