//! The files under a path a user names: what `run` judges and what seeds a
//! campaign.
//!
//! The walk is walkdir's: symbolic links are followed (a corpus is often a
//! folder of links), a link back to an ancestor folder is a loop that is
//! not entered, and a file reached by several paths (two links to one
//! folder) comes back once, under the first path in sorted order.
//!
//! # Invariants
//!
//! - The order is sorted, so that runs over the same tree are reproducible.
//! - Every file comes back once, whatever links lead to it; the walk ends
//!   on any tree of links.
//! - A folder that cannot be read is returned, not dropped, so the caller
//!   can say so.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

/// The files under `root`, recursively and sorted (`root` itself if it is
/// not a folder), and the folders under it that could not be read.
pub fn files_under(root: &Path) -> (Vec<PathBuf>, Vec<(PathBuf, std::io::Error)>) {
    let (mut files, mut unreadable) = (Vec::new(), Vec::new());
    let mut seen = HashSet::new();
    let walk = WalkDir::new(root)
        .follow_links(true)
        .sort_by(|a, b| a.file_name().cmp(b.file_name()));
    for entry in walk {
        match entry {
            Ok(e) if e.file_type().is_dir() => {}
            Ok(e) => {
                // The same file through another link: judged once.
                let id = std::fs::canonicalize(e.path()).unwrap_or_else(|_| e.path().into());
                if seen.insert(id) {
                    files.push(e.into_path());
                }
            }
            // A link to an ancestor: everything under it is walked anyway.
            Err(e) if e.loop_ancestor().is_some() => {}
            Err(e) => {
                let path = e.path().unwrap_or(root).to_path_buf();
                let io = e
                    .into_io_error()
                    .unwrap_or_else(|| std::io::Error::other("cannot walk"));
                unreadable.push((path, io));
            }
        }
    }
    files.sort();
    (files, unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("equifuzz-walk-{tag}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn relative(files: &[PathBuf], dir: &Path) -> Vec<String> {
        files
            .iter()
            .map(|f| f.strip_prefix(dir).unwrap().display().to_string())
            .collect()
    }

    #[test]
    fn nested_files_come_back_sorted() {
        let dir = scratch("nested");
        std::fs::create_dir_all(dir.join("b/c")).unwrap();
        for f in ["b/c/z.smt2", "a.smt2", "b/y.txt"] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let (files, unreadable) = files_under(&dir);
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(relative(&files, &dir), ["a.smt2", "b/c/z.smt2", "b/y.txt"]);
        assert!(unreadable.is_empty());
    }

    #[test]
    fn a_link_to_the_parent_is_walked_once() {
        // d/f.smt2 and d/up -> .. : the old walker judged f 41 times.
        let dir = scratch("one-link");
        std::fs::create_dir_all(dir.join("d")).unwrap();
        std::fs::write(dir.join("d/f.smt2"), "").unwrap();
        std::os::unix::fs::symlink("..", dir.join("d/up")).unwrap();
        let (files, unreadable) = files_under(&dir);
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(relative(&files, &dir), ["d/f.smt2"]);
        assert!(unreadable.is_empty(), "{unreadable:?}");
    }

    #[test]
    fn two_links_into_each_other_end_and_give_each_file_once() {
        // a/to-b -> ../b and b/to-a -> ../a: the old walker never ended
        // (and its memory grew); a linked folder's file comes back once.
        let dir = scratch("two-links");
        for d in ["a", "b"] {
            std::fs::create_dir_all(dir.join(d)).unwrap();
            std::fs::write(dir.join(d).join(format!("{d}.smt2")), "").unwrap();
        }
        std::os::unix::fs::symlink("../b", dir.join("a/to-b")).unwrap();
        std::os::unix::fs::symlink("../a", dir.join("b/to-a")).unwrap();
        std::os::unix::fs::symlink("..", dir.join("a/up")).unwrap();
        let (files, unreadable) = files_under(&dir);
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(relative(&files, &dir), ["a/a.smt2", "a/to-b/b.smt2"]);
        assert!(unreadable.is_empty(), "{unreadable:?}");
    }

    #[test]
    fn a_file_named_directly_is_its_own_walk() {
        let dir = scratch("file");
        let f = dir.join("x.smt2");
        std::fs::write(&f, "").unwrap();
        let (files, _) = files_under(&f);
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(files, [f]);
    }
}
