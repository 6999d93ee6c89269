//! A known-bugs file: what was already filed, so that triage marks it
//! rather than reporting it again (as yinyang keeps its ignore lists).
//!
//! One entry a line, each marking the buckets it names:
//!
//! - a bucket id as reports name it (8 hex digits, e.g. `3f2a9c01`);
//! - a formula on one line (SMT-LIB commands, e.g. the filed issue's
//!   minimal formula with its line breaks taken out): every bucket whose
//!   formula has the same variant (operators and shape, see [`variant`]);
//! - a defect, so that a maintainer silences a known limitation once
//!   rather than bucket by bucket:
//!   - `crash FILE [ABORT]`: a crash family, every crash at a site in the
//!     source file FILE (the end of its path, e.g. `sls_seq_plugin.cpp`),
//!     of the kind of abort ABORT if given (`not implemented`,
//!     `unreachable`, `assertion`: [`SiteParts`]); a site that names no
//!     file (cvc5's words) is matched on its text;
//!   - `settings KEY=VALUE...`: a settings pattern, every bucket whose
//!     case sets all of these (e.g. `settings smt.sls.enable=true`).
//!
//! `#` starts a comment; blank lines are skipped.
//!
//! # Invariants
//!
//! - A line that is neither is an error naming the file, the line number
//!   and why: a typo in the list never silently lets a known bug through
//!   as new, nor hides a new one.

use std::collections::BTreeSet;
use std::path::Path;

use crate::finding::{BucketKey, variant};
use crate::oracle::SiteParts;
use crate::term::{Formula, parse_script};

/// The bugs a known-bugs file lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnownBugs {
    ids: BTreeSet<String>,
    variants: BTreeSet<String>,
    /// Crash families: the site's file (its path's end) and the kind of
    /// abort, if given.
    families: Vec<(String, Option<&'static str>)>,
    /// Settings patterns: every pair must be set.
    settings: Vec<Vec<(String, String)>>,
}

/// The kinds of abort [`SiteParts`] tells apart.
const ABORTS: [&str; 3] = ["not implemented", "unreachable", "assertion"];

impl KnownBugs {
    /// Reads a known-bugs file (see the module docs).
    pub fn read(path: &Path) -> Result<KnownBugs, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        KnownBugs::parse(&text).map_err(|(line, why)| format!("{}:{line}: {why}", path.display()))
    }

    /// Parses a known-bugs text; a bad line is `(its number, why)`.
    pub fn parse(text: &str) -> Result<KnownBugs, (usize, String)> {
        let mut known = KnownBugs::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split_once('#').map_or(raw, |(l, _)| l).trim();
            if line.is_empty() {
                continue;
            }
            if line.len() == 8 && line.chars().all(|c| c.is_ascii_hexdigit()) {
                known.ids.insert(line.to_ascii_lowercase());
                continue;
            }
            let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            if word == "crash" {
                known
                    .families
                    .push(family(rest).map_err(|why| (i + 1, why))?);
                continue;
            }
            if word == "settings" {
                known
                    .settings
                    .push(settings_pattern(rest).map_err(|why| (i + 1, why))?);
                continue;
            }
            if !line.starts_with('(') {
                return Err((
                    i + 1,
                    format!(
                        "`{line}` is neither a bucket id (8 hex digits), a formula (SMT-LIB \
                         commands on one line), `crash FILE [ABORT]` nor `settings KEY=VALUE...`"
                    ),
                ));
            }
            let formula = parse_script(line)
                .map_err(|e| e.to_string())
                .and_then(|s| Formula::from_script(&s))
                .map_err(|e| (i + 1, format!("not a formula: {e}")))?;
            if formula.assertions.is_empty() {
                return Err((i + 1, "a formula without an assertion".into()));
            }
            known.variants.insert(variant(&formula));
        }
        Ok(known)
    }

    /// Whether the bucket `key`, whose smallest formula is `formula`, is
    /// listed.
    pub fn contains(&self, key: &BucketKey, formula: Option<&Formula>) -> bool {
        self.ids.contains(&key.id())
            || formula.is_some_and(|f| self.variants.contains(&variant(f)))
            || key
                .crash_site
                .as_deref()
                .is_some_and(|site| self.families.iter().any(|f| in_family(site, f)))
            || self.settings.iter().any(|pattern| {
                pattern
                    .iter()
                    .all(|(k, v)| key.settings.get(k) == Some(v.as_str()))
            })
    }

    /// Nothing listed.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
            && self.variants.is_empty()
            && self.families.is_empty()
            && self.settings.is_empty()
    }
}

/// `FILE [ABORT]` of a `crash` line.
fn family(rest: &str) -> Result<(String, Option<&'static str>), String> {
    let rest = rest.trim();
    let (file, abort) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let abort = abort.trim();
    if file.is_empty() {
        return Err("`crash` needs a source file, e.g. `crash sls_seq_plugin.cpp`".into());
    }
    if abort.is_empty() {
        return Ok((file.to_string(), None));
    }
    match ABORTS.iter().find(|a| **a == abort) {
        Some(a) => Ok((file.to_string(), Some(*a))),
        None => Err(format!(
            "`{abort}` is no kind of abort (one of: {})",
            ABORTS.join(", ")
        )),
    }
}

/// `KEY=VALUE...` of a `settings` line.
fn settings_pattern(rest: &str) -> Result<Vec<(String, String)>, String> {
    let pairs: Vec<(String, String)> = rest
        .split_whitespace()
        .map(|w| match w.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k.to_string(), v.to_string())),
            _ => Err(format!("`{w}` is not KEY=VALUE")),
        })
        .collect::<Result<_, _>>()?;
    if pairs.is_empty() {
        return Err("`settings` needs KEY=VALUE, e.g. `settings smt.sls.enable=true`".into());
    }
    Ok(pairs)
}

/// Whether a crash at `site` is of the family `(file, abort)`.
fn in_family(site: &str, (file, abort): &(String, Option<&'static str>)) -> bool {
    match SiteParts::of(site) {
        Some(parts) => {
            (parts.file == *file || parts.file.ends_with(&format!("/{file}")))
                && abort.is_none_or(|a| a == parts.abort)
        }
        None => abort.is_none() && site.contains(file.as_str()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formula(text: &str) -> Formula {
        Formula::from_script(&parse_script(text).unwrap()).unwrap()
    }

    #[test]
    fn ids_and_formulas_mark_their_buckets() {
        let filed = formula("(declare-const n Int)(assert (= (str.from_int n) \"1\"))");
        let renamed = formula("(declare-const m Int)(assert (= (str.from_int m) \"7\"))");
        let other = formula("(declare-const s String)(assert (= (str.len s) 1))");
        let key = |f: &Formula| BucketKey::new("unsound", "sat", f);
        let text = format!(
            "# filed as Z3 issue 1234\n\n{}  # trailing comment\n\
             (declare-const n Int)(assert (= (str.from_int n) \"1\"))\n",
            key(&other).id().to_uppercase()
        );
        let known = KnownBugs::parse(&text).unwrap();
        assert!(known.contains(&key(&other), None));
        assert!(
            known.contains(&key(&filed), Some(&renamed)),
            "values and names do not matter"
        );
        assert!(!known.contains(&key(&filed), None));
        assert!(!KnownBugs::default().contains(&key(&other), Some(&other)));
    }

    #[test]
    fn a_bad_line_is_named() {
        let text = "3f2a9c01\nz3 issue 1234\n";
        assert_eq!(KnownBugs::parse(text).unwrap_err().0, 2);
        let (line, why) = KnownBugs::parse("# ok\n(assert (= x\n").unwrap_err();
        assert_eq!(line, 2);
        assert!(why.starts_with("not a formula"), "{why}");
        assert_eq!(KnownBugs::parse("(check-sat)").unwrap_err().0, 1);
        let path = std::env::temp_dir().join(format!("equifuzz-known-{}", std::process::id()));
        std::fs::write(&path, "123\n").unwrap();
        let e = KnownBugs::read(&path).unwrap_err();
        std::fs::remove_file(&path).ok();
        assert!(
            e.ends_with(":1: `123` is neither a bucket id (8 hex digits), a formula (SMT-LIB commands on one line), `crash FILE [ABORT]` nor `settings KEY=VALUE...`"),
            "{e}"
        );
        let why = |t: &str| KnownBugs::parse(t).unwrap_err().1;
        assert!(why("crash x.cpp fell over").contains("no kind of abort"));
        assert!(why("crash  ").contains("needs a source file"));
        assert!(why("settings smt.sls.enable").contains("is not KEY=VALUE"));
        assert!(why("settings ").contains("needs KEY=VALUE"));
    }

    fn crash_key(site: &str) -> BucketKey {
        let mut k = BucketKey::new(
            "crash",
            "crash",
            &formula("(declare-const s String)(assert (= (str.len s) 1))"),
        );
        k.crash_site = Some(site.to_string());
        k
    }

    #[test]
    fn a_crash_family_marks_its_sites_and_no_other() {
        let site = |file: &str, line: u32, what: &str| {
            crash_key(&format!(
                "ASSERTION VIOLATION File: /tmp/b1/core/src/ast/sls/{file} Line: {line} {what}"
            ))
        };
        let known = KnownBugs::parse("crash sls_seq_plugin.cpp not implemented\n").unwrap();
        assert!(known.contains(
            &site("sls_seq_plugin.cpp", 137, "NOT IMPLEMENTED YET!"),
            None
        ));
        assert!(known.contains(
            &site("sls_seq_plugin.cpp", 508, "NOT IMPLEMENTED YET!"),
            None
        ));
        assert!(
            !known.contains(
                &site("sls_seq_plugin.cpp", 1319, "UNEXPECTED CODE WAS REACHED."),
                None
            ),
            "another kind of abort in the same file is another defect"
        );
        assert!(!known.contains(
            &site("sls_arith_plugin.cpp", 137, "NOT IMPLEMENTED YET!"),
            None
        ));
        assert!(
            !known.contains(
                &site("xsls_seq_plugin.cpp", 137, "NOT IMPLEMENTED YET!"),
                None
            ),
            "a file name matches whole"
        );
        let any_abort = KnownBugs::parse("crash src/ast/sls/sls_seq_plugin.cpp").unwrap();
        assert!(any_abort.contains(
            &site("sls_seq_plugin.cpp", 1319, "UNEXPECTED CODE WAS REACHED."),
            None
        ));
        // cvc5 names no file: its words are matched.
        let cvc5 = KnownBugs::parse("crash theory_strings_utils").unwrap();
        assert!(cvc5.contains(
            &crash_key("Fatal failure within theory_strings_utils.cpp"),
            None
        ));
        assert!(!cvc5.contains(&crash_key("Fatal failure within nl_model.cpp"), None));
    }

    #[test]
    fn a_settings_pattern_marks_buckets_that_set_all_of_it() {
        let key = |pairs: &[(&str, &str)]| {
            let mut k = BucketKey::new(
                "invalid-model",
                "sat",
                &formula("(declare-const s String)(assert (= (str.len s) 1))"),
            );
            for (a, b) in pairs {
                k.settings.set(*a, *b);
            }
            k
        };
        let known = KnownBugs::parse("settings smt.sls.enable=true smt.random_seed=3\n").unwrap();
        assert!(known.contains(
            &key(&[
                ("smt.sls.enable", "true"),
                ("smt.random_seed", "3"),
                ("x", "1")
            ]),
            None
        ));
        assert!(
            !known.contains(&key(&[("smt.sls.enable", "true")]), None),
            "all of it"
        );
        assert!(!known.contains(
            &key(&[("smt.sls.enable", "false"), ("smt.random_seed", "3")]),
            None
        ));
        assert!(!known.contains(&key(&[]), None));
        assert!(!known.is_empty());
    }
}
