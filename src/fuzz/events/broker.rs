//! The LLMP broker's end: a broker of a `--cores` campaign stops once the
//! campaign's client processes are gone, found by reading `/proc`.
//!
//! # Invariants
//!
//! - A broker linked to another campaign's (`--join`, either side) counts
//!   the link as a client that never leaves; it is ended with SIGINT once
//!   the campaign's client processes are gone, so both joined campaigns end
//!   after `--time`.
//! - A zombie (an ended client the launcher has not reaped yet) is gone.

use std::time::Duration;

/// Ends this process's LLMP broker once the client processes of the
/// campaign are all gone. LibAFL's launcher forks the clients and, beside
/// them, the broker's process (a child of the launcher like the clients):
/// the clients are the launcher's other children. A broker linked to
/// another campaign's (`--join`, either side) counts the link as a client
/// that never leaves, so it would wait for ever; SIGINT is how LibAFL's
/// broker is asked to stop.
pub fn end_broker_after_clients(launcher: u32) {
    let me = std::process::id();
    std::thread::spawn(move || {
        let mut seen = false;
        loop {
            std::thread::sleep(Duration::from_millis(500));
            if has_children(launcher, me) {
                seen = true;
            } else if seen {
                // SAFETY: signals this process, whose broker handles SIGINT.
                unsafe { libc::kill(me as libc::pid_t, libc::SIGINT) };
                return;
            }
        }
    });
}

/// Whether process `pid` has a live child process other than `except`
/// (by `/proc/*/stat`; an ended child the launcher has not reaped yet, a
/// zombie, does not count).
fn has_children(pid: u32, except: u32) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return true;
    };
    dir.flatten().any(|e| {
        e.file_name()
            .to_string_lossy()
            .parse::<u32>()
            .is_ok_and(|child| child != except)
            && std::fs::read_to_string(e.path().join("stat")).is_ok_and(|stat| {
                // `pid (comm) state ppid ...`; comm may hold spaces.
                let mut fields = stat
                    .rsplit_once(')')
                    .map_or("", |(_, rest)| rest)
                    .split_whitespace();
                let state = fields.next();
                let parent = fields.next().and_then(|p| p.parse::<u32>().ok());
                parent == Some(pid) && state != Some("Z")
            })
    })
}
