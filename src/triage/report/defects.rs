//! Defects, not buckets: the report's first screen groups the buckets whose
//! findings share a cause, each grouping with the evidence the report shows
//! for it.
//!
//! A bucket is what one key names (kind, answer, fragment, settings, crash
//! site); one defect of a solver often fills several: Z3 5.4.1's local
//! search aborts with "NOT IMPLEMENTED YET" at several lines of its sequence
//! plugin, one bucket per line. Buckets are joined, and only, when:
//!
//! - **one crash family**: their crash sites name the same source file
//!   and the same kind of abort ([`SiteParts`]: not implemented,
//!   unreachable, a failed assertion); the sites are listed;
//! - **one settings and shape**: no crash site, the same settings (those
//!   the minimized files kept, the essential ones) and the same shape of
//!   the smallest formula (operators and structure, names and literals
//!   erased: `finding::shape`), with kinds or answers that differ (else
//!   they would be one bucket);
//! - **minimized into**: a finding a campaign counted in one bucket (its
//!   `; bucket:` line), minimized, falls into another;
//! - **one cause by cross-replay**: no crash site, the same kind and
//!   answer, every bucket's failure goes away when its assertions are not
//!   named (`diagnose.jsonl`'s `without_names`, see
//!   `triage::cross_replay`), and every one sets the essential settings of
//!   a minimized one among them (not none): Z3's local search answered
//!   `sat` to named unsat formulas of five theories, under whatever other
//!   settings the campaign drew, one bucket each, one defect. A failure
//!   that stays without names is not joined by this rule: that is evidence
//!   of another cause; nor is one that lacks the anchor's settings.
//!
//! - **one settings, its model rejected by the solver**: no crash site,
//!   answer sat, the solver's own model validation rejects the model it
//!   answered with (`diagnose.jsonl`), and every bucket sets the essential
//!   settings of a minimized one among them (not none): a solver part that
//!   answers sat without checking its model gives wrong sats and invalid
//!   models alike, one bucket per theory and kind.
//!
//! # Invariants
//!
//! - Every bucket is in exactly one defect, or triage could not reproduce
//!   it (`report::reproduced`) and it is in none and joins none; a bucket
//!   joined to no other is a defect of its own, and a joined one lists why.
//! - Grouping reads only the buckets, their files and the records triage
//!   wrote (`diagnose.jsonl`): no solver runs, so the report stays a
//!   reading of what triage wrote.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::finding::{formula_of_text, header_field, shape};
use crate::oracle::SiteParts;
use crate::triage::bisect::Bisection;
use crate::triage::diagnose::Diagnosis;
use crate::triage::findings::{Bucket, minimized_of};

use super::bucket_status::{BucketStatus, bisection_of};
use super::records::diagnosis_of;
use super::reproduced::not_reproduced;

/// One defect: buckets that share a cause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defect {
    /// What they share, in words: a crash family, or the one bucket's key.
    pub cause: String,
    /// Its buckets, as indices into the buckets it was grouped from.
    pub buckets: Vec<usize>,
    /// Why the buckets are one defect, one line per join (empty for one
    /// bucket).
    pub evidence: Vec<String>,
}

/// Buckets `bs` of the campaign folder `dir` grouped into defects (see the
/// module docs), in the order of their first bucket.
pub fn defects(dir: &Path, bs: &[Bucket]) -> Vec<Defect> {
    let mut joins = Joins::new(bs.len());
    let mut evidence: Vec<(usize, String)> = Vec::new();
    // A bucket triage could not reproduce is no defect and joins none.
    let (marks, bisections) = (super::records::marks(dir), super::records::bisections(dir));
    let gone: Vec<bool> = bs
        .iter()
        .map(|b| not_reproduced(dir, b, &marks, &bisections).is_some())
        .collect();
    // One crash family: same file, same kind of abort.
    let mut families: BTreeMap<(String, &'static str), Vec<(usize, SiteParts)>> = BTreeMap::new();
    for (i, b) in bs.iter().enumerate() {
        if gone[i] {
            continue;
        }
        if let Some(parts) = b.key.crash_site.as_deref().and_then(SiteParts::of) {
            families
                .entry((parts.file.clone(), parts.abort))
                .or_default()
                .push((i, parts));
        }
    }
    for ((file, abort), members) in &families {
        if members.len() < 2 {
            continue;
        }
        for (i, _) in &members[1..] {
            joins.join(members[0].0, *i);
        }
        let sites = members
            .iter()
            .map(|(i, p)| format!("{} (bucket {})", line_of(p), bs[*i].key.id()))
            .collect::<Vec<_>>()
            .join(", ");
        evidence.push((
            members[0].0,
            format!("one crash family: {abort} in `{file}` at {sites}"),
        ));
    }
    // One settings and shape.
    let mut shapes: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (i, b) in bs.iter().enumerate() {
        if b.key.crash_site.is_some() || gone[i] {
            continue;
        }
        let Some(formula) = std::fs::read_to_string(&b.representative)
            .ok()
            .and_then(|t| formula_of_text(&t))
        else {
            continue;
        };
        shapes
            .entry((b.key.settings.to_string(), shape(&formula)))
            .or_default()
            .push(i);
    }
    for ((settings, shape), members) in &shapes {
        if members.len() < 2 {
            continue;
        }
        for i in &members[1..] {
            joins.join(members[0], *i);
        }
        let settings = if settings.is_empty() {
            "default settings".to_string()
        } else {
            format!("settings {settings}")
        };
        evidence.push((
            members[0],
            format!(
                "one settings and shape: buckets {} minimize to `{}` under {settings}",
                ids(bs, members),
                truncate(shape, 120)
            ),
        ));
    }
    // One cause by cross-replay: the same kind and answer, each bucket's
    // failure gone when its assertions are not named
    // (`triage::cross_replay`), and the essential settings of a minimized
    // one (its anchor) set in every other: one mechanism, not one bucket
    // per theory and per setting the campaign happened to add.
    let diagnoses = super::records::diagnoses(dir);
    let mut named: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (i, b) in bs.iter().enumerate() {
        if b.key.crash_site.is_some() || b.key.settings.is_empty() || gone[i] {
            continue;
        }
        let needs_names = diagnosis_of(&b.findings, &diagnoses)
            .and_then(|d| d.without_names.as_ref())
            .and_then(|c| c.needs_names);
        if needs_names == Some(true) {
            named
                .entry((b.key.kind.clone(), b.key.answer.clone()))
                .or_default()
                .push(i);
        }
    }
    for ((kind, answer), members) in &named {
        let minimized = |i: usize| {
            bs[i]
                .representative
                .parent()
                .is_some_and(|p| p.ends_with("minimized"))
        };
        for &anchor in members.iter().filter(|&&i| minimized(i)) {
            let essential: Vec<_> = bs[anchor].key.settings.iter().collect();
            let joined: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&j| {
                    j != anchor
                        && essential
                            .iter()
                            .all(|e| bs[j].key.settings.get(&e.key) == Some(e.value.as_str()))
                })
                .collect();
            if joined.is_empty() {
                continue;
            }
            for &j in &joined {
                joins.join(anchor, j);
            }
            let mut all = vec![anchor];
            all.extend(&joined);
            evidence.push((
                anchor,
                format!(
                    "one cause by cross-replay: buckets {} are {kind} (answer {answer}), each \
                     answered right when its assertions are not named (the solver's tracking of \
                     named assertions), and each sets {}, all that bucket {}'s minimized \
                     formula needs",
                    ids(bs, &all),
                    bs[anchor].key.settings,
                    bs[anchor].key.id()
                ),
            ));
        }
    }
    // One settings, its model rejected by the solver's own check: the
    // answer sat, the model the solver made rejected by its own validation
    // (`diagnose.jsonl`: a check that flags model construction), and the
    // essential settings of a minimized one set in every other: the solver
    // answers sat from a part that does not check its model (Z3's local
    // search), whatever the kind our semantics gives the symptom (a wrong
    // sat to an unsat formula, an invalid model of a sat one).
    let mut rejected: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, b) in bs.iter().enumerate() {
        if b.key.crash_site.is_some()
            || b.key.settings.is_empty()
            || gone[i]
            || b.key.answer != "sat"
        {
            continue;
        }
        let flagged = diagnosis_of(&b.findings, &diagnoses).and_then(|d| {
            d.checks
                .iter()
                .find(|c| c.flags && c.points_at.starts_with("model construction"))
        });
        if let Some(c) = flagged {
            rejected.entry(c.check.clone()).or_default().push(i);
        }
    }
    for (check, members) in &rejected {
        let minimized = |i: usize| {
            bs[i]
                .representative
                .parent()
                .is_some_and(|p| p.ends_with("minimized"))
        };
        for &anchor in members.iter().filter(|&&i| minimized(i)) {
            let essential: Vec<_> = bs[anchor].key.settings.iter().collect();
            let joined: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&j| {
                    j != anchor
                        && joins.root(j) != joins.root(anchor)
                        && essential
                            .iter()
                            .all(|e| bs[j].key.settings.get(&e.key) == Some(e.value.as_str()))
                })
                .collect();
            if joined.is_empty() {
                continue;
            }
            for &j in &joined {
                joins.join(anchor, j);
            }
            let mut all = vec![anchor];
            all.extend(&joined);
            evidence.push((
                anchor,
                format!(
                    "one settings, its model rejected by the solver: buckets {} answered sat with \
                     a model the solver's own `{check}` rejects, and each sets {}, all that bucket \
                     {}'s minimized formula needs",
                    ids(bs, &all),
                    bs[anchor].key.settings,
                    bs[anchor].key.id()
                ),
            ));
        }
    }
    // Minimized into another bucket.
    let by_id: BTreeMap<String, usize> = bs
        .iter()
        .enumerate()
        .map(|(i, b)| (b.key.id(), i))
        .collect();
    for (i, b) in bs.iter().enumerate() {
        for f in &b.findings {
            let Some(counted) = campaign_bucket(f) else {
                continue;
            };
            let Some(&from) = by_id.get(&counted) else {
                continue;
            };
            if from == i || gone[from] || minimized_of(dir, f).is_none() {
                continue;
            }
            joins.join(from, i);
            evidence.push((
                from,
                format!(
                    "minimized into: `{}`, counted in bucket {counted}, minimizes into bucket {}",
                    name(f),
                    b.key.id()
                ),
            ));
        }
    }
    // The groups, in the order of their first bucket.
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in (0..bs.len()).filter(|&i| !gone[i]) {
        groups.entry(joins.root(i)).or_default().push(i);
    }
    let mut out: Vec<Defect> = groups
        .into_values()
        .map(|buckets| {
            let cause = families
                .iter()
                .find(|(_, m)| m.iter().any(|(i, _)| buckets.contains(i)))
                .filter(|(_, m)| m.len() > 1)
                .map(|((file, abort), m)| {
                    let lines: Vec<String> = m.iter().map(|(_, p)| line_of(p)).collect();
                    format!("crash: {abort} in `{file}` ({})", lines.join(", "))
                })
                .unwrap_or_else(|| bs[buckets[0]].key.to_string());
            let evidence = evidence
                .iter()
                .filter(|(i, _)| buckets.contains(i))
                .map(|(_, e)| e.clone())
                .collect();
            Defect {
                cause,
                buckets,
                evidence,
            }
        })
        .collect();
    out.sort_by_key(|d| d.buckets[0]);
    out
}

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
         cross-replay, one settings with its model rejected by the solver) are one defect, the \
         evidence under it; each bucket's section follows below.\n",
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

/// The bucket id a campaign wrote in a finding (`; bucket: ID`).
fn campaign_bucket(f: &Path) -> Option<String> {
    let text = std::fs::read_to_string(f).ok()?;
    header_field(&text, "bucket").map(str::to_string)
}

fn line_of(p: &SiteParts) -> String {
    p.line
        .map_or_else(|| "no line".to_string(), |l| format!("line {l}"))
}

fn ids(bs: &[Bucket], members: &[usize]) -> String {
    members
        .iter()
        .map(|&i| bs[i].key.id())
        .collect::<Vec<_>>()
        .join(", ")
}

fn name(f: &Path) -> String {
    f.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| PathBuf::from(f).display().to_string())
}

fn truncate(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((cut, _)) => format!("{}…", &s[..cut]),
        None => s.to_string(),
    }
}

/// Which buckets are joined: a union-find over their indices.
struct Joins(Vec<usize>);

impl Joins {
    fn new(n: usize) -> Joins {
        Joins((0..n).collect())
    }

    fn root(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    /// Joins two groups under the smaller index, so a group's root is its
    /// first bucket.
    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root(a), self.root(b));
        let (lo, hi) = (ra.min(rb), ra.max(rb));
        self.0[hi] = lo;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::BucketKey;
    use crate::term::{Formula, parse_script};

    fn bucket(dir: &Path, name: &str, site: Option<&str>, text: &str) -> Bucket {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let formula = formula_of_text(text).unwrap_or_else(|| {
            Formula::from_script(&parse_script("(assert true)").unwrap()).unwrap()
        });
        let mut key = BucketKey::new(
            if site.is_some() { "crash" } else { "unsound" },
            "sat",
            &formula,
        );
        if let Some(s) = site {
            key = BucketKey::of_case(
                "crash",
                "crash",
                &crate::truth::Case::new(
                    formula,
                    crate::truth::Truth::Sat {
                        model: Default::default(),
                    },
                    Default::default(),
                ),
                Some(s),
            );
        }
        Bucket {
            key,
            findings: vec![path.clone()],
            representative: path,
            operators: Vec::new(),
            variants: BTreeMap::new(),
        }
    }

    #[test]
    fn a_crash_family_is_one_defect_and_other_files_or_aborts_stay_apart() {
        let dir = std::env::temp_dir().join(format!("equifuzz-defects-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let site = |file: &str, line: u32, what: &str| {
            format!("ASSERTION VIOLATION File: /b/src/ast/sls/{file} Line: {line} {what}")
        };
        let f = "(declare-const s String)(assert (= (str.len s) 1))";
        let bs = vec![
            bucket(
                &dir,
                "a",
                Some(&site("sls_seq_plugin.cpp", 137, "NOT IMPLEMENTED YET!")),
                f,
            ),
            bucket(
                &dir,
                "b",
                Some(&site(
                    "sls_context.cpp",
                    362,
                    "UNEXPECTED CODE WAS REACHED.",
                )),
                f,
            ),
            bucket(
                &dir,
                "c",
                Some(&site("sls_seq_plugin.cpp", 508, "NOT IMPLEMENTED YET!")),
                f,
            ),
            bucket(
                &dir,
                "d",
                Some(&site(
                    "sls_seq_plugin.cpp",
                    1319,
                    "UNEXPECTED CODE WAS REACHED.",
                )),
                f,
            ),
            bucket(&dir, "e", None, f),
        ];
        let ds = defects(&dir, &bs);
        let groups: Vec<Vec<usize>> = ds.iter().map(|d| d.buckets.clone()).collect();
        assert_eq!(groups, [vec![0, 2], vec![1], vec![3], vec![4]]);
        assert_eq!(
            ds[0].cause,
            "crash: not implemented in `src/ast/sls/sls_seq_plugin.cpp` (line 137, line 508)"
        );
        assert_eq!(ds[0].evidence.len(), 1, "{:?}", ds[0].evidence);
        assert!(ds[1].evidence.is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn one_cause_by_cross_replay_joins_only_buckets_whose_failure_needs_the_names() {
        let dir =
            std::env::temp_dir().join(format!("equifuzz-defects-cross-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("minimized")).unwrap();
        let sls = "(set-option :smt.sls.enable true)\n";
        let bodies = [
            format!("{sls}(declare-const s String)(assert (= (str.len s) 1))\n"),
            format!(
                "{sls}(set-option :rewriter.flat true)(declare-const s String)\
                 (assert (= (str.++ s s) \"aa\"))\n"
            ),
            format!("{sls}(declare-const s String)(assert (str.prefixof s \"a\"))\n"),
            format!("{sls}(declare-const s String)(assert (str.suffixof s \"a\"))\n"),
            "(set-option :smt.bv.solver 2)(declare-const s String)(assert (str.contains s \"a\"))\n"
                .to_string(),
        ];
        // Bucket 0 stands for a minimized file (the anchor), the others
        // for their findings.
        let bs: Vec<Bucket> = bodies
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let text = finding("unsound", "sat", None, b);
                let mut bucket = keyed(&dir, &format!("{i}.smt2"), &text);
                if i == 0 {
                    let min = dir.join("minimized/0.min.smt2");
                    std::fs::write(&min, &text).unwrap();
                    bucket.representative = min;
                }
                bucket
            })
            .collect();
        // Without records: five shapes, five defects.
        assert_eq!(defects(&dir, &bs).len(), 5);
        // 0, 1 and 4 are answered right without names, 2 fails the same
        // way without them (another cause), 3 was not tried; 4 lacks the
        // anchor's setting.
        let record = |i: usize, needs: &str| {
            format!(
                r#"{{"file":"{i}.smt2","replayed":"{i}.smt2","solver":"z3","failure":"wrong-sat","without":[],"checks":[],"without_names":{{"file":"{i}.smt2","needs_names":{needs},"said":"-"}}}}"#
            )
        };
        let lines = [
            record(0, "true"),
            record(1, "true"),
            record(2, "false"),
            record(3, "null"),
            record(4, "true"),
        ];
        std::fs::write(dir.join("diagnose.jsonl"), lines.join("\n") + "\n").unwrap();
        let ds = defects(&dir, &bs);
        let groups: Vec<Vec<usize>> = ds.iter().map(|d| d.buckets.clone()).collect();
        assert_eq!(groups, [vec![0, 1], vec![2], vec![3], vec![4]]);
        assert!(
            ds[0].evidence[0].starts_with("one cause by cross-replay"),
            "{:?}",
            ds[0].evidence
        );
        assert!(
            ds[0].evidence[0].contains("smt.sls.enable=true"),
            "{:?}",
            ds[0].evidence
        );
        // No minimized bucket among them: no anchor, nothing joined.
        let unminimized: Vec<Bucket> = bs
            .iter()
            .cloned()
            .map(|mut b| {
                b.representative = b.findings[0].clone();
                b
            })
            .collect();
        assert_eq!(defects(&dir, &unminimized).len(), 5);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn one_settings_with_its_model_rejected_joins_wrong_sats_and_invalid_models() {
        let dir =
            std::env::temp_dir().join(format!("equifuzz-defects-rejected-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("minimized")).unwrap();
        let sls = "(set-option :smt.sls.enable true)\n";
        // 0 (the anchor) and 1 are wrong sats, 2 an invalid model, all under
        // local search; 3 is one without the anchor's setting; 4 sets it
        // but the solver's check did not reject its model.
        let cases = [
            ("unsound", "unsat", format!("{sls}(declare-const s String)(assert (= (str.len s) 1))\n")),
            ("unsound", "unsat", format!("{sls}(set-option :sat.scc true)(declare-const s String)(assert (str.prefixof s \"a\"))\n")),
            ("invalid-model", "sat", format!("{sls}(declare-const s String)(assert (str.suffixof s \"a\"))\n")),
            ("invalid-model", "sat", "(set-option :smt.bv.solver 2)(declare-const s String)(assert (str.contains s \"a\"))\n".to_string()),
            ("unsound", "unsat", format!("{sls}(declare-const s String)(assert (str.in_re s re.all))\n")),
        ];
        let bs: Vec<Bucket> = cases
            .iter()
            .enumerate()
            .map(|(i, (kind, expected, body))| {
                let text = finding(kind, expected, None, body);
                let mut bucket = keyed(&dir, &format!("{i}.smt2"), &text);
                if i == 0 {
                    let min = dir.join("minimized/0.min.smt2");
                    std::fs::write(&min, &text).unwrap();
                    bucket.representative = min;
                }
                bucket
            })
            .collect();
        assert!(
            bs.iter().all(|b| b.key.answer == "sat"),
            "{:?}",
            bs.iter().map(|b| b.key.to_string()).collect::<Vec<_>>()
        );
        assert_eq!(defects(&dir, &bs).len(), 5);
        let record = |i: usize, flags: bool| {
            format!(
                r#"{{"file":"{i}.smt2","replayed":"{i}.smt2","solver":"z3","failure":"x","without":[],"checks":[{{"check":"model_validate","options":[],"taken":true,"verdict":null,"said":[],"flags":{flags},"points_at":"model construction (Z3 rejects the model it made)","note":""}}]}}"#
            )
        };
        let lines = [
            record(0, true),
            record(1, true),
            record(2, true),
            record(3, true),
            record(4, false),
        ];
        std::fs::write(dir.join("diagnose.jsonl"), lines.join("\n") + "\n").unwrap();
        let ds = defects(&dir, &bs);
        let groups: Vec<Vec<usize>> = ds.iter().map(|d| d.buckets.clone()).collect();
        assert_eq!(groups, [vec![0, 1, 2], vec![3], vec![4]]);
        assert!(
            ds[0].evidence[0].starts_with("one settings, its model rejected by the solver")
                && ds[0].evidence[0].contains("`model_validate`"),
            "{:?}",
            ds[0].evidence
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A finding file of `kind` over `body`, its campaign bucket `counted`.
    fn finding(kind: &str, expected: &str, counted: Option<&str>, body: &str) -> String {
        let bucket = counted.map_or_else(String::new, |id| format!("; bucket: {id}\n"));
        format!(
            "; equifuzz finding: {kind}\n; expected: {expected}\n{bucket}; model:\n\
             ;   (define-fun s () String \"a\")\n(set-info :status {expected})\n{body}(check-sat)\n"
        )
    }

    fn keyed(dir: &Path, name: &str, text: &str) -> Bucket {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        Bucket {
            key: crate::finding::key_of_text(text).unwrap(),
            findings: vec![path.clone()],
            representative: path,
            operators: Vec::new(),
            variants: BTreeMap::new(),
        }
    }

    #[test]
    fn one_settings_and_shape_and_a_finding_minimized_into_another_bucket_join() {
        let dir =
            std::env::temp_dir().join(format!("equifuzz-defects-join-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("minimized")).unwrap();
        let len = "(declare-const s String)(assert (= (str.len s) 1))\n";
        let concat = "(declare-const s String)(assert (= (str.++ s s) \"aa\"))\n";
        // The same shape as an invalid model and as a wrong unsat: one
        // defect; another shape stays apart.
        let a = keyed(&dir, "a.smt2", &finding("invalid-model", "sat", None, len));
        let b = keyed(&dir, "b.smt2", &finding("unsound", "sat", None, len));
        let c = keyed(&dir, "c.smt2", &finding("unsound", "sat", None, concat));
        assert_ne!(a.key, b.key);
        let ds = defects(&dir, &[a.clone(), b.clone(), c.clone()]);
        let groups: Vec<Vec<usize>> = ds.iter().map(|d| d.buckets.clone()).collect();
        assert_eq!(groups, [vec![0, 1], vec![2]]);
        assert!(
            ds[0].evidence[0].starts_with("one settings and shape"),
            "{:?}",
            ds[0].evidence
        );
        // Under other settings the same shape is another defect.
        let set = format!("(set-option :smt.sls.enable true)\n{len}");
        let d = keyed(&dir, "d.smt2", &finding("unsound", "sat", None, &set));
        assert!(!d.key.settings.is_empty(), "{}", d.key);
        let ds = defects(&dir, &[a.clone(), d]);
        assert_eq!(ds.len(), 2, "{ds:?}");
        // `e`, counted in c's bucket, minimized into a bucket of its own.
        let e = keyed(
            &dir,
            "e.smt2",
            &finding(
                "invalid-model",
                "sat",
                Some(&c.key.id()),
                "(declare-const s String)(assert (str.prefixof s \"a\"))\n",
            ),
        );
        let ds = defects(&dir, &[c.clone(), e.clone()]);
        assert_eq!(ds.len(), 2, "not minimized: no evidence");
        std::fs::write(dir.join("minimized/e.min.smt2"), "; equifuzz finding: x\n").unwrap();
        let ds = defects(&dir, &[c, e]);
        assert_eq!(ds.len(), 1, "{ds:?}");
        assert!(
            ds[0].evidence[0].starts_with("minimized into"),
            "{:?}",
            ds[0].evidence
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
