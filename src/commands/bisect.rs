//! `equifuzz bisect`: which Z3 releases fail on a finding (on a folder:
//! on the smallest finding of each bucket).
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
//! (kind and answer), the last good release before the first bad, the
//! first good release after the last bad, and whether the newest fails.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::commands::minimize::{Failure, buckets, finding_files, open_judge, spec_of};
use crate::finding::Finding;
use crate::oracle::Verdict;
use crate::solver::TargetSpec;
use crate::triage::releases::{Release, cache_root, select, z3_releases};

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
    let mut spec = spec_of(&finding.replay);
    // Each release reads its own dialect.
    spec.dialect = None;
    spec.target = TargetSpec::Z3;
    let want = {
        let mut j = open_judge(&spec, finding.replay.timeout)?;
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
        let (outcome, verdict) = match open_judge(&spec, finding.replay.timeout) {
            Ok(mut j) => {
                let v = j.judge_finding(&finding).verdict;
                let o = if Failure::of(&v).as_ref() == Some(&want) {
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

/// What `bisect` is asked to do.
#[derive(Clone, Debug)]
pub struct BisectConfig {
    /// A finding, or a folder (its minimized findings when there are).
    pub path: PathBuf,
    /// `FROM..TO`.
    pub releases: String,
    /// The release cache (default: `~/.cache/equifuzz/solvers`).
    pub cache: Option<PathBuf>,
    /// Judge every release instead of halving.
    pub every: bool,
}

/// `equifuzz bisect`.
pub fn execute(cfg: &BisectConfig) -> Result<Vec<Bisection>, String> {
    let root = cfg
        .cache
        .clone()
        .or_else(cache_root)
        .ok_or("no home folder for the release cache")?;
    let releases = select(&z3_releases(&root), &cfg.releases)?;
    if !cfg.path.exists() {
        return Err(format!("{}: no such file or folder", cfg.path.display()));
    }
    // A folder: one finding per bucket, the smallest.
    let files: Vec<PathBuf> = if cfg.path.is_dir() {
        buckets(&cfg.path)
            .into_iter()
            .map(|b| b.representative)
            .collect()
    } else {
        finding_files(&cfg.path)
    };
    if files.is_empty() {
        return Err(format!("{}: no finding file", cfg.path.display()));
    }
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (i, f) in files.iter().enumerate() {
        eprintln!(
            "[{}/{}] bisecting {} over {} releases{}",
            i + 1,
            files.len(),
            f.display(),
            releases.len(),
            if cfg.every { "" } else { " (halving)" }
        );
        match bisect_one(f, &releases, cfg.every) {
            Ok(b) => {
                println!("{}: {}", f.display(), b.summary());
                out.push(b);
            }
            Err(e) => {
                eprintln!("  {e}");
                errors.push(e);
            }
        }
    }
    if out.is_empty() {
        return Err(errors.into_iter().next().unwrap_or_default());
    }
    if cfg.path.is_dir() {
        let lines: Vec<String> = out
            .iter()
            .filter_map(|b| serde_json::to_string(b).ok())
            .collect();
        let path = cfg.path.join("bisect.jsonl");
        std::fs::write(&path, lines.join("\n") + "\n")
            .map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("bisections written to {}", path.display());
    }
    Ok(out)
}
