//! `equifuzz run`: judge SMT-LIB files on a solver.
//!
//! The expected status comes from the file's `(set-info :status ...)`; an
//! expected unsat core from a `; expected unsat core: (a0 a1)` comment (as
//! equifuzz writes in its findings). Without a status, the answer is printed
//! and a model is still checked against our semantics.

use std::path::Path;

use crate::oracle::{Expected, Reply, Verdict, judge};
use crate::term::{Formula, Printer, Queries, parse_script};
use crate::triage::expected_core;
use crate::truth::Status;

/// The result of one file.
#[derive(Clone, Debug)]
pub enum FileOutcome {
    /// The file could not be read or parsed; the message starts with
    /// `FILE:LINE:COLUMN:` when there is a position.
    Invalid(String),
    /// The solver ran and was judged.
    Judged {
        /// What the file said to expect.
        expected: Option<Expected>,
        /// The verdict.
        verdict: Verdict,
    },
}

/// The formula, expectation and query script of a file's text.
pub fn prepare(
    path: &Path,
    text: &str,
    printer: &Printer,
) -> Result<(Formula, Option<Expected>, String), String> {
    let script = parse_script(text).map_err(|e| format!("{}:{e}", path.display()))?;
    let formula = Formula::from_script(&script).map_err(|e| format!("{}: {e}", path.display()))?;
    formula
        .check()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let expected = match script.status() {
        Some("sat") => Some(Expected {
            status: Status::Sat,
            core: None,
        }),
        Some("unsat") => Some(Expected {
            status: Status::Unsat,
            core: expected_core(text),
        }),
        Some("unknown") | None => None,
        Some(other) => {
            return Err(format!(
                "{}: unknown status `{other}` (expected sat, unsat or unknown)",
                path.display()
            ));
        }
    };
    let all_named = formula.assertions.iter().all(|a| a.name.is_some());
    let queries = Queries {
        values: expected.as_ref().is_none_or(|e| e.status == Status::Sat),
        unsat_core: expected.as_ref().is_some_and(|e| e.status == Status::Unsat) && all_named,
        model: false,
    };
    let query = printer.script(&formula.to_script(None, queries));
    Ok((formula, expected, query))
}

/// Judges one file; `solve` runs a script and returns the reply and the
/// solver's raw output.
pub fn run_file(
    path: &Path,
    printer: &Printer,
    solve: &mut dyn FnMut(&str) -> (Reply, String),
) -> FileOutcome {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return FileOutcome::Invalid(format!("{}: {e}", path.display())),
    };
    match prepare(path, &text, printer) {
        Err(e) => FileOutcome::Invalid(e),
        Ok((formula, expected, query)) => {
            let (reply, _raw) = solve(&query);
            let verdict = judge(&formula, expected.as_ref(), &reply);
            FileOutcome::Judged { expected, verdict }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_core_comment_is_read() {
        let core =
            expected_core("; equifuzz\n; expected unsat core: (a0 a2)\n(check-sat)").unwrap();
        assert_eq!(core.into_iter().collect::<Vec<_>>(), vec!["a0", "a2"]);
        assert!(expected_core("(check-sat)").is_none());
    }

    #[test]
    fn a_malformed_file_names_file_line_and_column() {
        let err = prepare(
            Path::new("x.smt2"),
            "(declare-fun s () String)\n(assert (= s",
            &Printer::default(),
        )
        .unwrap_err();
        assert!(err.starts_with("x.smt2:2:"), "{err}");
    }

    #[test]
    fn queries_follow_the_expected_status() {
        let p = Printer::default();
        let (_, _, q) = prepare(
            Path::new("f"),
            "(set-info :status sat)(declare-const s String)(assert (= s \"a\"))",
            &p,
        )
        .unwrap();
        assert!(q.contains("(get-value (s))"), "{q}");
        let (_, e, q) = prepare(
            Path::new("f"),
            "; expected unsat core: (a0 a1)\n(set-info :status unsat)(declare-const s String)(assert (! (= s \"a\") :named a0))(assert (! (= s \"b\") :named a1))",
            &p,
        )
        .unwrap();
        assert!(
            q.contains("(get-unsat-core)") && !q.contains("get-value"),
            "{q}"
        );
        assert_eq!(e.unwrap().core.unwrap().len(), 2);
    }
}
