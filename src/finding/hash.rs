//! The one hash of triage's ids (finding files, buckets), at the bottom of
//! `triage/` so that every file there may name it.

/// A stable 64-bit hash, for file ids that do not change across builds or
/// platforms: LibAFL's `hash_std`, which is XXH3-64 (a fixed, specified
/// algorithm) with libafl_bolts' `xxh3` feature, enabled in Cargo.toml.
pub fn stable_hash(bytes: &[u8]) -> u64 {
    libafl_bolts::hash_std(bytes)
}
