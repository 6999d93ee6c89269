//! The equifuzz command line: argument parsing and wiring only; the work is
//! done by the library (`equifuzz::commands`, `equifuzz::fuzz`).
//!
//! Exit codes: 0 all good; 1 a finding (soundness bug or crash) was seen;
//! 2 bad input or usage (a file that does not parse, a solver that does not
//! load).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

use equifuzz::commands::export::{Category, ExportConfig, Operators, export};
use equifuzz::commands::generate::{GenerateConfig, generate};
use equifuzz::commands::run::{FileOutcome, run_file};
use equifuzz::fuzz::plain::{PlainConfig, SolverInfo, fuzz};
use equifuzz::generate::{ConstantPool, MixedCaseGenerator};
use equifuzz::oracle::Reply;
use equifuzz::solver::{self, RawOutcome, Target};
use equifuzz::term::Printer;

#[derive(Parser, Debug)]
#[command(
    name = "equifuzz",
    version,
    about = "Finds soundness bugs in SMT solvers with satisfiability-preserving transformations"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The solver options shared by `run` and `fuzz`.
#[derive(clap::Args, Debug)]
struct SolverArgs {
    /// The solver: `z3` (libz3, in-process, each query in a forked child),
    /// `cvc5`, or `cmd:/path/to/solver --flags` (any SMT-LIB 2.6 binary).
    #[arg(long, default_value = "z3")]
    target: String,
    /// The libz3 to load for `--target z3` (default: the system libz3).
    #[arg(long)]
    solver_lib: Option<PathBuf>,
    /// Time limit per query, e.g. `10s`, `500ms`.
    #[arg(long, default_value = "10s", value_parser = humantime::parse_duration)]
    timeout: Duration,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Write step-1 and constant-assignment formulas as labelled .smt2 files.
    Generate {
        /// Output folder.
        #[arg(long)]
        out: PathBuf,
        /// Constant pool: `paper` (the ICSE 2020 boundary values) or `boundary` (more).
        #[arg(long, default_value = "paper")]
        pool: String,
        /// Write at most this many files.
        #[arg(long)]
        limit: Option<usize>,
        /// Seed recorded in each file's provenance.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Write sat/unsat-labelled .smt2 files (models and cores in comments) and a manifest.
    Export {
        /// Output folder (files under <category>/, manifest.jsonl).
        #[arg(long)]
        out: PathBuf,
        /// Write at most this many files (required with `random` or --depth >= 2).
        #[arg(long)]
        count: Option<u64>,
        /// The seed every random choice flows from.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Categories, comma-separated: operation, constant-assignment, term-synthesis,
        /// equivalent-formula, larger-core, noise, random (default: the paper's six).
        #[arg(long, value_delimiter = ',')]
        category: Vec<Category>,
        /// Constant pool: `paper` or `boundary`.
        #[arg(long, default_value = "paper")]
        pool: String,
        /// Term synthesis depth (1: the paper's exhaustive enumeration; more: sampled).
        #[arg(long, default_value_t = 1)]
        depth: usize,
        /// Operators of the sat categories: `paper` (its twelve) or `all`.
        #[arg(long, default_value = "all")]
        operators: String,
        /// Quantifier patterns in the unsat categories: `without`, `with` or `both`.
        #[arg(long, default_value = "both")]
        patterns: String,
    },
    /// Run SMT-LIB files on a solver and print the verdict of each.
    Run {
        /// The .smt2 files, or folders to search for them.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        solver: SolverArgs,
        /// Print one JSON object per file (file, expected, kind, verdict) instead of text.
        #[arg(long)]
        jsonl: bool,
    },
    /// Generate, run and judge formulas in a loop; save findings.
    Fuzz {
        #[command(flatten)]
        solver: SolverArgs,
        /// Stop after this long, e.g. `60s`, `2h` (default: until interrupted).
        #[arg(long, value_parser = humantime::parse_duration)]
        time: Option<Duration>,
        /// Stop after this many executions.
        #[arg(long)]
        max_execs: Option<u64>,
        /// The seed every random choice flows from.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Output folder (findings/, stats.jsonl).
        #[arg(long, default_value = "out")]
        out: PathBuf,
        /// Constant pool: `paper` or `boundary`.
        #[arg(long, default_value = "boundary")]
        pool: String,
    },
}

fn pool(name: &str) -> Result<ConstantPool> {
    match name {
        "paper" => Ok(ConstantPool::paper()),
        "boundary" => Ok(ConstantPool::boundary()),
        other => bail!("unknown pool `{other}` (expected `paper` or `boundary`)"),
    }
}

/// A ready solver: the target and how its answers are read.
struct Solver {
    target: Box<dyn Target>,
    timeout: Duration,
}

impl Solver {
    fn open(args: &SolverArgs) -> Result<Solver> {
        let target = solver::target_from_spec(
            &args.target,
            args.solver_lib.as_deref(),
            &solver::TargetOptions::default(),
        )
        .with_context(|| format!("cannot use solver `{}`", args.target))?;
        Ok(Solver {
            target,
            timeout: args.timeout,
        })
    }

    fn solve(&mut self, script: &str) -> (Reply, String) {
        let outcome = self.target.run(script, self.timeout);
        let reply = match &outcome {
            RawOutcome::Finished { stdout, .. } => Reply::from_output(stdout),
            RawOutcome::Timeout { .. } => Reply::Timeout,
            RawOutcome::Crashed { .. } | RawOutcome::OutOfMemory { .. } => {
                Reply::Crash(outcome.to_string())
            }
            RawOutcome::NotRun { reason, .. } => Reply::NotRun(reason.clone()),
        };
        let raw = match &outcome {
            RawOutcome::Finished { stdout, .. } => stdout.clone(),
            other => other.to_string(),
        };
        (reply, raw)
    }
}

/// The files named, with folders replaced by the `.smt2` files under them,
/// sorted so that runs are reproducible.
fn expand(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            let mut stack = vec![p.clone()];
            while let Some(d) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(&d) else {
                    found.push(d);
                    continue;
                };
                for e in entries.flatten() {
                    let path = e.path();
                    if path.is_dir() {
                        stack.push(path);
                    } else if path.extension().is_some_and(|x| x == "smt2") {
                        found.push(path);
                    }
                }
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

fn cmd_run(files: &[PathBuf], args: &SolverArgs, jsonl: bool) -> Result<ExitCode> {
    let files = expand(files);
    let mut solver = Solver::open(args)?;
    let printer = Printer::new(solver.target.dialect());
    eprintln!(
        "solver: {} ({})",
        solver.target.name(),
        solver.target.version()
    );
    let (mut invalid, mut findings) = (0, 0);
    for f in &files {
        match run_file(f, &printer, &mut |s| solver.solve(s)) {
            FileOutcome::Invalid(msg) => {
                invalid += 1;
                if jsonl {
                    let line = serde_json::json!({"file": f, "kind": "invalid", "verdict": msg});
                    println!("{line}");
                } else {
                    println!("{msg}");
                }
            }
            FileOutcome::Judged { expected, verdict } => {
                findings += usize::from(verdict.is_finding());
                if jsonl {
                    let line = serde_json::json!({
                        "file": f,
                        "expected": expected.map(|e| e.status.to_string()),
                        "kind": verdict.kind(),
                        "verdict": verdict.to_string(),
                    });
                    println!("{line}");
                } else {
                    let exp = expected
                        .map(|e| format!(" (expected {})", e.status))
                        .unwrap_or_default();
                    println!("{}: {verdict}{exp}", f.display());
                }
            }
        }
    }
    Ok(if invalid > 0 {
        ExitCode::from(2)
    } else if findings > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn cmd_fuzz(
    args: &SolverArgs,
    time: Option<Duration>,
    max_execs: Option<u64>,
    seed: u64,
    out: &Path,
    pool_name: &str,
) -> Result<ExitCode> {
    let mut solver = Solver::open(args)?;
    let printer = Printer::new(solver.target.dialect());
    let info = SolverInfo {
        name: solver.target.name(),
        version: solver.target.version(),
        options: format!("timeout={}ms", args.timeout.as_millis()),
    };
    eprintln!("solver: {} ({})", info.name, info.version);
    eprintln!("coverage: off (the plain loop has no coverage feedback)");
    eprintln!("output: {}", out.display());
    let cfg = PlainConfig {
        out: out.to_path_buf(),
        time: time.unwrap_or(Duration::MAX),
        max_execs,
        seed,
        progress: Some(Duration::from_secs(5)),
    };
    let mut generator = MixedCaseGenerator::new(pool(pool_name)?)
        .context("cannot build the term pool")?
        .seed(seed);
    let stats = fuzz(
        &cfg,
        &printer,
        &info,
        &mut |rng| generator.next(rng),
        &mut |s| solver.solve(s),
    )?;
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
    println!(
        "time: solver {:.1}%, generate {:.2}%, judge {:.2}%, record {:.2}%; median solver call {:.2} ms",
        100.0 * stats.solver_secs / stats.wall_secs,
        100.0 * stats.generate_secs / stats.wall_secs,
        100.0 * stats.judge_secs / stats.wall_secs,
        100.0 * stats.record_secs / stats.wall_secs,
        stats.median_solver_ms()
    );
    Ok(if stats.findings_written > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Generate {
            out,
            pool: p,
            limit,
            seed,
        } => (|| {
            let cfg = GenerateConfig {
                out: out.clone(),
                pool: pool(p)?,
                limit: *limit,
                seed: *seed,
            };
            let s = generate(&cfg).with_context(|| format!("cannot write to {}", out.display()))?;
            println!(
                "wrote {} step-1 and {} constant-assignment formulas under {}",
                s.step1,
                s.constant_assignment,
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        })(),
        Command::Export {
            out,
            count,
            seed,
            category,
            pool: p,
            depth,
            operators,
            patterns,
        } => (|| {
            let cfg = ExportConfig {
                out: out.clone(),
                count: *count,
                seed: *seed,
                categories: if category.is_empty() {
                    Category::PAPER.to_vec()
                } else {
                    category.clone()
                },
                pool: pool(p)?,
                synthesis_pool: match p.as_str() {
                    "paper" => ConstantPool::paper_term_synthesis(),
                    other => pool(other)?,
                },
                depth: (*depth).max(1),
                operators: match operators.as_str() {
                    "paper" => Operators::Paper,
                    "all" => Operators::All,
                    o => bail!("unknown operators `{o}` (expected `paper` or `all`)"),
                },
                patterns: match patterns.as_str() {
                    "without" => vec![false],
                    "with" => vec![true],
                    "both" => vec![false, true],
                    o => bail!("unknown patterns `{o}` (expected without, with or both)"),
                },
            };
            let s = export(&cfg).map_err(anyhow::Error::msg)?;
            println!("{:<22} {:>6} {:>9}", "category", "status", "files");
            for ((cat, status), n) in &s.counts {
                println!("{cat:<22} {status:>6} {n:>9}");
            }
            println!(
                "wrote {} files in {:.1}s ({:.0}/s) under {}",
                s.total,
                s.secs,
                s.total as f64 / s.secs.max(1e-9),
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        })(),
        Command::Run {
            files,
            solver,
            jsonl,
        } => cmd_run(files, solver, *jsonl),
        Command::Fuzz {
            solver,
            time,
            max_execs,
            seed,
            out,
            pool: p,
        } => cmd_fuzz(solver, *time, *max_execs, *seed, out, p),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
