//! The classic shapes' cores: unsat and minimal (see `classic.rs`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::semantics::{Model, Value, eval};

/// A model of the assertions `keep` by a search over small rationals
/// and values near the assertions' literals, each draw repaired where an
/// assertion's shape says how (a path's edges, a linear equation), if one
/// is found.
fn model_of(f: &Formula, keep: &[usize], tries: usize, rng: &mut ChaCha8Rng) -> Option<Model> {
    let mut pool: Vec<BigRational> = (-12..13)
        .flat_map(|n| [q(n, 1), q(n, 2), q(n, 3)])
        .collect();
    for &k in keep {
        f.assertions[k].term.visit(&mut |t| {
            if let Term::Real(r) = t {
                for d in [q(0, 1), q(1, 1), q(-1, 1), q(1, 7), q(-1, 7), q(1, 2)] {
                    pool.push(r + d);
                }
                pool.push(-r);
                pool.push(r / q(3, 1));
            }
        });
    }
    (0..tries).find_map(|_| {
        let mut m = Model::new();
        for (n, _) in &f.decls {
            m.insert(n.clone(), Value::Real(pool.choose(rng).unwrap().clone()));
        }
        // A cycle's edges `(< (+ a c) b)` without one are a path: raising
        // each `b` past `a + c`, as often as there are edges, meets them.
        for _ in 0..keep.len() {
            for &k in keep {
                if let Term::App(Op::Lt, args) = &f.assertions[k].term
                    && let [Term::App(Op::Add, sum), Term::Var(b)] = &args[..]
                    && let [a @ Term::Var(_), Term::Real(c)] = &sum[..]
                    && let Ok(Value::Real(a)) = eval(a, &m)
                    && eval(&f.assertions[k].term, &m) == Ok(Value::Bool(false))
                {
                    m.insert(b.clone(), Value::Real(a + c + q(1, 2)));
                }
                // `(= (* c x) t)`: x solved for.
                if let Term::App(Op::Eq, args) = &f.assertions[k].term
                    && let [Term::App(Op::Mul, prod), t] = &args[..]
                    && let [Term::Real(c), Term::Var(x)] = &prod[..]
                    && let Ok(Value::Real(t)) = eval(t, &m)
                {
                    m.insert(x.clone(), Value::Real(t / c));
                }
            }
        }
        keep.iter()
            .all(|&k| eval(&f.assertions[k].term, &m) == Ok(Value::Bool(true)))
            .then_some(m)
    })
}

/// Every proper subset of the core (with the noise) has a model, and
/// the core has none among the values searched; for the Farkas shape the
/// subsets' models are solved for exactly below.
#[test]
fn each_core_is_unsat_and_minimal() {
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    let mut g = RealClassic::new(2);
    let mut seen = BTreeSet::new();
    for _ in 0..300 {
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
        if c.provenance.chain[0] == "farkas" {
            continue;
        }
        for drop in all.iter().filter(|k| in_core(k)) {
            let rest: Vec<usize> = all.iter().copied().filter(|k| k != drop).collect();
            assert!(
                model_of(f, &rest, 100_000, &mut rng).is_some(),
                "without {drop}: {c:?}"
            );
        }
    }
    assert_eq!(seen.len(), RealShape::ALL.len(), "{seen:?}");
}

/// `A x = r` by Cramer's rule (`A` square and regular).
fn solve(a: &[Vec<BigRational>], r: &[BigRational]) -> Vec<BigRational> {
    let d = det(a.to_vec());
    (0..a.len())
        .map(|j| {
            let m: Vec<Vec<BigRational>> = a
                .iter()
                .zip(r)
                .map(|(row, ri)| {
                    let mut row = row.clone();
                    row[j] = ri.clone();
                    row
                })
                .collect();
            det(m) / &d
        })
        .collect()
}

fn holds(row: &FarkasRow, x: &[BigRational]) -> bool {
    let lhs: BigRational = row.a.iter().zip(x).map(|(a, x)| a * x).sum();
    if row.strict {
        lhs < row.b
    } else {
        lhs <= row.b
    }
}

/// The certificate: positive multipliers, the normals' combination 0,
/// the bounds' negative (or 0 with a strict row), so no point satisfies
/// every row; and without any one row, the rest meet a point solved for
/// exactly (their normals are independent).
#[test]
fn farkas_rows_have_a_certificate_and_every_proper_subset_a_point() {
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    for _ in 0..500 {
        let (rows, l) = farkas(&mut rng);
        let n = rows[0].a.len();
        assert_eq!(rows.len(), n + 1);
        assert!(l.iter().all(|l| l.is_positive()));
        for j in 0..n {
            let s: BigRational = rows.iter().zip(&l).map(|(r, l)| l * &r.a[j]).sum();
            assert!(s.is_zero(), "{rows:?}");
        }
        let b: BigRational = rows.iter().zip(&l).map(|(r, l)| l * &r.b).sum();
        assert!(
            b.is_negative() || (b.is_zero() && rows.iter().any(|r| r.strict)),
            "{rows:?}"
        );
        for drop in 0..=n {
            let rest: Vec<&FarkasRow> = (0..=n).filter(|&k| k != drop).map(|k| &rows[k]).collect();
            let a: Vec<Vec<BigRational>> = rest.iter().map(|r| r.a.clone()).collect();
            let rhs: Vec<BigRational> = rest.iter().map(|r| &r.b - q(1, 1)).collect();
            assert!(!det(a.clone()).is_zero(), "{rows:?} without {drop}");
            let x = solve(&a, &rhs);
            assert!(rest.iter().all(|r| holds(r, &x)), "{rows:?} without {drop}");
            // A point satisfying every row would contradict the
            // certificate: this one misses the dropped row.
            assert!(!holds(&rows[drop], &x), "{rows:?} without {drop}");
        }
    }
}
