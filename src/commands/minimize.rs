//! `equifuzz minimize`: shrink a finding (or every finding of a campaign's
//! folder) while the solver still fails the same way, with the truth kept
//! valid by construction ([`crate::triage::minimize`]).
//!
//! "The same way" is the [`Failure`]: the verdict kind, the solver's
//! answer and a crash's site, of the original replayed now. A finding that no longer fails is
//! said so and left alone. Every candidate is judged as `run` judges the
//! file (the same preparation, the release's dialect, not-expressible
//! check, label recheck).
//!
//! `--check CANDIDATE` is the failure test as a command, for other
//! reducers (ddSMT): exit 0 if the candidate, given the original's truth
//! (its model or core), keeps that truth valid under our semantics and
//! fails the same way; 1 otherwise.

use std::path::PathBuf;

use crate::triage::findings::{finding_files, minimized_name};
use crate::triage::minimize::finding::{MinimizeResult, minimize_one};

/// What `minimize` is asked to do.
#[derive(Clone, Debug)]
pub struct MinimizeConfig {
    /// A finding file, or a folder whose findings are minimized.
    pub path: PathBuf,
    /// Where to write: a file for a file, a folder for a folder (default:
    /// `FILE.min.smt2`, `DIR/minimized/`).
    pub out: Option<PathBuf>,
    /// At most this many solver calls per finding.
    pub max_tests: usize,
    /// Judge this candidate against the finding's truth and failure
    /// instead (exit 0: fails the same way with a valid truth).
    pub check: Option<PathBuf>,
}

/// `equifuzz minimize`: returns the results, or the first error for a
/// single file; a folder goes on past a finding that fails to minimize.
pub fn execute(cfg: &MinimizeConfig) -> Result<Vec<MinimizeResult>, String> {
    if !cfg.path.exists() {
        return Err(format!("{}: no such file or folder", cfg.path.display()));
    }
    if cfg.path.is_file() {
        let out = cfg.out.clone().unwrap_or_else(|| minimized_name(&cfg.path));
        let r = minimize_one(&cfg.path, &out, cfg.max_tests)?;
        print_result(&r);
        return Ok(vec![r]);
    }
    let files = finding_files(&cfg.path);
    if files.is_empty() {
        return Err(format!("{}: no finding file under it", cfg.path.display()));
    }
    let out_dir = cfg
        .out
        .clone()
        .unwrap_or_else(|| cfg.path.join("minimized"));
    let mut results = Vec::new();
    for (i, f) in files.iter().enumerate() {
        eprintln!("[{}/{}] minimizing {}", i + 1, files.len(), f.display());
        let out = out_dir.join(minimized_name(f).file_name().unwrap_or_default());
        match minimize_one(f, &out, cfg.max_tests) {
            Ok(r) => {
                print_result(&r);
                results.push(r);
            }
            Err(e) => eprintln!("  skipped: {e}"),
        }
    }
    Ok(results)
}

fn print_result(r: &MinimizeResult) {
    let still = if r.reproduced {
        format!("still {}", r.failure)
    } else {
        format!(
            "FLAKY: failed as {} during minimization, not in its final replays",
            r.failure
        )
    };
    let still = if r.rate.always() {
        still
    } else {
        format!("{still} (the original failed {})", r.rate)
    };
    println!(
        "{}: {} -> {} AST nodes, {} -> {} assertions, {} tests, {:.1}s, {}; written to {}",
        r.file.display(),
        r.nodes.0,
        r.nodes.1,
        r.assertions.0,
        r.assertions.1,
        r.tests,
        r.secs,
        still,
        r.out.display()
    );
}
