//! A finding file minimized: its case reduced ([`super::minimize`]) while
//! its own solver still fails the same way ([`Failure`]), replayed again
//! before it is written, with the replay line, header and truth of a
//! finding of its own; and `--check`, the same failure test for another
//! reducer's candidate.

use crate::triage::say::say;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::relabel::relabel;
use super::{Minimized, Mode, core_refuted, minimize_at, size};
use crate::finding::{Finding, INSTANTIATED_CORE, needs_settings, replay_line, smt2_text};
use crate::oracle::{FailedCheck, Verdict};
use crate::term::{Formula, Printer, parse_script};
use crate::triage::replays::{OWN_REPLAYS, Rate, own_rate};
use crate::triage::{Failure, Judge};
use crate::truth::{Case, Truth};

/// One finding minimized.
#[derive(Clone, Debug)]
pub struct MinimizeResult {
    /// The input.
    pub file: PathBuf,
    /// The output.
    pub out: PathBuf,
    /// Sizes in AST nodes before and after.
    pub nodes: (usize, usize),
    /// Assertions before and after.
    pub assertions: (usize, usize),
    /// Solver calls.
    pub tests: usize,
    /// Wall time.
    pub secs: f64,
    /// The failure kept.
    pub failure: Failure,
    /// Whether the written formula failed the same way on a final replay
    /// (at most [`FINAL_REPLAYS`]); `false`: it did during minimization
    /// but not after (an answer near the timeout), and its header says so.
    pub reproduced: bool,
    /// How often the finding failed on its own solver before minimizing
    /// (each candidate got [`Rate::per_release`] replays).
    pub rate: Rate,
}

/// Replays of the minimized formula before it is written, until one fails
/// the same way: a failure near the timeout may pass once.
pub const FINAL_REPLAYS: usize = 3;

/// The fewest candidates a flaky finding's minimization may judge, however
/// many replays each costs: enough for the settings and the script passes.
const MIN_FLAKY_TESTS: usize = 100;

/// The minimized file's text: the replay line for its own path, the
/// original's header, then the case.
fn minimized_text(
    f: &Finding,
    m: &Minimized,
    failure: &Failure,
    verdict: &Verdict,
    failed: Option<FailedCheck>,
    (reproduced, rate): (bool, Rate),
    out: &Path,
) -> String {
    let replay = f
        .text
        .lines()
        .next()
        .and_then(|l| {
            let rest = l
                .trim_start_matches(';')
                .trim_start()
                .strip_prefix("equifuzz run ")?;
            let words = shlex::split(rest)?;
            shlex::try_join(words.iter().skip(1).map(String::as_str)).ok()
        })
        .unwrap_or_default();
    let mut text = replay_line(out, &replay);
    text.push_str(&needs_settings(&m.case));
    text.push('\n');
    text.push_str(&format!("; equifuzz finding: {}\n", failure.kind));
    if !reproduced {
        text.push_str(&format!(
            "; flaky: failed as {failure} during minimization, not in its final replays\n"
        ));
    }
    if rate.of > 0 && !rate.always() {
        text.push_str(&format!(
            "; replays: the original failed {rate} on its own solver; each candidate got {} \
             replays\n",
            rate.per_release()
        ));
    }
    // A script's `expected` is its failed check's, not its pool's.
    let expected = match (&m.case.incremental, failed) {
        (Some(inc), Some(f)) => inc
            .checks()
            .get(f.index)
            .map_or(m.case.truth.status(), |c| c.check.truth.status()),
        _ => m.case.truth.status(),
    };
    text.push_str(&format!("; expected: {expected}\n"));
    text.push_str(&format!("; got: {verdict}\n"));
    // Which check-sat of a script failed: triage keys the finding by what
    // is in force there (without it, by the last check's).
    if let Some(failed) = failed {
        text.push_str(&format!("; failed: {}\n", failed.line(verdict)));
    }
    for key in ["solver", "options"] {
        if let Some(v) = crate::finding::header_field(&f.text, key) {
            text.push_str(&format!("; {key}: {v}\n"));
        }
    }
    text.push_str(&format!(
        "; minimized from: {} ({} -> {} AST nodes)\n",
        f.path.display(),
        size(&f.case),
        size(&m.case)
    ));
    let mut body = smt2_text(&m.case, None, &Printer::default());
    if m.instantiated {
        // An instance of an unsat formula is unsat, but its core may be
        // smaller: claim only the status.
        body = body.replace("; expected unsat core:", INSTANTIATED_CORE);
    }
    text.push_str(&body);
    text
}

/// The failure a minimization of `finding` keeps, and how often its own
/// solver shows it ([`own_rate`]: 3 replays, 10 when one of them does not
/// fail). The failure is the first replay's that fails, and for a crash at
/// the site its header records: a solver that races (Z3 5.4.1's local
/// search against its main solver) may crash at another site on one
/// replay, and a crash that never comes back to its own site is an error,
/// never a minimization toward another bucket's crash.
fn failure_to_keep(
    finding: &Finding,
    judge: &mut Judge,
) -> Result<(Failure, Option<FailedCheck>, Rate), String> {
    let file = finding.path.display();
    let recorded = crate::finding::recorded_crash_site(&finding.text);
    let mut kept: Option<(Failure, Option<FailedCheck>)> = None;
    let mut seen = Vec::new();
    let rate = own_rate(|| {
        let judged = judge.judge_finding(finding);
        let Some(failure) = Failure::of(&judged.verdict) else {
            seen.push(judged.verdict.to_string());
            return false;
        };
        if let Some((want, _)) = &kept {
            return *want == failure;
        }
        match recorded {
            Some(site) if failure.kind == "crash" && failure.site.as_deref() != Some(site) => {
                seen.push(judged.verdict.to_string());
                false
            }
            _ => {
                kept = Some((failure, judged.failed));
                true
            }
        }
    });
    match kept {
        Some((failure, failed)) => Ok((failure, failed, rate)),
        None if recorded.is_some() && seen.iter().any(|v| v.starts_with("CRASH")) => Err(format!(
            "{file}: crashes on {} but not where it did (`{}`) in {rate} replays: {}",
            judge.describe,
            recorded.unwrap_or_default(),
            seen.join("; ")
        )),
        None => Err(format!(
            "{file}: does not fail any more on {} ({rate} replays fail: {}); nothing to minimize",
            judge.describe,
            seen.first().map_or("", String::as_str)
        )),
    }
}

/// Minimizes one finding to `out`.
pub fn minimize_one(file: &Path, out: &Path, max_tests: usize) -> Result<MinimizeResult, String> {
    let started = Instant::now();
    let finding = Finding::read(file)?;
    let mut judge = Judge::of_finding(&finding)?;
    let (failure, failed, rate) = failure_to_keep(&finding, &mut judge)?;
    // A flaky finding (Z3's local search) fails in `k` of 10 replays: a
    // candidate judged once would be dropped for a pass it owes to chance,
    // and nothing would go. Each candidate gets as many replays as make
    // missing a failure as frequent unlikely (`Rate::per_release`); one
    // that fails in one of them fails (its truth holds by construction, so
    // every failure is a real one). The budget is in solver calls.
    let replays = rate.per_release();
    let max_tests = (max_tests / replays).max(MIN_FLAKY_TESTS.min(max_tests));
    let mode = match (&finding.case.truth, failure.kind) {
        (Truth::Unsat { .. }, "unsound") => Mode::StatusOnly,
        _ => Mode::Exact,
    };
    let before = size(&finding.case);
    let mut last = Instant::now();
    let name = file
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .to_string();
    let mut progress = |tests: usize, nodes: usize| {
        if last.elapsed() >= Duration::from_secs(2) {
            say!("  {name}: {tests} tests, {before} -> {nodes} nodes");
            last = Instant::now();
        }
    };
    let fails_same = |v: &Verdict| Failure::of(v).as_ref() == Some(&failure);
    // A script's failure stays at the check that failed: `minimize_at`
    // keeps that check last, so a candidate must fail there (one that
    // fails at an earlier check fails at another check, and once moved a
    // finding's `expected` and bucket moved with it).
    // A script with a check after the failed one's index was not cut (the
    // cut was refused, and then no check up to it goes, only checks after
    // it): the failure stays at its index.
    let same_check = |f: Option<FailedCheck>| match (failed, f) {
        (Some(want), Some(f)) if f.of > want.index + 1 => f.index == want.index,
        (Some(_), Some(f)) => f.index + 1 == f.of,
        _ => true,
    };
    let mut test = |c: &Case| {
        (0..replays).any(|_| {
            let j = judge.judge(c);
            fails_same(&j.verdict) && same_check(j.failed)
        })
    };
    let at = failed.map(|f| f.index);
    let m = minimize_at(&finding.case, at, mode, max_tests, &mut test, &mut progress);
    // The file must say what its replay line shows. A failure found near
    // the timeout may not repeat (a minimized file once said `got: unknown`
    // and its bucket could not be bisected): replay a few times, and say so
    // if it never fails the same way again.
    // A flaky finding's result may fail less often than the original did
    // (a candidate was kept on one failure in `replays`): it gets as many
    // final replays as the original's rate was measured on.
    let finals = if rate.always() {
        FINAL_REPLAYS
    } else {
        FINAL_REPLAYS.max(replays).max(OWN_REPLAYS)
    };
    let mut judged = judge.judge(&m.case);
    let mut tried = 1;
    while !fails_same(&judged.verdict) && tried < finals {
        judged = judge.judge(&m.case);
        tried += 1;
    }
    let reproduced = fails_same(&judged.verdict);
    let text = minimized_text(
        &finding,
        &m,
        &failure,
        &judged.verdict,
        judged.failed,
        (reproduced, rate),
        out,
    );
    if let Some(dir) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    // An incremental script is no one labelled formula: its case travels
    // beside it, as the campaign writes it, so `confirm` and `bisect` can
    // read the minimized finding too.
    if m.case.incremental.is_some() {
        let beside = out.with_extension("postcard");
        let bytes =
            postcard::to_allocvec(&m.case).map_err(|e| format!("{}: {e}", beside.display()))?;
        std::fs::write(&beside, bytes).map_err(|e| format!("{}: {e}", beside.display()))?;
    }
    Ok(MinimizeResult {
        file: file.to_path_buf(),
        out: out.to_path_buf(),
        nodes: (before, size(&m.case)),
        assertions: (
            finding.case.formula.assertions.len(),
            m.case.formula.assertions.len(),
        ),
        tests: m.tests,
        secs: started.elapsed().as_secs_f64(),
        failure,
        reproduced,
        rate,
    })
}

/// What `--check` found of a candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckResult {
    /// The truth holds and the solver fails the same way.
    Same {
        /// The candidate's size in AST nodes.
        nodes: usize,
    },
    /// Not a formula we read, or the finding's truth does not hold on it.
    BadLabel(String),
    /// The truth holds but the solver does something else.
    Other(String),
}

/// `--check`: whether `candidate`, with the finding's truth, fails the
/// same way with the truth still valid.
pub fn check(file: &Path, candidate: &Path) -> Result<CheckResult, String> {
    let finding = Finding::read(file)?;
    let text =
        std::fs::read_to_string(candidate).map_err(|e| format!("{}: {e}", candidate.display()))?;
    // A result of `minimize` is a finding file with its own truth: its
    // reductions may drop a constant from the model or a definition from
    // the core, each with its proof (`triage::minimize`); an incremental
    // one's case is the `.postcard` beside it, while its text is that
    // case's. Any other candidate (ddSMT's) is held to the finding's
    // truth, and must be one formula.
    let own = Finding::from_text(candidate, text.clone())
        .ok()
        .filter(|c| c.kind == finding.kind && c.replay.target == finding.replay.target)
        .filter(|c| c.case.incremental.is_none() || c.text_is_its_case());
    let (case, instantiated) = match own {
        Some(c) => (c.case, c.instantiated),
        // The checks of an incremental finding have truths of their own,
        // which the whole pool's truth is not: each check of the candidate
        // gets one proven from them, or the candidate is unlabelled.
        None if finding.case.incremental.is_some() => {
            let relabelled = parse_script(&text)
                .map_err(|e| e.to_string())
                .and_then(|s| relabel(&finding.case, &s));
            match relabelled {
                Ok(case) => (case, finding.instantiated),
                Err(e) => return Ok(CheckResult::BadLabel(e)),
            }
        }
        None => {
            let formula = match parse_script(&text)
                .map_err(|e| e.to_string())
                .and_then(|s| Formula::from_script(&s))
            {
                Ok(f) => f,
                Err(e) => return Ok(CheckResult::BadLabel(e)),
            };
            (
                Case {
                    formula,
                    ..finding.case.clone()
                },
                finding.instantiated,
            )
        }
    };
    let checked = match case.incremental {
        Some(_) => case.check_script(),
        None => case.check(),
    };
    if let Err(e) = checked {
        return Ok(CheckResult::BadLabel(e.to_string()));
    }
    if case.incremental.is_none()
        && !instantiated
        && let Some(why) = core_refuted(&case)
    {
        return Ok(CheckResult::BadLabel(why));
    }
    let mut judge = Judge::of_finding(&finding)?;
    let want = Failure::of(&judge.judge_finding(&finding).verdict);
    let probe = Finding {
        case,
        instantiated,
        ..finding
    };
    let got = judge.judge_finding(&probe).verdict;
    Ok(match (want, Failure::of(&got)) {
        (Some(w), Some(g)) if w == g => CheckResult::Same {
            nodes: size(&probe.case),
        },
        _ => CheckResult::Other(got.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression (issue 29): a minimized script did not say which
    /// check-sat failed, so triage keyed it by its last check's fragment.
    #[test]
    fn a_minimized_script_names_the_check_sat_that_failed() {
        use crate::truth::{Check, Incremental, Step};
        let text = "; equifuzz run f.smt2 --target z3 --timeout 1000ms\n\
                    ; equifuzz finding: unsound\n; expected: sat\n\
                    ; got: UNSOUND: expected sat, got unsat\n; solver: z3 (Z3 0)\n\
                    ; model:\n;   (define-fun x () Int 1)\n;   (define-fun s () String \"a\")\n\
                    (set-info :status sat)\n(declare-const x Int)\n(declare-const s String)\n\
                    (assert (= x 1))\n(assert (= (str.to_int s) (- 1)))\n(check-sat)\n";
        let f = Finding::from_text(Path::new("f.smt2"), text.to_string()).unwrap();
        // Two checks: the first over `(= x 1)` alone, the second over the
        // conversion too (the more specific fragment, which keys the script
        // when the failed check is not named).
        let mut case = f.case.clone();
        let check = Check {
            assuming: Vec::new(),
            truth: case.truth.clone(),
        };
        case.incremental = Some(Incremental {
            steps: vec![
                Step::Assert(0),
                Step::CheckSat(check.clone()),
                Step::Assert(1),
                Step::CheckSat(check),
            ],
        });
        let m = Minimized {
            case,
            tests: 0,
            instantiated: false,
        };
        let verdict = Verdict::Unsound {
            expected: crate::truth::Status::Sat,
            got: crate::truth::Status::Unsat,
        };
        let failure = Failure::of(&verdict).unwrap();
        let out = Path::new("f.min.smt2");
        let first = minimized_text(
            &f,
            &m,
            &failure,
            &verdict,
            Some(FailedCheck { index: 0, of: 2 }),
            (true, Rate::default()),
            out,
        );
        assert!(
            first.contains("; failed: check-sat 1 of 2: UNSOUND"),
            "{first}"
        );
        let key = crate::finding::key_of_text(&first).unwrap();
        assert!(key.incremental, "{key}");
        // `(= x 1)` alone: no operator of a more specific fragment.
        assert_eq!(key.feature, "core", "{key}");
        let none = minimized_text(
            &f,
            &m,
            &failure,
            &verdict,
            None,
            (true, Rate::default()),
            out,
        );
        assert!(!none.contains("; failed:"), "{none}");
        let last = crate::finding::key_of_text(&none).unwrap();
        assert_eq!(last.feature, "str.to_int/str.from_int", "{last}");
    }
}
