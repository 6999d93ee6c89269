//! `--solver-option KEY=VALUE`: a setting of the solver under test that
//! selects other code paths of it (Z3's `smt.string_solver=z3str3`, cvc5's
//! `strings-fmf=true`), and how each kind of solver is handed one.
//!
//! # Invariants
//!
//! - A key is one word (no whitespace, no `=`, no NUL) and a value is not
//!   empty and has no NUL: anything else is refused when the command line
//!   is read, not sent to a solver.
//! - The same option reaches every target of a solver the same way: Z3's
//!   parameters as `KEY=VALUE` words on a z3 binary's command line and as
//!   global parameters of a loaded libz3 (set before any context is made,
//!   so fork children and fresh contexts inherit them); cvc5's options as
//!   `--KEY=VALUE` words of a cvc5 binary and through `cvc5_set_option` on
//!   an in-process solver. Whether the solver knows the key is the
//!   solver's to say: its own error stops the command before the first
//!   query (see `execute::open`).

use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// One `KEY=VALUE` solver setting.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SolverOption {
    /// The parameter or option name, e.g. `smt.string_solver`.
    pub key: String,
    /// Its value, e.g. `z3str3`.
    pub value: String,
}

impl FromStr for SolverOption {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let Some((key, value)) = text.split_once('=') else {
            return Err(format!(
                "`{text}`: give KEY=VALUE, e.g. smt.string_solver=z3str3"
            ));
        };
        let key = key.trim_start_matches('-').trim_start_matches(':');
        if key.is_empty() || key.chars().any(|c| c.is_whitespace() || c == '\0') {
            return Err(format!("`{text}`: the key must be one word"));
        }
        if value.is_empty() || value.contains('\0') {
            return Err(format!("`{text}`: the value must not be empty"));
        }
        Ok(SolverOption {
            key: key.to_string(),
            value: value.to_string(),
        })
    }
}

impl fmt::Display for SolverOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.key, self.value)
    }
}

/// How a solver binary takes options on its command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Z3: `KEY=VALUE` words.
    Z3,
    /// cvc5 (and cvc4): `--KEY=VALUE` words; a Boolean as `--KEY` or
    /// `--no-KEY`, the only spelling cvc5 1.0 accepts for one.
    Cvc5,
}

impl Family {
    /// The family of a solver binary, by its file name (`z3`, `z3-4.8.14`,
    /// `cvc5`, `cvc4`); `None` for any other program, whose option syntax
    /// equifuzz does not know.
    pub fn of_program(program: &str) -> Option<Family> {
        let name = Path::new(program)
            .file_name()
            .map(|n| n.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        if name.starts_with("z3") {
            Some(Family::Z3)
        } else if name.starts_with("cvc5") || name.starts_with("cvc4") {
            Some(Family::Cvc5)
        } else {
            None
        }
    }

    /// The command-line words that pass `options` to a binary of this
    /// family.
    pub fn words(self, options: &[SolverOption]) -> Vec<String> {
        options
            .iter()
            .map(|o| match self {
                Family::Z3 => format!("{}={}", o.key, o.value),
                Family::Cvc5 => match o.value.as_str() {
                    "true" => format!("--{}", o.key),
                    "false" => format!("--no-{}", o.key),
                    _ => format!("--{}={}", o.key, o.value),
                },
            })
            .collect()
    }
}

/// `word` as a POSIX shell reads it back: as is when it holds only
/// characters no shell treats specially (so `smt.string_solver=z3str3`
/// stays readable), else in single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `words` as one line a POSIX shell splits back into them.
pub fn shell_line<S: AsRef<str>>(words: &[S]) -> String {
    words
        .iter()
        .map(|w| shell_word(w.as_ref()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_print_back() {
        let o: SolverOption = "smt.string_solver=z3str3".parse().unwrap();
        assert_eq!(o.key, "smt.string_solver");
        assert_eq!(o.value, "z3str3");
        assert_eq!(o.to_string(), "smt.string_solver=z3str3");
        // A value may hold `=`; a key written as a cvc5 flag is the key.
        let o: SolverOption = "--re-elim=on=x".parse().unwrap();
        assert_eq!((o.key.as_str(), o.value.as_str()), ("re-elim", "on=x"));
        for bad in ["strings-exp", "=1", "a b=1", "k=", "k=\0"] {
            assert!(bad.parse::<SolverOption>().is_err(), "{bad}");
        }
    }

    #[test]
    fn shell_lines_split_back_into_their_words() {
        let words = [
            "--target",
            "cmd:/opt/my z3/z3 -in",
            "smt.string_solver=z3str3",
            "it's",
            "",
            "$HOME",
        ];
        let line = shell_line(&words);
        assert_eq!(shlex::split(&line).unwrap(), words);
        assert!(line.contains(" smt.string_solver=z3str3 "), "{line}");
    }

    #[test]
    fn each_family_gets_its_own_syntax() {
        let opts = vec![
            "strings-exp=true".parse().unwrap(),
            "strings-fmf=false".parse().unwrap(),
            "re-elim=on".parse().unwrap(),
        ];
        assert_eq!(
            Family::Cvc5.words(&opts),
            ["--strings-exp", "--no-strings-fmf", "--re-elim=on"]
        );
        assert_eq!(
            Family::Z3.words(&opts),
            ["strings-exp=true", "strings-fmf=false", "re-elim=on"]
        );
        assert_eq!(
            Family::of_program("/opt/z3-4.8.14/bin/z3"),
            Some(Family::Z3)
        );
        assert_eq!(Family::of_program("cvc5"), Some(Family::Cvc5));
        assert_eq!(Family::of_program("/usr/bin/yices-smt2"), None);
    }
}
