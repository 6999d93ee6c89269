//! The files under a path a user names: what `run` judges and what seeds a
//! campaign.
//!
//! # Invariants
//!
//! - The order is sorted, so that runs over the same tree are reproducible.
//! - A folder that cannot be read is returned, not dropped, so the caller
//!   can say so.

use std::path::{Path, PathBuf};

/// The files under `root`, recursively and sorted (`root` itself if it is
/// not a folder), and the folders under it that could not be read.
pub fn files_under(root: &Path) -> (Vec<PathBuf>, Vec<(PathBuf, std::io::Error)>) {
    let (mut files, mut unreadable) = (Vec::new(), Vec::new());
    let mut stack = vec![root.to_path_buf()];
    while let Some(path) = stack.pop() {
        if !path.is_dir() {
            files.push(path);
            continue;
        }
        match std::fs::read_dir(&path) {
            Ok(entries) => stack.extend(entries.flatten().map(|e| e.path())),
            Err(e) => unreadable.push((path, e)),
        }
    }
    files.sort();
    (files, unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_files_come_back_sorted() {
        let dir = std::env::temp_dir().join(format!("equifuzz-walk-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("b/c")).unwrap();
        for f in ["b/c/z.smt2", "a.smt2", "b/y.txt"] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let (files, unreadable) = files_under(&dir);
        let rel: Vec<String> = files
            .iter()
            .map(|f| f.strip_prefix(&dir).unwrap().display().to_string())
            .collect();
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(rel, ["a.smt2", "b/c/z.smt2", "b/y.txt"]);
        assert!(unreadable.is_empty());
    }
}
