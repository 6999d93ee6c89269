//! The solver's own words in what it printed under a replay: its error, warning and
//! abort lines verbatim, what it wrote on standard error, the first [`SAID_LINES`] of
//! them, each cut at [`SAID_CHARS`], without the warnings it prints on every replay.

use crate::solver::RawOutcome;

/// The solver's words kept per replay, at most.
pub const SAID_LINES: usize = 6;

/// Characters kept of each line of the solver's words.
pub const SAID_CHARS: usize = 240;

/// The solver's own words in what it printed: the lines of its answers
/// that are errors, warnings or aborts, then how it died and what it wrote
/// on standard error, in order, without repeats, the first
/// [`SAID_LINES`], each cut at [`SAID_CHARS`].
pub fn own_words(outcomes: &[RawOutcome]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut push = |l: &str| {
        let l = cut(l.trim(), SAID_CHARS);
        if !l.is_empty() && !words.contains(&l) && words.len() < SAID_LINES {
            words.push(l);
        }
    };
    for o in outcomes {
        for l in o.stdout().lines().filter(|l| is_diagnostic(l)) {
            push(l);
        }
        let (how, stderr) = match o {
            RawOutcome::Finished { stderr, .. } | RawOutcome::Timeout { stderr, .. } => {
                (None, stderr.as_str())
            }
            RawOutcome::Crashed {
                description,
                stderr,
                ..
            } => (Some(description.clone()), stderr.as_str()),
            RawOutcome::OutOfMemory { stderr, .. } => (Some(o.to_string()), stderr.as_str()),
            RawOutcome::NotRun { reason, .. } => (Some(format!("not run: {reason}")), ""),
        };
        if let Some(how) = how {
            push(&how);
        }
        for l in stderr.lines().filter(|l| !is_noise(l)) {
            push(l);
        }
    }
    words
}

/// The lines of cvc5's warning on a script without `set-logic`, which it
/// prints on every replay of our scripts: no word of a check's.
const NOISE: [&str; 4] = [
    "No set-logic command was given",
    "will make all theories available",
    "Consider setting a stricter logic",
    "To suppress this warning in the future use (set-logic",
];

fn is_noise(line: &str) -> bool {
    NOISE.iter().any(|n| line.contains(n))
}

/// Whether a line of a solver's answers is a diagnostic: an error, a
/// warning, an abort or a failed self-check, not an answer or a model.
fn is_diagnostic(line: &str) -> bool {
    let l = line.to_lowercase();
    l.trim_start().starts_with("(error") || is_error_or_abort(line) || l.contains("warning")
}

/// Whether a line says something went wrong (an error, an abort, a check
/// that failed), as opposed to a warning.
pub fn is_error_or_abort(line: &str) -> bool {
    let l = line.to_lowercase();
    if l.contains("warning") {
        return false;
    }
    [
        "(error",
        "error:",
        "invalid model",
        "assertion violation",
        "assertion failure",
        "failed",
        "failure",
        "incorrect",
        "unexpected code",
        "not implemented",
        "unreachable",
        "exception",
        "killed by",
        "exit(",
        "out of memory",
    ]
    .iter()
    .any(|w| l.contains(w))
}

pub(super) fn first_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| cut(l.trim(), SAID_CHARS))
        .filter(|l| !l.is_empty())
        .take(SAID_LINES)
        .collect()
}

pub(super) fn cut(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn finished(stdout: &str, stderr: &str) -> RawOutcome {
        RawOutcome::Finished {
            stdout: stdout.into(),
            stderr: stderr.into(),
            exit_code: 0,
            elapsed: Duration::from_millis(1),
        }
    }

    #[test]
    fn z3s_invalid_model_error_is_its_word_and_the_model_is_not() {
        // What Z3 5.4.1 printed with model_validate=true on finding 6636317
        // (docs/measured/triage.md).
        let out = "success\nsuccess\nsat\n(error \"line 8 column 23: an invalid model was \
                   generated\")\n((p true)\n (s (seq.unit ((as const (Array Int Int)) 2))))\n";
        let words = own_words(&[finished(out, "")]);
        assert_eq!(
            words,
            ["(error \"line 8 column 23: an invalid model was generated\")"]
        );
        assert!(is_error_or_abort(&words[0]));
        // A warning is a word but no flag.
        let w = own_words(&[finished("sat\n", "WARNING: proof disabled\n")]);
        assert_eq!(w, ["WARNING: proof disabled"]);
        assert!(!is_error_or_abort(&w[0]));
    }

    #[test]
    fn an_abort_keeps_its_site_lines_and_repeats_are_said_once() {
        let crash = RawOutcome::Crashed {
            cause: crate::solver::CrashCause::Signal(6),
            description: "killed by SIGABRT".into(),
            partial_stdout: "success\n".into(),
            stderr: "ASSERTION VIOLATION\nFile: src/ast/sls/sls_seq_plugin.cpp\nLine: 508\n\
                     NOT IMPLEMENTED YET!\n5.4.1.0\nPlease file an issue with this message\n"
                .into(),
            elapsed: Duration::from_millis(3),
        };
        let words = own_words(&[crash.clone(), crash]);
        assert_eq!(words.len(), SAID_LINES);
        assert_eq!(words[0], "killed by SIGABRT");
        assert!(words.contains(&"Line: 508".to_string()), "{words:?}");
        // cvc5's set-logic warning is on every replay: left out.
        let cvc5 = "<stdin>:1.7: No set-logic command was given before this point.\n\
                    <stdin>:1.7: cvc5 will make all theories available.\n\
                    <stdin>:1.7: Consider setting a stricter logic for (likely) better performance.\n\
                    <stdin>:1.7: To suppress this warning in the future use (set-logic ALL).\n";
        assert!(own_words(&[finished("unsat\n", cvc5)]).is_empty());
        let long = "x".repeat(SAID_CHARS + 10);
        let w = own_words(&[finished("", &long)]);
        assert_eq!(w[0].chars().count(), SAID_CHARS + 1);
    }
}
