//! The verdict: a solver's answer judged against the ground truth.
//!
//! The verdicts are those of the ICSE 2020 paper's Table 4 — sat, unsat,
//! unknown, timeout, error, crash, incorrect model, incorrect unsat core —
//! refined so that only what is certainly a solver bug counts as a
//! soundness finding:
//!
//! - [`Verdict::Unsound`]: the answer contradicts the known status.
//! - [`Verdict::InvalidModel`]: the solver said sat and gave values under
//!   which an assertion evaluates to false with our semantics. A model that
//!   cannot be evaluated (an unspecified `div` by zero, a value we cannot
//!   read) is *not* invalid: the check is inconclusive and said so.
//! - [`Verdict::InvalidCore`]: the solver's core omits an assertion of the
//!   unique minimal core, so it claims a satisfiable set unsat.
//! - [`Verdict::Crash`]: a signal, an abort or an `exit()` inside the solver.
//!
//! A core with extra assertions is [`Verdict::ImpreciseCore`]: imprecise,
//! not unsound. An `(error ...)` before the answer makes the whole answer
//! [`Verdict::Error`]: Z3 skips a command it cannot parse and goes on, so
//! its answer would be about a different formula.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::semantics::{self, Model};
use crate::term::{Formula, Symbol, Term};
use crate::truth::{self, Status, Truth, TruthError};

/// A `check-sat` answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Answer {
    /// `sat`
    Sat,
    /// `unsat`
    Unsat,
    /// `unknown`
    Unknown,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Answer::Sat => "sat",
            Answer::Unsat => "unsat",
            Answer::Unknown => "unknown",
        })
    }
}

/// What a solver said, once its output is parsed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Reply {
    /// The solver finished.
    Answered {
        /// The `check-sat` answer, if one was printed.
        answer: Option<Answer>,
        /// `(get-value ...)` pairs, if printed.
        values: Option<Vec<(Term, Term)>>,
        /// `(get-unsat-core)` names, if printed.
        core: Option<Vec<Symbol>>,
        /// The first `(error ...)` printed before the answer.
        error: Option<String>,
    },
    /// No answer within the time limit.
    Timeout,
    /// The solver died: signal, abort, exit from inside the library.
    Crash(String),
    /// Not run.
    #[default]
    NotRun,
}

/// The result of checking a solver's model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ModelCheck {
    /// Every assertion is true under the solver's values.
    Valid,
    /// The check could not be done; the reason says why.
    Inconclusive(String),
}

/// The judgement of one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// The expected status, and its model or core checked. For `run`
    /// without an expected status, the answer given.
    Correct {
        /// The answer.
        status: Status,
        /// For sat: what became of the model check.
        model: Option<ModelCheck>,
    },
    /// `unknown`.
    Unknown,
    /// Over the time limit.
    Timeout,
    /// The solver printed an error before answering.
    Error(String),
    /// A signal, abort or exit inside the solver.
    Crash(String),
    /// Wrong sat/unsat.
    Unsound {
        /// Known status.
        expected: Status,
        /// Solver's answer.
        got: Status,
    },
    /// Sat, with values that falsify an assertion.
    InvalidModel {
        /// Why: which assertion is false, or which value is missing.
        reason: String,
    },
    /// The core omits assertions of the unique minimal core.
    InvalidCore {
        /// Core assertions the solver left out.
        missing: Vec<Symbol>,
    },
    /// The core has assertions outside the unique minimal core.
    ImpreciseCore {
        /// Assertions beyond the minimal core.
        extra: Vec<Symbol>,
    },
    /// The solver said sat or unsat but did not give the model or core
    /// asked for.
    Incomplete(String),
}

impl Verdict {
    /// Whether this verdict is a soundness finding or a crash: an objective.
    pub fn is_finding(&self) -> bool {
        matches!(
            self,
            Verdict::Unsound { .. }
                | Verdict::InvalidModel { .. }
                | Verdict::InvalidCore { .. }
                | Verdict::Crash(_)
        )
    }

    /// A short kind, used as the findings folder name and in counts.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Correct {
                status: Status::Sat,
                ..
            } => "sat",
            Verdict::Correct {
                status: Status::Unsat,
                ..
            } => "unsat",
            Verdict::Unknown => "unknown",
            Verdict::Timeout => "timeout",
            Verdict::Error(_) => "error",
            Verdict::Crash(_) => "crash",
            Verdict::Unsound { .. } => "unsound",
            Verdict::InvalidModel { .. } => "invalid-model",
            Verdict::InvalidCore { .. } => "invalid-core",
            Verdict::ImpreciseCore { .. } => "imprecise-core",
            Verdict::Incomplete(_) => "incomplete",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Correct {
                status,
                model: None,
            } => write!(f, "{status}"),
            Verdict::Correct {
                status,
                model: Some(ModelCheck::Valid),
            } => {
                write!(f, "{status} (model checked)")
            }
            Verdict::Correct {
                status,
                model: Some(ModelCheck::Inconclusive(why)),
            } => {
                write!(f, "{status} (model not checked: {why})")
            }
            Verdict::Unknown => write!(f, "unknown"),
            Verdict::Timeout => write!(f, "timeout"),
            Verdict::Error(e) => write!(f, "error: {e}"),
            Verdict::Crash(e) => write!(f, "CRASH: {e}"),
            Verdict::Unsound { expected, got } => {
                write!(f, "UNSOUND: expected {expected}, got {got}")
            }
            Verdict::InvalidModel { reason } => write!(f, "INVALID MODEL: {reason}"),
            Verdict::InvalidCore { missing } => {
                write!(f, "INVALID CORE: omits {}", missing.join(" "))
            }
            Verdict::ImpreciseCore { extra } => {
                write!(f, "unsat (imprecise core: also {})", extra.join(" "))
            }
            Verdict::Incomplete(what) => write!(f, "incomplete: {what}"),
        }
    }
}

/// Reads the solver's `(get-value ...)` pairs into a model: each value term
/// is evaluated by our semantics (a solver may answer with a term such as
/// `(str.++ "a" "b")` or `(- 1)` rather than a literal).
pub fn model_from_values(formula: &Formula, values: &[(Term, Term)]) -> Result<Model, String> {
    let mut model = Model::new();
    for (var, value) in values {
        let Term::Var(name) = var else {
            return Err(format!("value given for a non-variable {var}"));
        };
        let v = semantics::eval_closed(value)
            .map_err(|e| format!("cannot evaluate the value of `{name}` ({value}): {e}"))?;
        model.insert(name.clone(), v);
    }
    for (name, _) in &formula.decls {
        if model.get(name).is_none() {
            return Err(format!("no value for `{name}`"));
        }
    }
    Ok(model)
}

/// Judges a reply. `expected` is `None` when the status is not known (the
/// `run` command on a file without `(set-info :status ...)`): then the
/// answer is reported and a model is still checked.
pub fn judge(formula: &Formula, expected: Option<&Truth>, reply: &Reply) -> Verdict {
    let (answer, values, core) = match reply {
        Reply::Timeout => return Verdict::Timeout,
        Reply::Crash(why) => return Verdict::Crash(why.clone()),
        Reply::NotRun => return Verdict::Error("not run".into()),
        Reply::Answered { error: Some(e), .. } => return Verdict::Error(e.clone()),
        Reply::Answered { answer: None, .. } => return Verdict::Error("no answer".into()),
        Reply::Answered {
            answer: Some(a),
            values,
            core,
            ..
        } => (*a, values, core),
    };
    let got = match answer {
        Answer::Unknown => return Verdict::Unknown,
        Answer::Sat => Status::Sat,
        Answer::Unsat => Status::Unsat,
    };
    if let Some(t) = expected {
        if t.status() != got {
            return Verdict::Unsound {
                expected: t.status(),
                got,
            };
        }
    }
    match got {
        Status::Sat => judge_model(formula, values.as_deref()),
        Status::Unsat => match (expected, core) {
            (Some(Truth::Unsat { core: known }), Some(given)) => judge_core(known, given),
            (Some(Truth::Unsat { .. }), None) => Verdict::Incomplete("no unsat core".into()),
            _ => Verdict::Correct {
                status: Status::Unsat,
                model: None,
            },
        },
    }
}

fn judge_model(formula: &Formula, values: Option<&[(Term, Term)]>) -> Verdict {
    let inconclusive = |why: String| Verdict::Correct {
        status: Status::Sat,
        model: Some(ModelCheck::Inconclusive(why)),
    };
    if formula.assertions.iter().any(|a| has_quantifier(&a.term)) {
        return inconclusive("the formula has quantifiers".into());
    }
    let values = match values {
        Some(v) => v,
        None if formula.decls.is_empty() => &[],
        None => return Verdict::Incomplete("no values".into()),
    };
    let model = match model_from_values(formula, values) {
        Ok(m) => m,
        Err(e) => return inconclusive(e),
    };
    match truth::check_model(formula, &model) {
        Ok(()) => Verdict::Correct {
            status: Status::Sat,
            model: Some(ModelCheck::Valid),
        },
        Err(TruthError::Falsified { index }) => Verdict::InvalidModel {
            reason: format!(
                "assertion {} is false under {}",
                index,
                model
                    .0
                    .iter()
                    .map(|(k, v)| format!("{k} = {v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
        Err(e) => inconclusive(e.to_string()),
    }
}

fn has_quantifier(t: &Term) -> bool {
    let mut q = false;
    t.visit(&mut |s| q |= matches!(s, Term::Quant(_)));
    q
}

fn judge_core(known: &BTreeSet<Symbol>, given: &[Symbol]) -> Verdict {
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
            model: None,
        }
    } else {
        Verdict::ImpreciseCore { extra }
    }
}
