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

/// A crash site read into its parts: the source file the solver named
/// (from its `src/` folder on, so that two builds of one release, or two
/// releases, name the same file alike), the line, and the kind of abort.
/// What groups a family of sites (one file, one kind of abort, several
/// lines) into one defect, and what a crash's verdict names.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SiteParts {
    /// The source file, from its last `src/` folder on (the build folder
    /// before it differs from one build to the next).
    pub file: String,
    /// The line, when said.
    pub line: Option<u32>,
    /// The kind of abort: `not implemented`, `unreachable`, or `assertion`
    /// (a failed condition, quoted after the line).
    pub abort: &'static str,
}

impl SiteParts {
    /// The parts of a site as Z3 says it (`ASSERTION VIOLATION File: F
    /// Line: N WHAT`); `None` for a site that names no file (cvc5's
    /// messages, a signal without words).
    pub fn of(site: &str) -> Option<SiteParts> {
        let after_file = site.split_once("File: ")?.1;
        let path = after_file.split_whitespace().next()?;
        let file = match path.rfind("src/") {
            Some(i) => &path[i..],
            None => path,
        };
        let rest = &after_file[path.len()..];
        let (line, what) = match rest.trim_start().strip_prefix("Line: ") {
            Some(r) => {
                let digits: String = r.chars().take_while(char::is_ascii_digit).collect();
                (digits.parse().ok(), &r[digits.len()..])
            }
            None => (None, rest),
        };
        let abort = if what.contains("NOT IMPLEMENTED YET") {
            "not implemented"
        } else if what.contains("UNEXPECTED CODE WAS REACHED") || what.contains("UNREACHABLE") {
            "unreachable"
        } else {
            "assertion"
        };
        Some(SiteParts {
            file: file.to_string(),
            line,
            abort,
        })
    }
}

impl fmt::Display for SiteParts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in {}", self.abort, self.file)?;
        if let Some(line) = self.line {
            write!(f, " line {line}")?;
        }
        Ok(())
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
/// verbose trace, say) is left out, and so are the warnings a solver's
/// parser prints about the script (cvc5's `<stdin>:1.14: No set-logic
/// command was given ...`): they say nothing of the crash, and would key
/// every crash of a script by them. Empty when it printed nothing.
pub fn crash_site(printed: &str) -> String {
    let lines: Vec<&str> = printed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !is_parser_warning(l))
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

/// A warning of cvc5's parser about the script, `<stdin>:LINE.COLUMN: ...`.
fn is_parser_warning(line: &str) -> bool {
    line.strip_prefix("<stdin>:")
        .and_then(|rest| rest.split_once(": "))
        .is_some_and(|(at, _)| !at.is_empty() && at.chars().all(|c| c.is_ascii_digit() || c == '.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_reads_into_its_file_line_and_abort_kind() {
        // As the Z3 5.4.1 wheel and a local build say it.
        let wheel = "ASSERTION VIOLATION File: /tmp/build-via-sdist-pee9p4fm/z3_solver-5.4.1.0/\
                     core/src/ast/sls/sls_seq_plugin.cpp Line: 137 NOT IMPLEMENTED YET!";
        let parts = SiteParts::of(wheel).unwrap();
        assert_eq!(parts.file, "src/ast/sls/sls_seq_plugin.cpp");
        assert_eq!(parts.line, Some(137));
        assert_eq!(parts.abort, "not implemented");
        assert_eq!(
            parts.to_string(),
            "not implemented in src/ast/sls/sls_seq_plugin.cpp line 137"
        );
        let local = "ASSERTION VIOLATION File: /home/z3/src/ast/sls/sls_seq_plugin.cpp Line: 508 \
                     NOT IMPLEMENTED YET!";
        assert_eq!(SiteParts::of(local).unwrap().file, parts.file);
        let reached = "ASSERTION VIOLATION File: /b/src/ast/sls/sls_context.cpp Line: 362 \
                       UNEXPECTED CODE WAS REACHED.";
        assert_eq!(SiteParts::of(reached).unwrap().abort, "unreachable");
        let failed =
            "ASSERTION VIOLATION File: ../src/smt/theory_seq.cpp Line: 12 Failed to verify: x";
        assert_eq!(SiteParts::of(failed).unwrap().abort, "assertion");
        assert_eq!(
            SiteParts::of("cadical: fatal error: invalid API usage"),
            None
        );
    }

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
        // cvc5 1.0.3's binary, aborting in CaDiCaL after its parser's
        // warnings about a script without set-logic: the abort is the site.
        let cvc5 = "<stdin>:1.14: No set-logic command was given before this point.\n\
                    <stdin>:1.14: cvc5 will make all theories available.\n\
                    <stdin>:1.14: Consider setting a stricter logic for (likely) better performance.\n\
                    <stdin>:1.14: To suppress this warning in the future use (set-logic ALL).\n\
                    cadical: fatal error: invalid API usage of 'int CaDiCaL::Solver::val(int)'\n";
        assert_eq!(
            crash_site(cvc5),
            "cadical: fatal error: invalid API usage of 'int CaDiCaL::Solver::val(int)'"
        );
        assert_eq!(crash_site("Please file an issue\nLine: 1"), "");
        assert_eq!(crash_site(&"x".repeat(1000)).len(), 300);
    }
}
