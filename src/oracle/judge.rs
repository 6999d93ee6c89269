//! Judging one reply ([`judge`]): the answer against the known status,
//! then a sat answer's model under our semantics, or an unsat answer's core
//! against the known unique minimal core.

use std::collections::BTreeSet;

use super::model::model_from_values;
use super::reply::Reply;
use super::verdict::{Check, Verdict};
use crate::semantics::Witnesses;
use crate::term::SatAnswer;
use crate::term::{Formula, Symbol, Term};
use crate::truth::{self, Status, Truth, TruthError};

/// What is expected of a run: the status, and for unsat, the unique minimal
/// core when it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The known status.
    pub status: Status,
    /// The unique minimal unsat core, when known.
    pub core: Option<BTreeSet<Symbol>>,
}

impl From<&Truth> for Expected {
    fn from(t: &Truth) -> Self {
        match t {
            Truth::Sat { .. } => Expected {
                status: Status::Sat,
                core: None,
            },
            Truth::Unsat { core } => Expected {
                status: Status::Unsat,
                core: Some(core.clone()),
            },
        }
    }
}

/// Judges a reply. `expected` is `None` when the status is not known (the
/// `run` command on a file without `(set-info :status ...)`): then the
/// answer is reported and a model is still checked.
pub fn judge(formula: &Formula, expected: Option<&Expected>, reply: &Reply) -> Verdict {
    judge_with(formula, expected, reply, &Witnesses::default())
}

/// [`judge`], with the case's [`Witnesses`] as hints for the quantified
/// assertions of a sat answer's model check (see the module docs of
/// [`crate::oracle`]: a hint can decide a quantifier true, never false).
pub fn judge_with(
    formula: &Formula,
    expected: Option<&Expected>,
    reply: &Reply,
    witnesses: &Witnesses,
) -> Verdict {
    judge_fully(formula, expected, reply, &BTreeSet::new(), witnesses)
}

/// [`judge`] for a `check-sat-assuming` whose assumption literals are
/// `assumptions` (asserted in `formula`): a model that sets one of them to
/// false says so, not which assertion index is false.
pub(super) fn judge_assuming(
    formula: &Formula,
    expected: Option<&Expected>,
    reply: &Reply,
    assumptions: &BTreeSet<Symbol>,
) -> Verdict {
    judge_fully(formula, expected, reply, assumptions, &Witnesses::default())
}

/// [`judge`] with both the assumption literals and the witnesses.
fn judge_fully(
    formula: &Formula,
    expected: Option<&Expected>,
    reply: &Reply,
    assumptions: &BTreeSet<Symbol>,
    witnesses: &Witnesses,
) -> Verdict {
    let (answer, values, core, ambiguous) = match reply {
        Reply::Timeout => return Verdict::Timeout,
        Reply::Crash(crash) => return Verdict::Crash(crash.clone()),
        Reply::NotRun(why) => return Verdict::Error(format!("not run: {why}")),
        Reply::Nothing => return Verdict::Error("no reply".into()),
        Reply::Answered { error: Some(e), .. } => return Verdict::Error(e.clone()),
        Reply::Answered { answer: None, .. } => return Verdict::Error("no answer".into()),
        Reply::Answered {
            answer: Some(a),
            values,
            core,
            ambiguous_escapes,
            ..
        } => (*a, values, core, *ambiguous_escapes),
    };
    let got = match answer {
        SatAnswer::Unknown => return Verdict::Unknown,
        SatAnswer::Sat => Status::Sat,
        SatAnswer::Unsat => Status::Unsat,
    };
    if let Some(e) = expected
        && e.status != got
    {
        return Verdict::Unsound {
            expected: e.status,
            got,
        };
    }
    match got {
        Status::Sat => judge_model(formula, values.as_ref(), ambiguous, assumptions, witnesses),
        Status::Unsat => match (expected.and_then(|e| e.core.as_ref()), core) {
            (Some(known), Some(given)) => judge_core(known, given),
            (Some(_), None) => Verdict::Incomplete("no unsat core".into()),
            (None, _) => Verdict::Correct {
                status: Status::Unsat,
                check: None,
            },
        },
    }
}

/// A sat answer's values checked against `formula`; the first assertion
/// they falsify is named, an assumption literal of `assumptions` as such.
pub(super) fn judge_model(
    formula: &Formula,
    values: Option<&Result<Vec<(Term, Term)>, String>>,
    ambiguous_escapes: bool,
    assumptions: &BTreeSet<Symbol>,
    witnesses: &Witnesses,
) -> Verdict {
    let inconclusive = |why: String| Verdict::Correct {
        status: Status::Sat,
        check: Some(Check::Inconclusive(why)),
    };
    let values: &[(Term, Term)] = match values {
        Some(Ok(v)) => v,
        Some(Err(why)) => return inconclusive(why.clone()),
        None if formula.decls.is_empty() => &[],
        None => return Verdict::Incomplete("no values".into()),
    };
    let model = match model_from_values(formula, values) {
        Ok(m) => m,
        Err(e) => return inconclusive(e),
    };
    // Quantified assertions are decided only exactly (a small finite
    // domain, a witness that works, a valid formula); any other is
    // unevaluable, so the check is inconclusive unless a plain assertion
    // is false (`check_model_with` reports that first).
    match truth::check_model_with(formula, &model, witnesses) {
        Ok(()) => Verdict::Correct {
            status: Status::Sat,
            check: Some(Check::ModelValid),
        },
        Err(TruthError::Falsified { .. }) if ambiguous_escapes => inconclusive(
            "false under the values read, but the output has a backslash, which Z3 prints \
             ambiguously"
                .into(),
        ),
        Err(TruthError::Falsified { index }) => {
            let under = model
                .0
                .iter()
                .map(|(k, v)| format!("{k} = {v}"))
                .collect::<Vec<_>>()
                .join(", ");
            // The verdict's words only: the bucket key never reads them.
            let reason = match formula.assertions.get(index).map(|a| &a.term) {
                Some(Term::Var(p)) if assumptions.contains(p) => {
                    format!("the model sets the assumption {p} to false (under {under})")
                }
                _ => format!("assertion {index} is false under {under}"),
            };
            Verdict::InvalidModel { reason }
        }
        Err(e) => inconclusive(e.to_string()),
    }
}

pub(super) fn judge_core(known: &BTreeSet<Symbol>, given: &[Symbol]) -> Verdict {
    let given: BTreeSet<&Symbol> = given.iter().collect();
    let missing: Vec<Symbol> = known
        .iter()
        .filter(|k| !given.contains(k))
        .cloned()
        .collect();
    if !missing.is_empty() {
        return Verdict::InvalidCore { missing };
    }
    let extra: Vec<Symbol> = given
        .into_iter()
        .filter(|g| !known.contains(*g))
        .cloned()
        .collect();
    if extra.is_empty() {
        Verdict::Correct {
            status: Status::Unsat,
            check: Some(Check::CoreExact),
        }
    } else {
        Verdict::ImpreciseCore { extra }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Crash;
    use crate::term::{Dialect, parse_script};

    fn formula(text: &str) -> Formula {
        Formula::from_script(&parse_script(text).unwrap()).unwrap()
    }

    fn sat() -> Expected {
        Expected {
            status: Status::Sat,
            core: None,
        }
    }

    fn unsat(core: &[&str]) -> Expected {
        Expected {
            status: Status::Unsat,
            core: Some(core.iter().map(|s| s.to_string()).collect()),
        }
    }

    const LISTING1: &str = r#"(declare-fun t () String)(declare-fun u () String)
        (assert (= (str.replace "" t u) "a"))"#;

    #[test]
    fn a_model_that_satisfies_is_checked_valid() {
        let reply = Reply::from_output("sat\n((t \"\") (u \"a\"))\n");
        let v = judge(&formula(LISTING1), Some(&sat()), &reply);
        assert_eq!(
            v,
            Verdict::Correct {
                status: Status::Sat,
                check: Some(Check::ModelValid)
            }
        );
    }

    #[test]
    fn a_model_that_falsifies_is_an_invalid_model() {
        let reply = Reply::from_output("sat\n((t \"b\") (u \"a\"))\n");
        let v = judge(&formula(LISTING1), Some(&sat()), &reply);
        assert!(matches!(v, Verdict::InvalidModel { .. }), "{v}");
        assert!(v.is_finding());
    }

    #[test]
    fn values_given_as_terms_are_evaluated() {
        let reply = Reply::from_output("sat\n((t (str.++ \"\" \"\")) (u (str.from_code 97)))\n");
        let v = judge(&formula(LISTING1), Some(&sat()), &reply);
        assert_eq!(
            v,
            Verdict::Correct {
                status: Status::Sat,
                check: Some(Check::ModelValid)
            }
        );
    }

    #[test]
    fn a_backslash_in_the_output_makes_a_failed_check_inconclusive() {
        let out = "sat\n((t \"\\u{62}\") (u \"a\"))\n";
        // Z3 4.8.12 may mean the six characters, or `b`: undecided.
        let reply = Reply::from_output_in(out, Dialect::Z3RawBackslash);
        let v = judge(&formula(LISTING1), Some(&sat()), &reply);
        assert!(
            matches!(
                v,
                Verdict::Correct {
                    check: Some(Check::Inconclusive(_)),
                    ..
                }
            ),
            "{v}"
        );
    }

    #[test]
    fn an_exact_printer_leaves_no_doubt() {
        // SMT-LIB 2.6 as Z3 4.8.13 and cvc5 print it: `\u{62}` is `b`.
        let out = "sat\n((t \"\\u{62}\") (u \"a\"))\n";
        for d in [Dialect::Smtlib26, Dialect::Cvc5] {
            let v = judge(
                &formula(LISTING1),
                Some(&sat()),
                &Reply::from_output_in(out, d),
            );
            assert!(matches!(v, Verdict::InvalidModel { .. }), "{d}: {v}");
        }
    }

    #[test]
    fn unspecified_division_is_inconclusive_not_invalid() {
        let f = formula("(declare-fun x () Int)(assert (= (div 1 x) 7))");
        let v = judge(&f, Some(&sat()), &Reply::from_output("sat\n((x 0))\n"));
        assert!(!v.is_finding(), "{v}");
        assert!(matches!(
            v,
            Verdict::Correct {
                check: Some(Check::Inconclusive(_)),
                ..
            }
        ));
    }

    #[test]
    fn wrong_status_is_unsound() {
        let v = judge(
            &formula(LISTING1),
            Some(&sat()),
            &Reply::from_output("unsat\n"),
        );
        assert_eq!(
            v,
            Verdict::Unsound {
                expected: Status::Sat,
                got: Status::Unsat
            }
        );
    }

    #[test]
    fn an_error_before_the_answer_voids_it_and_one_after_does_not() {
        let f = formula(
            "(declare-fun x () Int)(assert (! (> x 0) :named a0))(assert (! (< x 0) :named a1))",
        );
        let before = Reply::from_output("(error \"line 1: unknown function\")\nsat\n");
        assert!(matches!(
            judge(&f, Some(&unsat(&["a0", "a1"])), &before),
            Verdict::Error(_)
        ));
        let after = Reply::from_output("unsat\n(a0 a1)\n(error \"model is not available\")\n");
        assert_eq!(
            judge(&f, Some(&unsat(&["a0", "a1"])), &after),
            Verdict::Correct {
                status: Status::Unsat,
                check: Some(Check::CoreExact)
            }
        );
    }

    #[test]
    fn cores_missing_a_clause_are_invalid_and_extra_clauses_imprecise() {
        let f = formula(
            "(declare-fun x () Int)(assert (! (> x 0) :named a0))(assert (! (< x 0) :named a1))(assert (! (= x x) :named a2))",
        );
        let e = unsat(&["a0", "a1"]);
        let missing = judge(&f, Some(&e), &Reply::from_output("unsat\n(a0)\n"));
        assert_eq!(
            missing,
            Verdict::InvalidCore {
                missing: vec!["a1".into()]
            }
        );
        let extra = judge(&f, Some(&e), &Reply::from_output("unsat\n(a2 a1 a0)\n"));
        assert_eq!(
            extra,
            Verdict::ImpreciseCore {
                extra: vec!["a2".into()]
            }
        );
        assert!(!extra.is_finding());
    }

    #[test]
    fn unknown_timeout_and_crash() {
        let f = formula(LISTING1);
        assert_eq!(
            judge(&f, Some(&sat()), &Reply::from_output("unknown\n")),
            Verdict::Unknown
        );
        assert_eq!(judge(&f, Some(&sat()), &Reply::Timeout), Verdict::Timeout);
        assert!(judge(&f, None, &Reply::Crash(Crash::new("SIGSEGV"))).is_finding());
    }

    #[test]
    fn a_solver_not_run_is_an_error_never_a_finding() {
        // Not running the solver is our fault: an error, never a finding.
        let not_run = Reply::NotRun("spawn failed".into());
        let v = judge(&formula(LISTING1), Some(&sat()), &not_run);
        assert!(matches!(v, Verdict::Error(_)), "{v}");
    }

    #[test]
    fn without_expectation_the_answer_is_reported_and_the_model_checked() {
        let v = judge(
            &formula(LISTING1),
            None,
            &Reply::from_output("sat\n((t \"x\") (u \"a\"))\n"),
        );
        assert!(matches!(v, Verdict::InvalidModel { .. }));
    }
}

/// The quantifier rule of the module docs of [`crate::oracle`], both sides:
/// the findings that must be found, the models that must not be called
/// invalid.
#[cfg(test)]
mod quantified {
    use super::*;
    use crate::semantics::Value;
    use crate::term::parse_script;

    fn formula(text: &str) -> Formula {
        Formula::from_script(&parse_script(text).unwrap()).unwrap()
    }

    fn expected(status: Status) -> Expected {
        Expected { status, core: None }
    }

    fn inconclusive(v: &Verdict) -> bool {
        matches!(
            v,
            Verdict::Correct {
                check: Some(Check::Inconclusive(_)),
                ..
            }
        )
    }

    const EXISTS: &str = "(declare-fun x () Int)(assert (exists ((y Int)) (= (+ y y) x)))";

    #[test]
    fn a_wrong_status_is_a_finding_whatever_the_quantifiers() {
        let f = formula(EXISTS);
        let v = judge(
            &f,
            Some(&expected(Status::Sat)),
            &Reply::from_output("unsat\n"),
        );
        assert!(matches!(v, Verdict::Unsound { .. }), "{v}");
        let v = judge(
            &f,
            Some(&expected(Status::Unsat)),
            &Reply::from_output("sat\n((x 2))\n"),
        );
        assert!(matches!(v, Verdict::Unsound { .. }), "{v}");
    }

    #[test]
    fn a_plain_assertion_the_model_falsifies_is_found_past_a_quantified_one() {
        let f = formula(
            "(declare-fun x () Int)(assert (exists ((y Int)) (= (+ y y) x)))(assert (< x 0))",
        );
        let v = judge(
            &f,
            Some(&expected(Status::Sat)),
            &Reply::from_output("sat\n((x 2))\n"),
        );
        assert!(matches!(v, Verdict::InvalidModel { .. }), "{v}");
    }

    #[test]
    fn a_finite_quantifier_the_model_falsifies_is_found() {
        // 2b is even for every 2-bit b: no b makes it 01.
        let f = formula(
            "(declare-fun x () Int)\
             (assert (exists ((b (_ BitVec 2))) (= (bvadd b b) (ite (> x 0) #b01 #b00))))",
        );
        let v = judge(
            &f,
            Some(&expected(Status::Sat)),
            &Reply::from_output("sat\n((x 1))\n"),
        );
        assert!(matches!(v, Verdict::InvalidModel { .. }), "{v}");
        let v = judge(
            &f,
            Some(&expected(Status::Sat)),
            &Reply::from_output("sat\n((x 0))\n"),
        );
        assert!(
            matches!(
                v,
                Verdict::Correct {
                    check: Some(Check::ModelValid),
                    ..
                }
            ),
            "{v}"
        );
    }

    #[test]
    fn a_model_our_witness_does_not_fit_is_not_called_invalid() {
        // Our model was x = 2 with the witness y = 1. The solver's x = 4 is
        // as good (y = 2), and x = 3 is wrong, but over Int neither is
        // decided by our witness: both are inconclusive, never invalid.
        let f = formula(EXISTS);
        let mut w = Witnesses::default();
        w.exists.insert("y".into(), Value::Int(1.into()));
        for x in ["4", "3"] {
            let reply = Reply::from_output(&format!("sat\n((x {x}))\n"));
            let v = judge_with(&f, Some(&expected(Status::Sat)), &reply, &w);
            assert!(!v.is_finding() && inconclusive(&v), "x = {x}: {v}");
        }
        // Where the witness fits the solver's model, the model is valid.
        let reply = Reply::from_output("sat\n((x 2))\n");
        let v = judge_with(&f, Some(&expected(Status::Sat)), &reply, &w);
        assert!(
            matches!(
                v,
                Verdict::Correct {
                    check: Some(Check::ModelValid),
                    ..
                }
            ),
            "{v}"
        );
    }

    #[test]
    fn a_valid_forall_is_true_only_when_the_case_vouches_for_it() {
        let f = formula(
            "(declare-fun x () Int)(assert (forall ((s String)) (= (str.++ s \"\") s)))\
             (assert (= x 1))",
        );
        let reply = Reply::from_output("sat\n((x 1))\n");
        let v = judge(&f, Some(&expected(Status::Sat)), &reply);
        assert!(inconclusive(&v), "{v}");
        let w = Witnesses {
            valid: vec![f.assertions[0].term.clone()],
            ..Default::default()
        };
        let v = judge_with(&f, Some(&expected(Status::Sat)), &reply, &w);
        assert!(
            matches!(
                v,
                Verdict::Correct {
                    check: Some(Check::ModelValid),
                    ..
                }
            ),
            "{v}"
        );
    }
}
