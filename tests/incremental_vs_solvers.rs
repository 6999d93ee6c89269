//! Incremental cases against real solvers: a hundred scripts made by
//! the incremental transformations (assumptions, nested and sibling
//! scopes, noise scopes, resets, repeated checks) run whole on the Z3 5.4.1
//! wheel's binary and on cvc5 from PATH, and every check-sat judged on its
//! own. A finding here is a false alarm of ours (a truth that does not
//! hold, a script read wrongly) unless argued otherwise: none may appear,
//! and most checks must be answered and checked. A missing solver prints
//! a SKIPPED line.

#[path = "common/cvc5.rs"]
mod cvc5;
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use std::time::Duration;

use equifuzz::generate::strings::equivalent_formula_cases;
use equifuzz::generate::uf::UfCases;
use equifuzz::generate::{ConstantPool, Generator};
use equifuzz::oracle::{Verdict, judge_script, not_expressible};
use equifuzz::solver::{ProcessTarget, RawOutcome, Target};
use equifuzz::term::{Dialect, Printer};
use equifuzz::transform::incremental::{
    Assumption, NestedScopes, RepeatCheck, after_reset, interleave, noise_scope,
};
use equifuzz::transform::{Transformation, constant_assignments};
use equifuzz::truth::Case;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn sample(seed: u64, n: usize) -> Vec<Case> {
    let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), seed)
        .take(200)
        .collect();
    let unsat: Vec<Case> = equivalent_formula_cases(false, seed).collect();
    sample_from(seed, n, &sat, &unsat)
}

/// Cases with uninterpreted functions: a function's interpretation comes
/// back from `get-model`, not `get-value`, in every check of the script.
fn sample_with_functions(seed: u64, n: usize) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut synthesis = UfCases::term_synthesis(2).seed(seed);
    let mut congruence = UfCases::congruence().seed(seed);
    let mut identity = UfCases::identity().seed(seed);
    let sat: Vec<Case> = (0..100).map(|_| synthesis.next(&mut rng)).collect();
    let unsat: Vec<Case> = (0..100)
        .map(|i| {
            if i % 2 == 0 {
                congruence.next(&mut rng)
            } else {
                identity.next(&mut rng)
            }
        })
        .collect();
    sample_from(seed, n, &sat, &unsat)
}

fn sample_from(seed: u64, n: usize, sat: &[Case], unsat: &[Case]) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pick = |rng: &mut ChaCha8Rng, v: &[Case]| v[rng.next_u32() as usize % v.len()].clone();
    (0..n)
        .map(|_| {
            let mut c = if rng.next_u32().is_multiple_of(2) {
                pick(&mut rng, sat)
            } else {
                pick(&mut rng, unsat)
            };
            for _ in 0..3 {
                let other = pick(&mut rng, sat);
                let next = match rng.next_u32() % 6 {
                    0 => Assumption.apply(&c, &mut rng),
                    1 => NestedScopes.apply(&c, &mut rng),
                    2 => RepeatCheck.apply(&c, &mut rng),
                    3 => interleave(&c, &pick(&mut rng, unsat), &mut rng),
                    4 => noise_scope(&c, &other, &mut rng),
                    _ => after_reset(&c, &other),
                };
                c = next.unwrap_or(c);
            }
            c
        })
        .collect()
}

fn run_all(target: &mut dyn Target, dialect: Dialect, name: &str) {
    run_cases(target, dialect, name, sample(21, 100));
}

fn run_cases(target: &mut dyn Target, dialect: Dialect, name: &str, cases: Vec<Case>) {
    let printer = Printer::new(dialect);
    let (mut checked, mut checks, mut scripts) = (0, 0, 0);
    for case in cases {
        // As the fuzz loop does: an operator the release lacks is never sent.
        if case.incremental.is_none()
            || not_expressible(dialect, &case.formula, Some(&case.truth)).is_some()
        {
            continue;
        }
        case.check().unwrap();
        let script = printer.script(&case.script(false));
        let RawOutcome::Finished { stdout, .. } = target.run(&script, Duration::from_secs(5))
        else {
            continue;
        };
        let v = judge_script(&case, &stdout, dialect);
        assert!(
            !v.verdict.is_finding(),
            "{name}: {}\n{script}\n{stdout}",
            v.line()
        );
        scripts += 1;
        checks += v.each.len();
        checked += v
            .each
            .iter()
            .filter(|v| matches!(v, Verdict::Correct { check: Some(_), .. }))
            .count();
    }
    eprintln!("{name}: {scripts} scripts, {checks} check-sats, {checked} checked");
    assert!(scripts > 50, "{name}: only {scripts} scripts answered");
    assert!(
        checked * 10 > checks * 7,
        "{name}: {checked} of {checks} checked"
    );
}

#[test]
fn z3_answers_every_incremental_check_as_its_truth_says() {
    let test = "z3_answers_every_incremental_check_as_its_truth_says";
    let Some(z3) = solver_cache::z3_binary_or_skip("5.4.1.0", test) else {
        return;
    };
    let mut target = ProcessTarget::new("z3", z3.to_str().unwrap(), &["-in", "-smt2"]).unwrap();
    run_all(&mut target, Dialect::Z3Seq, "z3 5.4.1");
}

#[test]
fn cvc5_answers_every_incremental_check_as_its_truth_says() {
    let test = "cvc5_answers_every_incremental_check_as_its_truth_says";
    if !cvc5::cvc5_or_skip(test) {
        return;
    }
    let mut target = ProcessTarget::cvc5().unwrap();
    let dialect = target.dialect();
    run_all(&mut target, dialect, "cvc5");
}

/// Regression (issue 30): incremental scripts declared a function with
/// `declare-const` and asked `get-value` of it, which every solver refuses.
#[test]
fn functions_in_incremental_scripts_are_declared_and_read_from_the_model() {
    let test = "functions_in_incremental_scripts_are_declared_and_read_from_the_model";
    let cases = sample_with_functions(30, 100);
    let printer = Printer::new(Dialect::Smtlib26);
    let with_function = cases
        .iter()
        .filter(|c| c.incremental.is_some())
        .map(|c| printer.script(&c.script(false)))
        .filter(|s| s.contains("(declare-fun f ("))
        .inspect(|s| {
            assert!(!s.contains("(declare-const f "), "{s}");
            assert!(!s.contains("(get-value (f "), "{s}");
        })
        .count();
    assert!(
        with_function > 30,
        "{with_function} scripts declare a function"
    );
    let Some(z3) = solver_cache::z3_binary_or_skip("5.4.1.0", test) else {
        return;
    };
    let mut target = ProcessTarget::new("z3", z3.to_str().unwrap(), &["-in", "-smt2"]).unwrap();
    run_cases(&mut target, Dialect::Z3Seq, "z3 5.4.1, functions", cases);
}
