//! The cores a test may give `fuzz --cores`: those in this process's CPU
//! affinity set, which the spawned `equifuzz` inherits and checks
//! `--cores` against. Not core 0 and up: under `taskset -c 1 .ci/run`, or
//! in a container or CI runner without core 0, core 0 is refused.

/// The cores this process may run on, lowest first (LibAFL's
/// `get_core_ids` reads the affinity set with `sched_getaffinity` on
/// Linux); empty if it cannot tell.
pub fn allowed() -> Vec<usize> {
    libafl_bolts::core_affinity::get_core_ids()
        .map(|ids| ids.into_iter().map(|c| c.0).collect())
        .unwrap_or_default()
}

/// The lowest core this process may run on, as `--cores` takes it.
#[allow(dead_code)]
pub fn first() -> String {
    allowed()
        .first()
        .expect("this process may run on some core (sched_getaffinity)")
        .to_string()
}
