//! The equifuzz command line: argument parsing and wiring only; the work is
//! done by the library (`equifuzz::commands`, `equifuzz::fuzz`).
//!
//! Exit codes: 1 a finding (soundness bug or crash) was seen, whatever else
//! happened; 2 bad input or usage with no finding (a file that does not
//! parse, a solver that does not load, nothing judged); 0 all judged, nothing
//! found.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

use equifuzz::commands::export::{Category, ExportConfig, Operators, export};
use equifuzz::commands::generate::{GenerateConfig, generate};
use equifuzz::commands::run;
use equifuzz::fuzz::coverage::scheduler::Choice;
use equifuzz::fuzz::coverage::{self, CoverageConfig, SolverSetup, library};
use equifuzz::fuzz::plain::{PlainConfig, SolverInfo, fuzz};
use equifuzz::generate::{ConstantPool, MixedCaseGenerator};
use equifuzz::oracle::Reply;
use equifuzz::solver::{self, RawOutcome, Target, Z3Library};
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
    /// Time limit per query, e.g. `10s`, `500ms` (default: 10s for `run`, 2s for `fuzz`,
    /// where throughput matters more than patience).
    #[arg(long, value_parser = humantime::parse_duration)]
    timeout: Option<Duration>,
}

impl SolverArgs {
    /// The time limit per query.
    fn timeout(&self) -> Duration {
        self.timeout.unwrap_or(Duration::from_secs(10))
    }

    /// These arguments with the fuzzing default time limit unless one is given.
    fn for_fuzzing(&self) -> SolverArgs {
        SolverArgs {
            target: self.target.clone(),
            solver_lib: self.solver_lib.clone(),
            timeout: Some(self.timeout.unwrap_or(Duration::from_secs(2))),
        }
    }
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
        #[command(flatten)]
        engine: EngineArgs,
    },
}

/// Seeds of a campaign when `--seeds` is not given: the repository's
/// hand-written, labelled formulas (the seed papers' listings).
const DEFAULT_SEEDS: &str = "corpus";

/// The fuzz loop and its LibAFL options.
#[derive(clap::Args, Debug)]
struct EngineArgs {
    /// `libafl`: coverage-guided LibAFL loop (crash-safe: the solver runs in
    /// this process under a restarting manager, or in fork children with
    /// --fork). `plain`: the simple generate-run-judge loop, the baseline.
    #[arg(long, default_value = "libafl", value_parser = ["libafl", "plain"])]
    engine: String,
    /// Measure coverage but do not let it steer the corpus (the ablation).
    #[arg(long)]
    no_coverage: bool,
    /// Run each execution in a forked child (the context is made once in
    /// the parent) instead of in this process.
    #[arg(long)]
    fork: bool,
    /// Mutate only by drawing fresh cases, as the plain loop does (for
    /// like-for-like throughput measurements; see scripts/bench-libafl.sh).
    #[arg(long)]
    generate_only: bool,
    /// Folders or files whose labelled cases seed the corpus: .postcard
    /// cases and .smt2 files with (set-info :status ...) and a `; model:`
    /// block or `; expected unsat core:` comment, as `export` writes them
    /// (repeatable; default: ./corpus when it exists).
    #[arg(long)]
    seeds: Vec<PathBuf>,
    /// Fuzz on these cores through LibAFL's launcher (`0-3`, `0,2`, `all`),
    /// one client per core sharing corpus and findings over LLMP.
    #[arg(long)]
    cores: Option<String>,
    /// The LLMP broker's port (with --cores).
    #[arg(long, default_value_t = 1337)]
    broker_port: u16,
    /// How each mutation step picks its transformation: `bandit` learns
    /// which transformations add corpus entries (discounted UCB1),
    /// `uniform` picks each with equal probability.
    #[arg(long, default_value = "bandit", value_parser = ["bandit", "uniform"])]
    schedule: String,
    /// Seconds between monitor lines and stats.jsonl records.
    #[arg(long, default_value_t = 5.0)]
    progress: f64,
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
            timeout: args.timeout(),
        })
    }

    fn solve(&mut self, script: &str) -> (Reply, String) {
        let outcome = self.target.run(script, self.timeout);
        let reply = Reply::from_outcome(&outcome);
        let raw = match &outcome {
            RawOutcome::Finished { stdout, .. } => stdout.clone(),
            other => other.to_string(),
        };
        (reply, raw)
    }
}

/// `run`: the work is `commands::run::run`; its summary gives the exit code.
fn cmd_run(files: &[PathBuf], args: &SolverArgs, jsonl: bool) -> Result<ExitCode> {
    let mut solver = Solver::open(args)?;
    eprintln!(
        "solver: {} ({})",
        solver.target.name(),
        solver.target.version()
    );
    let summary = run::run(
        files,
        solver.target.as_mut(),
        solver.timeout,
        jsonl,
        &mut std::io::stdout().lock(),
    )?;
    eprintln!(
        "{} files: {} check-sats judged, {} findings, {} bad inputs",
        summary.files, summary.judged, summary.findings, summary.bad
    );
    if summary.judged == 0 {
        eprintln!("nothing judged: no .smt2 file, no check-sat, or no answer from the solver");
    }
    Ok(ExitCode::from(summary.exit_code()))
}

/// `fuzz --engine libafl`.
fn cmd_fuzz_libafl(
    args: &SolverArgs,
    time: Option<Duration>,
    max_execs: Option<u64>,
    seed: u64,
    out: &Path,
    pool_name: &str,
    engine: &EngineArgs,
) -> Result<ExitCode> {
    let (setup, name, version, dialect) = if args.target == "z3" {
        let path = args
            .solver_lib
            .clone()
            .or_else(|| library::cache_dir().and_then(|c| library::find_cached(&c)));
        let lib = Z3Library::load(path.as_deref())
            .with_context(|| "cannot use solver `z3`".to_string())?;
        let version = lib.version();
        (
            SolverSetup::Z3(lib.clone()),
            "z3".to_string(),
            version.clone(),
            solver::dialect_of_version(&version),
        )
    } else {
        let target = solver::target_from_spec(
            &args.target,
            args.solver_lib.as_deref(),
            &solver::TargetOptions::default(),
        )
        .with_context(|| format!("cannot use solver `{}`", args.target))?;
        let (n, v, d) = (target.name(), target.version(), target.dialect());
        (SolverSetup::Other(target), n, v, d)
    };
    let seeds = if engine.seeds.is_empty() {
        let default = PathBuf::from(DEFAULT_SEEDS);
        if default.is_dir() {
            vec![default]
        } else {
            Vec::new()
        }
    } else {
        engine.seeds.clone()
    };
    if let Some(missing) = seeds.iter().find(|p| !p.exists()) {
        bail!("--seeds {}: no such file or folder", missing.display());
    }
    let edges = library::edges_registered();
    eprintln!("solver: {name} ({version})");
    if let SolverSetup::Z3(lib) = &setup {
        eprintln!("library: {}", lib.path().display());
    }
    if edges > 0 {
        eprintln!(
            "coverage: on ({edges} edges instrumented{})",
            if engine.no_coverage {
                "; --no-coverage: measured, not steering"
            } else {
                ""
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
    eprintln!("output: {}", out.display());
    let cfg = CoverageConfig {
        out: out.to_path_buf(),
        time,
        max_execs,
        seed,
        pool: pool(pool_name)?,
        seeds,
        timeout: args.timeout(),
        fork: engine.fork,
        guided: !engine.no_coverage,
        generate_only: engine.generate_only,
        choice: if engine.schedule == "uniform" {
            Choice::Uniform
        } else {
            Choice::Bandit
        },
        progress: Duration::from_secs_f64(engine.progress.max(0.1)),
        memory_limit: Some(solver::DEFAULT_MEMORY_LIMIT),
    };
    let info = SolverInfo {
        name,
        version,
        options: format!(
            "timeout={}ms engine=libafl{}",
            args.timeout().as_millis(),
            if engine.fork { " fork" } else { "" }
        ),
    };
    if let Some(cores) = &engine.cores {
        let SolverSetup::Z3(lib) = setup else {
            bail!("--cores needs --target z3");
        };
        coverage::run_cores(
            &cfg,
            lib,
            cores,
            engine.broker_port,
            info,
            Printer::new(dialect),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let ended = coverage::run(&cfg, setup, info, Printer::new(dialect))?;
    let findings = ended
        .last
        .as_ref()
        .map_or(0, |s| s.findings.values().sum::<u64>());
    Ok(if findings > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `fuzz --engine plain`.
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
        options: format!("timeout={}ms", args.timeout().as_millis()),
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
            engine,
        } => {
            let solver = solver.for_fuzzing();
            if engine.engine == "plain" {
                cmd_fuzz(&solver, *time, *max_execs, *seed, out, p)
            } else {
                cmd_fuzz_libafl(&solver, *time, *max_execs, *seed, out, p, engine)
            }
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
