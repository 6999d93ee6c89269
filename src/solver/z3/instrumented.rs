//! Where the instrumented libz3 builds are, and which one a campaign takes.
//!
//! `scripts/build-z3.sh` installs into
//! `$EQUIFUZZ_CACHE` (default `$XDG_CACHE_HOME/equifuzz`, else
//! `~/.cache/equifuzz`, found with the `dirs` crate) as `z3/<version>-<scope>/lib/libz3.so`. The fuzzer
//! takes the newest release among them when no `--solver-lib` is given:
//! the highest version, not the latest build, so that building an old
//! release to study its bugs (4.8.5 after 5.4.1) does not change what the
//! plain `fuzz --target z3` fuzzes.
//!
//! Whether a loaded library is instrumented is not told here: only the
//! fuzzer's coverage maps can (`fuzz::campaign::maps::edges_registered`);
//! a name or a folder proves nothing.

use std::path::{Path, PathBuf};

/// The cache folder of instrumented builds.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("EQUIFUZZ_CACHE") {
        return Some(PathBuf::from(p));
    }
    // `$XDG_CACHE_HOME` if absolute, else `~/.cache` (the XDG rule).
    dirs::cache_dir().map(|d| d.join("equifuzz"))
}

/// The instrumented libz3 of the highest Z3 version in `cache` (scope
/// `theory` before `full` for one version, then the latest build). A
/// `-cmp` build (`build-z3.sh --trace-cmp`) runs a callback on every
/// comparison and is slower: it ranks below the plain theory build of its
/// version, and `fuzz --value-profile` takes it with `--solver-lib`.
pub fn find_cached(cache: &Path) -> Option<PathBuf> {
    type Key = (Vec<u64>, bool, std::time::SystemTime);
    let mut found: Vec<(Key, PathBuf)> = std::fs::read_dir(cache.join("z3"))
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let lib = e.path().join("lib/libz3.so");
            let modified = std::fs::metadata(&lib).ok()?.modified().ok()?;
            let name = e.file_name().to_string_lossy().into_owned();
            let theory = name.ends_with("-theory");
            Some(((release_of(&name), theory, modified), lib))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, p)| p)
}

/// The version numbers a cache folder's name starts with:
/// `4.8.14.0-theory` is `[4, 8, 14, 0]`, `4.8.5-checkout-theory` is
/// `[4, 8, 5]`; a name without one sorts first.
fn release_of(folder: &str) -> Vec<u64> {
    folder
        .split('-')
        .next()
        .unwrap_or("")
        .split('.')
        .map_while(|n| n.parse().ok())
        .collect()
}

/// Whether the library at `path` calls the trace-cmp callbacks
/// (`__sanitizer_cov_trace_cmp*`, built with `build-z3.sh --trace-cmp`):
/// their names are in its dynamic string table. An unreadable file has none.
pub fn has_trace_cmp(path: &Path) -> bool {
    const NAME: &[u8] = b"__sanitizer_cov_trace_cmp";
    std::fs::read(path).is_ok_and(|bytes| bytes.windows(NAME.len()).any(|w| w == NAME))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_cmp_is_told_by_the_callbacks_a_library_imports() {
        let dir = std::env::temp_dir().join(format!("equifuzz-tracecmp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let with = dir.join("with.so");
        let without = dir.join("without.so");
        std::fs::write(
            &with,
            b"\x7fELF..__sanitizer_cov_trace_pc_guard\0__sanitizer_cov_trace_cmp4\0",
        )
        .unwrap();
        std::fs::write(&without, b"\x7fELF..__sanitizer_cov_trace_pc_guard\0").unwrap();
        assert!(has_trace_cmp(&with));
        assert!(!has_trace_cmp(&without));
        assert!(!has_trace_cmp(&dir.join("missing.so")));
        // The real thing, when this machine has one of each.
        if let Some(cache) = cache_dir() {
            for (folder, expected) in [("5.3.3-theory-cmp", true), ("5.3.3-theory", false)] {
                let lib = cache.join("z3").join(folder).join("lib/libz3.so");
                if lib.exists() {
                    assert_eq!(has_trace_cmp(&lib), expected, "{}", lib.display());
                } else {
                    eprintln!("SKIPPED: trace_cmp on a real build: no {}", lib.display());
                }
            }
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_highest_release_wins_over_the_latest_build() {
        let dir = std::env::temp_dir().join(format!("equifuzz-release-{}", std::process::id()));
        for v in ["4.8.14.0-theory", "5.4.1.0-theory", "4.8.5-checkout-theory"] {
            std::fs::create_dir_all(dir.join("z3").join(v).join("lib")).unwrap();
            std::fs::write(dir.join("z3").join(v).join("lib/libz3.so"), b"x").unwrap();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let got = find_cached(&dir).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        assert!(
            got.ends_with("5.4.1.0-theory/lib/libz3.so"),
            "{}",
            got.display()
        );
        assert_eq!(release_of("4.8.5-checkout-theory"), [4, 8, 5]);
        assert!(release_of("4.8.14.0-theory") > release_of("4.8.5-checkout-theory"));
    }

    #[test]
    fn the_newest_cached_library_is_found() {
        let dir = std::env::temp_dir().join(format!("equifuzz-cache-{}", std::process::id()));
        assert_eq!(find_cached(&dir), None);
        for v in ["5.3.3-full", "5.3.3-theory", "5.3.3-theory-cmp"] {
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
