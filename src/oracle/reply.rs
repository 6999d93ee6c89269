//! What a solver said, read: its output parsed into a [`Reply`] (the
//! `check-sat` [`SatAnswer`], the `get-value` pairs and the model's
//! functions, the unsat core, the first error), or the timeout, crash or
//! failure to run that a run amounts to instead.

use super::crash::{Crash, crash_site};
use crate::solver::RawOutcome;
use crate::term::{Dialect, Response, SatAnswer, Symbol, Term};

/// What a solver said, once its output is parsed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Reply {
    /// The solver finished.
    Answered {
        /// The `check-sat` answer, if one was printed.
        answer: Option<SatAnswer>,
        /// `(get-value ...)` pairs, if printed; an `Err` says which value
        /// could not be read.
        values: Option<Result<Vec<(Term, Term)>, String>>,
        /// `(get-unsat-core)` names, if printed.
        core: Option<Vec<Symbol>>,
        /// The first `(error ...)` printed before the answer.
        error: Option<String>,
        /// The output may spell a value ambiguously: Z3 4.8.11 and later
        /// print a backslash in a value as is, so a value whose characters
        /// spell an escape (`\u{61}`) reads back as another string: a model
        /// that fails the check proves nothing then
        /// ([`Dialect::ambiguous_models`]).
        ambiguous_escapes: bool,
    },
    /// No answer within the time limit.
    Timeout,
    /// The solver died: signal, abort, exit from inside the library.
    Crash(Crash),
    /// The harness could not run the solver (fork or spawn failed): our
    /// fault, never the solver's.
    NotRun(String),
    /// Nothing yet.
    #[default]
    Nothing,
}

impl Reply {
    /// What a run of the solver amounts to: its output read, or the
    /// timeout, crash or failure to run it.
    pub fn from_outcome(outcome: &RawOutcome) -> Reply {
        Reply::from_outcome_in(outcome, Dialect::default())
    }

    /// [`Reply::from_outcome`] for a solver of `dialect`.
    pub fn from_outcome_in(outcome: &RawOutcome, dialect: Dialect) -> Reply {
        match outcome {
            RawOutcome::Finished { stdout, .. } => Reply::from_output_in(stdout, dialect),
            RawOutcome::Timeout { .. } => Reply::Timeout,
            // Keyed by what the solver said as it died, whichever way it
            // ran: a worker, a fork child or a binary, in a campaign or a
            // replay, say the same site.
            RawOutcome::Crashed { stderr, .. } | RawOutcome::OutOfMemory { stderr, .. } => {
                Reply::Crash(Crash::new(outcome.to_string()).at(crash_site(stderr)))
            }
            RawOutcome::NotRun { reason, .. } => Reply::NotRun(reason.clone()),
        }
    }

    /// Reads a solver's complete output. Only an `(error ...)` printed
    /// before the `check-sat` answer counts: one printed after it (e.g. a
    /// `(get-value ...)` after `unsat`) concerns a query, not the formula.
    pub fn from_output(text: &str) -> Reply {
        Reply::from_output_in(text, Dialect::default())
    }

    /// Reads the output of a solver of `dialect`: its model strings are
    /// read with the escapes that release prints
    /// ([`Dialect::model_escapes`]).
    pub fn from_output_in(text: &str, dialect: Dialect) -> Reply {
        let mut answer = None;
        let mut values = None;
        let mut functions = Vec::new();
        let mut core = None;
        let mut error = None;
        for r in crate::term::parse_responses_with(text, dialect.model_escapes()) {
            match r {
                Response::Error(e) if answer.is_none() && error.is_none() => error = Some(e),
                Response::CheckSat(a) if answer.is_none() => answer = Some(a),
                r @ Response::Values(_) if values.is_none() => values = values_of(r),
                // A function's interpretation, as the pair `(f x1 ... xn)`
                // and its body, beside the `get-value` pairs.
                Response::Model(entries) => functions.extend(model_functions(entries)),
                Response::UnsatCore(names) if core.is_none() => core = Some(names),
                Response::EmptyList if answer == Some(SatAnswer::Unsat) && core.is_none() => {
                    core = Some(Vec::new())
                }
                _ => {}
            }
        }
        let ambiguous_escapes = dialect.ambiguous_models() && text.contains("\\u");
        add_functions(&mut values, functions);
        Reply::Answered {
            answer,
            values,
            core,
            error,
            ambiguous_escapes,
        }
    }
}

/// The `(get-value ...)` pairs of a response, if it is one; a value that
/// could not be read makes it an `Err` that quotes the value abridged.
pub(super) fn values_of(r: Response) -> Option<Result<Vec<(Term, Term)>, String>> {
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

/// At most the first 80 characters of `text`, marked when cut: a value
/// can be megabytes long, and the verdict is one line.
pub(super) fn abridged(text: &str) -> String {
    const KEEP: usize = 80;
    match text.char_indices().nth(KEEP) {
        Some((cut, _)) => format!("{}... ({} bytes)", &text[..cut], text.len()),
        None => text.to_string(),
    }
}

/// A model's functions, each as the pair `(f x1 ... xn)` and its body;
/// its constants are left to `get-value`.
pub(super) fn model_functions(
    entries: Vec<Result<crate::term::ModelEntry, crate::term::Unreadable>>,
) -> impl Iterator<Item = (Term, Term)> {
    entries.into_iter().filter_map(|e| {
        let e = e.ok().filter(|e| !e.params.is_empty())?;
        let params = e.params.into_iter().map(|(x, _)| Term::Var(x)).collect();
        Some((Term::Apply(e.name, params), e.value))
    })
}

/// Puts a model's function pairs beside the `get-value` pairs, where the
/// values were read (an unreadable value stays the reply's verdict).
pub(super) fn add_functions(
    values: &mut Option<Result<Vec<(Term, Term)>, String>>,
    functions: Vec<(Term, Term)>,
) {
    if functions.is_empty() {
        return;
    }
    match values {
        Some(Ok(pairs)) => pairs.extend(functions),
        None => *values = Some(Ok(functions)),
        Some(Err(_)) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_is_keyed_by_what_the_solver_said_however_it_ran() {
        use crate::solver::{CrashCause, RawOutcome};
        // A binary (or a fork child) that exits 107 after printing Z3's
        // abort to standard error: the site a campaign's worker keeps.
        let said = "NOT IMPLEMENTED YET!\nFile: src/ast/sls/sls_seq_plugin.cpp\nLine: 137\n";
        let outcome = RawOutcome::Crashed {
            cause: CrashCause::Exit(107),
            description: "exited with code 107".into(),
            partial_stdout: String::new(),
            stderr: said.into(),
            elapsed: std::time::Duration::from_millis(3),
        };
        let Reply::Crash(crash) = Reply::from_outcome(&outcome) else {
            panic!("a crash");
        };
        assert_eq!(crash.site, crash_site(said));
        assert!(crash.site.contains("Line: 137"), "{}", crash.site);
    }

    #[test]
    fn an_unreadable_value_is_quoted_abridged() {
        let reply = Reply::from_output(&format!("sat\n((t {}) (u \"a\"))\n", "7".repeat(200_000)));
        let Reply::Answered {
            values: Some(Err(why)),
            ..
        } = reply
        else {
            panic!("{reply:?}")
        };
        assert!(why.len() < 300, "{why}");
        assert!(why.contains("... ("), "{why}");
    }

    #[test]
    fn outcomes_map_to_replies() {
        use std::time::Duration;
        let t = Duration::from_millis(5);
        let finished = RawOutcome::Finished {
            stdout: "unsat\n".into(),
            stderr: String::new(),
            exit_code: 0,
            elapsed: t,
        };
        assert_eq!(
            Reply::from_outcome(&finished),
            Reply::from_output("unsat\n")
        );
        let timeout = RawOutcome::Timeout {
            partial_stdout: "sat\n".into(),
            stderr: String::new(),
            elapsed: t,
        };
        assert_eq!(Reply::from_outcome(&timeout), Reply::Timeout);
        let not_run = RawOutcome::NotRun {
            reason: "spawn failed".into(),
            elapsed: t,
        };
        assert_eq!(
            Reply::from_outcome(&not_run),
            Reply::NotRun("spawn failed".into())
        );
    }
}
