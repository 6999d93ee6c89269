//! Corpora of our own, behind LibAFL's `Corpus` trait: the solutions
//! corpus that writes each finding as it is added ([`findings`]). The
//! campaign's corpus of inputs is LibAFL's `InMemoryOnDiskCorpus`.

pub mod findings;
