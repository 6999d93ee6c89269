//! The triage commands' arguments (`minimize`, `confirm`, `bisect`,
//! `diagnose`, `report`, and `triage`, which runs them all), which `main` flattens into its own enum with one line.
//! Exit codes follow the common scheme: 1 when a finding still fails, 2 on
//! bad input (a file that is not a finding, a solver that cannot be
//! opened, a bad range), 0 otherwise.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::Subcommand;

use crate::commands::bisect::{self, BisectConfig};
use crate::commands::confirm::{self, ConfirmConfig};
use crate::commands::minimize::{self, MinimizeConfig};
use crate::execute::open::SolverSpec;
use crate::triage::KnownBugs;
use crate::triage::campaign::{self as triage, TriageConfig, TriageSummary};
use crate::triage::minimize::finding::CheckResult;
use crate::triage::report::{self, BucketStatus};

/// The triage subcommands.
#[derive(Subcommand, Debug)]
pub enum TriageCommand {
    /// Shrink a finding (or every finding under a folder) while the solver
    /// still fails the same way and the truth stays valid.
    Minimize {
        /// A finding file, or a campaign's output folder.
        path: PathBuf,
        /// Output file (for a file; default FILE.min.smt2) or folder (for a
        /// folder; default DIR/minimized).
        #[arg(long)]
        out: Option<PathBuf>,
        /// At most this many solver calls per finding.
        #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
        max_tests: u64,
        /// Only judge CANDIDATE with the finding's truth: exit 0 if it fails
        /// the same way with the truth valid, 1 if not (a failure test for
        /// other reducers such as ddSMT).
        #[arg(long, value_name = "CANDIDATE")]
        check: Option<PathBuf>,
    },
    /// Replay findings: reproducible, with other seeds, on other solvers;
    /// mark each confirmed, suspect or flaky (nothing is deleted).
    Confirm {
        /// A finding file, or a campaign's output folder (marks go to
        /// DIR/confirm.jsonl).
        path: PathBuf,
        /// Another solver to judge each finding on (repeatable): `z3:LIBZ3`,
        /// `cvc5:LIBCVC5`, or a --target value such as `cvc5`.
        #[arg(long, value_name = "TARGET", value_parser = with_value)]
        with: Vec<SolverSpec>,
        /// Replays per finding on its own solver.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=100))]
        repeat: u64,
        /// Other solver random seeds to try.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(0..=100))]
        seeds: u64,
    },
    /// The Z3 releases (from scripts/install-solvers.sh) that fail on a
    /// finding: last good, first bad, and whether the newest still fails.
    Bisect {
        /// A finding file, or a campaign's output folder (one finding per
        /// bucket; results go to DIR/bisect.jsonl).
        path: PathBuf,
        /// The releases, FROM..TO (`latest` for the newest in the cache).
        #[arg(long, default_value = "4.8.5..latest")]
        releases: String,
        /// The release cache (default ~/.cache/equifuzz/solvers).
        #[arg(long)]
        cache: Option<PathBuf>,
        /// Judge every release of the range instead of halving (for a bug
        /// that comes and goes).
        #[arg(long)]
        every: bool,
    },
    /// Replay findings with the solver's own self-checks on (Z3's
    /// model_validate, smt.core.validate, smt.seq.validate, proof; cvc5's
    /// check-models, check-unsat-cores, check-proofs: those that fit the
    /// failure) and print what the solver said under each: evidence that
    /// points at a component, never a verdict. Exit 1 when a check flags a
    /// failure, 0 when none does.
    Diagnose {
        /// A finding file, or a campaign's output folder (results go to
        /// DIR/diagnose.jsonl).
        path: PathBuf,
    },
    /// Write DIR/report.md: the campaign's table, plots, and one section per
    /// bucket with its minimal formula, release range and an issue text.
    Report {
        /// A campaign's output folder.
        dir: PathBuf,
        /// Bugs already filed, one a line: bucket ids, one-line formulas,
        /// `crash FILE [ABORT]` (a crash family) or `settings KEY=VALUE...`.
        #[arg(long, value_name = "FILE")]
        known: Option<PathBuf>,
    },
    /// From findings to a short list of bugs in one command: per bucket,
    /// minimize, confirm, bisect and diagnose (the solver's own
    /// self-checks) a finding, then write DIR/report.md,
    /// each bucket marked new (the newest Z3 release still fails) or fixed
    /// in a release. Resumable: run it again after an interrupt. Exit 1
    /// when a bucket is new and not known, 0 when none is, 2 on bad input
    /// or an interrupt.
    Triage {
        /// A campaign's output folder.
        dir: PathBuf,
        /// Another solver to confirm each finding on (repeatable): `z3:LIBZ3`,
        /// `cvc5:LIBCVC5`, or a --target value such as `cvc5`.
        #[arg(long, value_name = "TARGET", value_parser = with_value)]
        with: Vec<SolverSpec>,
        /// Bugs already filed, one a line: bucket ids, one-line formulas,
        /// `crash FILE [ABORT]` (a crash family) or `settings KEY=VALUE...`.
        #[arg(long, value_name = "FILE")]
        known: Option<PathBuf>,
        /// Findings taken per bucket.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100))]
        per_bucket: u64,
        /// At most this many solver calls per minimization.
        #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
        max_tests: u64,
        /// The Z3 releases to bisect over, FROM..TO (`latest`: the newest in
        /// the cache, which decides new or fixed).
        #[arg(long, default_value = "4.8.5..latest")]
        releases: String,
        /// The release cache (default ~/.cache/equifuzz/solvers).
        #[arg(long)]
        cache: Option<PathBuf>,
        /// Findings worked on at once, each in a process of its own
        /// (default: the cores this process may use).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
        jobs: Option<u64>,
    },
}

fn with_value(text: &str) -> Result<SolverSpec, String> {
    confirm::parse_with(text)
}

impl TriageCommand {
    /// Runs the command; its exit code.
    pub fn run(self) -> Result<ExitCode> {
        match self {
            TriageCommand::Minimize {
                path,
                out,
                max_tests,
                check,
            } => {
                if let Some(candidate) = check {
                    let found = crate::triage::minimize::finding::check(&path, &candidate)
                        .map_err(|e| anyhow!(e))?;
                    let c = candidate.display();
                    return Ok(match found {
                        CheckResult::Same { nodes } => {
                            println!("{c}: fails the same way, truth valid, {nodes} AST nodes");
                            ExitCode::SUCCESS
                        }
                        CheckResult::BadLabel(why) => {
                            println!("{c}: the finding's truth does not hold: {why}");
                            ExitCode::from(1)
                        }
                        CheckResult::Other(v) => {
                            println!("{c}: truth valid, but the solver gives: {v}");
                            ExitCode::from(1)
                        }
                    });
                }
                let cfg = MinimizeConfig {
                    path,
                    out,
                    max_tests: usize::try_from(max_tests).unwrap_or(usize::MAX),
                    check: None,
                };
                let results = minimize::execute(&cfg).map_err(|e| anyhow!(e))?;
                if results.is_empty() {
                    return Err(anyhow!("no finding could be minimized"));
                }
                Ok(ExitCode::from(1))
            }
            TriageCommand::Confirm {
                path,
                with,
                repeat,
                seeds,
            } => {
                let cfg = ConfirmConfig {
                    path,
                    with,
                    repeat: repeat as usize,
                    seeds: seeds as usize,
                };
                let marks = confirm::execute(&cfg).map_err(|e| anyhow!(e))?;
                let real = marks
                    .iter()
                    .any(|c| c.mark != crate::triage::confirm::Mark::NotReproduced);
                Ok(ExitCode::from(if real { 1 } else { 0 }))
            }
            TriageCommand::Bisect {
                path,
                releases,
                cache,
                every,
            } => {
                let cfg = BisectConfig {
                    path,
                    releases,
                    cache,
                    every,
                };
                bisect::execute(&cfg).map_err(|e| anyhow!(e))?;
                Ok(ExitCode::SUCCESS)
            }
            TriageCommand::Triage {
                dir,
                with,
                known,
                per_bucket,
                max_tests,
                releases,
                cache,
                jobs,
            } => {
                let jobs = jobs.map_or_else(
                    || std::thread::available_parallelism().map_or(1, usize::from),
                    |j| j as usize,
                );
                let cfg = TriageConfig {
                    dir,
                    with,
                    known,
                    per_bucket: per_bucket as usize,
                    max_tests: usize::try_from(max_tests).unwrap_or(usize::MAX),
                    repeat: 3,
                    seeds: 2,
                    releases,
                    cache,
                    jobs,
                };
                let s = triage::execute(&cfg).map_err(|e| anyhow!(e))?;
                print_summary(&s);
                Ok(ExitCode::from(
                    if !s.left.is_empty() || (s.ran == 0 && s.resumed == 0) {
                        2
                    } else if s.has_new() {
                        1
                    } else {
                        0
                    },
                ))
            }
            TriageCommand::Diagnose { path } => {
                let ds = crate::commands::diagnose::execute(&path).map_err(|e| anyhow!(e))?;
                let flagged = ds.iter().any(|d| d.flagged().next().is_some());
                Ok(ExitCode::from(u8::from(flagged)))
            }
            TriageCommand::Report { dir, known } => {
                let known = match known {
                    Some(p) => KnownBugs::read(&p).map_err(|e| anyhow!(e))?,
                    None => KnownBugs::default(),
                };
                let s = report::execute_with(&dir, &known).map_err(|e| anyhow!(e))?;
                println!(
                    "{}: {} findings in {} buckets{}",
                    s.report.display(),
                    s.findings,
                    s.buckets,
                    s.plot
                        .map(|p| format!("; plot {}", p.display()))
                        .unwrap_or_default()
                );
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}

/// Prints what `triage` did: one line per bucket, then what failed or is
/// left.
pub fn print_summary(s: &TriageSummary) {
    for (id, key, status, findings) in &s.report.statuses {
        let shown = match status {
            BucketStatus::New(_) => "NEW".to_string(),
            BucketStatus::FixedIn(v) => format!("fixed in {v}"),
            BucketStatus::Known => "known".to_string(),
            BucketStatus::Retired(last, ..) => format!("retired after {last}"),
            BucketStatus::Undecided(_) => "undecided".to_string(),
            BucketStatus::NotReproduced(_) => "not reproduced".to_string(),
        };
        println!("{id}  {shown:<18} {key} ({findings} findings)");
    }
    println!(
        "{}: {} defects in {} buckets; {} steps run, {} done by an earlier run, {} failed",
        s.report.report.display(),
        s.report.defects,
        s.report.buckets,
        s.ran,
        s.resumed,
        s.failed.len()
    );
    for f in &s.failed {
        println!("  failed: {f}");
    }
    if !s.left.is_empty() {
        println!(
            "interrupted: {} steps left ({}); run the same command again to resume",
            s.left.len(),
            s.left.join(", ")
        );
    }
}
