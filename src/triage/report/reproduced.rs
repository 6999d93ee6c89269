//! Which buckets triage could not reproduce: no defect to report.
//!
//! A campaign keeps a finding the first time a solver fails on it; a
//! nondeterministic part (Z3's local search racing its main solver) may
//! fail once in a hundred replays. equifuzz promises reproducible reports,
//! so a bucket none of whose findings failed again in triage is listed
//! apart, below the defects, and counted in no defect.
//!
//! # Invariants
//!
//! - A bucket is "not reproduced" only when triage replayed it and every
//!   replay passed: each of its findings that `confirm` marked is marked
//!   not-reproduced (at least one is), none was minimized (minimization
//!   measures the failure first: 3 replays, 10 when one passes), and no
//!   bisection of it exists (bisect needs one failure in 10 on its own
//!   solver). A bucket triage did not reach is not "not reproduced".

use std::collections::BTreeMap;
use std::path::Path;

use crate::triage::bisect::Bisection;
use crate::triage::confirm::{Confirmation, Mark};
use crate::triage::findings::{Bucket, minimized_of};

use super::bucket_status::bisection_of;
use super::records::file_name;

/// Why bucket `b` of campaign folder `dir` counts as not reproduced, or
/// `None` when one of its findings failed again, or triage did not replay
/// it (see the module docs).
pub fn not_reproduced(
    dir: &Path,
    b: &Bucket,
    marks: &BTreeMap<String, Confirmation>,
    bisections: &BTreeMap<String, Bisection>,
) -> Option<String> {
    let marked: Vec<&Confirmation> = b
        .findings
        .iter()
        .filter_map(|f| marks.get(&file_name(f)))
        .collect();
    if marked.is_empty() || marked.iter().any(|c| c.mark != Mark::NotReproduced) {
        return None;
    }
    if b.findings.iter().any(|f| minimized_of(dir, f).is_some()) {
        return None;
    }
    if bisection_of(b, bisections).is_some() {
        return None;
    }
    let (failed, of) = marked
        .iter()
        .fold((0, 0), |(f, o), c| (f + c.reproduced.0, o + c.reproduced.1));
    Some(format!(
        "no replay in triage failed: confirm {failed}/{of}, and neither minimize nor bisect \
         (10 replays each on its own solver) saw the failure"
    ))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::finding::BucketKey;
    use crate::term::{Formula, parse_script};

    fn bucket(findings: &[&str]) -> Bucket {
        let formula = Formula::from_script(&parse_script("(assert true)").unwrap()).unwrap();
        Bucket {
            key: BucketKey::new("unsound", "sat", &formula),
            representative: PathBuf::from(findings[0]),
            findings: findings.iter().map(PathBuf::from).collect(),
            variants: Default::default(),
            operators: Default::default(),
        }
    }

    fn mark(file: &str, mark: Mark, reproduced: (usize, usize)) -> (String, Confirmation) {
        (
            file.to_string(),
            Confirmation {
                file: PathBuf::from(file),
                mark,
                kind: "unsound".into(),
                reproduced,
                seeds: (0, 0),
                others: Vec::new(),
            },
        )
    }

    #[test]
    fn only_a_bucket_every_replay_of_which_passed_is_not_reproduced() {
        let dir = tempfile::tempdir().unwrap();
        let none: BTreeMap<String, Confirmation> = BTreeMap::new();
        let unbisected: BTreeMap<String, Bisection> = BTreeMap::new();
        let b = bucket(&["a.smt2", "b.smt2"]);
        // Not replayed: not claimed.
        assert_eq!(not_reproduced(dir.path(), &b, &none, &unbisected), None);
        let marks: BTreeMap<_, _> = [mark("a.smt2", Mark::NotReproduced, (0, 3))].into();
        let why = not_reproduced(dir.path(), &b, &marks, &unbisected).unwrap();
        assert!(why.contains("confirm 0/3"), "{why}");
        // A flaky finding beside it: reproduced.
        let mut flaky = marks.clone();
        flaky.extend([mark("b.smt2", Mark::Flaky, (1, 3))]);
        assert_eq!(not_reproduced(dir.path(), &b, &flaky, &unbisected), None);
        // A minimized finding: its minimization saw the failure.
        std::fs::create_dir_all(dir.path().join("minimized")).unwrap();
        std::fs::write(dir.path().join("minimized/a.min.smt2"), "(check-sat)\n").unwrap();
        assert_eq!(not_reproduced(dir.path(), &b, &marks, &unbisected), None);
    }
}
