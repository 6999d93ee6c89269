//! `equifuzz report`: a campaign's folder as `DIR/report.md`.
//!
//! The report puts together what the campaign and the other triage commands
//! wrote, and judges nothing new but the corpus:
//!
//! - the campaign's totals (the last record of `stats.jsonl`) and a PNG of
//!   executions, corpus, edges and findings over time (`DIR/campaign.png`);
//! - the papers' table (Table 4 / Table 6.1 form): per category and
//!   transformation (the last of the chain), the tests and their verdicts.
//!   Its rows count the cases the campaign kept: findings, unknown and
//!   timeout files by the verdict they record, and the corpus entries by
//!   the verdict the campaign recorded (`corpus-verdicts.tsv`), or, in an
//!   older campaign's folder, judged again on the campaign's solver;
//!   a last row gives the verdicts of every execution from `stats.jsonl`;
//! - first, one line per defect ([`defects`]): buckets whose findings share
//!   a cause, with the evidence that joined them, each defect's status,
//!   releases and smallest formula, and what the solver's own self-checks
//!   said of it (`diagnose.jsonl`: evidence, never a verdict);
//! - one section per bucket ([`buckets`]): its findings and their marks
//!   (`confirm.jsonl`), the smallest formula (a minimized one when
//!   `minimize DIR` ran), its replay command, the releases that fail
//!   (`bisect.jsonl`), its status (**new** when the newest release judged
//!   still fails, **fixed in X** when not, known when the known-bugs file
//!   lists it) and a paste-ready issue text: the minimal formula first, the
//!   version and options, the expected answer with its one-line argument.

mod bucket_section;
mod bucket_status;
mod defects;
mod defects_screen;
mod records;
mod reproduced;
mod table;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::finding::{Finding, KEPT_VERDICTS, header_field};
use crate::triage::Judge;
use crate::triage::KnownBugs;
use crate::triage::findings::{buckets, finding_files, minimized_of};
use crate::triage::plot;

use bucket_section::bucket_section;
pub use bucket_status::{BucketStatus, bucket_status};
pub use defects::{Defect, defects};
use table::{table, write_table};

/// What `report` wrote.
#[derive(Clone, Debug)]
pub struct ReportSummary {
    /// The report.
    pub report: PathBuf,
    /// The plot, when `stats.jsonl` had records.
    pub plot: Option<PathBuf>,
    /// Findings and buckets.
    pub findings: usize,
    /// Buckets.
    pub buckets: usize,
    /// Defects: buckets that share a cause, grouped ([`defects`]).
    pub defects: usize,
    /// Each bucket's id, key, status and findings, in report order.
    pub statuses: Vec<(String, String, BucketStatus, usize)>,
}

/// `equifuzz report DIR`.
pub fn execute(dir: &Path) -> Result<ReportSummary, String> {
    execute_with(dir, &KnownBugs::default())
}

/// `equifuzz report DIR`, marking the buckets `known` lists.
pub fn execute_with(dir: &Path, known: &KnownBugs) -> Result<ReportSummary, String> {
    if !dir.is_dir() {
        return Err(format!("{}: not a folder", dir.display()));
    }
    let stats_text = std::fs::read_to_string(dir.join("stats.jsonl")).unwrap_or_default();
    let samples = plot::samples(&stats_text);
    let findings = finding_files(dir);
    if samples.is_empty() && findings.is_empty() {
        return Err(format!(
            "{}: neither stats.jsonl nor findings: not a campaign's output folder",
            dir.display()
        ));
    }
    let mut out = String::from("# equifuzz campaign report\n\n");
    let _ = writeln!(out, "Folder: `{}`\n", dir.display());
    // Defects first: what a solver developer reads before any bucket.
    let bs = buckets(dir);
    let marks = records::marks(dir);
    let bisections = records::bisections(dir);
    let diagnoses = records::diagnoses(dir);
    let statuses: Vec<BucketStatus> = bs
        .iter()
        .map(|b| match bucket_status(b, &bisections, known) {
            BucketStatus::Known => BucketStatus::Known,
            status => reproduced::not_reproduced(dir, b, &marks, &bisections)
                .map_or(status, BucketStatus::NotReproduced),
        })
        .collect();
    let ds = defects(dir, &bs);
    defects_screen::write_defects(&mut out, &bs, &ds, &statuses, &bisections, &diagnoses);
    let last: Option<serde_json::Value> = stats_text
        .lines()
        .rev()
        .find_map(|l| serde_json::from_str(l).ok());
    let mut plot_path = None;
    if let Some(last) = &last {
        let n = |k: &str| last.get(k).and_then(|v| v.as_f64()).unwrap_or(0.0);
        let _ = writeln!(
            out,
            "{:.0} s, {:.0} executions, corpus {:.0}, edges {:.0}, findings {}.\n",
            n("time"),
            n("execs"),
            n("corpus"),
            n("edges"),
            last.get("findings")
                .map(|f| f.to_string())
                .unwrap_or_default()
        );
        let png = dir.join("campaign.png");
        plot::draw(&samples, &png)?;
        let _ = writeln!(
            out,
            "![executions, corpus, edges and findings over time](campaign.png)\n"
        );
        plot_path = Some(png);
    }
    // The campaign's solver, for the corpus.
    let mut judge = if dir.join(KEPT_VERDICTS).exists() {
        None
    } else {
        findings
            .first()
            .and_then(|f| Finding::read(f).ok())
            .and_then(|f| Judge::of_finding(&f).ok())
    };
    let t = table(dir, judge.as_mut());
    let all_executions: Option<BTreeMap<String, u64>> = last
        .as_ref()
        .and_then(|l| l.get("verdicts"))
        .map(|v| serde_json::from_value(v.clone()).unwrap_or_default());
    write_table(&mut out, &t, all_executions.as_ref());
    // Sizes.
    let mut before = Vec::new();
    let mut after = Vec::new();
    for f in &findings {
        if let Some(m) = minimized_of(dir, f)
            && let Ok(text) = std::fs::read_to_string(&m)
            && let Some(from) = header_field(&text, "minimized from")
            && let Some(sizes) = from.rsplit_once('(').map(|(_, s)| s)
        {
            let nums: Vec<f64> = sizes
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|w| w.parse().ok())
                .collect();
            if let [a, b, ..] = nums.as_slice() {
                before.push(*a);
                after.push(*b);
            }
        }
    }
    out.push_str("## Findings\n\n");
    let _ = writeln!(
        out,
        "{} findings in {} buckets (by kind, answer, the most specific theory fragment of the \
         minimized formula and whether it is ground), {} variants (operators and shape).",
        findings.len(),
        bs.len(),
        bs.iter().map(|b| b.variants.len()).sum::<usize>()
    );
    if !marks.is_empty() {
        let count = |m: &str| marks.values().filter(|c| c.mark.to_string() == m).count();
        let _ = writeln!(
            out,
            "Confirmed {}, suspect {}, flaky {}, not reproduced {}.",
            count("confirmed"),
            count("suspect"),
            count("flaky"),
            count("not-reproduced")
        );
    }
    if let (Some(a), Some(b)) = (median(&mut before), median(&mut after)) {
        let _ = writeln!(
            out,
            "Median size of the {} minimized findings: {a} AST nodes before, {b} after.",
            before.len()
        );
    }
    let count = |f: fn(&BucketStatus) -> bool| statuses.iter().filter(|s| f(s)).count();
    let _ = writeln!(
        out,
        "New {}, fixed in a later release {}, known {}, retired {}, undecided {}, not \
         reproduced {}.",
        count(|s| matches!(s, BucketStatus::New(_))),
        count(|s| matches!(s, BucketStatus::FixedIn(_))),
        count(|s| matches!(s, BucketStatus::Known)),
        count(|s| matches!(s, BucketStatus::Retired(..))),
        count(|s| matches!(s, BucketStatus::Undecided(_))),
        count(|s| matches!(s, BucketStatus::NotReproduced(_)))
    );
    out.push('\n');
    for (b, status) in bs.iter().zip(&statuses) {
        let diagnosis = records::diagnosis_of(&b.findings, &diagnoses);
        bucket_section(&mut out, b, &marks, &bisections, status, diagnosis);
    }
    let report = dir.join("report.md");
    std::fs::write(&report, out).map_err(|e| format!("{}: {e}", report.display()))?;
    Ok(ReportSummary {
        report,
        plot: plot_path,
        findings: findings.len(),
        buckets: bs.len(),
        defects: ds.len(),
        statuses: bs
            .iter()
            .zip(statuses)
            .map(|(b, s)| (b.key.id(), b.key.to_string(), s, b.findings.len()))
            .collect(),
    })
}

fn median(v: &mut [f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len().is_multiple_of(2) {
        (v[m - 1] + v[m]) / 2.0
    } else {
        v[m]
    })
}
