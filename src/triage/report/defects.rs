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
//! - **one cause by cross-replay**: no crash site, the same answer, every
//!   bucket's failure goes away when its assertions are not named
//!   (`diagnose.jsonl`'s `without_names`, see `triage::cross_replay`) or
//!   is a model that sets an assumption false (its smallest file's
//!   `; got:`: Z3 tracks named assertions with assumption literals, so
//!   both are the solver ignoring them), and every one sets the essential settings of
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
//! - **one settings, a sat that needs them** (weaker, and said so): a
//!   minimized bucket answered sat wrongly and kept all the essential
//!   settings of a bucket of the rule above among those its minimization
//!   could not drop: the part those settings turn on answers it sat, as
//!   it answered the anchor with a model the solver rejects. Z3 5.4.1's
//!   local search gave wrong sats that fail once in ten replays, too
//!   rarely for any replay to show their mechanism.
//!
//! - **one operator's ground value**: no crash site, the same settings,
//!   and each bucket's failure cured by folding the ground terms of one
//!   operator to their values and by no other operator's folding
//!   (`diagnose.jsonl`'s `folded`, see `triage::fold_replay`): Z3 5.1.0
//!   evaluated `seq.last_indexof` of constants wrongly, which gave invalid
//!   models, a wrong unsat and an invalid core, one bucket each.
//!
//! - **one settings, a sat too rare to minimize** (weakest, and said so):
//!   as the rule above for a bucket that could not be minimized because
//!   triage saw it fail in only some of its replays (confirm's, bisect's); its settings are the
//!   campaign's, and it joins when they hold all of the anchor's.
//!
//! # Invariants
//!
//! - Every bucket is in exactly one defect, or triage could not reproduce
//!   it (`report::reproduced`) and it is in none and joins none; a bucket
//!   joined to no other is a defect of its own, and a joined one lists why.
//! - Grouping reads only the buckets, their files and the records triage
//!   wrote (`diagnose.jsonl`): no solver runs, so the report stays a
//!   reading of what triage wrote (`confirm.jsonl` for how often a
//!   finding failed).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::finding::{formula_of_text, header_field, shape};
use crate::oracle::SiteParts;
use crate::triage::bisect::Bisection;
use crate::triage::confirm::Confirmation;
use crate::triage::findings::{Bucket, minimized_of};
use crate::triage::replays::Rate;

use super::bucket_status::bisection_of;
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
    join_keyed(
        &shapes,
        &mut joins,
        &mut evidence,
        |members, shape, settings| {
            format!(
                "one settings and shape: buckets {} minimize to `{}` under {settings}",
                ids(bs, members),
                truncate(shape, 120)
            )
        },
    );
    // One cause by cross-replay: the same kind and answer, each bucket's
    // failure gone when its assertions are not named
    // (`triage::cross_replay`), and the essential settings of a minimized
    // one (its anchor) set in every other: one mechanism, not one bucket
    // per theory and per setting the campaign happened to add.
    // A model that sets an assumption false is the same evidence: Z3
    // tracks named assertions with assumption literals of its own, and a
    // part that ignores them answers a named unsat formula sat (a wrong
    // sat) and a `check-sat-assuming` with a model that falsifies the
    // assumption (an invalid model): one cause, whatever kind our
    // semantics gives the symptom.
    let diagnoses = super::records::diagnoses(dir);
    let mut named: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, b) in bs.iter().enumerate() {
        if b.key.crash_site.is_some() || b.key.settings.is_empty() || gone[i] {
            continue;
        }
        let needs_names = diagnosis_of(&b.findings, &diagnoses)
            .and_then(|d| d.without_names.as_ref())
            .and_then(|c| c.needs_names);
        if needs_names == Some(true) || falsifies_an_assumption(&b.representative) {
            named.entry(b.key.answer.clone()).or_default().push(i);
        }
    }
    for (answer, members) in &named {
        join_by_anchor(
            bs,
            members,
            &mut joins,
            false,
            &mut evidence,
            |all, anchor| {
                format!(
                    "one cause by cross-replay: buckets {} answered {answer}, each either right \
                 when its assertions are not named or with a model that sets an assumption \
                 false (the solver's assumption literals, which also track named \
                 assertions), and each sets {}, all that bucket {}'s minimized formula needs",
                    ids(bs, all),
                    bs[anchor].key.settings,
                    bs[anchor].key.id()
                )
            },
        );
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
        join_by_anchor(
            bs,
            members,
            &mut joins,
            true,
            &mut evidence,
            |all, anchor| {
                format!(
                    "one settings, its model rejected by the solver: buckets {} answered sat with \
                 a model the solver's own `{check}` rejects, and each sets {}, all that bucket \
                 {}'s minimized formula needs",
                    ids(bs, all),
                    bs[anchor].key.settings,
                    bs[anchor].key.id()
                )
            },
        );
    }
    // One settings, a sat that needs them: a minimized bucket answered
    // sat, its failure needing (minimization could not drop them) all the
    // essential settings of a bucket whose model the solver's own
    // check rejects. Weaker than the rules above: no replay of the joined
    // bucket shows the mechanism, only that the part those settings turn
    // on answers it sat; the evidence line says so.
    join_weak_sats(
        bs,
        &rejected,
        &gone,
        &mut joins,
        &mut evidence,
        &|j| is_minimized(&bs[j]),
        &|check, joined, anchor| {
            format!(
                "one settings, a sat that needs them: buckets {} answered sat wrongly and \
                 each keeps {} among the settings its minimization could not drop, the \
                 settings under which bucket {} answered with a model the solver's own \
                 `{check}` rejects; weaker evidence: no replay shows these share its \
                 mechanism, only its part",
                ids(bs, joined),
                bs[anchor].key.settings,
                bs[anchor].key.id()
            )
        },
    );
    // One operator's ground value: each bucket's failure cured by folding
    // the ground terms of one operator to their values, and by no other
    // operator's (`triage::fold_replay`), under the same settings: the
    // solver's value of that operator on constants, whatever kind our
    // semantics gives the symptom (Z3 5.1.0's `seq.last_indexof`: invalid
    // models, a wrong unsat, an invalid core).
    let mut culprits: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for (i, b) in bs.iter().enumerate() {
        if b.key.crash_site.is_some() || gone[i] {
            continue;
        }
        let culprit = diagnosis_of(&b.findings, &diagnoses)
            .and_then(|d| d.folded.as_ref())
            .and_then(|f| f.culprit.clone());
        if let Some(op) = culprit {
            culprits
                .entry((b.key.settings.to_string(), op))
                .or_default()
                .push(i);
        }
    }
    join_keyed(
        &culprits,
        &mut joins,
        &mut evidence,
        |members, op, settings| {
            format!(
                "one operator's ground value: buckets {} each answered right when the ground \
             terms of `{op}` in its smallest formula are replaced by their values, and by \
             no other operator's, under {settings}: the solver's own `{op}` of constants",
                ids(bs, members)
            )
        },
    );
    // One settings, a sat too rare to minimize: as the rule above for a
    // bucket no minimization could shrink because its failure is rare
    // (confirm saw it fail in fewer than all its replays): its settings
    // are the campaign's, which no replay could sort, and it is joined
    // when they hold all of the anchor's. Weakest of the joins, and said
    // so: Z3 5.4.1's local search gave such wrong sats once in ten
    // replays, each a defect of its own otherwise.
    join_weak_sats(
        bs,
        &rejected,
        &gone,
        &mut joins,
        &mut evidence,
        &|j| !is_minimized(&bs[j]) && rarely_fails(&bs[j], &marks, &bisections),
        &|check, joined, anchor| {
            format!(
                "one settings, a sat too rare to minimize: buckets {} answered sat wrongly, \
                 failed in fewer than every replay on their own solver and could not be \
                 minimized, and each sets {}, the settings under which bucket {} answered with \
                 a model the solver's own `{check}` rejects; weakest evidence: no replay shows \
                 which of their settings they need",
                ids(bs, joined),
                bs[anchor].key.settings,
                bs[anchor].key.id()
            )
        },
    );
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

/// Joins, for each minimized bucket among `members` (an anchor: its key's
/// settings are all its failure needs), the other members that set all of
/// its settings, with the evidence `say(all, anchor)` gives; with
/// `only_new`, members already in the anchor's defect are left out.
fn join_by_anchor(
    bs: &[Bucket],
    members: &[usize],
    joins: &mut Joins,
    only_new: bool,
    evidence: &mut Vec<(usize, String)>,
    say: impl Fn(&[usize], usize) -> String,
) {
    // Anchors that join the same buckets say the same thing: the first
    // says it (four identical lines under one defect were noise).
    let mut said: Vec<Vec<usize>> = Vec::new();
    for &anchor in members.iter().filter(|&&i| is_minimized(&bs[i])) {
        let joined: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&j| {
                j != anchor
                    && !(only_new && joins.root(j) == joins.root(anchor))
                    && sets_all(&bs[j], &bs[anchor])
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
        let mut set = all.clone();
        set.sort_unstable();
        if said.contains(&set) {
            continue;
        }
        said.push(set);
        evidence.push((anchor, say(&all, anchor)));
    }
}

/// Joins each group of two or more buckets that share a key (settings,
/// what else they share), with the evidence `say(members, what, settings
/// in words)` gives.
fn join_keyed(
    groups: &BTreeMap<(String, String), Vec<usize>>,
    joins: &mut Joins,
    evidence: &mut Vec<(usize, String)>,
    say: impl Fn(&[usize], &str, &str) -> String,
) {
    for ((settings, what), members) in groups {
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
        evidence.push((members[0], say(members, what, &settings)));
    }
}

/// The weak joins on a rejected model's settings: for each minimized
/// bucket of `rejected` (an anchor), the other non-crash buckets answered
/// sat, not yet in its defect and `eligible`, that set all of its settings,
/// with the evidence `say(check, joined, anchor)` gives.
fn join_weak_sats(
    bs: &[Bucket],
    rejected: &BTreeMap<String, Vec<usize>>,
    gone: &[bool],
    joins: &mut Joins,
    evidence: &mut Vec<(usize, String)>,
    eligible: &dyn Fn(usize) -> bool,
    say: &dyn Fn(&str, &[usize], usize) -> String,
) {
    for (check, members) in rejected {
        for &anchor in members.iter().filter(|&&i| is_minimized(&bs[i])) {
            let joined: Vec<usize> = (0..bs.len())
                .filter(|&j| {
                    j != anchor
                        && !gone[j]
                        && joins.root(j) != joins.root(anchor)
                        && bs[j].key.crash_site.is_none()
                        && bs[j].key.answer == "sat"
                        && eligible(j)
                        && sets_all(&bs[j], &bs[anchor])
                })
                .collect();
            if joined.is_empty() {
                continue;
            }
            for &j in &joined {
                joins.join(anchor, j);
            }
            evidence.push((anchor, say(check, &joined, anchor)));
        }
    }
}

/// The bucket id a campaign wrote in a finding (`; bucket: ID`).
/// Whether bucket `b` sets every setting of `anchor`'s key (a minimized
/// anchor's: the essential ones), to the same value.
fn sets_all(b: &Bucket, anchor: &Bucket) -> bool {
    anchor
        .key
        .settings
        .iter()
        .all(|e| b.key.settings.get(&e.key) == Some(e.value.as_str()))
}

/// Whether triage saw the bucket fail in some but not all of its replays
/// on its own solver (confirm's, or bisect's: a failure too rare for
/// minimization to keep).
fn rarely_fails(
    b: &Bucket,
    marks: &BTreeMap<String, Confirmation>,
    bisections: &BTreeMap<String, Bisection>,
) -> bool {
    let sometimes = |r: Rate| r.failed > 0 && !r.always();
    b.findings.iter().any(|f| {
        marks
            .get(&super::records::file_name(f))
            .is_some_and(|c| sometimes(c.rate()))
    }) || bisection_of(b, bisections).is_some_and(|x| sometimes(x.own))
}

/// Whether the bucket's smallest formula is a minimized file (its key's
/// settings are then the essential ones).
fn is_minimized(b: &Bucket) -> bool {
    b.representative
        .parent()
        .is_some_and(|p| p.ends_with("minimized"))
}

/// Whether the file's failure is a model that sets an assumption false
/// (its `; got:` line, as the oracle words it).
fn falsifies_an_assumption(f: &Path) -> bool {
    std::fs::read_to_string(f).is_ok_and(|text| {
        header_field(&text, "got").is_some_and(|got| got.contains("sets the assumption"))
    })
}

fn campaign_bucket(f: &Path) -> Option<String> {
    let text = std::fs::read_to_string(f).ok()?;
    header_field(&text, "bucket").map(str::to_string)
}

fn line_of(p: &SiteParts) -> String {
    p.line
        .map_or_else(|| "no line".to_string(), |l| format!("line {l}"))
}

pub(super) fn ids(bs: &[Bucket], members: &[usize]) -> String {
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
#[path = "defects_tests.rs"]
mod tests;
