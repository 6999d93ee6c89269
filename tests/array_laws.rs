//! Property tests: the ArraysEx axioms on the semantics' array values,
//! over index sorts with infinite domains (Int, RegLan) and finite ones
//! (Bool, `(_ BitVec 2)`), through the evaluator (`select`, `store`,
//! `(as const ...)`, `=`):
//!
//! - read-over-write: `(select (store a i e) i) = e`, and
//!   `(select (store a i e) j) = (select a j)` for `i != j`;
//! - extensionality: `(= a b)` iff `a` and `b` agree at every index (checked
//!   at every index of a finite domain, and at every stored key plus a fresh
//!   one for Int);
//! - RegLan keys are languages: storing at `a*` and reading at `(a*)*`
//!   finds the entry.

use proptest::prelude::*;

use equifuzz::semantics::{Value, eval_closed};
use equifuzz::term::{Op, Sort, Term};

fn arr(i: Sort, e: Sort) -> Sort {
    Sort::Array(Box::new(i), Box::new(e))
}

/// An index term of `sort` from a small pool (so that keys collide).
fn index(sort: &Sort, k: u8) -> Term {
    match sort {
        Sort::Int => Term::int(i64::from(k % 5)),
        Sort::Bool => Term::Bool(k.is_multiple_of(2)),
        Sort::BitVec(2) => Term::bv(2, u64::from(k % 4)),
        Sort::RegLan => {
            let a = Term::app(Op::StrToRe, vec![Term::str("a")]);
            match k % 4 {
                0 => Term::app(Op::ReStar, vec![a]),
                // The same language as 0.
                1 => Term::app(Op::ReStar, vec![Term::app(Op::ReStar, vec![a])]),
                2 => a,
                _ => Term::app(Op::ReAllchar, vec![]),
            }
        }
        _ => unreachable!(),
    }
}

/// Every value of a finite index sort, or a sample of an infinite one.
fn indices(sort: &Sort) -> Vec<Term> {
    let n = match sort {
        Sort::Bool => 2,
        Sort::BitVec(2) => 4,
        _ => 8,
    };
    let mut out: Vec<Term> = (0..n).map(|k| index(sort, k)).collect();
    // A fresh index no store uses.
    match sort {
        Sort::Int => out.push(Term::int(1000)),
        Sort::RegLan => out.push(Term::app(Op::StrToRe, vec![Term::str("b")])),
        _ => {}
    }
    out
}

fn index_sort() -> impl Strategy<Value = Sort> {
    prop::sample::select(vec![Sort::Int, Sort::Bool, Sort::BitVec(2), Sort::RegLan])
}

/// An array term over `index`, elements Int in 0..3: a constant array and
/// up to four stores.
fn array_term(index_sort: Sort) -> impl Strategy<Value = Term> {
    (0i64..3, prop::collection::vec((any::<u8>(), 0i64..3), 0..5)).prop_map(move |(d, stores)| {
        let mut t = Term::const_array(arr(index_sort.clone(), Sort::Int), Term::int(d));
        for (k, v) in stores {
            t = Term::app(Op::Store, vec![t, index(&index_sort, k), Term::int(v)]);
        }
        t
    })
}

fn eval(t: &Term) -> Value {
    eval_closed(t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

fn select(a: &Term, i: &Term) -> Term {
    Term::app(Op::Select, vec![a.clone(), i.clone()])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn read_over_write(
        (s, a) in index_sort().prop_flat_map(|s| (Just(s.clone()), array_term(s))),
        k in any::<u8>(),
        e in 0i64..3,
    ) {
        let i = index(&s, k);
        let stored = Term::app(Op::Store, vec![a.clone(), i.clone(), Term::int(e)]);
        prop_assert_eq!(eval(&select(&stored, &i)), Value::Int(e.into()));
        for j in indices(&s) {
            let same = eval(&Term::eq(i.clone(), j.clone())) == Value::Bool(true);
            if !same {
                prop_assert_eq!(eval(&select(&stored, &j)), eval(&select(&a, &j)));
            }
        }
    }

    #[test]
    fn equality_is_extensional(
        (s, a, b) in index_sort().prop_flat_map(|s| (Just(s.clone()), array_term(s.clone()), array_term(s))),
    ) {
        let agree = indices(&s)
            .iter()
            .all(|i| eval(&select(&a, i)) == eval(&select(&b, i)));
        let eq = eval(&Term::eq(a.clone(), b.clone())) == Value::Bool(true);
        // On a finite domain the sample is every index: equality is agreement.
        // On an infinite one the sample holds every stored key and a fresh
        // index, so it decides too.
        prop_assert_eq!(eq, agree, "{} vs {}", a, b);
        let ne = eval(&Term::app(Op::Distinct, vec![a.clone(), b.clone()]));
        prop_assert_eq!(ne, Value::Bool(!eq));
    }

    #[test]
    fn a_value_printed_as_a_term_evaluates_to_itself(
        (_s, a) in index_sort().prop_flat_map(|s| (Just(s.clone()), array_term(s))),
    ) {
        // Values reach solvers and findings as terms (`Value::to_term`).
        let v = eval(&a);
        let back = eval(&v.to_term());
        prop_assert_eq!(eval(&Term::eq(v.to_term(), a.clone())), Value::Bool(true));
        prop_assert_eq!(back, v);
    }

    #[test]
    fn store_order_and_overwrite(
        (s, a) in index_sort().prop_flat_map(|s| (Just(s.clone()), array_term(s))),
        k1 in any::<u8>(), k2 in any::<u8>(), e1 in 0i64..3, e2 in 0i64..3,
    ) {
        let (i, j) = (index(&s, k1), index(&s, k2));
        let st = |a: &Term, i: &Term, e: i64| Term::app(Op::Store, vec![a.clone(), i.clone(), Term::int(e)]);
        // Overwriting: the later store wins.
        let twice = st(&st(&a, &i, e1), &i, e2);
        prop_assert_eq!(eval(&Term::eq(twice, st(&a, &i, e2))), Value::Bool(true));
        // Stores at distinct indices commute.
        if eval(&Term::eq(i.clone(), j.clone())) == Value::Bool(false) {
            let ij = st(&st(&a, &i, e1), &j, e2);
            let ji = st(&st(&a, &j, e2), &i, e1);
            prop_assert_eq!(eval(&Term::eq(ij, ji)), Value::Bool(true));
        }
    }
}

#[test]
fn arrays_of_arrays_and_reglan_elements() {
    // (Array Bool (Array Bool Int)): a finite domain of finite functions.
    let inner = arr(Sort::Bool, Sort::Int);
    let c0 = Term::const_array(inner.clone(), Term::int(0));
    let outer = Term::const_array(arr(Sort::Bool, inner.clone()), c0.clone());
    let one_at_true = Term::app(Op::Store, vec![c0.clone(), Term::Bool(true), Term::int(1)]);
    let a = Term::app(
        Op::Store,
        vec![outer.clone(), Term::Bool(false), one_at_true.clone()],
    );
    assert_eq!(
        eval(&select(&select(&a, &Term::Bool(false)), &Term::Bool(true))),
        Value::Int(1.into())
    );
    assert_eq!(eval(&Term::eq(a.clone(), outer)), Value::Bool(false));
    // RegLan elements compare as languages.
    let r = |t: Term| Term::const_array(arr(Sort::Int, Sort::RegLan), t);
    let a_star = Term::app(
        Op::ReStar,
        vec![Term::app(Op::StrToRe, vec![Term::str("a")])],
    );
    let a_star_star = Term::app(Op::ReStar, vec![a_star.clone()]);
    assert_eq!(
        eval(&Term::eq(r(a_star.clone()), r(a_star_star))),
        Value::Bool(true)
    );
    assert_eq!(
        eval(&Term::eq(r(a_star), r(Term::app(Op::ReAll, vec![])))),
        Value::Bool(false)
    );
    // An ill-sorted store is an error.
    assert!(eval_closed(&Term::app(Op::Store, vec![c0, Term::int(1), Term::int(1)])).is_err());
}
