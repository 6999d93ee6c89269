//! The real rows: identities where their sides hold, sides needed, grown
//! cases' cores unique and minimal (see `rows.rs`).

use num_bigint::BigInt;
use num_traits::One;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::values::q;
use super::*;
use crate::generate::Generator;
use crate::semantics::{Model, eval};
use crate::truth::check_model;

/// Boundary values of each sort: integers, fractions that terminate and
/// ones that do not, both signs, beyond 2^64, below 2^-64.
fn boundary(sort: &Sort) -> Vec<Value> {
    let two_64 = BigInt::one() << 64u32;
    match sort {
        Sort::Int => [
            BigInt::from(0),
            1.into(),
            2.into(),
            7.into(),
            two_64.clone(),
        ]
        .into_iter()
        .flat_map(|n| [-n.clone(), n])
        .map(Value::Int)
        .collect(),
        _ => [
            q(0, 1),
            q(1, 1),
            q(1, 2),
            q(1, 3),
            q(2, 3),
            q(22, 7),
            q(7, 2),
            q(5, 1),
            BigRational::from_integer(two_64.clone()),
            BigRational::new(two_64.clone() + 1, 3.into()),
            BigRational::new(1.into(), two_64 << 6u32),
        ]
        .into_iter()
        .flat_map(|r| [-r.clone(), r])
        .map(Value::Real)
        .collect(),
    }
}

fn values(rng: &mut ChaCha8Rng) -> Model {
    let mut m = Model::new();
    for v in ["x", "y", "z", "n", "m"] {
        let sort = variable_sort(v).unwrap();
        let value = if rng.random_bool(0.5) {
            boundary(&sort).choose(rng).unwrap().clone()
        } else {
            value_of(v, rng)
        };
        m.insert(v, value);
    }
    m
}

fn holds(side: &Option<Term>, m: &Model) -> bool {
    side.as_ref()
        .is_none_or(|s| eval(s, m) == Ok(Value::Bool(true)))
}

#[test]
fn every_row_is_well_sorted_over_its_variables() {
    assert!(real_rows().len() >= 40);
    let (mut mixed, mut real_only) = (0, 0);
    for row in real_rows() {
        let rhs = row.rhs.sort(&variable_sort).unwrap();
        assert_eq!(row.sort(), rhs, "{}", row.id);
        if let Some(s) = &row.side {
            assert_eq!(s.sort(&variable_sort).unwrap(), Sort::Bool, "{}", row.id);
        }
        let case = row.case(0);
        case.check().unwrap();
        let ints = case.formula.decls.iter().any(|(_, s)| *s == Sort::Int)
            || case.formula.operators().iter().any(|op| {
                matches!(
                    op,
                    crate::term::Op::ToInt | crate::term::Op::IsInt | crate::term::Op::ToReal
                )
            });
        mixed += usize::from(ints);
        real_only += usize::from(!ints);
    }
    assert!(mixed >= 10 && real_only >= 20, "{mixed} {real_only}");
}

#[test]
fn every_row_is_an_identity_where_its_side_condition_holds() {
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    for row in real_rows() {
        let mut checked = 0;
        for _ in 0..6000 {
            let m = values(&mut rng);
            if !holds(&row.side, &m) {
                continue;
            }
            // Where the side holds, nothing divides by zero.
            let (a, b) = match (eval(&row.lhs, &m), eval(&row.rhs, &m)) {
                (Ok(a), Ok(b)) => (a, b),
                other => panic!("{}: undecided {other:?} under {m:?}", row.id),
            };
            assert_eq!(a, b, "{} under {m:?}", row.id);
            checked += 1;
        }
        assert!(checked > 500, "{}: only {checked} values", row.id);
    }
}

/// Without its side condition a row fails for some values: found by
/// evaluation, or the condition is a nonzero divisor, where the row fails
/// by the model's choice of division by zero (asked of the solvers in
/// tests/real_rows_vs_solvers.rs).
#[test]
fn every_side_condition_is_needed() {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let mut by_evaluation = 0;
    for row in real_rows() {
        let Some(side) = &row.side else { continue };
        let found = (0..5000).any(|_| {
            let m = values(&mut rng);
            !holds(&row.side, &m)
                && matches!((eval(&row.lhs, &m), eval(&row.rhs, &m)),
                    (Ok(a), Ok(b)) if a != b)
        });
        by_evaluation += usize::from(found);
        assert!(
            found || is_nonzero_divisor(side),
            "{}: {side} is not needed",
            row.id
        );
    }
    assert!(by_evaluation >= 5, "{by_evaluation}");
}

/// A model of a noise assertion: a search over small values and values
/// near its literals (`c`, `c/3`, `c + 1/2`).
fn noise_model(t: &Term, m: &mut Model, rng: &mut ChaCha8Rng) -> bool {
    let mut pool: Vec<BigRational> = (-3..4).map(|n| q(n, 1)).collect();
    t.visit(&mut |u| {
        if let Term::Real(r) = u {
            pool.extend([r.clone(), r / q(3, 1), r + q(1, 2), r + q(1, 3)]);
        }
    });
    (0..500).any(|_| {
        for v in t.free_vars() {
            m.insert(v, Value::Real(pool.choose(rng).unwrap().clone()));
        }
        eval(t, m) == Ok(Value::Bool(true))
    })
}

/// A grown case: with the side condition true, the links (and noise)
/// hold only with `res` the value of `rhs`, which makes `a0` false;
/// without `a0`, or with one link dropped, a model exists.
#[test]
fn grown_cases_keep_their_unique_minimal_core() {
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    let mut g = RealUnsat::new(3, 3);
    for _ in 0..600 {
        let case = g.next(&mut rng);
        case.check().unwrap();
        let Truth::Unsat { core } = &case.truth else {
            unreachable!()
        };
        let row = real_rows()
            .iter()
            .find(|r| r.id == case.provenance.chain[0])
            .unwrap();
        let f = &case.formula;
        let in_core: Vec<usize> = (0..f.assertions.len())
            .filter(|&k| core.contains(f.assertions[k].name.as_ref().unwrap()))
            .collect();
        let links = &in_core[1..in_core.len() - usize::from(row.side.is_some())];
        let mut m = loop {
            let m = values(&mut rng);
            if holds(&row.side, &m) {
                break m;
            }
        };
        for k in (0..f.assertions.len()).filter(|k| !in_core.contains(k)) {
            let t = &f.assertions[k].term;
            assert!(noise_model(t, &mut m, &mut rng), "noise {t} unsatisfied");
        }
        let value = eval(&row.rhs, &m).unwrap();
        let chained: Vec<String> = f
            .decls
            .iter()
            .map(|(n, _)| n.clone())
            .filter(|n| n == "res" || n == "r" || n.starts_with("r_"))
            .collect();
        for v in &chained {
            m.insert(v.clone(), value.clone());
        }
        let mut rest = f.clone();
        rest.assertions.remove(0);
        check_model(&rest, &m).unwrap_or_else(|e| panic!("{e}: {case:?}"));
        assert_eq!(eval(&f.assertions[0].term, &m), Ok(Value::Bool(false)));
        let other = match &value {
            Value::Int(n) => Value::Int(n + 1),
            Value::Real(r) => Value::Real(r + q(1, 1)),
            Value::Bool(b) => Value::Bool(!b),
            v => unreachable!("{v:?}"),
        };
        for (j, &link) in links.iter().enumerate() {
            let mut m2 = m.clone();
            for v in &chained[..=j] {
                m2.insert(v.clone(), other.clone());
            }
            let mut without = f.clone();
            without.assertions.remove(link);
            check_model(&without, &m2).unwrap_or_else(|e| panic!("{e}: {case:?}"));
        }
    }
}
