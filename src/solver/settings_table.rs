//! The settings a case may carry, per solver, as data: `assets/settings/z3.tsv`
//! and `assets/settings/cvc5.tsv`, one row per parameter or option with its
//! value domain, the theories it concerns, the source that documents it,
//! and the options left out with why (read by [`SettingsTable::of`]).
//!
//! A row's theories (`general`, `strings`, `seq`, `bv`, `arrays`, `quant`,
//! `arith`, `arith-nl`: [`SettingTheory`]) say which cases draw it: a
//! `general` row every case, another only a case that mentions one of its
//! theories ([`SettingEntry::concerns`]); `!T` in the column rules out a
//! case that mentions `T` (Z3's `sat.smt` gives up on strings).
//!
//! # Invariants
//!
//! - Only rows whose values column is not `-` are drawn from; every key
//!   and value is one word with no parenthesis, quote or `;`, so that
//!   `(set-option :KEY VALUE)` prints and reads back as itself (checked
//!   when the table is read; the tables are compiled in and a test reads
//!   both).
//! - A release that refuses an entry loses it at the start of a campaign,
//!   with one line per entry ([`SettingsTable::probe`]), never a refusal
//!   per query: a value it refuses is dropped, and a key whose every value
//!   is refused goes with them.

use std::collections::BTreeSet;

use super::option::Family;
use crate::truth::SettingTheory;

/// One parameter or option a case may set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingEntry {
    /// The key, as `(set-option :KEY ...)` takes it.
    pub key: String,
    /// The values drawn from (empty: left out).
    pub values: Vec<String>,
    /// The theories it concerns (never empty).
    pub theories: Vec<SettingTheory>,
    /// The theories that rule it out (`!T` in the column): a case that
    /// mentions one never draws it.
    pub excludes: Vec<SettingTheory>,
    /// Where the key and its values are documented.
    pub source: String,
    /// Why it is left out, or what to know about it.
    pub note: String,
}

impl SettingEntry {
    /// Whether a case that mentions `theories` may draw this entry: it is
    /// `general` or concerns one of them, and none of them rules it out.
    pub fn concerns(&self, theories: &BTreeSet<SettingTheory>) -> bool {
        !self.excludes.iter().any(|t| theories.contains(t))
            && self
                .theories
                .iter()
                .any(|t| *t == SettingTheory::General || theories.contains(t))
    }

    /// Whether it is drawn for every case.
    pub fn is_general(&self) -> bool {
        self.theories.contains(&SettingTheory::General)
    }
}

/// The settings table of one solver (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsTable {
    entries: Vec<SettingEntry>,
}

const Z3_TSV: &str = include_str!("../../assets/settings/z3.tsv");
const CVC5_TSV: &str = include_str!("../../assets/settings/cvc5.tsv");

/// A word a `(set-option ...)` prints and reads back as itself.
fn plain_word(w: &str) -> bool {
    !w.is_empty()
        && w.chars()
            .all(|c| !c.is_whitespace() && !"()\";|".contains(c))
}

impl SettingsTable {
    /// The table of `family`, every row (the left-out ones too: see
    /// [`SettingsTable::left_out`]).
    pub fn of(family: Family) -> SettingsTable {
        let text = match family {
            Family::Z3 => Z3_TSV,
            Family::Cvc5 => CVC5_TSV,
        };
        Self::parse(text).expect("the compiled-in settings tables are well formed (tested)")
    }

    /// Reads a table: `key<TAB>values<TAB>theory<TAB>source<TAB>note` rows
    /// after a header row, `#` lines are comments; `values` is a
    /// comma-separated list, or `-` for an option left out; `theory` a
    /// comma-separated list of [`SettingTheory`] names, `!T` for a theory
    /// that rules the row out.
    pub fn parse(text: &str) -> Result<SettingsTable, String> {
        let mut entries = Vec::new();
        let mut header = true;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            if std::mem::take(&mut header) {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let [key, values, theory, source, note] = cols[..] else {
                return Err(format!("line {}: expected 5 tab-separated columns", n + 1));
            };
            let (mut theories, mut excludes) = (Vec::new(), Vec::new());
            for t in theory.split(',').map(str::trim) {
                let (list, name) = match t.strip_prefix('!') {
                    Some(name) => (&mut excludes, name),
                    None => (&mut theories, t),
                };
                list.push(
                    name.parse::<SettingTheory>()
                        .map_err(|e| format!("line {}: {e}", n + 1))?,
                );
            }
            if theories.is_empty() {
                return Err(format!("line {}: no theory the row concerns", n + 1));
            }
            let values: Vec<String> = if values == "-" {
                Vec::new()
            } else {
                values.split(',').map(|v| v.trim().to_string()).collect()
            };
            let in_use = !values.is_empty();
            if in_use && (!plain_word(key) || !values.iter().all(|v| plain_word(v))) {
                return Err(format!(
                    "line {}: a key or value is not one plain word",
                    n + 1
                ));
            }
            entries.push(SettingEntry {
                key: key.to_string(),
                values,
                theories,
                excludes,
                source: source.to_string(),
                note: note.to_string(),
            });
        }
        Ok(SettingsTable { entries })
    }

    /// The entries drawn from (those with values).
    pub fn entries(&self) -> impl Iterator<Item = &SettingEntry> {
        self.entries.iter().filter(|e| !e.values.is_empty())
    }

    /// The options the table leaves out, with why.
    pub fn left_out(&self) -> impl Iterator<Item = &SettingEntry> {
        self.entries.iter().filter(|e| e.values.is_empty())
    }

    /// The entry of `key`, if drawn from.
    pub fn entry(&self, key: &str) -> Option<&SettingEntry> {
        self.entries().find(|e| e.key == key)
    }

    /// Whether nothing can be drawn.
    pub fn is_empty(&self) -> bool {
        self.entries().next().is_none()
    }

    /// How many entries can be drawn.
    pub fn len(&self) -> usize {
        self.entries().count()
    }

    /// The table without what `skips` names: a `KEY` drops its entry, a
    /// `KEY=VALUE` that value (and the entry with its last value), as
    /// `fuzz --settings-skip` asks, to spend a campaign away from settings
    /// whose bugs are known (local search finds most of Z3's). Returns the
    /// kept table and one line per skip; a key the table does not draw, or
    /// a value it does not list, is an error naming it.
    pub fn without(&self, skips: &[String]) -> Result<(SettingsTable, Vec<String>), String> {
        let mut entries = self.entries.clone();
        let mut lines = Vec::new();
        for skip in skips {
            let (key, value) = match skip.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (skip.trim(), None),
            };
            let Some(at) = entries
                .iter()
                .position(|e| e.key == key && !e.values.is_empty())
            else {
                return Err(format!(
                    "--settings-skip {skip}: the settings table draws no key {key:?}"
                ));
            };
            match value {
                None => {
                    entries.remove(at);
                    lines.push(format!("settings: {key} skipped"));
                }
                Some(v) => {
                    let e = &mut entries[at];
                    let Some(i) = e.values.iter().position(|x| x == v) else {
                        return Err(format!(
                            "--settings-skip {skip}: {key} draws {}, not {v:?}",
                            e.values.join(",")
                        ));
                    };
                    e.values.remove(i);
                    if e.values.is_empty() {
                        entries.remove(at);
                        lines.push(format!("settings: {key} skipped (its only value was {v})"));
                    } else {
                        lines.push(format!(
                            "settings: {key}={v} skipped (keeps {})",
                            e.values.join(",")
                        ));
                    }
                }
            }
        }
        Ok((SettingsTable { entries }, lines))
    }

    /// The table a release accepts: each value is tried once with
    /// `refuses` (given the script `(set-option :KEY VALUE)(check-sat)`,
    /// it returns the solver's complaint, if any); refused values are
    /// dropped, and so is a key left without values. Returns the kept
    /// table and one line per entry that lost anything.
    pub fn probe(
        &self,
        refuses: &mut dyn FnMut(&str) -> Option<String>,
    ) -> (SettingsTable, Vec<String>) {
        let mut kept = Vec::new();
        let mut lines = Vec::new();
        for e in &self.entries {
            if e.values.is_empty() {
                kept.push(e.clone());
                continue;
            }
            let mut values = Vec::new();
            let mut said = Vec::new();
            for v in &e.values {
                let script = format!("(set-option :{} {v})\n(check-sat)\n", e.key);
                match refuses(&script) {
                    None => values.push(v.clone()),
                    Some(why) => said.push((v.clone(), why)),
                }
            }
            if let Some((_, why)) = said.first() {
                let why: String = why.split_whitespace().collect::<Vec<_>>().join(" ");
                let why: String = why.chars().take(160).collect();
                lines.push(if values.is_empty() {
                    format!("settings: {} dropped: refused ({why})", e.key)
                } else {
                    let refused: Vec<&str> = said.iter().map(|(v, _)| v.as_str()).collect();
                    format!(
                        "settings: {} keeps {}, drops {} ({why})",
                        e.key,
                        values.join(","),
                        refused.join(",")
                    )
                });
            }
            if !values.is_empty() {
                kept.push(SettingEntry {
                    values,
                    ..e.clone()
                });
            }
        }
        (SettingsTable { entries: kept }, lines)
    }
}

/// What a solver's output says about a probe script: its complaint, if
/// the option was refused (an `(error ...)`, `unsupported`, or no answer).
pub fn refusal(output: &str) -> Option<String> {
    let trimmed = output.trim();
    let answered = trimmed
        .lines()
        .any(|l| matches!(l.trim(), "sat" | "unsat" | "unknown"));
    if trimmed.contains("(error") || trimmed.contains("unsupported") || !answered {
        Some(if trimmed.is_empty() {
            "no answer".to_string()
        } else {
            trimmed.to_string()
        })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_tables_read_and_leave_out_what_the_maintainers_refuse() {
        let z3 = SettingsTable::of(Family::Z3);
        let cvc5 = SettingsTable::of(Family::Cvc5);
        assert!(
            z3.len() > 40 && cvc5.len() > 15,
            "{} {}",
            z3.len(),
            cvc5.len()
        );
        for (table, out) in [
            (&z3, &["smt.seq.validate", "sat.cut"][..]),
            (&cvc5, &["seq-array", "strings-alpha-card"][..]),
        ] {
            for key in out {
                assert!(table.entry(key).is_none(), "{key} is drawn from");
                assert!(table.left_out().any(|e| e.key == *key), "{key} not listed");
            }
            for e in table.entries().chain(table.left_out()) {
                assert!(!e.source.is_empty(), "{} has no source", e.key);
            }
        }
        assert!(z3.entry("smt.seq.split_w_len").is_some());
        assert!(cvc5.entry("strings-exp").is_some());
    }

    #[test]
    fn skipped_keys_and_values_are_not_drawn_and_unknown_ones_are_refused() {
        let z3 = SettingsTable::of(Family::Z3);
        let sls = z3
            .entry("smt.sls.enable")
            .expect("the table draws local search");
        assert!(sls.values.iter().any(|v| v == "true"), "{sls:?}");
        let (kept, lines) = z3.without(&["smt.sls.enable".into()]).unwrap();
        assert!(kept.entry("smt.sls.enable").is_none());
        assert_eq!(kept.len(), z3.len() - 1);
        assert_eq!(kept.left_out().count(), z3.left_out().count());
        assert_eq!(lines, ["settings: smt.sls.enable skipped"]);
        // One value of a key with several: the others stay.
        let relevancy = z3.entry("smt.relevancy").expect("a key with three values");
        let (kept, _) = z3.without(&["smt.relevancy=0".into()]).unwrap();
        let left = &kept.entry("smt.relevancy").unwrap().values;
        assert_eq!(left.len(), relevancy.values.len() - 1, "{left:?}");
        assert!(!left.iter().any(|v| v == "0"), "{left:?}");
        // Bad input names what is wrong.
        let err = z3.without(&["smt.no_such_key".into()]).unwrap_err();
        assert!(err.contains("smt.no_such_key"), "{err}");
        let err = z3.without(&["smt.relevancy=7".into()]).unwrap_err();
        assert!(err.contains("not \"7\""), "{err}");
        // A left-out key is not drawn: skipping it is an error too.
        let err = z3.without(&["smt.seq.validate".into()]).unwrap_err();
        assert!(err.contains("draws no key"), "{err}");
    }

    #[test]
    fn a_malformed_row_is_refused_with_its_line() {
        let err = SettingsTable::parse("key\tvalues\tsource\tnote\na\tb\n").unwrap_err();
        assert!(err.starts_with("line 2"), "{err}");
        let err = SettingsTable::parse("h\nk\t(x)\tgeneral\ts\tn\n").unwrap_err();
        assert!(err.contains("plain word"), "{err}");
        let err = SettingsTable::parse("h\nk\tx\tbitvec\ts\tn\n").unwrap_err();
        assert!(err.contains("line 2: unknown theory `bitvec`"), "{err}");
        let err = SettingsTable::parse("h\nk\tx\t!strings\ts\tn\n").unwrap_err();
        assert!(err.contains("line 2: no theory"), "{err}");
    }

    #[test]
    fn a_probe_drops_refused_values_and_keys_with_one_line_each() {
        let table = SettingsTable::parse(
            "key\tvalues\ttheory\tsource\tnote\nk1\ta,b\tgeneral\ts\t\nk2\tx\tbv\ts\t\n\
             k3\tp,q\tgeneral\ts\t\nk4\t-\tgeneral\ts\tout\n",
        )
        .unwrap();
        let mut asked = 0;
        let (kept, lines) = table.probe(&mut |script| {
            asked += 1;
            (script.contains(":k2 ") || script.contains(" b)"))
                .then(|| "(error \"unknown parameter\")".to_string())
        });
        assert_eq!(asked, 5, "each value once");
        assert_eq!(kept.entry("k1").unwrap().values, ["a"]);
        assert!(kept.entry("k2").is_none());
        assert_eq!(kept.entry("k3").unwrap().values, ["p", "q"]);
        assert_eq!(kept.left_out().count(), 1);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[1].contains("k2 dropped"), "{lines:?}");
    }

    #[test]
    fn the_system_z3_keeps_its_own_parameters_and_drops_the_newer_ones() {
        use crate::solver::{Target, Z3InProcess, Z3Library};
        let Ok(lib) = Z3Library::load(None) else {
            eprintln!("SKIPPED: the_system_z3_keeps_its_own_parameters...: no libz3");
            return;
        };
        let version = lib.version();
        // Each eval holds Z3's parameter lock itself.
        let mut z3 = Z3InProcess::new(lib);
        let timeout = std::time::Duration::from_secs(10);
        let table = SettingsTable::of(Family::Z3);
        let (kept, lines) = table.probe(&mut |script| refusal(z3.run(script, timeout).stdout()));
        for key in [
            "smt.relevancy",
            "smt.seq.split_w_len",
            "rewriter.flat",
            "sat.phase",
        ] {
            assert!(
                kept.entry(key).is_some(),
                "{version} dropped {key}: {lines:?}"
            );
        }
        if version.starts_with("Z3 4.") {
            assert!(kept.entry("smt.seq.regex_monadic").is_none(), "{version}");
            assert!(
                lines
                    .iter()
                    .any(|l| l.contains("smt.seq.regex_monadic dropped")),
                "{lines:?}"
            );
        }
        // Probing left no parameter behind.
        let out = z3.run("(get-option :smt.relevancy)", timeout);
        assert_eq!(out.stdout().trim(), "2", "{out:?}");
    }

    #[test]
    fn refusals_are_errors_unsupported_or_no_answer() {
        assert_eq!(refusal("sat\n"), None);
        assert_eq!(refusal("unknown\n"), None);
        assert!(refusal("(error \"line 1: unknown parameter\")\nsat\n").is_some());
        assert!(refusal("unsupported\nsat\n").is_some());
        assert!(refusal("").is_some());
    }
}
