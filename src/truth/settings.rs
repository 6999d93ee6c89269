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

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

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
    fn no_settings_print_as_nothing() {
        assert!(Settings::default().is_empty());
        assert_eq!(Settings::default().to_string(), "");
    }
}
