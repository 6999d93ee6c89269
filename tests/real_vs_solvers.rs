//! Differential test of the real semantics (`semantics::real`, the Real
//! arms of `semantics::apply`) on constant terms (issue 43, the reals'
//! first step): `+`, `-` (binary, three arguments and unary), `*`, `/`
//! (nonzero divisors; two and three arguments), the comparisons
//! `< <= > >=` (two and three arguments, chained), `=`, `distinct`, `to_real`,
//! `to_int` and `is_int`, on small, fractional (`1/3`, `22/7`, `1/1000`),
//! 63-/64-bit and very large (numerators and denominators beyond 2^64)
//! constants of both signs, every pair for a binary operator; and random
//! nested terms of depth up to 3 over the same operators (those dividing by
//! zero left out: they have no value): 1,500 in CI, `EQUIFUZZ_DIFF_TERMS`
//! when set (`scripts/real-vs-solvers.sh`, 100,000 by default).
//!
//! For each term `t` with our value `v` the solver is asked `(assert (not
//! (= t v)))`, in batches split until every disagreeing term stands alone
//! (`tests/common/differential.rs`). Asked: the system's libz3 (4.8.12)
//! always, Z3 5.4.1 and cvc5 1.4.2 from the cache and the cvc5 binary on
//! PATH (1.0.3) when present (SKIPPED visibly otherwise). A disagreement
//! fails unless listed in `tests/data/real-known.txt` (solver name prefix,
//! tab, the printed term, tab, why); the file does not exist: none is
//! known.
//!
//! Beside the solvers: every rational of the test prints and parses back
//! as itself, each solver's spelling of a model value reads as ours, and a
//! term that divides by zero has no value.

#[path = "common/bv_solvers.rs"]
mod bv_solvers;
#[path = "common/cvc5.rs"]
mod cvc5;
#[path = "common/differential.rs"]
#[allow(dead_code)]
mod differential;
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use bv_solvers::Release;
use differential::{Case, Judge, Tally};
use equifuzz::semantics::{EvalError, Value, eval_closed};
use equifuzz::term::{Op, Printer, Response, Sort, Term, parse_responses, parse_term};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 0x1_0043;
const BATCH: usize = 250;
/// Random nested terms per run: `EQUIFUZZ_DIFF_TERMS` when set (the
/// measurement of `scripts/real-vs-solvers.sh`), else 1,500 (CI).
fn nested_count() -> usize {
    match std::env::var("EQUIFUZZ_DIFF_TERMS") {
        Ok(_) => differential::term_count(),
        Err(_) => 1500,
    }
}

fn q(n: impl Into<BigInt>, d: impl Into<BigInt>) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// Zero, small integers and fractions (terminating decimals and not),
/// the 63- and 64-bit edges, and numerators and denominators far beyond
/// 64 bits; both signs.
fn reals() -> Vec<BigRational> {
    let two63: BigInt = BigInt::one() << 63;
    let two64: BigInt = BigInt::one() << 64;
    let big: BigInt = BigInt::from(10u32).pow(30u32) + 7;
    let mut out = vec![
        q(0, 1),
        q(1, 1),
        q(2, 1),
        q(7, 1),
        q(1, 2),
        q(1, 3),
        q(2, 3),
        q(7, 4),
        q(22, 7),
        q(1, 1000),
        q(&two63 - 1, 1),
        q(two64.clone(), 1),
        q(&two64 + 1, 3),
        q(big.clone(), 7),
        q(1, big.clone()),
        q(&big * &big + 1, &two64 * 3 + 1),
    ];
    let negatives: Vec<BigRational> = out.iter().filter(|r| !r.is_zero()).map(|r| -r).collect();
    out.extend(negatives);
    out
}

fn real(r: &BigRational) -> Term {
    Term::Real(r.clone())
}

/// Integers for `to_real`: small, at the 64-bit edges and beyond.
fn ints() -> Vec<BigInt> {
    let two64: BigInt = BigInt::one() << 64;
    let mut out: Vec<BigInt> = [0i64, 1, 5, i64::MAX].iter().map(|&n| n.into()).collect();
    out.push(two64.clone());
    out.push(&two64 * &two64 + 3);
    let negatives: Vec<BigInt> = out.iter().filter(|n| !n.is_zero()).map(|n| -n).collect();
    out.extend(negatives);
    out
}

/// Every binary operator on every pair, the unary ones on each value,
/// three-argument applications on a few triples.
fn flat_terms() -> Vec<Term> {
    let xs = reals();
    let binary = [
        Op::Add,
        Op::Sub,
        Op::Mul,
        Op::Lt,
        Op::Le,
        Op::Gt,
        Op::Ge,
        Op::Eq,
        Op::Distinct,
    ];
    let mut out = Vec::new();
    for n in ints() {
        out.push(Term::app(Op::ToReal, vec![Term::Int(n)]));
    }
    for a in &xs {
        out.push(real(a));
        out.push(Term::app(Op::Neg, vec![real(a)]));
        out.push(Term::app(Op::ToInt, vec![real(a)]));
        out.push(Term::app(Op::IsInt, vec![real(a)]));
        for b in &xs {
            for op in binary {
                out.push(Term::app(op, vec![real(a), real(b)]));
            }
            if !b.is_zero() {
                out.push(Term::app(Op::RealDiv, vec![real(a), real(b)]));
            }
        }
    }
    for (i, a) in xs.iter().enumerate() {
        let (b, c) = (&xs[(i + 3) % xs.len()], &xs[(i + 8) % xs.len()]);
        for op in [Op::Add, Op::Sub, Op::Mul, Op::Lt, Op::Le, Op::Gt, Op::Ge] {
            out.push(Term::app(op, vec![real(a), real(b), real(c)]));
            out.push(Term::app(op, vec![real(a), real(a), real(b)]));
        }
        if !b.is_zero() && !c.is_zero() {
            out.push(Term::app(Op::RealDiv, vec![real(a), real(b), real(c)]));
        }
    }
    out
}

/// A random Real term of depth up to `depth` over the Reals operators
/// (and `ite` on a comparison or on `is_int`), leaves from [`reals`] and
/// small fractions.
fn nested(rng: &mut ChaCha8Rng, xs: &[BigRational], depth: usize) -> Term {
    if depth == 0 || rng.random_bool(0.25) {
        return if rng.random_bool(0.5) {
            real(&xs[rng.random_range(0..xs.len())])
        } else {
            real(&q(rng.random_range(-9i64..10), rng.random_range(1i64..5)))
        };
    }
    let mut sub = || nested(rng, xs, depth - 1);
    let (a, b) = (sub(), sub());
    match rng.random_range(0..9) {
        0 => Term::app(Op::Add, vec![a, b]),
        1 => Term::app(Op::Sub, vec![a, b]),
        2 => Term::app(Op::Mul, vec![a, b]),
        3 | 4 => Term::app(Op::RealDiv, vec![a, b]),
        5 => Term::app(Op::Neg, vec![a]),
        6 => Term::app(
            Op::Ite,
            vec![Term::app(Op::Le, vec![a.clone(), b.clone()]), a, b],
        ),
        // `to_int` back to a Real: the floor inside a real term.
        7 => Term::app(Op::ToReal, vec![Term::app(Op::ToInt, vec![a])]),
        _ => Term::app(Op::Ite, vec![Term::app(Op::IsInt, vec![a.clone()]), a, b]),
    }
}

fn nested_terms() -> Vec<Term> {
    let mut rng = ChaCha8Rng::seed_from_u64(differential::seed(SEED));
    let xs = reals();
    let mut out = Vec::new();
    let want = nested_count();
    while out.len() < want {
        let t = nested(&mut rng, &xs, 3);
        // Division by zero somewhere inside: no value, no case.
        if eval_closed(&t).is_ok() {
            out.push(t);
        }
    }
    out
}

/// The cases a release of `dialect` reads, with our values.
fn cases(r: &Release) -> Vec<Case> {
    let p = Printer::new(r.dialect);
    flat_terms()
        .into_iter()
        .chain(nested_terms())
        .filter(|t| t.operators().iter().all(|&op| !r.dialect.lacks(op)))
        .map(|t| {
            let v = eval_closed(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
            Case {
                term: p.term(&t),
                value: p.term(&v.to_term()),
                equation: p.term(&Term::eq(t, v.to_term())),
            }
        })
        .collect()
}

fn differential(mut r: Release) {
    let cases = cases(&r);
    let known = differential::known("real-known.txt", &r.name);
    let judge = Judge {
        known: &known,
        refusals: &[],
        halve: true,
        slow: None,
    };
    let mut t = Tally::default();
    let started = std::time::Instant::now();
    let (name, dialect) = (r.name.clone(), r.dialect);
    let mut run = |s: &str| r.run(s);
    for batch in cases.chunks(BATCH) {
        judge.judge(batch, &mut run, &mut t);
    }
    println!(
        "COUNTS {} ({}) reals: {} terms, {} agreed, {} unknown, {} known deviations, \
         {} new disagreements, {} errors; {} queries in {:.1?}",
        name,
        dialect,
        cases.len(),
        t.agreed,
        t.unknown,
        t.known,
        t.new.len(),
        t.errors.values().sum::<usize>(),
        t.queries,
        started.elapsed()
    );
    t.print_details();
    // Constant terms leave a solver nothing to search: an `unknown` is as
    // much a finding as a wrong value.
    differential::check(&name, &t, cases.len() - t.known);
    // The harness tells a wrong value from a right one: truncation instead
    // of the floor, the classic mistake.
    let wrong = Case {
        term: "(to_int (- 1.5))".into(),
        value: "(- 1)".into(),
        equation: "(= (to_int (- 1.5)) (- 1))".into(),
    };
    let mut canary = Tally::default();
    judge.judge(&[wrong], &mut run, &mut canary);
    assert_eq!(canary.new.len(), 1, "{name}: {canary:?}");
}

#[test]
fn real_semantics_agrees_with_the_system_z3() {
    differential(bv_solvers::system_z3());
}

#[test]
fn real_semantics_agrees_with_z3_5_4_1() {
    let test = "real_semantics_agrees_with_z3_5_4_1";
    if let Some(r) = bv_solvers::z3_wheel("5.4.1.0", test) {
        differential(r);
    }
}

#[test]
fn real_semantics_agrees_with_cvc5_1_4_2() {
    let test = "real_semantics_agrees_with_cvc5_1_4_2";
    if let Some(r) = bv_solvers::cvc5_lib(test) {
        differential(r);
    }
}

#[test]
fn real_semantics_agrees_with_the_cvc5_binary() {
    let test = "real_semantics_agrees_with_the_cvc5_binary";
    if let Some(r) = bv_solvers::cvc5_binary(test) {
        differential(r);
    }
}

/// Every rational of the test, and every value of a flat term, prints and
/// parses back as itself; each solver's spelling of a value reads as ours.
#[test]
fn real_literals_print_and_parse_back() {
    let values = flat_terms()
        .iter()
        .filter_map(|t| match eval_closed(t) {
            Ok(Value::Real(r)) => Some(r),
            _ => None,
        })
        .chain(reals())
        .collect::<Vec<_>>();
    assert!(values.len() > 1000, "{}", values.len());
    for r in values {
        let printed = real(&r).to_string();
        assert_eq!(parse_term(&printed).unwrap(), real(&r), "{printed}");
    }
    let spellings: &[(&str, (i64, i64))] = &[
        // Ours and Z3's.
        ("1.5", (3, 2)),
        ("3.0", (3, 1)),
        ("(/ 1.0 3.0)", (1, 3)),
        ("(- (/ 5.0 2.0))", (-5, 2)),
        ("(- 0.125)", (-1, 8)),
        // Z3's, not ours: `0.125` as a fraction.
        ("(/ 1.0 8.0)", (1, 8)),
        // cvc5's.
        ("(/ 1 3)", (1, 3)),
        ("(/ (- 5) 2)", (-5, 2)),
        ("(/ (- 1.0) 3.0)", (-1, 3)),
    ];
    for &(text, (n, d)) in spellings {
        let answer = format!("((x {text}))");
        let read = parse_responses(&answer);
        let [Response::Values(v)] = &read[..] else {
            panic!("{answer}: {read:?}")
        };
        assert_eq!(v[0].as_ref().unwrap().1, real(&q(n, d)), "{text}");
    }
    // Not literals: a division by zero, by a negative, of a fraction, and
    // a double negation stay applications (and `(/ 1 0)` does not sort).
    for text in [
        "(/ 1.0 0.0)",
        "(/ 1.0 (- 3.0))",
        "(/ 0.5 3.0)",
        "(- (- 1.5))",
    ] {
        assert!(matches!(parse_term(text).unwrap(), Term::App(..)), "{text}");
    }
    let env = |_: &str| None;
    assert!(parse_term("(/ 1 0)").unwrap().sort(&env).is_err());
}

/// In a script a term prints, parses and prints again as the same text: a
/// finding replays as the campaign sent it. A division of literals that is
/// not our spelling of its value stays a division (`(/ 1.0 8.0)` does not
/// become `0.125`, nor `(/ 2.0 6.0)` `(/ 1.0 3.0)`), and `(- 0.0)` a
/// negation.
#[test]
fn a_script_term_prints_back_as_it_was_sent() {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED ^ 0x5e17);
    let xs = reals();
    let mut terms = flat_terms();
    terms.extend((0..2000).map(|_| nested(&mut rng, &xs, 3)));
    for (m, n) in [(1, 8), (2, 6), (0, 3), (3, 1), (5, 10), (1, 3)] {
        terms.push(Term::app(Op::RealDiv, vec![real(&q(m, 1)), real(&q(n, 1))]));
        let neg = Term::app(Op::Neg, vec![real(&q(m, 1))]);
        terms.push(Term::app(Op::RealDiv, vec![neg, real(&q(n, 1))]));
    }
    terms.push(Term::app(Op::Neg, vec![real(&q(0, 1))]));
    let mut folded = 0;
    for t in &terms {
        let sent = t.to_string();
        let parsed = parse_term(&sent).unwrap();
        assert_eq!(parsed.to_string(), sent);
        folded += usize::from(&parsed != t);
    }
    // Our own fraction spelling still reads as one literal.
    assert_eq!(parse_term("(/ 1.0 3.0)").unwrap(), real(&q(1, 3)));
    assert!(
        folded > 0,
        "no term of the test folds: the test checks nothing"
    );
    for text in [
        "(/ 1.0 8.0)",
        "(/ 2.0 6.0)",
        "(- 0.0)",
        "(/ 1 3)",
        "(/ (- 5.0) 2.0)",
    ] {
        assert!(matches!(parse_term(text).unwrap(), Term::App(..)), "{text}");
    }
}

/// `/` by zero has no value, however deep; Int and Real never mix.
#[test]
fn division_by_zero_has_no_value_and_sorts_do_not_mix() {
    for text in [
        "(/ 1.0 0.0)",
        "(/ 0.0 0.0)",
        "(/ 2.0 1.0 0.0)",
        "(+ 1.0 (/ 1.0 (- 0.5 0.5)))",
        "(to_int (/ 3.0 0.0))",
        "(is_int (/ 3.0 0.0))",
    ] {
        let t = parse_term(text).unwrap();
        assert!(
            matches!(eval_closed(&t), Err(EvalError::Unspecified(_))),
            "{text}: {:?}",
            eval_closed(&t)
        );
    }
    let env = |_: &str| None;
    for text in [
        "(+ 1 1.5)",
        "(< 1.5 2)",
        "(* 2 0.5)",
        "(abs 1.5)",
        "(div 3.0 2.0)",
    ] {
        let t = parse_term(text).unwrap();
        assert!(t.sort(&env).is_err(), "{text} sorts");
    }
    for (text, sort) in [
        ("(+ 1.0 1.5)", Sort::Real),
        ("(to_int 1.5)", Sort::Int),
        ("(is_int 1.5)", Sort::Bool),
        ("(to_real 2)", Sort::Real),
    ] {
        assert_eq!(parse_term(text).unwrap().sort(&env), Ok(sort), "{text}");
    }
}
