//! An assertion becomes an assumption: `(assert (! t :named c))` turns into
//! `(assert (! (=> p c_p…) :named c))` over a fresh Bool constant `p`, and
//! every `check-sat` that saw the assertion becomes a
//! `(check-sat-assuming (p ...))`. The literal `p` is the formula's new
//! assertion `(! p :named c_p)`, never asserted, only assumed.
//!
//! # Invariant
//!
//! At a check that assumes `p`, the implication and `p` together say what
//! `t` said: a model of the old set, with `p` true, satisfies the new one
//! (sat: the carried model gets `p = true`); a subset of the new set is
//! unsat iff the old assertions it keeps in effect are (`t` is in effect
//! only with both the implication and `p`), so the unique minimal core of
//! a check whose core held `c` is the old core with `c_p` added, and
//! unchanged otherwise. Checks that do not see the assertion see neither
//! (the implication is asserted where `t` was). The whole formula, `p`
//! included, keeps its truth by the same argument. The assertion chosen is
//! one of the whole core for an unsat case, so that the assumptions of an
//! unsat answer are checked against a core that needs one.

use rand::RngCore;
use rand::seq::IndexedRandom;

use super::with_steps;
use crate::semantics::Value;
use crate::term::{Assertion, Op, Sort, Term};
use crate::transform::Transformation;
use crate::truth::{Case, Step, Truth};

/// Moves one asserted assertion into the assumptions of its checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Assumption;

/// The name in a provenance chain.
pub const NAME: &str = "assumption";

/// Adds what the move changes to a truth that saw the assertion named
/// `c` (sat: `p` true; unsat: `c_p` beside `c` in the core).
fn moved(truth: &mut Truth, c: Option<&str>, p: &str, c_p: &str) {
    match truth {
        Truth::Sat { model } => {
            model.0.insert(p.to_string(), Value::Bool(true));
        }
        Truth::Unsat { core } => {
            if c.is_some_and(|c| core.contains(c)) {
                core.insert(c_p.to_string());
            }
        }
    }
}

impl Transformation for Assumption {
    fn name(&self) -> &'static str {
        NAME
    }

    fn keeps_scripts(&self) -> bool {
        true
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let mut steps = case.steps();
        let asserted: Vec<usize> = steps
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Assert(i) => Some(*i),
                _ => None,
            })
            .collect();
        let in_core: Vec<usize> = match &case.truth {
            Truth::Unsat { core } => asserted
                .iter()
                .copied()
                .filter(|&i| {
                    case.formula.assertions[i]
                        .name
                        .as_ref()
                        .is_some_and(|n| core.contains(n))
                })
                .collect(),
            Truth::Sat { .. } => asserted.clone(),
        };
        let &i = in_core.choose(rng)?;
        let mut formula = case.formula.clone();
        let name = formula.assertions[i].name.clone();
        let p = formula.fresh_symbol("p");
        formula.decls.push((p.clone(), Sort::Bool));
        let c_p = formula.fresh_symbol(&format!("{}_p", name.as_deref().unwrap_or("a")));
        let t = formula.assertions[i].term.clone();
        formula.assertions[i].term = Term::app(Op::Implies, vec![Term::var(p.clone()), t]);
        let j = formula.assertions.len();
        formula.assertions.push(Assertion {
            term: Term::var(p.clone()),
            name: Some(c_p.clone()),
        });
        let seen: Vec<bool> = (0..steps.steps.len())
            .map(|k| {
                steps
                    .in_force_before(k)
                    .is_some_and(|in_force| in_force.contains(&i))
            })
            .collect();
        for (k, step) in steps.steps.iter_mut().enumerate() {
            if let Step::CheckSat(check) = step
                && seen[k]
            {
                check.assuming.push(j);
                moved(&mut check.truth, name.as_deref(), &p, &c_p);
            }
        }
        let mut truth = case.truth.clone();
        moved(&mut truth, name.as_deref(), &p, &c_p);
        let mut out = case.clone();
        out.formula = formula;
        out.truth = truth;
        out.provenance.anchor = None;
        with_steps(out, steps.steps, NAME)
    }
}
