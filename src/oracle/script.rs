//! The verdict on an incremental case: its whole script runs once, and each
//! `check-sat` is judged against its own truth, as [`judge`] judges a
//! one-shot case.
//!
//! An incremental script starts with `(set-option :print-success true)`
//! ([`Command::print_success`]), so every command answers exactly once:
//! `success`, its result, or an `(error ...)`. The output is read command
//! by command against the script that was sent, so each error is known to
//! be its own command's:
//!
//! - a refused `check-sat` voids only itself;
//! - a refused `assert` voids the checks while its scope is open (the
//!   solver checked a set of assertions that lacks it: Z3 4.8.5's library
//!   forgets declarations at `reset-assertions`, refuses every later
//!   `assert` that uses them, and answers sat to what is left);
//! - a refused declaration, `push`, `pop` or reset voids every later check;
//! - a response that does not fit its command (a solver that ignores
//!   `:print-success`, or prints two lines for one command) means the
//!   output no longer follows the script: no later check is judged.
//!
//! A voided check is [`Verdict::Error`], never a finding. What comes
//! before the first `success` answers commands sent before the option (a
//! campaign's settings lines, silent unless refused) and is passed over.
//!
//! # Invariants
//!
//! - No check is judged past a refusal that reaches it (above): the fuzz
//!   loop and `run` read the output through this one function.
//! - Each check is judged on its own formula (what is in force there,
//!   [`Case::check_sats`] for a case, `term::check_sats` for a file), with
//!   its own status and core ([`Expectation`]): the same path for the fuzz
//!   loop's cases and for `run` on a file.
//! - The unsat core a solver gives is held to the known core's assertions
//!   in force; the assumption literals some solvers list in it (Z3 does,
//!   cvc5 does not) are left out of that comparison. The literals of
//!   `get-unsat-assumptions` (Z3 lists named assertions there too, which are
//!   left out) are held to the known core's assumptions exactly as a core
//!   is: one missing is [`Verdict::InvalidCore`], one extra imprecise. When
//!   that query fails (Z3 in process refuses `:produce-unsat-assumptions`),
//!   the literals the core lists stand for it if it lists any.
//! - The verdict of the script is its first finding, else its first check
//!   that is not correct (unknown, error, incomplete...), else its last
//!   check's; [`ScriptVerdict::check`] says which `check-sat` it is.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::expectation::{Expectation, expectations};
use super::judge::{Expected, judge_assuming, judge_core};
use super::reply::{Reply, add_functions, model_functions, values_of};
use super::script_output::parts;
use super::verdict::Verdict;
use crate::term::{Command, Dialect, Response, Symbol};
use crate::truth::{Case, Status};

/// The judgement of a whole script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptVerdict {
    /// The verdict that stands for the script (see the module docs).
    pub verdict: Verdict,
    /// The 0-based index of the `check-sat` it comes from.
    pub check: usize,
    /// How many `check-sat`s the script has.
    pub checks: usize,
    /// Every check's verdict, in order.
    pub each: Vec<Verdict>,
}

impl ScriptVerdict {
    /// The check-sat whose verdict stands for the script.
    pub fn failed(&self) -> FailedCheck {
        FailedCheck {
            index: self.check,
            of: self.checks,
        }
    }

    /// One line that says which `check-sat` decided, for finding files and
    /// logs: `check-sat 2 of 3: UNSOUND: expected sat, got unsat`.
    pub fn line(&self) -> String {
        self.failed().line(&self.verdict)
    }
}

/// Which `check-sat` of an incremental script decided its verdict: a fact
/// of the judgement, carried as data from the oracle to the bucket key and
/// the finding file's `; failed:` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailedCheck {
    /// Its 0-based index among the script's `check-sat`s.
    pub index: usize,
    /// How many `check-sat`s the script has.
    pub of: usize,
}

impl FailedCheck {
    /// `check-sat K of N: VERDICT`, as a finding's `; failed:` line says it
    /// (K counted from 1).
    pub fn line(&self, verdict: &Verdict) -> String {
        format!("check-sat {} of {}: {verdict}", self.index + 1, self.of)
    }

    /// The check a `check-sat K of N: ...` line names (a finding's
    /// `; failed:` header, read back from the file).
    pub fn parse(line: &str) -> Option<FailedCheck> {
        let rest = line.strip_prefix("check-sat ")?;
        let (k, rest) = rest.split_once(' ')?;
        let rest = rest.strip_prefix("of ")?;
        let n = rest.split(|c: char| !c.is_ascii_digit()).next()?;
        Some(FailedCheck {
            index: k.parse::<usize>().ok()?.checked_sub(1)?,
            of: n.parse().ok()?,
        })
    }
}

/// Judges the output `text` of `case`'s script ([`Case::script`]), printed
/// by a solver of `dialect`.
pub fn judge_script(case: &Case, text: &str, dialect: Dialect) -> ScriptVerdict {
    judge_checks(
        &expectations(case),
        &case.script(false).commands,
        text,
        dialect,
    )
}

/// Judges the output `text` of the script `sent` (every command after the
/// solver's options, from [`Command::print_success`] on), whose `check-sat`s are
/// held to `checks`, each followed by its [`Expectation::queries`].
pub fn judge_checks(
    checks: &[Expectation],
    sent: &[Command],
    text: &str,
    dialect: Dialect,
) -> ScriptVerdict {
    let mut parts = parts(sent, text, dialect).into_iter();
    let ambiguous_escapes = dialect.ambiguous_models() && text.contains("\\u");
    let each: Vec<Verdict> = checks
        .iter()
        .map(|check| {
            let part = parts.next().unwrap_or_default();
            // What the queries' answers are, by position.
            let mut after = part.after.into_iter();
            let (mut values, mut core, mut assumptions) = (None, None, None);
            let mut functions = Vec::new();
            for q in check.queries() {
                match q {
                    Command::GetModel => {
                        if let Some(Response::Model(entries)) = after.next() {
                            functions = model_functions(entries).collect();
                        }
                    }
                    Command::GetValue(_) => values = after.next().and_then(values_of),
                    Command::GetUnsatCore => core = after.next().and_then(names_of),
                    _ => assumptions = after.next().and_then(names_of),
                }
            }
            add_functions(&mut values, functions);
            let literals = &check.literals;
            let expected = check.expected.as_ref().map(|e| Expected {
                status: e.status,
                core: e.core.as_ref().map(|c| {
                    c.iter()
                        .filter(|n| !literals.contains(*n))
                        .cloned()
                        .collect()
                }),
            });
            let raw_core = core.clone();
            let reply = Reply::Answered {
                answer: part.answer,
                values,
                core: core.map(|c: Vec<Symbol>| {
                    c.into_iter().filter(|n| !literals.contains(n)).collect()
                }),
                error: part.error,
                ambiguous_escapes,
            };
            let verdict = judge_assuming(&check.formula, expected.as_ref(), &reply, literals);
            let (
                Some(Expected {
                    core: Some(known), ..
                }),
                Verdict::Correct { .. } | Verdict::ImpreciseCore { .. },
            ) = (&check.expected, &verdict)
            else {
                return verdict;
            };
            if literals.is_empty() || verdict_status(&verdict) != Some(Status::Unsat) {
                return verdict;
            }
            // Without `get-unsat-assumptions` (Z3 in process cannot turn it
            // on), the literals the core lists, where the solver lists them.
            let Some(given) = assumptions.or_else(|| {
                let listed: Vec<Symbol> = raw_core
                    .iter()
                    .flatten()
                    .filter(|n| literals.contains(*n))
                    .cloned()
                    .collect();
                (!listed.is_empty()).then_some(listed)
            }) else {
                return Verdict::Incomplete("no unsat assumptions".into());
            };
            let known: BTreeSet<Symbol> = known.intersection(literals).cloned().collect();
            let given: Vec<Symbol> = given.into_iter().filter(|n| literals.contains(n)).collect();
            match judge_core(&known, &given) {
                Verdict::Correct { .. } => verdict,
                other => other,
            }
        })
        .collect();
    let pick = each
        .iter()
        .position(Verdict::is_finding)
        .or_else(|| {
            each.iter()
                .position(|v| !matches!(v, Verdict::Correct { .. }))
        })
        .unwrap_or(each.len().saturating_sub(1));
    ScriptVerdict {
        verdict: each
            .get(pick)
            .cloned()
            .unwrap_or_else(|| Verdict::Error("no check-sat".into())),
        check: pick,
        checks: each.len(),
        each,
    }
}

/// The status a verdict says the solver answered, if it says.
fn verdict_status(v: &Verdict) -> Option<Status> {
    match v {
        Verdict::Correct { status, .. } => Some(*status),
        Verdict::ImpreciseCore { .. } => Some(Status::Unsat),
        _ => None,
    }
}

fn names_of(r: Response) -> Option<Vec<Symbol>> {
    match r {
        Response::UnsatCore(names) => Some(names),
        Response::EmptyList => Some(Vec::new()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::{Model, Value};
    use crate::term::{Formula, Printer, parse_script};
    use crate::truth::{Check, Incremental, Provenance, Step, Truth};

    /// `a0: p => x > 3` asserted, `a1: x < 2` in a scope, checked under the
    /// assumption `p` (unsat, all three in the core), then popped and
    /// checked again (sat).
    fn case() -> Case {
        let formula = Formula::from_script(
            &parse_script(
                "(declare-const x Int)(declare-const p Bool)\
                 (assert (! (=> p (> x 3)) :named a0))(assert (! (< x 2) :named a1))\
                 (assert (! p :named a0_p))",
            )
            .unwrap(),
        )
        .unwrap();
        let core: BTreeSet<Symbol> = ["a0", "a1", "a0_p"].map(String::from).into();
        let mut model = Model::new();
        model.0.insert("x".into(), Value::Int(5.into()));
        model.0.insert("p".into(), Value::Bool(true));
        let mut case = Case::new(
            formula,
            Truth::Unsat { core: core.clone() },
            Provenance::default(),
        );
        case.incremental = Some(Incremental {
            steps: vec![
                Step::Assert(0),
                Step::Push,
                Step::Assert(1),
                Step::CheckSat(Check {
                    assuming: vec![2],
                    truth: Truth::Unsat { core },
                }),
                Step::Pop,
                Step::CheckSat(Check {
                    assuming: vec![],
                    truth: Truth::Sat { model },
                }),
            ],
        });
        case.check().unwrap();
        case
    }

    /// What a solver prints for `case()`'s script up to its first check:
    /// `success` for print-success, the three options, two declarations,
    /// the first assertion, the push and the second assertion.
    const BEFORE: &str =
        "success\nsuccess\nsuccess\nsuccess\nsuccess\nsuccess\nsuccess\nsuccess\nsuccess\n";

    /// Judges `first`, the first check's answer and queries, then `pop`
    /// (the pop's response), then `second`.
    fn judged3(first: &str, pop: &str, second: &str) -> ScriptVerdict {
        judge_script(
            &case(),
            &format!("{BEFORE}{first}{pop}{second}"),
            Dialect::default(),
        )
    }

    fn judged(first: &str, second: &str) -> ScriptVerdict {
        judged3(first, "success\n", second)
    }

    #[test]
    fn the_script_asks_what_each_check_needs() {
        let text = Printer::default().script(&case().script(true));
        for want in [
            "(set-option :produce-unsat-assumptions true)",
            "(set-info :status unsat)\n(check-sat-assuming (p))\n(get-unsat-core)\n(get-unsat-assumptions)",
            "(pop 1)\n(set-info :status sat)\n(check-sat)\n(get-value (x p))",
        ] {
            assert!(text.contains(want), "{want}\n{text}");
        }
    }

    #[test]
    fn each_check_is_judged_on_its_own_part_of_the_output() {
        // As Z3 answers: the literal in both lists, which is no extra.
        let z3 = judged("unsat\n(p a0 a1)\n(p a0 a1)\n", "sat\n((x 0) (p false))\n");
        assert_eq!(z3.each.len(), 2);
        assert!(
            z3.each.iter().all(|v| matches!(v, Verdict::Correct { .. })),
            "{z3:?}"
        );
        // As cvc5 answers: the core without the literal.
        let cvc5 = judged("unsat\n(\na1\na0\n)\n(p)\n", "sat\n((x 4) (p true))\n");
        assert!(
            cvc5.each
                .iter()
                .all(|v| matches!(v, Verdict::Correct { .. })),
            "{cvc5:?}"
        );
    }

    #[test]
    fn without_get_unsat_assumptions_the_cores_literals_stand_for_them() {
        let off = "(error \"unsat assumptions construction is not enabled\")";
        let z3 = judged(
            &format!("unsat\n(p a0 a1)\n{off}\n"),
            "sat\n((x 0) (p false))\n",
        );
        assert!(matches!(z3.each[0], Verdict::Correct { .. }), "{z3:?}");
        let none = judged(
            &format!("unsat\n(a0 a1)\n{off}\n"),
            "sat\n((x 0) (p false))\n",
        );
        assert!(matches!(none.each[0], Verdict::Incomplete(_)), "{none:?}");
    }

    #[test]
    fn a_model_that_falsifies_an_assumption_names_it() {
        // `a0: p => x > 3` asserted, checked under the assumption `p`
        // (sat); a model with `p` false satisfies `a0` and falsifies only
        // the assumption.
        let formula = Formula::from_script(
            &parse_script(
                "(declare-const x Int)(declare-const p Bool)\
                 (assert (! (=> p (> x 3)) :named a0))(assert (! p :named a0_p))",
            )
            .unwrap(),
        )
        .unwrap();
        let mut model = Model::new();
        model.0.insert("x".into(), Value::Int(5.into()));
        model.0.insert("p".into(), Value::Bool(true));
        let truth = Truth::Sat { model };
        let mut case = Case::new(formula, truth.clone(), Provenance::default());
        case.incremental = Some(Incremental {
            steps: vec![
                Step::Assert(0),
                Step::CheckSat(Check {
                    assuming: vec![1],
                    truth,
                }),
            ],
        });
        case.check().unwrap();
        let sent = case.script(false).commands;
        let before = sent
            .iter()
            .position(|c| matches!(c, Command::CheckSatAssuming(_)))
            .unwrap();
        let judged = |answer: &str| {
            judge_script(
                &case,
                &format!("{}{answer}", "success\n".repeat(before)),
                Dialect::default(),
            )
        };
        let v = judged("sat\n((x 0) (p false))\n");
        assert_eq!(
            v.verdict,
            Verdict::InvalidModel {
                reason: "the model sets the assumption p to false (under p = false, x = 0)".into()
            },
            "{v:?}"
        );
        // An asserted formula falsified is named by its index, as before.
        let v = judged("sat\n((x 0) (p true))\n");
        let Verdict::InvalidModel { reason } = &v.verdict else {
            panic!("{v:?}")
        };
        assert!(reason.starts_with("assertion 0 is false"), "{reason}");
    }

    #[test]
    fn a_missing_assumption_is_an_invalid_core_of_its_check() {
        let v = judged("unsat\n(a0 a1)\n()\n", "sat\n((x 0) (p false))\n");
        assert_eq!(
            v.verdict,
            Verdict::InvalidCore {
                missing: vec!["p".into()]
            }
        );
        assert_eq!(v.check, 0);
        assert!(
            v.line().starts_with("check-sat 1 of 2: INVALID CORE"),
            "{}",
            v.line()
        );
    }

    #[test]
    fn a_wrong_answer_after_the_pop_is_the_second_checks() {
        let v = judged(
            "unsat\n(a0 a1)\n(p)\n",
            "unsat\n(error \"model is not available\")\n",
        );
        assert_eq!(
            v.verdict,
            Verdict::Unsound {
                expected: crate::truth::Status::Sat,
                got: crate::truth::Status::Unsat
            }
        );
        assert_eq!(v.check, 1);
        // A model that falsifies what is left in force after the pop.
        let v = judged("unsat\n(a0 a1)\n(p)\n", "sat\n((x 0) (p true))\n");
        assert!(matches!(v.verdict, Verdict::InvalidModel { .. }), "{v:?}");
    }

    #[test]
    fn a_refused_pop_voids_the_later_check() {
        let v = judged3(
            "unsat\n(a0 a1)\n(p)\n",
            "(error \"line 9: bad pop\")\n",
            "unsat\n(error \"x\")\n",
        );
        assert_eq!(v.check, 1);
        assert!(
            matches!(&v.verdict, Verdict::Error(e) if e.contains("command 13 (pop) was refused")),
            "{v:?}"
        );
        assert!(!v.verdict.is_finding());
        // A script cut short: the checks without an answer are errors.
        let v = judge_script(
            &case(),
            &format!("{BEFORE}unsat\n(a0 a1)\n(p)\n"),
            Dialect::default(),
        );
        assert!(matches!(v.each[1], Verdict::Error(_)), "{v:?}");
    }

    #[test]
    fn a_refused_assert_voids_the_checks_of_its_scope_only() {
        // a1 (in the pushed scope) refused: the first check lacks it and
        // its sat is no finding; after the pop the second check is judged.
        // Refuse the ninth command's answer (the assert of a1), not the first.
        let mut lines: Vec<&str> = BEFORE.lines().collect();
        lines[8] = "(error \"line 9 column 9: unknown constant x\")";
        let before = lines.join("\n") + "\n";
        let v = judge_script(
            &case(),
            &format!(
                "{before}sat\n(error \"no core\")\n(error \"no\")\nsuccess\nunsat\n(error \"no model\")\n"
            ),
            Dialect::default(),
        );
        assert!(
            matches!(&v.each[0], Verdict::Error(e) if e.contains("(assert) was refused")),
            "{v:?}"
        );
        assert_eq!(
            v.each[1],
            Verdict::Unsound {
                expected: Status::Sat,
                got: Status::Unsat
            },
            "{v:?}"
        );
    }

    #[test]
    fn a_refused_check_sat_voids_only_itself() {
        let v = judged(
            "(error \"bad literal\")\n(error \"no core\")\n(error \"no\")\n",
            "sat\n((x 1) (p true))\n",
        );
        assert!(
            matches!(&v.each[0], Verdict::Error(e) if e == "bad literal"),
            "{v:?}"
        );
        assert!(matches!(v.each[1], Verdict::InvalidModel { .. }), "{v:?}");
    }

    #[test]
    fn an_output_that_stops_following_the_script_is_not_judged() {
        // Without `success` lines (print-success ignored): nothing fits.
        let v = judge_script(&case(), "unsat\n(a0 a1)\n(p)\nunsat\n", Dialect::default());
        assert!(
            v.each.iter().all(|v| matches!(v, Verdict::Error(_))),
            "{v:?}"
        );
        // One extra line after the first check: the second is not judged.
        let v = judged(
            "unsat\n(p a0 a1)\n(p a0 a1)\nsat\n",
            "unsat\n(error \"x\")\n",
        );
        assert!(matches!(v.each[0], Verdict::Correct { .. }), "{v:?}");
        assert!(
            matches!(&v.each[1], Verdict::Error(e) if e.contains("stops following")),
            "{v:?}"
        );
    }
}
