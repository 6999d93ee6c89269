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

use crate::execute::open::{self, OpenSolver, SolverError, SolverSpec};
use crate::oracle::Verdict;
use crate::triage::Judge;
use crate::triage::file::{CheckVerdict, FileOutcome, expand, run_file};

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
    /// Runs per file at most: a file stops at its first run with a finding
    /// (a flaky finding replays so), and that run is printed, else the last.
    pub repeat: usize,
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
    } = open::open(&cfg.solver)?;
    let patience = cfg.timeout.max(open::PREFLIGHT_TIMEOUT);
    open::preflight(&cfg.solver.target, target.as_mut(), patience)?;
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
        cfg.repeat,
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

/// Runs every file under `paths` on `judge`'s solver, each up to `repeat`
/// times until a run has a finding, and prints a line (or, with `jsonl`, a
/// JSON object) per verdict of that run, else of the last, to `out`.
pub fn run(
    paths: &[PathBuf],
    judge: &mut Judge,
    jsonl: bool,
    repeat: usize,
    out: &mut dyn Write,
) -> std::io::Result<RunSummary> {
    let repeat = repeat.max(1);
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
        let mut outcome = run_file(&f, judge);
        let mut runs = 1;
        while runs < repeat && !has_finding(&outcome) {
            outcome = run_file(&f, judge);
            runs += 1;
        }
        let run_of = (repeat > 1).then_some((runs, repeat));
        match outcome {
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
                    print_judged(out, jsonl, &f, single, &j, run_of)?;
                }
            }
        }
    }
    Ok(summary)
}

/// Whether a file's outcome holds a finding.
fn has_finding(outcome: &FileOutcome) -> bool {
    matches!(outcome, FileOutcome::Judged(all) if all.iter().any(|j| j.verdict.is_finding()))
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
    run_of: Option<(usize, usize)>,
) -> std::io::Result<()> {
    if jsonl {
        let mut line = serde_json::json!({
            "file": f,
            "line": j.line,
            "column": j.column,
            "expected": j.expected.as_ref().map(|e| e.status.to_string()),
            "kind": j.verdict.kind(),
            "verdict": j.verdict.to_string(),
            "note": j.note,
            "bucket": j.bucket,
        });
        if let Some((run, of)) = run_of {
            line["run"] = run.into();
            line["runs"] = of.into();
        }
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
    let run = run_of
        .map(|(run, of)| format!(" [run {run} of at most {of}]"))
        .unwrap_or_default();
    writeln!(out, "{place}: {}{exp}{note}{run}", j.verdict)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
