//! Unsat regex formulas with only constants (Kühne 2022, Sect. 2.5.1) and
//! with complex results (Sect. 2.5.2).
//!
//! - **Constants** (2.5.1): every operation of Table 2.1 on every tuple of
//!   pool arguments, set equal to every pool constant of its result sort
//!   whose value differs from the operation's (languages compared as
//!   languages): `(= (re.range "a" "b") re.none)`, the thesis' Fig. 2.11.
//!   Exhaustive and lazy.
//! - **Complex results** (2.5.2): every `RegLan`-valued application, set
//!   equal to a few sampled terms ([`RegexTermSampler`]) of another
//!   language: `(= (re.range "a" "b") (re.++ a b))`, Fig. 2.12. With a
//!   depth of 2 or more the application's `RegLan` arguments are nested
//!   terms too, so both sides nest.
//!
//! # Invariant
//!
//! Each case is one closed assertion `a0` that our semantics evaluates to
//! `false` (the tests re-evaluate every case): it is unsat, and `{a0}` is
//! its unique minimal core. A draw whose evaluation is over budget is left
//! out, never guessed.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::pool::RegexPool;
use super::terms::RegexTermSampler;
use crate::generate::Generator;
use crate::semantics::{Value, eval_closed};
use crate::term::{Formula, Op, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// The applications of Table 2.1 with the pool's indices: operation and
/// argument sorts.
fn operations(pool: &RegexPool) -> Vec<(Op, Vec<Sort>)> {
    use Sort::{RegLan as R, String as S};
    let mut out = vec![
        (Op::ReNone, vec![]),
        (Op::ReAll, vec![]),
        (Op::ReAllchar, vec![]),
        (Op::StrToRe, vec![S]),
        (Op::ReConcat, vec![R, R]),
        (Op::ReUnion, vec![R, R]),
        (Op::ReInter, vec![R, R]),
        (Op::ReDiff, vec![R, R]),
        (Op::ReComp, vec![R]),
        (Op::ReStar, vec![R]),
        (Op::RePlus, vec![R]),
        (Op::ReOpt, vec![R]),
        (Op::ReRange, vec![S, S]),
        (Op::StrReplaceRe, vec![S, R, S]),
        (Op::StrReplaceReAll, vec![S, R, S]),
        (Op::StrInRe, vec![S, R]),
    ];
    for &n in &pool.ints {
        out.push((Op::RePower(n), vec![R]));
        for &m in &pool.ints {
            out.push((Op::ReLoop(n, m), vec![R]));
        }
    }
    out
}

/// The pool's constants of `sort`, as terms with their values.
fn constants(pool: &RegexPool, sort: &Sort) -> Vec<(Term, Value)> {
    match sort {
        Sort::RegLan => pool
            .regexes
            .iter()
            .map(|r| (r.term.clone(), Value::RegLan(r.lang.clone())))
            .collect(),
        Sort::Bool => [true, false]
            .into_iter()
            .map(|b| (Term::Bool(b), Value::Bool(b)))
            .collect(),
        _ => pool
            .strings
            .iter()
            .map(|s| (Term::Str(s.clone()), Value::Str(s.clone())))
            .collect(),
    }
}

/// Every tuple of pool constants of `sorts`, lazily (odometer order).
fn tuples(pool: &RegexPool, sorts: &[Sort]) -> impl Iterator<Item = Vec<Term>> + use<> {
    let choices: Vec<Vec<Term>> = sorts
        .iter()
        .map(|s| constants(pool, s).into_iter().map(|(t, _)| t).collect())
        .collect();
    let total: usize = choices.iter().map(Vec::len).product();
    (0..total).map(move |mut k| {
        choices
            .iter()
            .map(|c| {
                let t = c[k % c.len()].clone();
                k /= c.len();
                t
            })
            .collect()
    })
}

fn differs(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::RegLan(x), Value::RegLan(y)) => x.equiv(y) == Ok(false),
        _ => a != b,
    }
}

fn case(lhs: Term, rhs: Term, category: &str, op: Op, seed: u64) -> Case {
    let mut formula = Formula::default();
    formula.assert(Term::eq(lhs, rhs), Some("a0".into()));
    Case::new(
        formula,
        Truth::Unsat {
            core: ["a0".to_string()].into(),
        },
        Provenance {
            seed,
            category: category.into(),
            chain: vec![op.name().to_string()],
            anchor: None,
        },
    )
}

/// Sect. 2.5.1 over `pool`: every application set equal to every other
/// pool constant of its sort. Lazy.
pub fn regex_unsat_constant_cases(pool: RegexPool, seed: u64) -> impl Iterator<Item = Case> {
    operations(&pool).into_iter().flat_map(move |(op, sorts)| {
        let pool = pool.clone();
        tuples(&pool, &sorts).flat_map(move |args| {
            let app = Term::app(op, args);
            let result = eval_closed(&app).ok();
            let rhs: Vec<(Term, Value)> = match &result {
                Some(r) => constants(&pool, &r.sort())
                    .into_iter()
                    .filter(|(_, v)| differs(v, r))
                    .collect(),
                None => Vec::new(),
            };
            rhs.into_iter()
                .map(move |(c, _)| case(app.clone(), c, "regex-unsat-constant", op, seed))
        })
    })
}

/// Sect. 2.5.2: every `RegLan`-valued application of the pool set equal to
/// `per` sampled terms of depth at most `depth` and of another language;
/// with `depth` 2 or more, the application's `RegLan` arguments are
/// sampled terms of depth below `depth`. Lazy; deterministic from `seed`.
pub fn regex_unsat_complex_cases(
    pool: RegexPool,
    depth: usize,
    per: usize,
    seed: u64,
) -> impl Iterator<Item = Case> {
    let depth = depth.max(1);
    let sampler = RegexTermSampler::new(pool.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    operations(&pool)
        .into_iter()
        // The RegLan-valued ones.
        .filter(|(op, _)| !matches!(op, Op::StrInRe | Op::StrReplaceRe | Op::StrReplaceReAll))
        .flat_map(move |(op, sorts)| {
            tuples(&pool, &sorts)
                .map(move |args| (op, sorts.clone(), args))
                .collect::<Vec<_>>()
        })
        .flat_map(move |(op, sorts, mut args)| {
            let mut out = Vec::new();
            for _ in 0..per {
                if depth >= 2 {
                    for (a, s) in args.iter_mut().zip(&sorts) {
                        if *s == Sort::RegLan
                            && let Some(t) = sampler.term(rng.random_range(0..depth), &mut rng)
                        {
                            *a = t.term;
                        }
                    }
                }
                let app = Term::app(op, args.clone());
                let Ok(Value::RegLan(result)) = eval_closed(&app) else {
                    continue;
                };
                if let Some(t) = sampler.term_other_than(depth, &result, &mut rng) {
                    out.push(case(app, t.term, "regex-unsat-complex", op, seed));
                }
            }
            out
        })
}

/// Draws one case of either kind at random (for the mixed stream): a
/// random application of the pool, set equal to a pool constant or a
/// sampled term of another value; `None` if the draw is over budget or
/// has no other constant.
pub fn random_regex_unsat_constant(
    sampler: &RegexTermSampler,
    depth: usize,
    seed: u64,
    rng: &mut dyn RngCore,
) -> Option<Case> {
    let pool = sampler.pool();
    let ops = operations(pool);
    let (op, sorts) = &ops[rng.random_range(0..ops.len())];
    let args: Vec<Term> = sorts
        .iter()
        .map(|s| {
            let cs = constants(pool, s);
            cs[rng.random_range(0..cs.len())].0.clone()
        })
        .collect();
    let app = Term::app(*op, args);
    let result = eval_closed(&app).ok()?;
    if let (Value::RegLan(r), true) = (&result, rng.random_bool(0.5)) {
        let t = sampler.term_other_than(depth, r, rng)?;
        return Some(case(app, t.term, "regex-unsat-complex", *op, seed));
    }
    let others: Vec<(Term, Value)> = constants(pool, &result.sort())
        .into_iter()
        .filter(|(_, v)| differs(v, &result))
        .collect();
    let (c, _) = others
        .get(rng.random_range(0..others.len().max(1)))?
        .clone();
    Some(case(app, c, "regex-unsat-constant", *op, seed))
}

/// Draws [`random_regex_unsat_constant`] cases whose complex result has a
/// depth drawn from 1 up to `depth` (the mixed stream's constant-only
/// regex unsat cases).
#[derive(Clone, Debug)]
pub struct RegexUnsatConstant {
    sampler: RegexTermSampler,
    depth: usize,
    seed: u64,
}

impl RegexUnsatConstant {
    /// Cases over `sampler`'s pool, complex results of depth 1 up to
    /// `depth` (at least 1).
    pub fn new(sampler: RegexTermSampler, depth: usize) -> Self {
        RegexUnsatConstant {
            sampler,
            depth: depth.max(1),
            seed: 0,
        }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

impl Generator for RegexUnsatConstant {
    /// A case, or `None` if the draw is over budget or has no other
    /// constant.
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let depth = rng.random_range(1..=self.depth);
        random_regex_unsat_constant(&self.sampler, depth, self.seed, rng)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::semantics::Model;

    fn false_by_evaluation(c: &Case) -> bool {
        c.check().is_ok()
            && c.formula.decls.is_empty()
            && c.formula.assertions.len() == 1
            && crate::semantics::eval(&c.formula.assertions[0].term, &Model::new())
                == Ok(Value::Bool(false))
    }

    /// The invariant on every constant case of Table 2.4's pool, and every
    /// operation of Table 2.1 is there.
    #[test]
    fn every_constant_case_is_false() {
        let cases: Vec<Case> = regex_unsat_constant_cases(RegexPool::paper(), 0).collect();
        let ops: BTreeSet<&str> = cases
            .iter()
            .map(|c| c.provenance.chain[0].as_str())
            .collect();
        for c in &cases {
            assert!(false_by_evaluation(c), "{}", c.formula.assertions[0].term);
        }
        assert_eq!(ops.len(), 18, "{ops:?}");
        assert!(cases.len() > 500, "{}", cases.len());
        // Fig. 2.11 is one of them.
        let fig = "(= (re.range \"a\" \"b\") re.none)";
        assert!(
            cases
                .iter()
                .any(|c| c.formula.assertions[0].term.to_string() == fig)
        );
    }

    /// The invariant on complex results, flat and nested.
    #[test]
    fn every_complex_case_is_false() {
        for depth in [1, 3] {
            let cases: Vec<Case> =
                regex_unsat_complex_cases(RegexPool::paper(), depth, 2, 7).collect();
            assert!(cases.len() > 200, "{depth}: {}", cases.len());
            let mut deep = 0;
            for c in &cases {
                assert!(false_by_evaluation(c), "{}", c.formula.assertions[0].term);
                deep += usize::from(c.formula.assertions[0].term.depth() >= 4);
            }
            if depth == 3 {
                assert!(deep > cases.len() / 4, "{deep} of {}", cases.len());
            }
        }
    }

    /// The check above can fail: a true equation is not false.
    #[test]
    fn a_true_equation_is_caught() {
        let app = Term::app(Op::ReRange, vec![Term::str("a"), Term::str("a")]);
        let c = case(
            app,
            Term::app(Op::StrToRe, vec![Term::str("a")]),
            "x",
            Op::ReRange,
            0,
        );
        assert!(!false_by_evaluation(&c));
    }

    #[test]
    fn random_draws_are_false() {
        let s = RegexTermSampler::new(RegexPool::boundary());
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut n = 0;
        for _ in 0..300 {
            if let Some(c) = random_regex_unsat_constant(&s, 3, 0, &mut rng) {
                assert!(false_by_evaluation(&c), "{}", c.formula.assertions[0].term);
                n += 1;
            }
        }
        assert!(n > 200, "{n}");
    }
}
