//! Two `--cores` campaigns joined on one machine, as two nodes: the second
//! `--join`s the first's LLMP broker. Each runs with a seed of its own,
//! which every case it generates carries in its provenance (and every
//! finding in its file name), so a corpus entry or a finding with the other
//! node's seed can only have crossed from the other node.
//!
//! The solver is a fake libz3 built here that answers `unsat` to every
//! formula: each node's unsat cases are answered right and grow its corpus,
//! and each sat case is a finding (a wrong unsat) that any node's solver
//! gives again when it runs the case: a finding crosses only if the other
//! node's own run confirms it, as with a real solver. Fast, and the same on
//! every machine.
//!
//! Checked: corpus entries and findings cross both ways, and both
//! campaigns end by themselves after their `--time`.

#[path = "common/binary.rs"]
mod binary;
#[path = "common/cores.rs"]
mod cores;
#[path = "common/shared_lib.rs"]
mod shared_lib;
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use equifuzz::truth::Case;

const PARENT_SEED: u64 = 1_000;
const CHILD_SEED: u64 = 2_000;
/// Each campaign's `--time`: the joining one starts about a second later
/// and ends first.
const PARENT_TIME: u64 = 20;
const CHILD_TIME: u64 = 15;
/// How long past its `--time` a campaign may take to end by itself.
const GRACE: Duration = Duration::from_secs(30);

const UNSAT_Z3: &str = r#"
#include <string.h>
const char *Z3_get_full_version(void) { return "Z3 4.8.12.0 (fake: unsat to every formula)"; }
const char *Z3_eval_smtlib2_string(void *ctx, const char *s) {
    (void)ctx;
    /* The fuzzer's first, trivial `(check-sat)` is answered: the solver works. */
    return strstr(s, "(assert") ? "unsat\n" : "sat\n";
}
"#;

fn node(
    lib: &Path,
    out: &Path,
    seed: u64,
    core: usize,
    broker_port: u16,
    extra: &[String],
) -> Child {
    use std::os::unix::process::CommandExt;
    binary::equifuzz()
        // Away from the repository, whose corpus/ would seed the campaign.
        .current_dir(std::env::temp_dir())
        .args(["fuzz", "--target", "z3", "--solver-lib"])
        .arg(lib)
        .args(["--cores", &core.to_string(), "--timeout", "1s"])
        .args(["--progress", "1", "--seed", &seed.to_string()])
        .args(["--broker-port", &broker_port.to_string()])
        .args(extra)
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        // Its own process group, so the test can end every process the
        // launcher forked if the campaign does not end by itself.
        .process_group(0)
        .spawn()
        .expect("equifuzz starts")
}

/// The provenance seeds of the cases in `dir` (corpus files are postcard).
fn seeds(dir: &Path) -> Vec<u64> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter_map(|b| postcard::from_bytes::<Case>(&b).ok())
        .map(|c| c.provenance.seed)
        .collect()
}

/// The provenance seeds in the names of the `.smt2` findings under `dir`
/// (`<solver>-<kind>-<seed>-<hash>.smt2`).
fn finding_seeds(dir: &Path) -> Vec<u64> {
    let mut seeds = Vec::new();
    for kind in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        for f in std::fs::read_dir(kind.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = f.file_name().to_string_lossy().into_owned();
            if let Some(stem) = name.strip_suffix(".smt2") {
                let parts: Vec<&str> = stem.rsplitn(3, '-').collect();
                if let Some(seed) = parts.get(1).and_then(|s| s.parse().ok()) {
                    seeds.push(seed);
                }
            }
        }
    }
    seeds
}

/// Reads `child`'s stderr on a thread as it comes (a campaign blocked on
/// a full pipe would stall its broker).
fn drain(child: &mut Child) -> std::thread::JoinHandle<String> {
    let mut err = child.stderr.take().expect("stderr is piped");
    std::thread::spawn(move || {
        use std::io::Read;
        let mut bytes = Vec::new();
        err.read_to_end(&mut bytes).ok();
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Waits for `child` to end by itself until `deadline`; kills its process
/// group past it. Returns whether it ended by itself, and its stderr.
fn finish(
    child: &mut Child,
    log: std::thread::JoinHandle<String>,
    deadline: Instant,
) -> (bool, String) {
    let by_itself = loop {
        if child.try_wait().ok().flatten().is_some() {
            break true;
        }
        if Instant::now() > deadline {
            // SAFETY: signals the process group this test created.
            unsafe { libc::killpg(child.id() as i32, libc::SIGKILL) };
            child.wait().ok();
            break false;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let text = log.join().unwrap_or_default();
    let shown = text
        .lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with("Ignored message"))
        .take(40)
        .collect::<Vec<_>>()
        .join("\n");
    (by_itself, shown)
}

#[test]
fn corpus_entries_and_findings_cross_both_ways_between_joined_campaigns() {
    // One core each if this process may run on two, else both on its one.
    let cores = cores::allowed();
    if cores.is_empty() {
        eprintln!(
            "SKIPPED: corpus_entries_and_findings_cross_both_ways_between_joined_campaigns: no core ids"
        );
        return;
    }
    let lib = shared_lib::build_shared_lib(
        "multi-machine",
        "libz3-unsat",
        &format!("{}{}", shared_lib::Z3_CONTEXT_STUBS, UNSAT_Z3),
    );
    let base: PathBuf = std::env::temp_dir().join(format!("equifuzz-nodes-{}", std::process::id()));
    std::fs::remove_dir_all(&base).ok();
    let (parent_out, child_out) = (base.join("parent"), base.join("child"));
    // Ports of their own, so parallel test runs do not meet.
    let port = 24_000 + (std::process::id() % 4_000) as u16 * 4;
    let time = |secs: u64| vec!["--time".to_string(), format!("{secs}s")];
    let start = Instant::now();
    let mut parent = node(
        &lib,
        &parent_out,
        PARENT_SEED,
        cores[0],
        port,
        &time(PARENT_TIME),
    );
    let parent_err = drain(&mut parent);
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
        if start.elapsed() > Duration::from_secs(30) {
            let (_, log) = finish(&mut parent, parent_err, Instant::now());
            panic!("the first campaign's broker never listened:\n{log}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let mut join = time(CHILD_TIME);
    join.extend(["--join".to_string(), addr.to_string()]);
    let mut child = node(
        &lib,
        &child_out,
        CHILD_SEED,
        cores[1 % cores.len()],
        port + 2,
        &join,
    );
    let child_err = drain(&mut child);
    let joined = Instant::now();
    let (child_ended, child_log) = finish(
        &mut child,
        child_err,
        joined + Duration::from_secs(CHILD_TIME) + GRACE,
    );
    let (parent_ended, parent_log) = finish(
        &mut parent,
        parent_err,
        start + Duration::from_secs(PARENT_TIME) + GRACE,
    );
    let logs = format!("parent:\n{parent_log}\nchild:\n{child_log}");
    let (p, c) = (
        seeds(&parent_out.join("corpus")),
        seeds(&child_out.join("corpus")),
    );
    let (pf, cf) = (
        finding_seeds(&parent_out.join("findings")),
        finding_seeds(&child_out.join("findings")),
    );
    // Each node generated cases and made findings of its own: the seeds do
    // tell them apart.
    assert!(
        p.contains(&PARENT_SEED) && c.contains(&CHILD_SEED),
        "{logs}"
    );
    assert!(
        pf.contains(&PARENT_SEED) && cf.contains(&CHILD_SEED),
        "{logs}"
    );
    assert!(
        c.contains(&PARENT_SEED),
        "no corpus entry of the first campaign reached the joining one\n{logs}"
    );
    assert!(
        p.contains(&CHILD_SEED),
        "no corpus entry of the joining campaign reached the first one\n{logs}"
    );
    assert!(
        cf.contains(&PARENT_SEED),
        "no finding of the first campaign reached the joining one\n{logs}"
    );
    assert!(
        pf.contains(&CHILD_SEED),
        "no finding of the joining campaign reached the first one\n{logs}"
    );
    assert!(
        child_ended,
        "the joining campaign did not end by itself\n{logs}"
    );
    assert!(
        parent_ended,
        "the joined campaign did not end by itself\n{logs}"
    );
    std::fs::remove_dir_all(&base).ok();
}
