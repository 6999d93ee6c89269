//! `equifuzz run`: judge SMT-LIB files on a solver.
//!
//! Every `check-sat` of a file is judged on its own, with the declarations
//! and assertions in scope there ([`crate::term::check_sats`]) and the
//! `(set-info :status ...)` that precedes it. A one-shot file is sent as a
//! script of its own; an incremental one (several `check-sat`s, scopes,
//! assumptions, resets) is sent whole, as the solver would run the file,
//! and each `check-sat` is judged on its part of the output, against the
//! `; expected unsat core:` comment before it when it has one (as
//! equifuzz's incremental findings do). A file with one `check-sat` prints `FILE: verdict`;
//! with several, one `FILE:LINE:COLUMN: verdict` line per `check-sat`. An expected
//! unsat core comes from a `; expected unsat core: (a0 a1)` comment (as
//! equifuzz writes in its findings) and applies to a file with a single
//! `check-sat` only. Without a status, the answer is printed and a model is
//! still checked against our semantics.
//!
//! The file is printed again for the solver in its release's dialect
//! (literal escapes, operator names), and its answers are read in it. A
//! `check-sat` the release cannot express (an operator it lacks, a character
//! above its alphabet, in the formula or in the model a `; model:` comment
//! carries) is not sent: it prints `not expressible: why` and is not judged.
//!
//! An `unsat` label answered `sat` is asked again for the model: if the
//! model satisfies the formula, the label is what is wrong
//! ([`Verdict::LabelContradicted`]).
//!
//! # Exit codes
//!
//! - 1: at least one finding (unsound, invalid model, invalid core, crash),
//!   whatever else happened.
//! - 2: no finding, but a file could not be read or parsed, a label is
//!   unknown or contradicted, or nothing at all was judged (no file, no
//!   `check-sat`, or the solver never gave an answer).
//! - 0: everything was judged and nothing was found.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::commands::solver::{self, OpenSolver, SolverError, SolverSpec};
use std::collections::BTreeSet;

use crate::finding::{Finding, INSTANTIATED_CORE, expected_core, files_under, read_case};
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
    let claimed = !text.contains(INSTANTIATED_CORE);
    let labelled = text.replace(INSTANTIATED_CORE, "; expected unsat core:");
    let case = read_case(&labelled, "run").ok()?;
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

/// What a whole `run` saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    /// Files (and unreadable folders) named or found.
    pub files: usize,
    /// `check-sat`s the solver answered (anything but an error).
    pub judged: usize,
    /// Findings.
    pub findings: usize,
    /// Bad input: unreadable or malformed files, unknown or contradicted
    /// labels.
    pub bad: usize,
    /// `check-sat`s not sent: the solver's release cannot express them.
    pub not_expressible: usize,
}

impl RunSummary {
    /// The exit code of the scheme in the module docs.
    pub fn exit_code(&self) -> u8 {
        if self.findings > 0 {
            1
        } else if self.bad > 0 || self.judged == 0 {
            2
        } else {
            0
        }
    }
}

/// What `equifuzz run` is asked to do.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The files, or folders to search for `.smt2` files.
    pub files: Vec<PathBuf>,
    /// The solver.
    pub solver: SolverSpec,
    /// The time limit per query.
    pub timeout: Duration,
    /// One JSON object per verdict instead of text.
    pub jsonl: bool,
}

/// Why `run` could not start or go on.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The solver cannot be opened or does not answer the trivial query.
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// Standard output could not be written.
    #[error("cannot write the verdicts: {0}")]
    Io(#[from] std::io::Error),
}

/// `equifuzz run`: opens the solver (the same resolver as `fuzz`), checks
/// that it answers at all before any file is blamed on it, judges every
/// file to standard output and says on standard error what was judged.
pub fn execute(cfg: &RunConfig) -> Result<RunSummary, RunError> {
    let OpenSolver {
        mut target,
        dialect,
        ..
    } = solver::open(&cfg.solver)?;
    let patience = cfg.timeout.max(solver::PREFLIGHT_TIMEOUT);
    solver::preflight(&cfg.solver.target, target.as_mut(), patience)?;
    eprintln!(
        "solver: {} ({}), dialect {dialect}",
        target.name(),
        target.version()
    );
    let mut judge = Judge::new(target, dialect, cfg.timeout);
    let summary = run(
        &cfg.files,
        &mut judge,
        cfg.jsonl,
        &mut std::io::stdout().lock(),
    )?;
    eprintln!(
        "{} files: {} check-sats judged, {} findings, {} bad inputs, {} not expressible in {dialect}",
        summary.files, summary.judged, summary.findings, summary.bad, summary.not_expressible
    );
    if summary.judged == 0 {
        eprintln!(
            "nothing judged: no .smt2 file, no check-sat, no answer from the solver, or nothing \
             its release can express"
        );
    }
    Ok(summary)
}

/// Runs every file under `paths` on `judge`'s solver and prints a line
/// (or, with `jsonl`, a JSON object) per verdict to `out`.
pub fn run(
    paths: &[PathBuf],
    judge: &mut Judge,
    jsonl: bool,
    out: &mut dyn Write,
) -> std::io::Result<RunSummary> {
    let mut summary = RunSummary::default();
    for entry in expand(paths) {
        summary.files += 1;
        let f = match entry {
            Ok(f) => f,
            Err(msg) => {
                summary.bad += 1;
                print_invalid(out, jsonl, None, &msg)?;
                continue;
            }
        };
        match run_file(&f, judge) {
            FileOutcome::Invalid(msg) => {
                summary.bad += 1;
                print_invalid(out, jsonl, Some(&f), &msg)?;
            }
            FileOutcome::Empty => {
                let msg = "nothing to judge: no check-sat";
                if jsonl {
                    let line = serde_json::json!({"file": f, "kind": "empty", "verdict": msg});
                    writeln!(out, "{line}")?;
                } else {
                    writeln!(out, "{}: {msg}", f.display())?;
                }
            }
            FileOutcome::Judged(all) => {
                let single = all.len() == 1;
                for j in all {
                    summary.findings += usize::from(j.verdict.is_finding());
                    summary.judged += usize::from(!matches!(
                        j.verdict,
                        Verdict::Error(_) | Verdict::NotExpressible(_)
                    ));
                    summary.not_expressible +=
                        usize::from(matches!(j.verdict, Verdict::NotExpressible(_)));
                    summary.bad +=
                        usize::from(matches!(j.verdict, Verdict::LabelContradicted { .. }));
                    print_judged(out, jsonl, &f, single, &j)?;
                }
            }
        }
    }
    Ok(summary)
}

fn print_invalid(
    out: &mut dyn Write,
    jsonl: bool,
    file: Option<&Path>,
    msg: &str,
) -> std::io::Result<()> {
    if jsonl {
        let line = serde_json::json!({"file": file, "kind": "invalid", "verdict": msg});
        writeln!(out, "{line}")
    } else {
        writeln!(out, "{msg}")
    }
}

fn print_judged(
    out: &mut dyn Write,
    jsonl: bool,
    f: &Path,
    single: bool,
    j: &CheckVerdict,
) -> std::io::Result<()> {
    if jsonl {
        let line = serde_json::json!({
            "file": f,
            "line": j.line,
            "column": j.column,
            "expected": j.expected.as_ref().map(|e| e.status.to_string()),
            "kind": j.verdict.kind(),
            "verdict": j.verdict.to_string(),
            "note": j.note,
            "bucket": j.bucket,
        });
        return writeln!(out, "{line}");
    }
    let place = if single {
        f.display().to_string()
    } else {
        format!("{}:{}:{}", f.display(), j.line, j.column)
    };
    let exp = j
        .expected
        .as_ref()
        .map(|e| format!(" (expected {})", e.status))
        .unwrap_or_default();
    let note = j
        .note
        .as_ref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    writeln!(out, "{place}: {}{exp}{note}", j.verdict)
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
    fn the_exit_code_puts_findings_first_and_nothing_judged_with_bad_input() {
        let s = |judged, findings, bad| RunSummary {
            files: 1,
            judged,
            findings,
            bad,
            not_expressible: 0,
        };
        assert_eq!(s(1, 1, 1).exit_code(), 1);
        assert_eq!(s(1, 0, 1).exit_code(), 2);
        assert_eq!(s(0, 0, 0).exit_code(), 2);
        assert_eq!(s(3, 0, 0).exit_code(), 0);
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
