//! `equifuzz fuzz`: open and check the solver, pick the seeds, say what the
//! campaign runs on, run the LibAFL loop (one core or several) or the plain
//! loop, and tell whether anything was found.
//!
//! # Invariants
//!
//! - The solver answers the trivial query before the campaign starts
//!   ([`open::preflight`]): a solver that cannot answer is an error, not
//!   hundreds of crash findings.
//! - Findings are counted from the files written under `OUT/findings`
//!   (before and after), so every engine and `--cores` report them alike.
//! - A campaign in which no answer could be judged (every query an error,
//!   a timeout or not run) ends as [`Outcome::NothingJudged`], never as a
//!   clean run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::commands::{Outcome, Pool};
use crate::execute::harness::{Harness, Solver};
use crate::execute::open::{self, OpenSolver, SolverSpec};
use crate::finding::files_under;
use crate::fuzz::campaign::{self, CampaignConfig, Guidance, SolverSetup, SteeringArgs};
use crate::fuzz::plain::{self, PlainConfig};
use crate::solver::option::Family;
use crate::solver::settings_table::refusal;
use crate::solver::z3::instrumented as library;
use crate::solver::{DEFAULT_MEMORY_LIMIT, TargetSpec};
use crate::solver::{SettingsTable, SolverInfo, Target};
use crate::source::{MixedCaseGenerator, Theory};
use crate::term::Printer;
use libafl_bolts::core_affinity::{Cores, get_core_ids};

/// Seeds of a LibAFL campaign when none are given: the repository's
/// hand-written, labelled formulas (the seed papers' listings), if there.
pub const DEFAULT_SEEDS: &str = "corpus";

/// How long `--join` waits for the parent node to accept a connection.
const JOIN_PATIENCE: Duration = Duration::from_secs(10);

/// The fuzz loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The coverage-guided LibAFL loop, with its steering flags as given.
    Libafl(SteeringArgs),
    /// The plain generate-run-judge loop (the baseline).
    Plain,
}

/// A validated `fuzz` command line.
#[derive(Clone, Debug)]
pub struct FuzzConfig {
    /// The solver.
    pub solver: SolverSpec,
    /// Hard time limit per query.
    pub timeout: Duration,
    /// Stop after this long (None: until interrupted).
    pub time: Option<Duration>,
    /// Stop after this many executions.
    pub max_execs: Option<u64>,
    /// The seed every random choice flows from.
    pub seed: u64,
    /// Output folder.
    pub out: PathBuf,
    /// Constant pool of the generators.
    pub pool: Pool,
    /// Monitor line and `stats.jsonl` interval.
    pub progress: Duration,
    /// The loop.
    pub engine: Engine,
    /// What the cases are drawn from (and which seeds are kept).
    pub theory: Theory,
}

/// Errors of `fuzz` before or around the campaign.
#[derive(Debug, thiserror::Error)]
pub enum FuzzError {
    /// The solver cannot be used.
    #[error(transparent)]
    Solver(#[from] open::SolverError),
    /// A bad option combination or value.
    #[error("{0}")]
    Usage(String),
    /// The campaign failed.
    #[error(transparent)]
    Campaign(#[from] campaign::CampaignError),
    /// The output folder could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The folder.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
}

/// Runs the campaign `cfg` describes.
pub fn fuzz(cfg: &FuzzConfig) -> Result<Outcome, FuzzError> {
    // On a bare machine, the newest Z3 wheel of the cache (fetched there
    // if need be) is the campaign's --solver-lib.
    let bare =
        crate::commands::fetch::libz3_for_bare_machine(&cfg.solver).map_err(FuzzError::Usage)?;
    let with_wheel;
    let cfg = match bare {
        Some(lib) => {
            let mut c = cfg.clone();
            c.solver.solver_lib = Some(lib);
            with_wheel = c;
            &with_wheel
        }
        None => cfg,
    };
    let OpenSolver {
        mut target,
        library,
        dialect,
        library_path,
    } = open::open(&cfg.solver)?;
    // Whether the solver answers at all, not how fast: a short --timeout
    // on a busy machine must not fail the trivial query.
    let patience = cfg.timeout.max(open::PREFLIGHT_TIMEOUT);
    open::preflight(&cfg.solver.target, target.as_mut(), patience)?;
    let info = SolverInfo {
        name: target.name(),
        version: target.version(),
        options: format!(
            "{} timeout={}ms engine={} dialect={dialect}",
            cfg.solver.describe(),
            cfg.timeout.as_millis(),
            match &cfg.engine {
                Engine::Plain => "plain",
                Engine::Libafl(o) if o.fork => "libafl fork",
                Engine::Libafl(_) => "libafl",
            }
        ),
        replay: cfg.solver.replay_args(library_path.as_deref(), cfg.timeout),
    };
    eprintln!("solver: {} ({})", info.name, info.version);
    if let Some(lib) = &library_path {
        eprintln!("library: {}", lib.display());
    }
    for o in &cfg.solver.options {
        eprintln!("solver option: {o}");
    }
    eprintln!("dialect: {dialect}");
    let settings_table = match &cfg.engine {
        Engine::Libafl(o) if o.settings => {
            probe_settings(target.as_mut(), cfg.timeout, &o.settings_skip)?
        }
        Engine::Libafl(o) if !o.settings_skip.is_empty() => {
            return Err(FuzzError::Usage(
                "--settings-skip needs --settings on: without it no case carries settings".into(),
            ));
        }
        _ => SettingsTable::default(),
    };
    let printer = Printer::new(dialect);
    let findings = cfg.out.join("findings");
    let before = count_findings(&findings);
    let judged = match &cfg.engine {
        Engine::Plain => {
            eprintln!("coverage: off (the plain loop has no coverage feedback)");
            eprintln!("output: {}", cfg.out.display());
            let solver = Solver::of_target(target, cfg.timeout);
            let stats = run_plain(cfg, &mut Harness::new(solver, printer), &printer, &info)?;
            Some(judged(&stats.verdicts))
        }
        Engine::Libafl(options) => {
            // Only `z3` runs libz3 in the client itself (coverage, restarts);
            // every other target goes through its `Target`.
            let setup = match library {
                Some(lib) if cfg.solver.target == TargetSpec::Z3 => SolverSetup::Z3(lib),
                _ => SolverSetup::Other(target),
            };
            run_libafl(cfg, options, setup, info, printer, settings_table)?
        }
    };
    let found = count_findings(&findings).saturating_sub(before);
    Ok(if found > 0 {
        Outcome::Findings(found)
    } else if judged == Some(0) {
        Outcome::NothingJudged(
            "no answer of the solver could be judged: every query ended in an error, a \
             timeout or was not run (see the verdict counts above)"
                .into(),
        )
    } else {
        Outcome::Clean
    })
}

/// The plain loop; prints its summary.
fn run_plain(
    cfg: &FuzzConfig,
    harness: &mut Harness,
    printer: &Printer,
    info: &SolverInfo,
) -> Result<plain::Stats, FuzzError> {
    let io = |source| FuzzError::Io {
        path: cfg.out.clone(),
        source,
    };
    let plain_cfg = PlainConfig {
        out: cfg.out.clone(),
        time: cfg.time.unwrap_or(Duration::MAX),
        max_execs: cfg.max_execs,
        seed: cfg.seed,
        progress: Some(cfg.progress),
    };
    let mut generator = MixedCaseGenerator::new(cfg.pool.constants())
        .map_err(|e| FuzzError::Usage(format!("cannot build the term pool: {e}")))?
        .seed(cfg.seed)
        .theory(cfg.theory);
    let stats = plain::fuzz(&plain_cfg, harness, printer, info, &mut |rng| {
        generator.next(rng)
    })
    .map_err(io)?;
    eprintln!("{}", stats.line());
    println!(
        "executions: {} in {:.1}s ({:.1}/s)",
        stats.execs,
        stats.wall_secs,
        stats.execs_per_sec()
    );
    for (kind, n) in &stats.verdicts {
        println!("  {kind:>15}: {n}");
    }
    println!("findings written: {}", stats.findings_written);
    let share = |secs: f64| 100.0 * secs / stats.wall_secs.max(1e-9);
    println!(
        "time: solver {:.1}%, generate {:.2}%, judge {:.2}%, record {:.2}%; median solver call {:.2} ms",
        share(stats.solver_secs),
        share(stats.generate_secs),
        share(stats.judge_secs),
        share(stats.record_secs),
        stats.median_solver_ms()
    );
    Ok(stats)
}

/// The LibAFL loop; returns how many answers were judged, if known.
fn run_libafl(
    cfg: &FuzzConfig,
    options: &SteeringArgs,
    setup: SolverSetup,
    info: SolverInfo,
    printer: Printer,
    settings_table: SettingsTable,
) -> Result<Option<u64>, FuzzError> {
    let seeds = if options.seeds.is_empty() {
        let default = PathBuf::from(DEFAULT_SEEDS);
        if default.is_dir() {
            vec![default]
        } else {
            Vec::new()
        }
    } else {
        options.seeds.clone()
    };
    if let Some(missing) = seeds.iter().find(|p| !p.exists()) {
        return Err(FuzzError::Usage(format!(
            "--seeds {}: no such file or folder",
            missing.display()
        )));
    }
    let cores = options.cores.as_deref().map(allowed_cores).transpose()?;
    if cores.is_some() {
        if let SolverSetup::Other(target) = &setup
            && target.fresh_copy().is_none()
        {
            return Err(FuzzError::Usage(format!(
                "--cores: the target {} cannot be copied for each client",
                target.name()
            )));
        }
        if let Some(parent) = options.join {
            // LibAFL's broker fails on an unreachable broker and leaves
            // its clients waiting for it: say so now.
            std::net::TcpStream::connect_timeout(&parent, JOIN_PATIENCE).map_err(|e| {
                FuzzError::Usage(format!(
                    "--join {parent}: {e} (is a campaign with --cores --broker-port {} running \
                     there?)",
                    parent.port()
                ))
            })?;
        }
    }
    if options.value_profile {
        // The profile is filled by the worker of an in-process libz3 with
        // trace-cmp callbacks: say so now rather than fuzz without it.
        let SolverSetup::Z3(lib) = &setup else {
            return Err(FuzzError::Usage(
                "--value-profile needs --target z3 (an instrumented libz3 in this process)".into(),
            ));
        };
        if !library::has_trace_cmp(lib.path()) {
            return Err(FuzzError::Usage(format!(
                "--value-profile: {} has no trace-cmp instrumentation; build one with \
                 scripts/build-z3.sh --trace-cmp and pass it with --solver-lib",
                lib.path().display()
            )));
        }
        eprintln!("value profile: on (the solver's comparisons steer too)");
    }
    let edges = crate::fuzz::campaign::maps::edges_registered();
    if options.len_control && edges == 0 {
        // The limit grows while edges stall: without edges it would grow
        // with the executions alone.
        return Err(FuzzError::Usage(
            "--len-control needs an instrumented libz3 (its limit grows while no new edge \
             comes); build one with scripts/build-z3.sh"
                .into(),
        ));
    }
    if edges > 0 {
        eprintln!(
            "coverage: on ({edges} edges instrumented{})",
            match options.guidance() {
                Guidance::None => "; --no-coverage: measured, not steering",
                Guidance::Features => "; --features-only: measured, only the features steer",
                Guidance::EdgesAndFeatures => "",
            }
        );
    } else if matches!(setup, SolverSetup::Z3(_)) {
        eprintln!(
            "coverage: off (the solver library is not instrumented; build one with \
             scripts/build-z3.sh, which the fuzzer then finds by itself, or pass --solver-lib)"
        );
    } else {
        eprintln!("coverage: off (only an instrumented libz3 reports coverage: use --target z3)");
    }
    eprintln!("output: {}", cfg.out.display());
    let campaign_cfg = CampaignConfig {
        out: cfg.out.clone(),
        time: cfg.time,
        max_execs: cfg.max_execs,
        seed: cfg.seed,
        pool: cfg.pool.constants(),
        timeout: cfg.timeout,
        progress: cfg.progress,
        memory_limit: Some(DEFAULT_MEMORY_LIMIT),
        theory: cfg.theory,
        steering: SteeringArgs {
            seeds,
            ..options.clone()
        },
        settings_table,
    };
    // Every client appends its statistics to one file: the lines after its
    // present end are this campaign's.
    let stats = cfg.out.join("stats.jsonl");
    let stats_from = std::fs::metadata(&stats).map_or(0, |m| m.len());
    if let Some(cores) = &cores {
        if let Some(remote) = options.join {
            eprintln!("joins: the campaign whose broker is at {remote}");
        }
        campaign::run_cores(&campaign_cfg, setup, cores, info, printer)?;
    } else {
        campaign::run(&campaign_cfg, setup, info, printer)?;
    }
    Ok(Some(judged_since(&stats, stats_from)))
}

/// `--settings on`: the solver's settings table as its release accepts
/// it. Each value is tried once, here, and an entry the release refuses
/// is dropped with one line (see `solver::settings_table`); what `skips`
/// names (`--settings-skip`) is left out first.
fn probe_settings(
    target: &mut dyn Target,
    timeout: Duration,
    skips: &[String],
) -> Result<SettingsTable, FuzzError> {
    let name = target.name();
    let family = Family::of_program(&name).ok_or_else(|| {
        FuzzError::Usage(format!(
            "--settings on: equifuzz has settings tables for z3 and cvc5, not for {name}"
        ))
    })?;
    let (table, skipped) = SettingsTable::of(family)
        .without(skips)
        .map_err(|e| FuzzError::Usage(format!("{e} (assets/settings/{name}.tsv)")))?;
    for line in &skipped {
        eprintln!("{line}");
    }
    let patience = timeout.max(open::PREFLIGHT_TIMEOUT);
    let (kept, lines) = table.probe(&mut |script| refusal(target.run(script, patience).stdout()));
    for line in &lines {
        eprintln!("{line}");
    }
    eprintln!(
        "settings: on ({} of the {} keys of the {name} table in assets/settings/; {} left \
         out by the table)",
        kept.len(),
        table.len(),
        table.left_out().count()
    );
    if kept.is_empty() {
        return Err(FuzzError::Usage(format!(
            "--settings on: {name} refused every entry of its settings table"
        )));
    }
    Ok(kept)
}

/// The most answers judged, by the statistics lines written to `stats`
/// after byte `from`: a client's own lines (one core) or the lines of
/// LibAFL's monitor (`--cores`), whose clients' `verdict ...` user stats
/// are added up. Counts grow, so the largest line is the total.
fn judged_since(stats: &Path, from: u64) -> u64 {
    let Ok(bytes) = std::fs::read(stats) else {
        return 0;
    };
    let new = bytes.get(from as usize..).unwrap_or_default();
    String::from_utf8_lossy(new)
        .lines()
        .filter_map(|l| {
            if let Ok(s) = serde_json::from_str::<campaign::snapshot::Snapshot>(l) {
                return Some(judged(&s.verdicts));
            }
            let line: serde_json::Value = serde_json::from_str(l).ok()?;
            let mut verdicts: BTreeMap<String, u64> = BTreeMap::new();
            for client in line.get("client_stats")?.as_object()?.values() {
                let Some(user) = client.get("user_stats").and_then(|u| u.as_object()) else {
                    continue;
                };
                for (name, stat) in user {
                    let (Some(kind), Some(n)) = (
                        name.strip_prefix("verdict "),
                        stat.pointer("/value/Number").and_then(|n| n.as_u64()),
                    ) else {
                        continue;
                    };
                    *verdicts.entry(kind.to_string()).or_default() += n;
                }
            }
            Some(judged(&verdicts))
        })
        .max()
        .unwrap_or(0)
}

/// The cores a `--cores` list names, validated against the cores this
/// process may run on (its CPU affinity set: under `taskset -c 1`, or in
/// a container or CI runner without core 0, not 0 to n-1).
fn allowed_cores(cores: &str) -> Result<Cores, FuzzError> {
    let usage = |why: String| FuzzError::Usage(format!("--cores {cores}: {why}"));
    let allowed: Vec<usize> = get_core_ids()
        .map_err(|e| usage(e.to_string()))?
        .into_iter()
        .map(|c| c.0)
        .collect();
    pick_cores(cores, &allowed).map_err(usage)
}

/// The cores `cores` names, each once, from those in `allowed`: `all` is
/// every one of them (LibAFL reads it as cores 0 to n-1). A core outside
/// `allowed` is refused, with the cores there are: LibAFL's launcher
/// starts clients only on allowed cores and would wait for the others
/// forever; so it would for a core named twice, hence each once.
fn pick_cores(cores: &str, allowed: &[usize]) -> Result<Cores, String> {
    let mut wanted: Vec<usize> = if cores == "all" {
        allowed.to_vec()
    } else {
        let parsed = Cores::from_cmdline(cores).map_err(|e| e.to_string())?;
        parsed.ids.into_iter().map(|c| c.0).collect()
    };
    wanted.sort_unstable();
    wanted.dedup();
    if let Some(missing) = wanted.iter().find(|c| !allowed.contains(c)) {
        return Err(format!(
            "core {missing} is not one this process may run on (its CPU affinity allows {})",
            core_list(allowed)
        ));
    }
    if wanted.is_empty() {
        return Err("this process may run on no core".into());
    }
    Ok(Cores::from(wanted))
}

/// `ids` (ascending) as `--cores` takes them: `0-3,6`.
fn core_list(ids: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &id in ids {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == id => *end = id,
            _ => runs.push((id, id)),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    if runs.is_empty() {
        "none".into()
    } else {
        runs.join(",")
    }
}

/// Verdicts that judged an answer: all but errors, timeouts, crashes (a
/// crash is a finding, counted on its own) and cases never sent.
fn judged<K: AsRef<str>>(verdicts: &BTreeMap<K, u64>) -> u64 {
    verdicts
        .iter()
        .filter(|(k, _)| {
            !matches!(
                k.as_ref(),
                "error" | "timeout" | "crash" | "not-expressible"
            )
        })
        .map(|(_, n)| n)
        .sum()
}

/// The `.smt2` findings under `dir` (every kind's folder).
fn count_findings(dir: &Path) -> u64 {
    if !dir.is_dir() {
        return 0;
    }
    let (files, _) = files_under(dir);
    files
        .iter()
        .filter(|f| f.extension().is_some_and(|x| x == "smt2"))
        .count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_timeouts_crashes_and_unsent_cases_are_not_judged_answers() {
        let mut v = BTreeMap::new();
        v.insert("error", 5u64);
        v.insert("timeout", 2);
        v.insert("crash", 1);
        v.insert("not-expressible", 9);
        assert_eq!(judged(&v), 0);
        v.insert("unknown", 3);
        v.insert("sat", 4);
        assert_eq!(judged(&v), 7);
    }

    #[test]
    fn cores_are_picked_from_those_this_process_may_run_on() {
        let picked = |cores: &str, allowed: &[usize]| {
            pick_cores(cores, allowed).map(|c| c.ids.iter().map(|c| c.0).collect::<Vec<_>>())
        };
        // As under `taskset -c 1`: `all` is core 1, not core 0.
        assert_eq!(picked("all", &[1]), Ok(vec![1]));
        assert_eq!(picked("all", &[0, 1, 2, 3]), Ok(vec![0, 1, 2, 3]));
        assert_eq!(picked("1", &[1]), Ok(vec![1]));
        // Each once: the launcher would wait for a second client on 1.
        assert_eq!(picked("2,1-2", &[0, 1, 2]), Ok(vec![1, 2]));
        assert_eq!(
            picked("0", &[1]),
            Err("core 0 is not one this process may run on (its CPU affinity allows 1)".into())
        );
        assert_eq!(
            picked("4", &[0, 1, 2, 3, 6, 8, 9]),
            Err(
                "core 4 is not one this process may run on (its CPU affinity allows 0-3,6,8-9)"
                    .into()
            )
        );
        assert!(picked("x", &[0]).is_err());
        assert!(picked("all", &[]).is_err());
    }

    #[test]
    fn answers_judged_are_read_from_the_launcher_monitor_lines_too() {
        // `--cores`: LibAFL's monitor writes the lines, each client's
        // verdicts among its user stats; they add up across clients.
        let dir = std::env::temp_dir().join(format!("equifuzz-judged-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stats = dir.join("stats.jsonl");
        let verdict = |n: u64| serde_json::json!({"aggregator_op": "Sum", "value": {"Number": n}});
        let line = serde_json::json!({"client_stats": {
            "1": {"user_stats": {"verdict sat": verdict(4), "verdict timeout": verdict(9)}},
            "2": {"user_stats": {"verdict sat": verdict(2), "verdict unsat": verdict(1)}},
        }});
        std::fs::write(&stats, format!("{line}\n")).unwrap();
        assert_eq!(judged_since(&stats, 0), 7);
        let len = std::fs::metadata(&stats).unwrap().len();
        assert_eq!(judged_since(&stats, len), 0, "only lines after `from`");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn findings_are_counted_in_every_kind_folder() {
        let dir = std::env::temp_dir().join(format!("equifuzz-count-{}", std::process::id()));
        assert_eq!(count_findings(&dir), 0);
        for (kind, name) in [
            ("crash", "a.smt2"),
            ("unsound", "b.smt2"),
            ("unsound", "b.postcard"),
        ] {
            std::fs::create_dir_all(dir.join(kind)).unwrap();
            std::fs::write(dir.join(kind).join(name), b"x").unwrap();
        }
        assert_eq!(count_findings(&dir), 2);
        std::fs::remove_dir_all(&dir).ok();
    }
}
