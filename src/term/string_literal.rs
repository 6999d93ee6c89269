//! String literals of the Unicode Strings theory, read and written: how a
//! literal's backslash escapes are read ([`StringEscapes`],
//! [`decode_string`]), and how a literal is written so that a reader of
//! those escapes reads it back ([`string_literal`], [`write_string_literal`]).
//! An [`SmtString`] displays as its SMT-LIB 2.6 literal.
//!
//! # Invariant
//!
//! This file names no sibling but [`string`](super::string) (the alphabet
//! and [`SmtString`]): the dialects, the lexer, the parser and the printer
//! all use it, so it sits below all of them.
//!
//! A decoded literal only holds characters of the alphabet `0..=MAX_CHAR`:
//! an escape above it is not an escape, and a character written literally
//! above it is an error. A literal written with some escapes reads back,
//! with the same escapes, as the string it was written from.
//!
//! # String literals
//!
//! SMT-LIB 2.6 (Unicode Strings theory, "String literals") reads a literal
//! between double quotes, where `""` stands for one `"`, and where
//! `\ud₃d₂d₁d₀`, `\u{d₀}` ... `\u{d₄d₃d₂d₁d₀}` are escape sequences for a
//! code point. Every other printable ASCII character stands for itself. A
//! literal is therefore written with printable ASCII (0x20..=0x7E) as is,
//! except:
//! - `"` is doubled;
//! - `\` is written `\u{5c}`, because a literal backslash followed by text
//!   such as `u{61}` would otherwise be read back as an escape;
//! - every other code point is written `\u{X}` in lowercase hex, the shortest
//!   form that both Z3 and cvc5 read.
//!
//! Z3 before 4.8.11 reads other escapes ([`StringEscapes::Z3Legacy`],
//! [`Dialect::byte_escapes`](super::Dialect::byte_escapes)): there `\u{0}`
//! is four characters (4.8.8 and older) and `\x00` is one. For those
//! releases printable ASCII is written as is too, `"` doubled, `\` as `\\`,
//! and every other character as `\xHH`. A character above 0xFF has no
//! literal there; it is written `\u{X}` for a reader's sake, and the formula
//! is never sent to such a release (it is not expressible).

use std::fmt::{self, Write};

use super::string::{MAX_CHAR, SmtString};

/// How backslash escapes in string literals are read, and so how a literal
/// is written for that reader ([`string_literal`] writes SMT-LIB 2.6's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StringEscapes {
    /// SMT-LIB 2.6: `\ud₃d₂d₁d₀` (exactly 4 hex digits) and `\u{d}` ..
    /// `\u{d₄d₃d₂d₁d₀}` (1 to 5 hex digits, value at most `0x2FFFF`) are
    /// escapes; any other backslash stands for itself. This is what cvc5
    /// prints, and what Z3 4.8.12 prints except for one ambiguity: Z3 4.8.12
    /// writes `\` as is, so a value whose characters spell an escape (the 6
    /// characters `\u{61}`) is printed as `"\u{61}"`, which reads back as
    /// `"a"`. No reading of that output can be right for both. (Z3 4.8.11
    /// prints the same way.)
    #[default]
    Smtlib26,
    /// What Z3 4.8.10 and earlier print (measured on the 4.8.7, 4.8.9 and
    /// 4.8.10 PyPI builds; 4.8.11 already prints SMT-LIB 2.6): `\\` is one
    /// backslash, `\n \r \v \f` (and `\a \b \t`) are the C control
    /// characters, `\xHH` (2 hex digits, either case) is a code point below
    /// 0x100, and the SMT-LIB 2.6 `\u` forms are also read. Any other
    /// backslash stands for itself.
    Z3Legacy,
}

/// The SMT-LIB 2.6 literal for a string, quotes included.
pub fn string_literal(s: &SmtString) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string_literal(&mut out, s, StringEscapes::Smtlib26);
    out
}

/// Appends the literal for `s`, quotes included, written so that a reader
/// of `escapes` reads it back as `s`.
pub(crate) fn write_string_literal(out: &mut String, s: &SmtString, escapes: StringEscapes) {
    let bytes = escapes == StringEscapes::Z3Legacy;
    out.push('"');
    for &c in s.chars() {
        match c {
            0x22 => out.push_str("\"\""),
            0x5c if bytes => out.push_str("\\\\"),
            0x5c => out.push_str("\\u{5c}"),
            0x20..=0x7e => out.push(c as u8 as char),
            0..=0xff if bytes => {
                let _ = write!(out, "\\x{c:02x}");
            }
            _ => {
                let _ = write!(out, "\\u{{{c:x}}}");
            }
        }
    }
    out.push('"');
}

impl fmt::Debug for SmtString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", string_literal(self))
    }
}

impl fmt::Display for SmtString {
    /// Prints the SMT-LIB 2.6 literal, quotes included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", string_literal(self))
    }
}

/// Decodes the raw contents of a string literal (between the quotes, `""`
/// doubled) into the code points it stands for.
///
/// Characters written literally (including non-ASCII ones) stand for their
/// code point; a literal character above [`MAX_CHAR`] cannot be represented
/// and is returned as the error, with its byte offset in `raw`.
pub(crate) fn decode_string(raw: &str, escapes: StringEscapes) -> Result<SmtString, (usize, u32)> {
    let bytes = raw.as_bytes();
    // Fast path: plain printable ASCII, the common case.
    if bytes
        .iter()
        .all(|&b| b.is_ascii() && b != b'"' && b != b'\\')
    {
        return Ok(SmtString::from_vec_unchecked(
            bytes.iter().map(|&b| u32::from(b)).collect(),
        ));
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' {
            // The lexer only lets `""` through.
            out.push(0x22);
            i += 2;
        } else if b == b'\\' {
            match escape_at(bytes, i, escapes) {
                Some((c, len)) => {
                    out.push(c);
                    i += len;
                }
                None => {
                    out.push(0x5c);
                    i += 1;
                }
            }
        } else if b.is_ascii() {
            out.push(u32::from(b));
            i += 1;
        } else {
            let c = raw[i..].chars().next().expect("char boundary");
            if u32::from(c) > MAX_CHAR {
                return Err((i, u32::from(c)));
            }
            out.push(u32::from(c));
            i += c.len_utf8();
        }
    }
    Ok(SmtString::from_vec_unchecked(out))
}

fn hex_value(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |acc, &d| {
        acc * 16 + (d as char).to_digit(16).expect("hex digit")
    })
}

/// The escape starting at the backslash `bytes[i]`, as (code point, length
/// in bytes), or `None` if the backslash stands for itself.
fn escape_at(bytes: &[u8], i: usize, escapes: StringEscapes) -> Option<(u32, usize)> {
    let rest = &bytes[i + 1..];
    match rest.first()? {
        b'u' if rest.get(1) == Some(&b'{') => {
            let digits = rest[2..]
                .iter()
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
            if (1..=5).contains(&digits) && rest.get(2 + digits) == Some(&b'}') {
                let c = hex_value(&rest[2..2 + digits]);
                (c <= MAX_CHAR).then_some((c, 4 + digits))
            } else {
                None
            }
        }
        b'u' => {
            let d = rest.get(1..5)?;
            d.iter()
                .all(u8::is_ascii_hexdigit)
                .then(|| (hex_value(d), 6))
        }
        _ if escapes == StringEscapes::Smtlib26 => None,
        b'x' => {
            let d = rest.get(1..3)?;
            d.iter()
                .all(u8::is_ascii_hexdigit)
                .then(|| (hex_value(d), 4))
        }
        &b => {
            let c = match b {
                b'\\' => 0x5c,
                b'a' => 0x07,
                b'b' => 0x08,
                b'f' => 0x0c,
                b'n' => 0x0a,
                b'r' => 0x0d,
                b't' => 0x09,
                b'v' => 0x0b,
                _ => return None,
            };
            Some((c, 2))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(s: &str) -> Vec<u32> {
        decode_string(s, StringEscapes::Smtlib26)
            .unwrap()
            .into_chars()
    }

    #[test]
    fn escapes_follow_smtlib_26() {
        let cps = |s: &str| s.chars().map(u32::from).collect::<Vec<_>>();
        assert_eq!(decode(r"\u0041\u{42}\u{2FFFF}"), vec![0x41, 0x42, 0x2ffff]);
        // Not escapes: the characters stand for themselves.
        for raw in [
            r"\u{30000}",
            r"\u{}",
            r"\u{123456}",
            r"\u004",
            r"\x41",
            r"\n",
            r"\u{5c",
        ] {
            assert_eq!(decode(raw), cps(raw), "{raw}");
        }
        // Escapes are read in the raw text, not in the decoded text.
        assert_eq!(decode(r"\u{5c}u{61}"), cps(r"\u{61}"));
        assert_eq!(decode(r"\\u{61}"), cps(r"\a"));
        assert_eq!(decode("a\"\"b"), cps("a\"b"));
        assert_eq!(decode("é😀"), vec![0xe9, 0x1f600]);
    }

    #[test]
    fn legacy_z3_escapes() {
        let d = |s: &str| {
            decode_string(s, StringEscapes::Z3Legacy)
                .unwrap()
                .into_chars()
        };
        assert_eq!(
            d(r"\x41\\\n\u{e9}\q"),
            vec![0x41, 0x5c, 0x0a, 0xe9, 0x5c, 0x71]
        );
    }

    #[test]
    fn literal_characters_above_the_alphabet_are_rejected() {
        let raw = "ab\u{30000}";
        assert_eq!(
            decode_string(raw, StringEscapes::Smtlib26),
            Err((2, 0x30000))
        );
    }

    #[test]
    fn string_literals_escape_exactly_what_the_standard_requires() {
        let s = SmtString::from_chars(vec![0x61, 0x22, 0x5c, 0x0a, 0xe9, 0x2ffff, 0xd800]).unwrap();
        assert_eq!(
            string_literal(&s),
            r#""a""\u{5c}\u{a}\u{e9}\u{2ffff}\u{d800}""#
        );
        assert_eq!(string_literal(&SmtString::new()), r#""""#);
    }

    #[test]
    fn a_written_literal_reads_back_with_the_same_escapes() {
        let chars = vec![
            0x00, 0x0a, 0x1f, 0x20, 0x22, 0x5c, 0x61, 0x75, 0x78, 0x7b, 0x7d, 0x7e, 0x7f, 0xe9,
            0xff, 0x100, 0xd800, 0xffff, 0x10000, 0x2ffff,
        ];
        // Every character, and the neighbours that could make an escape out
        // of a backslash before them (`\u{61}`, `\x41`).
        let mut cases: Vec<Vec<u32>> = chars.iter().map(|&c| vec![c]).collect();
        cases.push(chars.clone());
        cases.push(r"\u{61}\x41\\".chars().map(u32::from).collect());
        for escapes in [StringEscapes::Smtlib26, StringEscapes::Z3Legacy] {
            for case in &cases {
                let s = SmtString::from_chars(case.clone()).unwrap();
                let mut written = String::new();
                write_string_literal(&mut written, &s, escapes);
                let raw = &written[1..written.len() - 1];
                assert_eq!(decode_string(raw, escapes), Ok(s), "{escapes:?} {written}");
            }
        }
    }
}
