//! A known-bugs file: what was already filed, so that triage marks it
//! rather than reporting it again (as yinyang keeps its ignore lists).
//!
//! One entry a line: a bucket id as reports name it (8 hex digits, e.g.
//! `3f2a9c01`), or a formula on one line (SMT-LIB commands, e.g. the
//! filed issue's minimal formula with its line breaks taken out), which
//! marks every bucket whose formula has the same variant (operators and
//! shape, see [`variant`]). `#` starts a comment; blank lines are skipped.
//!
//! # Invariants
//!
//! - A line that is neither is an error naming the file, the line number
//!   and why: a typo in the list never silently lets a known bug through
//!   as new, nor hides a new one.

use std::collections::BTreeSet;
use std::path::Path;

use crate::finding::{BucketKey, variant};
use crate::term::{Formula, parse_script};

/// The bugs a known-bugs file lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnownBugs {
    ids: BTreeSet<String>,
    variants: BTreeSet<String>,
}

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
            if !line.starts_with('(') {
                return Err((
                    i + 1,
                    format!(
                        "`{line}` is neither a bucket id (8 hex digits) nor a formula (SMT-LIB \
                         commands on one line)"
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
        self.ids.contains(&key.id()) || formula.is_some_and(|f| self.variants.contains(&variant(f)))
    }

    /// Nothing listed.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty() && self.variants.is_empty()
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
        assert!(e.ends_with(":1: `123` is neither a bucket id (8 hex digits) nor a formula (SMT-LIB commands on one line)"), "{e}");
    }
}
