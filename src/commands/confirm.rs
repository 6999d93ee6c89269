//! `equifuzz confirm`: is each finding real and reproducible?
//!
//! Each finding is replayed `--repeat` times on its own solver (all fail:
//! deterministic; some: flaky), then with other solver random seeds, then
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

use crate::commands::minimize::{Failure, finding_files, open_judge, spec_of};
use crate::execute::open::SolverSpec;
use crate::finding::Finding;
use crate::oracle::Verdict;
use crate::solver::TargetSpec;

/// A `--with` solver: `z3:LIB`, `cvc5:LIB`, or a `--target` value.
pub fn parse_with(text: &str) -> Result<SolverSpec, String> {
    let (target, lib) = match text.split_once(':') {
        Some(("z3", lib)) => (TargetSpec::Z3, Some(PathBuf::from(lib))),
        Some(("cvc5", lib)) => (TargetSpec::Cvc5, Some(PathBuf::from(lib))),
        _ => (
            text.parse().map_err(|e| format!("--with {text}: {e}"))?,
            None,
        ),
    };
    Ok(SolverSpec {
        target,
        solver_lib: lib,
        dialect: None,
        options: Vec::new(),
    })
}

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
    /// Replays that failed the same way, of `repeat`.
    pub reproduced: (usize, usize),
    /// Other random seeds that failed the same way, of those tried.
    pub seeds: (usize, usize),
    /// Each other solver and its verdict.
    pub others: Vec<(String, String)>,
}

/// What `confirm` is asked to do.
#[derive(Clone, Debug)]
pub struct ConfirmConfig {
    /// A finding, or a folder of them.
    pub path: PathBuf,
    /// The other solvers.
    pub with: Vec<SolverSpec>,
    /// Replays per finding.
    pub repeat: usize,
    /// Other random seeds to try.
    pub seeds: usize,
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
    let spec = spec_of(&finding.replay);
    let timeout = finding.replay.timeout;
    let mut judge = open_judge(&spec, timeout)?;
    let mut want: Option<Failure> = None;
    let mut reproduced = 0;
    for _ in 0..repeat {
        let got = Failure::of(&judge.judge_finding(&finding).verdict);
        // The recorded kind is what must come back; the first replay
        // fixes the answer.
        if got.as_ref().is_some_and(|g| g.kind == finding.kind) && (want.is_none() || got == want) {
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
        let Ok(mut j) = open_judge(&seeded, timeout) else {
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
        let verdict = match open_judge(other, timeout.max(Duration::from_secs(10))) {
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
    } else if reproduced == repeat && repeat > 0 {
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
        reproduced: (reproduced, repeat),
        seeds: seed_hits,
        others,
    })
}

/// `equifuzz confirm`: every finding under the path, marked.
pub fn execute(cfg: &ConfirmConfig) -> Result<Vec<Confirmation>, String> {
    if !cfg.path.exists() {
        return Err(format!("{}: no such file or folder", cfg.path.display()));
    }
    let files = finding_files(&cfg.path);
    if files.is_empty() {
        return Err(format!("{}: no finding file", cfg.path.display()));
    }
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for (i, f) in files.iter().enumerate() {
        eprintln!("[{}/{}] confirming {}", i + 1, files.len(), f.display());
        match confirm_one(f, &cfg.with, cfg.repeat, cfg.seeds) {
            Ok(c) => {
                println!(
                    "{}: {} ({} reproduced {}/{}, other seeds {}/{})",
                    c.file.display(),
                    c.mark,
                    c.kind,
                    c.reproduced.0,
                    c.reproduced.1,
                    c.seeds.0,
                    c.seeds.1
                );
                for (name, v) in &c.others {
                    println!("  {name}: {v}");
                }
                out.push(c);
            }
            Err(e) => {
                eprintln!("  {e}");
                bad.push(e);
            }
        }
    }
    if files.len() == 1 && !bad.is_empty() {
        return Err(bad.remove(0));
    }
    if cfg.path.is_dir() {
        let lines: Vec<String> = out
            .iter()
            .filter_map(|c| serde_json::to_string(c).ok())
            .collect();
        let path = cfg.path.join("confirm.jsonl");
        std::fs::write(&path, lines.join("\n") + "\n")
            .map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("marks written to {}", path.display());
    }
    let count = |m| out.iter().filter(|c| c.mark == m).count();
    eprintln!(
        "{} findings: {} confirmed, {} suspect, {} flaky, {} not reproduced, {} unreadable",
        files.len(),
        count(Mark::Confirmed),
        count(Mark::Suspect),
        count(Mark::Flaky),
        count(Mark::NotReproduced),
        bad.len()
    );
    Ok(out)
}
