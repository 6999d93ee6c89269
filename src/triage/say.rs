//! One progress line to stderr in one `write`.
//!
//! `triage --jobs N` runs findings in worker processes that share the
//! command's stderr. `eprintln!` writes an unbuffered stream piece by
//! piece, so two workers' lines came out interleaved character by
//! character (`[[12//22  00s]`), unreadable to a user and to anything
//! that reads the progress. A line formatted first and written whole is
//! one `write(2)`, and a pipe keeps a write of up to `PIPE_BUF` bytes in
//! one piece.

use std::io::Write;

/// Writes `line` and a newline to stderr in one call.
pub fn line(mut line: String) {
    line.push('\n');
    // Progress only: a closed stderr loses it and nothing else.
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// `eprintln!` that writes its line whole (see the module).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::triage::say::line(format!($($arg)*))
    };
}
pub(crate) use say;
