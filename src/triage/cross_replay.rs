//! Cross-replays: a finding's formula replayed with one mechanism taken
//! out, as evidence of what its failure needs (run by `diagnose`, kept in
//! its record: `DIR/diagnose.jsonl`'s `without_names`).
//!
//! Today one mechanism: the assertions' names. An unsat case is sent with
//! every assertion `:named` (the core is read back), and Z3 tracks named
//! assertions with literals of its own; its local search (`smt.sls.enable`)
//! answered `sat` to unsat formulas of every theory a campaign draws — bit-
//! vectors, integers, strings, uninterpreted functions — one bucket each,
//! when the defect is one: it ignores the tracking literals. The same
//! formula without names and without cores, answered right, says so: the
//! failure needs the names. The report's defects join the buckets that
//! share kind, answer, essential settings and this evidence
//! (`report::defects`); a failure that stays without names is evidence of
//! another cause, and is not joined by it.
//!
//! # Invariants
//!
//! - Evidence, never a verdict: a cross-replay changes no bucket, mark or
//!   status.
//! - "Needs the names" is claimed only when the failure was seen with
//!   them (3 replays, 10 when one passes: `triage::replays`) and every one
//!   of the replays without names answers right: at least [`REPLAYS`], and
//!   as many as make a miss at the rate seen with names unlikely; a replay
//!   that fails leaves it unclaimed. One that does not answer (unknown,
//!   timeout, error) is replaced by another, up to twice the replays in
//!   all; too few answers leave it unclaimed.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::finding::Finding;
use crate::triage::replays::{Rate, own_rate};
use crate::triage::{Failure, Judge};
use crate::truth::{Case, Truth};

/// The fewest replays without names (local search is nondeterministic: one
/// right answer is not enough to claim the names are needed); a flaky
/// finding gets as many as its rate with the names asks.
pub const REPLAYS: usize = 3;

/// What a cross-replay found for one finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossReplay {
    /// The finding (a minimized file when there is one).
    pub file: PathBuf,
    /// Without names and cores: `Some(true)` when every replay answered
    /// right (the failure needs the names), `Some(false)` when one failed
    /// the same way, `None` when not tried (no named assertion, an
    /// incremental script, a crash) or not answered.
    pub needs_names: Option<bool>,
    /// What the replays without names said, in words.
    pub said: String,
}

/// `case` without assertion names, judged on its status alone (its core
/// is empty): `None` when no assertion is named or the case is an
/// incremental script (whose checks name their own assumptions).
pub fn without_names(case: &Case) -> Option<Case> {
    if case.incremental.is_some() || case.formula.assertions.iter().all(|a| a.name.is_none()) {
        return None;
    }
    let mut out = case.clone();
    for a in &mut out.formula.assertions {
        a.name = None;
    }
    if let Truth::Unsat { core } = &mut out.truth {
        core.clear();
    }
    Some(out)
}

/// Cross-replays one finding on its own solver (see the module docs);
/// `known` is its rate as triage measured it before (confirm's), which
/// stands in when these replays with names happen to see no failure.
pub fn cross_replay_one(file: &Path, known: Option<Rate>) -> Result<CrossReplay, String> {
    let finding = Finding::read(file)?;
    let untried = |said: &str| CrossReplay {
        file: file.to_path_buf(),
        needs_names: None,
        said: said.to_string(),
    };
    if finding.kind == "crash" {
        return Ok(untried("not tried: a crash"));
    }
    let Some(plain) = without_names(&finding.case) else {
        return Ok(untried(
            "not tried: no named assertion, or an incremental script",
        ));
    };
    let mut judge = Judge::of_finding(&finding)?;
    // The failure must show with the names first: a flaky finding that
    // happens not to fail says nothing about what it needs. Its rate with
    // the names decides how many replays without them make "right every
    // time" unlikely by chance (`Rate::per_release`: a finding that fails
    // 3 times in 10 passes 3 replays a third of the time).
    let with_names = failing_rate(&mut judge, &finding, known);
    if with_names.failed == 0 {
        return Ok(untried(&format!(
            "not claimed: with names it did not fail either ({with_names})"
        )));
    }
    let replays = REPLAYS.max(with_names.per_release());
    let t = replay_tally(&mut judge, &finding.kind, &plain, false, replays);
    let needs_names = if t.right == replays {
        Some(true)
    } else if t.same > 0 {
        Some(false)
    } else {
        None
    };
    let said = format!(
        "with names it failed {with_names}; without names: {}",
        t.words(replays)
    );
    Ok(CrossReplay {
        file: file.to_path_buf(),
        needs_names,
        said,
    })
}

/// One replay without names (or with one mechanism taken out:
/// `triage::fold_replay`).
enum Replay {
    /// It failed the way the finding did.
    Same,
    /// It answered right.
    Right,
    /// Anything else (no answer, another failure), by its kind.
    Other(String),
}

/// The replays without names, counted.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) right: usize,
    pub(crate) same: usize,
    pub(crate) other: Vec<String>,
}

/// How often `finding` fails its own way on `judge`, measured
/// (`own_rate`), or as triage knew it when these replays saw no failure
/// (`Rate::with_known`).
pub(crate) fn failing_rate(judge: &mut Judge, finding: &Finding, known: Option<Rate>) -> Rate {
    own_rate(|| {
        let v = judge.judge_finding(finding).verdict;
        Failure::of(&v).is_some_and(|f| f.kind == finding.kind)
    })
    .with_known(known)
}

/// [`tally`] of `replays` replays of `case` (its core judged only if
/// `claim_core`), each against a finding's failure `kind`.
pub(crate) fn replay_tally(
    judge: &mut Judge,
    kind: &str,
    case: &Case,
    claim_core: bool,
    replays: usize,
) -> Tally {
    tally(replays, || {
        let v = judge.judge_claiming(case, claim_core).verdict;
        match Failure::of(&v) {
            Some(f) if f.kind == kind => Replay::Same,
            _ if v.is_right() => Replay::Right,
            _ => Replay::Other(v.kind().to_string()),
        }
    })
}

impl Tally {
    /// `right r/n, the same failure s/n`, and the other answers if any.
    pub(crate) fn words(&self, replays: usize) -> String {
        let mut words = format!(
            "right {}/{replays}, the same failure {}/{replays}",
            self.right, self.same
        );
        if !self.other.is_empty() {
            words.push_str(&format!(", other: {}", self.other.join(", ")));
        }
        words
    }
}

/// Replays until `replays` of them answered (right or the same failure):
/// one that does not answer (a timeout of a racing local search) tells
/// nothing either way, and another takes its place, up to twice `replays`
/// in all.
fn tally(replays: usize, mut replay: impl FnMut() -> Replay) -> Tally {
    let mut t = Tally {
        right: 0,
        same: 0,
        other: Vec::new(),
    };
    for _ in 0..2 * replays {
        if t.right + t.same == replays {
            break;
        }
        match replay() {
            Replay::Same => t.same += 1,
            Replay::Right => t.right += 1,
            Replay::Other(kind) => t.other.push(kind),
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression (issue 42): a Z3 5.4.1 local-search wrong sat was right
    /// 2 of 3 times without names and timed out once, and so claimed
    /// nothing; the timeout is replaced by another replay now.
    #[test]
    fn a_replay_without_an_answer_is_replaced_and_counts_for_nothing() {
        let mut script = vec![
            Replay::Right,
            Replay::Other("timeout".into()),
            Replay::Right,
            Replay::Right,
        ]
        .into_iter();
        let t = tally(3, || script.next().unwrap());
        assert_eq!(
            t,
            Tally {
                right: 3,
                same: 0,
                other: vec!["timeout".into()]
            }
        );
        // Never more than twice the replays.
        let mut calls = 0;
        let t = tally(3, || {
            calls += 1;
            Replay::Other("unknown".into())
        });
        assert_eq!((t.right, t.same, calls), (0, 0, 6));
        // A failure counts as an answer: it ends nothing early, and is seen.
        let mut script = vec![Replay::Same, Replay::Right, Replay::Right].into_iter();
        let t = tally(3, || script.next().unwrap());
        assert_eq!((t.right, t.same), (2, 1));
    }
}

#[cfg(test)]
mod without_names_tests {
    use super::*;
    use crate::term::{Formula, parse_script};
    use crate::truth::Provenance;

    fn case(text: &str, truth: Truth) -> Case {
        let formula = Formula::from_script(&parse_script(text).unwrap()).unwrap();
        Case::new(formula, truth, Provenance::default())
    }

    #[test]
    fn names_and_the_core_go_and_nothing_else() {
        let core = ["a0", "a1"].map(|s| s.to_string()).into_iter().collect();
        let named = case(
            "(declare-const x Int)(assert (! (> x 1) :named a0))(assert (! (< x 0) :named a1))",
            Truth::Unsat { core },
        );
        let plain = without_names(&named).unwrap();
        assert!(plain.formula.assertions.iter().all(|a| a.name.is_none()));
        assert_eq!(plain.formula.assertions.len(), 2);
        assert_eq!(
            plain
                .formula
                .assertions
                .iter()
                .map(|a| &a.term)
                .collect::<Vec<_>>(),
            named
                .formula
                .assertions
                .iter()
                .map(|a| &a.term)
                .collect::<Vec<_>>()
        );
        assert!(matches!(&plain.truth, Truth::Unsat { core } if core.is_empty()));
        // Nothing named: nothing to take out.
        assert!(without_names(&plain).is_none());
    }
}
