//! The main command on a machine without a system libz3 (hidden with
//! `EQUIFUZZ_SYSTEM_LIB_DIRS`): `fuzz --target z3` takes the newest Z3
//! wheel of the release cache and says so in one line, or, when the wheel
//! cannot be fetched, stops with the command that fixes it. The first part
//! needs a wheel in `~/.cache/equifuzz/solvers` (scripts/install-solvers.sh)
//! and says SKIPPED without one; neither part goes online.

use std::path::Path;
use std::process::Command;

use equifuzz::triage::releases::{cache_root, z3_releases};

fn bare(cache: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_equifuzz"));
    c.env("EQUIFUZZ_CACHE", cache)
        .env("EQUIFUZZ_SYSTEM_LIB_DIRS", cache.join("no-system-library"));
    c
}

#[test]
fn fuzz_on_a_bare_machine_takes_the_newest_wheel_of_the_cache() {
    let Some(newest) = cache_root()
        .map(|r| z3_releases(&r))
        .and_then(|mut r| r.pop())
    else {
        println!(
            "SKIPPED: no Z3 wheel in the release cache (scripts/install-solvers.sh z3 latest)"
        );
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bare-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(dir.join("cache/solvers")).unwrap();
    let release = newest.library.ancestors().nth(4).unwrap();
    std::os::unix::fs::symlink(
        release,
        dir.join("cache/solvers").join(release.file_name().unwrap()),
    )
    .unwrap();
    let o = bare(&dir.join("cache"))
        .args(["fuzz", "--target", "z3", "--max-execs", "3", "--out"])
        .arg(dir.join("out"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    std::fs::remove_dir_all(&dir).ok();
    assert!(matches!(o.status.code(), Some(0 | 1)), "{err}");
    let said = format!(
        "no system libz3: fuzzing the Z3 {} wheel from the cache",
        newest.version
    );
    assert!(err.contains(&said), "{err}");
    assert!(err.contains("--solver-lib PATH picks another"), "{err}");
    assert!(
        err.contains(&format!("solver: z3 (Z3 {})", newest.version)),
        "{err}"
    );
}

#[test]
fn fuzz_on_a_bare_machine_without_a_wheel_names_the_fix() {
    // A cache that cannot be created: the fetch fails before going online.
    let o = bare(Path::new("/proc/equifuzz-no-cache"))
        .args(["fuzz", "--target", "z3", "--max-execs", "3", "--out"])
        .arg(Path::new(env!("CARGO_TARGET_TMPDIR")).join("bare-never"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("fetching the newest Z3 wheel"), "{err}");
    assert!(
        err.contains("run `scripts/install-solvers.sh z3 latest`"),
        "{err}"
    );
}
