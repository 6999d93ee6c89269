//! The verdict of every case the corpus keeps, as the campaign judged it:
//! one line per corpus entry in `OUT/corpus-verdicts.tsv`, so that `report`
//! reads it instead of judging the whole corpus again.
//!
//! # Invariants
//!
//! - It never makes an input interesting and writes nothing: in
//!   `append_metadata`, which LibAFL calls for an input the corpus is about
//!   to add, with the observers of the execution that judged it, it queues
//!   the case and its verdict kind ([`Record::Kept`]) for the record stage
//!   ([`RecordStage`](crate::fuzz::stages::record::RecordStage)), which
//!   writes the line.
//! - A line is `HASH<TAB>KIND<TAB>CATEGORY<TAB>TRANSFORMATION`: the stable
//!   hash of the case's postcard (a resumed campaign re-adds its old
//!   entries; a reader counts each hash once), the verdict kind, and the
//!   row of the papers' table the case belongs to. One `write` per line on
//!   a file opened for appending, so clients sharing the folder never
//!   interleave within a line.

use std::borrow::Cow;

use libafl::Error;
use libafl::HasMetadata;
use libafl::corpus::Testcase;
use libafl::executors::ExitKind;
use libafl::feedbacks::{Feedback, StateInitializer};
use libafl_bolts::Named;
use libafl_bolts::tuples::{Handle, MatchName};

use super::record::{Record, queue};
use crate::finding::stable_hash;
use crate::fuzz::observe::verdict::{VerdictObserver, judged};
use crate::truth::Case;

/// Hands the verdict of each case the corpus keeps to the record stage
/// (see the module docs).
pub struct KeptVerdicts {
    verdict: Handle<VerdictObserver>,
}

impl KeptVerdicts {
    /// Queues what the observer behind `verdict` judged.
    pub fn new(verdict: Handle<VerdictObserver>) -> Self {
        KeptVerdicts { verdict }
    }
}

/// The line of one kept case judged `kind`.
pub fn kept_line(case: &Case, kind: &str) -> String {
    let hash = postcard::to_allocvec(case)
        .map(|b| stable_hash(&b))
        .unwrap_or(0);
    let clean = |s: &str| s.replace(['\t', '\n'], " ");
    let transformation = case.provenance.chain.last().map_or("none", String::as_str);
    format!(
        "{hash:016x}\t{kind}\t{}\t{}\n",
        clean(&case.provenance.category),
        clean(transformation)
    )
}

impl Named for KeptVerdicts {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("kept-verdicts");
        &NAME
    }
}

impl<S> StateInitializer<S> for KeptVerdicts {}

impl<EM, OT: MatchName, S: HasMetadata> Feedback<EM, Case, OT, S> for KeptVerdicts {
    fn is_interesting(
        &mut self,
        _state: &mut S,
        _manager: &mut EM,
        _input: &Case,
        _observers: &OT,
        _exit_kind: &ExitKind,
    ) -> Result<bool, Error> {
        Ok(false)
    }

    fn append_metadata(
        &mut self,
        state: &mut S,
        _manager: &mut EM,
        observers: &OT,
        testcase: &mut Testcase<Case>,
    ) -> Result<(), Error> {
        let Some(case) = testcase.input().as_ref() else {
            return Ok(());
        };
        let kind = judged(observers, &self.verdict)?.verdict.kind().to_string();
        let case = case.clone();
        queue(state, Record::Kept { case, kind });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_case_is_one_line_with_its_row() {
        let mut case = crate::fuzz::observe::verdict::tests::a_case();
        case.provenance.category = "equivalent\tformula".into();
        case.provenance.chain = vec!["constant-assignment".into(), "noise".into()];
        let line = kept_line(&case, "sat");
        let fields: Vec<&str> = line.trim_end().split('\t').collect();
        assert_eq!(fields.len(), 4, "{line:?}");
        assert_eq!(&fields[1..], ["sat", "equivalent formula", "noise"]);
        assert_eq!(line, kept_line(&case.clone(), "sat"), "the hash is stable");
        case.provenance.seed += 1;
        assert_ne!(
            fields[0],
            kept_line(&case, "sat").split('\t').next().unwrap()
        );
    }
}
