//! A campaign leaves no System V shared memory behind, whether it ends on
//! its own or is killed with `kill -9` (see `fuzz::campaign::shmem`).
//!
//! Each run happens in a private IPC namespace (`unshare --ipc`), so the
//! test sees only the campaign's segments and leaves the machine's alone.
//! Where namespaces are not allowed (an unprivileged container), it says
//! SKIPPED.

use std::process::Command;

fn equifuzz() -> &'static str {
    env!("CARGO_BIN_EXE_equifuzz")
}

/// Whether this process may make an IPC namespace.
fn can_unshare() -> bool {
    Command::new("unshare")
        .args(["--ipc", "true"])
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `campaign` (a shell command) in a new IPC namespace, then waits up
/// to 5 s for its segments to go (a worker may take a moment to die after
/// its client), and returns what `ipcs -m` still lists there.
fn segments_left_after(campaign: &str) -> String {
    let script = format!(
        "{campaign}\n\
         for i in $(seq 50); do\n\
           [ -z \"$(ipcs -m | tail -n +4 | grep .)\" ] && exit 0\n\
           sleep 0.1\n\
         done\n\
         ipcs -m | tail -n +4"
    );
    let out = Command::new("unshare")
        .args(["--ipc", "sh", "-c", &script])
        .output()
        .expect("unshare runs");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn campaigns_leave_no_shared_memory_segment() {
    if !can_unshare() {
        eprintln!(
            "SKIPPED campaigns_leave_no_shared_memory_segment: `unshare --ipc` is not permitted here"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("equifuzz-shmem-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.display();
    let bin = equifuzz();

    // Ends on its own.
    let left = segments_left_after(&format!(
        "{bin} fuzz --target z3 --max-execs 20 --seed 3 --out {out}/ended >/dev/null 2>&1"
    ));
    assert_eq!(left, "", "segments left by a campaign that ended");

    // Killed from outside while its client fuzzes.
    let left = segments_left_after(&format!(
        "{bin} fuzz --target z3 --time 60s --seed 3 --out {out}/killed >/dev/null 2>&1 &\n\
         pid=$!\n\
         sleep 4\n\
         kill -9 $pid\n\
         wait $pid"
    ));
    assert_eq!(left, "", "segments left by a campaign killed with kill -9");
    let _ = std::fs::remove_dir_all(&dir);
}
