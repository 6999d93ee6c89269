//! Fault test of the LibAFL engine: a solver that segfaults, aborts,
//! calls `exit()`, hangs or exhausts memory on some inputs must not stop
//! the campaign, and each such input must be saved as a crash or timeout.
//!
//! The solver is a fake libz3 built here from C: on a script whose hash is
//! a multiple of `FAKE_EVERY` it misbehaves as `EQUIFUZZ_FAKE_FAULT` says,
//! otherwise (and on a script without assertions) it answers `sat`. It
//! registers no sancov guards, so these runs also check the "coverage: off"
//! path.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

#[path = "common/cores.rs"]
mod cores;
#[path = "common/shared_lib.rs"]
mod shared_lib;

const FAKE_Z3: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
const char *Z3_get_full_version(void) { return "Z3 4.8.12.0 (fake)"; }
const char *Z3_eval_smtlib2_string(void *ctx, const char *s) {
    (void)ctx;
    unsigned long h = 5381;
    for (const char *p = s; *p; p++) h = h * 33 + (unsigned char)*p;
    const char *every = getenv("FAKE_EVERY");
    const char *fault = getenv("EQUIFUZZ_FAKE_FAULT");
    /* Only formulas misbehave: the trivial `(check-sat)` the fuzzer asks
       first to see that the solver answers at all gets its answer. */
    if (fault && strstr(s, "(assert") && h % (unsigned long)atoi(every ? every : "4") == 0) {
        if (!strcmp(fault, "segv")) *(volatile int *)0 = 1;
        if (!strcmp(fault, "abort")) abort();
        if (!strcmp(fault, "assert")) {
            /* As Z3 reports a failed assertion before it aborts. */
            fputs("ASSERTION VIOLATION\nFile: fake_seq.cpp\nLine: 508\nNOT IMPLEMENTED YET!\n"
                  "4.8.12.0\nPlease file an issue with this message\n", stderr);
            abort();
        }
        if (!strcmp(fault, "exit")) exit(112);
        if (!strcmp(fault, "hang")) for (;;) pause();
        if (!strcmp(fault, "error")) return "(error \"unsupported\")\n";
        if (!strcmp(fault, "oom")) {
            while (malloc(16u << 20) != NULL) {}
            fputs("ERROR: out of memory\n", stderr);
            exit(101);
        }
    }
    return "sat\n";
}
"#;

fn fake_lib() -> &'static Path {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(|| {
        let source = format!("{}{}", shared_lib::Z3_CONTEXT_STUBS, FAKE_Z3);
        shared_lib::build_shared_lib("fuzz-faults", "libz3-fake", &source)
    })
}

fn fuzz(fault: &str, every: u32, extra: &[&str], out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        // Away from the repository, whose corpus/ would seed the campaign.
        .current_dir(std::env::temp_dir())
        .args(["fuzz", "--target", "z3", "--solver-lib"])
        .arg(fake_lib())
        .args([
            "--max-execs",
            "40",
            "--timeout",
            "1s",
            "--progress",
            "0.5",
            "--out",
        ])
        .arg(out)
        .args(extra)
        .env("EQUIFUZZ_FAKE_FAULT", fault)
        .env("FAKE_EVERY", every.to_string())
        .env("EQUIFUZZ_CACHE", out.join("no-cache"))
        .output()
        .unwrap()
}

/// An empty path under the temporary folder for this test process's
/// `tag` (removed first if an earlier run left it).
fn fresh_out(tag: &str) -> PathBuf {
    let out =
        std::env::temp_dir().join(format!("equifuzz-fuzz-faults-{}-{tag}", std::process::id()));
    std::fs::remove_dir_all(&out).ok();
    out
}

fn files(dir: &Path, ext: &str) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| {
        d.filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == ext))
        })
        .count()
    })
}

fn check(fault: &str, every: u32, extra: &[&str], folder: &str) {
    let out = fresh_out(&format!("{fault}{}", extra.join("")));
    let run = fuzz(fault, every, extra, &out);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stdout.contains("executions: 40 in"),
        "{fault}: the campaign stopped early\n{stdout}\n{stderr}"
    );
    assert!(stderr.contains("coverage: off"), "{stderr}");
    let dir = out.join(folder);
    let smt2 = files(&dir, "smt2");
    assert!(
        smt2 > 0,
        "{fault}: nothing in {}\n{stdout}\n{stderr}",
        dir.display()
    );
    assert_eq!(
        smt2,
        files(&dir, "postcard"),
        "{fault}: every .smt2 has its .postcard"
    );
    if folder.ends_with("crash") {
        assert_eq!(run.status.code(), Some(1), "a crash is a finding\n{stderr}");
    }
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn a_segfaulting_solver_is_a_crash_and_the_campaign_goes_on() {
    check("segv", 4, &[], "findings/crash");
}

#[test]
fn an_aborting_solver_is_a_crash() {
    check("abort", 4, &[], "findings/crash");
}

#[test]
fn crashes_at_one_failed_assertion_are_one_finding_that_names_it() {
    let out = fresh_out("assert");
    let run = fuzz("assert", 2, &[], &out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    let stats = std::fs::read_to_string(out.join("stats.jsonl")).unwrap();
    let last: serde_json::Value = serde_json::from_str(stats.lines().last().unwrap()).unwrap();
    let crashes = last["verdicts"]["crash"].as_u64().unwrap_or(0);
    assert!(crashes > 3, "too few crashes to tell: {last}");
    let dir = out.join("findings/crash");
    let written = files(&dir, "smt2");
    // One signature: at most its three examples, whatever the operators.
    assert!(
        (1..=3).contains(&written),
        "{written} crash files of {crashes} crashes\n{stderr}"
    );
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "smt2") {
            let text = std::fs::read_to_string(&p).unwrap();
            assert!(
                text.contains(
                    "killed by SIGABRT; it said: ASSERTION VIOLATION File: fake_seq.cpp Line: 508 NOT IMPLEMENTED YET!"
                ),
                "{text}"
            );
            assert!(text.contains("; output| Line: 508\n"), "{text}");
            // The file names its campaign bucket, a line of buckets.tsv.
            let bucket = text
                .lines()
                .find_map(|l| l.strip_prefix("; bucket: "))
                .unwrap_or_else(|| panic!("no bucket line:\n{text}"));
            let tsv = std::fs::read_to_string(out.join("buckets.tsv")).unwrap();
            assert!(
                tsv.lines().any(|l| l.split('\t').next() == Some(bucket)),
                "{bucket} not in buckets.tsv:\n{tsv}"
            );
        }
    }
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn exit_inside_the_solver_is_a_crash() {
    check("exit", 4, &[], "findings/crash");
}

#[test]
fn memory_exhaustion_is_a_crash() {
    check("oom", 6, &[], "findings/crash");
}

#[test]
fn a_hanging_solver_is_a_timeout() {
    check("hang", 6, &[], "timeout");
}

#[test]
fn fork_mode_saves_crashes_and_exits_too() {
    check("segv", 4, &["--fork"], "findings/crash");
    check("exit", 4, &["--fork"], "findings/crash");
}

#[test]
fn fork_mode_saves_hangs_as_timeouts() {
    check("hang", 6, &["--fork"], "timeout");
}

#[test]
fn kill_9_at_any_moment_loses_no_written_finding() {
    use std::os::unix::process::CommandExt;
    let out = fresh_out("kill");
    let mut child = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        // Away from the repository, whose corpus/ would seed the campaign.
        .current_dir(std::env::temp_dir())
        .args(["fuzz", "--target", "z3", "--solver-lib"])
        .arg(fake_lib())
        .args(["--time", "60s", "--timeout", "1s", "--out"])
        .arg(&out)
        .env("EQUIFUZZ_FAKE_FAULT", "segv")
        .env("FAKE_EVERY", "3")
        .env("EQUIFUZZ_CACHE", out.join("no-cache"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    // SAFETY: signals the process group this test created.
    unsafe { libc::killpg(child.id() as i32, libc::SIGKILL) };
    child.wait().unwrap();
    let crash = out.join("findings/crash");
    let mut smt2 = 0;
    for e in std::fs::read_dir(&crash).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "smt2") {
            smt2 += 1;
            let bytes = std::fs::read(p.with_extension("postcard"))
                .expect("the .postcard is written first");
            let case: equifuzz::truth::Case = postcard::from_bytes(&bytes).expect("a whole case");
            case.check().unwrap();
            // A whole script: its check-sat (or, for an incremental case,
            // a check-sat-assuming) was written too.
            assert!(std::fs::read_to_string(&p).unwrap().contains("(check-sat"));
        }
    }
    assert!(smt2 > 0, "no crash written in 2.5 s");
    for e in std::fs::read_dir(out.join("corpus")).unwrap() {
        let p = e.unwrap().path();
        if !p.file_name().unwrap().to_string_lossy().starts_with('.') {
            let bytes = std::fs::read(&p).unwrap();
            postcard::from_bytes::<equifuzz::truth::Case>(&bytes).expect("corpus files are whole");
        }
    }
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn cores_runs_exit_1_with_findings_as_one_core_does() {
    let out = fresh_out("cores");
    // A port of its own, so parallel test runs do not share a broker.
    let port = (20_000 + std::process::id() % 20_000).to_string();
    let core = cores::first();
    let run = fuzz("segv", 4, &["--cores", &core, "--broker-port", &port], &out);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        files(&out.join("findings/crash"), "smt2") > 0,
        "no crash found\n{stderr}"
    );
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn a_campaign_whose_every_answer_is_an_error_exits_2_on_one_core_or_many() {
    let port = (20_000 + (std::process::id() + 7) % 20_000).to_string();
    let core = cores::first();
    for (tag, extra) in [
        ("one", &[][..]),
        ("cores", &["--cores", &core, "--broker-port", &port][..]),
    ] {
        let out = fresh_out(&format!("errors-{tag}"));
        let run = fuzz("error", 1, extra, &out);
        let stderr = String::from_utf8_lossy(&run.stderr);
        // Said once: by the process the user started, not by every
        // process LibAFL forked.
        assert_eq!(
            stderr
                .matches("no answer of the solver could be judged")
                .count(),
            1,
            "{tag}: {stderr}"
        );
        assert_eq!(run.status.code(), Some(2), "{tag}: {stderr}");
        std::fs::remove_dir_all(&out).ok();
    }
}

/// The processes whose parent is `pid`.
fn children_of(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(child) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        // pid (comm) state ppid ...: the comm may hold spaces.
        let after = &stat[stat.rfind(')').map_or(0, |i| i + 1)..];
        let ppid = after.split_whitespace().nth(1).and_then(|p| p.parse().ok());
        if ppid == Some(pid) {
            found.push(child);
        }
    }
    found
}

/// Whether `pid` still runs (a zombie waiting to be reaped does not).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        let after = &s[s.rfind(')').map_or(0, |i| i + 1)..];
        !after.trim_start().starts_with('Z')
    })
}

/// Kills `parent` with SIGKILL and waits up to 5 s for every pid in `pids`
/// to be gone; returns those still alive.
fn survivors_after_killing(parent: &mut std::process::Child, pids: &[u32]) -> Vec<u32> {
    parent.kill().unwrap();
    parent.wait().unwrap();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let left: Vec<u32> = pids.iter().copied().filter(|&p| alive(p)).collect();
        if left.is_empty() || std::time::Instant::now() > until {
            for &p in &left {
                // SAFETY: cleaning up a process this test started.
                unsafe { libc::kill(p as i32, libc::SIGKILL) };
            }
            return left;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

#[test]
fn a_fuzzing_client_dies_with_its_parent() {
    let out = fresh_out("orphan");
    let mut parent = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .current_dir(std::env::temp_dir())
        .args(["fuzz", "--target", "z3", "--solver-lib"])
        .arg(fake_lib())
        .args(["--time", "60s", "--timeout", "1s", "--out"])
        .arg(&out)
        .env("EQUIFUZZ_CACHE", out.join("no-cache"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut clients = Vec::new();
    while clients.is_empty() && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(200));
        // The client is the fuzzing child that wrote the corpus.
        if out.join("corpus").is_dir() {
            clients = children_of(parent.id());
        }
    }
    assert!(!clients.is_empty(), "no client started in 20 s");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let left = survivors_after_killing(&mut parent, &clients);
    assert!(
        left.is_empty(),
        "clients {left:?} fuzz on after kill -9 of their parent"
    );
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn a_solver_process_dies_with_its_parent() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_out("orphan-solver");
    std::fs::create_dir_all(&dir).unwrap();
    // Answers the trivial query; on a real one, leaves its pid and sleeps
    // (as itself: `exec`), as a solver lost in a hard query.
    let solver = dir.join("slow-solver");
    std::fs::write(
        &solver,
        format!(
            "#!/bin/sh\n[ \"$1\" = --version ] && {{ echo 'slow version 1'; exit 0; }}\n\
             script=$(cat)\n[ \"$script\" = '(check-sat)' ] && {{ echo sat; exit 0; }}\n\
             echo $$ > {}/pid.$$\nexec sleep 1000\n",
            dir.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&solver, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut parent = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        .current_dir(&dir)
        .args(["fuzz", "--engine", "plain", "--timeout", "60s", "--target"])
        .arg(format!("cmd:{}", solver.display()))
        .args(["--out", "o"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut pids = Vec::new();
    while pids.is_empty() && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(100));
        pids = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.strip_prefix("pid.")?.parse::<u32>().ok()
            })
            .collect();
    }
    assert!(!pids.is_empty(), "the solver never ran a query");
    let left = survivors_after_killing(&mut parent, &pids);
    assert!(
        left.is_empty(),
        "solver {left:?} runs on after kill -9 of equifuzz"
    );
    std::fs::remove_dir_all(&dir).ok();
}
