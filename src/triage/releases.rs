//! The solver releases `scripts/install-solvers.sh` unpacked, in version
//! order, and a range of them as `bisect` takes it (`4.8.5..latest`).
//!
//! The cache holds `<root>/z3-<version>/x/z3/lib/libz3.so` per release and
//! a link `z3-latest` to the newest; `latest` in a range is the newest
//! release found.
//!
//! # Invariants
//!
//! - Releases are sorted by their numeric version (`4.8.10` after `4.8.9`),
//!   each once: the `latest` link is not a release of its own.
//! - A range's ends must name releases of the cache (a version may drop
//!   trailing `.0`s: `4.8.5` is `4.8.5.0`); an unknown end is an error
//!   listing what there is.

use std::path::{Path, PathBuf};

/// One unpacked release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Release {
    /// The version as the folder names it (`4.8.5.0`).
    pub version: String,
    /// Its numbers, for ordering.
    pub numbers: Vec<u32>,
    /// Its libz3.
    pub library: PathBuf,
}

/// The release cache of `scripts/install-solvers.sh`.
pub fn cache_root() -> Option<PathBuf> {
    dirs::home_dir().map(|h| h.join(".cache/equifuzz/solvers"))
}

fn numbers(version: &str) -> Option<Vec<u32>> {
    version.split('.').map(|p| p.parse().ok()).collect()
}

/// The Z3 releases under `root`, oldest first.
pub fn z3_releases(root: &Path) -> Vec<Release> {
    let mut out: Vec<Release> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let version = name.strip_prefix("z3-")?.to_string();
            let numbers = numbers(&version)?;
            let library = e.path().join("x/z3/lib/libz3.so");
            library.exists().then_some(Release {
                version,
                numbers,
                library,
            })
        })
        .collect();
    out.sort_by(|a, b| a.numbers.cmp(&b.numbers));
    out
}

/// The cached releases from `FROM` to `TO` (`FROM..TO`, either end
/// `latest` or left out for the first or last, each a bound the cache need
/// not hold), in order; an error when none is in the range.
pub fn select(all: &[Release], range: &str) -> Result<Vec<Release>, String> {
    let (from, to) = range
        .split_once("..")
        .ok_or_else(|| format!("`{range}` is not a range FROM..TO (e.g. 4.8.5..latest)"))?;
    let listed = || {
        all.iter()
            .map(|r| r.version.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if all.is_empty() {
        return Err(
            "no Z3 release in the cache: run scripts/install-solvers.sh z3 4.8.5 latest".into(),
        );
    }
    // An end is a bound, not a release that must be cached: the default
    // `4.8.5..latest` bisects over a cache of 5.x releases too. Versions
    // compare with their trailing zeros dropped (`4.8.9` is `4.8.9.0`).
    let bound = |end: &str| -> Result<Option<Vec<u32>>, String> {
        match end {
            "" | "latest" => Ok(None),
            v => numbers(v)
                .map(|n| Some(trimmed(&n)))
                .ok_or_else(|| format!("`{v}` is not a version")),
        }
    };
    let (lo, hi) = (bound(from)?, bound(to)?);
    if let (Some(l), Some(h)) = (&lo, &hi)
        && l > h
    {
        return Err(format!("`{range}`: {from} is newer than {to}"));
    }
    let picked: Vec<Release> = all
        .iter()
        .filter(|r| {
            let v = trimmed(&r.numbers);
            lo.as_ref().is_none_or(|l| v >= *l) && hi.as_ref().is_none_or(|h| v <= *h)
        })
        .cloned()
        .collect();
    if picked.is_empty() {
        return Err(format!(
            "no release of the cache is in `{range}` (there: {})",
            listed()
        ));
    }
    Ok(picked)
}

/// `v` without trailing zeros (one number kept).
fn trimmed(v: &[u32]) -> Vec<u32> {
    let mut v = v.to_vec();
    while v.len() > 1 && v.last() == Some(&0) {
        v.pop();
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake_cache(versions: &[&str]) -> PathBuf {
        let root = std::env::temp_dir().join(format!(
            "equifuzz-releases-{}-{}",
            std::process::id(),
            versions.len()
        ));
        std::fs::remove_dir_all(&root).ok();
        for v in versions {
            let lib = root.join(format!("z3-{v}/x/z3/lib"));
            std::fs::create_dir_all(&lib).unwrap();
            std::fs::write(lib.join("libz3.so"), "").unwrap();
        }
        std::fs::create_dir_all(root.join("cvc5-1.4.2")).unwrap();
        std::os::unix::fs::symlink("z3-4.8.10.0", root.join("z3-latest")).unwrap();
        root
    }

    #[test]
    fn releases_sort_numerically_and_ranges_select() {
        let root = fake_cache(&["4.8.9.0", "4.8.10.0", "4.8.5.0"]);
        let all = z3_releases(&root);
        std::fs::remove_dir_all(&root).ok();
        let v: Vec<_> = all.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(v, ["4.8.5.0", "4.8.9.0", "4.8.10.0"]);
        let pick =
            |r| select(&all, r).map(|s| s.iter().map(|r| r.version.clone()).collect::<Vec<_>>());
        assert_eq!(pick("4.8.5..latest").unwrap().len(), 3);
        assert_eq!(pick("4.8.9..").unwrap(), ["4.8.9.0", "4.8.10.0"]);
        assert_eq!(pick("..4.8.9.0").unwrap(), ["4.8.5.0", "4.8.9.0"]);
        // An end the cache lacks is a bound (a cache of newer releases
        // only is bisected over by the default range).
        assert_eq!(pick("4.8.6..latest").unwrap(), ["4.8.9.0", "4.8.10.0"]);
        assert_eq!(pick("4.8.6..4.8.9.5").unwrap(), ["4.8.9.0"]);
        let err = pick("4.8.6..4.8.8").unwrap_err();
        assert!(
            err.contains("4.8.6..4.8.8") && err.contains("4.8.10.0"),
            "{err}"
        );
        assert!(pick("4.8.10..4.8.5").is_err());
        assert!(pick("4.8.5").is_err());
    }
}
