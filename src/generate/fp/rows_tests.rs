//! The floating-point rows: identities where their sides hold in every
//! format they are drawn in, sides needed by evaluation, grown cases'
//! cores unique and minimal (see `rows.rs`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::values::edge;
use super::*;
use crate::generate::Generator;
use crate::semantics::{Model, eval};
use crate::truth::check_model;

/// Values of `x y z rm` in `f`: an edge value half the time, so the
/// zeros, infinities and NaN meet each other often.
fn values(f: FpFormat, rng: &mut ChaCha8Rng) -> Model {
    let mut m = Model::new();
    for v in ["x", "y", "z"] {
        let x = if rng.random_bool(0.5) {
            edge(f, rng)
        } else {
            float(f, rng)
        };
        m.insert(v, Value::Fp(x));
    }
    m.insert("rm", Value::Rm(mode(rng)));
    m
}

fn holds(side: &Option<Term>, m: &Model) -> bool {
    side.as_ref()
        .is_none_or(|s| eval(s, m) == Ok(Value::Bool(true)))
}

#[test]
fn every_row_is_well_sorted_in_each_of_its_formats() {
    assert!(fp_rows().len() >= 40);
    for row in fp_rows() {
        for f in row.formats() {
            let (lhs, rhs, side) = row.at(f);
            let env = |v: &str| variable_sort(v, f);
            assert_eq!(lhs.sort(&env), rhs.sort(&env), "{} {f:?}", row.id);
            if let Some(s) = &side {
                assert_eq!(s.sort(&env), Ok(Sort::Bool), "{} {f:?}", row.id);
            }
            row.case(f, 0).check().unwrap();
        }
    }
}

#[test]
fn every_row_is_an_identity_where_its_side_condition_holds() {
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    for row in fp_rows() {
        for f in row.formats() {
            let (lhs, rhs, side) = row.at(f);
            let mut checked = 0;
            for _ in 0..1500 {
                let m = values(f, &mut rng);
                if !holds(&side, &m) {
                    continue;
                }
                // Where the side holds, no value is left open.
                let (a, b) = match (eval(&lhs, &m), eval(&rhs, &m)) {
                    (Ok(a), Ok(b)) => (a, b),
                    other => panic!("{} {f:?}: undecided {other:?} under {m:?}", row.id),
                };
                assert_eq!(a, b, "{} {f:?} under {m:?}", row.id);
                checked += 1;
            }
            assert!(checked > 150, "{} {f:?}: only {checked} values", row.id);
        }
    }
}

/// Without its side condition a row fails for some values, by
/// evaluation, in every format it is drawn in.
#[test]
fn every_side_condition_is_needed_by_evaluation() {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    for row in fp_rows() {
        for f in row.formats() {
            let (lhs, rhs, side) = row.at(f);
            let Some(s) = &side else { continue };
            let found = (0..20_000).any(|_| {
                let m = values(f, &mut rng);
                !holds(&side, &m)
                    && matches!((eval(&lhs, &m), eval(&rhs, &m)), (Ok(a), Ok(b)) if a != b)
            });
            assert!(found, "{} {f:?}: {s} is not needed", row.id);
        }
    }
}

/// A model of a noise assertion: a search over the edge values and the
/// values near its literals.
fn noise_model(t: &Term, f: FpFormat, m: &mut Model, rng: &mut ChaCha8Rng) -> bool {
    let mut pool = Vec::new();
    t.visit(&mut |u| {
        if let Ok(Value::Fp(x)) = eval_closed(u) {
            pool.push(x);
        }
    });
    pool.push(crate::semantics::fp::Float::infinity(f, false));
    // For `(= (fp.add rm w c) d)`: d - c under each mode, and its
    // neighbours.
    let lits = pool.clone();
    for a in &lits {
        for b in &lits {
            for rm in crate::semantics::fp::RoundingMode::ALL {
                let w = crate::semantics::fp_arith::sub(rm, a, b);
                pool.extend(super::super::values::next_up(&w));
                pool.extend(super::super::values::next_up(&w.negated()).map(|u| u.negated()));
                pool.push(w);
            }
        }
    }
    (0..3000).any(|_| {
        for v in t.free_vars() {
            let x = match rng.random_range(0..3) {
                0 => pool.choose(rng).unwrap().clone(),
                1 => edge(f, rng),
                _ => float(f, rng),
            };
            m.insert(v, Value::Fp(x));
        }
        eval(t, m) == Ok(Value::Bool(true))
    })
}

/// A grown case: with the side condition true, the links (and noise) hold
/// only with `res` the value of `rhs`, which makes `a0` false; without
/// `a0` a model exists.
#[test]
fn grown_cases_hold_without_a0_and_fail_with_it() {
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    let mut g = FpUnsat::new(3, 3);
    for _ in 0..300 {
        let case = g.next(&mut rng);
        case.check().unwrap();
        let row = fp_rows()
            .iter()
            .find(|r| r.id == case.provenance.chain[0])
            .unwrap();
        let f = &case.formula;
        let Some(Sort::FloatingPoint(eb, sb)) = f.sort_of("x") else {
            panic!("{}: no float x", row.id)
        };
        let format = FpFormat::new(eb, sb).unwrap();
        let (_, rhs, side) = row.at(format);
        let mut m = loop {
            let m = values(format, &mut rng);
            if holds(&side, &m) {
                break m;
            }
        };
        let Truth::Unsat { core } = &case.truth else {
            unreachable!()
        };
        for a in f
            .assertions
            .iter()
            .filter(|a| !core.contains(a.name.as_ref().unwrap()))
        {
            assert!(
                noise_model(&a.term, format, &mut m, &mut rng),
                "noise {} unsatisfied",
                a.term
            );
        }
        let value = eval(&rhs, &m).unwrap();
        for (n, _) in &f.decls {
            if n == "res" || n == "r" || n.starts_with("r_") {
                m.insert(n.clone(), value.clone());
            }
        }
        let mut rest = f.clone();
        rest.assertions.remove(0);
        check_model(&rest, &m).unwrap_or_else(|e| panic!("{e}: {case:?}"));
        assert_eq!(eval(&f.assertions[0].term, &m), Ok(Value::Bool(false)));
    }
}
