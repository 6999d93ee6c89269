//! Incremental cases: a script of several `check-sat`s over one formula's
//! assertions, each `check-sat` with a truth of its own.
//!
//! An [`Incremental`] is a list of [`Step`]s over the case's formula: the
//! formula is the pool (every declaration, every assertion the script ever
//! makes), and the steps say when each assertion is asserted, where scopes
//! open and close (`push 1`/`pop 1`), where the assertions are forgotten
//! (`reset-assertions`), and where a `check-sat` (or a
//! `check-sat-assuming`) asks about what is in force then. A case without
//! steps is the one-shot script it always was: [`Case::steps`] reads it as
//! "assert everything, then one `check-sat` with the case's truth".
//!
//! # Invariants
//!
//! Over a case whose formula is `F` (checked by [`Case::check`]):
//!
//! - `Step::Assert(i)`: `i` indexes an assertion of `F`, and every index is
//!   asserted at most once in the whole script (names are never reused: Z3
//!   keeps a `:named` term after `reset-assertions`).
//! - A `pop` never closes more scopes than were opened; a
//!   `reset-assertions` closes them all.
//! - An assumption of a [`Check`] indexes a named assertion of `F` whose term
//!   is a declared Bool constant (a positive literal, as SMT-LIB's
//!   `check-sat-assuming` wants it), and it is never asserted.
//! - Each check's truth holds for what is in force at it (the assertions of
//!   the open scopes, and its assumptions): `Sat { model }`, the model
//!   satisfies them (checked exactly); `Unsat { core }`, every assertion in
//!   force is named, and the core is a non-empty set of the names in force
//!   (assertions and assumptions alike), the unique minimal core of that set
//!   (by construction, as for a one-shot case).
//! - `case.truth` stays the truth of the whole formula `F` (the conjunction
//!   of the pool, assumptions included), as for every case: the
//!   transformations and triage that read a case as one formula stay right.
//! - Declarations are global: printed once at the top, under
//!   `:global-declarations` when the script resets its assertions, so that
//!   they survive the reset on every solver (Z3 4.8.5 forgets even the
//!   logic's sorts without it).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::{Case, Truth, TruthError, check_model_with};
use crate::term::{Command, Formula, SExpr, Script, Sort, Symbol, Term};

/// The script of an incremental case, over its formula's assertions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Incremental {
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// One step of an incremental script.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// `(push 1)`
    Push,
    /// `(pop 1)`
    Pop,
    /// `(assert ...)` of the formula's assertion at this index.
    Assert(usize),
    /// `(check-sat)`, or `(check-sat-assuming ...)` with assumptions.
    CheckSat(Check),
    /// `(reset-assertions)`: every assertion and scope is forgotten.
    ResetAssertions,
}

/// One `check-sat` and what is known about it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Check {
    /// Indices of the assertions whose terms (Bool constants) are assumed
    /// for this check only; empty for a plain `check-sat`.
    pub assuming: Vec<usize>,
    /// The truth of what is in force here, assumptions included.
    pub truth: Truth,
}

/// A check, with what is in force at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InForce<'a> {
    /// The check.
    pub check: &'a Check,
    /// Its position among the steps.
    pub step: usize,
    /// The indices of the assertions in force, in the order asserted.
    pub asserted: Vec<usize>,
}

impl Incremental {
    /// The indices of the assertions in force before step `upto`, or `None`
    /// when a `pop` before it closes a scope that was never opened.
    pub fn in_force_before(&self, upto: usize) -> Option<Vec<usize>> {
        let mut asserted = Vec::new();
        let mut levels: Vec<usize> = Vec::new();
        for step in &self.steps[..upto.min(self.steps.len())] {
            match step {
                Step::Push => levels.push(asserted.len()),
                Step::Pop => asserted.truncate(levels.pop()?),
                Step::Assert(i) => asserted.push(*i),
                Step::ResetAssertions => {
                    asserted.clear();
                    levels.clear();
                }
                Step::CheckSat(_) => {}
            }
        }
        Some(asserted)
    }

    /// How many scopes are open after every step.
    pub fn depth(&self) -> usize {
        let mut depth = 0usize;
        for step in &self.steps {
            match step {
                Step::Push => depth += 1,
                Step::Pop => depth = depth.saturating_sub(1),
                Step::ResetAssertions => depth = 0,
                _ => {}
            }
        }
        depth
    }

    /// Every check, with what is in force at it.
    pub fn checks(&self) -> Vec<InForce<'_>> {
        self.steps
            .iter()
            .enumerate()
            .filter_map(|(step, s)| match s {
                Step::CheckSat(check) => Some(InForce {
                    check,
                    step,
                    asserted: self.in_force_before(step).unwrap_or_default(),
                }),
                _ => None,
            })
            .collect()
    }

    /// The indices of the assertions some step sends: asserted, or
    /// assumed by a check. The others are in the formula only (the whole
    /// formula's truth) and never reach a solver.
    pub fn referenced(&self) -> std::collections::BTreeSet<usize> {
        let mut used = std::collections::BTreeSet::new();
        for step in &self.steps {
            match step {
                Step::Assert(i) => {
                    used.insert(*i);
                }
                Step::CheckSat(c) => used.extend(c.assuming.iter().copied()),
                _ => {}
            }
        }
        used
    }

    /// Whether the script forgets its assertions somewhere.
    pub fn resets(&self) -> bool {
        self.steps.contains(&Step::ResetAssertions)
    }
}

/// The formula a check asks about: the assertions in force and its
/// assumptions, over the declarations they use (a sat check's model need
/// give no value to a constant that nothing in force mentions).
pub fn check_formula(formula: &Formula, asserted: &[usize], assuming: &[usize]) -> Formula {
    let assertions: Vec<_> = asserted
        .iter()
        .chain(assuming)
        .filter_map(|&i| formula.assertions.get(i).cloned())
        .collect();
    let used: BTreeSet<Symbol> = assertions.iter().flat_map(|a| a.term.free_vars()).collect();
    Formula {
        decls: formula
            .decls
            .iter()
            .filter(|(n, _)| used.contains(n))
            .cloned()
            .collect(),
        assertions,
    }
}

/// The Bool constant an assumption asserts, if its term is one.
pub fn literal(formula: &Formula, index: usize) -> Option<&Symbol> {
    match &formula.assertions.get(index)?.term {
        Term::Var(p) if formula.sort_of(p) == Some(Sort::Bool) => Some(p),
        _ => None,
    }
}

impl Case {
    /// The case's script: its own steps, or for a one-shot case every
    /// assertion and one `check-sat` with the case's truth.
    pub fn steps(&self) -> Incremental {
        match &self.incremental {
            Some(inc) => inc.clone(),
            None => {
                let mut steps: Vec<Step> = (0..self.formula.assertions.len())
                    .map(Step::Assert)
                    .collect();
                steps.push(Step::CheckSat(Check {
                    assuming: Vec::new(),
                    truth: self.truth.clone(),
                }));
                Incremental { steps }
            }
        }
    }

    /// The formula of each `check-sat`, with its truth, in script order.
    pub fn check_sats(&self) -> Vec<(Formula, Check)> {
        let steps = self.steps();
        steps
            .checks()
            .into_iter()
            .map(|c| {
                (
                    check_formula(&self.formula, &c.asserted, &c.check.assuming),
                    c.check.clone(),
                )
            })
            .collect()
    }

    /// The script a solver gets: the options the checks need, the
    /// declarations, then the steps, each `check-sat` followed by the
    /// queries that check its truth ([`queries_after`]); with `status`,
    /// each `check-sat` is preceded by its `(set-info :status ...)`.
    pub fn script(&self, status: bool) -> Script {
        let Some(inc) = &self.incremental else {
            let s = self.truth.status().to_string();
            return self
                .formula
                .to_script(status.then_some(s.as_str()), self.truth.queries());
        };
        let checks = inc.checks();
        let any = |f: &dyn Fn(&InForce<'_>) -> bool| checks.iter().any(f);
        let option = |k: &str| Command::SetOption(k.into(), SExpr::Symbol("true".into()));
        // First, so that every later command answers once (see
        // `oracle::script`): a refused command is known, and voids what it
        // touched.
        let mut commands = vec![Command::print_success()];
        if inc.resets() {
            commands.push(option("global-declarations"));
        }
        if any(&|c| matches!(c.check.truth, Truth::Sat { .. })) {
            commands.push(option("produce-models"));
        }
        if any(&|c| matches!(c.check.truth, Truth::Unsat { .. })) {
            commands.push(option("produce-unsat-cores"));
            if any(&|c| !c.check.assuming.is_empty()) {
                commands.push(option("produce-unsat-assumptions"));
            }
        }
        commands.extend(self.formula.declarations());
        let mut next_check = checks.iter();
        for step in &inc.steps {
            match step {
                Step::Push => commands.push(Command::Push(1)),
                Step::Pop => commands.push(Command::Pop(1)),
                Step::ResetAssertions => commands.push(Command::ResetAssertions),
                Step::Assert(i) => {
                    if let Some(a) = self.formula.assertions.get(*i) {
                        commands.push(Command::Assert(a.clone()));
                    }
                }
                Step::CheckSat(check) => {
                    let Some(at) = next_check.next() else {
                        continue;
                    };
                    if status {
                        commands.push(Command::SetInfo(
                            "status".into(),
                            SExpr::Symbol(check.truth.status().to_string()),
                        ));
                    }
                    if check.assuming.is_empty() {
                        commands.push(Command::CheckSat);
                    } else {
                        commands.push(Command::CheckSatAssuming(
                            check
                                .assuming
                                .iter()
                                .filter_map(|&i| literal(&self.formula, i))
                                .map(|p| Term::var(p.clone()))
                                .collect(),
                        ));
                    }
                    let formula = check_formula(&self.formula, &at.asserted, &check.assuming);
                    commands.extend(queries_after(&formula, check));
                }
            }
        }
        Script { commands }
    }

    /// Checks the steps against the invariants in the module docs.
    pub(super) fn check_steps(&self, inc: &Incremental) -> Result<(), TruthError> {
        let bad = |m: String| TruthError::Core(format!("incremental script: {m}"));
        let n = self.formula.assertions.len();
        let mut asserted = BTreeSet::new();
        let mut assumed = BTreeSet::new();
        let mut depth = 0usize;
        for step in &inc.steps {
            match step {
                Step::Push => depth += 1,
                Step::Pop if depth == 0 => return Err(bad("a pop with no scope open".into())),
                Step::Pop => depth -= 1,
                Step::ResetAssertions => depth = 0,
                Step::Assert(i) if *i >= n => return Err(bad(format!("assertion {i} of {n}"))),
                Step::Assert(i) => {
                    if !asserted.insert(*i) {
                        return Err(bad(format!("assertion {i} is asserted twice")));
                    }
                }
                Step::CheckSat(c) => {
                    for &i in &c.assuming {
                        if literal(&self.formula, i).is_none()
                            || self.formula.assertions[i].name.is_none()
                        {
                            return Err(bad(format!(
                                "assumption {i} is not a named Bool constant"
                            )));
                        }
                        assumed.insert(i);
                    }
                }
            }
        }
        if let Some(i) = asserted.intersection(&assumed).next() {
            return Err(bad(format!("assertion {i} is both asserted and assumed")));
        }
        for (k, c) in inc.checks().iter().enumerate() {
            let f = check_formula(&self.formula, &c.asserted, &c.check.assuming);
            let at = |e: TruthError| bad(format!("check-sat {}: {e}", k + 1));
            match &c.check.truth {
                Truth::Sat { model } => check_model_with(&f, model, &self.witnesses).map_err(at)?,
                Truth::Unsat { core } => {
                    let names = f.names();
                    if names.len() != f.assertions.len() {
                        return Err(at(TruthError::Core("an assertion has no name".into())));
                    }
                    if core.is_empty() {
                        return Err(at(TruthError::Core("the core is empty".into())));
                    }
                    if let Some(c) = core.iter().find(|c| !names.contains(c.as_str())) {
                        return Err(at(TruthError::Core(format!("`{c}` is not in force"))));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The queries after a check that let the oracle judge it, in this order:
/// sat, `(get-value ...)` of every constant of `formula` (none without
/// constants); unsat, `(get-unsat-core)` and, with assumptions,
/// `(get-unsat-assumptions)`. The oracle reads their answers by position.
pub fn queries_after(formula: &Formula, check: &Check) -> Vec<Command> {
    match &check.truth {
        Truth::Sat { .. } => formula.witness_queries(),
        Truth::Unsat { .. } if check.assuming.is_empty() => vec![Command::GetUnsatCore],
        Truth::Unsat { .. } => vec![
            Command::GetUnsatCore,
            Command::Query("get-unsat-assumptions".into()),
        ],
    }
}
