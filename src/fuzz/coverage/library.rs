//! Where an instrumented libz3 is, and whether the loaded one is.
//!
//! `scripts/build-z3.sh` installs into
//! `$EQUIFUZZ_CACHE` (default `$XDG_CACHE_HOME/equifuzz`, else
//! `~/.cache/equifuzz`, found with the `dirs` crate) as `z3/<version>-<scope>/lib/libz3.so`. The fuzzer
//! takes the newest such library when no `--solver-lib` is given.
//!
//! # Invariants
//!
//! - A library counts as instrumented only if loading it registered
//!   sancov guards with libafl_targets (`MAX_EDGES_FOUND > 0`): a name or a
//!   folder proves nothing.

use std::path::{Path, PathBuf};

/// The cache folder of instrumented builds.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("EQUIFUZZ_CACHE") {
        return Some(PathBuf::from(p));
    }
    // `$XDG_CACHE_HOME` if absolute, else `~/.cache` (the XDG rule).
    dirs::cache_dir().map(|d| d.join("equifuzz"))
}

/// The newest instrumented libz3 in `cache` (scope `theory` before `full`
/// at equal times).
pub fn find_cached(cache: &Path) -> Option<PathBuf> {
    let mut found: Vec<(std::time::SystemTime, bool, PathBuf)> =
        std::fs::read_dir(cache.join("z3"))
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let lib = e.path().join("lib/libz3.so");
                let modified = std::fs::metadata(&lib).ok()?.modified().ok()?;
                let theory = e.file_name().to_string_lossy().ends_with("-theory");
                Some((modified, theory, lib))
            })
            .collect();
    found.sort();
    found.pop().map(|(_, _, p)| p)
}

/// The number of coverage edges the loaded libraries registered.
pub fn edges_registered() -> usize {
    // SAFETY: written only by the guard-init callback, which runs inside
    // dlopen on this thread.
    unsafe { libafl_targets::MAX_EDGES_FOUND }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_cached_library_is_found() {
        let dir = std::env::temp_dir().join(format!("equifuzz-cache-{}", std::process::id()));
        assert_eq!(find_cached(&dir), None);
        for v in ["5.3.3-full", "5.3.3-theory"] {
            std::fs::create_dir_all(dir.join("z3").join(v).join("lib")).unwrap();
            std::fs::write(dir.join("z3").join(v).join("lib/libz3.so"), b"x").unwrap();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        std::fs::create_dir_all(dir.join("z3/4.0-empty")).unwrap();
        let got = find_cached(&dir).unwrap();
        assert!(
            got.ends_with("5.3.3-theory/lib/libz3.so"),
            "{}",
            got.display()
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
