//! The reducer's passes over its best case so far: dropping assertions
//! and unused constants, rewriting subterms by a candidate family,
//! shortening constants, eliminating definitions, shrinking a decided
//! core, strengthening and instantiating.
//!
//! # Invariant
//!
//! [`Reducer::try_keep`] is the only way a case becomes the best: it
//! passes [`Case::check`], keeps the core (unless a pass says why it may
//! change), is no larger, has not been tested before, and the test still
//! fails on it; the test is called at most `max_tests` times.

use std::collections::{BTreeSet, HashSet};

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::candidates::{Candidates, CaseCandidates, decided_candidates, strengthened_candidates};
use super::constants::{literal_weight, shorter, substitute_constant};
use super::mode::Mode;
use super::size::size;
use super::subterm::{paths, replaced};
use super::undo::{definitions, eliminated};
use super::unsat_core::{core_refuted, with_decided_core};
use crate::semantics::Value;
use crate::term::{Sort, Term};
use crate::truth::{Case, Truth};

/// The state of one minimization: the best case so far and the budget.
pub(super) struct Reducer<'a> {
    /// The smallest case the test has failed on so far (the input first).
    pub(super) best: Case,
    pub(super) mode: Mode,
    /// How many times the test was called.
    pub(super) tests: usize,
    pub(super) max_tests: usize,
    /// Whether the best case's core is no longer rechecked (see
    /// [`super::Minimized::instantiated`]).
    pub(super) instantiated: bool,
    /// While a definition is eliminated: the core may lose the
    /// definition's name (see [`Reducer::eliminate_definitions`]).
    pub(super) core_may_shrink: bool,
    /// While candidates are relabelled by
    /// [`decide_core`](crate::triage::membership::decide_core)(crate::triage::membership::decide_core): the core
    /// may change to the decided one.
    core_decided: bool,
    /// The script's last check is the one whose failure is kept
    /// ([`super::minimize_at`]): no script pass drops it.
    pub(super) keep_last_check: bool,
    /// The cut after the failed check (the `k`th, 0-based) was refused:
    /// no script pass drops that check or one before it, so the failed
    /// check keeps its index; the checks after it may still go one by one
    /// (what made the cut fail may be one of them, or only the
    /// `produce-unsat-cores` option an unsat check among them brings).
    pub(super) keep_checks: Option<usize>,
    /// Hashes of the candidates tested: a later pass proposes many again.
    tried: HashSet<u64>,
    pub(super) test: &'a mut dyn FnMut(&Case) -> bool,
    progress: &'a mut dyn FnMut(usize, usize),
}

impl<'a> Reducer<'a> {
    /// A reducer of `case` that calls `test` at most `max_tests` times.
    pub(super) fn new(
        case: &Case,
        mode: Mode,
        max_tests: usize,
        test: &'a mut dyn FnMut(&Case) -> bool,
        progress: &'a mut dyn FnMut(usize, usize),
    ) -> Self {
        Reducer {
            best: case.clone(),
            mode,
            tests: 0,
            max_tests,
            instantiated: false,
            core_may_shrink: false,
            core_decided: false,
            keep_last_check: false,
            keep_checks: None,
            tried: HashSet::new(),
            test,
            progress,
        }
    }
}

impl Reducer<'_> {
    pub(super) fn budget_left(&self) -> bool {
        self.tests < self.max_tests
    }

    /// Keeps `candidate` if its truth holds, it is smaller or equal (and
    /// different), and the solver still fails on it.
    pub(super) fn try_keep(&mut self, candidate: Case) -> bool {
        if !self.budget_left()
            || candidate == self.best
            || candidate.check().is_err()
            // An instance keeps only the status (its core is marked not
            // rechecked), so only an exact core must survive this.
            || (self.mode == Mode::Exact && core_refuted(&candidate).is_some())
        {
            return false;
        }
        if let (Truth::Unsat { core }, Truth::Unsat { core: was }) =
            (&candidate.truth, &self.best.truth)
            && core != was
            && !self.core_decided
            && !(self.core_may_shrink && core.is_subset(was) && !core.is_empty())
        {
            return false;
        }
        if size(&candidate) > size(&self.best) {
            return false;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(&candidate, &mut h);
        if !self.tried.insert(std::hash::Hasher::finish(&h)) {
            return false;
        }
        self.tests += 1;
        let fails = (self.test)(&candidate);
        if fails {
            self.best = candidate;
        }
        (self.progress)(self.tests, size(&self.best));
        fails
    }

    /// [`Reducer::try_keep`] for a candidate whose core is another one
    /// by construction (an incremental case made one-shot: its truth is
    /// its last check's).
    pub(super) fn try_keep_relabelled(&mut self, candidate: Case) -> bool {
        let was = self.core_decided;
        self.core_decided = true;
        let kept = self.try_keep(candidate);
        self.core_decided = was;
        kept
    }

    /// The assertions that may be dropped.
    pub(super) fn droppable(&self) -> Vec<usize> {
        let core = match &self.best.truth {
            Truth::Unsat { core } => Some(core),
            Truth::Sat { .. } => None,
        };
        (0..self.best.formula.assertions.len())
            .filter(|&i| {
                let name = &self.best.formula.assertions[i].name;
                core.is_none_or(|c| name.as_ref().is_none_or(|n| !c.contains(n)))
            })
            .collect()
    }

    /// Drops droppable assertions in chunks, halving the chunk size (ddmin's
    /// complement step).
    pub(super) fn drop_assertions(&mut self) -> bool {
        let mut changed = false;
        let mut chunk = self.droppable().len().max(1);
        while chunk >= 1 && self.budget_left() {
            let mut start = 0;
            loop {
                let drop = self.droppable();
                if start >= drop.len() {
                    break;
                }
                let gone: Vec<usize> = drop.iter().skip(start).take(chunk).copied().collect();
                let mut c = self.best.clone();
                let mut i = 0;
                c.formula.assertions.retain(|_| {
                    let keep = !gone.contains(&i);
                    i += 1;
                    keep
                });
                if self.try_keep(c) {
                    changed = true;
                } else {
                    start += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
        changed
    }

    /// Drops the case's solver settings its failure does not need: all at
    /// once first, then one at a time (the formula and its truth stay as
    /// they are, so every candidate keeps the truth).
    pub(super) fn drop_settings(&mut self) -> bool {
        if self.best.settings.is_empty() {
            return false;
        }
        let mut none = self.best.clone();
        none.settings = Default::default();
        if self.try_keep(none) {
            return true;
        }
        let mut changed = false;
        for s in self.best.settings.iter().collect::<Vec<_>>() {
            let mut c = self.best.clone();
            c.settings.remove(&s.key);
            changed |= self.try_keep(c);
        }
        changed
    }

    /// Drops declarations (and model values) no assertion uses.
    pub(super) fn drop_unused(&mut self) -> bool {
        let used: BTreeSet<String> = self
            .best
            .formula
            .assertions
            .iter()
            .flat_map(|a| a.term.free_vars())
            .collect();
        if self
            .best
            .formula
            .decls
            .iter()
            .all(|(n, _)| used.contains(n))
        {
            return false;
        }
        let mut c = self.best.clone();
        c.formula.decls.retain(|(n, _)| used.contains(n));
        if let Truth::Sat { model } = &mut c.truth {
            model.0.retain(|n, _| used.contains(n));
        }
        self.try_keep(c)
    }

    /// Walks every subterm of every assertion (parents first, into
    /// quantifier bodies: `subterm`) and keeps the first of `candidates` that still fails.
    pub(super) fn rewrite_subterms(&mut self, candidates: &Candidates) -> bool {
        self.rewrite_subterms_relabelled(candidates, &|c| Some(c))
    }

    /// [`Reducer::rewrite_subterms`], with each candidate's truth set by
    /// `relabel` (`None`: not a candidate).
    pub(super) fn rewrite_subterms_relabelled(
        &mut self,
        candidates: &Candidates,
        relabel: &dyn Fn(Case) -> Option<Case>,
    ) -> bool {
        let cases = |case: &Case, i: usize, path: &[usize]| {
            candidates(case, i, path)
                .into_iter()
                .map(|replacement| {
                    let mut c = case.clone();
                    c.formula.assertions[i].term =
                        replaced(&c.formula.assertions[i].term, path, replacement);
                    c
                })
                .collect()
        };
        self.rewrite_cases(&cases, relabel)
    }

    /// Walks every subterm of every assertion (parents first, into
    /// quantifier bodies: `subterm`) and keeps the first of the cases `candidates` proposes for
    /// it, each with its truth set by `relabel` (lazily: deciding a core
    /// costs more than the rest), that still fails.
    pub(super) fn rewrite_cases(
        &mut self,
        candidates: &CaseCandidates<'_>,
        relabel: &dyn Fn(Case) -> Option<Case>,
    ) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < self.best.formula.assertions.len() && self.budget_left() {
            let mut k = 0;
            loop {
                let term = &self.best.formula.assertions[i].term;
                let Some(path) = paths(term).into_iter().nth(k) else {
                    break;
                };
                for c in candidates(&self.best, i, &path) {
                    let Some(c) = relabel(c) else { continue };
                    if self.try_keep(c) {
                        changed = true;
                        break;
                    }
                }
                k += 1;
            }
            i += 1;
        }
        changed
    }

    /// Replaces each distinct constant, everywhere in the formula and the
    /// model at once, by shorter ones.
    pub(super) fn shorten_constants(&mut self) -> bool {
        let mut changed = false;
        let mut constants = Vec::new();
        for a in &self.best.formula.assertions {
            a.term.visit(&mut |t| {
                if matches!(t, Term::Str(s) if !s.is_empty())
                    || matches!(t, Term::Int(n) if n.abs() > BigInt::from(1))
                {
                    constants.push(t.clone());
                }
            });
        }
        if let Truth::Sat { model } = &self.best.truth {
            for v in model.0.values() {
                match v {
                    Value::Str(s) if !s.is_empty() => constants.push(Term::Str(s.clone())),
                    Value::Int(n) if n.abs() > BigInt::from(1) => {
                        constants.push(Term::Int(n.clone()))
                    }
                    _ => {}
                }
            }
        }
        constants.sort_by_key(|t| std::cmp::Reverse(t.size() + literal_weight(t)));
        constants.dedup();
        for from in constants {
            changed |= match from {
                Term::Int(n) => self.shorten_integer(n),
                from => self.shorten_string(from),
            };
        }
        changed
    }

    /// Shortens a string constant everywhere, on until no shorter one
    /// passes.
    pub(super) fn shorten_string(&mut self, mut from: Term) -> bool {
        let mut changed = false;
        'shorter: while self.budget_left() {
            for to in shorter(&from) {
                let c = substitute_constant(&self.best, &from, &to);
                if self.try_keep(c) {
                    changed = true;
                    from = to;
                    continue 'shorter;
                }
            }
            break;
        }
        changed
    }

    /// Shortens the integer constant `n` everywhere: to 0, 1 or -1 if one
    /// passes, else by bisection between 0 and `n`, keeping the value
    /// nearest 0 that passed. That takes about log2 |n| tests whatever the
    /// answers, where stepping one nearer 0 at a time took a test per
    /// unit once halving failed (measured: `docs/measured/triage.md`).
    pub(super) fn shorten_integer(&mut self, mut n: BigInt) -> bool {
        let mut changed = false;
        for small in [0, 1, -1].map(BigInt::from) {
            if small.abs() < n.abs()
                && self.try_keep(substitute_constant(
                    &self.best,
                    &Term::Int(n.clone()),
                    &Term::Int(small),
                ))
            {
                return true;
            }
        }
        // The nearest value to 0 known not to pass (0 did not).
        let mut lo = BigInt::zero();
        while self.budget_left() {
            let mid: BigInt = (&lo + &n) / 2;
            if mid == lo || mid == n {
                break;
            }
            let c = substitute_constant(&self.best, &Term::Int(n.clone()), &Term::Int(mid.clone()));
            if self.try_keep(c) {
                n = mid;
                changed = true;
            } else {
                lo = mid;
            }
        }
        changed
    }

    /// Undoes the transformations that name a term by a fresh constant
    /// (variable abstraction, the fresh side of variable replacement, a
    /// synthesised term's result): an assertion `(= t y)` or `(= y t)`, or
    /// such a conjunct of a top-level `and`, with `y` a declared constant
    /// that does not occur in `t`, is removed and `y` replaced by `t`
    /// everywhere. The provenance chain names the transformations but not
    /// their inputs, so this finds their definitions in the formula
    /// instead.
    ///
    /// - Sat: the model gives `y` the value of `t`, so it still satisfies
    ///   every assertion with `t` in place of `y`; `y` leaves the model.
    /// - Unsat: the result is equisatisfiable (a model of it extends to
    ///   one of the input with `y := t`). In [`Mode::Exact`] only a whole
    ///   assertion that is in the core (or whose constant no core assertion
    ///   uses) is eliminated; then the core without it is the unique
    ///   minimal core of the result: an unsat proper subset `S` of it would
    ///   make `S` plus the definition an unsat proper subset of the input's
    ///   core, and any minimal core of the result plus the definition
    ///   contains the input's unique core. In [`Mode::StatusOnly`] any such
    ///   conjunct goes, and the core is marked not rechecked.
    pub(super) fn eliminate_definitions(&mut self) -> bool {
        let mut changed = false;
        let mut skip = 0;
        while self.budget_left() {
            let defs = definitions(&self.best, self.mode);
            let Some(def) = defs.into_iter().nth(skip) else {
                break;
            };
            let Some(candidate) = eliminated(&self.best, &def) else {
                skip += 1;
                continue;
            };
            let core_kept = matches!(
                (&candidate.truth, &self.best.truth),
                (Truth::Unsat { core }, Truth::Unsat { core: was }) if core == was
            );
            let whole_core_assertion = !core_kept;
            self.core_may_shrink = whole_core_assertion;
            let kept = self.try_keep(candidate);
            self.core_may_shrink = false;
            if kept {
                changed = true;
                if !def.exact {
                    self.instantiated = true;
                }
            } else {
                skip += 1;
            }
        }
        changed
    }

    /// Shrinks an unsat case whose unique minimal core [`decide_core`](crate::triage::membership::decide_core)
    /// decides (the regular memberships of one string constant): any
    /// subterm may become a smaller term (a child, a constant, an argument
    /// fewer), since each candidate's core is decided again and becomes its
    /// truth. Outside that fragment, nothing. The decided core is exact, so
    /// an instantiated case's core is rechecked by it.
    pub(super) fn shrink_decided(&mut self) -> bool {
        if with_decided_core(self.best.clone()).is_none() {
            return false;
        }
        self.core_decided = true;
        let changed = self.rewrite_subterms_relabelled(&decided_candidates, &with_decided_core);
        self.core_decided = false;
        if changed {
            self.instantiated = false;
        }
        changed
    }

    /// Strengthens an unsat formula ([`Mode::StatusOnly`] only): a
    /// formula that implies an unsatisfiable one is unsatisfiable, so a
    /// subformula in positive position may become one that implies it (a
    /// disjunct of an `or`, the conclusion `b` or the negated premise of
    /// `(=> a b)`), and one in negative position one that it implies (a
    /// conjunct of an `and` under a `not`). The core may no longer be
    /// minimal, so it is marked not rechecked.
    pub(super) fn strengthen(&mut self) -> bool {
        let changed = self.rewrite_subterms(&strengthened_candidates);
        if changed {
            self.instantiated = true;
        }
        changed
    }

    /// Replaces a declared constant by a value everywhere (unsat,
    /// [`Mode::StatusOnly`] only).
    pub(super) fn instantiate(&mut self) -> bool {
        let mut changed = false;
        for (name, sort) in self.best.formula.decls.clone() {
            let values: Vec<Term> = match sort {
                Sort::Int => vec![Term::int(0), Term::int(1), Term::int(10), Term::int(-1)],
                Sort::String => vec![Term::str(""), Term::str("a")],
                Sort::Bool => vec![Term::Bool(false), Term::Bool(true)],
                _ => continue,
            };
            for v in values {
                let mut c = self.best.clone();
                let map = [(name.clone(), v)].into_iter().collect();
                for a in &mut c.formula.assertions {
                    a.term = a.term.substitute(&map);
                }
                c.formula.decls.retain(|(n, _)| *n != name);
                if self.try_keep(c) {
                    self.instantiated = true;
                    changed = true;
                    break;
                }
            }
        }
        changed
    }
}
