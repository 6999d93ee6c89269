//! The uninterpreted-function generators: functions declared over the
//! sorts we have, the way symbolic executors and verifiers write strings,
//! applied to terms of the string and sequence theories ([`UfCases`]: term
//! synthesis, congruence, identities under a function symbol).
//!
//! Their terms and values come from the sequence room's
//! [`terms`](super::seq::terms).

pub mod cases;

pub use cases::{UfCases, UfCategory};
