//! Is a finding real and reproducible? (`equifuzz confirm`, and `triage`'s
//! second step.)
//!
//! Each finding is replayed `--repeat` times on its own solver (all fail:
//! deterministic; some: flaky, and then replayed up to ten times in all,
//! so that its rate says how often a replay shows it), then with other
//! solver random seeds, then
//! on every `--with` solver, each judged against the finding's truth. The
//! mark:
//!
//! - `suspect`: another solver also contradicts the truth (a wrong answer,
//!   or a model our semantics rejects): the truth, i.e. our semantics or a
//!   generator, may be what is wrong; look at these first;
//! - `flaky`: not every replay fails the same way;
//! - `not-reproduced`: no replay fails;
//! - `confirmed`: every replay fails the same way and no other solver
//!   contradicts the truth.
//!
//! Nothing is deleted: the marks go to standard output and, for a folder,
//! to `DIR/confirm.jsonl`, which `report` reads.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::execute::open::SolverSpec;
use crate::finding::Finding;
use crate::oracle::Verdict;
use crate::triage::{Failure, Judge};

/// The mark of a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// Reproduced every time; no other solver contradicts the truth.
    Confirmed,
    /// Another solver contradicts the truth too.
    Suspect,
    /// Reproduced some of the times.
    Flaky,
    /// Not reproduced.
    NotReproduced,
}

impl std::fmt::Display for Mark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mark::Confirmed => "confirmed",
            Mark::Suspect => "suspect",
            Mark::Flaky => "flaky",
            Mark::NotReproduced => "not-reproduced",
        })
    }
}

/// What confirm found for one finding.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Confirmation {
    /// The finding.
    pub file: PathBuf,
    /// The mark.
    pub mark: Mark,
    /// The failure recorded.
    pub kind: String,
    /// Replays that failed the same way, of those run (`repeat`, or ten
    /// when one of those did not fail).
    pub reproduced: (usize, usize),
    /// Other random seeds that failed the same way, of those tried.
    pub seeds: (usize, usize),
    /// Each other solver and its verdict.
    pub others: Vec<(String, String)>,
}

impl Confirmation {
    /// Its replays on its own solver, as a rate.
    pub fn rate(&self) -> crate::triage::replays::Rate {
        crate::triage::replays::Rate {
            failed: self.reproduced.0,
            of: self.reproduced.1,
        }
    }
}

/// Confirms one finding. Solvers are opened per finding (a campaign's
/// findings may name different ones).
pub fn confirm_one(
    file: &Path,
    with: &[SolverSpec],
    repeat: usize,
    seeds: usize,
) -> Result<Confirmation, String> {
    let finding = Finding::read(file)?;
    let spec = SolverSpec::from(&finding.replay);
    let timeout = finding.replay.timeout;
    let mut judge = Judge::open(&spec, timeout)?;
    let mut want: Option<Failure> = None;
    let mut reproduced = 0;
    // A crash must come back where it happened: at another site it is
    // another bug (another bucket), not this one reproduced.
    let site = crate::finding::recorded_crash_site(&finding.text);
    // A finding that did not fail every one of the `repeat` replays gets
    // up to `OWN_REPLAYS` in all (`triage::replays`' rule): its rate sets
    // how often the report's replay command runs it, and three replays
    // called findings that fail once in ten "1/3" or "2/3".
    let mut replays = 0;
    while replays < repeat
        || (replays < repeat.max(crate::triage::replays::OWN_REPLAYS) && reproduced < replays)
    {
        replays += 1;
        let got = Failure::of(&judge.judge_finding(&finding).verdict);
        // The recorded kind (and site) is what must come back; the first
        // replay fixes the answer.
        let recorded =
            |g: &Failure| g.kind == finding.kind && (site.is_none() || g.site.as_deref() == site);
        if got.as_ref().is_some_and(recorded) && (want.is_none() || got == want) {
            want = got;
            reproduced += 1;
        }
    }
    let mut seed_hits = (0, 0);
    for seed in 1..=seeds {
        let Some(option) = spec.target.seed_option(seed) else {
            break;
        };
        let mut seeded = spec.clone();
        seeded.options.push(option);
        let Ok(mut j) = Judge::open(&seeded, timeout) else {
            break;
        };
        seed_hits.1 += 1;
        let got = Failure::of(&j.judge_finding(&finding).verdict);
        if got.is_some() && got == want {
            seed_hits.0 += 1;
        }
    }
    let mut others = Vec::new();
    let mut contradicted = false;
    for other in with {
        let name = match &other.solver_lib {
            Some(l) => format!("{}:{}", other.target, l.display()),
            None => other.target.to_string(),
        };
        let verdict = match Judge::open(other, timeout.max(Duration::from_secs(10))) {
            Ok(mut j) => {
                let v = j.judge_finding(&finding).verdict;
                contradicted |= matches!(v, Verdict::Unsound { .. } | Verdict::InvalidModel { .. });
                format!("{} {}: {v}", j.describe, v.kind())
            }
            Err(e) => format!("cannot open: {e}"),
        };
        others.push((name, verdict));
    }
    let mark = if contradicted {
        Mark::Suspect
    } else if reproduced == replays && replays > 0 {
        Mark::Confirmed
    } else if reproduced > 0 {
        Mark::Flaky
    } else {
        Mark::NotReproduced
    };
    Ok(Confirmation {
        file: file.to_path_buf(),
        mark,
        kind: finding.kind,
        reproduced: (reproduced, replays),
        seeds: seed_hits,
        others,
    })
}
