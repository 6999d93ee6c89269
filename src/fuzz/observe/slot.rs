//! The result of one execution, handed from the harness to the feedbacks
//! through one shared page, so that it crosses `fork` the same way it
//! crosses a function return.
//!
//! # Invariants
//!
//! - The page is `MAP_SHARED | MAP_ANONYMOUS`, mapped before any fork: a
//!   fork child's writes are seen by the parent.
//! - `finished` is set last, after the verdict and output are in place, and
//!   cleared before each execution: an execution that died (signal,
//!   `exit()` inside the solver) leaves it clear, and the feedback reports a
//!   crash, never a stale verdict.
//! - Verdict and output are truncated to fit; the output is only shown in
//!   finding headers (2,000 characters), the verdict is small.
//! - The solver's statistics of an execution are stored before its result
//!   and cleared with `finished`: they are read only from a finished
//!   execution, and only from the one that stored them.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::oracle::Verdict;

const VERDICT_BYTES: usize = 8 << 10;
const OUTPUT_BYTES: usize = 8 << 10;
const STATISTICS_BYTES: usize = 8 << 10;

#[repr(C)]
struct Page {
    finished: AtomicU32,
    verdict_len: AtomicU32,
    output_len: AtomicU32,
    solver_ns: AtomicU64,
    history_dependent: AtomicU32,
    statistics_len: AtomicU32,
    verdict: [u8; VERDICT_BYTES],
    output: [u8; OUTPUT_BYTES],
    statistics: [u8; STATISTICS_BYTES],
}

/// Where the harness leaves the result of the last execution.
#[derive(Debug)]
pub struct ResultSlot {
    page: *mut Page,
}

// SAFETY: the page lives for the whole process (never unmapped) and is used
// by one fuzzing thread (and its fork children) at a time.
unsafe impl Send for ResultSlot {}

/// The result of a finished execution.
#[derive(Debug)]
pub struct Finished {
    /// The judged verdict.
    pub verdict: Verdict,
    /// The start of the solver's output.
    pub output: String,
    /// Time inside the solver call, nanoseconds.
    pub solver_ns: u64,
    /// The verdict is a fresh context's, after a warm one's finding that
    /// it did not repeat (see `harness`).
    pub history_dependent: bool,
}

impl ResultSlot {
    /// Maps a fresh shared page.
    pub fn new() -> std::io::Result<ResultSlot> {
        // SAFETY: an anonymous shared mapping with no address hint.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                std::mem::size_of::<Page>(),
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(std::io::Error::last_os_error());
        }
        Ok(ResultSlot { page: p.cast() })
    }

    fn page(&self) -> &Page {
        // SAFETY: mapped in `new`, never unmapped, zero-initialised.
        unsafe { &*self.page }
    }

    /// Marks the start of an execution.
    pub fn clear(&self) {
        self.page().finished.store(0, Ordering::SeqCst);
        self.page().statistics_len.store(0, Ordering::SeqCst);
    }

    /// Stores the solver's statistics of the running execution (what
    /// `(get-info :all-statistics)` printed), cut at a line to fit; call
    /// before [`ResultSlot::store`].
    pub fn store_statistics(&self, text: &str) {
        // SAFETY: as in `store_marked`.
        let page = unsafe { &mut *self.page };
        let mut end = text.len();
        if end > STATISTICS_BYTES {
            end = text.as_bytes()[..STATISTICS_BYTES]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
        }
        page.statistics[..end].copy_from_slice(&text.as_bytes()[..end]);
        page.statistics_len.store(end as u32, Ordering::SeqCst);
    }

    /// The statistics stored by the last execution, if it finished (empty
    /// when it stored none).
    pub fn statistics(&self) -> Option<&str> {
        let page = self.page();
        if page.finished.load(Ordering::SeqCst) == 0 {
            return None;
        }
        let len = (page.statistics_len.load(Ordering::SeqCst) as usize).min(STATISTICS_BYTES);
        Some(std::str::from_utf8(&page.statistics[..len]).unwrap_or(""))
    }

    /// Stores a finished execution's result.
    pub fn store(&self, verdict: &Verdict, output: &str, solver_ns: u64) {
        self.store_marked(verdict, output, solver_ns, false);
    }

    /// Stores a fresh context's verdict after a warm context's finding it
    /// did not repeat (see `harness`): counted apart by the feedback.
    pub fn store_history_dependent(&self, verdict: &Verdict, output: &str, solver_ns: u64) {
        self.store_marked(verdict, output, solver_ns, true);
    }

    fn store_marked(
        &self,
        verdict: &Verdict,
        output: &str,
        solver_ns: u64,
        history_dependent: bool,
    ) {
        // SAFETY: only the executing side writes, between `clear` and the
        // `finished` store; the reader reads after the execution.
        let page = unsafe { &mut *self.page };
        let bytes = postcard::to_allocvec(verdict).unwrap_or_default();
        let v = if bytes.len() <= VERDICT_BYTES {
            bytes
        } else {
            let short = Verdict::Error(format!("verdict too long to report: {}", verdict.kind()));
            postcard::to_allocvec(&short).unwrap_or_default()
        };
        page.verdict[..v.len()].copy_from_slice(&v);
        page.verdict_len.store(v.len() as u32, Ordering::SeqCst);
        let mut end = output.len().min(OUTPUT_BYTES);
        while !output.is_char_boundary(end) {
            end -= 1;
        }
        page.output[..end].copy_from_slice(&output.as_bytes()[..end]);
        page.output_len.store(end as u32, Ordering::SeqCst);
        page.solver_ns.store(solver_ns, Ordering::SeqCst);
        page.history_dependent
            .store(u32::from(history_dependent), Ordering::SeqCst);
        page.finished.store(1, Ordering::SeqCst);
    }

    /// The last execution's result, or `None` if it did not finish. Reading
    /// leaves it in place until the next [`ResultSlot::clear`]: under
    /// `fork`, the child and then the parent read it.
    pub fn read(&self) -> Option<Finished> {
        let page = self.page();
        if page.finished.load(Ordering::SeqCst) == 0 {
            return None;
        }
        let vlen = (page.verdict_len.load(Ordering::SeqCst) as usize).min(VERDICT_BYTES);
        let olen = (page.output_len.load(Ordering::SeqCst) as usize).min(OUTPUT_BYTES);
        let verdict = postcard::from_bytes(&page.verdict[..vlen])
            .unwrap_or_else(|e| Verdict::Error(format!("unreadable verdict: {e}")));
        Some(Finished {
            verdict,
            output: String::from_utf8_lossy(&page.output[..olen]).into_owned(),
            solver_ns: page.solver_ns.load(Ordering::SeqCst),
            history_dependent: page.history_dependent.load(Ordering::SeqCst) != 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::truth::Status;

    #[test]
    fn a_stored_result_crosses_fork() {
        let slot = ResultSlot::new().unwrap();
        slot.clear();
        let verdict = Verdict::Unsound {
            expected: Status::Sat,
            got: Status::Unsat,
        };
        // SAFETY: the child only writes the page and _exits.
        match unsafe { libc::fork() } {
            0 => {
                slot.store(&verdict, "unsat\n", 42);
                unsafe { libc::_exit(0) }
            }
            pid => {
                let mut status = 0;
                unsafe { libc::waitpid(pid, &mut status, 0) };
            }
        }
        let got = slot.read().expect("the child finished");
        assert_eq!(got.verdict, verdict);
        assert_eq!(got.output, "unsat\n");
        assert_eq!(got.solver_ns, 42);
        assert!(slot.read().is_some(), "reading leaves the result");
        slot.clear();
        assert!(slot.read().is_none(), "until the next execution clears it");
    }

    #[test]
    fn statistics_belong_to_the_execution_that_stored_them() {
        let slot = ResultSlot::new().unwrap();
        slot.clear();
        slot.store_statistics("(:conflicts 3\n :decisions 7)");
        assert_eq!(slot.statistics(), None, "not before the result");
        slot.store(&Verdict::Unknown, "unknown", 1);
        assert_eq!(slot.statistics(), Some("(:conflicts 3\n :decisions 7)"));
        slot.clear();
        slot.store(&Verdict::Unknown, "unknown", 1);
        assert_eq!(
            slot.statistics(),
            Some(""),
            "the next execution stored none"
        );
        let long = " :decisions 7\n".repeat(STATISTICS_BYTES / 8);
        slot.clear();
        slot.store_statistics(&long);
        slot.store(&Verdict::Unknown, "unknown", 1);
        let got = slot.statistics().unwrap();
        assert!(got.len() <= STATISTICS_BYTES && got.ends_with('\n') && long.starts_with(got));
    }

    #[test]
    fn an_unfinished_execution_reports_nothing() {
        let slot = ResultSlot::new().unwrap();
        slot.store(&Verdict::Unknown, "unknown", 1);
        slot.clear();
        assert!(slot.read().is_none());
    }

    #[test]
    fn long_output_is_cut_at_a_char_boundary() {
        let slot = ResultSlot::new().unwrap();
        let text = "é".repeat(OUTPUT_BYTES);
        slot.store(&Verdict::Unknown, &text, 1);
        let got = slot.read().unwrap();
        assert!(got.output.len() <= OUTPUT_BYTES && text.starts_with(&got.output));
    }
}
