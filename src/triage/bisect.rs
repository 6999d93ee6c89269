//! Which Z3 releases fail on a finding (`equifuzz bisect`, and `triage`'s
//! third step).
//!
//! The finding is judged on releases of the range from the cache of
//! `scripts/install-solvers.sh`, each with its own dialect and the
//! finding's options and timeout, as `run` would judge it. A release that
//! cannot express the formula, cannot take an option or cannot be loaded
//! is said so and counts as neither good nor bad.
//!
//! By halving: the oldest and the newest release are judged; if exactly
//! one of them fails, a binary search over the releases between finds the
//! two neighbours where the failure starts or stops (log₂ of the range's
//! length judgments instead of all of them). It assumes one change of
//! behaviour in the range; `--every` judges every release instead, for a
//! bug that comes and goes, and so does a range whose two ends both fail or
//! both do not (nothing to halve). Releases not judged are `untested`.
//!
//! The summary names the first and last release that fail the same way
//! (kind and answer; for a crash, at a site in the same source file with
//! the same kind of abort: `Failure::across_releases`), the last good release before the first bad, the
//! first good release after the last bad, and whether the newest fails.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::execute::open::SolverSpec;
use crate::finding::Finding;
use crate::oracle::Verdict;
use crate::solver::TargetSpec;
use crate::triage::releases::Release;
use crate::triage::{Failure, Judge};

/// What one release did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The same failure.
    Bad,
    /// The right answer.
    Good,
    /// Something else (another failure, unknown, timeout, not expressible,
    /// cannot be loaded).
    Other,
    /// Not judged: halving skipped it.
    Untested,
}

/// The bisection of one finding.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Bisection {
    /// The finding.
    pub file: PathBuf,
    /// Each release, its outcome and verdict.
    pub releases: Vec<(String, Outcome, String)>,
}

impl Bisection {
    fn find(&self, o: Outcome) -> impl Iterator<Item = usize> + '_ {
        (0..self.releases.len()).filter(move |&i| self.releases[i].1 == o)
    }

    /// One line: the range that fails and whether the newest still does.
    pub fn summary(&self) -> String {
        let v = |i: usize| self.releases[i].0.clone();
        let Some(first_bad) = self.find(Outcome::Bad).next() else {
            return "no release of the range fails this way".into();
        };
        let last_bad = self.find(Outcome::Bad).last().unwrap_or(first_bad);
        let mut parts = vec![if first_bad == last_bad {
            format!("fails on {}", v(first_bad))
        } else {
            format!("fails on {} .. {}", v(first_bad), v(last_bad))
        }];
        if let Some(g) = self.find(Outcome::Good).filter(|&g| g < first_bad).last() {
            parts.push(format!("last good before: {}", v(g)));
        } else {
            parts.push("no good release before".into());
        }
        if let Some(g) = self.find(Outcome::Good).find(|&g| g > last_bad) {
            parts.push(format!("first good after: {}", v(g)));
        }
        let newest = self.releases.len() - 1;
        parts.push(match self.releases[newest].1 {
            Outcome::Bad => format!("newest ({}) still fails", v(newest)),
            Outcome::Good => format!("newest ({}) is right", v(newest)),
            Outcome::Other => format!("newest ({}): {}", v(newest), self.releases[newest].2),
            Outcome::Untested => format!("newest ({}) not judged", v(newest)),
        });
        let judged = self
            .releases
            .iter()
            .filter(|r| r.1 != Outcome::Untested)
            .count();
        if judged < self.releases.len() {
            parts.push(format!(
                "{judged} of {} releases judged (halving)",
                self.releases.len()
            ));
        }
        parts.join("; ")
    }
}

/// Bisects one finding over `releases`.
pub fn bisect_one(file: &Path, releases: &[Release], every: bool) -> Result<Bisection, String> {
    let finding = Finding::read(file)?;
    if !finding.replay.target.is_library() {
        return Err(format!(
            "{}: found on `{}`; bisect runs Z3 releases (libz3) only",
            file.display(),
            finding.replay.target
        ));
    }
    let mut spec = SolverSpec::from(&finding.replay);
    // Each release reads its own dialect.
    spec.dialect = None;
    spec.target = TargetSpec::Z3;
    let want = {
        let mut j = Judge::open(&spec, finding.replay.timeout)?;
        Failure::of(&j.judge_finding(&finding).verdict).ok_or_else(|| {
            format!(
                "{}: does not fail on its own solver any more",
                file.display()
            )
        })?
    };
    let judge = |r: &Release| -> (Outcome, String) {
        let mut spec = spec.clone();
        spec.solver_lib = Some(r.library.clone());
        let (outcome, verdict) = match Judge::open(&spec, finding.replay.timeout) {
            Ok(mut j) => {
                let v = j.judge_finding(&finding).verdict;
                let o = if Failure::of(&v).is_some_and(|f| want.across_releases(&f)) {
                    Outcome::Bad
                } else if matches!(v, Verdict::Correct { .. } | Verdict::ImpreciseCore { .. }) {
                    Outcome::Good
                } else {
                    Outcome::Other
                };
                (o, v.to_string())
            }
            Err(e) => (Outcome::Other, format!("cannot use: {e}")),
        };
        eprintln!("  {}: {outcome:?}: {}", r.version, first_line(&verdict));
        (outcome, first_line(&verdict))
    };
    let mut out: Vec<(String, Outcome, String)> = releases
        .iter()
        .map(|r| (r.version.clone(), Outcome::Untested, String::new()))
        .collect();
    let judge_at = |i: usize, out: &mut Vec<(String, Outcome, String)>| {
        if out[i].1 == Outcome::Untested {
            let (o, v) = judge(&releases[i]);
            out[i].1 = o;
            out[i].2 = v;
        }
        out[i].1 == Outcome::Bad
    };
    let n = releases.len();
    let ends = n >= 2 && !every && {
        let first = judge_at(0, &mut out);
        let last = judge_at(n - 1, &mut out);
        first != last
    };
    if ends {
        // Invariant: `lo` and `hi` differ in failing; the change lies between.
        let (mut lo, mut hi) = (0, n - 1);
        let lo_bad = out[0].1 == Outcome::Bad;
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if judge_at(mid, &mut out) == lo_bad {
                lo = mid;
            } else {
                hi = mid;
            }
        }
    } else {
        for i in 0..n {
            judge_at(i, &mut out);
        }
    }
    Ok(Bisection {
        file: file.to_path_buf(),
        releases: out,
    })
}

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("");
    line.chars().take(160).collect()
}
