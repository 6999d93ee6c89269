//! How a finding fails: the verdict kind, the solver's answer and, for a
//! crash, where the solver said it failed. What `minimize` keeps,
//! `confirm` counts and `bisect` looks for on each release.
//!
//! # Invariants
//!
//! - A crash's failure is its site as well as its kind: two crashes at two
//!   sites are two bugs (two buckets, see `finding::BucketKey`), so a
//!   reduction that moves a crash to another site is not the same failure,
//!   and a minimized crash falls into the bucket of the finding it stands
//!   for. Before this rule a Z3 5.4.1 crash at `sls_seq_plugin.cpp` line
//!   137 minimized to one at line 1319, and its bucket was left with no
//!   minimized, confirmed or bisected file ("undecided").
//! - Across releases ([`Failure::across_releases`]) the line and the build
//!   folder in the site change with the release's source, so there the
//!   site's file and kind of abort count, not its text.

use crate::oracle::{SiteParts, Verdict};
use crate::truth::Status;

/// How a finding fails: what a reduction must keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The verdict kind.
    pub kind: &'static str,
    /// The solver's answer (`sat`, `unsat`, `crash`).
    pub answer: String,
    /// Where a crashing solver said it failed (`None`: not a crash, or it
    /// said nothing).
    pub site: Option<String>,
}

impl Failure {
    /// The failure a verdict shows, if it is a finding.
    pub fn of(v: &Verdict) -> Option<Failure> {
        let answer = match v {
            Verdict::Unsound { got, .. } => got.to_string(),
            Verdict::InvalidModel { .. } => Status::Sat.to_string(),
            Verdict::InvalidCore { .. } => Status::Unsat.to_string(),
            Verdict::Crash(_) => "crash".into(),
            _ => return None,
        };
        let site = match v {
            Verdict::Crash(c) if !c.site.trim().is_empty() => Some(c.site.trim().to_string()),
            _ => None,
        };
        Some(Failure {
            kind: v.kind(),
            answer,
            site,
        })
    }

    /// Whether `other`, on another release, is this failure: the same kind
    /// and answer, and for a crash at a site Z3 names, the same source file
    /// and kind of abort (the line moves from release to release); a site
    /// of another form must be the same text.
    pub fn across_releases(&self, other: &Failure) -> bool {
        if self.kind != other.kind || self.answer != other.answer {
            return false;
        }
        match (&self.site, &other.site) {
            (Some(a), Some(b)) => match (SiteParts::of(a), SiteParts::of(b)) {
                (Some(pa), Some(pb)) => pa.file == pb.file && pa.abort == pb.abort,
                _ => a == b,
            },
            (a, b) => a == b,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (answer {})", self.kind, self.answer)?;
        if let Some(site) = &self.site {
            write!(f, " at `{site}`")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Crash;

    fn crash_at(site: &str) -> Failure {
        Failure::of(&Verdict::Crash(Crash::new("exited with code 107").at(site))).unwrap()
    }

    #[test]
    fn a_crash_at_another_site_is_another_failure() {
        let at = |line: u32, what: &str| {
            crash_at(&format!(
                "ASSERTION VIOLATION File: /b1/core/src/ast/sls/sls_seq_plugin.cpp Line: {line} {what}"
            ))
        };
        let a = at(137, "NOT IMPLEMENTED YET!");
        assert_eq!(a, at(137, "NOT IMPLEMENTED YET!"));
        assert_ne!(a, at(1319, "UNEXPECTED CODE WAS REACHED."));
        assert_ne!(a, at(508, "NOT IMPLEMENTED YET!"));
        // How it died is no part of it: a worker's SIGABRT and a fork
        // child's exit(107) at one site are one failure.
        let how = Failure::of(&Verdict::Crash(
            Crash::new("killed by SIGABRT").at(a.site.clone().unwrap()),
        ));
        assert_eq!(how.as_ref(), Some(&a));
        assert!(a.to_string().contains("Line: 137"), "{a}");
        // Without words, a crash is a crash.
        assert_eq!(
            Failure::of(&Verdict::Crash(Crash::new("SIGSEGV")))
                .unwrap()
                .site,
            None
        );
    }

    #[test]
    fn across_releases_the_file_and_abort_kind_count_not_the_line() {
        let on = |build: &str, line: u32, what: &str| {
            crash_at(&format!(
                "ASSERTION VIOLATION File: /{build}/src/ast/sls/sls_seq_plugin.cpp Line: {line} {what}"
            ))
        };
        let a = on("b541", 137, "NOT IMPLEMENTED YET!");
        assert!(a.across_releases(&on("b533", 131, "NOT IMPLEMENTED YET!")));
        assert!(!a.across_releases(&on("b533", 131, "UNEXPECTED CODE WAS REACHED.")));
        let other_file = crash_at(
            "ASSERTION VIOLATION File: /b/src/ast/sls/sls_context.cpp Line: 137 NOT IMPLEMENTED YET!",
        );
        assert!(!a.across_releases(&other_file));
        let unsound = Failure::of(&Verdict::Unsound {
            expected: Status::Sat,
            got: Status::Unsat,
        })
        .unwrap();
        assert!(unsound.across_releases(&unsound.clone()));
        assert!(!unsound.across_releases(&a));
        let words = |s: &str| crash_at(s);
        assert!(words("cadical: fatal").across_releases(&words("cadical: fatal")));
        assert!(!words("cadical: fatal").across_releases(&words("std::bad_alloc")));
    }
}
