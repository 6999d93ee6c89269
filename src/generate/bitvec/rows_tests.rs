//! The rows' invariants: each is an identity at every checked width, on
//! boundary and random values; each half of a case is satisfiable alone;
//! grown cases keep their unique minimal core; the anchor only where the
//! left side depends on every variable.

use num_bigint::BigInt;
use num_traits::One;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::generate::Generator;
use crate::generate::bitvec::widths::{CHECKED_WIDTHS, boundary_values};
use crate::truth::check_model;

/// The boundary values of a variable's sort at width `w`.
fn boundaries(sort: &Sort, w: u32) -> Vec<Value> {
    match sort {
        Sort::BitVec(v) => boundary_values(*v).into_iter().map(Value::BitVec).collect(),
        Sort::Int => {
            let p = BigInt::one() << w;
            [
                BigInt::from(0),
                BigInt::one(),
                BigInt::from(-1),
                p.clone(),
                &p - 1,
                -p.clone(),
                -&p - 1,
                (&p << 3u32) + 5,
            ]
            .into_iter()
            .map(Value::Int)
            .collect()
        }
        other => unreachable!("{other}"),
    }
}

/// Every assignment of boundary values to `vars`, then `random` random
/// ones.
fn models(vars: &[(Symbol, Sort)], w: u32, random: usize, rng: &mut ChaCha8Rng) -> Vec<Model> {
    let mut out = vec![Model::new()];
    for (v, s) in vars {
        out = out
            .into_iter()
            .flat_map(|m| {
                boundaries(s, w).into_iter().map(move |b| {
                    let mut m = m.clone();
                    m.insert(v.clone(), b);
                    m
                })
            })
            .collect();
    }
    out.extend((0..random).map(|_| random_model(vars, rng)));
    out
}

/// A row's first counterexample at width `w`, if any.
fn counterexample(row: &BvInstance, w: u32, rng: &mut ChaCha8Rng) -> Option<String> {
    for m in models(&row.vars, w, 60, rng) {
        match (eval(&row.lhs, &m), eval(&row.rhs, &m)) {
            (Ok(a), Ok(b)) if a == b => {}
            other => return Some(format!("{other:?} under {m:?}")),
        }
    }
    None
}

#[test]
fn widths_are_written_out() {
    assert_eq!(
        instantiate("((_ extract W-1 W-1) (bvor x (_ bvW W)) 2^W 2W-1)", 8),
        "((_ extract 7 7) (bvor x (_ bv8 8)) 256 15)"
    );
    // Atoms that only contain W are left alone.
    assert_eq!(instantiate("(bvadd Wx x)", 3), "(bvadd Wx x)");
}

#[test]
fn every_row_is_an_identity_at_every_checked_width() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    assert!(bv_rows().len() >= 70, "{}", bv_rows().len());
    for row in bv_rows() {
        for &w in CHECKED_WIDTHS.iter().filter(|&&w| w >= row.min_width) {
            let at = row.at(w);
            if let Some(bad) = counterexample(&at, w, &mut rng) {
                panic!("{} ({}) at width {w}: {bad}", row.id, row.source);
            }
        }
    }
}

/// The check above can fail: rows that are no identities are caught,
/// one on random values only, one on a boundary value only.
#[test]
fn a_row_that_is_no_identity_is_caught() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let wrong = |lhs: &'static str, rhs: &'static str| BvRow {
        id: "WRONG",
        min_width: 1,
        source: "",
        vars: "((x (_ BitVec W)) (y (_ BitVec W)))",
        lhs,
        rhs,
    };
    // x + y = x | y fails on random values.
    let a = wrong("(bvadd x y)", "(bvor x y)").at(32);
    assert!(counterexample(&a, 32, &mut rng).is_some());
    // bvsdiv by -1 is negation except for MIN / -1 (which is MIN, also
    // the negation): true; but abs(x) >= 0 fails only at MIN.
    let b = wrong(
        "(bvsge (ite (bvslt x (_ bv0 W)) (bvneg x) x) (_ bv0 W))",
        "true",
    )
    .at(64);
    assert!(counterexample(&b, 64, &mut rng).is_some());
}

#[test]
fn each_half_is_satisfiable_alone_so_the_core_is_unique() {
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    for case in bv_equivalent_formula_cases(0) {
        case.check().unwrap();
        let f = &case.formula;
        let vars: Vec<(Symbol, Sort)> = f
            .decls
            .iter()
            .filter(|(n, _)| n != "res")
            .cloned()
            .collect();
        let mut m = random_model(&vars, &mut rng);
        let Term::App(_, not_a) = &f.assertions[0].term else {
            unreachable!()
        };
        let Term::App(_, sides) = &not_a[0] else {
            unreachable!()
        };
        let lhs = eval(&sides[0], &m).unwrap();
        m.insert("res", lhs.clone());
        let mut b_only = f.clone();
        b_only.assertions.remove(0);
        check_model(&b_only, &m).unwrap_or_else(|e| panic!("{e}: {case:?}"));
        m.insert("res", other(&lhs));
        let mut not_a_only = f.clone();
        not_a_only.assertions.truncate(1);
        check_model(&not_a_only, &m).unwrap_or_else(|e| panic!("{e}: {case:?}"));
    }
}

/// A value of `v`'s sort other than `v`.
fn other(v: &Value) -> Value {
    match v {
        Value::Bool(b) => Value::Bool(!b),
        Value::Int(n) => Value::Int(n + 1),
        Value::BitVec(b) => Value::BitVec(crate::semantics::bitvec::bvnot(b)),
        other => unreachable!("{other}"),
    }
}

/// A grown case: with `res` and every link the value of `rhs`, all but
/// `a0` hold and `a0` is false; without `a0`, or with one link dropped, a
/// model exists; noise holds on its own fresh variables.
#[test]
fn grown_cases_keep_their_unique_minimal_core() {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    let mut g = BvUnsat::new(4, 3);
    let (mut linked, mut noisy) = (0, 0);
    for _ in 0..300 {
        let case = g.next(&mut rng);
        case.check().unwrap();
        let Truth::Unsat { core } = &case.truth else {
            unreachable!()
        };
        let f = &case.formula;
        let links: Vec<usize> = (1..f.assertions.len())
            .filter(|&k| core.contains(f.assertions[k].name.as_ref().unwrap()))
            .collect();
        assert_eq!(core.len(), links.len() + 1);
        linked += usize::from(links.len() > 1);
        noisy += usize::from(f.assertions.len() > links.len() + 1);
        let vars: Vec<(Symbol, Sort)> = f.decls.clone();
        let mut m = random_model(&vars, &mut rng);
        // Noise: find values of its fresh variables that satisfy it.
        for k in (1..f.assertions.len()).filter(|k| !links.contains(k)) {
            let t = &f.assertions[k].term;
            for _ in 0..400 {
                if eval(t, &m) == Ok(Value::Bool(true)) {
                    break;
                }
                for v in t.free_vars() {
                    let s = f.sort_of(&v).unwrap();
                    m.insert(v, random_value(&s, &mut rng));
                }
            }
            assert_eq!(eval(t, &m), Ok(Value::Bool(true)), "{t}");
        }
        let last = &f.assertions[*links.last().unwrap()].term;
        let Term::App(_, sides) = last else {
            unreachable!()
        };
        let value = eval(&sides[1], &m).unwrap();
        let names: Vec<String> = links[..links.len() - 1]
            .iter()
            .map(|&k| match &f.assertions[k].term {
                Term::App(_, s) => match &s[1] {
                    Term::Var(v) => v.clone(),
                    _ => unreachable!(),
                },
                _ => unreachable!(),
            })
            .collect();
        m.insert("res", value.clone());
        for v in &names {
            m.insert(v.clone(), value.clone());
        }
        let mut rest = f.clone();
        rest.assertions.remove(0);
        check_model(&rest, &m).unwrap();
        assert_eq!(eval(&f.assertions[0].term, &m), Ok(Value::Bool(false)));
        for j in 0..links.len() {
            let o = other(&value);
            let mut m2 = m.clone();
            m2.insert("res", o.clone());
            for v in &names[..j] {
                m2.insert(v.clone(), o.clone());
            }
            let mut without = f.clone();
            without.assertions.remove(links[j]);
            check_model(&without, &m2).unwrap_or_else(|e| panic!("{e}: {case:?}"));
        }
    }
    assert!(linked > 100 && noisy > 100, "{linked} {noisy}");
}

#[test]
fn rows_whose_left_side_ignores_a_variable_carry_no_anchor() {
    let constant = ["BV23", "BV41", "BV42", "BV63"];
    for row in bv_rows() {
        let anchored = row.case(8, 0).provenance.anchor.is_some();
        if constant.contains(&row.id) {
            assert!(!anchored, "{}", row.id);
        }
    }
    for id in ["BV2", "BV6", "BV33", "BV64", "BV72"] {
        let row = bv_rows().iter().find(|r| r.id == id).unwrap();
        assert!(row.case(8, 0).provenance.anchor.is_some(), "{id}");
    }
}
