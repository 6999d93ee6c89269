//! A crash as a verdict holds it: how the solver died and where it said it
//! failed, kept as two fields so that the fuzzer's bug signature reads the
//! site without searching a message for it.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How a solver died and, when it said so, where.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Crash {
    /// How it died: the signal, the abort, the `exit()`, as one line.
    pub how: String,
    /// What it said as it died (Z3's `ASSERTION VIOLATION`, its file and
    /// line), on one line; empty when it said nothing. A crash with a site
    /// is one bug wherever the formula came from (see the fuzzer's bug
    /// signature).
    pub site: String,
}

impl Crash {
    /// A crash at no known site.
    pub fn new(how: impl Into<String>) -> Crash {
        Crash {
            how: how.into(),
            site: String::new(),
        }
    }

    /// This crash, at `site` (what the solver said as it died).
    pub fn at(self, site: impl Into<String>) -> Crash {
        Crash {
            site: site.into(),
            ..self
        }
    }
}

/// Put between how a solver died and what it said, when shown.
const SOLVER_SAID: &str = "; it said: ";

impl fmt::Display for Crash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.site.is_empty() {
            write!(f, "{}", self.how)
        } else {
            write!(f, "{}{SOLVER_SAID}{}", self.how, self.site)
        }
    }
}
