//! Two `--cores` campaigns joined on one machine: the second `--join`s the
//! first's LLMP broker (LibAFL's broker-to-broker link). Each runs
//! with a seed of its own, which every case it generates carries in its
//! provenance, so a case with the other node's seed in a node's corpus can
//! only have crossed from the other node.
//!
//! Only the first campaign's entries are checked to arrive: in LibAFL
//! 0.16.1 the joining broker's link takes the LLMP client id its first
//! local client (the main one) also gets, so the link drops, as its own
//! echo, every entry that client sends out (see the README).
//!
//! Needs the system libz3 and two cores (the joining campaign runs a main
//! client, which evaluates what its others found, and a secondary one,
//! which takes in what the other campaign sends); skips visibly otherwise.

#[path = "common/binary.rs"]
mod binary;
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use equifuzz::truth::Case;

/// How long the two nodes may take to exchange entries both ways.
const DEADLINE: Duration = Duration::from_secs(90);

const PARENT_SEED: u64 = 1_000;
const CHILD_SEED: u64 = 2_000;

fn node(out: &Path, seed: u64, broker_port: u16, node_args: &[String]) -> Child {
    use std::os::unix::process::CommandExt;
    binary::equifuzz()
        // Away from the repository, whose corpus/ would seed the campaign.
        .current_dir(std::env::temp_dir())
        .args([
            "fuzz",
            "--target",
            "z3",
            "--cores",
            "0-1",
            "--timeout",
            "1s",
        ])
        .args(["--time", "120s", "--progress", "1"])
        .args(["--seed", &seed.to_string()])
        .args(["--broker-port", &broker_port.to_string()])
        .args(node_args)
        .arg("--out")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        // Its own process group, so the test can end every process the
        // launcher forked.
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

fn stop(child: &mut Child) -> String {
    // SAFETY: signals the process group this test created.
    unsafe { libc::killpg(child.id() as i32, libc::SIGKILL) };
    child.wait().ok();
    let mut text = String::new();
    if let Some(mut err) = child.stderr.take() {
        use std::io::Read;
        err.read_to_string(&mut text).ok();
    }
    text.lines()
        .filter(|l| !l.starts_with('['))
        .take(40)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_corpus_entry_made_by_one_campaign_arrives_at_the_one_that_joined_it() {
    if equifuzz::solver::Z3Library::load(None).is_err() {
        eprintln!(
            "SKIPPED: a_corpus_entry_made_by_one_campaign_arrives_at_the_one_that_joined_it: no system libz3"
        );
        return;
    }
    let cores = libafl_bolts::core_affinity::get_core_ids().map_or(0, |c| c.len());
    if cores < 2 {
        eprintln!(
            "SKIPPED: a_corpus_entry_made_by_one_campaign_arrives_at_the_one_that_joined_it: {cores} core(s), \
             a node needs two clients"
        );
        return;
    }
    let base: PathBuf = std::env::temp_dir().join(format!("equifuzz-nodes-{}", std::process::id()));
    std::fs::remove_dir_all(&base).ok();
    let (parent_out, child_out) = (base.join("parent"), base.join("child"));
    // Ports of their own, so parallel test runs do not meet.
    let port = 24_000 + (std::process::id() % 4_000) as u16 * 4;
    let mut parent = node(&parent_out, PARENT_SEED, port, &[]);
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    let start = Instant::now();
    while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
        if start.elapsed() > Duration::from_secs(30) {
            panic!(
                "the first campaign's broker never listened:\n{}",
                stop(&mut parent)
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let mut child = node(
        &child_out,
        CHILD_SEED,
        port + 2,
        &["--join".into(), addr.to_string()],
    );
    let mut down = false;
    while start.elapsed() < DEADLINE && !down {
        std::thread::sleep(Duration::from_millis(500));
        down = seeds(&child_out.join("corpus")).contains(&PARENT_SEED);
    }
    let child_log = stop(&mut child);
    let parent_log = stop(&mut parent);
    let (p, c) = (
        seeds(&parent_out.join("corpus")),
        seeds(&child_out.join("corpus")),
    );
    // Each node generated cases of its own: the seeds do tell them apart.
    assert!(
        p.contains(&PARENT_SEED) && c.contains(&CHILD_SEED),
        "{p:?} {c:?}"
    );
    assert!(
        down,
        "no case of the parent reached the child in {DEADLINE:?} (parent corpus {}, child \
         corpus {})\nparent:\n{parent_log}\nchild:\n{child_log}",
        p.len(),
        c.len()
    );
    std::fs::remove_dir_all(&base).ok();
}
