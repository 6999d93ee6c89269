//! Findings: writing them so that they can be replayed and read.

mod finding;
mod labelled;
mod walk;

pub use finding::{FindingInfo, smt2_text, stable_hash, write_atomically, write_finding};
pub use labelled::{LabelledError, expected_core, read_case};
pub use walk::files_under;
