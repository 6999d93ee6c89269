//! A script made ready for `Z3_eval_smtlib2_string` ([`PreparedScript`]):
//! the options its front end refuses are lifted out (and set as global
//! parameters instead), and the global parameters it sets are named, to be
//! put back after it (see the room's docs, `super`).
//!
//! # Invariants
//!
//! - A lifted option is blanked with spaces, so every line and column Z3
//!   reports stays where it was; where `:print-success` is on, it becomes
//!   the no-op `(set-option :print-success true)`, so the script still
//!   answers once per command.

use std::ffi::CString;

/// A script ready for `Z3_eval_smtlib2_string`: NUL-terminated, with the
/// options the eval front end rejects lifted out (see the room's docs, `super`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreparedScript {
    /// The text Z3 gets.
    pub text: CString,
    /// The script asked for unsat cores: set [`Z3Library::set_unsat_cores`](super::library::Z3Library::set_unsat_cores).
    pub unsat_cores: bool,
    /// The Z3 parameters outside SMT-LIB's own options the script sets:
    /// global ones, to restore after it (see the room's docs, `super`).
    pub parameters: Vec<String>,
    /// The script asked for proofs: its `(set-option :produce-proofs ...)`
    /// is blanked like the unsat-core one, and the context it runs on must
    /// be made, and first evaluate, with the global `proof` parameter on
    /// ([`Z3Library::set_proofs`](super::library::Z3Library::set_proofs)).
    pub proofs: bool,
}

/// SMT-LIB's own options, which Z3's front end keeps in the context it
/// evaluates on (the others become global parameters).
const SMTLIB_OPTIONS: &[&str] = &[
    "print-success",
    "produce-models",
    "produce-proofs",
    "produce-unsat-cores",
    "produce-unsat-assumptions",
    "produce-assignments",
    "produce-assertions",
    "global-declarations",
    "interactive-mode",
    "random-seed",
    "verbosity",
    "regular-output-channel",
    "diagnostic-output-channel",
    "reproducible-resource-limit",
];

/// The keys of the `(set-option :KEY ...)` commands of `script` that are
/// not [`SMTLIB_OPTIONS`], each once. A match inside a string literal or
/// comment counts too: it costs a needless save and restore, never a leak.
pub fn parameters_set(script: &str) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for (at, word) in script.match_indices("set-option") {
        let before = script[..at].trim_end();
        let after = script[at + word.len()..].trim_start();
        let key: String = after
            .strip_prefix(':')
            .unwrap_or("")
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != ')')
            .collect();
        if before.ends_with('(')
            && !key.is_empty()
            && !SMTLIB_OPTIONS.contains(&key.as_str())
            && !keys.contains(&key)
        {
            keys.push(key);
        }
    }
    keys
}

/// Whether `script` needs a context made for it: it asks for unsat cores
/// or proofs, sets an option libz3 takes only as a global parameter
/// (blanked from its text), or sets Z3 parameters of its own. A context
/// inherited from a parent was made without them and refuses them after
/// the fact: Z3's rule, kept here with the rest of what libz3 reads.
pub fn needs_own_context(script: &str) -> bool {
    PreparedScript::new(script).is_some_and(|p| {
        p.unsat_cores
            || p.proofs
            || !p.parameters.is_empty()
            || p.text.as_bytes() != script.as_bytes()
    })
}

impl PreparedScript {
    /// Prepares `script`; `None` if it contains a NUL byte.
    pub fn new(script: &str) -> Option<PreparedScript> {
        let mut bytes = script.as_bytes().to_vec();
        // Where `:print-success` is on, a lifted option still answers, as
        // it would have: the oracle reads one response per command. It
        // becomes the no-op `(set-option :print-success true)`, padded
        // with spaces to keep every later line and column.
        let no_op = b"(set-option :print-success true)";
        let mut lift = |option: &[u8]| {
            let mut on = false;
            let mut from = 0;
            while let Some((start, end, value)) = find_option(&bytes, from, option) {
                on = value;
                let answers = print_success_before(&bytes, start);
                bytes[start..end].fill(b' ');
                if answers && end - start >= no_op.len() {
                    bytes[start..start + no_op.len()].copy_from_slice(no_op);
                }
                from = end;
            }
            on
        };
        let unsat_cores = lift(b":produce-unsat-cores");
        let proofs = lift(b":produce-proofs");
        // Refused the same way, and with no global parameter to stand in:
        // `(get-unsat-assumptions)` then fails after its answer, and the
        // oracle reads the assumptions from the core, where Z3 lists them.
        // So is `:global-declarations`, which Z3 needs no more: its
        // declarations survive `reset-assertions` without it.
        lift(b":produce-unsat-assumptions");
        lift(b":global-declarations");
        Some(PreparedScript {
            text: CString::new(bytes).ok()?,
            unsat_cores,
            parameters: parameters_set(script),
            proofs,
        })
    }
}

/// Whether `:print-success` is on at byte `at` of `bytes`: the value of
/// the last `(set-option :print-success ...)` before it (off without one).
fn print_success_before(bytes: &[u8], at: usize) -> bool {
    let mut on = false;
    let mut from = 0;
    while let Some((start, end, value)) = find_option(bytes, from, b":print-success") {
        if start >= at {
            break;
        }
        on = value;
        from = end;
    }
    on
}

/// The next `(set-option OPTION true|false)` at or after `from` (`option`
/// with its colon, e.g. `:produce-unsat-cores`): its byte range and value.
/// Whitespace between tokens may vary.
///
/// A match inside a string literal or comment would be blanked too; the
/// printer never writes one there, and a hand-written script that does gets
/// at worst a blanked comment.
fn find_option(bytes: &[u8], from: usize, option: &[u8]) -> Option<(usize, usize, bool)> {
    let mut at = from;
    while let Some(off) = bytes[at..].iter().position(|&b| b == b'(') {
        let start = at + off;
        let mut i = start + 1;
        let skip_ws = |i: &mut usize| {
            while bytes.get(*i).is_some_and(u8::is_ascii_whitespace) {
                *i += 1;
            }
        };
        let word = |i: &mut usize, w: &[u8]| {
            if bytes[*i..].starts_with(w) {
                *i += w.len();
                true
            } else {
                false
            }
        };
        skip_ws(&mut i);
        let is_option = word(&mut i, b"set-option");
        skip_ws(&mut i);
        if is_option && word(&mut i, option) {
            skip_ws(&mut i);
            let value = if word(&mut i, b"true") {
                Some(true)
            } else if word(&mut i, b"false") {
                Some(false)
            } else {
                None
            };
            skip_ws(&mut i);
            if let (Some(v), Some(b')')) = (value, bytes.get(i)) {
                return Some((start, i + 1, v));
            }
        }
        at = start + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_incremental_options_eval_refuses_are_blanked_and_models_kept() {
        let src = "(set-option :global-declarations true)\n(set-option :produce-models true)\n\
                   (set-option :produce-unsat-assumptions true)(check-sat)";
        let text = PreparedScript::new(src)
            .unwrap()
            .text
            .into_string()
            .unwrap();
        assert_eq!(text.len(), src.len());
        assert!(
            !text.contains("global") && !text.contains("assumptions"),
            "{text}"
        );
        assert!(text.contains("(set-option :produce-models true)"), "{text}");
    }

    #[test]
    fn under_print_success_a_lifted_option_still_answers_once() {
        let src = "(set-option :produce-unsat-cores true)\n(set-option :print-success true)\n\
                   (set-option :global-declarations true)\n(set-option :produce-unsat-cores true)\n\
                   (set-option :print-success false)\n(set-option :produce-unsat-assumptions true)";
        let p = PreparedScript::new(src).unwrap();
        let text = p.text.to_str().unwrap();
        assert_eq!(text.len(), src.len());
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        // Before print-success and after it is off: blank; while on: the no-op.
        assert_eq!(
            lines,
            [
                "",
                "(set-option :print-success true)",
                "(set-option :print-success true)",
                "(set-option :print-success true)",
                "(set-option :print-success false)",
                "",
            ]
        );
        assert!(p.unsat_cores);
    }

    #[test]
    fn only_the_unsat_core_option_is_blanked_in_place() {
        let src = "(set-option :produce-models true)\n( set-option  :produce-unsat-cores\ttrue )(check-sat)";
        let p = PreparedScript::new(src).unwrap();
        let text = p.text.to_str().unwrap();
        assert!(p.unsat_cores);
        assert_eq!(text.len(), src.len());
        let option = "( set-option  :produce-unsat-cores\ttrue )";
        assert_eq!(text, src.replace(option, &" ".repeat(option.len())));
        let p = PreparedScript::new(
            "(set-option :produce-unsat-cores true)(set-option :produce-unsat-cores false)",
        )
        .unwrap();
        assert!(!p.unsat_cores);
        assert!(p.text.to_bytes().iter().all(|&b| b == b' '));
        assert!(
            !PreparedScript::new("(set-option :produce-unsat-cores maybe)")
                .unwrap()
                .unsat_cores
        );
        assert!(PreparedScript::new("a\0b").is_none());
    }

    #[test]
    fn only_options_outside_smtlib_set_parameters() {
        assert_eq!(
            parameters_set(
                "(set-option :smt.relevancy 0)(check-sat)( set-option  :rewriter.flat false )\
                 (set-option :smt.relevancy 1)"
            ),
            ["smt.relevancy", "rewriter.flat"]
        );
        assert_eq!(parameters_set("(set-option :timeout 5)"), ["timeout"]);
        assert!(
            parameters_set(
                "(set-option :produce-models true)\n(set-option :produce-unsat-cores true)"
            )
            .is_empty()
        );
        assert!(parameters_set("(check-sat)(get-option :smt.relevancy)").is_empty());
        assert!(parameters_set("set-option :smt.relevancy 0").is_empty());
    }
}
