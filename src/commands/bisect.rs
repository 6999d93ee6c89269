//! `equifuzz bisect`: which Z3 releases fail on a finding (on a folder:
//! on the smallest finding of each bucket). How a finding is bisected is
//! [`crate::triage::bisect`]'s; this reads the command line, prints each
//! range and writes `DIR/bisect.jsonl`.

use std::path::PathBuf;

use crate::triage::bisect::{Bisection, bisect_one};
use crate::triage::findings::{buckets, finding_files};
use crate::triage::releases::{cache_root, select, z3_releases};

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
