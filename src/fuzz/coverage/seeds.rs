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

use crate::triage::{files_under, read_case};
use crate::truth::Case;

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
