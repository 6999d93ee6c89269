//! `equifuzz confirm`: is each finding real and reproducible? The marks
//! and how they are given are [`crate::triage::confirm`]'s; this reads the
//! command line, prints each mark and writes `DIR/confirm.jsonl`.

use std::path::PathBuf;

use crate::execute::open::SolverSpec;
use crate::solver::TargetSpec;
use crate::triage::confirm::{Confirmation, Mark, confirm_one};
use crate::triage::findings::finding_files;

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
