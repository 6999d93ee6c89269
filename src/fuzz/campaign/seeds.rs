//! The seed folders of a campaign: `.postcard` cases (as the fuzzer and
//! `export` write them) and labelled `.smt2` files (exported files,
//! findings, the hand-written seeds under the repository's `corpus/`).
//!
//! # Invariants
//!
//! - Only cases whose truth checks enter the corpus (a sat case's model
//!   satisfies it under our semantics; an unsat case names its core); every
//!   other file is skipped with its reason, so a bad seed can never become a
//!   false alarm.
//! - Files are read in sorted order, so a campaign's start is reproducible.

use std::path::{Path, PathBuf};

use super::config::CampaignConfig;
use super::{CampaignError, State};
use crate::finding::{files_under, read_case};
use crate::fuzz::mutate::transformation::CaseGenerator;
use crate::fuzz::stats::CampaignStats;
use crate::source::{MixedCaseGenerator, Theory};
use crate::truth::Case;
use libafl::HasMetadata;
use libafl::corpus::Corpus;
use libafl::events::EventFirer;
use libafl::state::HasCorpus;

/// Seeds read from folders, and the files refused with why.
#[derive(Debug, Default)]
pub struct Seeds {
    /// Cases whose truth checks.
    pub cases: Vec<Case>,
    /// Files that are not usable seeds, with the reason.
    pub skipped: Vec<(PathBuf, String)>,
}

/// One file's case, or why it is none. Files other than `.postcard`,
/// `.smt2` and the extension-less postcard files of a campaign's `corpus/`
/// are ignored (`None`), so a folder may hold a README; so are hidden
/// files (LibAFL's lock and metadata files).
fn read_one(path: &Path) -> Option<Result<Case, String>> {
    let name = path.file_name()?.to_str()?;
    if name.starts_with('.') {
        return None;
    }
    let ext = path.extension().map_or(Some("postcard"), |e| e.to_str())?;
    let read = || std::fs::read(path).map_err(|e| e.to_string());
    Some(match ext {
        "postcard" => read().and_then(|bytes| {
            let case: Case =
                postcard::from_bytes(&bytes).map_err(|e| format!("not a postcard case: {e}"))?;
            case.check()
                .map_err(|e| format!("the truth does not hold: {e}"))?;
            Ok(case)
        }),
        "smt2" => read().and_then(|bytes| {
            let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            read_case(&text, &format!("seed:{}", stem.unwrap_or_default()))
                .map_err(|e| e.to_string())
        }),
        _ => return None,
    })
}

/// Reads every `.postcard` and `.smt2` file under `dirs` (recursively; a
/// path may also name one file).
pub fn read_seeds(dirs: &[PathBuf]) -> Seeds {
    let mut seeds = Seeds::default();
    for dir in dirs {
        let (files, unreadable) = files_under(dir);
        seeds
            .skipped
            .extend(unreadable.into_iter().map(|(d, e)| (d, e.to_string())));
        for p in files {
            match read_one(&p) {
                Some(Ok(case)) => seeds.cases.push(case),
                Some(Err(why)) => seeds.skipped.push((p, why)),
                None => {}
            }
        }
    }
    seeds
}

/// How many generated cases start an empty corpus.
pub const INITIAL_CASES: usize = 16;

/// Skipped seed files named one by one before the rest are only counted.
const MAX_SKIPPED_SHOWN: usize = 10;

/// Fills a new campaign's corpus: the corpus left by an earlier run on the
/// same folder, then the seed folders (cases not already there), then, for
/// a campaign not resumed or still empty, generated cases.
/// A restarted client (`fresh` false) whose corpus is still empty (its
/// first cases crashed) only generates.
pub(super) fn seed_corpus<E, EM, Z>(
    fresh: bool,
    cfg: &CampaignConfig,
    state: &mut State,
    fuzzer: &mut Z,
    executor: &mut E,
    mgr: &mut EM,
    generator: MixedCaseGenerator,
) -> Result<(), CampaignError>
where
    EM: EventFirer<Case, State>,
    Z: libafl::fuzzer::Evaluator<E, EM, Case, State>,
{
    let old = cfg.out.join("corpus");
    let resumed = fresh && has_files(&old);
    if resumed {
        state.load_initial_inputs_forced(fuzzer, executor, mgr, &[old])?;
        eprintln!(
            "resumed: {} cases from {}/corpus",
            state.corpus().count(),
            cfg.out.display()
        );
    }
    let seeds = if fresh {
        read_seeds(&cfg.steering.seeds)
    } else {
        Seeds::default()
    };
    if !cfg.steering.seeds.is_empty() && fresh {
        let shown: Vec<String> = cfg
            .steering
            .seeds
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        eprintln!(
            "seeds: {} cases from {} ({} files skipped)",
            seeds.cases.len(),
            shown.join(", "),
            seeds.skipped.len()
        );
        for (path, why) in seeds.skipped.iter().take(MAX_SKIPPED_SHOWN) {
            eprintln!("  skipped {}: {why}", path.display());
        }
        if seeds.skipped.len() > MAX_SKIPPED_SHOWN {
            eprintln!("  ... and {} more", seeds.skipped.len() - MAX_SKIPPED_SHOWN);
        }
    }
    // A resumed campaign already holds the seeds it started with.
    let mut known = std::collections::HashSet::new();
    for id in state.corpus().ids().collect::<Vec<_>>() {
        if let Ok(case) = state.corpus().cloned_input_for_id(id) {
            known.insert(case);
        }
    }
    // `--time` bounds the seeding too: each seed is a solver call of up to
    // the query timeout, and twenty of them outlast a short campaign.
    let time_up = |state: &State| {
        cfg.time.is_some_and(|t| {
            state
                .metadata::<CampaignStats>()
                .is_ok_and(|s| s.wall_secs() >= t.as_secs_f64())
        })
    };
    for case in seeds.cases {
        if time_up(state) {
            break;
        }
        if !cfg.theory.admits(Theory::of(&case.formula)) {
            continue;
        }
        if !known.contains(&case) {
            fuzzer.add_input(state, executor, mgr, case)?;
        }
    }
    // A new campaign starts from generated cases beside the seeds: the
    // seeds are few and hand-picked, the generators cover every operator.
    // One is always drawn, so that a campaign never starts empty.
    if state.corpus().count() == 0 || (fresh && !resumed) {
        let n = cfg
            .max_execs
            .map_or(INITIAL_CASES, |m| (m as usize).clamp(1, INITIAL_CASES));
        let mut generator = CaseGenerator(generator);
        for i in 0..n {
            if i > 0 && time_up(state) {
                break;
            }
            state.generate_initial_inputs_forced(fuzzer, executor, &mut generator, mgr, 1)?;
        }
    }
    Ok(())
}

fn has_files(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|mut d| {
        d.any(|e| e.is_ok_and(|e| !e.file_name().to_string_lossy().starts_with('.')))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_corpus_seeds_with_checked_truth() {
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        let seeds = read_seeds(&[corpus]);
        assert!(seeds.skipped.is_empty(), "{:?}", seeds.skipped);
        assert!(seeds.cases.len() >= 4, "{}", seeds.cases.len());
        assert!(
            seeds
                .cases
                .iter()
                .any(|c| c.truth.status() == crate::truth::Status::Unsat)
        );
    }

    #[test]
    fn a_campaign_corpus_seeds_another() {
        use crate::generate::ConstantPool;
        use crate::source::MixedCaseGenerator;
        use rand::SeedableRng;
        let dir = std::env::temp_dir().join(format!("equifuzz-seeds-c-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut g = MixedCaseGenerator::new(ConstantPool::paper()).unwrap();
        let case = g.next(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
        // As LibAFL's on-disk corpus names them: a hash, no extension.
        std::fs::write(
            dir.join("00ab12cd34ef5678"),
            postcard::to_allocvec(&case).unwrap(),
        )
        .unwrap();
        let seeds = read_seeds(std::slice::from_ref(&dir));
        std::fs::remove_dir_all(&dir).ok();
        assert!(seeds.skipped.is_empty(), "{:?}", seeds.skipped);
        assert_eq!(seeds.cases, vec![case]);
    }

    #[test]
    fn bad_files_are_skipped_with_a_reason() {
        let dir = std::env::temp_dir().join(format!("equifuzz-seeds-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.smt2"), "(declare-fun s () String)").unwrap();
        std::fs::write(dir.join("b.postcard"), [1, 2, 3]).unwrap();
        std::fs::write(dir.join("notes.txt"), "ignored").unwrap();
        std::fs::write(dir.join(".0123abcd.lafl_lock"), "ignored").unwrap();
        let seeds = read_seeds(std::slice::from_ref(&dir));
        std::fs::remove_dir_all(&dir).ok();
        assert!(seeds.cases.is_empty());
        let reasons: Vec<&str> = seeds.skipped.iter().map(|(_, r)| r.as_str()).collect();
        assert_eq!(reasons.len(), 2, "{reasons:?}");
        assert!(reasons[0].contains("status"), "{reasons:?}");
        assert!(reasons[1].contains("postcard"), "{reasons:?}");
    }
}
