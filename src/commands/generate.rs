//! `equifuzz generate`: write the step-1 and constant-assignment formulas as
//! labelled `.smt2` files.

use std::io;
use std::path::PathBuf;
use std::time::Instant;

use crate::finding::{smt2_text, write_atomically};
use crate::generate::ConstantPool;
use crate::generate::strings::{STRING_OPERATORS, step1};
use crate::term::Printer;
use crate::transform::constant_assignments;
use crate::truth::Case;

/// What `generate` writes.
#[derive(Clone, Debug)]
pub struct GenerateConfig {
    /// Output folder; `step1/` and `constant-assignment/` go under it.
    pub out: PathBuf,
    /// The constant pool.
    pub pool: ConstantPool,
    /// Stop after this many files (None: all).
    pub limit: Option<usize>,
    /// Recorded in provenance.
    pub seed: u64,
}

/// Counts per category.
#[derive(Clone, Debug, Default)]
pub struct GenerateSummary {
    /// Step-1 files written.
    pub step1: usize,
    /// Constant-assignment files written.
    pub constant_assignment: usize,
}

impl std::fmt::Display for GenerateSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "wrote {} step-1 and {} constant-assignment formulas",
            self.step1, self.constant_assignment
        )
    }
}

/// Writes the files, reporting progress on stderr every 10,000 files.
pub fn generate(cfg: &GenerateConfig) -> io::Result<GenerateSummary> {
    let printer = Printer::default();
    let mut summary = GenerateSummary::default();
    let start = Instant::now();
    let limit = cfg.limit.unwrap_or(usize::MAX);
    let write = |case: &Case, folder: &str, n: usize| -> io::Result<()> {
        let path = cfg.out.join(folder).join(format!("{folder}-{n:07}.smt2"));
        write_atomically(&path, smt2_text(case, None, &printer).as_bytes(), false)
    };
    for (n, case) in STRING_OPERATORS
        .iter()
        .filter_map(|&op| step1(op))
        .enumerate()
    {
        if summary.step1 >= limit {
            break;
        }
        write(&case, "step1", n)?;
        summary.step1 += 1;
    }
    for (n, case) in constant_assignments(&cfg.pool, cfg.seed).enumerate() {
        if summary.step1 + summary.constant_assignment >= limit {
            break;
        }
        write(&case, "constant-assignment", n)?;
        summary.constant_assignment += 1;
        if summary.constant_assignment % 10_000 == 0 {
            eprintln!(
                "generate: {} files, {:.0}/s",
                summary.step1 + summary.constant_assignment,
                (summary.step1 + summary.constant_assignment) as f64
                    / start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(summary)
}
