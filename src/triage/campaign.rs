//! A campaign's triage (`equifuzz triage DIR`): from its findings to a short list of
//! bugs, each marked **new** or **fixed in X**, in one command.
//!
//! Per bucket (the findings grouped as the campaign counted them, by
//! their `; bucket:` line, else by [`key_of_text`]), the `--per-bucket` smallest findings,
//! and the smallest of each key none of those has, are minimized (`DIR/minimized/`), confirmed on their own solver and the `--with`
//! solvers (`DIR/confirm.jsonl`), and bisected over the Z3 releases of the
//! cache, newest included (`DIR/bisect.jsonl`), and replayed under the
//! solver's own self-checks (`DIR/diagnose.jsonl`, evidence only: see
//! [`crate::triage::diagnose`]); then `report` writes
//! `DIR/report.md` with each bucket's status, the known-bugs file's marks
//! and the issue texts.
//!
//! # Invariants
//!
//! - Resumable: each step's result is on disk as soon as it is done (a
//!   minimized file, a line of `confirm.jsonl`, `bisect.jsonl` or
//!   `diagnose.jsonl`, written
//!   atomically), and a step whose result is there is not run again. An
//!   interrupt (Ctrl-C) stops between two steps, discards the step it
//!   cut short, and says what was done and what is left.
//! - Findings are independent: each finding's steps run in a forked
//!   process of their own (`jobs` of them at once, one too), and only this
//!   process writes the `.jsonl` files; the result is what one process
//!   working in turn would have written, in another order. A process
//!   that has bisected has loaded a dozen Z3 releases: in one that then
//!   went on to the next finding, Z3 5.4.1 refused its own `rewriter.*`
//!   parameters ("unknown module 'rewriter'") and 42 of 88 findings of a
//!   campaign did "not fail any more" (`--jobs 1` ran in process until
//!   this rule).
//! - Each step runs in a child of the finding's process
//!   ([`forked::in_child`]), which loads what the step needs and exits:
//!   no step judges in a process another step set Z3's process-wide
//!   parameters in. Confirm's opens (other random seeds, the `--with`
//!   solvers) left Z3 5.4.1 refusing its own `rewriter.*` parameters in
//!   the diagnose step that followed ("unknown module 'rewriter'", every
//!   time, on a finding that sets one: the reset an open did, see
//!   [`crate::solver::Z3Library::set_options`]), so the findings that most
//!   needed the solver's own checks got none. Bisect also forks per
//!   release, and is still last.
//! - Bad input stops before any work with the one thing to fix: a folder
//!   without findings, a known-bugs file with a bad line (named). A solver
//!   that does not load fails the steps that need it, each said, and the
//!   rest goes on.

use crate::triage::say::say;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::execute::open::SolverSpec;
use crate::finding::{Finding, key_of_text, write_atomically};
use crate::triage::KnownBugs;
use crate::triage::bisect::{Bisection, bisect_one};
use crate::triage::confirm::{Confirmation, confirm_one};
use crate::triage::diagnose::{Diagnosis, diagnose_one};
use crate::triage::findings::{findings_by_bucket, minimized_of};
use crate::triage::forked;
use crate::triage::minimize::finding::minimize_one;
use crate::triage::releases::{cache_root, select, z3_releases};
use crate::triage::report::{self, BucketStatus, ReportSummary};

/// What `triage` is asked to do.
#[derive(Clone, Debug)]
pub struct TriageConfig {
    /// The campaign's output folder.
    pub dir: PathBuf,
    /// Other solvers to confirm each finding on.
    pub with: Vec<SolverSpec>,
    /// The known-bugs file, if any.
    pub known: Option<PathBuf>,
    /// Findings minimized, confirmed and bisected per bucket.
    pub per_bucket: usize,
    /// Solver calls per minimization.
    pub max_tests: usize,
    /// Replays per finding when confirming.
    pub repeat: usize,
    /// Other solver seeds when confirming.
    pub seeds: usize,
    /// The releases to bisect over (`FROM..TO`).
    pub releases: String,
    /// The release cache (default `~/.cache/equifuzz/solvers`).
    pub cache: Option<PathBuf>,
    /// Findings worked on at once, each in a process of its own.
    pub jobs: usize,
}

/// What `triage` did.
#[derive(Clone, Debug)]
pub struct TriageSummary {
    /// The report it wrote.
    pub report: ReportSummary,
    /// Steps run now, and steps found done by an earlier run.
    pub ran: usize,
    /// Steps an earlier run had done.
    pub resumed: usize,
    /// Steps that failed, with why.
    pub failed: Vec<String>,
    /// Steps left by an interrupt (empty when it ran to the end).
    pub left: Vec<String>,
}

impl TriageSummary {
    /// Whether a bucket is new and not known: what a CI job fails on.
    pub fn has_new(&self) -> bool {
        self.report
            .statuses
            .iter()
            .any(|s| matches!(s.2, BucketStatus::New(_)))
    }
}

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_interrupt(_: nix::libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Catches Ctrl-C so that the step under way ends and nothing is left
/// half-written; a second Ctrl-C is caught too (the step ends first).
fn catch_interrupt() {
    use nix::sys::signal::{SaFlags, SigAction, SigHandler, SigSet, Signal, sigaction};
    let action = SigAction::new(
        SigHandler::Handler(on_interrupt),
        SaFlags::SA_RESTART,
        SigSet::empty(),
    );
    // SAFETY: the handler only stores into an atomic.
    let _ = unsafe { sigaction(Signal::SIGINT, &action) };
}

fn read_jsonl<T: DeserializeOwned>(path: &Path) -> Vec<T> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

fn write_jsonl<T: Serialize>(path: &Path, items: &[T]) -> Result<(), String> {
    let text: String = items
        .iter()
        .filter_map(|i| serde_json::to_string(i).ok())
        .map(|l| l + "\n")
        .collect();
    write_atomically(path, text.as_bytes(), true).map_err(|e| format!("{}: {e}", path.display()))
}

/// The findings of one campaign bucket that triage works on: the first
/// `per_bucket` (the smallest), and the smallest of each key none of
/// those has. The report keys findings by their own text
/// (`findings::buckets`), not by the campaign's bucket: a finding that
/// keys apart is a report bucket of its own, and one no step replayed
/// would stand in the report with no confirmation, no rate and no
/// `--repeat` (Z3 5.4.1's local search: such an entry replayed 0 of 3).
fn pick(files: &[PathBuf], per_bucket: usize) -> Vec<PathBuf> {
    let key = |f: &PathBuf| {
        std::fs::read_to_string(f)
            .ok()
            .and_then(|t| key_of_text(&t))
            .map(|k| k.id())
    };
    let mut out: Vec<PathBuf> = files.iter().take(per_bucket).cloned().collect();
    let mut keys: std::collections::BTreeSet<String> = out.iter().filter_map(key).collect();
    for f in files.iter().skip(per_bucket) {
        if key(f).is_some_and(|k| keys.insert(k)) {
            out.push(f.clone());
        }
    }
    out
}

fn name(p: &Path) -> String {
    p.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

/// One step of the work on one finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Minimize,
    Confirm,
    Bisect,
    Diagnose,
}

/// `equifuzz triage DIR`.
pub fn execute(cfg: &TriageConfig) -> Result<TriageSummary, String> {
    let dir = &cfg.dir;
    if !dir.is_dir() {
        return Err(format!("{}: not a folder", dir.display()));
    }
    let known = match &cfg.known {
        Some(p) => KnownBugs::read(p)?,
        None => KnownBugs::default(),
    };
    let buckets = findings_by_bucket(dir);
    if buckets.is_empty() {
        return Err(format!(
            "{}: no finding under it: nothing to triage (a campaign writes them under \
             DIR/findings/; `equifuzz fuzz --out DIR` first)",
            dir.display()
        ));
    }
    let root = cfg.cache.clone().or_else(cache_root);
    let releases = match root.as_deref().map(z3_releases) {
        Some(all) => select(&all, &cfg.releases),
        None => Err("no cache folder (no home directory)".into()),
    };
    let releases = releases.unwrap_or_else(|why| {
        say!(
            "no Z3 release to bisect over ({}: {why}): buckets stay undecided; \
             `scripts/install-solvers.sh z3 VERSION...` fetches them",
            cfg.releases
        );
        Vec::new()
    });
    if let (Some(first), Some(last)) = (releases.first(), releases.last()) {
        say!(
            "bisecting over {} cached release(s), {} .. {}",
            releases.len(),
            first.version,
            last.version
        );
    }
    catch_interrupt();
    INTERRUPTED.store(false, Ordering::SeqCst);
    let confirm_path = dir.join("confirm.jsonl");
    let bisect_path = dir.join("bisect.jsonl");
    let mut marks: Vec<Confirmation> = read_jsonl(&confirm_path);
    let mut bisections: Vec<Bisection> = read_jsonl(&bisect_path);
    let diagnose_path = dir.join("diagnose.jsonl");
    let mut diagnoses: Vec<Diagnosis> = read_jsonl(&diagnose_path);
    let per_bucket = cfg.per_bucket.max(1);
    let picked: Vec<(String, PathBuf)> = buckets
        .iter()
        .flat_map(|(b, files)| {
            pick(files, per_bucket)
                .into_iter()
                .map(move |f| (b.clone(), f))
        })
        .collect();
    let apart = picked.len()
        - buckets
            .iter()
            .map(|b| b.1.len().min(per_bucket))
            .sum::<usize>();
    say!(
        "{}: {} findings in {} buckets; triaging {} ({per_bucket} per bucket{})",
        dir.display(),
        buckets.iter().map(|b| b.1.len()).sum::<usize>(),
        buckets.len(),
        picked.len(),
        if apart > 0 {
            format!(", and {apart} that key apart from their campaign bucket's")
        } else {
            String::new()
        }
    );
    let ctx = Work {
        cfg,
        releases: &releases,
        started: Instant::now(),
        count: picked.len(),
    };
    let mut total = Outcome::default();
    let mut merge = |o: Outcome,
                     marks: &mut Vec<Confirmation>,
                     bisections: &mut Vec<Bisection>,
                     diagnoses: &mut Vec<Diagnosis>| {
        let (mark, bisection) = (o.mark.is_some(), o.bisection.is_some());
        let diagnosis = o.diagnosis.is_some();
        total.ran += o.ran;
        total.resumed += o.resumed;
        total.failed.extend(o.failed);
        total.left.extend(o.left);
        marks.extend(o.mark);
        bisections.extend(o.bisection);
        diagnoses.extend(o.diagnosis);
        if diagnosis {
            write_jsonl(&diagnose_path, diagnoses)?;
        }
        if mark {
            write_jsonl(&confirm_path, marks)?;
        }
        if bisection {
            write_jsonl(&bisect_path, bisections)?;
        }
        Ok::<(), String>(())
    };
    let jobs = cfg.jobs.max(1);
    if !picked.is_empty() {
        let work = dir.join(".triage-work");
        std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
        let mut next = picked.iter().enumerate();
        let mut running: BTreeMap<i32, (PathBuf, String)> = BTreeMap::new();
        loop {
            while running.len() < jobs {
                let Some((i, (bucket, file))) = next.next() else {
                    break;
                };
                if INTERRUPTED.load(Ordering::SeqCst) {
                    // Not started: counted as left (or done) without a worker.
                    let o = ctx.finding(i, bucket, file, (&marks, &bisections, &diagnoses));
                    merge(o, &mut marks, &mut bisections, &mut diagnoses)?;
                    continue;
                }
                let out = work.join(format!("{i}.json"));
                let _ = std::fs::remove_file(&out);
                let pid = spawn_worker(&out, || {
                    ctx.finding(i, bucket, file, (&marks, &bisections, &diagnoses))
                })?;
                running.insert(pid, (out, name(file)));
            }
            if running.is_empty() {
                break;
            }
            let (pid, died) = wait_any()?;
            let Some((out, file)) = running.remove(&pid) else {
                continue;
            };
            let o = std::fs::read(&out)
                .ok()
                .and_then(|b| serde_json::from_slice::<Outcome>(&b).ok())
                .unwrap_or_else(|| Outcome {
                    failed: vec![format!(
                        "the worker on {file} {died}; its steps are left to a rerun"
                    )],
                    ..Outcome::default()
                });
            let _ = std::fs::remove_file(&out);
            merge(o, &mut marks, &mut bisections, &mut diagnoses)?;
        }
        let _ = std::fs::remove_dir(&work);
    }
    let Outcome {
        ran,
        resumed,
        failed,
        left,
        ..
    } = total;
    let report = report::execute_with(dir, &known)?;
    Ok(TriageSummary {
        report,
        ran,
        resumed,
        failed,
        left,
    })
}

/// What one finding's steps did: what a worker hands back.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Outcome {
    ran: usize,
    resumed: usize,
    failed: Vec<String>,
    left: Vec<String>,
    /// Its confirmation, when run now.
    mark: Option<Confirmation>,
    /// Its bisection, when run now.
    bisection: Option<Bisection>,
    /// Its diagnosis, when run now.
    #[serde(default)]
    diagnosis: Option<Diagnosis>,
}

/// What every finding's steps share.
struct Work<'a> {
    cfg: &'a TriageConfig,
    releases: &'a [crate::triage::releases::Release],
    started: Instant,
    count: usize,
}

impl Work<'_> {
    /// Minimizes, confirms, bisects and diagnoses the `i`th finding
    /// picked, each step unless the records `done` (marks, bisections,
    /// diagnoses) or the minimized file say it is done.
    fn finding(
        &self,
        i: usize,
        bucket: &str,
        file: &Path,
        done: (&[Confirmation], &[Bisection], &[Diagnosis]),
    ) -> Outcome {
        let (marks, bisections, diagnoses) = done;
        let (cfg, dir) = (self.cfg, &self.cfg.dir);
        let mut o = Outcome::default();
        for step in [Step::Minimize, Step::Confirm, Step::Diagnose, Step::Bisect] {
            let min_out = dir.join("minimized").join(format!(
                "{}.min.smt2",
                file.file_stem().unwrap_or_default().to_string_lossy()
            ));
            let best = minimized_of(dir, file).unwrap_or_else(|| file.to_path_buf());
            let done = match step {
                Step::Minimize => min_out.exists(),
                Step::Confirm => marks.iter().any(|c| name(&c.file) == name(file)),
                Step::Bisect => bisections.iter().any(|b| name(&b.file) == name(&best)),
                Step::Diagnose => diagnoses.iter().any(|d| name(&d.file) == name(file)),
            };
            // Bisecting runs Z3 releases: nothing to do without them or
            // for a finding of another solver (its bucket stays undecided).
            let applicable = step != Step::Bisect
                || (!self.releases.is_empty()
                    && Finding::read(&best).is_ok_and(|f| f.replay.target.is_library()));
            if !applicable {
                continue;
            }
            let what = format!("{step:?} {}", name(file)).to_lowercase();
            if INTERRUPTED.load(Ordering::SeqCst) {
                if !done {
                    o.left.push(what);
                }
                continue;
            }
            if done {
                o.resumed += 1;
                continue;
            }
            say!(
                "[{}/{} {:.0}s] bucket {bucket}: {what}",
                i + 1,
                self.count,
                self.started.elapsed().as_secs_f64()
            );
            let result: Result<(), String> = match step {
                Step::Minimize => forked::in_child(|| {
                    minimize_one(file, &min_out, cfg.max_tests).map(|r| (r.nodes, r.secs))
                })
                .and_then(|r| r)
                .map(|((before, after), secs)| {
                    say!(
                        "  {}: {before} -> {after} AST nodes in {secs:.1}s",
                        name(file),
                    );
                }),
                Step::Confirm => {
                    forked::in_child(|| confirm_one(&best, &cfg.with, cfg.repeat, cfg.seeds))
                        .and_then(|r| r)
                        .map(|mut c| {
                            say!(
                                "  {}: {} (reproduced {}/{})",
                                name(file),
                                c.mark,
                                c.reproduced.0,
                                c.reproduced.1
                            );
                            // The mark stands for the finding (`report` looks it
                            // up by name), judged on its minimized formula.
                            c.file = file.to_path_buf();
                            if !INTERRUPTED.load(Ordering::SeqCst) {
                                o.mark = Some(c);
                            }
                        })
                }
                Step::Bisect => bisect_one(&best, self.releases, false).map(|b| {
                    say!("  {}: {}", name(file), b.summary());
                    if !INTERRUPTED.load(Ordering::SeqCst) {
                        o.bisection = Some(b);
                    }
                }),
                // Evidence only: nothing above reads it.
                Step::Diagnose => forked::in_child(|| {
                    // Confirm's rate, of this run or an earlier one.
                    let known = o
                        .mark
                        .as_ref()
                        .or_else(|| marks.iter().find(|c| name(&c.file) == name(file)))
                        .map(Confirmation::rate);
                    diagnose_one(file, &best, known)
                })
                .and_then(|r| r)
                .map(|d| {
                    say!("  {}: solver's own checks: {}", name(file), d.summary());
                    if !INTERRUPTED.load(Ordering::SeqCst) {
                        o.diagnosis = Some(d);
                    }
                }),
            };
            if INTERRUPTED.load(Ordering::SeqCst) {
                // Cut short: its result (an answer to a killed query) is
                // not kept.
                if step == Step::Minimize {
                    let _ = std::fs::remove_file(&min_out);
                    let _ = std::fs::remove_file(min_out.with_extension("postcard"));
                }
                o.left.push(what);
                continue;
            }
            match result {
                Ok(()) => o.ran += 1,
                Err(e) => {
                    say!("  {}: failed: {e}", name(file));
                    o.failed.push(format!("{what}: {e}"));
                }
            }
        }
        o
    }
}

/// Runs `work` in a forked child that writes its outcome to `out` and
/// exits; the child's pid.
///
/// A process, not a thread: a finding's steps load solver libraries in
/// process (Z3's global parameters, several Z3 releases, libcvc5), which
/// are not made to share an address space with another finding's. The
/// parent forks before it has any thread of its own or has loaded any
/// solver, so the child starts from a clean copy.
fn spawn_worker(out: &Path, work: impl FnOnce() -> Outcome) -> Result<i32, String> {
    use nix::unistd::{ForkResult, fork};
    // SAFETY: the parent is single-threaded here (triage starts no
    // thread), so the child may do anything the parent could.
    match unsafe { fork() } {
        Ok(ForkResult::Parent { child }) => Ok(child.as_raw()),
        Ok(ForkResult::Child) => {
            let o = work();
            let code = match serde_json::to_vec(&o) {
                Ok(bytes) => i32::from(write_atomically(out, &bytes, true).is_err()),
                Err(_) => 1,
            };
            // Leave without running the parent's exit handlers or the
            // solver libraries' destructors twice.
            // SAFETY: _exit ends this process at once.
            unsafe { nix::libc::_exit(code) }
        }
        Err(e) => Err(format!("cannot start a triage worker: {e}")),
    }
}

/// Waits for any worker; its pid and, for a report, how it ended.
fn wait_any() -> Result<(i32, String), String> {
    use nix::sys::wait::{WaitStatus, waitpid};
    loop {
        match waitpid(None, None) {
            Ok(WaitStatus::Exited(pid, code)) => {
                return Ok((pid.as_raw(), format!("exited with {code}")));
            }
            Ok(WaitStatus::Signaled(pid, sig, _)) => {
                return Ok((pid.as_raw(), format!("was killed by {sig}")));
            }
            Ok(_) | Err(nix::errno::Errno::EINTR) => continue,
            Err(e) => return Err(format!("waiting for a triage worker: {e}")),
        }
    }
}

/// A compact map of what was resumed, for tests.
pub fn done_steps(dir: &Path) -> BTreeMap<&'static str, usize> {
    let count = |p: &str| read_jsonl::<serde_json::Value>(&dir.join(p)).len();
    let minimized = std::fs::read_dir(dir.join("minimized"))
        .map(|d| d.count())
        .unwrap_or(0);
    BTreeMap::from([
        ("minimized", minimized),
        ("confirmed", count("confirm.jsonl")),
        ("bisected", count("bisect.jsonl")),
        ("diagnosed", count("diagnose.jsonl")),
    ])
}
