//! A file judged on a solver, as `equifuzz run` judges it.
//!
//! A file that reads as one labelled case (findings, exports: its model
//! or core in the comments) is judged as that case by [`Judge`], the fuzz
//! loop's harness; an unedited incremental finding file, as the case in
//! the `.postcard` beside it. Any other file is judged check-sat by
//! check-sat, with the declarations and assertions in scope there and the
//! `(set-info :status ...)` before it; an incremental one (assumptions,
//! resets) whole, each check-sat on its own part of the output
//! (`oracle::judge_checks`, the harness's own reader of scripts).

use std::path::{Path, PathBuf};

use std::collections::BTreeSet;

use crate::finding::{Finding, expected_core, files_under, read_claimed_case};
use crate::oracle::{
    Expectation, Expected, Reply, Verdict, judge, judge_checks, not_expressible,
    recheck_unsat_label,
};
use crate::solver::RawOutcome;
use crate::term::{
    CheckSat, Command, Formula, Printer, Queries, SExpr, Script, Symbol, Term, check_sats,
    parse_located,
};
use crate::triage::Judge;
use crate::truth::{Settings, Status};

/// The verdict on one `check-sat`.
#[derive(Clone, Debug)]
pub struct CheckVerdict {
    /// The line of the `check-sat`.
    pub line: usize,
    /// Its column.
    pub column: usize,
    /// What the file said to expect there.
    pub expected: Option<Expected>,
    /// The verdict.
    pub verdict: Verdict,
    /// What else the user should know (why a model was not checked).
    pub note: Option<String>,
    /// A finding's bucket id, where the file was judged as a case (as the
    /// fuzz loop judges it, `execute::Judged::bucket`).
    pub bucket: Option<String>,
}

/// The result of one file.
#[derive(Clone, Debug)]
pub enum FileOutcome {
    /// The file could not be read or parsed; the message starts with
    /// `FILE:LINE:COLUMN:` when there is a position.
    Invalid(String),
    /// The file has no `check-sat`: nothing to judge.
    Empty,
    /// Each `check-sat`, judged.
    Judged(Vec<CheckVerdict>),
}

/// A `check-sat` ready to send: what to expect and the script to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The `check-sat` and its formula.
    pub check: CheckSat,
    /// What its label says.
    pub expected: Option<Expected>,
    /// The script the solver gets.
    pub query: String,
}

/// The `check-sat`s of a file's text, each with its expectation and query.
pub fn prepare(path: &Path, text: &str, printer: &Printer) -> Result<Vec<Prepared>, String> {
    let commands = parse_located(text).map_err(|e| format!("{}:{e}", path.display()))?;
    let checks = check_sats(&commands).map_err(|e| format!("{}:{e}", path.display()))?;
    // The file's own solver settings (a finding's case carries them as
    // set-option lines) go first in every query, as the fuzzer sent them.
    let settings = Settings::from_commands(commands.iter().map(|c| &c.command)).script_lines();
    let single = checks.len() == 1;
    let mut out = Vec::with_capacity(checks.len());
    for check in checks {
        let expected = match check.status.as_deref() {
            Some("sat") => Some(Expected {
                status: Status::Sat,
                core: None,
            }),
            // A core comment describes the file's one formula; with several
            // check-sats it would be held against the wrong ones.
            Some("unsat") => Some(Expected {
                status: Status::Unsat,
                core: if single { expected_core(text) } else { None },
            }),
            Some("unknown") | None => None,
            Some(other) => {
                return Err(format!(
                    "{}:{}:{}: unknown status `{other}` (expected sat, unsat or unknown)",
                    path.display(),
                    check.line,
                    check.column
                ));
            }
        };
        let query = settings.clone()
            + &printer.script(&check.formula.to_script(None, queries(&check, &expected)));
        out.push(Prepared {
            check,
            expected,
            query,
        });
    }
    Ok(out)
}

/// What to ask after `check-sat`: the values for a model check unless the
/// label says unsat, the core when one is expected and every assertion is
/// named.
fn queries(check: &CheckSat, expected: &Option<Expected>) -> Queries {
    let all_named = check.formula.assertions.iter().all(|a| a.name.is_some());
    Queries {
        values: expected.as_ref().is_none_or(|e| e.status == Status::Sat),
        unsat_core: expected.as_ref().is_some_and(|e| e.status == Status::Unsat) && all_named,
        model: false,
    }
}

/// The script that asks for a model of `formula` (to check a label).
fn model_query(formula: &Formula, printer: &Printer) -> String {
    printer.script(&formula.to_script(
        None,
        Queries {
            values: true,
            ..Queries::default()
        },
    ))
}

/// Judges one file on `judge`'s solver.
pub fn run_file(path: &Path, judge: &mut Judge) -> FileOutcome {
    match std::fs::read_to_string(path) {
        Ok(text) => judge_text(path, &text, judge),
        Err(e) => FileOutcome::Invalid(format!("{}: {e}", path.display())),
    }
}

/// Judges a file's `text` (read from `path`, which messages name) as
/// [`run_file`] does. A file that reads as one labelled case (its model
/// or core in the comments, as equifuzz writes findings and exports) is
/// judged as that case, by the fuzz loop's harness ([`Judge`]); any other
/// file check-sat by check-sat.
pub fn judge_text(path: &Path, text: &str, judge: &mut Judge) -> FileOutcome {
    let printer = Printer::new(judge.dialect);
    let prepared = match prepare(path, text, &printer) {
        Ok(p) => p,
        Err(e) => return FileOutcome::Invalid(e),
    };
    if prepared.is_empty() {
        return FileOutcome::Empty;
    }
    if let [only] = prepared.as_slice()
        && let Some(judged) = judge_as_case(text, only, judge)
    {
        return FileOutcome::Judged(vec![judged]);
    }
    if let Some(judged) = judge_as_script(path, text, &prepared, judge) {
        return FileOutcome::Judged(vec![judged]);
    }
    judge_each(text, prepared, &printer, &mut |script| {
        judge.run_script(script)
    })
}

/// A file that is no case, judged check-sat by check-sat (incremental
/// files whole, [`judge_whole`]); `solve` runs a script.
fn judge_each(
    text: &str,
    prepared: Vec<Prepared>,
    printer: &Printer,
    solve: &mut dyn FnMut(&str) -> RawOutcome,
) -> FileOutcome {
    if let Some(judged) = judge_whole(text, &prepared, printer, solve) {
        return FileOutcome::Judged(judged);
    }
    let dialect = printer.dialect;
    let mut solve = |script: &str| Reply::from_outcome_in(&solve(script), dialect);
    let judged = prepared
        .into_iter()
        .map(|p| {
            if let Some(why) = not_expressible(printer.dialect, &p.check.formula, None) {
                return CheckVerdict {
                    line: p.check.line,
                    column: p.check.column,
                    expected: p.expected,
                    verdict: Verdict::NotExpressible(why),
                    note: None,
                    bucket: None,
                };
            }
            let reply = solve(&p.query);
            let verdict = judge(&p.check.formula, p.expected.as_ref(), &reply);
            let (verdict, note) = if matches!(
                verdict,
                Verdict::Unsound {
                    expected: Status::Unsat,
                    ..
                }
            ) {
                let again = solve(&model_query(&p.check.formula, printer));
                recheck_unsat_label(&p.check.formula, verdict, &again)
            } else {
                (verdict, None)
            };
            CheckVerdict {
                line: p.check.line,
                column: p.check.column,
                expected: p.expected,
                verdict,
                note,
                bucket: None,
            }
        })
        .collect();
    FileOutcome::Judged(judged)
}

/// A file that reads as one labelled case, judged as the fuzz loop judges
/// it; `None` for any other file. A core comment that is not claimed
/// minimal (a minimized finding's instantiated constants) is judged on
/// the status alone, as `minimize` and `confirm` judge it.
fn judge_as_case(text: &str, at: &Prepared, judge: &mut Judge) -> Option<CheckVerdict> {
    let (case, claimed) = read_claimed_case(text, "run").ok()?;
    let judged = judge.judge_claiming(&case, claimed);
    Some(CheckVerdict {
        line: at.check.line,
        column: at.check.column,
        expected: at.expected.clone(),
        verdict: judged.verdict,
        note: None,
        bucket: judged.bucket.map(|k| k.id()),
    })
}

/// An incremental finding file whose script is, command for command, the
/// one its case (the `.postcard` beside it) prints: judged as that case,
/// as the fuzz loop judged it, on one line for the check-sat that decided.
/// `None` for any other file, an edited finding among them (its text is
/// judged, check-sat by check-sat).
fn judge_as_script(
    path: &Path,
    text: &str,
    prepared: &[Prepared],
    judge: &mut Judge,
) -> Option<CheckVerdict> {
    let finding = Finding::from_text(path, text.to_string()).ok()?;
    finding.case.incremental.as_ref()?;
    finding.text_is_its_case().then_some(())?;
    let judged = judge.judge_finding(&finding);
    let at = &prepared[judged.failed.map_or(prepared.len() - 1, |f| f.index)];
    Some(CheckVerdict {
        line: at.check.line,
        column: at.check.column,
        expected: at.expected.clone(),
        verdict: judged.verdict,
        note: judged
            .failed
            .map(|f| format!("check-sat {} of {}", f.index + 1, f.of)),
        bucket: judged.bucket.map(|k| k.id()),
    })
}

/// An incremental file (several `check-sat`s, or any of `push`, `pop`,
/// `check-sat-assuming`, `reset-assertions`, `reset`), judged as the solver
/// runs it: the whole script sent once, printed again in the release's
/// dialect with the queries each check needs after it, and each check-sat
/// judged on its own part of the output ([`judge_checks`]). A check's core
/// is the `; expected unsat core:` comment between the check-sat before it
/// and itself (assertion names and assumption literals, as equifuzz writes
/// its incremental findings). `None` for a one-shot file.
fn judge_whole(
    text: &str,
    prepared: &[Prepared],
    printer: &Printer,
    solve: &mut dyn FnMut(&str) -> RawOutcome,
) -> Option<Vec<CheckVerdict>> {
    let commands = parse_located(text).ok()?;
    // Scopes alone are judged check-sat by check-sat, each sent with what
    // is in force there (issue 16's way, which a solver without a warm
    // context answers too); what only a running script has (assumption
    // literals, a reset, or an incremental finding of ours, whose wrong
    // answer may need the history before it) goes whole.
    let incremental = text.contains("; failed: check-sat")
        || commands.iter().any(|c| {
            matches!(
                c.command,
                Command::CheckSatAssuming(_) | Command::ResetAssertions | Command::Reset
            )
        });
    if !incremental {
        return None;
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut from_line = 0;
    let expectations: Vec<Expectation> = prepared
        .iter()
        .map(|p| {
            let at = commands
                .iter()
                .find(|c| (c.line, c.column) == (p.check.line, p.check.column));
            let literals: BTreeSet<Symbol> = match at.map(|c| &c.command) {
                Some(Command::CheckSatAssuming(ts)) => ts
                    .iter()
                    .filter_map(|t| match t {
                        Term::Var(v) => Some(v.clone()),
                        _ => None,
                    })
                    .collect(),
                _ => BTreeSet::new(),
            };
            // Two check-sats on one line: the second has no lines of its own before it.
            let end = (p.check.line - 1).min(lines.len());
            let before = lines[from_line.min(end)..end].join("\n");
            from_line = p.check.line;
            let named = p
                .check
                .formula
                .assertions
                .iter()
                .filter(|a| a.name.is_some())
                .count();
            let all_named = named + literals.len() >= p.check.formula.assertions.len();
            let expected = p.expected.as_ref().map(|e| Expected {
                status: e.status,
                core: (e.status == Status::Unsat && all_named)
                    .then(|| expected_core(&before))
                    .flatten(),
            });
            Expectation {
                formula: p.check.formula.clone(),
                expected,
                literals,
            }
        })
        .collect();
    let judged = |verdicts: Vec<Verdict>| {
        prepared
            .iter()
            .zip(verdicts)
            .map(|(p, verdict)| CheckVerdict {
                line: p.check.line,
                column: p.check.column,
                expected: p.expected.clone(),
                verdict,
                note: None,
                bucket: None,
            })
            .collect()
    };
    // The script goes whole or not at all: one check the release cannot
    // express keeps every check from being sent. Each check says its own
    // reason where it has one, the others the first one found.
    let reasons: Vec<Option<String>> = prepared
        .iter()
        .map(|p| not_expressible(printer.dialect, &p.check.formula, None))
        .collect();
    if let Some(first) = reasons.iter().flatten().next().cloned() {
        let verdicts = reasons
            .into_iter()
            .map(|why| Verdict::NotExpressible(why.unwrap_or_else(|| first.clone())))
            .collect();
        return Some(judged(verdicts));
    }
    let option = |k: &str| Command::SetOption(k.into(), SExpr::Symbol("true".into()));
    let mut script = Vec::new();
    let asks =
        |f: &dyn Fn(&Command) -> bool| expectations.iter().any(|e| e.queries().iter().any(f));
    if asks(&|q| matches!(q, Command::GetValue(_))) {
        script.push(option("produce-models"));
    }
    if asks(&|q| matches!(q, Command::GetUnsatCore)) {
        script.push(option("produce-unsat-cores"));
    }
    if asks(&|q| matches!(q, Command::Query(_))) {
        script.push(option("produce-unsat-assumptions"));
    }
    // What the oracle aligns the output with: every command from
    // `:print-success` on (the file's own is dropped: the options above
    // stay silent, as a campaign's settings lines are).
    let mut sent = vec![Command::print_success()];
    let mut next = expectations.iter();
    for c in &commands {
        match &c.command {
            Command::GetValue(_)
            | Command::GetModel
            | Command::GetUnsatCore
            | Command::Query(_) => {}
            Command::SetOption(key, _) if key == "print-success" => {}
            // Our label, not the solver's business: Z3 checks it and
            // prints a second response, an error, after a check that
            // contradicts it. The fuzz loop does not send it either.
            Command::SetInfo(key, _) if key == "status" => {}
            check @ (Command::CheckSat | Command::CheckSatAssuming(_)) => {
                sent.push(check.clone());
                sent.extend(next.next().map(Expectation::queries).unwrap_or_default());
            }
            other => sent.push(other.clone()),
        }
    }
    script.extend(sent.iter().cloned());
    let query = printer.script(&Script { commands: script });
    let verdicts = match solve(&query) {
        RawOutcome::Finished { stdout, .. } => {
            judge_checks(&expectations, &sent, &stdout, printer.dialect).each
        }
        other => {
            let reply = Reply::from_outcome_in(&other, printer.dialect);
            expectations
                .iter()
                .map(|e| judge(&e.formula, e.expected.as_ref(), &reply))
                .collect()
        }
    };
    Some(judged(verdicts))
}

/// The files named, with folders replaced by the `.smt2` files under them
/// (each file once, symbolic links followed, sorted so that runs are
/// reproducible); a folder that cannot be read is an `Err` naming it.
pub fn expand(paths: &[PathBuf]) -> Vec<Result<PathBuf, String>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let (files, unreadable) = files_under(p);
            out.extend(
                files
                    .into_iter()
                    .filter(|f| f.extension().is_some_and(|x| x == "smt2"))
                    .map(Ok),
            );
            out.extend(
                unreadable
                    .into_iter()
                    .map(|(d, e)| Err(format!("{}: {e}", d.display()))),
            );
        } else {
            out.push(Ok(p.clone()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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
        let q = prepare(
            Path::new("f"),
            "(set-info :status sat)(declare-const s String)(assert (= s \"a\"))(check-sat)",
            &p,
        )
        .unwrap();
        assert!(q[0].query.contains("(get-value (s))"), "{}", q[0].query);
        let q = prepare(
            Path::new("f"),
            "; expected unsat core: (a0 a1)\n(set-info :status unsat)(declare-const s String)(assert (! (= s \"a\") :named a0))(assert (! (= s \"b\") :named a1))(check-sat)",
            &p,
        )
        .unwrap();
        assert!(
            q[0].query.contains("(get-unsat-core)") && !q[0].query.contains("get-value"),
            "{}",
            q[0].query
        );
        assert_eq!(
            q[0].expected.as_ref().unwrap().core.as_ref().unwrap().len(),
            2
        );
    }

    #[test]
    fn a_files_settings_go_first_in_every_query() {
        let q = prepare(
            Path::new("f"),
            "(set-option :smt.relevancy 0)(set-option :produce-models true)\
             (set-info :status sat)(declare-const s String)(assert (= s \"a\"))(check-sat)",
            &Printer::default(),
        )
        .unwrap();
        assert!(
            q[0].query
                .starts_with("(set-option :smt.relevancy 0)\n(set-option :produce-models"),
            "{}",
            q[0].query
        );
        assert_eq!(q[0].query.matches("smt.relevancy").count(), 1);
    }

    #[test]
    fn a_core_comment_is_not_held_against_several_check_sats() {
        let q = prepare(
            Path::new("f"),
            "; expected unsat core: (a0)\n(declare-const s String)(assert (! (= s \"a\") :named a0))\
             (set-info :status sat)(check-sat)(assert (! (= s \"b\") :named a1))(set-info :status unsat)(check-sat)",
            &Printer::default(),
        )
        .unwrap();
        assert_eq!(q.len(), 2);
        assert_eq!(q[1].expected.as_ref().unwrap().core, None);
    }

    #[test]
    fn an_incremental_file_is_sent_whole_and_judged_check_by_check() {
        let text = "(declare-const x Int)(declare-const p Bool)\n\
                    (assert (! (=> p (> x 3)) :named a0))\n(push 1)\n\
                    (assert (! (< x 2) :named a1))\n(set-info :status unsat)\n\
                    ; expected unsat core: (a0 a1 p)\n(check-sat-assuming (p))\n(get-unsat-core)\n\
                    (pop 1)\n(set-info :status sat)\n(check-sat)\n";
        let mut sent = Vec::new();
        let mut solve = |script: &str| {
            sent.push(script.to_string());
            RawOutcome::Finished {
                // print-success, two declarations, a0, push, a1; then
                // the check, its two queries, the pop, the last check.
                stdout: "success\n".repeat(6)
                    + "unsat\n(a0 a1)\n()\nsuccess\nsat\n((x 0) (p false))\n",
                stderr: String::new(),
                exit_code: 0,
                elapsed: Duration::from_millis(1),
            }
        };
        let printer = Printer::default();
        let prepared = prepare(Path::new("f"), text, &printer).unwrap();
        let FileOutcome::Judged(all) = judge_each(text, prepared, &printer, &mut solve) else {
            panic!()
        };
        assert_eq!(sent.len(), 1, "one script, the whole file");
        assert!(
            sent[0].contains(
                "(check-sat-assuming (p))\n(get-unsat-core)\n(get-unsat-assumptions)\n(pop 1)"
            ),
            "{}",
            sent[0]
        );
        assert!(
            sent[0].contains("(check-sat)\n(get-value (x p))"),
            "{}",
            sent[0]
        );
        // Every command answers once; our labels are not the solver's.
        assert!(sent[0].contains("(set-option :print-success true)\n(declare-const x Int)"));
        assert!(!sent[0].contains(":status"), "{}", sent[0]);
        assert_eq!((all[0].line, all[1].line), (7, 11));
        assert_eq!(
            all[0].verdict,
            Verdict::InvalidCore {
                missing: vec!["p".into()]
            }
        );
        assert!(
            matches!(all[1].verdict, Verdict::Correct { .. }),
            "{:?}",
            all[1]
        );
    }
}
