//! A finding file read back for triage: its case (formula and truth), the
//! verdict it records, and the solver its first line replays it on.
//!
//! # Invariants
//!
//! - [`ReplayArgs::parse`] reads exactly the words
//!   [`replay_line`](super::replay_line) writes (`--target`,
//!   `--solver-lib`, `--solver-option`, `--dialect`, `--timeout`), quoted as
//!   a POSIX shell quotes them; any other word is an error naming it, never
//!   ignored, so a triage step never runs a finding on a solver other than
//!   the one it names.
//! - [`Finding::read`] accepts only a file whose truth holds under our
//!   semantics ([`read_case`]): triage never starts from a wrong label.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::solver::{SolverOption, TargetSpec, parse_dialect};
use crate::term::Dialect;
use crate::truth::Case;

use super::{LabelledError, read_case};

/// The solver a finding's first line names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayArgs {
    /// `--target`.
    pub target: TargetSpec,
    /// `--solver-lib`.
    pub solver_lib: Option<PathBuf>,
    /// `--solver-option`s, in order.
    pub options: Vec<SolverOption>,
    /// `--dialect`.
    pub dialect: Option<Dialect>,
    /// `--timeout`.
    pub timeout: Duration,
}

impl ReplayArgs {
    /// The arguments after `equifuzz run FILE` on a finding's first line
    /// (`; equifuzz run FILE --target ...`).
    pub fn parse(first_line: &str) -> Result<ReplayArgs, String> {
        let rest = first_line
            .trim_start()
            .strip_prefix(';')
            .map(str::trim_start)
            .and_then(|l| l.strip_prefix("equifuzz run "))
            .ok_or("the first line is not `; equifuzz run FILE --target ...`")?;
        let words = shlex::split(rest).ok_or("the replay line's quotes do not close")?;
        let mut words = words.into_iter().skip(1);
        let mut args = ReplayArgs {
            target: TargetSpec::Z3,
            solver_lib: None,
            options: Vec::new(),
            dialect: None,
            timeout: Duration::from_secs(10),
        };
        while let Some(flag) = words.next() {
            let mut value = || {
                words
                    .next()
                    .ok_or_else(|| format!("`{flag}` without a value on the replay line"))
            };
            match flag.as_str() {
                "--target" => {
                    args.target = value()?.parse().map_err(|e| format!("--target: {e}"))?
                }
                "--solver-lib" => args.solver_lib = Some(PathBuf::from(value()?)),
                "--solver-option" => args.options.push(value()?.parse()?),
                "--dialect" => args.dialect = Some(parse_dialect(&value()?)?),
                "--timeout" => {
                    args.timeout = humantime::parse_duration(&value()?)
                        .map_err(|e| format!("--timeout: {e}"))?
                }
                other => return Err(format!("unexpected `{other}` on the replay line")),
            }
        }
        Ok(args)
    }
}

/// A finding file, read.
#[derive(Clone, Debug)]
pub struct Finding {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Its formula and checked truth.
    pub case: Case,
    /// The verdict kind its header records (`unsound`, `invalid-model`...).
    pub kind: String,
    /// The solver it was found on.
    pub replay: ReplayArgs,
    /// A minimized unsat finding whose constants were instantiated: its
    /// core is an unsat subset, not known to be minimal, so only its
    /// status is judged ([`INSTANTIATED_CORE`]).
    pub instantiated: bool,
}

/// The comment that replaces `; expected unsat core:` in a minimized
/// finding whose constants were instantiated.
pub const INSTANTIATED_CORE: &str = "; unsat core before instantiation (minimality not rechecked):";

/// A labelled file's case ([`read_case`]), its core read from an
/// [`INSTANTIATED_CORE`] comment too, and whether that core is claimed
/// minimal (`false` for an instantiated one: judge its status alone).
pub fn read_claimed_case(text: &str, category: &str) -> Result<(Case, bool), LabelledError> {
    let claimed = !text.contains(INSTANTIATED_CORE);
    let labelled = text.replace(INSTANTIATED_CORE, "; expected unsat core:");
    Ok((read_case(&labelled, category)?, claimed))
}

/// The value of the first `; key: value` comment of `text`.
pub fn header_field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .take_while(|l| l.trim_start().starts_with(';'))
        .find_map(|l| {
            l.trim_start()
                .strip_prefix(';')?
                .trim_start()
                .strip_prefix(key)?
                .strip_prefix(':')
                .map(str::trim)
        })
}

impl Finding {
    /// Reads the finding at `path`; the error says what is missing.
    pub fn read(path: &Path) -> Result<Finding, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Finding::from_text(path, text)
    }

    /// Whether the file's script is, command for command, the one its case
    /// prints: a finding file not edited since it was written (an
    /// incremental one's case comes from the `.postcard` beside it, which
    /// an edit of the text leaves behind).
    pub fn text_is_its_case(&self) -> bool {
        let printed = super::smt2_text(&self.case, None, &crate::term::Printer::default());
        match (
            crate::term::parse_script(&self.text),
            crate::term::parse_script(&printed),
        ) {
            (Ok(own), Ok(printed)) => own.commands == printed.commands,
            _ => false,
        }
    }

    /// A finding from its text.
    pub fn from_text(path: &Path, text: String) -> Result<Finding, String> {
        let at = |e: String| format!("{}: {e}", path.display());
        let replay = ReplayArgs::parse(text.lines().next().unwrap_or("")).map_err(at)?;
        let kind = header_field(&text, "equifuzz finding")
            .ok_or_else(|| at("no `; equifuzz finding: KIND` line: not a finding file".into()))?
            .to_string();
        let instantiated = text.contains(INSTANTIATED_CORE);
        let case = match read_claimed_case(&text, "finding") {
            Ok((case, _)) => case,
            // An incremental script is no one labelled formula: its case is
            // the `.postcard` written beside it.
            Err(e) => std::fs::read(path.with_extension("postcard"))
                .ok()
                .and_then(|bytes| postcard::from_bytes::<crate::truth::Case>(&bytes).ok())
                .filter(|c| c.incremental.is_some())
                .ok_or_else(|| at(e.to_string()))?,
        };
        Ok(Finding {
            path: path.to_path_buf(),
            text,
            case,
            kind,
            replay,
            instantiated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_line_naming_settings_still_reads_as_the_replay() {
        let replay = "--target z3 --timeout 1s";
        let plain = crate::finding::replay_line(Path::new("/f.smt2"), replay);
        let mut case = crate::truth::Case::new(
            Default::default(),
            crate::truth::Truth::Sat {
                model: Default::default(),
            },
            Default::default(),
        );
        assert_eq!(crate::finding::needs_settings(&case), "");
        case.settings.set("smt.relevancy", "0");
        let named = plain.clone() + &crate::finding::needs_settings(&case);
        assert!(named.ends_with(" # needs smt.relevancy=0"), "{named}");
        let (a, b) = (
            ReplayArgs::parse(&plain).unwrap(),
            ReplayArgs::parse(&named).unwrap(),
        );
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
        assert!(
            crate::finding::smt2_text(&case, None, &crate::term::Printer::default())
                .contains("(set-option :smt.relevancy 0)")
        );
    }

    #[test]
    fn the_replay_line_reads_back() {
        let line = "; equifuzz run '/a b/f.smt2' --target z3 --solver-lib '/x y/libz3.so' \
                    --solver-option smt.random_seed=7 --dialect z3-4.8.5 --timeout 2000ms";
        let a = ReplayArgs::parse(line).unwrap();
        assert_eq!(a.target, TargetSpec::Z3);
        assert_eq!(a.solver_lib.as_deref(), Some(Path::new("/x y/libz3.so")));
        assert_eq!(a.options.len(), 1);
        assert_eq!(a.dialect.map(|d| d.name()), Some("z3-4.8.5"));
        assert_eq!(a.timeout, Duration::from_millis(2000));
    }

    #[test]
    fn unknown_words_and_other_lines_are_refused() {
        assert!(ReplayArgs::parse("; equifuzz run f --target z3 --fast").is_err());
        assert!(ReplayArgs::parse("(set-info :status sat)").is_err());
        assert!(ReplayArgs::parse("; equifuzz run f --timeout").is_err());
    }
}
