//! The solutions corpus: each solution the objective keeps is written to
//! disk as a finding as it is added (LibAFL's `OnDiskCorpus` role, in our
//! file format: the `.smt2` a developer pastes into an issue and the
//! postcard case, see [`write_finding`]), and kept in memory for the
//! clients it is shared with ([`share`](crate::fuzz::events::share)).
//!
//! # Invariants
//!
//! - A solution is on disk (atomically) before `add` returns, so `kill -9`
//!   at any later moment loses nothing; a formula already written under
//!   its kind is not written again (nor counted).
//! - Each solution carries what the objective knew of it ([`Found`], as
//!   testcase metadata): the file's header says the verdict and output of
//!   the execution that found it. One without it is our bug: an error, not
//!   a file.
//! - The files written are counted here, by kind: the campaign reports and
//!   ends (its exit code) by these counts.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::PathBuf;

use libafl::Error;
use libafl::HasMetadata;
use libafl::corpus::{Corpus, CorpusId, InMemoryCorpus, Testcase};
use libafl::state::HasSolutions;
use serde::{Deserialize, Serialize};

use crate::execute::judged::Judged;
use crate::finding::write_finding;
use crate::solver::SolverInfo;
use crate::term::{Dialect, Printer};
use crate::truth::Case;

/// What the objective knew of a solution, kept with it as testcase
/// metadata.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Found {
    /// The execution's result.
    pub judged: Judged,
    /// Whether it is the first of its bug signature (the one shared with
    /// the other clients).
    pub new_signature: bool,
}

libafl_bolts::impl_serdeany!(Found);

/// Whether a solution `state` added after its first `before` is a new bug
/// (the first of its bucket, [`Found::new_signature`]): what the mutators'
/// bandits are paid for, read from the solutions the objective kept.
pub fn new_bug_since<I, S: HasSolutions<I>>(state: &S, before: usize) -> bool {
    let solutions = state.solutions();
    solutions.ids().skip(before).any(|id| {
        solutions.get(id).is_ok_and(|t| {
            t.borrow()
                .metadata::<Found>()
                .is_ok_and(|f| f.new_signature)
        })
    })
}

/// Who the solver is, as finding headers name it (a [`SolverInfo`] that
/// survives a client restart inside the state).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Header {
    solver: SolverInfo,
    dialect: Dialect,
}

/// Solutions, each written under `dir/<kind>/` as it is added.
#[derive(Debug, Serialize, Deserialize)]
pub struct FindingCorpus {
    inner: InMemoryCorpus<Case>,
    dir: PathBuf,
    header: Header,
    written: BTreeMap<String, u64>,
}

impl FindingCorpus {
    /// Writes findings of the solver `info` under `dir` (`findings/`),
    /// the id of each from its formula as `printer` prints it.
    pub fn new(dir: PathBuf, info: &SolverInfo, printer: Printer) -> Self {
        FindingCorpus {
            inner: InMemoryCorpus::new(),
            dir,
            header: Header {
                solver: info.clone(),
                dialect: printer.dialect,
            },
            written: BTreeMap::new(),
        }
    }

    /// Files written, by kind.
    pub fn written(&self) -> &BTreeMap<String, u64> {
        &self.written
    }

    /// All files written.
    pub fn findings_written(&self) -> u64 {
        self.written.values().sum()
    }

    /// Writes `testcase` as a finding (unless its formula is already
    /// there) and counts it.
    fn write(&mut self, testcase: &Testcase<Case>) -> Result<(), Error> {
        let found = testcase
            .metadata::<Found>()
            .map_err(|_| Error::illegal_state("a solution without the objective's verdict"))?;
        let case = testcase
            .input()
            .as_ref()
            .ok_or_else(|| Error::illegal_state("a solution without its case"))?;
        let h = &self.header;
        let verdict = &found.judged.verdict;
        let info = found.judged.info(&h.solver);
        if let Some(path) = write_finding(&self.dir, case, &info, &Printer::new(h.dialect))? {
            *self.written.entry(verdict.kind().to_string()).or_default() += 1;
            if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
                // Clears the live status line the message would follow.
                eprint!("\r\x1b[2K");
            }
            tracing::warn!("finding: {verdict} -> {}", path.display());
        }
        Ok(())
    }
}

impl Corpus<Case> for FindingCorpus {
    fn count(&self) -> usize {
        self.inner.count()
    }

    fn count_disabled(&self) -> usize {
        self.inner.count_disabled()
    }

    fn count_all(&self) -> usize {
        self.inner.count_all()
    }

    fn add(&mut self, testcase: Testcase<Case>) -> Result<CorpusId, Error> {
        self.write(&testcase)?;
        self.inner.add(testcase)
    }

    fn add_disabled(&mut self, testcase: Testcase<Case>) -> Result<CorpusId, Error> {
        self.write(&testcase)?;
        self.inner.add_disabled(testcase)
    }

    fn replace(&mut self, id: CorpusId, testcase: Testcase<Case>) -> Result<Testcase<Case>, Error> {
        self.write(&testcase)?;
        self.inner.replace(id, testcase)
    }

    fn remove(&mut self, id: CorpusId) -> Result<Testcase<Case>, Error> {
        self.inner.remove(id)
    }

    fn get(&self, id: CorpusId) -> Result<&RefCell<Testcase<Case>>, Error> {
        self.inner.get(id)
    }

    fn get_from_all(&self, id: CorpusId) -> Result<&RefCell<Testcase<Case>>, Error> {
        self.inner.get_from_all(id)
    }

    fn current(&self) -> &Option<CorpusId> {
        self.inner.current()
    }

    fn current_mut(&mut self) -> &mut Option<CorpusId> {
        self.inner.current_mut()
    }

    fn next(&self, id: CorpusId) -> Option<CorpusId> {
        self.inner.next(id)
    }

    fn peek_free_id(&self) -> CorpusId {
        self.inner.peek_free_id()
    }

    fn prev(&self, id: CorpusId) -> Option<CorpusId> {
        self.inner.prev(id)
    }

    fn first(&self) -> Option<CorpusId> {
        self.inner.first()
    }

    fn last(&self) -> Option<CorpusId> {
        self.inner.last()
    }

    fn nth_from_all(&self, nth: usize) -> CorpusId {
        self.inner.nth_from_all(nth)
    }

    fn load_input_into(&self, testcase: &mut Testcase<Case>) -> Result<(), Error> {
        self.inner.load_input_into(testcase)
    }

    fn store_input_from(&self, testcase: &Testcase<Case>) -> Result<(), Error> {
        self.inner.store_input_from(testcase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Verdict;
    use crate::truth::Status;

    #[test]
    fn a_solution_is_on_disk_once_added_and_counted_once() {
        let out = std::env::temp_dir().join(format!("equifuzz-solutions-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let info = SolverInfo {
            name: "z3".into(),
            version: "test".into(),
            options: String::new(),
            replay: String::new(),
        };
        let mut corpus = FindingCorpus::new(out.join("findings"), &info, Printer::default());
        let case = crate::fuzz::observe::verdict::tests::a_case();
        let unsound = Verdict::Unsound {
            expected: Status::Sat,
            got: Status::Unsat,
        };
        let solution = || {
            let mut testcase = Testcase::new(case.clone());
            testcase.add_metadata(Found {
                judged: Judged::new(unsound.clone(), "unsat\n", 1),
                new_signature: true,
            });
            testcase
        };
        corpus.add(solution()).unwrap();
        corpus.add(solution()).unwrap();
        let files: Vec<_> = std::fs::read_dir(out.join("findings/unsound"))
            .map(|d| d.map(|e| e.unwrap().file_name()).collect())
            .unwrap_or_default();
        let without = corpus.add(Testcase::new(case.clone()));
        let _ = std::fs::remove_dir_all(&out);
        assert_eq!(files.len(), 2, "one .smt2 and one .postcard: {files:?}");
        assert_eq!(
            corpus.findings_written(),
            1,
            "the same formula is written once"
        );
        assert_eq!(corpus.count(), 2, "both kept in memory");
        assert!(
            without.is_err(),
            "a solution without its verdict is our bug"
        );
    }
}
