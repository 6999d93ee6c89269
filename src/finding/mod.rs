//! Findings on disk: the file format, read and written in one place.
//!
//! A finding is a case the solver failed, written as an SMT-LIB file whose
//! header says what was found and how to replay it (the replay line), with
//! a postcard of the case beside it. This module holds that format and
//! what the fuzz loops and triage both need of it: the writer
//! ([`write_finding`]), the reader of labelled files ([`read_case`]), the
//! replay line ([`Finding`], [`ReplayArgs`]), the bucket a finding falls
//! into ([`BucketKey`]) and the stable hash that names files and buckets.
//!
//! It sits below `execute`, so one execution's judgement carries its
//! bucket key, and below `fuzz` and `triage`, which both use the format
//! and never each other's code for it.

mod bucket;
mod bucket_text;
mod hash;
mod labelled;
mod replay;
mod variant;
mod walk;
mod write;

pub use bucket::{BucketKey, FEATURES, answer_of, feature, group, shrunk};
pub use bucket_text::{formula_of_text, key_of_text, recorded_crash_site, variant_of_text};
pub use hash::stable_hash;
pub use labelled::{LabelledError, expected_core, read_case};
pub use replay::{Finding, INSTANTIATED_CORE, ReplayArgs, header_field, read_claimed_case};
pub use variant::{operators, shape, variant};
pub use walk::files_under;

/// The file under a campaign's folder with the verdict of every case its
/// corpus kept, one `HASH<TAB>KIND<TAB>CATEGORY<TAB>TRANSFORMATION` line
/// each (written by the campaign, read by the report's table).
pub const KEPT_VERDICTS: &str = "corpus-verdicts.tsv";
pub use write::{
    FindingInfo, needs_settings, replay_line, smt2_text, write_atomically, write_finding,
};
