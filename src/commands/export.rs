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
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::finding::{files_under, smt2_text};
use crate::generate::ConstantPool;
use crate::generate::Generator;
use crate::generate::bitvec::{BvCases, BvUfCases, BvUnsat, bv_equivalent_formula_cases};
use crate::generate::combined::{CombinedSynthesis, CombinedTermSampler, CombinedUnsat, Result3_2};
use crate::generate::fp::{FpClassic, FpNonIdentity, FpSat, FpSatKind, FpUnsat};
use crate::generate::int::{IntClassic, IntSat, IntSatKind, IntUnsat};
use crate::generate::real::{RealArrays, RealClassic, RealSat, RealSatKind, RealUnsat};
use crate::generate::regex::{
    RegexConstantAssignment, RegexMembership, RegexPool, RegexTermSynthesis,
    regex_equivalent_formula_cases, regex_unsat_complex_cases, regex_unsat_constant_cases,
};
use crate::generate::seq::{SeqCases, SeqCombinedCases, SeqUnsat, seq_equivalent_formula_cases};
use crate::generate::strings::{
    STRING_OPERATORS, equivalent_formula_cases, equivalent_formulas, step1,
};
use crate::generate::uf::UfCases;
use crate::source::{MixedCaseGenerator, Theory};
use crate::term::{Op, Printer, Term};
use crate::transform::{
    PAPER_OPERATORS, constant_assignments_with, larger_core_cases, noise_cases,
    term_synthesis_cases, term_synthesis_cases_with,
};

pub use super::export_category::Category;
use crate::truth::{Case, Status};

/// Which operators the sat categories cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Operators {
    /// The paper's twelve.
    Paper,
    /// Every non-regex operator of the strings theory.
    All,
}

/// Quantifier patterns in the unsat categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Patterns {
    /// Without patterns only.
    Without,
    /// With patterns only.
    With,
    /// Both variants (the paper).
    Both,
}

impl Patterns {
    /// The variants to write, `false` (without) first.
    pub fn variants(self) -> Vec<bool> {
        match self {
            Patterns::Without => vec![false],
            Patterns::With => vec![true],
            Patterns::Both => vec![false, true],
        }
    }
}

/// What to do with an output folder that is not empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Existing {
    /// Refuse: two exports in one folder would mix their files.
    #[default]
    Refuse,
    /// Delete what an earlier export wrote (its manifest and the files
    /// named like an export's), then export.
    Replace,
    /// Extend the manifest; new files are numbered after every existing
    /// one, so no name is reused.
    Append,
}

/// What `export` writes.
#[derive(Clone, Debug)]
pub struct ExportConfig {
    /// Output folder.
    pub out: PathBuf,
    /// What to do if it is not empty.
    pub existing: Existing,
    /// Stop after this many files (required for endless categories, which
    /// share it equally).
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
    /// What is drawn; every category must belong to it.
    pub theory: Theory,
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
    /// `strings`, `regex` or `combined`: the file's own theory.
    theory: &'static str,
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

/// The table `equifuzz export` prints: files per category and status, then
/// the total and the rate.
impl fmt::Display for ExportSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:<22} {:>6} {:>9}", "category", "status", "files")?;
        for ((cat, status), n) in &self.counts {
            writeln!(f, "{cat:<22} {status:>6} {n:>9}")?;
        }
        write!(
            f,
            "wrote {} files in {:.1}s ({:.0}/s)",
            self.total,
            self.secs,
            self.total as f64 / self.secs.max(1e-9)
        )
    }
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
                .seed(seed)
                .theory(cfg.theory);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            Box::new(std::iter::from_fn(move || Some(g.next(&mut rng))))
        }
        Category::RegexMembership => {
            let g = RegexMembership::new(RegexPool::boundary_randomized(seed)).seed(seed);
            drawn(g, seed)
        }
        Category::RegexConstantAssignment => {
            let g = RegexConstantAssignment::new(RegexPool::boundary_randomized(seed)).seed(seed);
            drawn(g, seed)
        }
        Category::RegexEquivalentFormula => Box::new(regex_equivalent_formula_cases(seed)),
        Category::RegexUnsatConstant => {
            Box::new(regex_unsat_constant_cases(RegexPool::paper(), seed))
        }
        Category::RegexUnsatComplex => Box::new(regex_unsat_complex_cases(
            RegexPool::paper(),
            cfg.depth,
            COMPLEX_PER_APPLICATION,
            seed,
        )),
        Category::RegexTermSynthesis => {
            let depth = if cfg.depth >= 2 { cfg.depth } else { 3 };
            let g = RegexTermSynthesis::new(RegexPool::boundary_randomized(seed), depth).seed(seed);
            drawn(g, seed)
        }
        Category::CombinedConstantAssignment | Category::CombinedTermSynthesis => {
            let depth = match cat {
                Category::CombinedConstantAssignment => 1,
                _ if cfg.depth >= 2 => cfg.depth,
                _ => 3,
            };
            let g = CombinedSynthesis::new(RegexPool::boundary_randomized(seed), depth).seed(seed);
            drawn(g, seed)
        }
        Category::CombinedUnsatConstant | Category::CombinedUnsatComplex => {
            let result = if cat == Category::CombinedUnsatConstant {
                Result3_2::Constant
            } else {
                Result3_2::Complex
            };
            let depth = if cfg.depth >= 2 { cfg.depth } else { 3 };
            let sampler = CombinedTermSampler::new(RegexPool::boundary_randomized(seed));
            let g = CombinedUnsat::new(sampler, depth, result).seed(seed);
            drawn(g, seed)
        }
        Category::SeqOperation => drawn(SeqCases::operation().seed(seed), seed),
        Category::SeqConstantAssignment => drawn(SeqCases::constant_assignment().seed(seed), seed),
        Category::SeqTermSynthesis => {
            let depth = if cfg.depth >= 2 { cfg.depth } else { 3 };
            drawn(SeqCases::term_synthesis(depth).seed(seed), seed)
        }
        Category::SeqEquivalentFormula => Box::new(seq_equivalent_formula_cases(seed)),
        Category::SeqUnsatChain => drawn(SeqUnsat::new(4, 3).seed(seed), seed),
        Category::SeqCombinedSynthesis => drawn(SeqCombinedCases::synthesis().seed(seed), seed),
        Category::SeqCombinedUnsat => drawn(SeqCombinedCases::unsat().seed(seed), seed),
        Category::UfTermSynthesis => {
            let depth = if cfg.depth >= 2 { cfg.depth } else { 2 };
            drawn(UfCases::term_synthesis(depth).seed(seed), seed)
        }
        Category::UfCongruence => drawn(UfCases::congruence().seed(seed), seed),
        Category::UfIdentity => drawn(UfCases::identity().seed(seed), seed),
        Category::BvOperation => drawn(BvCases::operation().seed(seed), seed),
        Category::BvConstantAssignment => drawn(BvCases::constant_assignment().seed(seed), seed),
        Category::BvTermSynthesis => {
            let depth = if cfg.depth >= 2 { cfg.depth } else { 3 };
            drawn(BvCases::term_synthesis(depth).seed(seed), seed)
        }
        Category::BvEquivalentFormula => Box::new(bv_equivalent_formula_cases(seed)),
        Category::BvUnsatChain => drawn(BvUnsat::new(4, 3).seed(seed), seed),
        Category::IntLinear => drawn(IntSat::new(IntSatKind::Linear).seed(seed), seed),
        Category::IntNonlinear => drawn(IntSat::new(IntSatKind::Nonlinear).seed(seed), seed),
        Category::IntLarge => drawn(IntSat::new(IntSatKind::Large).seed(seed), seed),
        Category::IntIdentity => drawn(IntUnsat::new(3, 3).seed(seed), seed),
        Category::IntClassic => drawn(IntClassic::new(3).seed(seed), seed),
        Category::RealLinear => drawn(RealSat::new(RealSatKind::Linear).seed(seed), seed),
        Category::RealNonlinear => drawn(RealSat::new(RealSatKind::Nonlinear).seed(seed), seed),
        Category::RealMixed => drawn(RealSat::new(RealSatKind::Mixed).seed(seed), seed),
        Category::RealLarge => drawn(RealSat::new(RealSatKind::Large).seed(seed), seed),
        Category::RealArrays => drawn(RealArrays::new().seed(seed), seed),
        Category::RealIdentity => drawn(RealUnsat::new(3, 3).seed(seed), seed),
        Category::RealClassic => drawn(RealClassic::new(3).seed(seed), seed),
        Category::FpStandard => drawn(FpSat::new(FpSatKind::Standard).seed(seed), seed),
        Category::FpOdd => drawn(FpSat::new(FpSatKind::Odd).seed(seed), seed),
        Category::FpMixed => drawn(FpSat::new(FpSatKind::Mixed).seed(seed), seed),
        Category::FpNonIdentity => drawn(FpNonIdentity::new().seed(seed), seed),
        Category::FpIdentity => drawn(FpUnsat::new(3, 3).seed(seed), seed),
        Category::FpClassic => drawn(FpClassic::new(3).seed(seed), seed),
        Category::QuantSat | Category::QuantUnsat => {
            let share = if cat == Category::QuantSat { 0.0 } else { 1.0 };
            let mut g = MixedCaseGenerator::new(cfg.pool.clone())
                .map_err(|e| format!("cannot build the term pool: {e}"))?
                .seed(seed)
                .theory(Theory::Quant)
                .unsat_share(share);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            Box::new(std::iter::from_fn(move || Some(g.next(&mut rng))))
        }
        Category::BvUf => drawn(BvUfCases::any().seed(seed), seed),
    })
}

/// The endless stream of `generator`'s cases, drawn from a random
/// generator seeded with `seed`.
fn drawn<'a>(mut generator: impl Generator + 'a, seed: u64) -> Box<dyn Iterator<Item = Case> + 'a> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    Box::new(std::iter::from_fn(move || Some(generator.next(&mut rng))))
}

/// Complex results per application in `regex-unsat-complex` (the thesis
/// used up to 10; 3 keep the category near its 2.5.1 sibling's size).
const COMPLEX_PER_APPLICATION: usize = 3;

/// The manifest's name in the output folder.
pub const MANIFEST: &str = "manifest.jsonl";

/// The path, relative to the output folder, of the `n`th file written
/// there (numbered across categories and appended exports).
fn file_name(cat: Category, n: u64) -> String {
    format!("{cat}/{:03}/{cat}-{n:08}.smt2", n / 10_000)
}

/// The number of `rel` if an export names files so (see [`file_name`]),
/// temporary files of an interrupted write included (`Some(None)`).
fn export_file_number(rel: &Path) -> Option<Option<u64>> {
    let parts: Vec<&str> = rel.iter().filter_map(|p| p.to_str()).collect();
    let [cat, bucket, name] = parts.as_slice() else {
        return None;
    };
    let cat: Category = cat.parse().ok()?;
    if bucket.len() != 3 || !bucket.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if name.starts_with('.') {
        return Some(None);
    }
    let number = name
        .strip_prefix(&format!("{cat}-"))?
        .strip_suffix(".smt2")?;
    (number.len() >= 8 && number.bytes().all(|b| b.is_ascii_digit()))
        .then(|| number.parse().ok())
        .flatten()
        .map(Some)
}

/// Makes `out` ready for an export as `existing` says and returns the
/// number of the first file to write.
fn prepare_folder(out: &Path, existing: Existing) -> Result<u64, String> {
    let io = |e: io::Error| format!("{}: {e}", out.display());
    fs::create_dir_all(out).map_err(io)?;
    let empty = fs::read_dir(out).map_err(io)?.next().is_none();
    if empty {
        return Ok(0);
    }
    let (files, unreadable) = files_under(out);
    if let Some((dir, e)) = unreadable.first() {
        return Err(format!("{}: {e}", dir.display()));
    }
    let ours: Vec<(PathBuf, Option<u64>)> = files
        .into_iter()
        .filter_map(|f| {
            let rel = f.strip_prefix(out).ok()?.to_path_buf();
            if rel == Path::new(MANIFEST) {
                return Some((f, None));
            }
            export_file_number(&rel).map(|n| (f, n))
        })
        .collect();
    match existing {
        Existing::Refuse => Err(format!(
            "{} is not empty: give --force to replace what an earlier export wrote \
             there, --append to add to it, or another folder",
            out.display()
        )),
        Existing::Append => Ok(ours
            .iter()
            .filter_map(|(_, n)| *n)
            .max()
            .map_or(0, |n| n + 1)),
        Existing::Replace => {
            for (f, _) in &ours {
                fs::remove_file(f).map_err(|e| format!("{}: {e}", f.display()))?;
            }
            // The bucket and category folders an export made, if now empty
            // (a folder holding anything else stays).
            for cat in Category::ALL {
                let dir = out.join(cat.name());
                if let Ok(buckets) = fs::read_dir(&dir) {
                    for b in buckets.flatten() {
                        fs::remove_dir(b.path()).ok();
                    }
                    fs::remove_dir(&dir).ok();
                }
            }
            Ok(0)
        }
    }
}

/// A file ready to be written: its path in the output folder, its text
/// and its manifest line.
struct Ready {
    rel: String,
    text: String,
    line: Vec<u8>,
}

/// Files handed to the writer at once (one hand-over a file cost more than
/// the write on a loaded machine), and batches printed but not yet written,
/// at most: enough to keep the writer busy while the generator draws, few
/// enough to keep memory flat.
const BATCH: usize = 64;
const IN_FLIGHT: usize = 8;

/// Writes what `ready` brings, in order, each file atomically and then its
/// manifest line; returns at the first error (the generator then stops).
///
/// Atomic without a temporary file per file: each file is written to one
/// dot-named temporary of this process in its bucket folder and renamed to
/// its name, so an interrupted export leaves whole files and at most that
/// temporary (which `--force` deletes and `--append` skips), as
/// [`crate::finding::write_atomically`] would, with four system calls a file instead of
/// seven; bucket folders are made once each. Files go out before their
/// manifest lines, so the manifest never names a missing file.
fn write_files(
    out: &Path,
    ready: mpsc::Receiver<Vec<Ready>>,
    mut manifest: BufWriter<fs::File>,
) -> io::Result<()> {
    let temp_name = format!(".{}.partial", std::process::id());
    let mut bucket: Option<(PathBuf, PathBuf)> = None;
    for r in ready.into_iter().flatten() {
        let path = out.join(&r.rel);
        let dir = path.parent().unwrap_or(out);
        let temp = match &bucket {
            Some((d, t)) if d == dir => t,
            _ => {
                fs::create_dir_all(dir)?;
                &bucket.insert((dir.to_path_buf(), dir.join(&temp_name))).1
            }
        };
        fs::write(temp, r.text.as_bytes())?;
        fs::rename(temp, &path)?;
        manifest.write_all(&r.line)?;
    }
    manifest.flush()
}

/// Writes the files and the manifest, with progress on stderr.
pub fn export(cfg: &ExportConfig) -> Result<ExportSummary, String> {
    let endless = cfg.categories.iter().any(|c| c.endless(cfg.depth));
    if endless && cfg.count.is_none() {
        return Err(
            "`random`, `regex-membership`, `regex-constant-assignment`, the combined \
             categories and deep term synthesis are endless: give --count"
                .into(),
        );
    }
    if let Some(c) = cfg
        .categories
        .iter()
        .find(|c| !cfg.theory.admits(c.theory()) && c.theory() != Theory::All)
    {
        return Err(format!(
            "category `{c}` is not in --theory {}: drop one of them",
            cfg.theory
        ));
    }
    let io = |e: io::Error| format!("{}: {e}", cfg.out.display());
    let first = prepare_folder(&cfg.out, cfg.existing)?;
    let manifest_file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(cfg.out.join(MANIFEST))
        .map_err(io)?;
    let printer = Printer::default();
    let mut summary = ExportSummary::default();
    let start = Instant::now();
    let limit = cfg.count.unwrap_or(u64::MAX);
    let written = std::thread::scope(|scope| -> Result<(), String> {
        let (tx, rx) = mpsc::sync_channel::<Vec<Ready>>(IN_FLIGHT);
        let mut batch = Vec::with_capacity(BATCH);
        let writer = scope.spawn(|| write_files(&cfg.out, rx, BufWriter::new(manifest_file)));
        let mut generated = Ok(());
        // The endless categories share what the count leaves when each
        // starts, equally with the endless ones after it (the last takes
        // the rest); finite ones are written in full within the count.
        let mut endless_left = cfg
            .categories
            .iter()
            .filter(|c| c.endless(cfg.depth))
            .count() as u64;
        'categories: for &cat in &cfg.categories {
            let cap = if cat.endless(cfg.depth) {
                let share = (limit - summary.total) / endless_left.max(1);
                endless_left = endless_left.saturating_sub(1);
                summary.total + share
            } else {
                limit
            };
            let cases = match category_cases(cfg, cat) {
                Ok(cases) => cases,
                Err(e) => {
                    generated = Err(e);
                    break;
                }
            };
            for case in cases {
                if summary.total >= limit {
                    break 'categories;
                }
                if summary.total >= cap {
                    break;
                }
                let status = case.truth.status();
                let rel = file_name(cat, first + summary.total);
                let text = smt2_text(&case, None, &printer);
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
                    theory: Theory::of(&case.formula).name(),
                };
                let mut line = serde_json::to_vec(&entry).map_err(|e| e.to_string())?;
                line.push(b'\n');
                batch.push(Ready {
                    rel: entry.file,
                    text,
                    line,
                });
                // A send fails only when the writer stopped on an error,
                // which joining it reports.
                if batch.len() == BATCH
                    && tx
                        .send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)))
                        .is_err()
                {
                    break 'categories;
                }
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
        if !batch.is_empty() {
            // As above: an error here is the writer's, reported below.
            let _ = tx.send(batch);
        }
        drop(tx);
        let wrote = writer
            .join()
            .map_err(|_| "export: the writer thread panicked".to_string())?;
        wrote.map_err(io)?;
        generated
    });
    written?;
    summary.secs = start.elapsed().as_secs_f64();
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ready(rel: &str, text: &str) -> Ready {
        Ready {
            rel: rel.to_string(),
            text: text.to_string(),
            line: format!("{{\"file\":\"{rel}\"}}\n").into_bytes(),
        }
    }

    /// The writer puts each file under its name (bucket folders made as
    /// needed), in order, with its manifest line, and leaves no temporary
    /// behind; an interrupted export's temporary (a dot name in a bucket)
    /// is what `--force` deletes and `--append` numbers past.
    #[test]
    fn files_land_whole_and_temporaries_are_an_exports_own() {
        let out = tempfile::tempdir().unwrap();
        let manifest = fs::File::create(out.path().join(MANIFEST)).unwrap();
        let (tx, rx) = mpsc::sync_channel(2);
        let names = [
            file_name(Category::RegexMembership, 9_999),
            file_name(Category::RegexMembership, 10_000),
        ];
        tx.send(vec![ready(&names[0], "(check-sat)\n")]).unwrap();
        tx.send(vec![ready(&names[1], "(check-sat)\n(exit)\n")])
            .unwrap();
        drop(tx);
        write_files(out.path(), rx, BufWriter::new(manifest)).unwrap();
        let (files, _) = files_under(out.path());
        let mut rel: Vec<PathBuf> = files
            .iter()
            .map(|f| f.strip_prefix(out.path()).unwrap().to_path_buf())
            .collect();
        rel.sort();
        let mut expected: Vec<PathBuf> = names.iter().map(PathBuf::from).collect();
        expected.push(PathBuf::from(MANIFEST));
        expected.sort();
        assert_eq!(rel, expected);
        assert_eq!(
            fs::read_to_string(out.path().join(&names[1])).unwrap(),
            "(check-sat)\n(exit)\n"
        );
        let lines = fs::read_to_string(out.path().join(MANIFEST)).unwrap();
        assert_eq!(lines.lines().count(), 2);
        assert!(lines.starts_with(&format!("{{\"file\":\"{}\"}}", names[0])));

        // A temporary of an interrupted export.
        let stale = out.path().join("regex-membership/001/.4242.partial");
        fs::write(&stale, "(assert").unwrap();
        assert_eq!(
            export_file_number(stale.strip_prefix(out.path()).unwrap()),
            Some(None)
        );
        assert_eq!(prepare_folder(out.path(), Existing::Append), Ok(10_001));
        assert_eq!(prepare_folder(out.path(), Existing::Replace), Ok(0));
        assert!(!stale.exists());
        assert!(files_under(out.path()).0.is_empty());
    }
}
