//! Cross-replay by folding: a finding's formula replayed with the ground
//! applications of one operator replaced by their values, as evidence that
//! the failure needs the solver's own handling of that operator on
//! constants (run by `diagnose`, kept in `DIR/diagnose.jsonl`'s `folded`).
//!
//! Z3 5.1.0 gave `seq.last_indexof` of a constant sequence the value
//! -4294967291: an invalid model where the term stood beside a variable, a
//! wrong unsat where it was compared with its value, an invalid core where
//! it sat in a true assertion: one defect, one bucket per kind. Each of
//! those formulas, with that one term replaced by its value (ours), is
//! answered right; with any other operator's ground terms folded it still
//! fails. That is what this module measures: for each operator with a
//! ground application that is not Boolean, the formula with every such
//! application folded, replayed; the operator whose folding alone cures the
//! failure is the culprit (`report::defects` joins buckets with the same
//! culprit under the same settings).
//!
//! # Invariants
//!
//! - Folding keeps the truth: a closed term has the same value in every
//!   model, so every assertion stays equivalent, a sat case's model still
//!   satisfies it and an unsat case keeps its core (each check of a
//!   script too).
//! - Evidence, never a verdict, as `cross_replay`: it changes no bucket,
//!   mark or status.
//! - A culprit is claimed only when the failure was seen unfolded, every
//!   replay of that operator's folding answered right (at least
//!   [`REPLAYS`](crate::triage::cross_replay::REPLAYS), more for a flaky
//!   finding), and no other operator's folding did: a formula that any
//!   change cures names no culprit.
//! - Boolean applications are never folded: an assertion folded to `true`
//!   cures every failure and would name every connective.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::finding::Finding;
use crate::semantics::eval_closed;
use crate::term::{Op, Quantifier, Sort, Term};
use crate::triage::Judge;
use crate::triage::cross_replay::{REPLAYS, failing_rate, replay_tally};
use crate::triage::replays::Rate;
use crate::truth::Case;

/// What folding found for one finding.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoldReplay {
    /// The finding replayed (a minimized file when there is one).
    pub file: PathBuf,
    /// The operator whose folding alone cured the failure.
    pub culprit: Option<String>,
    /// Each operator folded, with what its replays said.
    pub tried: Vec<(String, String)>,
    /// Why nothing was tried or claimed, when so.
    pub said: String,
}

/// The operators with a ground application that is not Boolean and whose
/// value prints otherwise than the application, in the order of
/// [`Op`](crate::term::Op).
pub fn foldable(case: &Case) -> Vec<Op> {
    let mut ops = BTreeSet::new();
    for a in &case.formula.assertions {
        a.term.visit(&mut |t| {
            if let Term::App(op, _) = t
                && fold_one(t).is_some()
            {
                ops.insert(*op);
            }
        });
    }
    ops.into_iter().collect()
}

/// `case` with every ground, non-Boolean application of `op` replaced by
/// its value (outermost first); `None` if there is none to replace.
pub fn folded(case: &Case, op: Op) -> Option<Case> {
    let mut out = case.clone();
    let mut changed = false;
    for a in &mut out.formula.assertions {
        let t = fold(&a.term, op, &mut changed);
        a.term = t;
    }
    changed.then_some(out)
}

/// The value of a ground application `t` as a term, if it is not Boolean,
/// has a value, and the value is another term.
fn fold_one(t: &Term) -> Option<Term> {
    if !t.free_vars().is_empty() || t.sort(&|_| None).ok()? == Sort::Bool {
        return None;
    }
    let v = eval_closed(t).ok()?.to_term();
    (v.to_string() != t.to_string()).then_some(v)
}

/// Whether a foldable application of the operator named `outer` holds a
/// foldable application of the one named `inner`.
fn holds(case: &Case, outer: &str, inner: &str) -> bool {
    let mut found = false;
    for a in &case.formula.assertions {
        a.term.visit(&mut |t| {
            if let Term::App(op, _) = t
                && op.name() == outer
                && fold_one(t).is_some()
            {
                t.visit(&mut |u| {
                    found |= !std::ptr::eq(u, t)
                        && matches!(u, Term::App(o, _) if o.name() == inner)
                        && fold_one(u).is_some();
                });
            }
        });
    }
    found
}

fn fold(t: &Term, op: Op, changed: &mut bool) -> Term {
    match t {
        Term::App(o, args) => {
            if *o == op
                && let Some(v) = fold_one(t)
            {
                *changed = true;
                return v;
            }
            Term::App(*o, args.iter().map(|a| fold(a, op, changed)).collect())
        }
        Term::Apply(f, args) => Term::Apply(
            f.clone(),
            args.iter().map(|a| fold(a, op, changed)).collect(),
        ),
        Term::Quant(q) => Term::Quant(Box::new(Quantifier {
            kind: q.kind,
            vars: q.vars.clone(),
            body: fold(&q.body, op, changed),
            patterns: q.patterns.clone(),
        })),
        Term::Let(binds, body) => Term::Let(
            binds
                .iter()
                .map(|(v, b)| (v.clone(), fold(b, op, changed)))
                .collect(),
            Box::new(fold(body, op, changed)),
        ),
        other => other.clone(),
    }
}

/// Folds each foldable operator of one finding in turn and replays it on
/// its own solver (see the module docs); `known` as for
/// [`cross_replay_one`](crate::triage::cross_replay::cross_replay_one).
pub fn fold_replay_one(file: &Path, known: Option<Rate>) -> Result<FoldReplay, String> {
    let finding = Finding::read(file)?;
    let said = |said: String| FoldReplay {
        file: file.to_path_buf(),
        said,
        ..FoldReplay::default()
    };
    if finding.kind == "crash" {
        return Ok(said("not tried: a crash (its site joins it)".into()));
    }
    let ops = foldable(&finding.case);
    if ops.is_empty() {
        return Ok(said("not tried: no ground term to fold".into()));
    }
    let mut judge = Judge::of_finding(&finding)?;
    let unfolded = failing_rate(&mut judge, &finding, known);
    if unfolded.failed == 0 {
        return Ok(said(format!(
            "not claimed: unfolded it did not fail either ({unfolded})"
        )));
    }
    let replays = REPLAYS.max(unfolded.per_release());
    let mut tried = Vec::new();
    let mut cured = Vec::new();
    for op in ops {
        let Some(case) = folded(&finding.case, op) else {
            continue;
        };
        let t = replay_tally(
            &mut judge,
            &finding.kind,
            &case,
            !finding.instantiated,
            replays,
        );
        if t.right == replays {
            cured.push(op.name().to_string());
        }
        tried.push((op.name().to_string(), t.words(replays)));
    }
    // An application that holds another cured operator's ground term folds
    // that one too (`(seq.unit (seq.last_indexof ...))`): its cure is the
    // inner one's.
    let inner: Vec<&String> = cured
        .iter()
        .filter(|a| {
            !cured
                .iter()
                .any(|b| b != *a && holds(&finding.case, a.as_str(), b.as_str()))
        })
        .collect();
    let culprit = (inner.len() == 1).then(|| inner[0].clone());
    let said = match (&culprit, cured.len()) {
        (Some(op), _) => format!("unfolded it failed {unfolded}; folded, only `{op}` cures it"),
        (None, 0) => format!("unfolded it failed {unfolded}; no operator's folding cures it"),
        (None, _) => format!(
            "unfolded it failed {unfolded}; several cure it ({}): no culprit",
            cured.join(", ")
        ),
    };
    Ok(FoldReplay {
        file: file.to_path_buf(),
        culprit,
        tried,
        said,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::Model;
    use crate::term::{Formula, parse_script};
    use crate::truth::{Provenance, Truth};

    fn case(text: &str, truth: Truth) -> Case {
        let formula = Formula::from_script(&parse_script(text).unwrap()).unwrap();
        Case::new(formula, truth, Provenance::default())
    }

    /// The 5.1.0 shape: a ground `seq.last_indexof` beside a variable.
    /// Folding it gives its value, keeps the model a model, and touches
    /// nothing else; `seq.++` and `seq.unit` of constants print as their
    /// values already, so they are not foldable.
    #[test]
    fn a_ground_application_folds_to_its_value_and_keeps_the_truth() {
        let mut model = Model::default();
        model
            .0
            .insert("r".into(), crate::semantics::Value::Int(2.into()));
        let c = case(
            "(declare-const r Int)\
             (assert (= (seq.last_indexof (seq.++ (seq.unit 0) (seq.unit 2) (seq.unit 2)) (seq.unit 2)) r))\
             (assert (> (+ r 1) (str.len \"ab\")))",
            Truth::Sat { model },
        );
        c.check().unwrap();
        let ops = foldable(&c);
        assert!(ops.contains(&Op::SeqLastIndexof), "{ops:?}");
        assert!(ops.contains(&Op::StrLen), "{ops:?}");
        assert!(
            !ops.contains(&Op::SeqConcat) && !ops.contains(&Op::SeqUnit),
            "{ops:?}"
        );
        // `(+ r 1)` is not ground, `>` and `=` are Boolean.
        assert!(!ops.contains(&Op::Add) && !ops.contains(&Op::Gt), "{ops:?}");
        let f = folded(&c, Op::SeqLastIndexof).unwrap();
        assert_eq!(f.formula.assertions[0].term.to_string(), "(= 2 r)");
        assert_eq!(f.formula.assertions[1].term, c.formula.assertions[1].term);
        f.check().unwrap();
        assert!(folded(&c, Op::Mul).is_none());
    }

    /// An outer application that holds another operator's foldable term
    /// folds it too, so its cure is the inner one's.
    #[test]
    fn an_application_holding_another_foldable_term_is_not_the_culprit() {
        let c = case(
            "(assert (= (seq.unit (seq.last_indexof (seq.++ (seq.unit 0) (seq.unit 1)) (seq.unit 1))) (seq.unit 1)))",
            Truth::Sat {
                model: Model::default(),
            },
        );
        assert_eq!(foldable(&c), vec![Op::SeqUnit, Op::SeqLastIndexof]);
        assert!(holds(&c, "seq.unit", "seq.last_indexof"));
        assert!(!holds(&c, "seq.last_indexof", "seq.unit"));
        // Z3 5.1.0's entry, a negative element inside (`(- 1)`).
        let c = case(
            "(assert (= (seq.unit (seq.last_indexof (seq.++ (seq.unit 0) (seq.unit (- 1)) (seq.unit 0)) (seq.unit (- 1)))) (seq.unit 1)))",
            Truth::Sat {
                model: Model::default(),
            },
        );
        assert!(holds(&c, "seq.unit", "seq.last_indexof"));
        assert!(
            !holds(&c, "seq.last_indexof", "seq.unit"),
            "{:?}",
            foldable(&c)
        );
    }

    /// An unsat case keeps its core: every assertion stays equivalent.
    #[test]
    fn an_unsat_core_survives_folding() {
        let core = ["a0", "a1"].map(String::from).into_iter().collect();
        let c = case(
            "(declare-const x Int)\
             (assert (! (> x (str.len \"abc\")) :named a0))\
             (assert (! (< x (str.to_int \"2\")) :named a1))",
            Truth::Unsat { core },
        );
        for op in foldable(&c) {
            let f = folded(&c, op).unwrap();
            assert_eq!(f.truth, c.truth);
            assert!(f.check().is_ok(), "{op:?}");
        }
        assert_eq!(foldable(&c), vec![Op::StrLen, Op::StrToInt]);
    }
}
