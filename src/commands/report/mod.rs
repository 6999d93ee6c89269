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
//! - one section per bucket ([`buckets`]): its findings and their marks
//!   (`confirm.jsonl`), the smallest formula (a minimized one when
//!   `minimize DIR` ran), its replay command, the releases that fail
//!   (`bisect.jsonl`), its status (**new** when the newest release judged
//!   still fails, **fixed in X** when not, known when the known-bugs file
//!   lists it) and a paste-ready issue text: the minimal formula first, the
//!   version and options, the expected answer with its one-line argument.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::commands::bisect::{Bisection, Outcome};
use crate::commands::confirm::Confirmation;
use crate::commands::minimize::{
    Bucket, buckets, finding_files, minimized_of, open_judge, spec_of,
};
use crate::finding::{Finding, files_under, header_field};
use crate::fuzz::feedback::kept::KEPT_VERDICTS;
use crate::triage::Judge;
use crate::triage::KnownBugs;
use crate::triage::plot;
use crate::truth::Case;

/// The verdict columns, in the papers' order, and the kinds each counts.
const COLUMNS: [(&str, &[&str]); 11] = [
    ("IM", &["invalid-model"]),
    ("IC", &["invalid-core"]),
    ("Unsound", &["unsound"]),
    ("Crash", &["crash"]),
    ("S", &["sat"]),
    ("U", &["unsat", "imprecise-core"]),
    ("K", &["unknown"]),
    ("T", &["timeout"]),
    ("E", &["error", "incomplete"]),
    ("NE", &["not-expressible"]),
    ("LC", &["label-contradicted"]),
];

/// Verdict kind counts per (category, transformation).
type Table = BTreeMap<(String, String), BTreeMap<String, u64>>;

fn row_of(case: &Case) -> (String, String) {
    (
        case.provenance.category.clone(),
        case.provenance
            .chain
            .last()
            .cloned()
            .unwrap_or_else(|| "none".into()),
    )
}

/// The corpus entries' rows and verdicts as the campaign recorded them
/// (`corpus-verdicts.tsv`, one line per entry, each entry counted once),
/// if it did.
fn kept_verdicts(dir: &Path) -> Option<Vec<((String, String), String)>> {
    let text = std::fs::read_to_string(dir.join(KEPT_VERDICTS)).ok()?;
    let mut seen = std::collections::BTreeSet::new();
    Some(
        text.lines()
            .filter_map(|l| {
                let mut f = l.split('\t');
                let (hash, kind, category, transformation) =
                    (f.next()?, f.next()?, f.next()?, f.next()?);
                seen.insert(hash.to_string()).then(|| {
                    (
                        (category.to_string(), transformation.to_string()),
                        kind.to_string(),
                    )
                })
            })
            .collect(),
    )
}

/// The table's rows from the kept cases; the corpus entries' verdicts are
/// read from what the campaign recorded, or else judged on `judge`.
fn table(dir: &Path, judge: Option<&mut Judge>) -> Table {
    let mut t = Table::new();
    for sub in ["findings", "unknown", "timeout"] {
        let (files, _) = files_under(&dir.join(sub));
        for f in files
            .iter()
            .filter(|f| f.extension().is_some_and(|x| x == "smt2"))
        {
            let Ok(text) = std::fs::read_to_string(f) else {
                continue;
            };
            let (Some(kind), Ok(case)) = (
                header_field(&text, "equifuzz finding"),
                crate::finding::read_case(&text, "unknown"),
            ) else {
                continue;
            };
            *t.entry(row_of(&case))
                .or_default()
                .entry(kind.into())
                .or_default() += 1;
        }
    }
    if let Some(kept) = kept_verdicts(dir) {
        for (row, kind) in kept {
            *t.entry(row).or_default().entry(kind).or_default() += 1;
        }
    } else if let Some(judge) = judge {
        let (files, _) = files_under(&dir.join("corpus"));
        let cases: Vec<Case> = files
            .iter()
            .filter(|f| {
                !f.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .filter_map(|f| std::fs::read(f).ok())
            .filter_map(|b| postcard::from_bytes::<Case>(&b).ok())
            .collect();
        for (i, case) in cases.iter().enumerate() {
            if i % 50 == 0 {
                eprintln!("  judging the corpus: {i}/{}", cases.len());
            }
            let kind = judge.judge(case).verdict.kind();
            *t.entry(row_of(case))
                .or_default()
                .entry(kind.into())
                .or_default() += 1;
        }
    }
    t
}

fn table_row(out: &mut String, label: &str, counts: &BTreeMap<String, u64>) {
    let total: u64 = counts.values().sum();
    let mut line = format!("| {label} | {total} |");
    for (_, kinds) in COLUMNS {
        let n: u64 = kinds.iter().filter_map(|k| counts.get(*k)).sum();
        let _ = write!(line, " {n} |");
    }
    out.push_str(&line);
    out.push('\n');
}

fn read_jsonl<T: serde::de::DeserializeOwned>(path: &Path) -> Vec<T> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// The script of a finding without our comments (what a solver developer
/// runs), with the status.
fn bare_script(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with(';'))
        .collect::<Vec<_>>()
        .join("\n")
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

/// Whether a bucket is worth reporting: what its bisection found on the
/// newest release, or that the known-bugs file lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BucketStatus {
    /// The newest release judged still fails the same way, or no release
    /// fails at all (a bug of the build under test alone): why, in words.
    New(String),
    /// The newest release is right; this is the first good release after
    /// the last bad one.
    FixedIn(String),
    /// Listed in the known-bugs file.
    Known,
    /// Every release that still runs the finding fails it, up to the
    /// first field; the newer ones, the newest (second field) among them,
    /// no longer run it (an option or solver part removed, as Z3 5.x
    /// answers `unknown` to everything with `smt.string_solver=z3str3`),
    /// why in the third. Nothing to report: the code is gone.
    Retired(String, String, String),
    /// Not bisected, or the newest release did something else: why.
    Undecided(String),
}

impl std::fmt::Display for BucketStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BucketStatus::New(why) => write!(f, "new ({why})"),
            BucketStatus::FixedIn(v) => write!(f, "fixed in {v}"),
            BucketStatus::Known => write!(f, "known (in the known-bugs file)"),
            BucketStatus::Retired(last_bad, newest, why) => write!(
                f,
                "retired: fails up to {last_bad}, the last release that runs it; \
                 {newest} does not ({why})"
            ),
            BucketStatus::Undecided(why) => write!(f, "undecided: {why}"),
        }
    }
}

/// The status of bucket `b` (see [`BucketStatus`]).
pub fn bucket_status(
    b: &Bucket,
    bisections: &BTreeMap<String, Bisection>,
    known: &KnownBugs,
) -> BucketStatus {
    let formula = std::fs::read_to_string(&b.representative)
        .ok()
        .and_then(|t| crate::term::parse_script(&t).ok())
        .and_then(|s| crate::term::Formula::from_script(&s).ok());
    if known.contains(&b.key, formula.as_ref()) {
        return BucketStatus::Known;
    }
    // The representative, else any finding of the bucket bisected (triage
    // bisects one per campaign bucket, which may not be the smallest).
    let names =
        std::iter::once(file_name(&b.representative)).chain(b.findings.iter().flat_map(|f| {
            let stem = f.file_stem().unwrap_or_default().to_string_lossy();
            [file_name(f), format!("{stem}.min.smt2")]
        }));
    let Some(bisection) = names.into_iter().find_map(|n| bisections.get(&n)) else {
        return BucketStatus::Undecided("not bisected".into());
    };
    let Some((newest, outcome, verdict)) = bisection.releases.last() else {
        return BucketStatus::Undecided("no release judged".into());
    };
    let any_bad = bisection.releases.iter().any(|r| r.1 == Outcome::Bad);
    match outcome {
        Outcome::Bad => BucketStatus::New(format!("the newest release, {newest}, still fails")),
        Outcome::Good if !any_bad => BucketStatus::New(
            "no release of the range fails: only the solver it was found on".into(),
        ),
        Outcome::Good => {
            let last_bad = bisection.releases.iter().rposition(|r| r.1 == Outcome::Bad);
            let fixed = last_bad
                .and_then(|i| {
                    bisection.releases[i + 1..]
                        .iter()
                        .find(|r| r.1 == Outcome::Good)
                })
                .map_or_else(|| newest.clone(), |r| r.0.clone());
            BucketStatus::FixedIn(fixed)
        }
        Outcome::Other => {
            // E.g. an option the newest release no longer has. The newest
            // release that answered decides: still failing there, the
            // failure lasted as long as the code did; right there, it was
            // fixed before the code went.
            let said: String = verdict.chars().take(120).collect();
            let answered = bisection
                .releases
                .iter()
                .rposition(|r| matches!(r.1, Outcome::Bad | Outcome::Good));
            // Retired only when the newest refuses to run it (it cannot
            // load the options): an `unknown` there may be the same bug.
            let refused = verdict.starts_with("cannot use");
            match answered.map(|i| (i, &bisection.releases[i])) {
                Some((_, (last, Outcome::Bad, _))) if refused => {
                    BucketStatus::Retired(last.clone(), newest.clone(), said)
                }
                Some((_, (last, Outcome::Bad, _))) => BucketStatus::Undecided(format!(
                    "the newest release ({newest}) did not answer it: {said}; fails up to {last}"
                )),
                Some((i, _)) if any_bad => {
                    let last_bad = bisection.releases[..i]
                        .iter()
                        .rposition(|r| r.1 == Outcome::Bad)
                        .unwrap_or(0);
                    let fixed = bisection.releases[last_bad + 1..=i]
                        .iter()
                        .find(|r| r.1 == Outcome::Good)
                        .map_or_else(|| newest.clone(), |r| r.0.clone());
                    BucketStatus::FixedIn(fixed)
                }
                _ => BucketStatus::Undecided(format!(
                    "the newest release ({newest}) did not answer it: {said}"
                )),
            }
        }
        Outcome::Untested => {
            BucketStatus::Undecided(format!("the newest release ({newest}) not judged"))
        }
    }
}

/// The one-line argument for a finding's expected answer, from its header.
fn argument(text: &str, expected: &str) -> String {
    let model: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim() != "; model:")
        .skip(1)
        .take_while(|l| l.trim_start().starts_with(";   ("))
        .map(|l| l.trim_start_matches(';').trim())
        .collect();
    if expected == "sat" && !model.is_empty() {
        return format!(
            "sat: this model satisfies every assertion: {}",
            model.join(" ")
        );
    }
    let ground = !text
        .lines()
        .any(|l| l.starts_with("(declare-const") || l.starts_with("(declare-fun"));
    if expected == "sat" && ground {
        return "sat: no constant is declared and every assertion evaluates to true under \
                SMT-LIB semantics"
            .into();
    }
    if let Some(core) = header_field(text, "expected unsat core") {
        return format!(
            "unsat: the assertions {} cannot hold together (built unsat by construction)",
            core.trim_matches(|c| c == '(' || c == ')')
        );
    }
    format!("{expected} by construction")
}

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
    /// Each bucket's id, key, status and findings, in report order.
    pub statuses: Vec<(String, String, BucketStatus, usize)>,
}

fn bucket_section(
    out: &mut String,
    b: &Bucket,
    marks: &BTreeMap<String, Confirmation>,
    bisections: &BTreeMap<String, Bisection>,
    status: &BucketStatus,
) {
    let id = b.key.id();
    let _ = writeln!(out, "### Bucket {id}: {}\n", b.key);
    let shown = match status {
        BucketStatus::New(_) | BucketStatus::FixedIn(_) => format!("**{status}**"),
        other => other.to_string(),
    };
    let _ = writeln!(out, "Status: {shown}\n");
    let _ = writeln!(
        out,
        "{} finding(s) in {} variant(s) (operators and shape of the minimized formula):\n",
        b.findings.len(),
        b.variants.len()
    );
    for (v, n) in &b.variants {
        let _ = writeln!(out, "- {n} × `{}`", truncate(v, 160));
    }
    let _ = writeln!(out);
    for f in &b.findings {
        let mark = marks
            .get(&file_name(f))
            .map(|c| {
                format!(
                    " — **{}** (reproduced {}/{}, other seeds {}/{}{})",
                    c.mark,
                    c.reproduced.0,
                    c.reproduced.1,
                    c.seeds.0,
                    c.seeds.1,
                    c.others
                        .iter()
                        .map(|(n, v)| format!("; {}: {}", short(n), v))
                        .collect::<String>()
                )
            })
            .unwrap_or_else(|| " — not confirmed yet (`equifuzz confirm DIR`)".into());
        let _ = writeln!(out, "- `{}`{mark}", f.display());
    }
    let text = std::fs::read_to_string(&b.representative).unwrap_or_default();
    let replay = text
        .lines()
        .next()
        .unwrap_or("")
        .trim_start_matches(';')
        .trim();
    let range = bisections
        .get(&file_name(&b.representative))
        .map(Bisection::summary)
        .unwrap_or_else(|| "not bisected (`equifuzz bisect DIR`)".into());
    let solver = header_field(&text, "solver").unwrap_or("the solver");
    let options = header_field(&text, "options").unwrap_or("");
    let got = header_field(&text, "got").unwrap_or("");
    let expected = header_field(&text, "expected").unwrap_or("");
    let _ = writeln!(
        out,
        "\nSmallest formula (`{}`):\n",
        b.representative.display()
    );
    let _ = writeln!(out, "```smt2\n{}\n```\n", bare_script(&text));
    let _ = writeln!(out, "Replay: `{replay}`\n");
    let _ = writeln!(out, "Releases: {range}\n");
    let ops: Vec<&str> = b.operators.iter().map(String::as_str).collect();
    let confirmed = b.findings.iter().any(|f| {
        marks
            .get(&file_name(f))
            .is_some_and(|c| c.mark == crate::commands::confirm::Mark::Confirmed)
    });
    if !confirmed {
        let _ = writeln!(
            out,
            "No issue text: no finding of this bucket is confirmed (run `equifuzz confirm DIR`; \
             a suspect, flaky or not reproduced finding is not reported).\n"
        );
        return;
    }
    // cvc5 took the formula only with an expert option set for it (a
    // constant array needs `arrays-exp`); its maintainers take no report
    // that needs one, so none is written.
    let on_cvc5 =
        solver.starts_with("cvc5") || options.split_whitespace().any(|o| o == "target=cvc5");
    let expert: Vec<String> = if on_cvc5 {
        crate::solver::cvc5_target::case_options(&bare_script(&text))
            .iter()
            .map(|o| format!("--{}", o.key))
            .collect()
    } else {
        Vec::new()
    };
    if !expert.is_empty() {
        let _ = writeln!(
            out,
            "No issue text: cvc5 takes this formula only with {} (an expert option, \
             \"EXPERTS only\" in `cvc5 --help`), and cvc5's fuzzing guidelines ask for no \
             reports that need one.\n",
            expert.join(" ")
        );
        return;
    }
    // What maintainers ask for (cvc5's fuzzing wiki, Z3's tracker): the
    // minimal formula first, the version and options, the expected answer
    // with its argument; no experimental options of ours.
    let _ = writeln!(out, "<details><summary>Issue text</summary>\n\n```text");
    let _ = writeln!(
        out,
        "Title: {solver}: {} on a formula over {}\n",
        b.key.kind,
        ops.join(", ")
    );
    let _ = writeln!(out, "{}\n", bare_script(&text));
    let _ = writeln!(
        out,
        "Version: {solver}{}",
        if options.is_empty() {
            String::new()
        } else {
            format!("; options: {options}")
        }
    );
    let _ = writeln!(out, "Expected: {}", argument(&text, expected));
    let _ = writeln!(out, "Got: {got}");
    let _ = writeln!(out, "Releases: {range}");
    let _ = writeln!(out, "```\n\n</details>\n");
}

fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

fn short(name: &str) -> String {
    name.rsplit('/').next().unwrap_or(name).to_string()
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
            .and_then(|f| open_judge(&spec_of(&f.replay), f.replay.timeout).ok())
    };
    let t = table(dir, judge.as_mut());
    out.push_str("## Verdicts by category and transformation (Table 4 / Table 6.1 form)\n\n");
    out.push_str(
        "Rows: the cases the campaign kept (findings, unknown and timeout files and corpus \
         entries, by the verdict the campaign recorded); the last transformation of each \
         case's chain. IM invalid model, IC invalid core, S sat, U unsat, K unknown, T timeout, \
         E error, NE not expressible in the release, LC label contradicted.\n\n",
    );
    let header: Vec<&str> = COLUMNS.iter().map(|(c, _)| *c).collect();
    let _ = writeln!(
        out,
        "| Category / transformation | Tests | {} |",
        header.join(" | ")
    );
    let _ = writeln!(out, "|---|---:|{}", "---:|".repeat(COLUMNS.len()));
    for ((cat, tr), counts) in &t {
        table_row(&mut out, &format!("{cat} / {tr}"), counts);
    }
    if let Some(v) = last.as_ref().and_then(|l| l.get("verdicts")) {
        let counts: BTreeMap<String, u64> = serde_json::from_value(v.clone()).unwrap_or_default();
        table_row(&mut out, "**all executions** (stats.jsonl)", &counts);
    }
    out.push('\n');
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
    let bs = buckets(dir);
    let marks: BTreeMap<String, Confirmation> =
        read_jsonl::<Confirmation>(&dir.join("confirm.jsonl"))
            .into_iter()
            .map(|c| (file_name(&c.file), c))
            .collect();
    let bisections: BTreeMap<String, Bisection> =
        read_jsonl::<Bisection>(&dir.join("bisect.jsonl"))
            .into_iter()
            .map(|b| (file_name(&b.file), b))
            .collect();
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
    let statuses: Vec<BucketStatus> = bs
        .iter()
        .map(|b| bucket_status(b, &bisections, known))
        .collect();
    let count = |f: fn(&BucketStatus) -> bool| statuses.iter().filter(|s| f(s)).count();
    let _ = writeln!(
        out,
        "New {}, fixed in a later release {}, known {}, retired {}, undecided {}.",
        count(|s| matches!(s, BucketStatus::New(_))),
        count(|s| matches!(s, BucketStatus::FixedIn(_))),
        count(|s| matches!(s, BucketStatus::Known)),
        count(|s| matches!(s, BucketStatus::Retired(..))),
        count(|s| matches!(s, BucketStatus::Undecided(_)))
    );
    out.push('\n');
    for (b, status) in bs.iter().zip(&statuses) {
        bucket_section(&mut out, b, &marks, &bisections, status);
    }
    let report = dir.join("report.md");
    std::fs::write(&report, out).map_err(|e| format!("{}: {e}", report.display()))?;
    Ok(ReportSummary {
        report,
        plot: plot_path,
        findings: findings.len(),
        buckets: bs.len(),
        statuses: bs
            .iter()
            .zip(statuses)
            .map(|(b, s)| (b.key.id(), b.key.to_string(), s, b.findings.len()))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_read_from_the_recorded_verdicts_once_per_entry() {
        let dir = std::env::temp_dir().join(format!("equifuzz-kept-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("corpus")).unwrap();
        // A corpus file that is no case: judging it would need a solver
        // and a case; the recorded verdicts need neither.
        std::fs::write(dir.join("corpus/garbage"), b"not postcard").unwrap();
        std::fs::write(
            dir.join(KEPT_VERDICTS),
            "00000000000000aa\tsat\tequivalent-formula\tnoise\n\
             00000000000000bb\tunsat\tequivalent-formula\tnoise\n\
             00000000000000aa\tsat\tequivalent-formula\tnoise\n\
             a torn line\n",
        )
        .unwrap();
        let t = table(&dir, None);
        std::fs::remove_dir_all(&dir).ok();
        let row = &t[&("equivalent-formula".to_string(), "noise".to_string())];
        assert_eq!(
            row,
            &BTreeMap::from([("sat".to_string(), 1), ("unsat".to_string(), 1)])
        );
        assert_eq!(t.len(), 1);
    }

    #[test]
    fn a_bucket_is_new_fixed_known_or_undecided_by_its_bisection() {
        use crate::term::{Formula, parse_script};
        let formula = Formula::from_script(
            &parse_script("(declare-const s String)(assert (= (str.len s) 1))").unwrap(),
        )
        .unwrap();
        let bucket = Bucket {
            key: crate::finding::BucketKey::new("unsound", "unsat", &formula),
            findings: vec![PathBuf::from("f.smt2")],
            representative: PathBuf::from("/nonexistent/f.min.smt2"),
            operators: Vec::new(),
            variants: BTreeMap::new(),
        };
        let with = |outcomes: &[Outcome]| {
            let releases = outcomes
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let said = if *o == Outcome::Other && i + 1 == outcomes.len() {
                        "cannot use: the option is refused"
                    } else {
                        ""
                    };
                    (format!("4.8.{i}"), *o, said.to_string())
                })
                .collect();
            BTreeMap::from([(
                "f.min.smt2".to_string(),
                Bisection {
                    file: bucket.representative.clone(),
                    releases,
                },
            )])
        };
        let none = KnownBugs::default();
        use Outcome::*;
        let status = |o: &[Outcome]| bucket_status(&bucket, &with(o), &none);
        assert!(matches!(
            status(&[Bad, Untested, Bad]),
            BucketStatus::New(_)
        ));
        assert_eq!(
            status(&[Bad, Bad, Good, Untested, Good]),
            BucketStatus::FixedIn("4.8.2".into())
        );
        // Only the build it was found on fails: a regression, new.
        assert!(
            matches!(status(&[Good, Good]), BucketStatus::New(w) if w.contains("only the solver"))
        );
        // The newest release no longer runs it: the last one that does
        // decides.
        assert_eq!(
            status(&[Bad, Bad, Other]),
            BucketStatus::Retired(
                "4.8.1".into(),
                "4.8.2".into(),
                "cannot use: the option is refused".into()
            )
        );
        assert_eq!(
            status(&[Bad, Good, Other]),
            BucketStatus::FixedIn("4.8.1".into())
        );
        assert!(matches!(
            status(&[Other, Other]),
            BucketStatus::Undecided(_)
        ));
        // An `unknown` on the newest is no refusal: it may be the same bug.
        let mut unknown = with(&[Bad, Other]);
        unknown.get_mut("f.min.smt2").unwrap().releases[1].2 = "unknown".into();
        assert!(matches!(
            bucket_status(&bucket, &unknown, &none),
            BucketStatus::Undecided(w) if w.contains("fails up to 4.8.0")
        ));
        assert!(matches!(
            bucket_status(&bucket, &BTreeMap::new(), &none),
            BucketStatus::Undecided(_)
        ));
        let known = KnownBugs::parse(&format!("{}\n", bucket.key.id())).unwrap();
        assert_eq!(
            bucket_status(&bucket, &with(&[Bad]), &known),
            BucketStatus::Known
        );
    }

    #[test]
    fn a_cvc5_finding_that_needs_an_expert_option_gets_no_issue_text() {
        use crate::commands::confirm::Mark;
        use crate::term::{Formula, parse_script};
        let dir = std::env::temp_dir().join(format!("equifuzz-expert-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let body = "(declare-const a (Array Int (Array Int Int)))\n(declare-const b Bool)\n\
                    (assert (= (select (select (ite b ((as const (Array Int (Array Int Int))) \
                    ((as const (Array Int Int)) 0)) a) 0) 0) (- 4)))\n(check-sat)\n";
        let section = |solver: &str, options: &str, body: &str| {
            let file = dir.join("f.smt2");
            std::fs::write(
                &file,
                format!(
                    "; equifuzz run f.smt2 --target cvc5\n; equifuzz finding: invalid-model\n\
                     ; expected: sat\n; got: INVALID MODEL\n; solver: {solver}\n\
                     ; options: {options}\n{body}"
                ),
            )
            .unwrap();
            let formula = Formula::from_script(&parse_script(body).unwrap()).unwrap();
            let bucket = Bucket {
                key: crate::finding::BucketKey::new("invalid-model", "sat", &formula),
                findings: vec![file.clone()],
                representative: file.clone(),
                operators: vec!["select".into()],
                variants: BTreeMap::new(),
            };
            let marks = BTreeMap::from([(
                "f.smt2".to_string(),
                Confirmation {
                    file,
                    mark: Mark::Confirmed,
                    kind: "invalid-model".into(),
                    reproduced: (3, 3),
                    seeds: (2, 2),
                    others: Vec::new(),
                },
            )]);
            let mut out = String::new();
            bucket_section(
                &mut out,
                &bucket,
                &marks,
                &BTreeMap::new(),
                &BucketStatus::Undecided(String::new()),
            );
            out
        };
        let cvc5 = section("cvc5 (cvc5 1.4.2)", "target=cvc5 dialect=cvc5", body);
        assert!(
            cvc5.contains("No issue text: cvc5 takes this formula only with --arrays-exp"),
            "{cvc5}"
        );
        assert!(!cvc5.contains("Title:"), "{cvc5}");
        // Z3 takes constant arrays on its defaults: its text is written.
        let z3 = section("z3 (Z3 4.8.14.0)", "target=z3", body);
        assert!(z3.contains("Title:"), "{z3}");
        // Without a constant array cvc5 needs no expert option.
        let plain = body.replace(
            "((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 0))",
            "a",
        );
        let cvc5 = section("cvc5 (cvc5 1.4.2)", "target=cvc5", &plain);
        assert!(cvc5.contains("Title:"), "{cvc5}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
