//! `equifuzz export`: sat/unsat-labelled `.smt2` files for benchmark
//! curators, with a JSON-lines manifest.
//!
//! Each file carries `(set-info :status sat|unsat)`, the model as
//! `define-fun`s in a comment block (sat) or the expected unique minimal core
//! in a comment (unsat), and the queries (`get-value` / `get-unsat-core`)
//! that let `equifuzz run` check a solver on it. `manifest.jsonl` has one
//! line per file: file, status, category, patterns, transformation chain,
//! operators.
//!
//! The categories are those of the ICSE 2020 paper (operation, constant
//! assignment, term synthesis; equivalent formula, larger core, noise — each
//! unsat one without and with patterns) plus `random`, an endless mix of
//! random sat and unsat cases. Everything streams: memory stays flat however
//! many files are written.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::generate::{
    ConstantPool, MixedCaseGenerator, STRING_OPERATORS, equivalent_formula_cases,
    equivalent_formulas, step1,
};
use crate::term::{Op, Printer, Term};
use crate::transform::{
    PAPER_OPERATORS, constant_assignments_with, larger_core_cases, noise_cases,
    term_synthesis_cases, term_synthesis_cases_with,
};
use crate::triage::{smt2_text, write_atomically};
use crate::truth::{Case, Status};

/// A family of generated formulas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// Step-1 sat formulas: one operator, every argument a variable.
    Operation,
    /// Constant assignment over the pool, exhaustive.
    ConstantAssignment,
    /// Term synthesis (depth 1: exhaustive; deeper: sampled, endless).
    TermSynthesis,
    /// Step-1 unsat formulas from Table 2's equivalences.
    EquivalentFormula,
    /// Unsat formulas with larger cores (variable and constant replacement).
    LargerCore,
    /// Unsat formulas with noise (cores unchanged).
    Noise,
    /// An endless random mix of sat and unsat cases.
    Random,
}

impl Category {
    /// Every category, in export order.
    pub const ALL: &'static [Category] = &[
        Category::Operation,
        Category::ConstantAssignment,
        Category::TermSynthesis,
        Category::EquivalentFormula,
        Category::LargerCore,
        Category::Noise,
        Category::Random,
    ];

    /// The paper's six categories (everything but `random`).
    pub const PAPER: &'static [Category] = &[
        Category::Operation,
        Category::ConstantAssignment,
        Category::TermSynthesis,
        Category::EquivalentFormula,
        Category::LargerCore,
        Category::Noise,
    ];

    /// The name used on the command line, in folder names and the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Category::Operation => "operation",
            Category::ConstantAssignment => "constant-assignment",
            Category::TermSynthesis => "term-synthesis",
            Category::EquivalentFormula => "equivalent-formula",
            Category::LargerCore => "larger-core",
            Category::Noise => "noise",
            Category::Random => "random",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Category {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Category::ALL
            .iter()
            .copied()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Category::ALL.iter().map(|c| c.name()).collect();
                format!(
                    "unknown category `{s}` (expected one of: {})",
                    names.join(", ")
                )
            })
    }
}

/// Which operators the sat categories cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operators {
    /// The paper's twelve.
    Paper,
    /// Every non-regex operator of the strings theory.
    All,
}

/// What `export` writes.
#[derive(Clone, Debug)]
pub struct ExportConfig {
    /// Output folder.
    pub out: PathBuf,
    /// Stop after this many files (required for endless categories).
    pub count: Option<u64>,
    /// The seed of every random choice.
    pub seed: u64,
    /// Categories, in order.
    pub categories: Vec<Category>,
    /// The constant pool of constant assignment and random cases.
    pub pool: ConstantPool,
    /// The constant pool of term synthesis (the paper's artifact used a
    /// smaller one).
    pub synthesis_pool: ConstantPool,
    /// Term synthesis depth.
    pub depth: usize,
    /// Operators of the sat categories.
    pub operators: Operators,
    /// Unsat categories without patterns, with, or both (the paper: both).
    pub patterns: Vec<bool>,
}

/// One manifest line.
#[derive(Serialize)]
struct ManifestEntry<'a> {
    file: String,
    status: Status,
    category: &'a str,
    patterns: bool,
    chain: &'a [String],
    operators: Vec<&'static str>,
}

/// What was written.
#[derive(Clone, Debug, Default)]
pub struct ExportSummary {
    /// (category, status) → files.
    pub counts: BTreeMap<(String, String), u64>,
    /// Files in all.
    pub total: u64,
    /// Seconds taken.
    pub secs: f64,
}

fn has_patterns(case: &Case) -> bool {
    let mut p = false;
    for a in &case.formula.assertions {
        a.term
            .visit(&mut |t| p |= matches!(t, Term::Quant(q) if !q.patterns.is_empty()));
    }
    p
}

/// Whether an unsat case grew from one of the paper's own Table 2 rows (its
/// provenance chain starts with the row id, `E3` or `E3+p`).
fn from_paper_row(case: &Case) -> bool {
    let Some(first) = case.provenance.chain.first() else {
        return false;
    };
    let id = first.trim_end_matches("+p");
    equivalent_formulas()
        .iter()
        .any(|r| r.id == id && r.in_paper)
}

/// The cases of one category, lazily.
fn category_cases<'a>(
    cfg: &'a ExportConfig,
    cat: Category,
) -> Result<Box<dyn Iterator<Item = Case> + 'a>, String> {
    let ops: &'static [Op] = match cfg.operators {
        Operators::Paper => PAPER_OPERATORS,
        Operators::All => STRING_OPERATORS,
    };
    let seed = cfg.seed;
    let paper = cfg.operators == Operators::Paper;
    // An unsat category: once per pattern variant, only the paper's rows
    // when its operators are asked for.
    let unsat = |cases: fn(bool, u64) -> Box<dyn Iterator<Item = Case>>| {
        Box::new(
            cfg.patterns
                .clone()
                .into_iter()
                .flat_map(move |p| cases(p, seed))
                .filter(move |c| !paper || from_paper_row(c)),
        ) as Box<dyn Iterator<Item = Case> + 'a>
    };
    Ok(match cat {
        Category::Operation => Box::new(ops.iter().filter_map(move |&op| step1(op)).map(
            move |mut c| {
                c.provenance.seed = seed;
                c.provenance.category = "operation".into();
                c
            },
        )),
        Category::ConstantAssignment => Box::new(constant_assignments_with(&cfg.pool, ops, seed)),
        Category::TermSynthesis => match (cfg.depth, cfg.operators) {
            (1, Operators::Paper) => {
                Box::new(term_synthesis_cases_with(&cfg.synthesis_pool, ops, seed))
            }
            (d, _) => Box::new(term_synthesis_cases(&cfg.synthesis_pool, d, seed)),
        },
        Category::EquivalentFormula => unsat(|p, s| Box::new(equivalent_formula_cases(p, s))),
        Category::LargerCore => unsat(|p, s| Box::new(larger_core_cases(p, s))),
        Category::Noise => unsat(|p, s| Box::new(noise_cases(p, s))),
        Category::Random => {
            let mut g = MixedCaseGenerator::new(cfg.pool.clone())
                .map_err(|e| format!("cannot build the term pool: {e}"))?
                .seed(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            Box::new(std::iter::from_fn(move || Some(g.next(&mut rng))))
        }
    })
}

/// Writes the files and the manifest, with progress on stderr.
pub fn export(cfg: &ExportConfig) -> Result<ExportSummary, String> {
    let endless = cfg
        .categories
        .iter()
        .any(|c| *c == Category::Random || (*c == Category::TermSynthesis && cfg.depth >= 2));
    if endless && cfg.count.is_none() {
        return Err("`random` and deep term synthesis are endless: give --count".into());
    }
    let io = |e: io::Error| format!("{}: {e}", cfg.out.display());
    fs::create_dir_all(&cfg.out).map_err(io)?;
    let mut manifest =
        BufWriter::new(fs::File::create(cfg.out.join("manifest.jsonl")).map_err(io)?);
    let printer = Printer::default();
    let mut summary = ExportSummary::default();
    let start = Instant::now();
    let limit = cfg.count.unwrap_or(u64::MAX);
    'categories: for &cat in &cfg.categories {
        for case in category_cases(cfg, cat)? {
            if summary.total >= limit {
                break 'categories;
            }
            let status = case.truth.status();
            let n = summary.total;
            let rel = format!("{cat}/{:03}/{cat}-{n:08}.smt2", n / 10_000);
            write_atomically(
                &cfg.out.join(&rel),
                smt2_text(&case, None, &printer).as_bytes(),
                false,
            )
            .map_err(io)?;
            let mut operators: Vec<&'static str> = Vec::new();
            for a in &case.formula.assertions {
                operators.extend(a.term.operators().into_iter().map(Op::name));
            }
            operators.sort_unstable();
            operators.dedup();
            let entry = ManifestEntry {
                file: rel,
                status,
                category: &case.provenance.category,
                patterns: has_patterns(&case),
                chain: &case.provenance.chain,
                operators,
            };
            serde_json::to_writer(&mut manifest, &entry).map_err(|e| e.to_string())?;
            manifest.write_all(b"\n").map_err(io)?;
            *summary
                .counts
                .entry((cat.name().to_string(), status.to_string()))
                .or_default() += 1;
            summary.total += 1;
            if summary.total % 50_000 == 0 {
                eprintln!(
                    "export: {} files ({:.0}/s)",
                    summary.total,
                    summary.total as f64 / start.elapsed().as_secs_f64()
                );
            }
        }
    }
    manifest.flush().map_err(io)?;
    summary.secs = start.elapsed().as_secs_f64();
    Ok(summary)
}
