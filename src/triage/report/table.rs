//! The papers' table (Table 4 / Table 6.1 form): per category and
//! transformation (the last of the chain), the cases the campaign kept
//! and their verdicts, in the papers' columns.
//!
//! Findings, unknown and timeout files count by the verdict they record;
//! corpus entries by the verdict the campaign recorded
//! (`corpus-verdicts.tsv`), or, in an older campaign's folder, judged again
//! on the campaign's solver.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::finding::{KEPT_VERDICTS, files_under, header_field};
use crate::triage::Judge;
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
pub(super) type Table = BTreeMap<(String, String), BTreeMap<String, u64>>;

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
pub(super) fn table(dir: &Path, judge: Option<&mut Judge>) -> Table {
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

/// The table as a section of the report, with a last row of every
/// execution's verdicts (`all_executions`, from `stats.jsonl`) if known.
pub(super) fn write_table(
    out: &mut String,
    t: &Table,
    all_executions: Option<&BTreeMap<String, u64>>,
) {
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
    for ((cat, tr), counts) in t {
        table_row(out, &format!("{cat} / {tr}"), counts);
    }
    if let Some(counts) = all_executions {
        table_row(out, "**all executions** (stats.jsonl)", counts);
    }
    out.push('\n');
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
}
