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
//! A finding that does not fail every time on its own solver is judged by
//! the k-of-n rule of [`crate::triage::replays`]: its rate there decides
//! how many replays each release gets, a release is bad when one of them
//! fails the same way and good when none does and all are right, and the
//! counts are said (`fails on 5.1.0 (2/6) .. 5.4.1 (4/6)`).
//!
//! Each release is judged in a forked child ([`forked`]): Z3 releases
//! loaded into one process bind part of each other's code.
//!
//! The summary names the first and last release that fail the same way
//! (kind and answer; for a crash, at a site in the same source file with
//! the same kind of abort: `Failure::across_releases`), the last good release before the first bad, the
//! first good release after the last bad, and whether the newest fails.

use crate::triage::say::say;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::execute::open::SolverSpec;
use crate::finding::Finding;
use crate::solver::TargetSpec;
use crate::triage::forked;
use crate::triage::releases::Release;
use crate::triage::replays::{Rate, own_rate};
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
    /// How often the finding failed the same way on its own solver
    /// (empty in bisections written before replays were counted).
    #[serde(default)]
    pub own: Rate,
    /// Per release (as `releases`), its replays that failed the same way
    /// (`of` 0: not judged, or written before replays were counted).
    #[serde(default)]
    pub replays: Vec<Rate>,
}

impl Bisection {
    fn find(&self, o: Outcome) -> impl Iterator<Item = usize> + '_ {
        (0..self.releases.len()).filter(move |&i| self.releases[i].1 == o)
    }

    /// Whether the finding failed only some of the time on its own solver.
    fn flaky(&self) -> bool {
        self.own.of > 0 && !self.own.always()
    }

    /// One line: the range that fails and whether the newest still does.
    pub fn summary(&self) -> String {
        let v = |i: usize| {
            let name = self.releases[i].0.clone();
            match self.replays.get(i) {
                Some(r) if self.flaky() && r.of > 0 => format!("{name} ({r})"),
                _ => name,
            }
        };
        let Some(first_bad) = self.find(Outcome::Bad).next() else {
            return "no release of the range fails this way".into();
        };
        let own = self.flaky().then(|| {
            format!(
                "flaky: fails {} on its own solver, each release replayed up to {} times \
                 (bad: one replay fails the same way)",
                self.own,
                self.own.per_release()
            )
        });
        let last_bad = self.find(Outcome::Bad).last().unwrap_or(first_bad);
        let mut parts: Vec<String> = own.into_iter().collect();
        parts.push(if first_bad == last_bad {
            format!("fails on {}", v(first_bad))
        } else {
            format!("fails on {} .. {}", v(first_bad), v(last_bad))
        });
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
    // The failure to look for is the first one the own solver shows; its
    // rate there decides the replays per release (`replays`).
    let mut want: Option<Failure> = None;
    let own = {
        let mut j = Judge::open(&spec, finding.replay.timeout)?;
        own_rate(|| {
            let got = Failure::of(&j.judge_finding(&finding).verdict);
            match (&want, got) {
                (None, Some(g)) => {
                    want = Some(g);
                    true
                }
                (Some(w), Some(g)) => *w == g,
                (_, None) => false,
            }
        })
    };
    let Some(want) = want else {
        return Err(format!(
            "{}: does not fail on its own solver any more ({own} replays fail)",
            file.display()
        ));
    };
    let per_release = own.per_release();
    // Each release is judged in a child of its own (`triage::forked`):
    // releases loaded into one process run part of each other's code.
    let judge_here = |r: &Release| -> (Outcome, String, Rate) {
        let mut spec = spec.clone();
        spec.solver_lib = Some(r.library.clone());
        let mut j = match Judge::open(&spec, finding.replay.timeout) {
            Ok(j) => j,
            Err(e) => {
                let said = format!("cannot use: {e}");
                say!("  {}: Other: {}", r.version, first_line(&said));
                return (Outcome::Other, first_line(&said), Rate::default());
            }
        };
        let mut rate = Rate::default();
        let mut all_right = true;
        let mut said = None;
        let mut last = String::new();
        // A deterministic finding gets one replay; a flaky one all of
        // `per_release`, so that its count is a rate.
        while rate.of < per_release {
            let v = j.judge_finding(&finding).verdict;
            rate.of += 1;
            last = v.to_string();
            if Failure::of(&v).is_some_and(|f| want.across_releases(&f)) {
                rate.failed += 1;
                said.get_or_insert_with(|| last.clone());
            } else if !v.is_right() {
                all_right = false;
                said.get_or_insert_with(|| last.clone());
            }
        }
        let outcome = if rate.failed > 0 {
            Outcome::Bad
        } else if all_right {
            Outcome::Good
        } else {
            Outcome::Other
        };
        let verdict = said.unwrap_or(last);
        say!(
            "  {}: {outcome:?} ({rate}): {}",
            r.version,
            first_line(&verdict)
        );
        (outcome, first_line(&verdict), rate)
    };
    let judge = |r: &Release| -> (Outcome, String, Rate) {
        forked::in_child(|| judge_here(r)).unwrap_or_else(|e| {
            let said = format!("cannot judge: {e}");
            say!("  {}: Other: {said}", r.version);
            (Outcome::Other, said, Rate::default())
        })
    };
    let mut out: Vec<(String, Outcome, String)> = releases
        .iter()
        .map(|r| (r.version.clone(), Outcome::Untested, String::new()))
        .collect();
    let mut replays = vec![Rate::default(); releases.len()];
    // The release the finding was found on has been replayed already: its
    // own rate says it fails. Judged again on `per_release` replays, a
    // flaky finding may pass them all (8/10 on its own solver, then 0/2:
    // a 4% chance) and the bisection would call its own solver fixed.
    let own_lib = finding
        .replay
        .solver_lib
        .as_ref()
        .and_then(|p| std::fs::canonicalize(p).ok());
    for (i, r) in releases.iter().enumerate() {
        if own_lib.is_some() && std::fs::canonicalize(&r.library).ok() == own_lib {
            out[i].1 = Outcome::Bad;
            out[i].2 = format!("its own solver: failed {own}");
            replays[i] = own;
        }
    }
    let mut judge_at = |i: usize, out: &mut Vec<(String, Outcome, String)>| {
        if out[i].1 == Outcome::Untested {
            let (o, v, r) = judge(&releases[i]);
            out[i].1 = o;
            out[i].2 = v;
            replays[i] = r;
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
        own,
        replays,
    })
}

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("");
    line.chars().take(160).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bisection(own: Rate, rows: &[(&str, Outcome, usize, usize)]) -> Bisection {
        Bisection {
            file: PathBuf::from("f.smt2"),
            releases: rows
                .iter()
                .map(|(v, o, _, _)| (v.to_string(), *o, String::new()))
                .collect(),
            own,
            replays: rows
                .iter()
                .map(|&(_, _, failed, of)| Rate { failed, of })
                .collect(),
        }
    }

    #[test]
    fn a_flaky_finding_says_its_rates() {
        let b = bisection(
            Rate { failed: 4, of: 10 },
            &[
                ("4.8.14.0", Outcome::Good, 0, 6),
                ("5.1.0.0", Outcome::Bad, 2, 6),
                ("5.4.1.0", Outcome::Bad, 5, 6),
            ],
        );
        let s = b.summary();
        assert!(s.starts_with("flaky: fails 4/10 on its own solver"), "{s}");
        assert!(s.contains("replayed up to 6 times"), "{s}");
        assert!(s.contains("fails on 5.1.0.0 (2/6) .. 5.4.1.0 (5/6)"), "{s}");
        assert!(s.contains("last good before: 4.8.14.0 (0/6)"), "{s}");
        assert!(s.contains("newest (5.4.1.0 (5/6)) still fails"), "{s}");
    }

    #[test]
    fn a_deterministic_finding_reads_as_before() {
        let b = bisection(
            Rate { failed: 3, of: 3 },
            &[
                ("4.8.14.0", Outcome::Good, 0, 1),
                ("5.4.1.0", Outcome::Bad, 1, 1),
            ],
        );
        assert_eq!(
            b.summary(),
            "fails on 5.4.1.0; last good before: 4.8.14.0; newest (5.4.1.0) still fails"
        );
        // A bisection written before replays were counted reads the same.
        let old: Bisection =
            serde_json::from_str(r#"{"file":"f.smt2","releases":[["5.4.1.0","bad","CRASH"]]}"#)
                .unwrap();
        assert_eq!(old.own, Rate::default());
        assert_eq!(
            old.summary(),
            "fails on 5.4.1.0; no good release before; newest (5.4.1.0) still fails"
        );
    }
}
