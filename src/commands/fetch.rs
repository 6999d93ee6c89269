//! The main command on a bare machine: `fuzz --target z3` with no libz3
//! anywhere takes the newest Z3 wheel in the release cache, or fetches it
//! there the way `scripts/install-solvers.sh z3 latest` does (by running
//! that script), saying so in one line and how to pick another; offline,
//! it stops with the one command that fixes it.
//!
//! # Invariants
//!
//! - Nothing changes where a libz3 is at hand: `--solver-lib`, an
//!   instrumented build in the cache, or a system library the loader finds
//!   (looked for in `$EQUIFUZZ_SYSTEM_LIB_DIRS` when set, a colon-separated
//!   list that replaces the usual places, else in `$LD_LIBRARY_PATH`, the
//!   loader's cache and the usual library folders).
//! - The library taken is named on the command line of every replay (it
//!   becomes the campaign's `--solver-lib`), never looked up again.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::execute::open::SolverSpec;
use crate::solver::TargetSpec;
use crate::solver::z3::instrumented as library;
use crate::triage::releases::z3_releases;

/// The usual folders of a system libz3 (Debian, Fedora, Alpine, /usr/local).
const LIBRARY_DIRS: &[&str] = &[
    "/lib",
    "/lib64",
    "/usr/lib",
    "/usr/lib64",
    "/usr/local/lib",
    "/lib/x86_64-linux-gnu",
    "/usr/lib/x86_64-linux-gnu",
    "/lib/aarch64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
];

/// Whether the loader would find a system libz3 (see the module docs).
pub fn system_libz3_present() -> bool {
    let names = crate::solver::z3::library::SYSTEM_LIBRARY_NAMES;
    let in_dirs = |dirs: Vec<PathBuf>| {
        dirs.iter()
            .filter(|d| !d.as_os_str().is_empty())
            .any(|d| names.iter().any(|n| d.join(n).exists()))
    };
    if let Some(dirs) = std::env::var_os("EQUIFUZZ_SYSTEM_LIB_DIRS") {
        return in_dirs(std::env::split_paths(&dirs).collect());
    }
    let ld_path = std::env::var_os("LD_LIBRARY_PATH").unwrap_or_default();
    if in_dirs(
        std::env::split_paths(&ld_path)
            .chain(LIBRARY_DIRS.iter().map(PathBuf::from))
            .collect(),
    ) {
        return true;
    }
    Command::new("ldconfig").arg("-p").output().is_ok_and(|o| {
        let text = String::from_utf8_lossy(&o.stdout);
        text.lines().any(|l| {
            names
                .iter()
                .any(|n| l.trim_start().starts_with(&format!("{n} ")))
        })
    })
}

/// The command that puts the newest Z3 into the cache.
pub const FETCH_COMMAND: &str = "scripts/install-solvers.sh z3 latest";

/// The libz3 `fuzz` should load when the machine has none (see the module
/// docs): `Ok(None)` when one is at hand, `Ok(Some(wheel's library))`
/// when the cache has or gets one, `Err(what to run)` otherwise.
pub fn libz3_for_bare_machine(spec: &SolverSpec) -> Result<Option<PathBuf>, String> {
    if spec.target != TargetSpec::Z3 || spec.solver_lib.is_some() {
        return Ok(None);
    }
    let cache = library::cache_dir();
    if cache.as_deref().and_then(library::find_cached).is_some() || system_libz3_present() {
        return Ok(None);
    }
    let Some(cache) = cache else {
        return Err(
            "no libz3 on this machine and no cache folder (set EQUIFUZZ_CACHE): install \
                    one (`apt-get install libz3-dev`) or give --solver-lib PATH"
                .into(),
        );
    };
    if let Some(newest) = z3_releases(&cache.join("solvers")).pop() {
        eprintln!(
            "no system libz3: fuzzing the Z3 {} wheel from the cache ({}); --solver-lib PATH \
             picks another, `scripts/install-solvers.sh z3 VERSION` fetches one",
            newest.version,
            newest.library.display()
        );
        return Ok(Some(newest.library));
    }
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(FETCH_COMMAND.split(' ').next().unwrap_or(""));
    eprintln!(
        "no libz3 on this machine: fetching the newest Z3 wheel into {} (`{FETCH_COMMAND}`); \
         --solver-lib PATH picks another, `scripts/install-solvers.sh z3 VERSION` fetches one",
        cache.join("solvers").display()
    );
    let fix = || {
        format!(
            "run `{FETCH_COMMAND}` (from the equifuzz checkout, online) and start again, or give \
             --solver-lib PATH, or install a system libz3 (`apt-get install libz3-dev`)"
        )
    };
    let output = Command::new(&script)
        .args(["z3", "latest"])
        .env("EQUIFUZZ_CACHE", &cache)
        .output()
        .map_err(|e| {
            format!(
                "no libz3 on this machine, and {}: {e}: {}",
                script.display(),
                fix()
            )
        })?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let library = stdout.lines().find_map(|l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        match words.as_slice() {
            ["z3", _, "lib", path] => Some(PathBuf::from(path)),
            _ => None,
        }
    });
    match library {
        Some(lib) if output.status.success() && lib.exists() => Ok(Some(lib)),
        _ => {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let why = stderr
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("no library printed");
            Err(format!(
                "no libz3 on this machine, and the newest Z3 wheel could not be fetched ({why}): {}",
                fix()
            ))
        }
    }
}
