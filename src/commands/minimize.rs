//! `equifuzz minimize`: shrink a finding (or every finding of a campaign's
//! folder) while the solver still fails the same way, with the truth kept
//! valid by construction ([`crate::triage::minimize`]).
//!
//! "The same way" is the [`Failure`]: the verdict kind and the solver's
//! answer of the original replayed now. A finding that no longer fails is
//! said so and left alone. Every candidate is judged as `run` judges the
//! file (the same preparation, the release's dialect, not-expressible
//! check, label recheck).
//!
//! `--check CANDIDATE` is the failure test as a command, for other
//! reducers (ddSMT): exit 0 if the candidate, given the original's truth
//! (its model or core), keeps that truth valid under our semantics and
//! fails the same way; 1 otherwise.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::execute::open::{self, SolverSpec};
use crate::finding::{
    BucketKey, Finding, INSTANTIATED_CORE, ReplayArgs, files_under, key_of_text, needs_settings,
    replay_line, smt2_text, variant_of_text,
};
use crate::oracle::{FailedCheck, Verdict};
use crate::term::{Formula, Printer, parse_script};
use crate::triage::Judge;
use crate::triage::minimize::{Minimized, Mode, core_refuted, minimize, size};
use crate::truth::{Case, Status, Truth};

/// How a finding fails: what a reduction must keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The verdict kind.
    pub kind: &'static str,
    /// The solver's answer (`sat`, `unsat`, `crash`).
    pub answer: String,
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
        Some(Failure {
            kind: v.kind(),
            answer,
        })
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (answer {})", self.kind, self.answer)
    }
}

/// The solver a replay line names, as the command line would.
pub fn spec_of(r: &ReplayArgs) -> SolverSpec {
    SolverSpec {
        target: r.target.clone(),
        solver_lib: r.solver_lib.clone(),
        dialect: r.dialect,
        options: r.options.clone(),
    }
}

/// Opens `spec` as triage's judge ([`Judge`]: the fuzz loop's harness
/// under a replay's fixed limits), once the solver answers.
pub fn open_judge(spec: &SolverSpec, timeout: Duration) -> Result<Judge, String> {
    let open = open::open(spec).map_err(|e| e.to_string())?;
    let mut target = open.target;
    open::preflight(
        &spec.target,
        target.as_mut(),
        timeout.max(open::PREFLIGHT_TIMEOUT),
    )
    .map_err(|e| e.to_string())?;
    Ok(Judge::new(target, open.dialect, timeout))
}

/// What `minimize` is asked to do.
#[derive(Clone, Debug)]
pub struct MinimizeConfig {
    /// A finding file, or a folder whose findings are minimized.
    pub path: PathBuf,
    /// Where to write: a file for a file, a folder for a folder (default:
    /// `FILE.min.smt2`, `DIR/minimized/`).
    pub out: Option<PathBuf>,
    /// At most this many solver calls per finding.
    pub max_tests: usize,
    /// Judge this candidate against the finding's truth and failure
    /// instead (exit 0: fails the same way with a valid truth).
    pub check: Option<PathBuf>,
}

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
}

/// Replays of the minimized formula before it is written, until one fails
/// the same way: a failure near the timeout may pass once.
pub const FINAL_REPLAYS: usize = 3;

/// The finding files under a path: `.smt2` files whose header records a
/// finding (not the unknown and timeout files a campaign keeps too),
/// outside folders of minimized files.
pub fn finding_files(path: &Path) -> Vec<PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let (files, _) = files_under(path);
    files
        .into_iter()
        .filter(|f| f.extension().is_some_and(|x| x == "smt2"))
        .filter(|f| !f.components().any(|c| c.as_os_str() == "minimized"))
        .filter(|f| {
            std::fs::read_to_string(f).is_ok_and(|t| {
                crate::finding::header_field(&t, "equifuzz finding").is_some_and(|k| {
                    ["unsound", "invalid-model", "invalid-core", "crash"].contains(&k)
                })
            })
        })
        .collect()
}

/// The minimized file's text: the replay line for its own path, the
/// original's header, then the case.
fn minimized_text(
    f: &Finding,
    m: &Minimized,
    failure: &Failure,
    verdict: &Verdict,
    failed: Option<FailedCheck>,
    reproduced: bool,
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
            "; flaky: failed as {failure} during minimization, not in {FINAL_REPLAYS} final replays\n"
        ));
    }
    text.push_str(&format!("; expected: {}\n", m.case.truth.status()));
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

/// Minimizes one finding to `out`.
pub fn minimize_one(file: &Path, out: &Path, max_tests: usize) -> Result<MinimizeResult, String> {
    let started = Instant::now();
    let finding = Finding::read(file)?;
    let mut judge = open_judge(&spec_of(&finding.replay), finding.replay.timeout)?;
    let first = judge.judge_finding(&finding).verdict;
    let failure = Failure::of(&first).ok_or_else(|| {
        format!(
            "{}: does not fail any more on {}: {first}; nothing to minimize",
            file.display(),
            judge.describe
        )
    })?;
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
            eprintln!("  {name}: {tests} tests, {before} -> {nodes} nodes");
            last = Instant::now();
        }
    };
    let fails_same = |v: &Verdict| Failure::of(v).as_ref() == Some(&failure);
    let mut test = |c: &Case| fails_same(&judge.judge(c).verdict);
    let m = minimize(&finding.case, mode, max_tests, &mut test, &mut progress);
    // The file must say what its replay line shows. A failure found near
    // the timeout may not repeat (a minimized file once said `got: unknown`
    // and its bucket could not be bisected): replay a few times, and say so
    // if it never fails the same way again.
    let mut judged = judge.judge(&m.case);
    let mut replays = 1;
    while !fails_same(&judged.verdict) && replays < FINAL_REPLAYS {
        judged = judge.judge(&m.case);
        replays += 1;
    }
    let reproduced = fails_same(&judged.verdict);
    let text = minimized_text(
        &finding,
        &m,
        &failure,
        &judged.verdict,
        judged.failed,
        reproduced,
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
    })
}

/// The default output of a file: `NAME.min.smt2` beside it.
fn default_out(file: &Path) -> PathBuf {
    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
    file.with_file_name(format!("{stem}.min.smt2"))
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
    if let Err(e) = case.check() {
        return Ok(CheckResult::BadLabel(e.to_string()));
    }
    if !instantiated && let Some(why) = core_refuted(&case) {
        return Ok(CheckResult::BadLabel(why));
    }
    let mut judge = open_judge(&spec_of(&finding.replay), finding.replay.timeout)?;
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

/// `equifuzz minimize`: returns the results, or the first error for a
/// single file; a folder goes on past a finding that fails to minimize.
pub fn execute(cfg: &MinimizeConfig) -> Result<Vec<MinimizeResult>, String> {
    if !cfg.path.exists() {
        return Err(format!("{}: no such file or folder", cfg.path.display()));
    }
    if cfg.path.is_file() {
        let out = cfg.out.clone().unwrap_or_else(|| default_out(&cfg.path));
        let r = minimize_one(&cfg.path, &out, cfg.max_tests)?;
        print_result(&r);
        return Ok(vec![r]);
    }
    let files = finding_files(&cfg.path);
    if files.is_empty() {
        return Err(format!("{}: no finding file under it", cfg.path.display()));
    }
    let out_dir = cfg
        .out
        .clone()
        .unwrap_or_else(|| cfg.path.join("minimized"));
    let mut results = Vec::new();
    for (i, f) in files.iter().enumerate() {
        eprintln!("[{}/{}] minimizing {}", i + 1, files.len(), f.display());
        let out = out_dir.join(default_out(f).file_name().unwrap_or_default());
        match minimize_one(f, &out, cfg.max_tests) {
            Ok(r) => {
                print_result(&r);
                results.push(r);
            }
            Err(e) => eprintln!("  skipped: {e}"),
        }
    }
    Ok(results)
}

fn print_result(r: &MinimizeResult) {
    let still = if r.reproduced {
        format!("still {}", r.failure)
    } else {
        format!(
            "FLAKY: failed as {} during minimization, not in {FINAL_REPLAYS} final replays",
            r.failure
        )
    };
    println!(
        "{}: {} -> {} AST nodes, {} -> {} assertions, {} tests, {:.1}s, {}; written to {}",
        r.file.display(),
        r.nodes.0,
        r.nodes.1,
        r.assertions.0,
        r.assertions.1,
        r.tests,
        r.secs,
        still,
        r.out.display()
    );
}

/// The minimized version of a finding under `dir`, if `minimize DIR` wrote
/// one that failed the same way on its final replay: a flaky one (see
/// [`FINAL_REPLAYS`]) would stand for its bucket in `bisect` and `report`
/// without failing there, so the original finding stands instead.
pub fn minimized_of(dir: &Path, finding: &Path) -> Option<PathBuf> {
    let m = dir
        .join("minimized")
        .join(default_out(finding).file_name()?);
    let text = std::fs::read_to_string(&m).ok()?;
    crate::finding::header_field(&text, "flaky")
        .is_none()
        .then_some(m)
}

/// One bucket of a campaign's findings.
#[derive(Clone, Debug)]
pub struct Bucket {
    /// Its key (from the minimized formulas when there are).
    pub key: BucketKey,
    /// The original findings.
    pub findings: Vec<PathBuf>,
    /// The smallest file of the bucket (a minimized one when there is).
    pub representative: PathBuf,
    /// The operators of the representative's formula.
    pub operators: Vec<String>,
    /// The variants inside the bucket (operators and shape, see
    /// `triage::variant`) and how many findings have each.
    pub variants: BTreeMap<String, usize>,
}

/// The findings under `dir` grouped into buckets by their minimized
/// formula (the original where none was written).
pub fn buckets(dir: &Path) -> Vec<Bucket> {
    let mut keyed = Vec::new();
    for f in finding_files(dir) {
        let best = minimized_of(dir, &f).unwrap_or_else(|| f.clone());
        let Ok(text) = std::fs::read_to_string(&best) else {
            continue;
        };
        if let Some(key) = key_of_text(&text) {
            let variant = variant_of_text(&text).unwrap_or_default();
            keyed.push((key, (f, best, text.len(), variant)));
        }
    }
    crate::finding::group(keyed)
        .into_iter()
        .map(|(key, members)| {
            let representative = members
                .iter()
                .min_by_key(|m| m.2)
                .map(|m| m.1.clone())
                .unwrap_or_default();
            let operators = std::fs::read_to_string(&representative)
                .ok()
                .and_then(|t| crate::finding::formula_of_text(&t))
                .map(|f| crate::finding::operators(&f).into_iter().collect())
                .unwrap_or_default();
            let mut variants = BTreeMap::new();
            for m in &members {
                *variants.entry(m.3.clone()).or_insert(0) += 1;
            }
            Bucket {
                key,
                findings: members.into_iter().map(|m| m.0).collect(),
                representative,
                operators,
                variants,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flaky_minimized_file_does_not_stand_for_its_finding() {
        let dir =
            std::env::temp_dir().join(format!("equifuzz-minimized-of-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("minimized")).unwrap();
        let finding = dir.join("findings/unsound/z3-unsound-0-1.smt2");
        let min = dir.join("minimized/z3-unsound-0-1.min.smt2");
        assert_eq!(minimized_of(&dir, &finding), None, "none written");
        std::fs::write(
            &min,
            "; equifuzz finding: unsound\n; got: sat\n(check-sat)\n",
        )
        .unwrap();
        assert_eq!(minimized_of(&dir, &finding), Some(min.clone()));
        std::fs::write(
            &min,
            "; equifuzz finding: unsound\n; flaky: failed as unsound (answer sat) during \
             minimization, not in 3 final replays\n; got: unknown\n(check-sat)\n",
        )
        .unwrap();
        assert_eq!(minimized_of(&dir, &finding), None, "flaky");
        std::fs::remove_dir_all(&dir).ok();
    }

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
            true,
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
        let none = minimized_text(&f, &m, &failure, &verdict, None, true, out);
        assert!(!none.contains("; failed:"), "{none}");
        let last = crate::finding::key_of_text(&none).unwrap();
        assert_eq!(last.feature, "str.to_int/str.from_int", "{last}");
    }
}
