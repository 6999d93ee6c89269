//! The verdict on an incremental case: its whole script runs once, and each
//! `check-sat` is judged against its own truth, as [`judge`] judges a
//! one-shot case.
//!
//! The output is cut into one part per `check-sat`: what comes before its
//! answer (an `(error ...)` there voids the answer, as in [`judge`]), the
//! answer, and then exactly as many responses as the queries printed after
//! it ([`queries_after`]: `get-value`, or `get-unsat-core` then
//! `get-unsat-assumptions`), whatever they are (an error answers a query
//! too). Counting responses, not reading their shapes, keeps an error of a
//! later `assert` in the later check's part, where it voids that answer.
//!
//! # Invariants
//!
//! - Each check is judged on its own formula (what is in force there,
//!   [`Case::check_sats`]), with its own status and core.
//! - The unsat core a solver gives is held to the known core's assertions
//!   in force; the assumption literals some solvers list in it (Z3 does,
//!   cvc5 does not) are left out of that comparison. The literals of
//!   `get-unsat-assumptions` (Z3 lists named assertions there too, which are
//!   left out) are held to the known core's assumptions exactly as a core
//!   is: one missing is [`Verdict::InvalidCore`], one extra imprecise.
//! - The verdict of the script is its first finding, else its first check
//!   that is not correct (unknown, error, incomplete...), else its last
//!   check's; [`ScriptVerdict::check`] says which `check-sat` it is.

use std::collections::{BTreeMap, BTreeSet};

use super::{Answer, Expected, Reply, Verdict, abridged, judge, judge_core};
use crate::term::{Dialect, Response, SatAnswer, Symbol, parse_responses_with};
use crate::truth::{Case, Truth, literal, queries_after};

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
    /// One line that says which `check-sat` decided, for finding files and
    /// logs: `check-sat 2 of 3: UNSOUND: expected sat, got unsat`.
    pub fn line(&self) -> String {
        format!(
            "check-sat {} of {}: {}",
            self.check + 1,
            self.checks,
            self.verdict
        )
    }
}

/// One check's part of the output.
#[derive(Default)]
struct Part {
    error: Option<String>,
    answer: Option<Answer>,
    after: Vec<Response>,
}

/// Cuts `text` into one part per check; `queries[k]` is how many
/// responses follow check `k`'s answer.
fn parts(text: &str, dialect: Dialect, queries: &[usize]) -> Vec<Part> {
    let mut out: Vec<Part> = Vec::with_capacity(queries.len());
    let mut current = Part::default();
    for r in parse_responses_with(text, dialect.model_escapes()) {
        if out.len() == queries.len() {
            break;
        }
        match (&current.answer, r) {
            (None, Response::CheckSat(a)) => {
                current.answer = Some(match a {
                    SatAnswer::Sat => Answer::Sat,
                    SatAnswer::Unsat => Answer::Unsat,
                    SatAnswer::Unknown => Answer::Unknown,
                });
            }
            (None, Response::Error(e)) => {
                current.error.get_or_insert(e);
            }
            (None, _) => {}
            (Some(_), r) => current.after.push(r),
        }
        if current.answer.is_some() && current.after.len() == queries[out.len()] {
            out.push(std::mem::take(&mut current));
        }
    }
    if out.len() < queries.len() && (current.answer.is_some() || current.error.is_some()) {
        out.push(current);
    }
    out
}

/// Judges the output `text` of `case`'s script ([`Case::script`]), printed
/// by a solver of `dialect`.
pub fn judge_script(case: &Case, text: &str, dialect: Dialect) -> ScriptVerdict {
    let checks = case.check_sats();
    let queries: Vec<usize> = checks
        .iter()
        .map(|(f, c)| queries_after(f, c).len())
        .collect();
    let mut parts = parts(text, dialect, &queries).into_iter();
    let ambiguous_escapes = dialect.ambiguous_models() && text.contains("\\u");
    let each: Vec<Verdict> = checks
        .iter()
        .map(|(formula, check)| {
            let part = parts.next().unwrap_or_default();
            // What the queries' answers are, by position.
            let mut after = part.after.into_iter();
            let (mut values, mut core, mut assumptions) = (None, None, None);
            match check.truth {
                Truth::Sat { .. } if !formula.decls.is_empty() => {
                    values = after.next().and_then(values_of);
                }
                Truth::Sat { .. } => {}
                Truth::Unsat { .. } => {
                    core = after.next().and_then(names_of);
                    if !check.assuming.is_empty() {
                        assumptions = after.next().and_then(names_of);
                    }
                }
            }
            // Assumption literal -> the name of the assertion it is.
            let literals: BTreeMap<&Symbol, &Symbol> = check
                .assuming
                .iter()
                .filter_map(|&i| {
                    Some((
                        literal(&case.formula, i)?,
                        case.formula.assertions[i].name.as_ref()?,
                    ))
                })
                .collect();
            let assumed: BTreeSet<&Symbol> = literals.values().copied().collect();
            let expected = match &check.truth {
                Truth::Sat { .. } => Expected::from(&check.truth),
                Truth::Unsat { core } => Expected {
                    status: crate::truth::Status::Unsat,
                    core: Some(
                        core.iter()
                            .filter(|n| !assumed.contains(n))
                            .cloned()
                            .collect(),
                    ),
                },
            };
            let reply = Reply::Answered {
                answer: part.answer,
                values,
                core: core.map(|c: Vec<Symbol>| {
                    c.into_iter()
                        .filter(|n| !literals.contains_key(n))
                        .collect()
                }),
                error: part.error,
                ambiguous_escapes,
            };
            let verdict = judge(formula, Some(&expected), &reply);
            let (
                Truth::Unsat { core: known },
                Verdict::Correct { .. } | Verdict::ImpreciseCore { .. },
            ) = (&check.truth, &verdict)
            else {
                return verdict;
            };
            if check.assuming.is_empty() {
                return verdict;
            }
            let Some(given) = assumptions else {
                return Verdict::Incomplete("no unsat assumptions".into());
            };
            // Held as literals, as the solver names them.
            let known: BTreeSet<Symbol> = literals
                .iter()
                .filter(|(_, name)| known.contains(**name))
                .map(|(p, _)| (*p).clone())
                .collect();
            let given: Vec<Symbol> = given
                .into_iter()
                .filter(|n| literals.contains_key(n))
                .collect();
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

fn values_of(r: Response) -> Option<Result<Vec<(crate::term::Term, crate::term::Term)>, String>> {
    match r {
        Response::Values(pairs) => Some(
            pairs
                .into_iter()
                .map(|p| {
                    p.map_err(|u| format!("unreadable value {}: {}", abridged(&u.text), u.error))
                })
                .collect(),
        ),
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
