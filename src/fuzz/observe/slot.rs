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

use std::sync::atomic::{AtomicU32, Ordering};

use crate::execute::judged::Judged;
use crate::oracle::Verdict;

const VERDICT_BYTES: usize = 8 << 10;
const OUTPUT_BYTES: usize = 8 << 10;
const STATISTICS_BYTES: usize = 8 << 10;

/// The facts' share (the failed check, a warm verdict and its output cut
/// to a few hundred characters, the bucket key).
const FACTS_BYTES: usize = 4 << 10;

/// The output's share, with room for its length, the time and the facts.
const RESULT_BYTES: usize = VERDICT_BYTES + OUTPUT_BYTES + FACTS_BYTES + 32;

#[repr(C)]
struct Page {
    finished: AtomicU32,
    result_len: AtomicU32,
    statistics_len: AtomicU32,
    /// A postcard-encoded [`Judged`].
    result: [u8; RESULT_BYTES],
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
        // SAFETY: as in `store`.
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

    /// Stores a finished execution's result; call last.
    pub fn store(&self, judged: &Judged) {
        // SAFETY: only the executing side writes, between `clear` and the
        // `finished` store; the reader reads after the execution.
        let page = unsafe { &mut *self.page };
        // Postcard writes a struct as its fields one after the other, so
        // the verdict and the output are written in place, each checked
        // against its share of the page, and read back as one `Judged`.
        let verdict_len =
            match postcard::to_slice(&judged.verdict, &mut page.result[..VERDICT_BYTES]) {
                Ok(used) => used.len(),
                Err(_) => {
                    let short = Verdict::Error(format!(
                        "verdict too long to report: {}",
                        judged.verdict.kind()
                    ));
                    postcard::to_slice(&short, &mut page.result[..VERDICT_BYTES])
                        .map_or(0, |used| used.len())
                }
            };
        let mut end = judged.output.len().min(OUTPUT_BYTES);
        while !judged.output.is_char_boundary(end) {
            end -= 1;
        }
        let rest = (
            &judged.output[..end],
            judged.solver_ns,
            &judged.failed,
            &judged.history,
            &judged.bucket,
        );
        let rest_len =
            postcard::to_slice(&rest, &mut page.result[verdict_len..]).map_or(0, |used| used.len());
        page.result_len
            .store((verdict_len + rest_len) as u32, Ordering::SeqCst);
        page.finished.store(1, Ordering::SeqCst);
    }

    /// The last execution's result, or `None` if it did not finish. Reading
    /// leaves it in place until the next [`ResultSlot::clear`]: under
    /// `fork`, the child and then the parent read it.
    pub fn read(&self) -> Option<Judged> {
        let page = self.page();
        if page.finished.load(Ordering::SeqCst) == 0 {
            return None;
        }
        let len = (page.result_len.load(Ordering::SeqCst) as usize).min(RESULT_BYTES);
        Some(
            postcard::from_bytes(&page.result[..len]).unwrap_or_else(|e| {
                Judged::new(Verdict::Error(format!("unreadable verdict: {e}")), "", 0)
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::truth::Status;

    /// A case to judge (its bucket is keyed from it).
    fn a_case() -> crate::truth::Case {
        use rand::SeedableRng;

        use crate::generate::Generator;
        crate::source::RandomCaseGenerator::new(crate::generate::ConstantPool::paper())
            .unwrap()
            .next(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1))
    }

    #[test]
    fn a_stored_result_crosses_fork() {
        let slot = ResultSlot::new().unwrap();
        slot.clear();
        let verdict = Verdict::Unsound {
            expected: Status::Sat,
            got: Status::Unsat,
        };
        // The facts of the judgement cross with it, as fields.
        let case = a_case();
        let judged = Judged {
            failed: Some(crate::oracle::FailedCheck { index: 1, of: 3 }),
            history: Some(crate::execute::judged::History::new(
                Verdict::Unknown,
                &"x".repeat(5000),
            )),
            ..Judged::on(&case, verdict.clone(), None, "unsat\n", 42)
        };
        assert!(judged.bucket.is_some());
        // SAFETY: the child only writes the page and _exits.
        match unsafe { libc::fork() } {
            0 => {
                slot.store(&judged);
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
        assert_eq!(
            got, judged,
            "the failed check, the history and the bucket too"
        );
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
        slot.store(&Judged::new(Verdict::Unknown, "unknown", 1));
        assert_eq!(slot.statistics(), Some("(:conflicts 3\n :decisions 7)"));
        slot.clear();
        slot.store(&Judged::new(Verdict::Unknown, "unknown", 1));
        assert_eq!(
            slot.statistics(),
            Some(""),
            "the next execution stored none"
        );
        let long = " :decisions 7\n".repeat(STATISTICS_BYTES / 8);
        slot.clear();
        slot.store_statistics(&long);
        slot.store(&Judged::new(Verdict::Unknown, "unknown", 1));
        let got = slot.statistics().unwrap();
        assert!(got.len() <= STATISTICS_BYTES && got.ends_with('\n') && long.starts_with(got));
    }

    #[test]
    fn an_unfinished_execution_reports_nothing() {
        let slot = ResultSlot::new().unwrap();
        slot.store(&Judged::new(Verdict::Unknown, "unknown", 1));
        slot.clear();
        assert!(slot.read().is_none());
    }

    #[test]
    fn long_output_is_cut_at_a_char_boundary() {
        let slot = ResultSlot::new().unwrap();
        let text = "é".repeat(OUTPUT_BYTES);
        slot.store(&Judged::new(Verdict::Unknown, &text, 1));
        let got = slot.read().unwrap();
        assert!(got.output.len() <= OUTPUT_BYTES && text.starts_with(&got.output));
    }
}
