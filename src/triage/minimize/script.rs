//! The first passes over an incremental case: its script shrinks before its
//! formula does. Scopes go whole, checks and assumptions one at a time,
//! and a script left with one plain `check-sat` becomes a one-shot case,
//! which the formula passes then shrink.
//!
//! # Invariant
//!
//! A check's truth depends only on what is in force at it and on its
//! assumptions, so each candidate keeps every remaining check's truth:
//!
//! - dropping a check, or a whole scope (its `push`, everything in it, its
//!   `pop`), or everything before a `reset-assertions`, leaves what is in
//!   force at every other check as it was;
//! - dropping an assertion, or an assumption, removes it from what the
//!   checks that saw it have in force: a sat check keeps its model (it
//!   satisfies a subset), and it is only proposed when no unsat check that
//!   saw it has it in its core (a superset of the core keeps the core);
//! - the one-shot case made of the last check is that check's formula with
//!   that check's truth.
//!
//! The formula (the pool) is not changed until the case is one-shot, so
//! the whole formula's truth stays. A script keeps at least one check-sat
//! (without one it cannot fail), and shrinks by as many cuts as the
//! failure allows.

use super::reducer::Reducer;
use crate::truth::{Case, Step, Truth, check_formula};

/// How many times [`Reducer::cut_after_check`] asks about its cut.
const CUT_REPLAYS: usize = 3;

/// `steps` without the steps in `range`.
fn without(case: &Case, steps: &[Step], range: std::ops::Range<usize>) -> Case {
    let mut out = case.clone();
    let mut kept = steps.to_vec();
    kept.drain(range);
    out.incremental = Some(crate::truth::Incremental { steps: kept });
    out
}

/// The index of the `pop` that closes the scope `push` at `at` opens.
fn matching_pop(steps: &[Step], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, s) in steps.iter().enumerate().skip(at) {
        match s {
            Step::Push => depth += 1,
            Step::Pop => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            Step::ResetAssertions => return None,
            _ => {}
        }
    }
    None
}

/// Whether an unsat check that sees the assertion `i` (asserted or
/// assumed) has it in its core.
fn needed(case: &Case, i: usize) -> bool {
    let Some(name) = case.formula.assertions[i].name.as_ref() else {
        return false;
    };
    let Some(inc) = &case.incremental else {
        return true;
    };
    inc.checks().iter().any(|c| {
        (c.asserted.contains(&i) || c.check.assuming.contains(&i))
            && matches!(&c.check.truth, Truth::Unsat { core } if core.contains(name))
    })
}

/// Where [`false_check`] puts its check.
#[derive(Clone, Copy)]
enum At {
    /// After every step, the scopes left open closed first: the failed
    /// check keeps its index (a cut that was refused).
    End,
    /// Before every step: the failed check stays the last one.
    Start,
}

/// `cut` (a script whose checks are all sat) with one more check in a
/// scope of its own where nothing else is in force: `(assert (! false
/// :named N))`, unsat with the core `N`, which asks the printed script for
/// `produce-unsat-cores` and costs one AST node. Nothing else being in
/// force there, the other assertions keep the sat checks' rewrites, not
/// only those an unsat check allows. The pool keeps only what the steps
/// send, so that its truth is exact: unsat with the unique minimal core
/// `N` when a sat check's model satisfies everything else (`pool_truth`);
/// `None` otherwise.
fn false_check(cut: &Case, at: At) -> Option<Case> {
    let mut out = super::pool::unreferenced_dropped(cut).unwrap_or_else(|| cut.clone());
    if !matches!(super::pool::pool_truth(&out)?, Truth::Sat { .. }) {
        return None;
    }
    let names = out.formula.names();
    let name = (0..)
        .map(|i| {
            if i == 0 {
                "tail".to_string()
            } else {
                format!("tail_{i}")
            }
        })
        .find(|n| !names.contains(n.as_str()))?;
    out.formula.assertions.push(crate::term::Assertion {
        term: crate::term::Term::Bool(false),
        name: Some(name.clone()),
    });
    let core: std::collections::BTreeSet<String> = [name].into();
    let index = out.formula.assertions.len() - 1;
    let scope = [
        Step::Push,
        Step::Assert(index),
        Step::CheckSat(crate::truth::Check {
            assuming: Vec::new(),
            truth: Truth::Unsat { core: core.clone() },
        }),
        Step::Pop,
    ];
    let inc = out.incremental.as_mut()?;
    match at {
        At::End => {
            let open = inc.depth();
            inc.steps.extend(std::iter::repeat_n(Step::Pop, open));
            inc.steps.extend(scope);
        }
        At::Start => {
            inc.steps.splice(0..0, scope);
        }
    }
    out.truth = Truth::Unsat { core };
    out.check().ok().map(|()| out)
}

/// Whether some check of `c` is unsat (the printed script then asks for
/// `produce-unsat-cores`).
fn has_unsat_check(c: &Case) -> bool {
    c.incremental.as_ref().is_some_and(|inc| {
        inc.checks()
            .iter()
            .any(|ch| matches!(ch.check.truth, Truth::Unsat { .. }))
    })
}

impl Reducer<'_> {
    /// Cuts an incremental best case after its check `k` (0-based among its
    /// checks), whose failure is the one kept: what follows a check never
    /// bears on the answer a solver gives there, but for the options the
    /// printed script opens with (`produce-unsat-cores` only while some
    /// check is unsat, which Z3 reads when it makes its solver), so the cut
    /// is tested like any candidate: a Z3 5.4.1 local-search invalid model
    /// at check 1 of 3 did not come back once the unsat check 3 was cut.
    /// From then on the script's
    /// last check is that check, and no pass drops it, so a failure at
    /// the last check of a candidate is a failure at the same check. Once
    /// the cut is refused no pass drops that check or one before it, so
    /// the failed check keeps its index (and the test asks for the failure
    /// there, in any candidate with more checks than that index).
    pub(super) fn cut_after_check(&mut self, k: usize) {
        let Some(inc) = self.best.incremental.clone() else {
            return;
        };
        let Some(at) = inc
            .steps
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, Step::CheckSat(_)))
            .nth(k)
            .map(|(at, _)| at)
        else {
            return;
        };
        self.keep_last_check = true;
        if at + 1 == inc.steps.len() {
            return;
        }
        let cut = without(&self.best, &inc.steps, at + 1..inc.steps.len());
        if cut.check().is_err() {
            self.refuse_cut(k);
            return;
        }
        match self.fails_in_replays(&cut) {
            None => return,
            Some(true) => {
                self.best = cut;
                return;
            }
            Some(false) => {}
        }
        self.refuse_cut(k);
        // What the cut took may be only the `produce-unsat-cores` option
        // an unsat check after the failed one brings: the cut with the
        // smallest unsat check instead of all that followed.
        let Some(tail) = false_check(&cut, At::End) else {
            return;
        };
        if self.fails_in_replays(&tail) == Some(true) {
            self.best = tail;
        }
    }

    /// Whether `c` fails in one of [`CUT_REPLAYS`] tests: a racing solver
    /// (Z3 5.4.1's local search) fails some replays only, so a cut is
    /// asked a few times. `None` when the budget ended first.
    fn fails_in_replays(&mut self, c: &Case) -> Option<bool> {
        for _ in 0..CUT_REPLAYS {
            if !self.budget_left() {
                return None;
            }
            self.tests += 1;
            if (self.test)(c) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The cut after check `k` did not keep the failure: the checks up to
    /// `k` stay, and any after it may go (the script's last check is no
    /// longer the failed one).
    fn refuse_cut(&mut self, k: usize) {
        self.keep_checks = Some(k);
        self.keep_last_check = false;
    }

    /// Shrinks the script of an incremental best case (see the module
    /// docs); whether it changed.
    pub(super) fn shrink_script(&mut self) -> bool {
        let mut changed = false;
        loop {
            let Some(inc) = self.best.incremental.clone() else {
                return changed;
            };
            let steps = inc.steps;
            // The step no cut may take (see `cut_after_check`).
            let kept_check = self
                .keep_last_check
                .then(|| steps.iter().rposition(|s| matches!(s, Step::CheckSat(_))))
                .flatten();
            // Each step's check ordinal (checks before it and itself).
            let ordinal: Vec<usize> = steps
                .iter()
                .scan(0usize, |n, s| {
                    let here = *n;
                    *n += usize::from(matches!(s, Step::CheckSat(_)));
                    Some(here)
                })
                .collect();
            let keeps = |r: &std::ops::Range<usize>| {
                kept_check.is_none_or(|c| !r.contains(&c))
                    && !self.keep_checks.is_some_and(|k| {
                        r.clone()
                            .any(|i| matches!(steps[i], Step::CheckSat(_)) && ordinal[i] <= k)
                    })
            };
            let mut candidates: Vec<Case> = Vec::new();
            for (k, s) in steps.iter().enumerate() {
                match s {
                    Step::Push => {
                        if let Some(end) = matching_pop(&steps, k).filter(|&e| keeps(&(k..e + 1))) {
                            candidates.push(without(&self.best, &steps, k..end + 1));
                        }
                    }
                    Step::ResetAssertions if keeps(&(0..k + 1)) => {
                        candidates.push(without(&self.best, &steps, 0..k + 1));
                    }
                    Step::CheckSat(_) if keeps(&(k..k + 1)) => {
                        candidates.push(without(&self.best, &steps, k..k + 1))
                    }
                    Step::Assert(i) if !needed(&self.best, *i) => {
                        candidates.push(without(&self.best, &steps, k..k + 1));
                    }
                    _ => {}
                }
            }
            for (k, s) in steps.iter().enumerate() {
                let Step::CheckSat(check) = s else { continue };
                for (a, &i) in check.assuming.iter().enumerate() {
                    if needed(&self.best, i) {
                        continue;
                    }
                    let mut out = self.best.clone();
                    if let Some(Step::CheckSat(c)) = out
                        .incremental
                        .as_mut()
                        .and_then(|inc| inc.steps.get_mut(k))
                    {
                        c.assuming.remove(a);
                    }
                    candidates.push(out);
                }
            }
            // Scopes first: the largest cuts are proposed first. Another
            // round after every cut kept (comparing `changed` with its value
            // before the round stopped after the second cut: a 14-step
            // script kept 13).
            let mut kept = false;
            // A script without a check-sat fails no way: one stays.
            let checks = |c: &Case| c.incremental.as_ref().map_or(1, |i| i.checks().len());
            // A candidate that drops the script's last unsat check also
            // drops `produce-unsat-cores`, which a failure may need (a Z3
            // 5.4.1 local-search crash did): it is tried again with the
            // one-node unsat check first, where the failed check stays
            // last (not once the cut was refused: indices stay then).
            let unsat_before = has_unsat_check(&self.best);
            let last_mode = self.keep_checks.is_none();
            for c in candidates.into_iter().filter(|c| checks(c) > 0) {
                let stand_in = (unsat_before && last_mode && !has_unsat_check(&c))
                    .then(|| false_check(&c, At::Start))
                    .flatten();
                if self.try_keep(c) {
                    kept = true;
                    break;
                }
                // Its pool truth is read off its checks (exact by
                // construction), so its core is a new one.
                if let Some(c) = stand_in
                    && self.try_keep_relabelled(c)
                {
                    kept = true;
                    break;
                }
            }
            if !kept {
                break;
            }
            changed = true;
        }
        if let Some(one_shot) = self.one_shot() {
            changed |= self.try_keep_relabelled(one_shot);
        }
        changed
    }

    /// The one-shot case of a script with one check left.
    fn one_shot(&self) -> Option<Case> {
        let inc = self.best.incremental.as_ref()?;
        let [only] = inc.checks().try_into().ok()?;
        let formula = check_formula(&self.best.formula, &only.asserted, &only.check.assuming);
        let mut out = self.best.clone();
        out.formula = formula;
        out.truth = only.check.truth.clone();
        out.incremental = None;
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::{Mode, minimize, minimize_at};
    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::strings::equivalent_formula_cases;
    use crate::transform::incremental::{Assumption, interleave, noise_scope};
    use crate::transform::{Transformation, constant_assignments};

    fn unsat_assuming(c: &Case) -> bool {
        c.check_sats()
            .iter()
            .any(|(_, ch)| !ch.assuming.is_empty() && matches!(ch.truth, Truth::Unsat { .. }))
    }

    #[test]
    fn scopes_and_checks_go_first_and_one_check_becomes_one_shot() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), 4)
            .take(20)
            .collect();
        let unsat: Vec<Case> = equivalent_formula_cases(false, 4).take(20).collect();
        let mut tried = 0;
        for (i, (a, b)) in sat.iter().zip(&unsat).enumerate() {
            let b = Assumption.apply(b, &mut rng).unwrap();
            let c = interleave(a, &b, &mut rng).unwrap();
            let c = noise_scope(&c, &sat[(i + 1) % sat.len()], &mut rng).unwrap();
            assert!(c.check_sats().len() >= 2);
            // A failure only the check with the assumption shows: the rest
            // of the script goes, the assumption stays.
            let m = minimize(
                &c,
                Mode::Exact,
                500,
                &mut |x| unsat_assuming(x),
                &mut |_, _| {},
            );
            m.case.check().unwrap();
            assert!(unsat_assuming(&m.case));
            assert_eq!(m.case.check_sats().len(), 1, "{:?}", m.case.incremental);
            // A failure any unsat check shows: one-shot, the check's truth.
            let any_unsat = &mut |x: &Case| {
                x.check_sats()
                    .iter()
                    .any(|(_, ch)| matches!(ch.truth, Truth::Unsat { .. }))
            };
            let m = minimize(&c, Mode::Exact, 500, any_unsat, &mut |_, _| {});
            m.case.check().unwrap();
            assert!(m.case.incremental.is_none());
            assert!(matches!(m.case.truth, Truth::Unsat { .. }));
            tried += 1;
        }
        assert!(tried > 10, "{tried}");
    }

    /// Regression (issue 29): the script shrank by two cuts at most, so a
    /// Z3 5.4.1 finding of 14 steps came out of `minimize` with 13.
    #[test]
    fn a_script_shrinks_by_as_many_cuts_as_it_takes() {
        let case: Case = constant_assignments(&ConstantPool::paper(), 4)
            .next()
            .unwrap();
        let check = crate::truth::Check {
            assuming: Vec::new(),
            truth: case.truth.clone(),
        };
        let mut steps: Vec<Step> = (0..case.formula.assertions.len())
            .map(Step::Assert)
            .collect();
        for _ in 0..6 {
            steps.push(Step::Push);
            steps.push(Step::CheckSat(check.clone()));
            steps.push(Step::Pop);
            steps.push(Step::CheckSat(check.clone()));
        }
        let mut script = case.clone();
        script.incremental = Some(crate::truth::Incremental { steps });
        script.check().unwrap();
        // A failure every check shows: one check is enough.
        let m = minimize(&script, Mode::Exact, 500, &mut |_| true, &mut |_, _| {});
        m.case.check().unwrap();
        assert!(m.case.incremental.is_none(), "{:?}", m.case.incremental);
        assert!(m.tests > 2, "{}", m.tests);
    }

    /// Regression (issue 42): a script that stayed incremental kept every
    /// setting (three on a Z3 5.4.1 invalid model), since the settings
    /// pass ran only on one-shot cases.
    #[test]
    fn a_script_that_stays_incremental_loses_the_settings_it_does_not_need() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let a: Case = constant_assignments(&ConstantPool::paper(), 4)
            .next()
            .unwrap();
        let b: Case = equivalent_formula_cases(false, 4).next().unwrap();
        let b = Assumption.apply(&b, &mut rng).unwrap();
        let mut c = interleave(&a, &b, &mut rng).unwrap();
        c.settings.set("smt.sls.enable", "true");
        c.settings.set("rewriter.flat_and_or", "false");
        c.check().unwrap();
        // Fails while it assumes something and `smt.sls.enable` is set.
        let fails = &mut |x: &Case| unsat_assuming(x) && x.settings.get("smt.sls.enable").is_some();
        let m = minimize(&c, Mode::Exact, 500, fails, &mut |_, _| {});
        m.case.check().unwrap();
        assert!(m.case.incremental.is_some());
        assert_eq!(m.case.settings.get("smt.sls.enable"), Some("true"));
        assert_eq!(m.case.settings.len(), 1, "{}", m.case.settings);
    }

    /// Regression (issue 42): once the cut after the failed check was
    /// refused, no check went at all. A Z3 5.4.1 invalid model at check 1
    /// of 5 kept the three sat checks after it, because the cut also took
    /// the one unsat check, whose `produce-unsat-cores` the failure needed.
    /// The checks after the failed one go now, one by one; the failed one
    /// and those before it stay.
    #[test]
    fn after_a_refused_cut_the_checks_after_the_failed_one_still_go() {
        let has_unsat = |x: &Case| {
            x.check_sats()
                .iter()
                .any(|(_, ch)| matches!(ch.truth, Truth::Unsat { .. }))
        };
        let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), 4)
            .take(20)
            .collect();
        let unsat: Vec<Case> = equivalent_formula_cases(false, 4).take(20).collect();
        let (mut tried, mut tails) = (0, 0);
        for seed in 0..40u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let i = seed as usize;
            let (a, b) = (&sat[i % sat.len()], &unsat[i % unsat.len()]);
            let Some(mut c) = interleave(a, b, &mut rng) else {
                continue;
            };
            // Two sat checks after the first, then the unsat one.
            let inc = c.incremental.as_mut().unwrap();
            let Some(first) = inc
                .steps
                .iter()
                .position(|s| matches!(s, Step::CheckSat(_)))
            else {
                continue;
            };
            let Step::CheckSat(sat) = inc.steps[first].clone() else {
                unreachable!()
            };
            if !matches!(sat.truth, Truth::Sat { .. }) {
                continue;
            }
            let extra = [
                Step::Push,
                Step::CheckSat(sat.clone()),
                Step::Pop,
                Step::CheckSat(sat.clone()),
            ];
            inc.steps.splice(first + 1..first + 1, extra);
            if c.check().is_err() || !has_unsat(&c) {
                continue;
            }
            tried += 1;
            let checks = c.check_sats().len();
            let m = minimize_at(
                &c,
                Some(0),
                Mode::Exact,
                500,
                &mut |x| has_unsat(x),
                &mut |_, _| {},
            );
            m.case.check().unwrap();
            let left = m.case.check_sats();
            assert!(has_unsat(&m.case), "the failure's condition holds");
            assert_eq!(left[0].1, sat, "the failed check stays first");
            assert_eq!(left.len(), 2, "{checks} checks -> {:?}", m.case.incremental);
            // The unsat check it keeps is the smallest there is, when the
            // pool allows it.
            if m.case
                .formula
                .assertions
                .iter()
                .any(|a| a.term == crate::term::Term::Bool(false))
            {
                tails += 1;
                let (f, _) = &left[1];
                assert_eq!(f.assertions.len(), 1, "{:?}", f.assertions);
            }
        }
        assert!(tried > 3, "{tried}");
        assert!(tails > 0, "no script got the false tail");
    }

    /// A candidate that drops the last unsat check is tried again with the
    /// one-node unsat check first, where a failure that needs
    /// `produce-unsat-cores` (the option an unsat check brings) keeps it
    /// and its failed check stays last.
    #[test]
    fn a_dropped_unsat_check_gets_a_one_node_stand_in() {
        let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), 4)
            .take(20)
            .collect();
        let unsat: Vec<Case> = equivalent_formula_cases(false, 4).take(20).collect();
        let last_is_sat = |x: &Case| {
            x.check_sats()
                .last()
                .is_some_and(|(_, ch)| matches!(ch.truth, Truth::Sat { .. }))
        };
        let fails = |x: &Case| has_unsat_check(x) && last_is_sat(x);
        let mut tried = 0;
        for seed in 0..60u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let i = seed as usize;
            let Some(c) = interleave(&sat[i % sat.len()], &unsat[i % unsat.len()], &mut rng) else {
                continue;
            };
            if !fails(&c) {
                continue;
            }
            tried += 1;
            let m = minimize(&c, Mode::Exact, 500, &mut |x| fails(x), &mut |_, _| {});
            m.case.check().unwrap();
            assert!(fails(&m.case));
            let left = m.case.check_sats();
            assert_eq!(left.len(), 2, "{:?}", m.case.incremental);
            // The unsat check left is the one-node stand-in where the pool
            // allowed it.
            let (f, _) = &left[0];
            if f.assertions
                .iter()
                .any(|a| a.term == crate::term::Term::Bool(false))
            {
                assert_eq!(f.assertions.len(), 1, "{:?}", f.assertions);
                tried += 100;
            }
        }
        assert!(tried > 100, "no script got the stand-in ({tried})");
    }
}
