//! The triage commands' arguments (`minimize`, `confirm`, `bisect`,
//! `report`), which `main` flattens into its own enum with one line.
//! Exit codes follow the common scheme: 1 when a finding still fails, 2 on
//! bad input (a file that is not a finding, a solver that cannot be
//! opened, a bad range), 0 otherwise.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::Subcommand;

use crate::commands::bisect::{self, BisectConfig};
use crate::commands::confirm::{self, ConfirmConfig};
use crate::commands::minimize::{self, CheckResult, MinimizeConfig};
use crate::commands::report;
use crate::commands::solver::SolverSpec;

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
    /// Write DIR/report.md: the campaign's table, plots, and one section per
    /// bucket with its minimal formula, release range and an issue text.
    Report {
        /// A campaign's output folder.
        dir: PathBuf,
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
                    let found = minimize::check(&path, &candidate).map_err(|e| anyhow!(e))?;
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
                let real = marks.iter().any(|c| c.mark != confirm::Mark::NotReproduced);
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
            TriageCommand::Report { dir } => {
                let s = report::execute(&dir).map_err(|e| anyhow!(e))?;
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
