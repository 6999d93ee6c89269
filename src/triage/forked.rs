//! Work done in a forked child whose result comes back through a pipe:
//! what `bisect` judges each release in.
//!
//! libz3 is opened with `RTLD_GLOBAL` (an instrumented build binds its
//! coverage callbacks so), and Z3's C++ symbols are exported: once one
//! release is loaded, the next one loaded into the same process binds part
//! of its own calls to the first one's code. Z3 5.4.1 loaded after the Z3
//! 4.8.x releases of a bisection refused its own `rewriter.*` parameters
//! ("unknown module 'rewriter'"), and a bisection's older releases ran
//! partly on the code of the release judged before them. A child that
//! loads one release and exits keeps every other judgement clean.
//!
//! # Invariants
//!
//! - The parent loads nothing the child loads; the child leaves with
//!   `_exit`, running no destructor of a library the parent shares.
//! - A child that dies without a result is an error naming how it died,
//!   never a result.

use std::io::{Read, Write};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Runs `work` in a forked child and returns what it returned.
pub fn in_child<T: Serialize + DeserializeOwned>(work: impl FnOnce() -> T) -> Result<T, String> {
    use nix::sys::wait::{WaitStatus, waitpid};
    use nix::unistd::{ForkResult, fork, pipe};
    let (read, write) = pipe().map_err(|e| format!("cannot make a pipe: {e}"))?;
    // SAFETY: triage forks from a single-threaded process (see
    // `triage::campaign`); the child only runs `work` and leaves.
    match unsafe { fork() } {
        Ok(ForkResult::Child) => {
            drop(read);
            let bytes = serde_json::to_vec(&work()).unwrap_or_default();
            let mut w = std::fs::File::from(write);
            let code = i32::from(w.write_all(&bytes).is_err());
            drop(w);
            // SAFETY: _exit ends the child at once.
            unsafe { nix::libc::_exit(code) }
        }
        Ok(ForkResult::Parent { child }) => {
            drop(write);
            let mut bytes = Vec::new();
            let read_result = std::fs::File::from(read).read_to_end(&mut bytes);
            let status = loop {
                match waitpid(child, None) {
                    Err(nix::errno::Errno::EINTR) => continue,
                    other => break other,
                }
            };
            read_result.map_err(|e| format!("reading a child's result: {e}"))?;
            match status {
                Ok(WaitStatus::Exited(_, 0)) => serde_json::from_slice(&bytes)
                    .map_err(|e| format!("a child's result does not read: {e}")),
                Ok(WaitStatus::Signaled(_, sig, _)) => {
                    Err(format!("the child was killed by {sig}"))
                }
                Ok(s) => Err(format!("the child ended without a result: {s:?}")),
                Err(e) => Err(format!("waiting for a child: {e}")),
            }
        }
        Err(e) => Err(format!("cannot fork: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_comes_back_and_a_death_is_an_error() {
        let pid = std::process::id();
        let got: (u32, String) = in_child(|| (std::process::id(), "judged".to_string())).unwrap();
        assert_ne!(got.0, pid, "it ran in another process");
        assert_eq!(got.1, "judged");
        let died: Result<u8, String> = in_child(|| {
            // SAFETY: ends the child at once, as a crashing solver would.
            unsafe { nix::libc::abort() }
        });
        assert!(died.unwrap_err().contains("SIGABRT"));
    }
}
