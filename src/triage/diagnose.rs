//! The solver's own diagnosis of a finding (`equifuzz diagnose`, and
//! `triage`'s step after bisecting): the finding replayed on its own
//! solver once per self-check of that solver, the check's options added to
//! the finding's (Z3's `model_validate`, `smt.core.validate`,
//! `smt.seq.validate`, `proof`; cvc5's `check-models`, `check-unsat-cores`,
//! `check-proofs`), and what the solver said under each.
//!
//! Which checks run is data: `assets/settings/self_checks.tsv`, per solver
//! and per failure (a model check for an invalid model, a wrong `sat` and,
//! cheaply, a crash; a core check for an invalid core or a wrong `unsat`; a
//! proof for a wrong `unsat`; the sequence solver's self-validation when
//! the formula has strings or sequences).
//!
//! # Invariants
//!
//! - Evidence, never the oracle: the verdict under a check is recorded (it
//!   is ours, decided by the same [`Judge`]), but no mark, status, bucket or
//!   finding changes because of a check. Z3's `model_validate` prints its
//!   error where the oracle reads the model, so the verdict under it is
//!   often `incomplete`: that is what it is, and it is only shown.
//! - Whether the solver took an option is the solver's to say: an option
//!   it refuses when it is opened (`core.validate` on Z3 5.4.1: "unknown
//!   module 'core'") is recorded as not read by that release, with its
//!   words; nothing else is run for that check.
//! - The solver's words are verbatim: the lines of its answers that are
//!   errors, warnings or aborts, and what it printed on standard error,
//!   the first [`SAID_LINES`] of them, each cut at [`SAID_CHARS`]. A check
//!   *flags* the failure only when, under it, the solver says an error or
//!   an abort that the same replay without any check does not, in the
//!   check's own words (the table's `flag-words`: Z3's model validation
//!   says "invalid model"): a crash that aborts the same way with the check
//!   on was not diagnosed by it, and neither was another abort of a
//!   failure that comes and goes (Z3 5.4.1's local search aborts at one
//!   line of its sequence plugin or another from replay to replay).

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::execute::open::SolverSpec;
use crate::finding::Finding;
use crate::solver::option::Family;
use crate::solver::{RawOutcome, SolverOption, Target, TargetSpec};
use crate::term::Dialect;
use crate::triage::Judge;
use crate::truth::Status;

/// The solver's words kept per replay, at most.
pub const SAID_LINES: usize = 6;

/// Characters kept of each line of the solver's words.
pub const SAID_CHARS: usize = 240;

const TABLE: &str = include_str!("../../assets/settings/self_checks.tsv");

/// One self-check of a solver: a row of `assets/settings/self_checks.tsv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfCheck {
    /// The solver it belongs to.
    pub solver: Family,
    /// Its name in the report (`model_validate`).
    pub name: String,
    /// The options that turn it on, added to the finding's own.
    pub options: Vec<SolverOption>,
    /// The failures it is run for (`invalid-model`, `wrong-sat`, ...).
    pub fits: Vec<String>,
    /// Whether it is run only on formulas with strings or sequences.
    pub strings: bool,
    /// The component a flag of it points at.
    pub points_at: String,
    /// A new error line flags the failure only if it holds one of these
    /// (lowercase).
    pub flag_words: Vec<String>,
    /// What to know about it (a checker the release lacks).
    pub note: String,
}

impl SelfCheck {
    /// Whether `line`, said under this check and not without it, flags the
    /// failure.
    pub fn flags(&self, line: &str) -> bool {
        let l = line.to_lowercase();
        is_error_or_abort(line) && self.flag_words.iter().any(|w| l.contains(w.as_str()))
    }
}

/// The table of self-checks, every row.
pub fn self_checks() -> Vec<SelfCheck> {
    parse_table(TABLE).expect("the compiled-in self-checks table is well formed (tested)")
}

fn parse_table(text: &str) -> Result<Vec<SelfCheck>, String> {
    let mut rows = Vec::new();
    let mut header = true;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if std::mem::take(&mut header) {
            continue;
        }
        let bad = |why: String| format!("self_checks.tsv line {}: {why}", n + 1);
        let [
            solver,
            name,
            options,
            fits,
            strings,
            points_at,
            flag_words,
            note,
        ] = line.split('\t').collect::<Vec<_>>()[..]
        else {
            return Err(bad("expected 8 tab-separated columns".into()));
        };
        let solver = match solver {
            "z3" => Family::Z3,
            "cvc5" => Family::Cvc5,
            other => return Err(bad(format!("unknown solver `{other}`"))),
        };
        let options = options
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<SolverOption>, _>>()
            .map_err(bad)?;
        let fits: Vec<String> = fits.split(',').map(|f| f.trim().to_string()).collect();
        if let Some(f) = fits.iter().find(|f| !FAILURES.contains(&f.as_str())) {
            return Err(bad(format!("unknown failure `{f}`")));
        }
        rows.push(SelfCheck {
            solver,
            name: name.to_string(),
            options,
            fits,
            strings: strings == "yes",
            points_at: points_at.to_string(),
            flag_words: flag_words
                .split(',')
                .map(|w| w.trim().to_lowercase())
                .filter(|w| !w.is_empty())
                .collect(),
            note: note.to_string(),
        });
    }
    Ok(rows)
}

/// The failures the table's `fits` column names.
const FAILURES: [&str; 5] = [
    "invalid-model",
    "wrong-sat",
    "wrong-unsat",
    "invalid-core",
    "crash",
];

/// The failure a finding of `kind` with the expected status `expected`
/// shows, in the table's words.
pub fn failure_of(kind: &str, expected: Status) -> Option<&'static str> {
    Some(match (kind, expected) {
        ("invalid-model", _) => "invalid-model",
        ("invalid-core", _) => "invalid-core",
        ("crash", _) => "crash",
        ("unsound", Status::Unsat) => "wrong-sat",
        ("unsound", Status::Sat) => "wrong-unsat",
        _ => return None,
    })
}

/// The solver family of a target: libz3 and the z3 binary, cvc5, or a
/// `cmd:` program by its name; `None` for one whose checks are unknown.
pub fn family_of(target: &TargetSpec) -> Option<Family> {
    match target {
        TargetSpec::Z3 | TargetSpec::Z3InProcess | TargetSpec::Z3Binary => Some(Family::Z3),
        TargetSpec::Cvc5 => Some(Family::Cvc5),
        TargetSpec::Command { program, .. } => Family::of_program(program),
    }
}

/// The checks worth running on a `failure` of a `family` solver, the
/// formula having strings or sequences or not.
pub fn checks_for(family: Family, failure: &str, strings: bool) -> Vec<SelfCheck> {
    self_checks()
        .into_iter()
        .filter(|c| c.solver == family && c.fits.iter().any(|f| f == failure))
        .filter(|c| strings || !c.strings)
        .collect()
}

/// What one self-check gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckResult {
    /// The check's name.
    pub check: String,
    /// The options it added.
    pub options: Vec<String>,
    /// Whether the solver took them (a refusal is in `said`).
    pub taken: bool,
    /// Our verdict under it, when it ran.
    pub verdict: Option<String>,
    /// Whether that verdict is the finding's failure (its kind) again.
    #[serde(default)]
    pub fails: bool,
    /// The solver's own words under it, verbatim, first lines.
    pub said: Vec<String>,
    /// Whether it said, in its own words, an error or abort the replay
    /// without checks did not.
    pub flags: bool,
    /// Whether it said anything the replay without checks did not.
    #[serde(default)]
    pub new: bool,
    /// The lines that flag it (empty when it does not).
    #[serde(default)]
    pub flagging: Vec<String>,
    /// The component a flag points at.
    pub points_at: String,
    /// What to know about the check (from the table).
    pub note: String,
}

impl CheckResult {
    /// One phrase: what the solver said under the check.
    pub fn phrase(&self) -> String {
        let quoted = |lines: &mut dyn Iterator<Item = &String>| {
            lines
                .take(2)
                .map(|l| format!("`{l}`"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if !self.taken {
            return format!(
                "not read by this release ({})",
                quoted(&mut self.said.iter())
            );
        }
        // Our verdict only where the check changed it: Z3's model
        // validation puts its error where the model is read.
        let verdict = match self.verdict.as_deref() {
            _ if self.fails => "; it still fails".to_string(),
            Some(v) => format!("; our verdict under it: {}", cut(v, 80)),
            None => String::new(),
        };
        if self.flags {
            let words = quoted(&mut self.flagging.iter());
            format!("{words} (flags it: {}){verdict}", self.points_at)
        } else if self.said.is_empty() {
            format!("said nothing{verdict}")
        } else if !self.new {
            format!("nothing beyond the replay without it{verdict}")
        } else {
            format!(
                "{} (not in this check's words: the replays differ){verdict}",
                quoted(&mut self.said.iter())
            )
        }
    }
}

/// The solver's own diagnosis of one finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnosis {
    /// The finding it stands for (records are looked up by its name).
    pub file: PathBuf,
    /// The file replayed: the minimized one, else the finding.
    pub replayed: PathBuf,
    /// The solver, as the judge describes it.
    pub solver: String,
    /// The failure, in the table's words (`invalid-model`).
    pub failure: String,
    /// What the solver said replaying it without any check.
    pub without: Vec<String>,
    /// Our verdict on that replay.
    #[serde(default)]
    pub without_verdict: String,
    /// Whether that replay failed the finding's way (its kind): a flaky
    /// finding may not, and then the checks' replays say less.
    #[serde(default)]
    pub reproduced: bool,
    /// Each check run.
    pub checks: Vec<CheckResult>,
    /// Why no check ran, when none did.
    #[serde(default)]
    pub none_because: String,
}

impl Diagnosis {
    /// `check: what it said; ...`, for the report's lines.
    pub fn summary(&self) -> String {
        let mut text = if self.reproduced {
            String::new()
        } else {
            format!(
                "(without checks it did not fail this time: {}) ",
                cut(&self.without_verdict, 80)
            )
        };
        if self.checks.is_empty() {
            text.push_str(&self.none_because);
            return text;
        }
        text.push_str(
            &self
                .checks
                .iter()
                .map(|c| format!("{}: {}", c.check, c.phrase()))
                .collect::<Vec<_>>()
                .join("; "),
        );
        text
    }

    /// The checks that flag the failure.
    pub fn flagged(&self) -> impl Iterator<Item = &CheckResult> {
        self.checks.iter().filter(|c| c.flags)
    }
}

/// Diagnoses the finding `file`, replaying `replayed` (its minimized file,
/// or itself): once without checks, then once per check that fits.
pub fn diagnose_one(file: &Path, replayed: &Path) -> Result<Diagnosis, String> {
    let finding = Finding::read(replayed)?;
    let spec = SolverSpec::from(&finding.replay);
    let timeout = finding.replay.timeout;
    let failure = failure_of(&finding.kind, finding.case.truth.status())
        .ok_or_else(|| format!("{}: not a failure to diagnose", finding.kind))?;
    let (solver, without, without_verdict, reproduced) = match replay(&spec, timeout, &finding) {
        Replayed::Ran {
            solver,
            outcomes,
            verdict,
            fails,
        } => (solver, own_words(&outcomes), verdict, fails),
        Replayed::Refused(e) => return Err(format!("cannot replay it: {e}")),
    };
    let family = family_of(&spec.target);
    let strings = has_strings(&finding.text);
    let none_because = match family {
        None => format!(
            "none run: equifuzz knows the self-checks of Z3 and cvc5, not of {}",
            spec.target
        ),
        Some(_) => format!("none of this solver's fits a {failure}"),
    };
    let mut checks = Vec::new();
    for check in family.map_or_else(Vec::new, |f| checks_for(f, failure, strings)) {
        let mut with = spec.clone();
        with.options.extend(check.options.iter().cloned());
        let options = check.options.iter().map(|o| o.to_string()).collect();
        let result = match replay(&with, timeout, &finding) {
            Replayed::Refused(e) => CheckResult {
                check: check.name,
                options,
                taken: false,
                verdict: None,
                fails: false,
                said: first_lines(&e),
                flags: false,
                new: false,
                flagging: Vec::new(),
                points_at: check.points_at,
                note: check.note,
            },
            Replayed::Ran {
                verdict,
                outcomes,
                fails,
                ..
            } => {
                let said = own_words(&outcomes);
                let fresh = || said.iter().filter(|l| !without.contains(l));
                let flagging: Vec<String> = fresh().filter(|l| check.flags(l)).cloned().collect();
                let new = fresh().next().is_some();
                CheckResult {
                    check: check.name,
                    options,
                    taken: true,
                    verdict: Some(verdict),
                    fails,
                    flags: !flagging.is_empty(),
                    new,
                    flagging,
                    said,
                    points_at: check.points_at,
                    note: check.note,
                }
            }
        };
        checks.push(result);
    }
    Ok(Diagnosis {
        file: file.to_path_buf(),
        replayed: replayed.to_path_buf(),
        solver,
        failure: failure.to_string(),
        without,
        without_verdict,
        reproduced,
        checks,
        none_because,
    })
}

/// One replay of a finding on `spec`.
enum Replayed {
    /// The solver would not open (an option refused, most often).
    Refused(String),
    /// It ran: our verdict, whether it is the finding's failure again, and
    /// every outcome of the judgement's queries.
    Ran {
        solver: String,
        verdict: String,
        fails: bool,
        outcomes: Vec<RawOutcome>,
    },
}

fn replay(spec: &SolverSpec, timeout: Duration, finding: &Finding) -> Replayed {
    let seen: Rc<RefCell<Vec<RawOutcome>>> = Rc::default();
    let noted = Rc::clone(&seen);
    let judge = Judge::open_wrapped(spec, timeout, move |inner| {
        Box::new(Noting { inner, seen: noted })
    });
    let mut judge = match judge {
        Ok(j) => j,
        Err(e) => return Replayed::Refused(e),
    };
    seen.borrow_mut().clear();
    let judged = judge.judge_finding(finding);
    let outcomes = seen.borrow().clone();
    Replayed::Ran {
        solver: judge.describe,
        verdict: judged.verdict.to_string(),
        fails: judged.verdict.kind() == finding.kind,
        outcomes,
    }
}

/// A target that notes every outcome it returns, standard error included
/// (a judgement keeps only the answers of a solver that finished).
struct Noting {
    inner: Box<dyn Target>,
    seen: Rc<RefCell<Vec<RawOutcome>>>,
}

impl Noting {
    fn noted(&self, o: RawOutcome) -> RawOutcome {
        self.seen.borrow_mut().push(o.clone());
        o
    }
}

impl Target for Noting {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn version(&self) -> String {
        self.inner.version()
    }
    fn dialect(&self) -> Dialect {
        self.inner.dialect()
    }
    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        let o = self.inner.run(script, timeout);
        self.noted(o)
    }
    fn run_within(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        let o = self.inner.run_within(script, soft_ms, timeout);
        self.noted(o)
    }
    fn takes_soft_limit(&self) -> bool {
        self.inner.takes_soft_limit()
    }
    fn run_fresh(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> Option<RawOutcome> {
        let o = self.inner.run_fresh(script, soft_ms, timeout)?;
        Some(self.noted(o))
    }
    fn statistics(&self) -> &str {
        self.inner.statistics()
    }
    fn refuses_reset_assertions(&self) -> Option<String> {
        self.inner.refuses_reset_assertions()
    }
}

/// Whether a finding's formula has strings or sequences.
fn has_strings(text: &str) -> bool {
    text.lines()
        .filter(|l| !l.trim_start().starts_with(';'))
        .any(|l| {
            ["String", "(Seq ", "str.", "seq.", "re."]
                .iter()
                .any(|w| l.contains(w))
        })
}

/// The solver's own words in what it printed: the lines of its answers
/// that are errors, warnings or aborts, then how it died and what it wrote
/// on standard error, in order, without repeats, the first
/// [`SAID_LINES`], each cut at [`SAID_CHARS`].
pub fn own_words(outcomes: &[RawOutcome]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut push = |l: &str| {
        let l = cut(l.trim(), SAID_CHARS);
        if !l.is_empty() && !words.contains(&l) && words.len() < SAID_LINES {
            words.push(l);
        }
    };
    for o in outcomes {
        for l in o.stdout().lines().filter(|l| is_diagnostic(l)) {
            push(l);
        }
        let (how, stderr) = match o {
            RawOutcome::Finished { stderr, .. } | RawOutcome::Timeout { stderr, .. } => {
                (None, stderr.as_str())
            }
            RawOutcome::Crashed {
                description,
                stderr,
                ..
            } => (Some(description.clone()), stderr.as_str()),
            RawOutcome::OutOfMemory { stderr, .. } => (Some(o.to_string()), stderr.as_str()),
            RawOutcome::NotRun { reason, .. } => (Some(format!("not run: {reason}")), ""),
        };
        if let Some(how) = how {
            push(&how);
        }
        for l in stderr.lines().filter(|l| !is_noise(l)) {
            push(l);
        }
    }
    words
}

/// The lines of cvc5's warning on a script without `set-logic`, which it
/// prints on every replay of our scripts: no word of a check's.
const NOISE: [&str; 4] = [
    "No set-logic command was given",
    "will make all theories available",
    "Consider setting a stricter logic",
    "To suppress this warning in the future use (set-logic",
];

fn is_noise(line: &str) -> bool {
    NOISE.iter().any(|n| line.contains(n))
}

/// Whether a line of a solver's answers is a diagnostic: an error, a
/// warning, an abort or a failed self-check, not an answer or a model.
fn is_diagnostic(line: &str) -> bool {
    let l = line.to_lowercase();
    l.trim_start().starts_with("(error") || is_error_or_abort(line) || l.contains("warning")
}

/// Whether a line says something went wrong (an error, an abort, a check
/// that failed), as opposed to a warning.
pub fn is_error_or_abort(line: &str) -> bool {
    let l = line.to_lowercase();
    if l.contains("warning") {
        return false;
    }
    [
        "(error",
        "error:",
        "invalid model",
        "assertion violation",
        "assertion failure",
        "failed",
        "failure",
        "incorrect",
        "unexpected code",
        "not implemented",
        "unreachable",
        "exception",
        "killed by",
        "exit(",
        "out of memory",
    ]
    .iter()
    .any(|w| l.contains(w))
}

fn first_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| cut(l.trim(), SAID_CHARS))
        .filter(|l| !l.is_empty())
        .take(SAID_LINES)
        .collect()
}

fn cut(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished(stdout: &str, stderr: &str) -> RawOutcome {
        RawOutcome::Finished {
            stdout: stdout.into(),
            stderr: stderr.into(),
            exit_code: 0,
            elapsed: Duration::from_millis(1),
        }
    }

    #[test]
    fn the_table_reads_and_every_failure_has_a_check_on_both_solvers() {
        let rows = self_checks();
        assert_eq!(rows.len(), 7, "{rows:?}");
        for family in [Family::Z3, Family::Cvc5] {
            for failure in FAILURES {
                assert!(
                    !checks_for(family, failure, false).is_empty(),
                    "{family:?} {failure}"
                );
            }
        }
        // The sequence solver's validation only where there are strings.
        let names = |s| -> Vec<String> {
            checks_for(Family::Z3, "invalid-model", s)
                .into_iter()
                .map(|c| c.name)
                .collect()
        };
        assert_eq!(names(false), ["model_validate"]);
        assert_eq!(names(true), ["model_validate", "smt.seq.validate"]);
        let proofs = checks_for(Family::Cvc5, "wrong-unsat", false);
        let opts: Vec<String> = proofs
            .iter()
            .flat_map(|c| c.options.iter().map(|o| o.to_string()))
            .collect();
        assert!(
            opts.contains(&"produce-proofs=true".to_string()),
            "{opts:?}"
        );
        assert!(parse_table("h\nz3\tx\tmodel_validate=true\tnope\tno\tp\tw\t\n").is_err());
        assert!(parse_table("h\nz3\tx\tmodel_validate\tcrash\tno\tp\tw\t\n").is_err());
        assert!(parse_table("h\nz3\tx\tmodel_validate=true\tcrash\tno\tp\t\n").is_err());
    }

    #[test]
    fn a_check_flags_only_in_its_own_words() {
        let check = |name: &str| self_checks().into_iter().find(|c| c.name == name).unwrap();
        let invalid = "(error \"line 8 column 27: an invalid model was generated\")";
        let sls = "NOT IMPLEMENTED YET!";
        assert!(check("model_validate").flags(invalid));
        assert!(!check("model_validate").flags(sls));
        // Z3 5.4.1's local search aborting elsewhere under
        // smt.seq.validate (c17de95b) is no word of the sequence solver's
        // validation.
        assert!(!check("smt.seq.validate").flags(sls));
        assert!(!check("smt.seq.validate").flags(invalid));
        assert!(!check("check-models").flags("WARNING: model checking is slow"));
        assert!(check("check-proofs").flags("(error \"proof checking failed\")"));
    }

    #[test]
    fn failures_are_named_by_kind_and_expected_status() {
        assert_eq!(failure_of("unsound", Status::Unsat), Some("wrong-sat"));
        assert_eq!(failure_of("unsound", Status::Sat), Some("wrong-unsat"));
        assert_eq!(
            failure_of("invalid-model", Status::Sat),
            Some("invalid-model")
        );
        assert_eq!(failure_of("timeout", Status::Sat), None);
        let cmd = |p: &str| TargetSpec::Command {
            program: p.into(),
            args: vec![],
        };
        assert_eq!(family_of(&cmd("/opt/z3/bin/z3")), Some(Family::Z3));
        assert_eq!(family_of(&cmd("yices-smt2")), None);
    }

    #[test]
    fn z3s_invalid_model_error_is_its_word_and_the_model_is_not() {
        // What Z3 5.4.1 printed with model_validate=true on finding 6636317
        // (docs/measured/triage.md).
        let out = "success\nsuccess\nsat\n(error \"line 8 column 23: an invalid model was \
                   generated\")\n((p true)\n (s (seq.unit ((as const (Array Int Int)) 2))))\n";
        let words = own_words(&[finished(out, "")]);
        assert_eq!(
            words,
            ["(error \"line 8 column 23: an invalid model was generated\")"]
        );
        assert!(is_error_or_abort(&words[0]));
        // A warning is a word but no flag.
        let w = own_words(&[finished("sat\n", "WARNING: proof disabled\n")]);
        assert_eq!(w, ["WARNING: proof disabled"]);
        assert!(!is_error_or_abort(&w[0]));
    }

    #[test]
    fn an_abort_keeps_its_site_lines_and_repeats_are_said_once() {
        let crash = RawOutcome::Crashed {
            cause: crate::solver::CrashCause::Signal(6),
            description: "killed by SIGABRT".into(),
            partial_stdout: "success\n".into(),
            stderr: "ASSERTION VIOLATION\nFile: src/ast/sls/sls_seq_plugin.cpp\nLine: 508\n\
                     NOT IMPLEMENTED YET!\n5.4.1.0\nPlease file an issue with this message\n"
                .into(),
            elapsed: Duration::from_millis(3),
        };
        let words = own_words(&[crash.clone(), crash]);
        assert_eq!(words.len(), SAID_LINES);
        assert_eq!(words[0], "killed by SIGABRT");
        assert!(words.contains(&"Line: 508".to_string()), "{words:?}");
        // cvc5's set-logic warning is on every replay: left out.
        let cvc5 = "<stdin>:1.7: No set-logic command was given before this point.\n\
                    <stdin>:1.7: cvc5 will make all theories available.\n\
                    <stdin>:1.7: Consider setting a stricter logic for (likely) better performance.\n\
                    <stdin>:1.7: To suppress this warning in the future use (set-logic ALL).\n";
        assert!(own_words(&[finished("unsat\n", cvc5)]).is_empty());
        let long = "x".repeat(SAID_CHARS + 10);
        let w = own_words(&[finished("", &long)]);
        assert_eq!(w[0].chars().count(), SAID_CHARS + 1);
    }

    #[test]
    fn a_phrase_says_whether_the_check_flags_and_what_it_points_at() {
        let mut r = CheckResult {
            check: "model_validate".into(),
            options: vec!["model_validate=true".into()],
            taken: true,
            verdict: Some("incomplete: no values".into()),
            fails: false,
            said: vec!["(error \"an invalid model was generated\")".into()],
            flags: true,
            new: true,
            flagging: vec!["(error \"an invalid model was generated\")".into()],
            points_at: "model construction".into(),
            note: String::new(),
        };
        let p = r.phrase();
        assert!(p.contains("flags it: model construction"), "{p}");
        assert!(p.contains("our verdict under it: incomplete"), "{p}");
        r.flags = false;
        assert!(r.phrase().contains("the replays differ"), "{}", r.phrase());
        r.new = false;
        assert!(r.phrase().starts_with("nothing beyond"), "{}", r.phrase());
        r.fails = true;
        assert!(r.phrase().ends_with("; it still fails"), "{}", r.phrase());
        r.taken = false;
        assert!(r.phrase().starts_with("not read by this release"));
        assert!(has_strings("(declare-const s String)\n"));
        assert!(!has_strings("; got: str.len\n(declare-const x Int)\n"));
    }
}
