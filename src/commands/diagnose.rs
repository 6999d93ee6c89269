//! `equifuzz diagnose`: each finding replayed under its solver's own
//! self-checks ([`crate::triage::diagnose`]); this prints what the solver
//! said under each and, for a folder, writes `DIR/diagnose.jsonl`.
//! Evidence only: no finding's mark or status changes.

use std::path::Path;

use crate::finding::write_atomically;
use crate::triage::confirm::Confirmation;
use crate::triage::diagnose::{Diagnosis, diagnose_one};
use crate::triage::findings::{finding_files, minimized_of};

/// `equifuzz diagnose PATH`: the diagnoses of every finding under the
/// path (a folder's minimized file replayed where `minimize` wrote one).
pub fn execute(path: &Path) -> Result<Vec<Diagnosis>, String> {
    if !path.exists() {
        return Err(format!("{}: no such file or folder", path.display()));
    }
    let files = finding_files(path);
    if files.is_empty() {
        return Err(format!("{}: no finding file", path.display()));
    }
    // Confirm's marks, where `confirm DIR` wrote them: a flaky finding's
    // known rate sizes its cross-replays.
    let marks: Vec<Confirmation> = std::fs::read_to_string(path.join("confirm.jsonl"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for (i, f) in files.iter().enumerate() {
        eprintln!("[{}/{}] diagnosing {}", i + 1, files.len(), f.display());
        let replayed = if path.is_dir() {
            minimized_of(path, f).unwrap_or_else(|| f.clone())
        } else {
            f.clone()
        };
        let known = marks
            .iter()
            .find(|c| c.file.file_name() == f.file_name())
            .map(Confirmation::rate);
        match diagnose_one(f, &replayed, known) {
            Ok(d) => {
                println!("{}: {} on {}", f.display(), d.failure, d.solver);
                if d.checks.is_empty() {
                    println!("  {}", d.summary());
                }
                for c in &d.checks {
                    println!("  {}: {}", c.check, c.phrase());
                }
                if let Some(c) = &d.without_names {
                    println!("  replayed {}", c.said);
                }
                if let Some(f) = &d.folded {
                    println!("  ground terms folded to their values: {}", f.said);
                    for (op, said) in &f.tried {
                        println!("    `{op}` folded: {said}");
                    }
                }
                out.push(d);
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
    if path.is_dir() {
        let text: String = out
            .iter()
            .filter_map(|d| serde_json::to_string(d).ok())
            .map(|l| l + "\n")
            .collect();
        let jsonl = path.join("diagnose.jsonl");
        write_atomically(&jsonl, text.as_bytes(), true)
            .map_err(|e| format!("{}: {e}", jsonl.display()))?;
        eprintln!("diagnoses written to {}", jsonl.display());
    }
    Ok(out)
}
