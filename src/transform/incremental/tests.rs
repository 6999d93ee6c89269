//! The invariant of every incremental transformation, on sat and unsat
//! cases of the generators, stacked in random orders: every check's truth
//! and the whole formula's truth hold ([`Case::check`]: a sat check's model
//! is evaluated exactly), the printed script is one the scope reader
//! (`term::scopes`) reads back with the same `check-sat`s over the same
//! assertions, and the status labels it prints are the checks' own.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::generate::ConstantPool;
use crate::generate::strings::equivalent_formula_cases;
use crate::term::{Printer, check_sats, parse_located};
use crate::transform::{Transformation, constant_assignments};
use crate::truth::{Case, Truth};

fn cases(seed: u64) -> Vec<Case> {
    let pool = ConstantPool::paper();
    let sat: Vec<Case> = constant_assignments(&pool, seed).take(200).collect();
    let unsat: Vec<Case> = equivalent_formula_cases(false, seed).take(100).collect();
    sat.chunks(2)
        .zip(unsat.iter().cycle())
        .flat_map(|(s, u)| s.iter().chain(std::iter::once(u)).cloned())
        .collect()
}

/// One random incremental step on `c`, with `other` as the second case.
fn step(c: &Case, other: &Case, rng: &mut ChaCha8Rng) -> Option<Case> {
    match rng.next_u32() % 6 {
        0 => Assumption.apply(c, rng),
        1 => NestedScopes.apply(c, rng),
        2 => RepeatCheck.apply(c, rng),
        3 => interleave(c, other, rng),
        4 => noise_scope(c, other, rng),
        _ => after_reset(c, other),
    }
}

/// What `term::scopes` reads in the printed script agrees with the case.
fn reads_back(case: &Case) {
    let text = Printer::default().script(&case.script(true));
    let located = parse_located(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let read = check_sats(&located).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let ours = case.check_sats();
    assert_eq!(read.len(), ours.len(), "{text}");
    for (r, (f, check)) in read.iter().zip(&ours) {
        let mut theirs: Vec<String> = r
            .formula
            .assertions
            .iter()
            .map(|a| a.term.to_string())
            .collect();
        let mut mine: Vec<String> = f.assertions.iter().map(|a| a.term.to_string()).collect();
        theirs.sort();
        mine.sort();
        assert_eq!(theirs, mine, "{text}");
        assert_eq!(
            r.status.as_deref(),
            Some(check.truth.status().to_string().as_str()),
            "{text}"
        );
    }
}

#[test]
fn stacked_incremental_transformations_keep_every_truth() {
    let all = cases(3);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut checks, mut unsat_checks, mut assuming, mut resets, mut pops) = (0, 0, 0, 0, 0);
    for (i, start) in all.iter().enumerate() {
        let mut c = start.clone();
        for round in 0..4 {
            let other = &all[(i * 31 + round * 7 + 1) % all.len()];
            let Some(next) = step(&c, other, &mut rng) else {
                continue;
            };
            next.check().unwrap_or_else(|e| {
                panic!("{e}\n{}", Printer::default().script(&next.script(true)))
            });
            reads_back(&next);
            c = next;
        }
        let Some(inc) = &c.incremental else { continue };
        for x in inc.checks() {
            checks += 1;
            unsat_checks += usize::from(matches!(x.check.truth, Truth::Unsat { .. }));
            assuming += usize::from(!x.check.assuming.is_empty());
        }
        resets += usize::from(inc.resets());
        pops += inc
            .steps
            .iter()
            .filter(|s| **s == crate::truth::Step::Pop)
            .count();
    }
    // Every shape is made, often.
    assert!(checks > 600, "{checks} checks");
    assert!(unsat_checks > 100, "{unsat_checks} unsat checks");
    assert!(assuming > 100, "{assuming} checks with assumptions");
    assert!(resets > 20, "{resets} resets");
    assert!(pops > 200, "{pops} pops");
}

#[test]
fn an_assumption_joins_the_core_of_every_check_that_needed_its_assertion() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for c in cases(5)
        .iter()
        .filter(|c| matches!(c.truth, Truth::Unsat { .. }))
    {
        let out = Assumption.apply(c, &mut rng).unwrap();
        out.check().unwrap();
        let inc = out.incremental.as_ref().unwrap();
        let checks = inc.checks();
        assert_eq!(checks.len(), 1);
        let check = checks[0].check;
        // The moved assertion was in the core, so its literal is too, and
        // the implication keeps the old name in the core.
        let Truth::Unsat { core } = &check.truth else {
            panic!()
        };
        let lit = out.formula.assertions[check.assuming[0]]
            .name
            .clone()
            .unwrap();
        assert!(core.contains(&lit), "{core:?}");
        let Truth::Unsat { core: old } = &c.truth else {
            panic!()
        };
        assert_eq!(core.len(), old.len() + 1);
        assert!(old.is_subset(core));
    }
}

#[test]
fn a_sat_check_after_a_pop_sees_only_what_is_left() {
    // Nested scopes over a sat case: every check's model is the case's, and
    // the checks after a pop see fewer assertions than the deepest one.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut after_pop, mut applied) = (0, 0);
    let sat: Vec<Case> = cases(9)
        .into_iter()
        .filter(|c| matches!(c.truth, Truth::Sat { .. }))
        .collect();
    let pairs: Vec<Case> = sat
        .windows(2)
        .filter_map(|w| crate::transform::conjunction::conjoin(&w[0], &w[1]))
        .collect();
    for c in &pairs {
        let Some(out) = NestedScopes.apply(c, &mut rng) else {
            continue;
        };
        out.check().unwrap();
        applied += 1;
        let inc = out.incremental.as_ref().unwrap();
        let checks = inc.checks();
        let deepest = checks.iter().map(|x| x.asserted.len()).max().unwrap();
        assert_eq!(deepest, c.formula.assertions.len());
        let last_deepest = checks
            .iter()
            .rposition(|x| x.asserted.len() == deepest)
            .unwrap();
        after_pop += checks[last_deepest + 1..].len();
    }
    assert!(after_pop > 20, "{after_pop} of {applied}");
}
