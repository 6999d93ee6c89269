//! The observers: what an execution left, read by the feedbacks.
//!
//! The harness leaves its result in the [`slot::ResultSlot`]; the
//! [`verdict::VerdictObserver`] reads it after each execution, and the
//! feedbacks read the verdict through that observer. The feature, statistics
//! and value-profile maps are maps of their own that LibAFL's
//! `MaxMapFeedback` reads like an edge map.

pub mod features;
pub mod slot;
pub mod statistics;
pub mod value_profile;
pub mod verdict;
