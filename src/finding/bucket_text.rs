//! A finding file's text, read for its bucket: the key ([`key_of_text`]),
//! the formula (for an incremental script, what is in force at the
//! `check-sat` that failed) and the variant. Triage reads the key off the
//! minimized formula whole: the minimizer kept only what the failure needs.

use crate::oracle::FailedCheck;
use crate::term::Formula;

use super::bucket::{BucketKey, answer_of};
use super::labelled::read_case;
use super::replay::header_field;
use super::variant::variant;

/// The key of a finding file's text (its `; equifuzz finding:`,
/// `; expected:` and `; got:` header and its case), if it is one.
pub fn key_of_text(text: &str) -> Option<BucketKey> {
    let kind = header_field(text, "equifuzz finding")?;
    let expected = header_field(text, "expected")?;
    let answer = answer_of(kind, expected);
    let site = recorded_crash_site(text);
    let script = crate::term::parse_script(text).ok()?;
    let mut key = match Formula::from_script(&script) {
        // Its settings are the script's options until its case says
        // otherwise: a file `read_case` cannot read as a labelled case (an
        // instantiated unsat core) still keys by the settings it sets.
        Ok(formula) => BucketKey {
            settings: crate::truth::Settings::from_commands(&script.commands),
            ..BucketKey::new(kind, &answer, &formula)
        },
        Err(_) => {
            // An incremental script: the key of the check-sat that failed,
            // over what is in force there.
            let check = failed_check(text)?;
            let expected = check.status.as_deref().unwrap_or(expected);
            // Its settings are the script's options (it is no labelled
            // case `read_case` reads): as the campaign keyed it, so that the
            // id is the `; bucket:` line's.
            BucketKey {
                incremental: true,
                settings: crate::truth::Settings::from_commands(&script.commands),
                ..BucketKey::new(kind, &answer_of(kind, expected), &check.formula)
            }
        }
    };
    if let Ok(case) = read_case(text, "unknown") {
        key.settings = case.settings;
    }
    key.at(site.map(str::to_string));
    Some(key)
}

/// Where the solver said it failed, as a crash finding's `; got:` line
/// records it (how the oracle shows a crash at a site: `...; it said:
/// SITE`); `None` for another finding, or a crash without words.
pub fn recorded_crash_site(text: &str) -> Option<&str> {
    header_field(text, "got")
        .filter(|_| header_field(text, "equifuzz finding") == Some("crash"))
        .and_then(|got| got.split_once("; it said: "))
        .map(|(_, site)| site.trim())
        .filter(|site| !site.is_empty())
}

/// The check-sat of an incremental finding that failed (its `; failed:
/// check-sat K of N` line; the last one without it).
fn failed_check(text: &str) -> Option<crate::term::CheckSat> {
    let mut checks = crate::term::check_sats(&crate::term::parse_located(text).ok()?).ok()?;
    let failed = header_field(text, "failed")
        .and_then(FailedCheck::parse)
        .map_or(checks.len().checked_sub(1)?, |f| f.index);
    (failed < checks.len()).then(|| checks.swap_remove(failed))
}

/// A finding file's formula: the script's, or for an incremental script
/// what is in force at the check-sat that failed; `None` if it does not
/// parse.
pub fn formula_of_text(text: &str) -> Option<Formula> {
    let script = crate::term::parse_script(text).ok()?;
    Formula::from_script(&script)
        .ok()
        .or_else(|| Some(failed_check(text)?.formula))
}

/// The variant (see [`variant`]) of a finding file's formula, if it parses.
pub fn variant_of_text(text: &str) -> Option<String> {
    Some(variant(&formula_of_text(text)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::bucket::feature;
    use crate::finding::variant::operators;
    use crate::term::parse_script;
    use crate::truth::{Case, Truth};

    /// Regression (issue 30): an incremental finding's report showed no
    /// operators and an empty variant.
    #[test]
    fn an_incremental_finding_has_the_operators_of_its_failed_check() {
        let text = "; equifuzz finding: invalid-model\n; expected: sat\n\
                    ; failed: check-sat 1 of 1: INVALID MODEL\n\
                    (declare-const s (Seq Int))(declare-const p Bool)\n\
                    (assert (=> p (= s (seq.++ s s))))\n\
                    (set-info :status sat)(check-sat-assuming (p))\n";
        let f = formula_of_text(text).expect("an incremental script reads");
        assert!(operators(&f).contains("seq.++"), "{:?}", operators(&f));
        assert!(variant_of_text(text).is_some_and(|v| v.contains("seq.++")));
    }

    #[test]
    fn a_campaign_keys_an_incremental_finding_as_triage_does() {
        // Two cases side by side in sibling scopes, as `interleave` makes
        // them: the second check fails, over strings; the first is over
        // str.to_int, the more specific fragment. The key is the second
        // check's, and the same as triage
        // reads off the finding file.
        use crate::truth::{Check, Incremental, Step};
        let script = parse_script(
            "(declare-const x Int)(declare-const s String)\
             (assert (! (< (str.to_int s) (- 1)) :named a0))(assert (! (> x 0) :named a1))\
             (assert (= (str.len s) 1))",
        )
        .unwrap();
        let mut case = Case::new(
            Formula::from_script(&script).unwrap(),
            Truth::Unsat {
                core: ["a0".to_string()].into(),
            },
            crate::truth::Provenance::default(),
        );
        let unsat = case.truth.clone();
        // The key reads no value of the model.
        case.truth = Truth::Sat {
            model: Default::default(),
        };
        case.incremental = Some(Incremental {
            steps: vec![
                Step::Push,
                Step::Assert(0),
                Step::Assert(1),
                Step::CheckSat(Check {
                    assuming: Vec::new(),
                    truth: unsat,
                }),
                Step::Pop,
                Step::Assert(2),
                Step::CheckSat(Check {
                    assuming: Vec::new(),
                    truth: case.truth.clone(),
                }),
            ],
        });
        let verdict = crate::oracle::Verdict::Unsound {
            expected: crate::truth::Status::Sat,
            got: crate::truth::Status::Unsat,
        };
        let failed = FailedCheck { index: 1, of: 2 };
        let key = BucketKey::of_judgement(&verdict, &case, Some(failed));
        assert!(key.incremental);
        assert_eq!(key.answer, "unsat");
        assert_eq!(key.feature, "strings", "{key}");
        let text = format!(
            "; equifuzz finding: unsound\n; expected: sat\n; failed: {}\n{}",
            failed.line(&verdict),
            case.script(true)
        );
        assert_eq!(key_of_text(&text), Some(key.clone()), "{text}");
        // Without the check that failed, the whole script.
        let whole = BucketKey::of_judgement(&verdict, &case, None);
        assert_eq!(whole.feature, "str.to_int/str.from_int", "{whole}");
    }

    #[test]
    fn an_incremental_finding_is_keyed_by_the_check_sat_that_failed() {
        let text = "; equifuzz finding: unsound\n; expected: unsat\n\
                    ; failed: check-sat 2 of 2: UNSOUND: expected sat, got unsat\n\
                    (declare-const x Int)(declare-const s String)(push 1)\n\
                    (assert (! (< x 0) :named a0))(assert (! (> x 0) :named a1))\n\
                    (set-info :status unsat)(check-sat)(pop 1)\n\
                    (assert (= (str.len s) 1))(set-info :status sat)(check-sat)\n";
        let key = key_of_text(text).unwrap();
        assert!(key.incremental);
        // The second check's: expected sat, so the wrong answer was unsat,
        // on a formula over strings.
        assert_eq!(key.answer, "unsat");
        assert_eq!(
            key.feature,
            feature(
                &crate::term::check_sats(&crate::term::parse_located(text).unwrap()).unwrap()[1]
                    .formula
            )
        );
        let one_shot = BucketKey {
            incremental: false,
            ..key.clone()
        };
        assert_ne!(key.id(), one_shot.id());
        assert!(key.to_string().ends_with(", incremental"), "{key}");
    }

    #[test]
    fn the_key_of_a_crash_file_reads_its_site() {
        let text = "; equifuzz finding: crash\n; expected: sat\n\
            ; got: CRASH: killed by SIGABRT; it said: ASSERTION VIOLATION File: seq.cpp Line: 508\n\
            (declare-const s String)(assert (= s \"a\"))(check-sat)\n";
        let key = key_of_text(text).unwrap();
        assert_eq!(
            key.crash_site.as_deref(),
            Some("ASSERTION VIOLATION File: seq.cpp Line: 508")
        );
        assert_eq!(key.kind, "crash");
    }

    /// Regression (Z3 5.0.0 campaign, bucket 752b91c2): a minimized file
    /// whose core was instantiated is no labelled case `read_case` reads,
    /// and its key lost the settings it sets: a local-search finding was
    /// reported as one on default settings.
    #[test]
    fn a_file_with_an_instantiated_core_keys_by_the_settings_it_sets() {
        let text = "; equifuzz finding: unsound\n; expected: unsat\n\
            ; got: UNSOUND: expected unsat, got sat\n\
            ; unsat core before instantiation (minimality not rechecked): (a0 a2)\n\
            (set-option :smt.sls.enable true)\n(set-info :status unsat)\n\
            (set-option :produce-unsat-cores true)\n(declare-const n Int)\n\
            (assert (! (not (= (div (+ 1 n) n) (+ (div 1 n) 1))) :named a0))\n\
            (assert (! (not (= n 0)) :named a2))\n(check-sat)\n(get-unsat-core)\n";
        let key = key_of_text(text).unwrap();
        assert_eq!(key.settings.to_string(), "smt.sls.enable=true", "{key}");
    }
}
