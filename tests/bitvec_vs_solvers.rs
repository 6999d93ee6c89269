//! Differential test of the bit-vector and integer semantics
//! (`semantics::bitvec`, `semantics::int`) on constant terms (issue 41):
//! every bit-vector operator of the table, at widths 1, 2, 3, 7, 8, 9, 15,
//! 16, 17, 31, 32, 33, 63, 64, 65 and 128 (the boundaries live at 1, 2,
//! the word sizes and one past them), on the boundary values (0, 1, 2,
//! `m - 1`, `m`, the sign bit alone, the largest signed value, all ones)
//! and two random ones, every pair of them for a binary operator; and
//! `div`, `mod` (nonzero divisors), `abs` and `*` on small and large
//! integers.
//!
//! For each term `t` with our value `v` the solver is asked `(assert (not
//! (= t v)))`, in batches split until every disagreeing term stands alone
//! (`tests/common/differential.rs`). Each release is asked only what its
//! dialect reads (`Dialect::lacks`; the table at `Dialect`). Asked: the
//! system's libz3 always, Z3 5.4.1 and cvc5 1.4.2 from the cache and the
//! cvc5 binary on PATH when present (SKIPPED visibly otherwise). A
//! disagreement fails unless listed in `tests/data/bitvec-known.txt`
//! (solver name prefix, tab, the printed term, tab, why).
//!
//! Integer division by zero has no value here (the Ints theory leaves it
//! uninterpreted): our semantics must refuse it, and both solvers must
//! find two different values for it satisfiable.

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
use equifuzz::semantics::{EvalError, eval_closed};
use equifuzz::term::{Arity, BitVec, OPERATORS, Op, Printer, Term, Theory, parse_term};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const WIDTHS: &[u32] = &[1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 128];
const SEED: u64 = 0xb17_0041;
const BATCH: usize = 250;

/// The values of width `m` every operator is applied to: the boundaries
/// and two random ones, without repeats.
fn values(m: u32, rng: &mut ChaCha8Rng) -> Vec<BitVec> {
    let sign = BigUint::one() << (m - 1);
    let mut random = || {
        let mut bytes = vec![0u8; (m as usize).div_ceil(8)];
        rng.fill_bytes(&mut bytes);
        BigUint::from_bytes_le(&bytes)
    };
    let all = [
        BigUint::zero(),
        BigUint::one(),
        BigUint::from(2u32),
        BigUint::from(m - 1),
        BigUint::from(m),
        sign.clone(),
        sign - 1u32,
        BitVec::mask(m),
        random(),
        random(),
    ];
    let mut out: Vec<BitVec> = Vec::new();
    for v in all {
        let b = BitVec::new(m, v);
        if !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

fn bv(b: &BitVec) -> Term {
    Term::BitVec(b.clone())
}

/// The integers the conversions to bit-vectors of width `m` read: around
/// 0, `2^m` and `-2^(m-1)`, and far beyond.
fn ints_for(m: u32) -> Vec<BigInt> {
    let p = BigInt::one() << m;
    let half = BigInt::one() << (m - 1);
    let big: BigInt = BigInt::from(10u32).pow(40u32) + 7;
    vec![
        BigInt::zero(),
        BigInt::one(),
        -BigInt::one(),
        &p - 1,
        p.clone(),
        &p + 1,
        -half.clone(),
        -half - 1,
        p * 3 + 5,
        big.clone(),
        -big,
    ]
}

/// The bit-vector operators of the table, by shape.
fn bv_operators(arity: Arity) -> Vec<Op> {
    OPERATORS
        .iter()
        .filter(|r| r.theory == Theory::BitVectors && !r.op.is_indexed() && r.arity == arity)
        .map(|r| r.op)
        .filter(|&op| op != Op::Concat)
        .collect()
}

/// Every bit-vector term of the test.
fn bv_terms() -> Vec<Term> {
    let mut rng = ChaCha8Rng::seed_from_u64(differential::seed(SEED));
    let unary = bv_operators(Arity::Exactly(1));
    let mut binary = bv_operators(Arity::Exactly(2));
    let many = bv_operators(Arity::AtLeast(2));
    binary.extend(&many);
    let mut out = Vec::new();
    for &m in WIDTHS {
        let vals = values(m, &mut rng);
        for s in &vals {
            for &op in &unary {
                out.push(Term::app(op, vec![bv(s)]));
            }
            for t in &vals {
                for &op in &binary {
                    out.push(Term::app(op, vec![bv(s), bv(t)]));
                }
            }
        }
        // :left-assoc with three arguments, on a few triples.
        for (i, s) in vals.iter().enumerate() {
            let (t, u) = (&vals[(i + 3) % vals.len()], &vals[(i + 7) % vals.len()]);
            for &op in &many {
                out.push(Term::app(op, vec![bv(s), bv(t), bv(u)]));
            }
        }
        out.extend(indexed(m, &vals));
        for n in ints_for(m) {
            for op in [Op::Int2bv(m), Op::IntToBv(m)] {
                out.push(Term::app(op, vec![Term::Int(n.clone())]));
            }
        }
    }
    out
}

/// The indexed operators and `concat` on the values of width `m`, with
/// indices at their boundaries (0, 1, `m - 1`, `m`, `m + 1`, beyond).
fn indexed(m: u32, vals: &[BitVec]) -> Vec<Term> {
    let mut ops = vec![Op::Repeat(1), Op::Repeat(2), Op::Repeat(3)];
    for i in [0, 1, m] {
        ops.extend([Op::ZeroExtend(i), Op::SignExtend(i)]);
    }
    for i in [0, 1, m - 1, m, m + 1, 2 * m + 3] {
        ops.extend([Op::RotateLeft(i), Op::RotateRight(i)]);
    }
    for (i, j) in [
        (m - 1, 0),
        (m - 1, m - 1),
        (0, 0),
        (m - 1, m / 2),
        (m / 2, m / 2),
    ] {
        if !ops.contains(&Op::Extract(i, j)) {
            ops.push(Op::Extract(i, j));
        }
    }
    let mut out = Vec::new();
    for s in vals {
        for &op in &ops {
            out.push(Term::app(op, vec![bv(s)]));
        }
        for t in [BitVec::from_u64(1, 1), BitVec::from_u64(7, 0x55)] {
            out.push(Term::app(Op::Concat, vec![bv(s), bv(&t)]));
            out.push(Term::app(Op::Concat, vec![bv(&t), bv(s)]));
        }
    }
    out
}

/// Small and large integers, both signs.
fn ints() -> Vec<BigInt> {
    let big: BigInt = BigInt::from(10u32).pow(30u32) + 7;
    let mut out: Vec<BigInt> = [0i64, 1, -1, 2, -2, 3, -3, 7, -7, i64::MAX, i64::MIN]
        .iter()
        .map(|&n| BigInt::from(n))
        .collect();
    let two64: BigInt = BigInt::one() << 64;
    out.extend([two64.clone(), -two64, big.clone(), -big]);
    out
}

/// `div`, `mod` (nonzero divisors), `*` of every pair, `abs` of each.
fn int_terms() -> Vec<Term> {
    let xs = ints();
    let mut out = Vec::new();
    for a in &xs {
        out.push(Term::app(Op::Abs, vec![Term::Int(a.clone())]));
        for b in &xs {
            let args = vec![Term::Int(a.clone()), Term::Int(b.clone())];
            out.push(Term::app(Op::Mul, args.clone()));
            if !b.is_zero() {
                out.push(Term::app(Op::Div, args.clone()));
                out.push(Term::app(Op::Mod, args));
            }
        }
    }
    out
}

/// The cases a release of `dialect` reads, with our values.
fn cases(r: &Release) -> Vec<Case> {
    let p = Printer::new(r.dialect);
    bv_terms()
        .into_iter()
        .chain(int_terms())
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
    let known = differential::known("bitvec-known.txt", &r.name);
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
        "COUNTS {} ({}) bit-vectors and integers: {} terms, {} agreed, {} unknown, {} known \
         deviations, {} new disagreements, {} errors; {} queries in {:.1?}",
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
    // Every term is decided: constant terms leave a solver nothing to
    // search, so an `unknown` is as much a finding as a wrong value.
    differential::check(&name, &t, cases.len() - t.known);
    // And the harness can tell a wrong value from a right one: a solver
    // that answered `unsat` to anything would pass the check above.
    let wrong = Case {
        term: "(bvadd #b1 #b1)".into(),
        value: "#b1".into(),
        equation: "(= (bvadd #b1 #b1) #b1)".into(),
    };
    let mut canary = Tally::default();
    judge.judge(&[wrong], &mut run, &mut canary);
    assert_eq!(canary.new.len(), 1, "{name}: {canary:?}");
}

#[test]
fn bitvec_semantics_agrees_with_the_system_z3() {
    differential(bv_solvers::system_z3());
}

#[test]
fn bitvec_semantics_agrees_with_z3_5_4_1() {
    let test = "bitvec_semantics_agrees_with_z3_5_4_1";
    if let Some(r) = bv_solvers::z3_wheel("5.4.1.0", test) {
        differential(r);
    }
}

#[test]
fn bitvec_semantics_agrees_with_cvc5_1_4_2() {
    let test = "bitvec_semantics_agrees_with_cvc5_1_4_2";
    if let Some(r) = bv_solvers::cvc5_lib(test) {
        differential(r);
    }
}

#[test]
fn bitvec_semantics_agrees_with_the_cvc5_binary() {
    let test = "bitvec_semantics_agrees_with_the_cvc5_binary";
    if let Some(r) = bv_solvers::cvc5_binary(test) {
        differential(r);
    }
}

/// `(div x 0)` and `(mod x 0)` have no value in our semantics (nor does a
/// term built on one), and the solvers agree that they are open: two
/// different values are each satisfiable.
#[test]
fn integer_division_by_zero_is_open_in_semantics_and_solvers() {
    for text in [
        "(div 7 0)",
        "(mod 7 0)",
        "(div (- 7) 0)",
        "(mod 0 0)",
        "(+ 1 (div 3 0))",
        "(= (div 3 0) (div 3 0))",
    ] {
        let t = parse_term(text).unwrap();
        assert!(
            matches!(eval_closed(&t), Err(EvalError::Unspecified(_))),
            "{text}: {:?}",
            eval_closed(&t)
        );
    }
    let test = "integer_division_by_zero_is_open_in_semantics_and_solvers";
    let releases = [
        Some(bv_solvers::system_z3()),
        bv_solvers::z3_wheel("5.4.1.0", test),
        bv_solvers::cvc5_lib(test),
    ];
    for mut r in releases.into_iter().flatten() {
        for op in ["div", "mod"] {
            for v in [5, 6] {
                let q = format!("(assert (= ({op} 7 0) {v}))\n(check-sat)\n");
                assert_eq!(r.run(&q).trim(), "sat", "{}: {q}", r.name);
            }
        }
    }
}
