//! The memory a client's observers read: the instrumented solver's edge
//! map and the value profile (shared memory the solver side writes), the
//! maps of the formula's features and of the solver's statistics (filled
//! by the verdict observer), and the result slot an execution's result
//! crosses `fork` in.
//!
//! # Invariants
//!
//! - Every map is mapped before any worker or fork child exists, and lives
//!   until the client's process ends: the shared ones are released only by
//!   [`Maps::release`], after the instrumented library's edge pointer is
//!   back on its static map (its destructors write through it at exit);
//!   the others are leaked.
//! - A library counts as instrumented only if loading it registered
//!   sancov guards with libafl_targets (`MAX_EDGES_FOUND > 0`): a name or a
//!   folder proves nothing.
//! - A map that is off (no instrumentation, no value profile) is one byte,
//!   so its observer and feedback need no special case.

use libafl_bolts::shmem::{ShMemProvider, UnixShMem};

use super::CampaignError;
use super::shmem::SelfRemovingShMemProvider;
use crate::fuzz::observe::features::FEATURES;
use crate::fuzz::observe::slot::ResultSlot;
use crate::fuzz::observe::statistics::STATISTICS;
use crate::fuzz::observe::value_profile::{self, VALUE_PROFILE};

/// A client's maps; see the module doc.
pub struct Maps {
    edges: UnixShMem,
    /// Edges the instrumented library registered (0: none).
    pub edges_total: usize,
    value_profile: UnixShMem,
    /// Entries of the value-profile map (1 when it is off).
    pub value_profile_len: usize,
    /// The feature map, [`FEATURES`] bytes.
    pub features: *mut u8,
    /// The statistics map, [`STATISTICS`] bytes.
    pub statistics: *mut u8,
    /// Where the harness leaves each execution's result.
    pub slot: &'static ResultSlot,
}

impl Maps {
    /// Maps everything, from `provider`, and points the instrumented
    /// library (and, with `value_profile`, the worker's comparisons) at
    /// the shared maps.
    pub fn new(
        provider: &mut SelfRemovingShMemProvider,
        value_profile: bool,
    ) -> Result<Maps, CampaignError> {
        let edges_total = edges_registered();
        let mut edges = provider.new_shmem(edges_total.max(1))?;
        let edges_ptr = edges.as_mut_ptr();
        // SAFETY: the sancov callbacks write through this pointer; the map
        // lives until the client exits (see `release`).
        #[cfg(feature = "edges")]
        unsafe {
            libafl_targets::EDGES_MAP_PTR = edges_ptr
        };
        #[cfg(not(feature = "edges"))]
        let _ = edges_ptr;
        // The value profile's map, shared with the solver's worker, which
        // copies its comparisons into it (see `value_profile`).
        let value_profile_len = if value_profile { VALUE_PROFILE } else { 1 };
        let mut value_profile_map = provider.new_shmem(value_profile_len)?;
        if value_profile {
            // SAFETY: the map is shared, mapped now, before any worker
            // forks, and lives until the client exits.
            unsafe { value_profile::install(value_profile_map.as_mut_ptr()) };
        }
        Ok(Maps {
            edges,
            edges_total,
            value_profile: value_profile_map,
            value_profile_len,
            features: Box::leak(vec![0u8; FEATURES].into_boxed_slice()).as_mut_ptr(),
            statistics: Box::leak(vec![0u8; STATISTICS].into_boxed_slice()).as_mut_ptr(),
            slot: Box::leak(Box::new(ResultSlot::new()?)),
        })
    }

    /// The edge map (`max(edges_total, 1)` bytes).
    pub fn edges(&mut self) -> *mut u8 {
        self.edges.as_mut_ptr()
    }

    /// The value-profile map (`value_profile_len` bytes).
    pub fn value_profile(&mut self) -> *mut u8 {
        self.value_profile.as_mut_ptr()
    }

    /// Gives the shared maps back, the instrumented library's edge pointer
    /// first returned to its static map.
    pub fn release(self) {
        // SAFETY: the static map is always valid.
        #[cfg(feature = "edges")]
        unsafe {
            libafl_targets::EDGES_MAP_PTR = (&raw mut libafl_targets::EDGES_MAP).cast();
        }
        drop(self.edges);
        drop(self.value_profile);
    }
}

/// The number of coverage edges the loaded libraries registered.
#[cfg(feature = "edges")]
pub fn edges_registered() -> usize {
    // SAFETY: written only by the guard-init callback, which runs inside
    // dlopen on this thread.
    unsafe { libafl_targets::MAX_EDGES_FOUND }
}

/// The number of coverage edges the loaded libraries registered: none
/// without the `edges` feature (no callbacks of ours to count them).
#[cfg(not(feature = "edges"))]
pub fn edges_registered() -> usize {
    0
}
