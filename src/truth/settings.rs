//! A case's own solver settings: `KEY=VALUE` pairs (Z3 parameters such as
//! `smt.seq.split_w_len`, cvc5 options such as `strings-exp`) that the case
//! is run with, on top of whatever the campaign sets for every query.
//!
//! # Invariants
//!
//! - At most one value per key, and the keys in ascending order: two
//!   cases with the same settings compare, hash and print the same, so a
//!   bucket or a signature that reads them never splits one bug in two by
//!   the order its settings were drawn in.
//! - The empty settings are the solver's defaults: a case made before
//!   settings existed (a corpus file, a text file) has them.
//! - A case's settings reach every solver the same way: as
//!   `(set-option :KEY VALUE)` lines at the top of its script
//!   ([`Settings::script_lines`]), which a finding's `.smt2` keeps and
//!   `run` and a labelled-file reader read back ([`Settings::from_commands`]),
//!   leaving out the options the printer writes for its own queries
//!   ([`SCRIPT_OPTIONS`]).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::term::{Command, SExpr};

/// The options a printed script sets for its own queries (models, cores)
/// or that shape the script rather than the solver: never a case's
/// setting.
pub const SCRIPT_OPTIONS: &[&str] = &[
    "produce-models",
    "produce-unsat-cores",
    "produce-unsat-assumptions",
    "produce-assignments",
    "print-success",
    "global-declarations",
    "incremental",
];

/// One `KEY=VALUE` setting of a case.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Setting {
    /// The parameter or option name, e.g. `smt.seq.split_w_len`.
    pub key: String,
    /// Its value as the solver reads it, e.g. `false`.
    pub value: String,
}

/// The settings of one case, keyed by name (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Settings {
    by_key: BTreeMap<String, String>,
}

impl Settings {
    /// No settings: the solver's defaults.
    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }

    /// How many keys are set.
    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    /// Sets `key` to `value`, replacing an earlier value of the same key.
    pub fn set(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.by_key.insert(key.into(), value.into());
    }

    /// Removes `key`; whether it was set.
    pub fn remove(&mut self, key: &str) -> bool {
        self.by_key.remove(key).is_some()
    }

    /// The value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.by_key.get(key).map(String::as_str)
    }

    /// `(set-option :KEY VALUE)`, one line per setting in key order: what
    /// goes at the top of the case's script (empty for none).
    pub fn script_lines(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.by_key {
            out.push_str(&format!("(set-option :{key} {value})\n"));
        }
        out
    }

    /// The settings a script's `set-option` commands make, but for
    /// [`SCRIPT_OPTIONS`]; a later command for a key wins, as in the
    /// solver.
    pub fn from_commands<'c>(commands: impl IntoIterator<Item = &'c Command>) -> Settings {
        let mut settings = Settings::default();
        for c in commands {
            if let Command::SetOption(key, value) = c
                && !SCRIPT_OPTIONS.contains(&key.as_str())
            {
                let value = match value {
                    SExpr::Symbol(v) | SExpr::Decimal(v) => v.clone(),
                    SExpr::Keyword(v) => format!(":{v}"),
                    SExpr::Numeral(n) => n.to_string(),
                    SExpr::Str(v) => format!("\"{}\"", v.replace('"', "\"\"")),
                    // Not a value any table entry takes: kept as the
                    // solver would not read it, so the case still fails.
                    SExpr::List(_) => format!("{value:?}"),
                };
                settings.set(key.clone(), value);
            }
        }
        settings
    }

    /// The settings in ascending key order.
    pub fn iter(&self) -> impl Iterator<Item = Setting> + '_ {
        self.by_key.iter().map(|(key, value)| Setting {
            key: key.clone(),
            value: value.clone(),
        })
    }
}

impl FromIterator<Setting> for Settings {
    fn from_iter<I: IntoIterator<Item = Setting>>(iter: I) -> Self {
        let mut settings = Settings::default();
        for Setting { key, value } in iter {
            settings.set(key, value);
        }
        settings
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.key, self.value)
    }
}

/// `KEY=VALUE` pairs separated by spaces, in key order (empty for none):
/// the form `--solver-option` takes, for a finding's first line.
impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for setting in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{setting}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_of_setting_does_not_matter_and_a_key_keeps_its_last_value() {
        let mut a = Settings::default();
        a.set("smt.relevancy", "0");
        a.set("rewriter.flat", "false");
        a.set("smt.relevancy", "1");
        let mut b = Settings::default();
        b.set("smt.relevancy", "1");
        b.set("rewriter.flat", "false");
        assert_eq!(a, b);
        assert_eq!(a.len(), 2);
        assert_eq!(a.to_string(), "rewriter.flat=false smt.relevancy=1");
        assert!(a.remove("rewriter.flat"));
        assert!(!a.remove("rewriter.flat"));
        assert_eq!(a.get("smt.relevancy"), Some("1"));
    }

    #[test]
    fn settings_print_as_set_options_and_read_back_without_the_scripts_own() {
        let mut s = Settings::default();
        s.set("smt.relevancy", "0");
        s.set("re-elim", "agg");
        let lines = s.script_lines();
        assert_eq!(
            lines,
            "(set-option :re-elim agg)\n(set-option :smt.relevancy 0)\n"
        );
        let text = format!("{lines}(set-option :produce-models true)(check-sat)");
        let script = crate::term::parse_script(&text).unwrap();
        assert_eq!(Settings::from_commands(&script.commands), s);
    }

    /// Settings travel inside every stored case (corpus `.postcard`s,
    /// findings): their bytes are a map of key to value, and a corpus
    /// written before the settings tables gained a theory column (issue
    /// 41) reads the same.
    #[test]
    fn the_serialized_form_is_a_plain_map_and_reads_back() {
        let mut s = Settings::default();
        s.set("smt.bv.solver", "2");
        s.set("mbqi", "true");
        let bytes = postcard::to_allocvec(&s).unwrap();
        let pinned: &[u8] = b"\x02\x04mbqi\x04true\x0dsmt.bv.solver\x012";
        assert_eq!(bytes, pinned);
        assert_eq!(postcard::from_bytes::<Settings>(pinned).unwrap(), s);
    }

    #[test]
    fn no_settings_print_as_nothing() {
        assert!(Settings::default().is_empty());
        assert_eq!(Settings::default().to_string(), "");
        assert_eq!(Settings::default().script_lines(), "");
    }
}
