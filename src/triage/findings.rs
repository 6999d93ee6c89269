//! A campaign's findings on disk: which files are findings, the
//! minimized file that stands for each, and their buckets, as triage's
//! steps and the report read them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::finding::{BucketKey, files_under, key_of_text, variant_of_text};

/// The finding files under a path: `.smt2` files whose header records a
/// finding (not the unknown and timeout files a campaign keeps too),
/// outside folders of minimized files.
pub fn finding_files(path: &Path) -> Vec<PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let (files, _) = files_under(path);
    files
        .into_iter()
        .filter(|f| f.extension().is_some_and(|x| x == "smt2"))
        .filter(|f| !f.components().any(|c| c.as_os_str() == "minimized"))
        .filter(|f| {
            std::fs::read_to_string(f).is_ok_and(|t| {
                crate::finding::header_field(&t, "equifuzz finding").is_some_and(|k| {
                    ["unsound", "invalid-model", "invalid-core", "crash"].contains(&k)
                })
            })
        })
        .collect()
}

/// The default output of a file: `NAME.min.smt2` beside it.
pub fn minimized_name(file: &Path) -> PathBuf {
    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
    file.with_file_name(format!("{stem}.min.smt2"))
}

/// The minimized version of a finding under `dir`, if `minimize DIR` wrote
/// one that failed the same way on its final replay: a flaky one (see
/// [`FINAL_REPLAYS`]) would stand for its bucket in `bisect` and `report`
/// without failing there, so the original finding stands instead.
pub fn minimized_of(dir: &Path, finding: &Path) -> Option<PathBuf> {
    let m = dir
        .join("minimized")
        .join(minimized_name(finding).file_name()?);
    let text = std::fs::read_to_string(&m).ok()?;
    crate::finding::header_field(&text, "flaky")
        .is_none()
        .then_some(m)
}

/// One bucket of a campaign's findings.
#[derive(Clone, Debug)]
pub struct Bucket {
    /// Its key (from the minimized formulas when there are).
    pub key: BucketKey,
    /// The original findings.
    pub findings: Vec<PathBuf>,
    /// The smallest file of the bucket (a minimized one when there is).
    pub representative: PathBuf,
    /// The operators of the representative's formula.
    pub operators: Vec<String>,
    /// The variants inside the bucket (operators and shape, see
    /// `triage::variant`) and how many findings have each.
    pub variants: BTreeMap<String, usize>,
}

/// The findings under `dir` grouped into buckets by their minimized
/// formula (the original where none was written).
pub fn buckets(dir: &Path) -> Vec<Bucket> {
    let mut keyed = Vec::new();
    for f in finding_files(dir) {
        let best = minimized_of(dir, &f).unwrap_or_else(|| f.clone());
        let Ok(text) = std::fs::read_to_string(&best) else {
            continue;
        };
        if let Some(key) = key_of_text(&text) {
            let variant = variant_of_text(&text).unwrap_or_default();
            keyed.push((key, (f, best, text.len(), variant)));
        }
    }
    crate::finding::group(keyed)
        .into_iter()
        .map(|(key, members)| {
            let representative = members
                .iter()
                .min_by_key(|m| m.2)
                .map(|m| m.1.clone())
                .unwrap_or_default();
            let operators = std::fs::read_to_string(&representative)
                .ok()
                .and_then(|t| crate::finding::formula_of_text(&t))
                .map(|f| crate::finding::operators(&f).into_iter().collect())
                .unwrap_or_default();
            let mut variants = BTreeMap::new();
            for m in &members {
                *variants.entry(m.3.clone()).or_insert(0) += 1;
            }
            Bucket {
                key,
                findings: members.into_iter().map(|m| m.0).collect(),
                representative,
                operators,
                variants,
            }
        })
        .collect()
}

/// The findings of each bucket, smallest first, as the campaign counted
/// them: by the `; bucket: ID` line a campaign writes in each finding (its
/// `buckets.tsv` id, named by that file's label), else by the key of the
/// file's whole formula. The original files, so the grouping does not
/// change as minimized files appear, and a resumed run takes the same
/// findings.
pub fn findings_by_bucket(dir: &Path) -> Vec<(String, Vec<PathBuf>)> {
    // id, kind, findings, label: as `fuzz::stats` writes it.
    let labels: BTreeMap<String, String> = std::fs::read_to_string(dir.join("buckets.tsv"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let mut cols = l.split('\t');
            let id = cols.next()?;
            Some((id.to_string(), cols.nth(2)?.to_string()))
        })
        .collect();
    let mut by: BTreeMap<String, Vec<(usize, PathBuf)>> = BTreeMap::new();
    for f in finding_files(dir) {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let Some(key) = key_of_text(&text) else {
            continue;
        };
        let name = match crate::finding::header_field(&text, "bucket") {
            Some(id) => {
                let label = labels.get(id).cloned().unwrap_or_else(|| key.to_string());
                format!("{id} {label}")
            }
            None => format!("{} {key}", key.id()),
        };
        by.entry(name).or_default().push((text.len(), f));
    }
    by.into_iter()
        .map(|(name, mut files)| {
            files.sort();
            (name, files.into_iter().map(|(_, f)| f).collect())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flaky_minimized_file_does_not_stand_for_its_finding() {
        let dir =
            std::env::temp_dir().join(format!("equifuzz-minimized-of-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("minimized")).unwrap();
        let finding = dir.join("findings/unsound/z3-unsound-0-1.smt2");
        let min = dir.join("minimized/z3-unsound-0-1.min.smt2");
        assert_eq!(minimized_of(&dir, &finding), None, "none written");
        std::fs::write(
            &min,
            "; equifuzz finding: unsound\n; got: sat\n(check-sat)\n",
        )
        .unwrap();
        assert_eq!(minimized_of(&dir, &finding), Some(min.clone()));
        std::fs::write(
            &min,
            "; equifuzz finding: unsound\n; flaky: failed as unsound (answer sat) during \
             minimization, not in 3 final replays\n; got: unknown\n(check-sat)\n",
        )
        .unwrap();
        assert_eq!(minimized_of(&dir, &finding), None, "flaky");
        std::fs::remove_dir_all(&dir).ok();
    }
}
