//! The self-checks of each solver, as data (`assets/settings/self_checks.tsv`): which
//! options turn each on, which failures it is run for, the component a flag of it
//! points at and the words it flags in; and a finding's failure in the table's words.

use crate::solver::SolverOption;
use crate::solver::TargetSpec;
use crate::solver::option::Family;
use crate::truth::Status;

use super::words::is_error_or_abort;

const TABLE: &str = include_str!("../../../assets/settings/self_checks.tsv");

/// One self-check of a solver: a row of `assets/settings/self_checks.tsv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfCheck {
    /// The solver it belongs to.
    pub solver: Family,
    /// Its name in the report (`model_validate`).
    pub name: String,
    /// The options that turn it on, added to the finding's own.
    pub options: Vec<SolverOption>,
    /// The failures it is run for (`invalid-model`, `wrong-sat`, ...).
    pub fits: Vec<String>,
    /// Whether it is run only on formulas with strings or sequences.
    pub strings: bool,
    /// The component a flag of it points at.
    pub points_at: String,
    /// A new error line flags the failure only if it holds one of these
    /// (lowercase).
    pub flag_words: Vec<String>,
    /// What to know about it (a checker the release lacks).
    pub note: String,
}

impl SelfCheck {
    /// Whether `line`, said under this check and not without it, flags the
    /// failure.
    pub fn flags(&self, line: &str) -> bool {
        let l = line.to_lowercase();
        is_error_or_abort(line) && self.flag_words.iter().any(|w| l.contains(w.as_str()))
    }
}

/// The table of self-checks, every row.
pub fn self_checks() -> Vec<SelfCheck> {
    parse_table(TABLE).expect("the compiled-in self-checks table is well formed (tested)")
}

fn parse_table(text: &str) -> Result<Vec<SelfCheck>, String> {
    let mut rows = Vec::new();
    let mut header = true;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if std::mem::take(&mut header) {
            continue;
        }
        let bad = |why: String| format!("self_checks.tsv line {}: {why}", n + 1);
        let [
            solver,
            name,
            options,
            fits,
            strings,
            points_at,
            flag_words,
            note,
        ] = line.split('\t').collect::<Vec<_>>()[..]
        else {
            return Err(bad("expected 8 tab-separated columns".into()));
        };
        let solver = match solver {
            "z3" => Family::Z3,
            "cvc5" => Family::Cvc5,
            other => return Err(bad(format!("unknown solver `{other}`"))),
        };
        let options = options
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<SolverOption>, _>>()
            .map_err(bad)?;
        let fits: Vec<String> = fits.split(',').map(|f| f.trim().to_string()).collect();
        if let Some(f) = fits.iter().find(|f| !FAILURES.contains(&f.as_str())) {
            return Err(bad(format!("unknown failure `{f}`")));
        }
        rows.push(SelfCheck {
            solver,
            name: name.to_string(),
            options,
            fits,
            strings: strings == "yes",
            points_at: points_at.to_string(),
            flag_words: flag_words
                .split(',')
                .map(|w| w.trim().to_lowercase())
                .filter(|w| !w.is_empty())
                .collect(),
            note: note.to_string(),
        });
    }
    Ok(rows)
}

/// The failures the table's `fits` column names.
const FAILURES: [&str; 5] = [
    "invalid-model",
    "wrong-sat",
    "wrong-unsat",
    "invalid-core",
    "crash",
];

/// The failure a finding of `kind` with the expected status `expected`
/// shows, in the table's words.
pub fn failure_of(kind: &str, expected: Status) -> Option<&'static str> {
    Some(match (kind, expected) {
        ("invalid-model", _) => "invalid-model",
        ("invalid-core", _) => "invalid-core",
        ("crash", _) => "crash",
        ("unsound", Status::Unsat) => "wrong-sat",
        ("unsound", Status::Sat) => "wrong-unsat",
        _ => return None,
    })
}

/// The solver family of a target: libz3 and the z3 binary, cvc5, or a
/// `cmd:` program by its name; `None` for one whose checks are unknown.
pub fn family_of(target: &TargetSpec) -> Option<Family> {
    match target {
        TargetSpec::Z3 | TargetSpec::Z3InProcess | TargetSpec::Z3Binary => Some(Family::Z3),
        TargetSpec::Cvc5 => Some(Family::Cvc5),
        TargetSpec::Command { program, .. } => Family::of_program(program),
    }
}

/// The checks worth running on a `failure` of a `family` solver, the
/// formula having strings or sequences or not.
pub fn checks_for(family: Family, failure: &str, strings: bool) -> Vec<SelfCheck> {
    self_checks()
        .into_iter()
        .filter(|c| c.solver == family && c.fits.iter().any(|f| f == failure))
        .filter(|c| strings || !c.strings)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_every_failure_has_a_check_on_both_solvers() {
        let rows = self_checks();
        assert_eq!(rows.len(), 7, "{rows:?}");
        for family in [Family::Z3, Family::Cvc5] {
            for failure in FAILURES {
                assert!(
                    !checks_for(family, failure, false).is_empty(),
                    "{family:?} {failure}"
                );
            }
        }
        // The sequence solver's validation only where there are strings.
        let names = |s| -> Vec<String> {
            checks_for(Family::Z3, "invalid-model", s)
                .into_iter()
                .map(|c| c.name)
                .collect()
        };
        assert_eq!(names(false), ["model_validate"]);
        assert_eq!(names(true), ["model_validate", "smt.seq.validate"]);
        let proofs = checks_for(Family::Cvc5, "wrong-unsat", false);
        let opts: Vec<String> = proofs
            .iter()
            .flat_map(|c| c.options.iter().map(|o| o.to_string()))
            .collect();
        assert!(
            opts.contains(&"produce-proofs=true".to_string()),
            "{opts:?}"
        );
        assert!(parse_table("h\nz3\tx\tmodel_validate=true\tnope\tno\tp\tw\t\n").is_err());
        assert!(parse_table("h\nz3\tx\tmodel_validate\tcrash\tno\tp\tw\t\n").is_err());
        assert!(parse_table("h\nz3\tx\tmodel_validate=true\tcrash\tno\tp\t\n").is_err());
    }

    #[test]
    fn a_check_flags_only_in_its_own_words() {
        let check = |name: &str| self_checks().into_iter().find(|c| c.name == name).unwrap();
        let invalid = "(error \"line 8 column 27: an invalid model was generated\")";
        let sls = "NOT IMPLEMENTED YET!";
        assert!(check("model_validate").flags(invalid));
        assert!(!check("model_validate").flags(sls));
        // Z3 5.4.1's local search aborting elsewhere under
        // smt.seq.validate (c17de95b) is no word of the sequence solver's
        // validation.
        assert!(!check("smt.seq.validate").flags(sls));
        assert!(!check("smt.seq.validate").flags(invalid));
        assert!(!check("check-models").flags("WARNING: model checking is slow"));
        assert!(check("check-proofs").flags("(error \"proof checking failed\")"));
    }

    #[test]
    fn failures_are_named_by_kind_and_expected_status() {
        assert_eq!(failure_of("unsound", Status::Unsat), Some("wrong-sat"));
        assert_eq!(failure_of("unsound", Status::Sat), Some("wrong-unsat"));
        assert_eq!(
            failure_of("invalid-model", Status::Sat),
            Some("invalid-model")
        );
        assert_eq!(failure_of("timeout", Status::Sat), None);
        let cmd = |p: &str| TargetSpec::Command {
            program: p.into(),
            args: vec![],
        };
        assert_eq!(family_of(&cmd("/opt/z3/bin/z3")), Some(Family::Z3));
        assert_eq!(family_of(&cmd("yices-smt2")), None);
    }
}
