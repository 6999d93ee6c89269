//! A bucket's status: whether it is worth reporting, from what its
//! bisection found on the newest release, or from the known-bugs file.

use std::collections::BTreeMap;

use crate::triage::KnownBugs;
use crate::triage::bisect::{Bisection, Outcome};
use crate::triage::findings::Bucket;

use super::records::file_name;

/// Whether a bucket is worth reporting: what its bisection found on the
/// newest release, or that the known-bugs file lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BucketStatus {
    /// The newest release judged still fails the same way, or no release
    /// fails at all (a bug of the build under test alone): why, in words.
    New(String),
    /// The newest release is right; this is the first good release after
    /// the last bad one.
    FixedIn(String),
    /// Listed in the known-bugs file.
    Known,
    /// Every release that still runs the finding fails it, up to the
    /// first field; the newer ones, the newest (second field) among them,
    /// no longer run it (an option or solver part removed, as Z3 5.x
    /// answers `unknown` to everything with `smt.string_solver=z3str3`),
    /// why in the third. Nothing to report: the code is gone.
    Retired(String, String, String),
    /// Not bisected, or the newest release did something else: why.
    Undecided(String),
    /// No replay in triage failed (`report::reproduced`): why, in words.
    NotReproduced(String),
}

impl std::fmt::Display for BucketStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BucketStatus::New(why) => write!(f, "new ({why})"),
            BucketStatus::FixedIn(v) => write!(f, "fixed in {v}"),
            BucketStatus::Known => write!(f, "known (in the known-bugs file)"),
            BucketStatus::Retired(last_bad, newest, why) => write!(
                f,
                "retired: fails up to {last_bad}, the last release that runs it; \
                 {newest} does not ({why})"
            ),
            BucketStatus::Undecided(why) => write!(f, "undecided: {why}"),
            BucketStatus::NotReproduced(why) => write!(f, "not reproduced: {why}"),
        }
    }
}

/// The bisection that stands for bucket `b`: its representative's, else
/// any finding's of the bucket (triage bisects one per campaign bucket,
/// which may not be the smallest).
pub(super) fn bisection_of<'a>(
    b: &Bucket,
    bisections: &'a BTreeMap<String, Bisection>,
) -> Option<&'a Bisection> {
    let names =
        std::iter::once(file_name(&b.representative)).chain(b.findings.iter().flat_map(|f| {
            let stem = f.file_stem().unwrap_or_default().to_string_lossy();
            [file_name(f), format!("{stem}.min.smt2")]
        }));
    names.into_iter().find_map(|n| bisections.get(&n))
}

/// The status of bucket `b` (see [`BucketStatus`]).
pub fn bucket_status(
    b: &Bucket,
    bisections: &BTreeMap<String, Bisection>,
    known: &KnownBugs,
) -> BucketStatus {
    let formula = std::fs::read_to_string(&b.representative)
        .ok()
        .and_then(|t| crate::term::parse_script(&t).ok())
        .and_then(|s| crate::term::Formula::from_script(&s).ok());
    if known.contains(&b.key, formula.as_ref()) {
        return BucketStatus::Known;
    }
    let Some(bisection) = bisection_of(b, bisections) else {
        return BucketStatus::Undecided("not bisected".into());
    };
    let Some((newest, outcome, verdict)) = bisection.releases.last() else {
        return BucketStatus::Undecided("no release judged".into());
    };
    let any_bad = bisection.releases.iter().any(|r| r.1 == Outcome::Bad);
    match outcome {
        Outcome::Bad => BucketStatus::New(format!("the newest release, {newest}, still fails")),
        Outcome::Good if !any_bad => BucketStatus::New(
            "no release of the range fails: only the solver it was found on".into(),
        ),
        Outcome::Good => {
            let last_bad = bisection.releases.iter().rposition(|r| r.1 == Outcome::Bad);
            let fixed = last_bad
                .and_then(|i| {
                    bisection.releases[i + 1..]
                        .iter()
                        .find(|r| r.1 == Outcome::Good)
                })
                .map_or_else(|| newest.clone(), |r| r.0.clone());
            BucketStatus::FixedIn(fixed)
        }
        Outcome::Other => {
            // E.g. an option the newest release no longer has. The newest
            // release that answered decides: still failing there, the
            // failure lasted as long as the code did; right there, it was
            // fixed before the code went.
            let said: String = verdict.chars().take(120).collect();
            let answered = bisection
                .releases
                .iter()
                .rposition(|r| matches!(r.1, Outcome::Bad | Outcome::Good));
            // Retired only when the newest refuses to run it (it cannot
            // load the options): an `unknown` there may be the same bug.
            let refused = verdict.starts_with("cannot use");
            match answered.map(|i| (i, &bisection.releases[i])) {
                Some((_, (last, Outcome::Bad, _))) if refused => {
                    BucketStatus::Retired(last.clone(), newest.clone(), said)
                }
                Some((_, (last, Outcome::Bad, _))) => BucketStatus::Undecided(format!(
                    "the newest release ({newest}) did not answer it: {said}; fails up to {last}"
                )),
                Some((i, _)) if any_bad => {
                    let last_bad = bisection.releases[..i]
                        .iter()
                        .rposition(|r| r.1 == Outcome::Bad)
                        .unwrap_or(0);
                    let fixed = bisection.releases[last_bad + 1..=i]
                        .iter()
                        .find(|r| r.1 == Outcome::Good)
                        .map_or_else(|| newest.clone(), |r| r.0.clone());
                    BucketStatus::FixedIn(fixed)
                }
                _ => BucketStatus::Undecided(format!(
                    "the newest release ({newest}) did not answer it: {said}"
                )),
            }
        }
        Outcome::Untested => {
            BucketStatus::Undecided(format!("the newest release ({newest}) not judged"))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn a_bucket_is_new_fixed_known_or_undecided_by_its_bisection() {
        use crate::term::{Formula, parse_script};
        let formula = Formula::from_script(
            &parse_script("(declare-const s String)(assert (= (str.len s) 1))").unwrap(),
        )
        .unwrap();
        let bucket = Bucket {
            key: crate::finding::BucketKey::new("unsound", "unsat", &formula),
            findings: vec![PathBuf::from("f.smt2")],
            representative: PathBuf::from("/nonexistent/f.min.smt2"),
            operators: Vec::new(),
            variants: BTreeMap::new(),
        };
        let with = |outcomes: &[Outcome]| {
            let releases = outcomes
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let said = if *o == Outcome::Other && i + 1 == outcomes.len() {
                        "cannot use: the option is refused"
                    } else {
                        ""
                    };
                    (format!("4.8.{i}"), *o, said.to_string())
                })
                .collect();
            BTreeMap::from([(
                "f.min.smt2".to_string(),
                Bisection {
                    file: bucket.representative.clone(),
                    releases,
                    own: Default::default(),
                    replays: Vec::new(),
                },
            )])
        };
        let none = KnownBugs::default();
        use Outcome::*;
        let status = |o: &[Outcome]| bucket_status(&bucket, &with(o), &none);
        assert!(matches!(
            status(&[Bad, Untested, Bad]),
            BucketStatus::New(_)
        ));
        assert_eq!(
            status(&[Bad, Bad, Good, Untested, Good]),
            BucketStatus::FixedIn("4.8.2".into())
        );
        // Only the build it was found on fails: a regression, new.
        assert!(
            matches!(status(&[Good, Good]), BucketStatus::New(w) if w.contains("only the solver"))
        );
        // The newest release no longer runs it: the last one that does
        // decides.
        assert_eq!(
            status(&[Bad, Bad, Other]),
            BucketStatus::Retired(
                "4.8.1".into(),
                "4.8.2".into(),
                "cannot use: the option is refused".into()
            )
        );
        assert_eq!(
            status(&[Bad, Good, Other]),
            BucketStatus::FixedIn("4.8.1".into())
        );
        assert!(matches!(
            status(&[Other, Other]),
            BucketStatus::Undecided(_)
        ));
        // An `unknown` on the newest is no refusal: it may be the same bug.
        let mut unknown = with(&[Bad, Other]);
        unknown.get_mut("f.min.smt2").unwrap().releases[1].2 = "unknown".into();
        assert!(matches!(
            bucket_status(&bucket, &unknown, &none),
            BucketStatus::Undecided(w) if w.contains("fails up to 4.8.0")
        ));
        assert!(matches!(
            bucket_status(&bucket, &BTreeMap::new(), &none),
            BucketStatus::Undecided(_)
        ));
        let known = KnownBugs::parse(&format!("{}\n", bucket.key.id())).unwrap();
        assert_eq!(
            bucket_status(&bucket, &with(&[Bad]), &known),
            BucketStatus::Known
        );
    }
}
