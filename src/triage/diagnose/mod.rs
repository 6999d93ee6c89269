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

mod checks;
mod words;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::execute::open::SolverSpec;
use crate::finding::Finding;
use crate::solver::{RawOutcome, Target};
use crate::term::Dialect;
use crate::triage::Judge;
use crate::triage::cross_replay::{CrossReplay, cross_replay_one};
use crate::triage::fold_replay::{FoldReplay, fold_replay_one};
use crate::triage::replays::Rate;

pub use checks::{SelfCheck, checks_for, failure_of, family_of, self_checks};
pub use words::{SAID_CHARS, SAID_LINES, is_error_or_abort, own_words};
use words::{cut, first_lines};

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
    /// The lines the replay without checks did not say.
    #[serde(default)]
    pub fresh: Vec<String>,
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
                quoted(&mut self.fresh.iter())
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
    /// The finding replayed without assertion names (`None`: not run, or
    /// written before it was): evidence of the mechanism its failure
    /// needs, see [`crate::triage::cross_replay`].
    #[serde(default)]
    pub without_names: Option<CrossReplay>,
    /// The finding replayed with one operator's ground terms folded to
    /// their values, operator by operator (`None`: not run, or written
    /// before it was): see [`crate::triage::fold_replay`].
    #[serde(default)]
    pub folded: Option<FoldReplay>,
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
        } else {
            text.push_str(
                &self
                    .checks
                    .iter()
                    .map(|c| format!("{}: {}", c.check, c.phrase()))
                    .collect::<Vec<_>>()
                    .join("; "),
            );
        }
        if let Some(c) = self
            .without_names
            .as_ref()
            .filter(|c| c.needs_names.is_some())
        {
            text.push_str(&format!("; replayed {}", c.said));
        }
        if let Some(f) = self.folded.as_ref().filter(|f| f.culprit.is_some()) {
            text.push_str(&format!(
                "; ground terms folded to their values: {}",
                f.said
            ));
        }
        text
    }

    /// The checks that flag the failure.
    pub fn flagged(&self) -> impl Iterator<Item = &CheckResult> {
        self.checks.iter().filter(|c| c.flags)
    }
}

/// Diagnoses the finding `file`, replaying `replayed` (its minimized file,
/// or itself): once without checks, then once per check that fits. `known`
/// is the finding's rate as confirm measured it, for the cross-replays of
/// a flaky finding (`Rate::with_known`).
pub fn diagnose_one(
    file: &Path,
    replayed: &Path,
    known: Option<Rate>,
) -> Result<Diagnosis, String> {
    let finding = Finding::read(replayed)?;
    let spec = SolverSpec::from(&finding.replay);
    let timeout = finding.replay.timeout;
    let failure = failure_of(&finding.kind, finding.case.truth.status())
        .ok_or_else(|| format!("{}: not a failure to diagnose", finding.kind))?;
    // A finding confirm saw fail once in ten misses five replays more than
    // half the time: it gets as many as its known rate asks.
    let tries = known.map_or(TRIES, |k| k.per_release());
    let (solver, without, without_verdict, reproduced) =
        match replay_failing(&spec, timeout, &finding, tries) {
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
        let result = match replay_failing(&with, timeout, &finding, tries) {
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
                fresh: Vec::new(),
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
                let fresh: Vec<String> = fresh().cloned().collect();
                let new = !fresh.is_empty();
                CheckResult {
                    check: check.name,
                    options,
                    taken: true,
                    verdict: Some(verdict),
                    fails,
                    flags: !flagging.is_empty(),
                    new,
                    flagging,
                    fresh,
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
        without_names: cross_replay_one(replayed, known).ok(),
        folded: fold_replay_one(replayed, known).ok(),
    })
}

/// Replays of a finding before a check is said to have seen no failure:
/// a flaky finding (Z3's local search fails 2 times in 10) says nothing
/// under a check on a replay where it did not fail.
const TRIES: usize = 5;

/// Replays `finding` on `spec` up to `tries` times (at least [`TRIES`]),
/// until one fails the finding's way: that replay, else the last.
fn replay_failing(
    spec: &SolverSpec,
    timeout: Duration,
    finding: &Finding,
    tries: usize,
) -> Replayed {
    let mut last = replay(spec, timeout, finding);
    for _ in 1..tries.max(TRIES) {
        match &last {
            Replayed::Ran { fails: false, .. } => last = replay(spec, timeout, finding),
            _ => break,
        }
    }
    last
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

#[cfg(test)]
mod tests {
    use super::*;

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
            fresh: vec!["(error \"an invalid model was generated\")".into()],
            points_at: "model construction".into(),
            note: String::new(),
        };
        let p = r.phrase();
        assert!(p.contains("flags it: model construction"), "{p}");
        assert!(p.contains("our verdict under it: incomplete"), "{p}");
        r.flags = false;
        r.said.insert(0, "ASSERTION VIOLATION".into());
        let p = r.phrase();
        assert!(p.contains("the replays differ"), "{p}");
        // The new words are quoted, not those the replay without it said.
        assert!(!p.contains("ASSERTION"), "{p}");
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
