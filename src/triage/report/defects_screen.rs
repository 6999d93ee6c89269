//! The report's first screen: the defects `defects` grouped, one line
//! each, with the evidence that joined their buckets and the solver's own
//! checks.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::finding::formula_of_text;
use crate::triage::bisect::Bisection;
use crate::triage::diagnose::Diagnosis;
use crate::triage::findings::Bucket;

use super::bucket_status::{BucketStatus, bisection_of};
use super::defects::{Defect, ids};
use super::records::diagnosis_of;

/// The report's first screen: one line per defect (its status, the
/// releases that fail, its smallest formula, its buckets), the evidence
/// that joined its buckets under it, and what the solver's own checks said
/// (its lead bucket's diagnosis, else the first of its buckets that has
/// one: evidence only, the status is the buckets').
pub(super) fn write_defects(
    out: &mut String,
    bs: &[Bucket],
    ds: &[Defect],
    statuses: &[BucketStatus],
    bisections: &BTreeMap<String, Bisection>,
    diagnoses: &BTreeMap<String, Diagnosis>,
) {
    out.push_str(
        "## Defects

",
    );
    let _ = writeln!(
        out,
        "{} defect(s) in {} bucket(s): buckets whose findings share a cause (one crash family, \
         one settings and shape, a finding minimized into another bucket, one cause by \
         cross-replay, one settings with its model rejected by the solver, one operator's \
         ground value) are one defect, the evidence under it; each bucket's section follows \
         below.\n",
        ds.len(),
        bs.len()
    );
    let gone: Vec<usize> = (0..bs.len())
        .filter(|&i| matches!(statuses[i], BucketStatus::NotReproduced(_)))
        .collect();
    for (n, d) in ds.iter().enumerate() {
        // The most pressing status of its buckets stands for it.
        let lead = d
            .buckets
            .iter()
            .copied()
            .min_by_key(|&i| urgency(&statuses[i]))
            .unwrap_or(d.buckets[0]);
        let status = match &statuses[lead] {
            BucketStatus::New(_) => "**new**".to_string(),
            BucketStatus::FixedIn(v) => format!("**fixed in {v}**"),
            BucketStatus::Known => "known".to_string(),
            BucketStatus::Retired(..) => "retired".to_string(),
            BucketStatus::Undecided(why) => format!("undecided ({why})"),
            BucketStatus::NotReproduced(_) => "not reproduced".to_string(),
        };
        let releases = std::iter::once(lead)
            .chain(d.buckets.iter().copied())
            .find_map(|i| bisection_of(&bs[i], bisections))
            .map_or_else(|| "not bisected".to_string(), Bisection::summary);
        let smallest = d
            .buckets
            .iter()
            .filter_map(|&i| {
                let text = std::fs::read_to_string(&bs[i].representative).ok()?;
                let f = formula_of_text(&text)?;
                let nodes: usize = f.assertions.iter().map(|a| a.term.size()).sum();
                Some((nodes, &bs[i].representative))
            })
            .min();
        let smallest = smallest.map_or_else(String::new, |(nodes, path)| {
            format!(" — smallest: `{}` ({nodes} AST nodes)", path.display())
        });
        let findings: usize = d.buckets.iter().map(|&i| bs[i].findings.len()).sum();
        let _ = writeln!(
            out,
            "{}. {status} — {} — bucket(s) {} ({findings} finding(s)) — releases: {releases}{smallest}",
            n + 1,
            d.cause,
            ids(bs, &d.buckets),
        );
        for e in &d.evidence {
            let _ = writeln!(out, "   - {e}");
        }
        let diagnosis = std::iter::once(lead)
            .chain(d.buckets.iter().copied())
            .find_map(|i| diagnosis_of(&bs[i].findings, diagnoses));
        if let Some(diagnosis) = diagnosis {
            let _ = writeln!(out, "   - solver's own checks: {}", diagnosis.summary());
        }
    }
    out.push('\n');
    if !gone.is_empty() {
        let findings: usize = gone.iter().map(|&i| bs[i].findings.len()).sum();
        let _ = writeln!(
            out,
            "Not reproduced, so not reported: {} bucket(s) ({findings} finding(s)) failed once \
             in the campaign and in no replay of triage: {}.\n",
            gone.len(),
            ids(bs, &gone)
        );
    }
}

/// Which bucket's status stands for the defect: new first; a decided
/// status (fixed, retired, known) before an undecided one, which only says
/// that this bucket's finding was not bisected.
fn urgency(s: &BucketStatus) -> usize {
    match s {
        BucketStatus::New(_) => 0,
        BucketStatus::FixedIn(_) => 1,
        BucketStatus::Retired(..) => 2,
        BucketStatus::Known => 3,
        BucketStatus::Undecided(_) => 4,
        BucketStatus::NotReproduced(_) => 5,
    }
}
