//! The value profile of the solver's comparisons (libFuzzer's
//! `-use_value_profile`), from a libz3 built with `trace-cmp`
//! (`scripts/build-z3.sh --trace-cmp`).
//!
//! Such a library calls `__sanitizer_cov_trace_cmp*` before each integer
//! comparison of the instrumented (string, sequence, regex) code, with both
//! operands. libafl_targets' callbacks keep, for each comparison site (the
//! caller's address hashed into [`VALUE_PROFILE`] slots), the most operand
//! bits ever equal, in its static `CMP_MAP`. A corpus feedback over that map
//! keeps a formula that brings one comparison closer to equal than any
//! before: a length one bit nearer the bound the solver tests, a character
//! nearer the one a rewrite looks for. Edges alone see nothing until the
//! branch flips; here the steps towards it count.
//!
//! The map is a static of the process that ran the query, the solver's
//! warm worker, whose memory the client does not share. The worker's
//! [`HOOKS`] empty it before each query and copy it, after, into a shared
//! map the client's observer reads ([`install`]).
//!
//! Opt-in: it grew the corpus without more edges and slowed the queries
//! (figures: `docs/measured/fuzz.md`, "Value profile").
//!
//! # Invariants
//!
//! - The shared map holds what the last query compared and nothing older:
//!   the worker empties its own map before each query (the `(reset)` after
//!   the last reply compares too), and the client's observer empties the
//!   shared one before each execution.
//! - Without a trace-cmp library nothing calls the callbacks: both maps
//!   stay empty and the feedback never fires.
//! - Without the `edges` feature there are no callbacks of ours: the hooks
//!   do nothing.

use std::sync::atomic::{AtomicPtr, Ordering};

use crate::solver::z3::worker::QueryHooks;

/// Slots of the value-profile map: libafl_targets' `CMP_MAP_SIZE`.
#[cfg(feature = "edges")]
pub const VALUE_PROFILE: usize = libafl_targets::CMP_MAP_SIZE;
/// Slots of the value-profile map (none filled without the `edges` feature).
#[cfg(not(feature = "edges"))]
pub const VALUE_PROFILE: usize = 65_536;

/// The shared map the worker copies into: null until [`install`].
static SHARED: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());

/// What the solver's worker runs around each query (see the module docs).
pub const HOOKS: QueryHooks = QueryHooks {
    before: clear,
    after: publish,
};

/// Makes `map` the shared map the worker's [`HOOKS`] copy into.
///
/// # Safety
///
/// `map` points to [`VALUE_PROFILE`] writable bytes, mapped shared before
/// the worker forks and for as long as workers run.
pub unsafe fn install(map: *mut u8) {
    SHARED.store(map, Ordering::SeqCst);
}

/// Empties this process's value-profile map.
fn clear() {
    #[cfg(feature = "edges")]
    // SAFETY: the worker is single-threaded and not inside the solver, so
    // no callback writes the map meanwhile.
    unsafe {
        (&raw mut libafl_targets::CMP_MAP).write_bytes(0, 1);
    }
}

/// Copies this process's value-profile map into the shared one.
fn publish() {
    let shared = SHARED.load(Ordering::SeqCst);
    if shared.is_null() {
        return;
    }
    #[cfg(feature = "edges")]
    // SAFETY: `install`'s contract: `shared` has VALUE_PROFILE bytes; the
    // static map has as many and nothing writes it now (see `clear`).
    unsafe {
        std::ptr::copy_nonoverlapping(
            (&raw const libafl_targets::CMP_MAP).cast::<u8>(),
            shared,
            VALUE_PROFILE,
        );
    }
}

#[cfg(all(test, feature = "edges"))]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The tests share the process's static map.
    static MAP_LOCK: Mutex<()> = Mutex::new(());

    /// Stands in for what a trace-cmp library's callbacks do to the map.
    fn compare(site: usize, bits: u8) {
        // SAFETY: a single write to the static map (one test uses it).
        unsafe {
            let map = &raw mut libafl_targets::CMP_MAP;
            (*map)[site] = (*map)[site].max(bits);
        }
    }

    #[test]
    fn a_query_publishes_its_own_comparisons_and_nothing_older() {
        let _map = MAP_LOCK.lock().unwrap();
        let mut shared = vec![0u8; VALUE_PROFILE];
        // SAFETY: the vector outlives every hook call below.
        unsafe { install(shared.as_mut_ptr()) };
        // What the last query's reset compared, before this query.
        compare(7, 30);
        (HOOKS.before)();
        compare(9, 12);
        compare(9, 20);
        (HOOKS.after)();
        SHARED.store(std::ptr::null_mut(), Ordering::SeqCst);
        assert_eq!(shared[9], 20, "the query's closest comparison at its site");
        assert_eq!(shared[7], 0, "a comparison from before the query");
        assert_eq!(shared.iter().filter(|&&b| b != 0).count(), 1);
    }

    #[test]
    fn the_real_callbacks_fill_the_map_at_the_callers_site() {
        unsafe extern "C" {
            fn __sanitizer_cov_trace_cmp4(a: u32, b: u32);
        }
        let _map = MAP_LOCK.lock().unwrap();
        (HOOKS.before)();
        // SAFETY: libafl_targets defines the callback (feature
        // sancov_value_profile); it only writes its static map.
        unsafe { __sanitizer_cov_trace_cmp4(0b1010, 0b1000) };
        // SAFETY: read after the write, on this thread.
        let map = unsafe {
            std::slice::from_raw_parts(
                (&raw const libafl_targets::CMP_MAP).cast::<u8>(),
                VALUE_PROFILE,
            )
        };
        let filled: Vec<u8> = map.iter().copied().filter(|&b| b != 0).collect();
        // 32 bits, of which one differs.
        assert_eq!(filled, [31]);
    }
}
