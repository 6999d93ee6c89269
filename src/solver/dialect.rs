//! Which spelling of the strings theory (and which of SMT-LIB 2.7's
//! bit-vector operators) a solver reads: from its version string, or from
//! a `--dialect` value.

use crate::term::Dialect;

/// The dialect a solver of this version string reads (the tables at
/// [`Dialect`]): by release for cvc5 and Z3, SMT-LIB 2.6 for anything
/// else.
pub fn dialect_of_version(version: &str) -> Dialect {
    let mut words = version.split_whitespace();
    let solver = words.next().unwrap_or("").to_ascii_lowercase();
    let numbers = release_numbers(words.next().unwrap_or(""));
    match solver.as_str() {
        "cvc5" => cvc5_dialect(&numbers),
        "z3" => z3_dialect(&numbers).unwrap_or_default(),
        _ => Dialect::Smtlib26,
    }
}

/// The numbers of a release (`1.4.2-modified` is `[1, 4, 2]`: libcvc5's
/// wheel says so), up to the first part that is not all digits.
fn release_numbers(text: &str) -> Vec<u32> {
    let mut numbers = Vec::new();
    for part in text.split('.') {
        let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
        let Ok(n) = digits.parse() else { break };
        numbers.push(n);
        if digits.len() < part.len() {
            break;
        }
    }
    numbers
}

/// `[major, minor, build]` of a release's numbers, the missing ones 0;
/// `None` if no number is given.
fn release(numbers: &[u32]) -> Option<(u32, u32, u32)> {
    match *numbers {
        [major, minor, build, ..] => Some((major, minor, build)),
        [major, minor] => Some((major, minor, 0)),
        [major] => Some((major, 0, 0)),
        [] => None,
    }
}

/// The dialect of cvc5 release `numbers`: 1.4.2 on reads all of SMT-LIB
/// 2.7's bit-vector operators, 1.0.3 not all (releases in between were
/// not measured, and one of unknown version may be old: they take the
/// older dialect, so nothing is sent that they may lack).
fn cvc5_dialect(numbers: &[u32]) -> Dialect {
    match release(numbers) {
        Some(r) if r >= (1, 4, 2) => Dialect::Cvc5,
        _ => Dialect::Cvc5Legacy,
    }
}

/// The dialect of Z3 release `numbers` (`[4, 8, 9]`), `None` if no release
/// is named.
fn z3_dialect(numbers: &[u32]) -> Option<Dialect> {
    let release = release(numbers)?;
    Some(if release < (4, 8, 6) {
        Dialect::Legacy485
    } else if release < (4, 8, 9) {
        Dialect::Legacy
    } else if release < (4, 8, 11) {
        Dialect::Z3Bytes
    } else if release < (4, 8, 13) {
        Dialect::Z3RawBackslash
    } else if release < (5, 1, 0) {
        Dialect::Smtlib26
    } else if release < (5, 3, 0) {
        Dialect::Z3Bv27
    } else {
        Dialect::Z3Seq
    })
}

/// Reads a `--dialect` value: a dialect's name (`smtlib2.6`, `cvc5`), or a
/// release, `z3-VERSION` or `cvc5-VERSION` (`z3-4.8.5`: the dialect of
/// that release).
pub fn parse_dialect(text: &str) -> Result<Dialect, String> {
    if let Some(d) = Dialect::ALL.into_iter().find(|d| d.name() == text) {
        return Ok(d);
    }
    let numbers = |prefix: &str| -> Option<Vec<u32>> {
        let v = text.strip_prefix(prefix)?;
        v.split('.').map(|p| p.parse().ok()).collect()
    };
    let dialect = match (numbers("z3-"), numbers("cvc5-")) {
        (Some(n), _) => z3_dialect(&n),
        (_, Some(n)) if !n.is_empty() => Some(cvc5_dialect(&n)),
        _ => None,
    };
    dialect.ok_or_else(|| {
        format!(
            "unknown dialect `{text}`: expected smtlib2.6, cvc5 or z3-VERSION (e.g. z3-4.8.5) \
             or cvc5-VERSION"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_z3_release_gets_its_dialect() {
        assert_eq!(dialect_of_version("Z3 4.8.13.0"), Dialect::Smtlib26);
        assert_eq!(dialect_of_version("Z3 4.8.12.0"), Dialect::Z3RawBackslash);
        assert_eq!(dialect_of_version("Z3 4.8.11.0"), Dialect::Z3RawBackslash);
        assert_eq!(dialect_of_version("Z3 4.8.10.0"), Dialect::Z3Bytes);
        assert_eq!(dialect_of_version("Z3 4.8.9"), Dialect::Z3Bytes);
        assert_eq!(dialect_of_version("Z3 4.8.8"), Dialect::Legacy);
        assert_eq!(dialect_of_version("Z3 4.8.7.0"), Dialect::Legacy);
        assert_eq!(dialect_of_version("Z3 4.8.5.0"), Dialect::Legacy485);
        assert_eq!(dialect_of_version("Z3 4.7"), Dialect::Legacy485);
        assert_eq!(dialect_of_version("Z3 5.3.3.0"), Dialect::Z3Seq);
        assert_eq!(dialect_of_version("Z3 5.3.0.0"), Dialect::Z3Seq);
        assert_eq!(dialect_of_version("Z3 5.1.0.0"), Dialect::Z3Bv27);
        assert_eq!(dialect_of_version("Z3 5.0.9"), Dialect::Smtlib26);
        assert_eq!(dialect_of_version("Z3 4.8.14.0"), Dialect::Smtlib26);
        assert_eq!(dialect_of_version("cvc5 1.0.3"), Dialect::Cvc5Legacy);
        assert_eq!(dialect_of_version("cvc5 1.4.1"), Dialect::Cvc5Legacy);
        assert_eq!(dialect_of_version("cvc5 1.4.2"), Dialect::Cvc5);
        assert_eq!(dialect_of_version("cvc5 1.4.2-modified"), Dialect::Cvc5);
        assert_eq!(dialect_of_version("cvc5 1.4.1-dev.12"), Dialect::Cvc5Legacy);
        assert_eq!(dialect_of_version("cvc5 1.5"), Dialect::Cvc5);
        assert_eq!(dialect_of_version("cvc5"), Dialect::Cvc5Legacy);
        assert_eq!(dialect_of_version("unknown version"), Dialect::Smtlib26);
        assert_eq!(dialect_of_version("Z3"), Dialect::Smtlib26);
    }

    #[test]
    fn dialects_are_named_or_given_by_release() {
        for d in Dialect::ALL {
            assert_eq!(parse_dialect(d.name()), Ok(d));
        }
        assert_eq!(parse_dialect("z3-4.8.5.0"), Ok(Dialect::Legacy485));
        assert_eq!(parse_dialect("z3-4.8.10"), Ok(Dialect::Z3Bytes));
        assert_eq!(parse_dialect("z3-5.4.1"), Ok(Dialect::Z3Seq));
        assert_eq!(parse_dialect("z3-5.0.0"), Ok(Dialect::Smtlib26));
        assert_eq!(parse_dialect("z3-5.1.0"), Ok(Dialect::Z3Bv27));
        assert_eq!(parse_dialect("cvc5-1.0.3"), Ok(Dialect::Cvc5Legacy));
        assert_eq!(parse_dialect("cvc5-1.4.2"), Ok(Dialect::Cvc5));
        for bad in ["z3-", "z3-4.x", "cvc5-", "cvc5-1.x", "yices", ""] {
            let err = parse_dialect(bad).unwrap_err();
            assert!(err.contains("expected smtlib2.6"), "{err}");
        }
    }
}
