//! The plain fuzz loop: generate, execute, record — no coverage feedback.
//!
//! This is what `equifuzz fuzz` runs until the coverage-guided LibAFL loop
//! takes over, and the baseline the LibAFL loop is measured against. It
//! tracks where the wall time goes (generating, running the solver,
//! judging), because a fuzzer that spends its time outside the solver wastes
//! the machine.
//!
//! # Invariants
//!
//! - An execution is the LibAFL loop's ([`Harness::execute`]): the same
//!   printing, solver call and verdict; only what is recorded differs
//!   (every finding, no signature, no corpus).
//! - "judge" time is the execution's time outside the solver call:
//!   printing the case and judging the reply.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::execute::harness::Harness;
use crate::finding::write_finding;
use crate::oracle::Verdict;
use crate::solver::SolverInfo;
use crate::term::Printer;
use crate::truth::Case;

/// The loop's settings.
#[derive(Clone, Debug)]
pub struct PlainConfig {
    /// Output folder: `findings/<kind>/` and `stats.jsonl` go under it.
    pub out: PathBuf,
    /// Stop after this much wall time.
    pub time: Duration,
    /// Stop after this many executions (None: no limit).
    pub max_execs: Option<u64>,
    /// The seed every random choice flows from.
    pub seed: u64,
    /// Progress line interval (None: quiet).
    pub progress: Option<Duration>,
}

/// Counts and timings of a run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// Executions.
    pub execs: u64,
    /// Verdict kind → count.
    pub verdicts: BTreeMap<&'static str, u64>,
    /// Finding files written (deduplicated by formula).
    pub findings_written: u64,
    /// Wall time, seconds.
    pub wall_secs: f64,
    /// Time generating cases, seconds.
    pub generate_secs: f64,
    /// Time inside the solver call (including process isolation), seconds.
    pub solver_secs: f64,
    /// Time printing cases and judging replies (model checks), seconds.
    pub judge_secs: f64,
    /// Time writing findings, seconds.
    pub record_secs: f64,
    /// Per-execution solver times, milliseconds (for the median).
    #[serde(skip)]
    pub solver_ms: Vec<f64>,
}

impl Stats {
    /// Executions per second.
    pub fn execs_per_sec(&self) -> f64 {
        self.execs as f64 / self.wall_secs.max(1e-9)
    }

    /// The share of wall time spent outside the solver call.
    pub fn outside_solver_share(&self) -> f64 {
        1.0 - self.solver_secs / self.wall_secs.max(1e-9)
    }

    /// The median solver time per execution, milliseconds.
    pub fn median_solver_ms(&self) -> f64 {
        let mut v = self.solver_ms.clone();
        if v.is_empty() {
            return 0.0;
        }
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    }

    /// One progress line.
    pub fn line(&self) -> String {
        let counts: Vec<String> = self
            .verdicts
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        format!(
            "[{:>5.0}s] {} execs ({:.1}/s) | {} | findings {} | in solver {:.1}%",
            self.wall_secs,
            self.execs,
            self.execs_per_sec(),
            counts.join(", "),
            self.findings_written,
            100.0 * (1.0 - self.outside_solver_share())
        )
    }
}

/// Runs the loop. `next_case` draws a case; `harness` executes it.
pub fn fuzz(
    cfg: &PlainConfig,
    harness: &mut Harness,
    printer: &Printer,
    solver: &SolverInfo,
    next_case: &mut dyn FnMut(&mut ChaCha8Rng) -> Case,
) -> std::io::Result<Stats> {
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    let mut stats = Stats::default();
    let start = Instant::now();
    let mut last_progress = start;
    std::fs::create_dir_all(&cfg.out)?;
    let mut stats_file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(cfg.out.join("stats.jsonl"))?;
    let findings = cfg.out.join("findings");
    while start.elapsed() < cfg.time && cfg.max_execs.is_none_or(|m| stats.execs < m) {
        let t0 = Instant::now();
        let case = next_case(&mut rng);
        let t1 = Instant::now();
        let judged = harness.execute(&case);
        let t2 = Instant::now();
        let verdict = &judged.verdict;
        if let Verdict::NotExpressible(_) = verdict {
            // Never sent: counted, and the next case is drawn.
            stats.execs += 1;
            *stats.verdicts.entry(verdict.kind()).or_default() += 1;
            stats.generate_secs += (t2 - t0).as_secs_f64();
            stats.wall_secs = start.elapsed().as_secs_f64();
            continue;
        }
        *stats.verdicts.entry(verdict.kind()).or_default() += 1;
        if verdict.is_finding() {
            let info = judged.info(solver);
            if let Some(path) = write_finding(&findings, &case, &info, printer)? {
                stats.findings_written += 1;
                eprintln!("finding: {} -> {}", verdict, path.display());
            }
        }
        let t3 = Instant::now();
        let solver_secs = Duration::from_nanos(judged.solver_ns).as_secs_f64();
        stats.execs += 1;
        stats.generate_secs += (t1 - t0).as_secs_f64();
        stats.solver_secs += solver_secs;
        stats.judge_secs += ((t2 - t1).as_secs_f64() - solver_secs).max(0.0);
        stats.record_secs += (t3 - t2).as_secs_f64();
        stats.solver_ms.push(solver_secs * 1e3);
        stats.wall_secs = start.elapsed().as_secs_f64();
        if let Some(every) = cfg.progress
            && last_progress.elapsed() >= every
        {
            last_progress = Instant::now();
            eprintln!("{}", stats.line());
            writeln!(
                stats_file,
                "{}",
                serde_json::to_string(&stats).unwrap_or_default()
            )?;
        }
    }
    stats.wall_secs = start.elapsed().as_secs_f64();
    writeln!(
        stats_file,
        "{}",
        serde_json::to_string(&stats).unwrap_or_default()
    )?;
    Ok(stats)
}
