//! What the other triage commands wrote beside the findings, read for the
//! report: `confirm`'s marks (`confirm.jsonl`), `bisect`'s bisections
//! (`bisect.jsonl`) and `diagnose`'s self-checks (`diagnose.jsonl`), each
//! keyed by the name of the finding's file.

use std::collections::BTreeMap;
use std::path::Path;

use crate::triage::bisect::Bisection;
use crate::triage::confirm::Confirmation;
use crate::triage::diagnose::Diagnosis;

/// The marks `confirm DIR` wrote, by file name.
pub(super) fn marks(dir: &Path) -> BTreeMap<String, Confirmation> {
    read_jsonl::<Confirmation>(&dir.join("confirm.jsonl"))
        .into_iter()
        .map(|c| (file_name(&c.file), c))
        .collect()
}

/// The bisections `bisect DIR` wrote, by file name.
pub(super) fn bisections(dir: &Path) -> BTreeMap<String, Bisection> {
    read_jsonl::<Bisection>(&dir.join("bisect.jsonl"))
        .into_iter()
        .map(|b| (file_name(&b.file), b))
        .collect()
}

/// The self-checks `diagnose` (or `triage`) wrote, by the finding's file
/// name.
pub(super) fn diagnoses(dir: &Path) -> BTreeMap<String, Diagnosis> {
    read_jsonl::<Diagnosis>(&dir.join("diagnose.jsonl"))
        .into_iter()
        .map(|d| (file_name(&d.file), d))
        .collect()
}

/// The diagnosis of the first of `findings` that has one.
pub(super) fn diagnosis_of<'a>(
    findings: &[std::path::PathBuf],
    diagnoses: &'a BTreeMap<String, Diagnosis>,
) -> Option<&'a Diagnosis> {
    findings.iter().find_map(|f| diagnoses.get(&file_name(f)))
}

/// The name a finding's records are keyed by: its file name.
pub(super) fn file_name(p: &Path) -> String {
    p.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

fn read_jsonl<T: serde::de::DeserializeOwned>(path: &Path) -> Vec<T> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}
