//! The formula (the pool) of a script that stays incremental: guards that
//! only nest lose their outer literal, and what no step uses goes.
//!
//! # Invariants
//!
//! - A guard `(=> q (=> p X))` (or `(=> q p X)`) becomes `(=> p X)` only if
//!   `q` is a Bool constant that nothing but this guard and its own
//!   assumption (an assertion whose term is `q`) mentions, and every unsat
//!   check with the guard in force assumes `q`. There the guard and the
//!   new term are equivalent (q is true), so the check stays unsat, and its
//!   unique minimal core `C` becomes `C` without `q`'s assumption: a
//!   smaller core `T` would make `T ∪ {q}` an unsat subset of the old set
//!   strictly inside `C`, and any minimal core `T` of the new set gives an
//!   unsat `T ∪ {q}` of the old one, which holds `C`. The whole pool asserts
//!   `q` too, so its core shrinks the same way. A sat check (and a sat
//!   pool) keeps its model only if the model satisfies the new term, which
//!   [`Case::check`] decides exactly.
//! - An assertion that no step asserts or assumes leaves the pool (the
//!   steps renumbered); the pool's truth must then be known again: kept
//!   if its model, or a core it still holds, stays right; else the truth of
//!   a check whose in-force set is the whole new pool, or the model of a
//!   sat check that satisfies the whole new pool; else nothing goes.
//!   Declarations nothing left uses go with them, and so do their values.

use std::collections::BTreeSet;

use super::reducer::Reducer;
use crate::term::{Op, Sort, Symbol, Term};
use crate::truth::{Case, Step, Truth, check_formula, check_model_with};

/// `term` without its outer guard literal, and that literal, if `term` is
/// `(=> q (=> ...))` or `(=> q p ...)` with `q` a constant.
fn unguarded(term: &Term) -> Option<(Symbol, Term)> {
    let Term::App(Op::Implies, args) = term else {
        return None;
    };
    let [Term::Var(q), rest @ ..] = args.as_slice() else {
        return None;
    };
    let inner = match rest {
        [one @ Term::App(Op::Implies, _)] => one.clone(),
        [_, _, ..] => Term::App(Op::Implies, rest.to_vec()),
        _ => return None,
    };
    Some((q.clone(), inner))
}

/// The collapse of the guard at pool index `i`, if the module's rule
/// allows it.
fn collapsed(case: &Case, i: usize) -> Option<Case> {
    let (q, inner) = unguarded(&case.formula.assertions[i].term)?;
    if case.formula.sort_of(&q) != Some(Sort::Bool) {
        return None;
    }
    let is_literal = |a: &crate::term::Assertion| matches!(&a.term, Term::Var(v) if *v == q);
    // `q` is mentioned by this guard and by its assumptions only.
    let mut literals = Vec::new();
    for (k, a) in case.formula.assertions.iter().enumerate() {
        if is_literal(a) {
            literals.push(k);
        } else if k != i && a.term.free_vars().contains(&q) {
            return None;
        }
    }
    let names: BTreeSet<Symbol> = literals
        .iter()
        .filter_map(|&k| case.formula.assertions[k].name.clone())
        .collect();
    let inc = case.incremental.as_ref()?;
    for c in inc.checks() {
        let unsat = matches!(c.check.truth, Truth::Unsat { .. });
        let assumes_q = c.check.assuming.iter().any(|k| literals.contains(k))
            || c.asserted.iter().any(|k| literals.contains(k));
        if unsat && c.asserted.contains(&i) && !assumes_q {
            return None;
        }
    }
    let drop_names = |t: &mut Truth| {
        if let Truth::Unsat { core } = t {
            core.retain(|n| !names.contains(n));
        }
    };
    let mut out = case.clone();
    out.formula.assertions[i].term = inner;
    drop_names(&mut out.truth);
    for s in &mut out.incremental.as_mut()?.steps {
        if let Step::CheckSat(c) = s {
            drop_names(&mut c.truth);
        }
    }
    Some(out)
}

/// `case` without the pool assertions no step uses and the declarations
/// nothing left mentions, or `None` if there are none or the pool's truth
/// is not known without them (module docs).
pub(super) fn unreferenced_dropped(case: &Case) -> Option<Case> {
    let inc = case.incremental.as_ref()?;
    let used = inc.referenced();
    let n = case.formula.assertions.len();
    // A declaration only a dropped step used (a `get-value`'s, or one a
    // rewrite left unused) goes too, even when every assertion stays.
    let mentioned: BTreeSet<Symbol> = used
        .iter()
        .flat_map(|&i| case.formula.assertions[i].term.free_vars())
        .collect();
    if used.len() == n
        && case
            .formula
            .decls
            .iter()
            .all(|(d, _)| mentioned.contains(d))
    {
        return None;
    }
    let renumber: Vec<Option<usize>> = {
        let mut next = 0;
        (0..n)
            .map(|i| {
                used.contains(&i).then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    };
    let mut out = case.clone();
    out.formula.assertions = used
        .iter()
        .map(|&i| case.formula.assertions[i].clone())
        .collect();
    let new_inc = out.incremental.as_mut()?;
    for s in &mut new_inc.steps {
        match s {
            Step::Assert(i) => *i = renumber[*i]?,
            Step::CheckSat(c) => {
                for a in &mut c.assuming {
                    *a = renumber[*a]?;
                }
            }
            _ => {}
        }
    }
    let vars: BTreeSet<Symbol> = out
        .formula
        .assertions
        .iter()
        .flat_map(|a| a.term.free_vars())
        .collect();
    out.formula.decls.retain(|(d, _)| vars.contains(d));
    let names: BTreeSet<&str> = out.formula.names();
    out.truth = match &case.truth {
        Truth::Sat { model } => {
            let mut model = model.clone();
            model.0.retain(|d, _| vars.contains(d));
            Truth::Sat { model }
        }
        Truth::Unsat { core } if core.iter().all(|c| names.contains(c.as_str())) => {
            case.truth.clone()
        }
        _ => pool_truth(&out)?,
    };
    Some(out)
}

/// The truth of a script's whole pool read off its checks: a check with
/// the whole pool in force has it; else a sat check's model that satisfies
/// the whole pool.
pub(super) fn pool_truth(case: &Case) -> Option<Truth> {
    let inc = case.incremental.as_ref()?;
    let all: BTreeSet<usize> = (0..case.formula.assertions.len()).collect();
    let checks = inc.checks();
    for c in &checks {
        let in_force: BTreeSet<usize> = c
            .asserted
            .iter()
            .chain(&c.check.assuming)
            .copied()
            .collect();
        if in_force == all {
            return Some(c.check.truth.clone());
        }
    }
    let every: Vec<usize> = all.into_iter().collect();
    let whole = check_formula(&case.formula, &every, &[]);
    checks.iter().find_map(|c| match &c.check.truth {
        Truth::Sat { model } if check_model_with(&whole, model, &case.witnesses).is_ok() => {
            let mut model = model.clone();
            model
                .0
                .retain(|d, _| whole.decls.iter().any(|(n, _)| n == d));
            Some(Truth::Sat { model })
        }
        _ => None,
    })
}

impl Reducer<'_> {
    /// Collapses the first guard that only nests and still fails; whether
    /// one did.
    pub(super) fn collapse_guards(&mut self) -> bool {
        let n = self.best.formula.assertions.len();
        let was = self.core_may_shrink;
        self.core_may_shrink = true;
        let mut kept = false;
        for i in 0..n {
            if let Some(c) = collapsed(&self.best, i)
                && self.try_keep(c)
            {
                kept = true;
                break;
            }
        }
        self.core_may_shrink = was;
        kept
    }

    /// Drops the pool assertions and declarations no step uses; whether
    /// they went.
    pub(super) fn drop_unreferenced(&mut self) -> bool {
        // A new pool truth is read off a check (exact by construction),
        // so its core may differ from the old pool's.
        match unreferenced_dropped(&self.best) {
            Some(c) => self.try_keep_relabelled(c),
            None => false,
        }
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

    fn nested_guard(c: &Case) -> bool {
        c.formula
            .assertions
            .iter()
            .any(|a| unguarded(&a.term).is_some())
    }

    /// A failure that needs an unsat check with an assumption in a script
    /// of two checks or more.
    fn fails(c: &Case) -> bool {
        c.check_sats().len() >= 2
            && c.check_sats()
                .iter()
                .any(|(_, ch)| !ch.assuming.is_empty() && matches!(ch.truth, Truth::Unsat { .. }))
    }

    #[test]
    fn a_declaration_nothing_mentions_goes_when_every_assertion_stays() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = 0;
        for b in equivalent_formula_cases(false, 4).take(20) {
            let Some(mut b) = Assumption.apply(&b, &mut rng) else {
                continue;
            };
            if unreferenced_dropped(&b).is_some() {
                continue;
            }
            b.formula
                .decls
                .push(("left_over".into(), crate::term::Sort::Int));
            let out = unreferenced_dropped(&b).expect("the unused declaration goes");
            assert_eq!(out.formula.assertions, b.formula.assertions);
            assert!(out.formula.sort_of("left_over").is_none());
            out.check_script().unwrap();
            seen += 1;
        }
        assert!(seen >= 5, "{seen}");
    }

    #[test]
    fn nested_guards_collapse_and_what_no_step_uses_leaves_the_pool() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), 4)
            .take(30)
            .collect();
        let mut nested = 0;
        for (i, b) in equivalent_formula_cases(false, 4).take(30).enumerate() {
            let Some(b) = Assumption.apply(&b, &mut rng) else {
                continue;
            };
            let Some(b) = Assumption.apply(&b, &mut rng) else {
                continue;
            };
            let Some(c) = interleave(&sat[i], &b, &mut rng) else {
                continue;
            };
            if !nested_guard(&c) || !fails(&c) {
                continue;
            }
            nested += 1;
            let m = minimize(&c, Mode::Exact, 500, &mut |x| fails(x), &mut |_, _| {});
            m.case.check().unwrap();
            assert!(fails(&m.case));
            assert!(!nested_guard(&m.case), "{:?}", m.case.formula);
            // Every assertion left is asserted or assumed, every
            // declaration used.
            assert!(
                unreferenced_dropped(&m.case).is_none(),
                "{:?}",
                m.case.incremental
            );
            let used: BTreeSet<Symbol> = m
                .case
                .formula
                .assertions
                .iter()
                .flat_map(|a| a.term.free_vars())
                .collect();
            assert!(m.case.formula.decls.iter().all(|(d, _)| used.contains(d)));
            // One assumption is enough once the guards collapsed.
            let assumed: usize = m
                .case
                .check_sats()
                .iter()
                .map(|(_, ch)| ch.assuming.len())
                .sum();
            assert_eq!(assumed, 1, "{:?}", m.case.incremental);
        }
        assert!(nested > 3, "{nested}");
    }

    #[test]
    fn the_failing_check_stays_the_last_and_is_never_dropped() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), 4)
            .take(20)
            .collect();
        let mut tried = 0;
        for (i, b) in equivalent_formula_cases(false, 4).take(20).enumerate() {
            let Some(b) = Assumption.apply(&b, &mut rng) else {
                continue;
            };
            let Some(c) = interleave(&sat[i], &b, &mut rng) else {
                continue;
            };
            let Some(c) = noise_scope(&c, &sat[(i + 1) % sat.len()], &mut rng) else {
                continue;
            };
            let checks = c.check_sats();
            // The first sat check is the one that "fails"; every sat check
            // (the noise scope's too) would do, so without the rule the
            // failure moves.
            let Some(k) = checks
                .iter()
                .position(|(_, ch)| matches!(ch.truth, Truth::Sat { .. }))
            else {
                continue;
            };
            if k + 1 == checks.len() {
                continue;
            }
            let want = checks[k].1.clone();
            let last_is_sat = |x: &Case| matches!(x.check_sats().last(), Some((_, ch)) if matches!(ch.truth, Truth::Sat { .. }));
            let m = minimize_at(
                &c,
                Some(k),
                Mode::Exact,
                500,
                &mut |x| last_is_sat(x),
                &mut |_, _| {},
            );
            m.case.check().unwrap();
            // The check left last is the one asked about: same truth, the
            // same assertions in force (a sat check loses none here: the
            // model of the first one is kept).
            let (_, last) = m.case.check_sats().last().cloned().unwrap();
            assert_eq!(last.truth, want.truth);
            tried += 1;
        }
        assert!(tried > 5, "{tried}");
    }

    #[test]
    fn a_refused_cut_leaves_the_failed_check_where_it_was() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), 4)
            .take(20)
            .collect();
        let mut tried = 0;
        for (i, b) in equivalent_formula_cases(false, 4).take(20).enumerate() {
            let Some(b) = Assumption.apply(&b, &mut rng) else {
                continue;
            };
            let Some(c) = interleave(&sat[i], &b, &mut rng) else {
                continue;
            };
            let Some(c) = noise_scope(&c, &sat[(i + 1) % sat.len()], &mut rng) else {
                continue;
            };
            let checks = c.check_sats();
            if checks.len() < 3 || !matches!(checks[0].1.truth, Truth::Sat { .. }) {
                continue;
            }
            // The cut after check 0 leaves one check, which this failure
            // refuses; a script of two checks or more would do.
            let fails = |x: &Case| x.check_sats().len() >= 2;
            let m = minimize_at(
                &c,
                Some(0),
                Mode::Exact,
                500,
                &mut |x| fails(x),
                &mut |_, _| {},
            );
            m.case.check().unwrap();
            let left = m.case.check_sats();
            // The checks after the failed one go while two stay.
            assert_eq!(left.len(), 2, "{:?}", m.case.incremental);
            assert_eq!(left[0].1.truth, checks[0].1.truth);
            tried += 1;
        }
        assert!(tried > 3, "{tried}");
    }
}
