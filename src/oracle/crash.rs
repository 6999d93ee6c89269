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

/// What a dying solver said, on one line, at most 300 characters: from
/// Z3's last `ASSERTION VIOLATION` (its `File: ...`, `Line: N` and the
/// condition follow) or else from the last four lines it printed, up to
/// four lines and never the request to report it. What came before (a
/// verbose trace, say) is left out. Empty when it printed nothing.
pub fn crash_site(printed: &str) -> String {
    let lines: Vec<&str> = printed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let from = lines
        .iter()
        .rposition(|l| l.starts_with("ASSERTION VIOLATION"))
        .unwrap_or(lines.len().saturating_sub(4));
    let said = lines[from..]
        .iter()
        .take_while(|l| !l.starts_with("Please file"))
        .take(4)
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    said.chars().take(300).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_site_is_what_z3_said_before_asking_for_a_report() {
        // What Z3 5.3.3 printed to standard error as it aborted.
        let printed = "ASSERTION VIOLATION\nFile: /src/ast/sls/sls_seq_plugin.cpp\nLine: 508\n\
                       NOT IMPLEMENTED YET!\n5.3.3.0\nPlease file an issue with this message\n";
        assert_eq!(
            crash_site(printed),
            "ASSERTION VIOLATION File: /src/ast/sls/sls_seq_plugin.cpp Line: 508 NOT IMPLEMENTED YET!"
        );
        // A trace before it does not count.
        let traced = format!("(smt.searching)\n(seq.axiom x)\n{printed}");
        assert_eq!(crash_site(&traced), crash_site(printed));
        // Without Z3's words, the last lines: where an abort leaves them.
        assert_eq!(
            crash_site(
                "(smt.searching)\nterminate called after throwing 'std::bad_alloc'\n  what():  std::bad_alloc\n"
            ),
            "(smt.searching) terminate called after throwing 'std::bad_alloc' what():  std::bad_alloc"
        );
        assert_eq!(crash_site("\n  \n"), "");
        assert_eq!(crash_site("Please file an issue\nLine: 1"), "");
        assert_eq!(crash_site(&"x".repeat(1000)).len(), 300);
    }
}
