//! A file labelled unsat that the solver answers sat: a second query for
//! the model decides whether the label or the solver is wrong
//! ([`recheck_unsat_label`]).

use super::judge::{judge, judge_model};
use super::reply::Reply;
use super::verdict::{Check, Verdict};
use crate::term::Formula;
use crate::term::SatAnswer;
use crate::truth::Status;

/// What a second query tells of an `unsat` label the solver answered
/// `sat` (the first verdict, `unsound`): `reply` is the solver's answer to
/// the formula with `(get-value ...)` of every constant.
///
/// Returns the new verdict and, when the verdict stays unsound, a note on
/// why the model did not settle it. Only a model that our semantics checks
/// valid turns the verdict into [`Verdict::LabelContradicted`]; an invalid
/// model leaves it unsound (and says so); anything else (a timeout, no
/// values, an inconclusive check) leaves it unsound with the reason.
pub fn recheck_unsat_label(
    formula: &Formula,
    verdict: Verdict,
    reply: &Reply,
) -> (Verdict, Option<String>) {
    if !matches!(
        verdict,
        Verdict::Unsound {
            expected: Status::Unsat,
            got: Status::Sat
        }
    ) {
        return (verdict, None);
    }
    let values = match reply {
        Reply::Answered {
            answer: Some(SatAnswer::Sat),
            error: None,
            values: Some(Ok(values)),
            ..
        } => values,
        Reply::Answered {
            answer: Some(SatAnswer::Sat),
            error: None,
            values: None,
            ..
        } if formula.decls.is_empty() => &Vec::new(),
        _ => {
            let why = match judge(formula, None, reply) {
                Verdict::Correct {
                    check: Some(Check::Inconclusive(why)),
                    ..
                } => why,
                other => format!("asked again for its model, the solver gave: {other}"),
            };
            return (
                verdict,
                Some(format!("the model could not be checked: {why}")),
            );
        }
    };
    // No witnesses: only what the semantics decides alone can contradict
    // a label.
    match judge_model(
        formula,
        Some(&Ok(values.clone())),
        false,
        &Default::default(),
        &Default::default(),
    ) {
        Verdict::Correct {
            check: Some(Check::ModelValid),
            ..
        } => (
            Verdict::LabelContradicted {
                label: Status::Unsat,
                model: values
                    .iter()
                    .map(|(k, v)| format!("{k} = {v}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            },
            None,
        ),
        Verdict::InvalidModel { reason } => (
            verdict,
            Some(format!("and the solver's model is invalid: {reason}")),
        ),
        Verdict::Correct {
            check: Some(Check::Inconclusive(why)),
            ..
        } => (
            verdict,
            Some(format!("the model could not be checked: {why}")),
        ),
        other => (
            verdict,
            Some(format!("the model could not be checked: {other}")),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Expected;
    use crate::term::parse_script;

    fn formula(text: &str) -> Formula {
        Formula::from_script(&parse_script(text).unwrap()).unwrap()
    }

    #[test]
    fn a_satisfying_model_contradicts_an_unsat_label_and_anything_less_does_not() {
        let f = formula("(declare-fun x () Int)(assert (> x 2))");
        let first = judge(
            &f,
            Some(&Expected {
                status: Status::Unsat,
                core: Some(Default::default()),
            }),
            &Reply::from_output("sat\n"),
        );
        assert!(first.is_finding(), "{first}");
        let (v, note) =
            recheck_unsat_label(&f, first.clone(), &Reply::from_output("sat\n((x 3))\n"));
        assert!(matches!(v, Verdict::LabelContradicted { .. }), "{v}");
        assert!(!v.is_finding());
        assert!(note.is_none());
        assert!(v.to_string().starts_with("label contradicted"), "{v}");
        // An invalid model: the solver is still wrong.
        let (v, note) =
            recheck_unsat_label(&f, first.clone(), &Reply::from_output("sat\n((x 1))\n"));
        assert_eq!(v, first);
        assert!(note.unwrap().contains("invalid"));
        // No model, a timeout, an unknown: never a verdict against anyone.
        for reply in [
            Reply::Timeout,
            Reply::from_output("sat\n"),
            Reply::from_output("unknown\n"),
            Reply::from_output("sat\n((x (div 1 0)))\n"),
        ] {
            let (v, note) = recheck_unsat_label(&f, first.clone(), &reply);
            assert_eq!(v, first, "{reply:?}");
            assert!(note.unwrap().contains("could not be checked"), "{reply:?}");
        }
        // Quantifiers: our semantics cannot check the model.
        let q = formula("(declare-fun x () Int)(assert (forall ((y Int)) (> x y)))");
        let (v, _) = recheck_unsat_label(&q, first.clone(), &Reply::from_output("sat\n((x 3))\n"));
        assert_eq!(v, first);
    }
}
