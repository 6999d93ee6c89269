//! The equifuzz command line: arguments are parsed (clap) into the
//! low-level `Cli`, validated into the configs of `equifuzz::commands`,
//! the command runs, and its outcome becomes the exit code. The work is
//! done by the library; errors become `anyhow` only here, at the edge.
//!
//! Exit codes (one scheme for every command, findings first; see
//! [`equifuzz::commands`]): 1 a finding, 2 bad input, usage or
//! configuration or nothing judged, 0 all judged and nothing found.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};

use equifuzz::commands::export::{Category, Existing, ExportConfig, Operators, Patterns, export};
use equifuzz::commands::fuzz::{Engine, FuzzConfig, fuzz as fuzz_command};
use equifuzz::commands::generate::{GenerateConfig, generate};
use equifuzz::commands::run::{self, RunConfig};
use equifuzz::commands::{Outcome, Pool};
use equifuzz::execute::open::SolverSpec;
use equifuzz::fuzz::campaign::SteeringArgs;
use equifuzz::solver::{SolverOption, TargetSpec};
use equifuzz::source::Theory;
use equifuzz::term::Dialect;

/// Shown after the top-level `--help`.
const EXIT_CODES: &str = "\
Exit codes (every command; findings come first):
  1  at least one finding: a wrong sat/unsat, an invalid model or core, or a
     crash (even if some input was bad too)
  2  no finding, and bad input, usage or configuration: a file that cannot be
     read or parsed, a wrong label, a solver that cannot be loaded or does not
     answer, invalid options; or nothing was judged at all
  0  everything was judged and nothing was found";

#[derive(Parser, Debug)]
#[command(
    name = "equifuzz",
    version,
    about = "Finds soundness bugs in SMT solvers with satisfiability-preserving transformations",
    after_help = EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// A range of durations and how the messages spell it.
type DurationRange = (Duration, Duration, &'static str);

/// Per-query time limits: long enough for any query worth waiting for,
/// short enough that no deadline overflows.
const TIMEOUT_RANGE: DurationRange = (
    Duration::from_millis(1),
    Duration::from_secs(24 * 3600),
    "1ms..=24h",
);

/// Campaign lengths (0 would end before the first execution).
const TIME_RANGE: DurationRange = (
    Duration::from_secs(1),
    Duration::from_secs(366 * 24 * 3600),
    "1s..=366days",
);

/// Seconds between progress lines.
const PROGRESS_RANGE: (f64, f64) = (0.1, 3600.0);

/// Term synthesis depths. Terms grow exponentially with depth (measured,
/// 200 sampled cases, paper pool: depth 10 gives formulas of at most 20 KB
/// in 0.6 s, depth 16 of 150 KB in 5 s, depth 24 did not finish in minutes).
const MAX_DEPTH: usize = 10;

/// A duration like `10s` or `500ms` within `range`.
fn duration_in(text: &str, (min, max, spelled): DurationRange) -> Result<Duration, String> {
    let d = humantime::parse_duration(text).map_err(|e| e.to_string())?;
    if d < min || d > max {
        return Err(format!("out of range: give {spelled}"));
    }
    Ok(d)
}

fn timeout_value(text: &str) -> Result<Duration, String> {
    duration_in(text, TIMEOUT_RANGE)
}

fn time_value(text: &str) -> Result<Duration, String> {
    duration_in(text, TIME_RANGE)
}

fn progress_value(text: &str) -> Result<f64, String> {
    let secs: f64 = text.parse().map_err(|e| format!("{e}"))?;
    let (lo, hi) = PROGRESS_RANGE;
    if !(lo..=hi).contains(&secs) {
        return Err(format!("{text} is out of range: give {lo}..={hi} seconds"));
    }
    Ok(secs)
}

/// A `--target` value; the error lists the allowed forms.
fn target_value(text: &str) -> Result<TargetSpec, String> {
    text.parse::<TargetSpec>().map_err(|e| e.to_string())
}

/// A `--solver-option` value.
fn option_value(text: &str) -> Result<SolverOption, String> {
    text.parse()
}

/// The solver options shared by `run` and `fuzz`.
#[derive(clap::Args, Debug)]
struct SolverArgs {
    /// The solver: `z3` (libz3, in-process, each query in a forked child),
    /// `z3-inprocess` (no isolation and no deadline: only Z3's soft timeout
    /// stops a query, and a query that ignores it runs on), `z3-binary`,
    /// `cvc5` (the binary on PATH, or with
    /// --solver-lib a libcvc5 in process), or `cmd:/path/to/solver --flags`
    /// (any SMT-LIB 2.6 binary reading stdin; words split as a shell does).
    #[arg(long, default_value = "z3", value_parser = target_value)]
    target: TargetSpec,
    /// The solver library to load: a libz3 for `--target z3` and
    /// `z3-inprocess` (default: the instrumented build of the highest release in the cache,
    /// else the system libz3), or a libcvc5 for `--target cvc5` (in
    /// process, with the libcvc5parser beside it; default: the cvc5 binary).
    #[arg(long)]
    solver_lib: Option<PathBuf>,
    /// A solver setting, KEY=VALUE (repeatable): a Z3 parameter such as
    /// `smt.string_solver=z3str3` or `smt.random_seed=7`, or a cvc5 option
    /// such as `strings-fmf=true` or `re-elim=on`. The solver checks it
    /// before the first query.
    #[arg(long = "solver-option", value_name = "KEY=VALUE", value_parser = option_value)]
    solver_options: Vec<SolverOption>,
    /// Time limit per query, 1ms..=24h, e.g. `10s`, `500ms` (default: 10s for
    /// `run`, 2s for `fuzz`, where throughput matters more than patience).
    #[arg(long, value_parser = timeout_value)]
    timeout: Option<Duration>,
    /// The solver release's dialect (operator names, literal escapes,
    /// alphabet, operators it lacks): `smtlib2.6`, `cvc5`, `z3-VERSION`
    /// (e.g. `z3-4.8.5`) or `cvc5-VERSION`. Default: the one the solver's
    /// version implies.
    #[arg(long, value_parser = dialect_value)]
    dialect: Option<Dialect>,
}

fn dialect_value(s: &str) -> Result<Dialect, String> {
    equifuzz::solver::parse_dialect(s)
}

impl SolverArgs {
    /// The time limit per query.
    fn timeout(&self) -> Duration {
        self.timeout.unwrap_or(Duration::from_secs(10))
    }

    /// The solver these arguments name.
    fn spec(&self) -> SolverSpec {
        SolverSpec {
            target: self.target.clone(),
            solver_lib: self.solver_lib.clone(),
            dialect: self.dialect,
            options: self.solver_options.clone(),
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
        /// Constant pool.
        #[arg(long, value_enum, default_value_t = Pool::Paper)]
        pool: Pool,
        /// Write at most this many files (at least 1).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// Seed recorded in each file's provenance.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Write sat/unsat-labelled .smt2 files (models and cores in comments) and a manifest.
    Export {
        /// Output folder (files under <category>/, manifest.jsonl); must be
        /// empty or new unless --force or --append.
        #[arg(long)]
        out: PathBuf,
        /// Replace what an earlier export wrote in the output folder.
        #[arg(long, conflicts_with = "append")]
        force: bool,
        /// Add to an earlier export in the output folder: its manifest is
        /// extended and new files are numbered after the existing ones.
        #[arg(long)]
        append: bool,
        /// Write at most this many files, at least 1 (required with `random`
        /// or --depth >= 2).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        count: Option<u64>,
        /// The seed every random choice flows from.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Categories, comma-separated: operation, constant-assignment, term-synthesis,
        /// equivalent-formula, larger-core, noise, random, regex-membership,
        /// regex-constant-assignment, regex-equivalent-formula, regex-unsat-constant,
        /// regex-unsat-complex, regex-term-synthesis, combined-constant-assignment,
        /// combined-term-synthesis, combined-unsat-constant, combined-unsat-complex
        /// (default: by --theory; see the README).
        #[arg(long, value_delimiter = ',')]
        category: Vec<Category>,
        /// Constant pool.
        #[arg(long, value_enum, default_value_t = Pool::Paper)]
        pool: Pool,
        /// Term synthesis depth, 1..=10 (1: the paper's exhaustive enumeration; more: sampled).
        #[arg(long, default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(1..=MAX_DEPTH as u64))]
        depth: u64,
        /// Operators of the sat categories: the paper's twelve or all.
        #[arg(long, value_enum, default_value_t = Operators::All)]
        operators: Operators,
        /// Quantifier patterns in the unsat categories.
        #[arg(long, value_enum, default_value_t = Patterns::Both)]
        patterns: Patterns,
        /// What is drawn: strings, regular expressions, combined (bit-vectors
        /// and arrays with the others), seq (sequences), int, real, fp
        /// (floating point) or all. Picks the
        /// default categories and what `random` mixes; a category of another
        /// theory is refused.
        #[arg(long, value_enum, default_value_t = Theory::All)]
        theory: Theory,
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
        /// Run each file up to N times (1..=1000), stopping at its first run with a finding, whose verdicts are printed (else the last run's): how a finding that fails only sometimes replays.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1000))]
        repeat: u16,
    },
    /// Generate, run and judge formulas in a loop; save findings.
    Fuzz(Box<FuzzArgs>),
    /// Triage: minimize, confirm, bisect findings, and report on a campaign.
    #[command(flatten)]
    Triage(equifuzz::commands::triage_cli::TriageCommand),
}

/// `equifuzz fuzz`, as parsed.
#[derive(clap::Args, Debug)]
struct FuzzArgs {
    #[command(flatten)]
    solver: SolverArgs,
    /// Stop after this long, 1s or more, e.g. `60s`, `2h` (default: until interrupted).
    #[arg(long, value_parser = time_value)]
    time: Option<Duration>,
    /// Stop after this many executions (at least 1).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_execs: Option<u64>,
    /// The seed every random choice flows from.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Output folder (findings/, stats.jsonl).
    #[arg(long, default_value = "out")]
    out: PathBuf,
    /// Constant pool.
    #[arg(long, value_enum, default_value_t = Pool::Boundary)]
    pool: Pool,
    /// Seconds between monitor lines and stats.jsonl records (0.1..=3600).
    #[arg(long, default_value = "5", value_parser = progress_value)]
    progress: f64,
    /// What the cases are drawn from: strings, regular expressions,
    /// combined (bit-vectors and arrays with the others), seq (sequences of
    /// every element sort, docs/sequences.md), uf, bv, int, real (real
    /// arithmetic, docs/reals.md), fp (floating point, docs/floats.md),
    /// quant or all (seeds of another theory are left out).
    #[arg(long, value_enum, default_value_t = Theory::All)]
    theory: Theory,
    #[command(flatten)]
    engine: EngineArgs,
}

/// The fuzz loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum EngineName {
    /// Coverage-guided LibAFL loop (crash-safe: the solver runs in this
    /// process under a restarting manager, or in fork children with --fork).
    Libafl,
    /// The simple generate-run-judge loop, the baseline (no LibAFL options).
    Plain,
}

/// The fuzz loop and the flags that steer the LibAFL loop.
#[derive(clap::Args, Debug)]
struct EngineArgs {
    /// The loop.
    #[arg(long, value_enum, default_value_t = EngineName::Libafl)]
    engine: EngineName,
    #[command(flatten)]
    steering: SteeringArgs,
}

impl FuzzArgs {
    /// The high-level config; refuses LibAFL options with `--engine plain`.
    fn validate(self) -> Result<FuzzConfig> {
        let e = self.engine;
        let engine = match e.engine {
            EngineName::Plain => {
                let given = e.steering.given();
                if !given.is_empty() {
                    bail!(
                        "--engine plain does not take {}: {} only for the LibAFL loop \
                         (--engine libafl, the default)",
                        given.join(", "),
                        if given.len() == 1 {
                            "it is"
                        } else {
                            "they are"
                        }
                    );
                }
                Engine::Plain
            }
            EngineName::Libafl => Engine::Libafl(e.steering),
        };
        Ok(FuzzConfig {
            solver: self.solver.spec(),
            // Throughput matters more than patience when fuzzing.
            timeout: self.solver.timeout.unwrap_or(Duration::from_secs(2)),
            time: self.time,
            max_execs: self.max_execs,
            seed: self.seed,
            out: self.out,
            pool: self.pool,
            progress: Duration::from_secs_f64(self.progress),
            engine,
            theory: self.theory,
        })
    }
}

/// An outcome as an exit code, saying why when nothing was judged.
fn exit_code(outcome: &Outcome) -> ExitCode {
    if let Outcome::NothingJudged(why) = outcome {
        eprintln!("error: {why}");
    }
    ExitCode::from(outcome.exit_code())
}

fn run_command(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Generate {
            out,
            pool,
            limit,
            seed,
        } => {
            let cfg = GenerateConfig {
                out: out.clone(),
                pool: pool.constants(),
                limit: limit.map(|l| usize::try_from(l).unwrap_or(usize::MAX)),
                seed,
            };
            let s = generate(&cfg).with_context(|| format!("cannot write to {}", out.display()))?;
            println!("{s}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Export {
            out,
            force,
            append,
            count,
            seed,
            category,
            pool,
            depth,
            operators,
            patterns,
            theory,
        } => {
            let cfg = ExportConfig {
                out,
                existing: match (force, append) {
                    (true, _) => Existing::Replace,
                    (_, true) => Existing::Append,
                    _ => Existing::Refuse,
                },
                count,
                seed,
                categories: if category.is_empty() {
                    Category::defaults(theory, count.is_some())
                } else {
                    category
                },
                pool: pool.constants(),
                synthesis_pool: pool.term_synthesis(),
                depth: depth as usize,
                operators,
                patterns: patterns.variants(),
                theory,
            };
            let s = export(&cfg).map_err(anyhow::Error::msg)?;
            println!("{s}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Run {
            files,
            solver,
            jsonl,
            repeat,
        } => {
            let cfg = RunConfig {
                files,
                solver: solver.spec(),
                timeout: solver.timeout(),
                jsonl,
                repeat: usize::from(repeat),
            };
            Ok(ExitCode::from(run::execute(&cfg)?.exit_code()))
        }
        Command::Fuzz(args) => {
            let cfg = args.validate()?;
            Ok(exit_code(&fuzz_command(&cfg)?))
        }
        Command::Triage(t) => t.run(),
    }
}

/// An error and its causes on one line, each said once: a cause whose
/// text its parent already quotes is not repeated.
fn message(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let said = cause.to_string();
        if text.contains(&said) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&said);
    }
    text
}

fn main() -> ExitCode {
    // The library reports findings and restarts through `tracing`; a user
    // reads them on stderr as plain lines.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .without_time()
        .with_target(false)
        .with_level(false)
        .with_max_level(tracing::Level::INFO)
        .init();
    match run_command(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", message(&e));
            ExitCode::from(2)
        }
    }
}
