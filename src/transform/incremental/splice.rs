//! Two cases in one script: the second renamed apart from the first and
//! put beside it, in sibling scopes ([`interleave`]), in a scope opened
//! inside the first ([`noise_scope`]), or after a `reset-assertions`
//! ([`after_reset`]).
//!
//! # Invariant
//!
//! The formula is the conjunction of the two (`transform::conjunction`,
//! whose invariant gives the whole truth; two unsat cases are refused, as
//! there), the second one's constants, assertion names and indices
//! renamed. A check of either side sees what its own side had in force, plus
//! for [`noise_scope`] what the first side has in force where the scope
//! opens:
//!
//! - in sibling scopes, and after a reset, a check sees only its own side's
//!   assertions: its truth is the one it had, renamed;
//! - in a noise scope (the second side sat, so each of its checks is sat)
//!   the check also sees the first side's assertions in force there; their
//!   truth is known when nothing is in force (sat, no model needed) or when
//!   a check of the first side asks about exactly them without assumptions.
//!   The two share no constant, so sat and sat is sat with both models, and
//!   unsat with sat keeps the unsat side's unique minimal core (as in
//!   `conjunction`). Where it is not known, the noise scope's checks are
//!   left out and only its assertions stay.

use std::collections::{BTreeMap, BTreeSet};

use rand::RngCore;

use super::with_steps;
use crate::semantics::Model;
use crate::term::Symbol;
use crate::transform::conjunction::conjoin;
use crate::truth::{Case, Check, Step, Truth};

/// The name of [`interleave`] in a provenance chain.
pub const INTERLEAVE: &str = "interleave";
/// The name of [`noise_scope`] in a provenance chain.
pub const NOISE_SCOPE: &str = "noise-scope";
/// The name of [`after_reset`] in a provenance chain.
pub const RESET: &str = "reset-assertions";

/// The two cases conjoined, and the second one's steps in the result's
/// names and indices.
fn joined(a: &Case, b: &Case) -> Option<(Case, Vec<Step>)> {
    let out = conjoin(a, b)?;
    let (na, nd) = (a.formula.assertions.len(), a.formula.decls.len());
    let vars: BTreeMap<&Symbol, &Symbol> = b
        .formula
        .decls
        .iter()
        .zip(&out.formula.decls[nd..])
        .map(|((from, _), (to, _))| (from, to))
        .collect();
    let names: BTreeMap<&Symbol, &Symbol> = b
        .formula
        .assertions
        .iter()
        .zip(&out.formula.assertions[na..])
        .filter_map(|(from, to)| Some((from.name.as_ref()?, to.name.as_ref()?)))
        .collect();
    let rename = |truth: &Truth| match truth {
        Truth::Sat { model } => Truth::Sat {
            model: Model(
                model
                    .0
                    .iter()
                    .map(|(k, v)| ((*vars.get(k).unwrap_or(&k)).clone(), v.clone()))
                    .collect(),
            ),
        },
        Truth::Unsat { core } => Truth::Unsat {
            core: core
                .iter()
                .map(|n| (*names.get(n).unwrap_or(&n)).clone())
                .collect(),
        },
    };
    let steps = b
        .steps()
        .steps
        .into_iter()
        .map(|s| match s {
            Step::Assert(i) => Step::Assert(na + i),
            Step::CheckSat(c) => Step::CheckSat(Check {
                assuming: c.assuming.iter().map(|i| na + i).collect(),
                truth: rename(&c.truth),
            }),
            other => other,
        })
        .collect();
    Some((out, steps))
}

/// `steps` in a scope of their own: a `push`, the steps, and as many `pop`s
/// as close what they left open. `None` if they reset the assertions (a
/// reset would close the outer scope too).
fn scoped(steps: Vec<Step>) -> Option<Vec<Step>> {
    if steps.contains(&Step::ResetAssertions) {
        return None;
    }
    let inc = crate::truth::Incremental { steps };
    let open = inc.depth();
    let mut out = vec![Step::Push];
    out.extend(inc.steps);
    out.extend(std::iter::repeat_n(Step::Pop, open + 1));
    Some(out)
}

/// `a` and `b` (not both unsat) in sibling scopes, in a random order.
pub fn interleave(a: &Case, b: &Case, rng: &mut dyn RngCore) -> Option<Case> {
    let (out, b_steps) = joined(a, b)?;
    let a_steps = scoped(a.steps().steps)?;
    let b_steps = scoped(b_steps)?;
    let steps = if rng.next_u32().is_multiple_of(2) {
        [a_steps, b_steps].concat()
    } else {
        [b_steps, a_steps].concat()
    };
    with_steps(out, steps, INTERLEAVE)
}

/// `a`, then `reset-assertions`, then `b` (not both unsat).
pub fn after_reset(a: &Case, b: &Case) -> Option<Case> {
    let (out, b_steps) = joined(a, b)?;
    let mut steps = a.steps().steps;
    steps.push(Step::ResetAssertions);
    steps.extend(b_steps);
    with_steps(out, steps, RESET)
}

/// `noise` (a sat case) in a scope opened at a random step of `a`.
pub fn noise_scope(a: &Case, noise: &Case, rng: &mut dyn RngCore) -> Option<Case> {
    if !matches!(noise.truth, Truth::Sat { .. }) {
        return None;
    }
    let (out, noise_steps) = joined(a, noise)?;
    let a_steps = a.steps();
    let at = rng.next_u32() as usize % (a_steps.steps.len() + 1);
    let here = a_steps.in_force_before(at)?;
    let base = known_truth(&a_steps, &here);
    let inner: Vec<Step> = noise_steps
        .into_iter()
        .filter_map(|s| match s {
            Step::CheckSat(c) => Some(Step::CheckSat(Check {
                truth: beside(base.as_ref()?, &c.truth)?,
                ..c
            })),
            other => Some(other),
        })
        .collect();
    let mut steps = a_steps.steps;
    let tail = steps.split_off(at);
    steps.extend(scoped(inner)?);
    steps.extend(tail);
    with_steps(out, steps, NOISE_SCOPE)
}

/// The truth of the assertions `here`, when known: nothing in force (sat),
/// or a check without assumptions that asks about exactly them.
fn known_truth(steps: &crate::truth::Incremental, here: &[usize]) -> Option<Truth> {
    if here.is_empty() {
        return Some(Truth::Sat {
            model: Model::new(),
        });
    }
    let here: BTreeSet<usize> = here.iter().copied().collect();
    steps.checks().into_iter().find_map(|c| {
        (c.check.assuming.is_empty() && c.asserted.iter().copied().collect::<BTreeSet<_>>() == here)
            .then(|| c.check.truth.clone())
    })
}

/// The truth of two sets side by side over disjoint constants; `noise` sat.
fn beside(base: &Truth, noise: &Truth) -> Option<Truth> {
    match (base, noise) {
        (Truth::Sat { model: a }, Truth::Sat { model: b }) => {
            let mut model = a.clone();
            model
                .0
                .extend(b.0.iter().map(|(k, v)| (k.clone(), v.clone())));
            Some(Truth::Sat { model })
        }
        (Truth::Unsat { .. }, Truth::Sat { .. }) => Some(base.clone()),
        _ => None,
    }
}
