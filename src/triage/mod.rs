//! Findings: writing them so that they can be replayed and read, and
//! triaging them (minimizing, bucketing, the releases to bisect over).

mod bucket;
mod finding;
mod hash;
mod known;
mod labelled;
pub mod membership;
pub mod minimize;
pub mod plot;
pub mod releases;
mod replay;
mod walk;

pub use bucket::{
    BucketKey, FEATURES, answer_of, feature, formula_of_text, group, key_of_text, operators, shape,
    shrunk, variant, variant_of_text,
};
pub use finding::{
    FindingInfo, needs_settings, replay_line, smt2_text, write_atomically, write_finding,
};
pub use hash::stable_hash;
pub use known::KnownBugs;
pub use labelled::{LabelledError, expected_core, read_case};
pub use replay::{Finding, INSTANTIATED_CORE, ReplayArgs, header_field};
pub use walk::files_under;
