//! The one interface every solver target implements, and the soft limit a
//! target hands its solver below the caller's hard one.

use std::time::Duration;

use super::dialect_of_version;
use super::outcome::RawOutcome;
use crate::term::Dialect;

/// A solver that runs SMT-LIB scripts.
pub trait Target {
    /// A short name: `z3`, `cvc5`, or the program's file name.
    fn name(&self) -> String;

    /// The solver's full version, e.g. `Z3 4.8.12.0` or `cvc5 1.0.3`.
    fn version(&self) -> String;

    /// The spelling of the strings theory this solver reads: by default
    /// what its version implies; a target told otherwise (`--dialect`)
    /// says so.
    fn dialect(&self) -> Dialect {
        dialect_of_version(&self.version())
    }

    /// Runs `script` with a hard `timeout` and returns what happened.
    fn run(&mut self, script: &str, timeout: Duration) -> RawOutcome;

    /// Runs `script` with the solver's own soft limit `soft_ms` (ms) and
    /// the hard `timeout`: how a caller that calibrates its limits
    /// (`execute::limits`) passes them. A target that cannot hand a
    /// soft limit to its solver runs it as [`Target::run`] does.
    fn run_within(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> RawOutcome {
        let _ = soft_ms;
        self.run(script, timeout)
    }

    /// Whether [`Target::run_within`] hands `soft_ms` to the solver, so
    /// that a caller may calibrate it from the answer times.
    fn takes_soft_limit(&self) -> bool {
        false
    }

    /// Runs `script` as a user's fresh solver would, for a target whose
    /// [`Target::run_within`] keeps state between queries (a warm worker):
    /// how a finding is confirmed. `None` for a target that keeps none.
    fn run_fresh(&mut self, script: &str, soft_ms: u32, timeout: Duration) -> Option<RawOutcome> {
        let _ = (script, soft_ms, timeout);
        None
    }

    /// A copy of this target that shares no process or state with it, for
    /// another fuzzing client (`--cores`); `None` if it has no such copy.
    fn fresh_copy(&self) -> Option<Box<dyn Target>> {
        None
    }

    /// What the solver's `(get-info :all-statistics)` printed after the
    /// last query, if [`Target::run_within`] answered it, on the state it
    /// ran on (Z3's counters, in its warm worker): a signal of what the
    /// solver did that any build gives. Empty for a target that keeps
    /// none, after a query that was not answered, and after
    /// [`Target::run_fresh`].
    fn statistics(&self) -> &str {
        ""
    }

    /// Why this target cannot run a script that resets its assertions
    /// (`(reset-assertions)`), if it cannot: libz3 4.8.7 and earlier forget
    /// the script's declarations there in process, so every later `assert`
    /// that names one is refused. `None` for a target that keeps them (or
    /// whose caller judges a refused command as such).
    fn refuses_reset_assertions(&self) -> Option<String> {
        None
    }
}

/// The soft timeout handed to the solver for a hard `timeout`, in ms.
///
/// Z3 4.8.12 overshoots its own timeout by 100-200 ms on string queries
/// (measured: 704 ms for 500), so the soft timeout leaves a fifth of the
/// budget, at least 150 ms, but never more than half of it.
pub fn soft_timeout(timeout: Duration) -> u32 {
    let hard = timeout.as_millis().min(u32::MAX as u128) as u32;
    let margin = (hard / 5).max(150.min(hard / 2));
    (hard - margin).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_timeout_stays_below_the_hard_one() {
        assert_eq!(soft_timeout(Duration::from_secs(10)), 8000);
        assert_eq!(soft_timeout(Duration::from_millis(300)), 150);
        assert_eq!(soft_timeout(Duration::from_millis(1000)), 800);
        assert_eq!(soft_timeout(Duration::from_millis(0)), 1);
        for ms in 0..3000u64 {
            let soft = soft_timeout(Duration::from_millis(ms)) as u64;
            assert!(soft >= 1 && (soft < ms || ms <= 1), "{ms} -> {soft}");
        }
    }
}
