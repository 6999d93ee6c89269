//! The SMT-LIB 2.6 lexer: text to tokens.
//!
//! # Invariants
//!
//! - Tokens borrow from the input: no token allocates. A [`Token`] records
//!   the byte offset where it starts; line and column are computed only when
//!   an error is reported ([`ParseError::at`]).
//! - A string token keeps its raw contents (between the quotes, `""` still
//!   doubled);
//!   [`decode_string`](super::string_literal::decode_string) turns them
//!   into code points when the parser needs a theory string, following the
//!   rules of one [`StringEscapes`](super::StringEscapes).
//! - Whitespace and `;` comments are skipped between tokens and never inside
//!   one.

use super::error::ParseError;

/// What a token is. Slices borrow from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'a> {
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// A numeral, as written (digits only).
    Numeral(&'a str),
    /// A decimal, as written (`2.6`).
    Decimal(&'a str),
    /// `#x...` with the `#x` included.
    Hex(&'a str),
    /// `#b...` with the `#b` included.
    Binary(&'a str),
    /// A string literal's raw contents between the quotes.
    Str(&'a str),
    /// A simple symbol.
    Symbol(&'a str),
    /// The contents of a quoted symbol `|...|`. The same symbol as the
    /// simple one with that text, except that it is never a reserved word.
    Quoted(&'a str),
    /// A keyword without its leading `:`.
    Keyword(&'a str),
    /// End of input.
    Eof,
}

/// A token and the byte offset where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub tok: Tok<'a>,
    pub start: usize,
}

impl<'a> Tok<'a> {
    /// The symbol's text, simple or quoted.
    pub fn symbol(&self) -> Option<&'a str> {
        match *self {
            Tok::Symbol(s) | Tok::Quoted(s) => Some(s),
            _ => None,
        }
    }

    /// How an error message names the token.
    pub fn describe(&self) -> String {
        match self {
            Tok::LParen => "`(`".into(),
            Tok::RParen => "`)`".into(),
            Tok::Numeral(s) | Tok::Decimal(s) | Tok::Hex(s) | Tok::Binary(s) => format!("`{s}`"),
            Tok::Str(s) => {
                let short: String = s.chars().take(20).collect();
                let dots = if short.len() < s.len() { "..." } else { "" };
                format!("string \"{short}{dots}\"")
            }
            Tok::Symbol(s) => format!("`{s}`"),
            Tok::Quoted(s) => format!("`|{s}|`"),
            Tok::Keyword(k) => format!("`:{k}`"),
            Tok::Eof => "end of input".into(),
        }
    }
}

/// Whether `b` may occur in a simple symbol (SMT-LIB 2.6, section 3.1).
pub(crate) fn is_symbol_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"~!@$%^&*_-+=<>.?/".contains(&b)
}

/// Splits text into tokens.
pub(crate) struct Lexer<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Self {
        Lexer { src, pos: 0 }
    }

    /// A lexer at byte offset `pos` of `src` (a char boundary).
    pub fn at(src: &'a str, pos: usize) -> Self {
        Lexer { src, pos }
    }

    /// The whole input.
    pub fn src(&self) -> &'a str {
        self.src
    }

    /// The byte offset of the next unread character.
    pub fn pos(&self) -> usize {
        self.pos
    }

    fn skip_blank(&mut self) {
        let bytes = self.src.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                b';' => {
                    self.pos = memchr_newline(bytes, self.pos);
                }
                _ => break,
            }
        }
    }

    /// Skips whitespace and comments and returns the offset of the next
    /// token (or of the end of input).
    pub fn next_start(&mut self) -> usize {
        self.skip_blank();
        self.pos
    }

    /// Reads the next token.
    pub fn next_token(&mut self) -> Result<Token<'a>, ParseError> {
        self.skip_blank();
        let bytes = self.src.as_bytes();
        let start = self.pos;
        let Some(&b) = bytes.get(start) else {
            return Ok(Token {
                tok: Tok::Eof,
                start,
            });
        };
        let tok = match b {
            b'(' => {
                self.pos += 1;
                Tok::LParen
            }
            b')' => {
                self.pos += 1;
                Tok::RParen
            }
            b'0'..=b'9' => {
                let end = scan(bytes, start, |b| b.is_ascii_digit());
                if bytes.get(end) == Some(&b'.')
                    && bytes.get(end + 1).is_some_and(|b| b.is_ascii_digit())
                {
                    self.pos = scan(bytes, end + 1, |b| b.is_ascii_digit());
                    Tok::Decimal(&self.src[start..self.pos])
                } else {
                    self.pos = end;
                    Tok::Numeral(&self.src[start..end])
                }
            }
            b'#' => {
                let (digit, is_hex): (fn(u8) -> bool, bool) = match bytes.get(start + 1) {
                    Some(b'x') => (|b: u8| b.is_ascii_hexdigit(), true),
                    Some(b'b') => (|b: u8| b == b'0' || b == b'1', false),
                    _ => return Err(self.error(start + 1, "`x` or `b` after `#`")),
                };
                let end = scan(bytes, start + 2, digit);
                if end == start + 2 {
                    let what = if is_hex {
                        "a hexadecimal digit"
                    } else {
                        "a binary digit"
                    };
                    return Err(self.error(end, what));
                }
                self.pos = end;
                let text = &self.src[start..end];
                if is_hex {
                    Tok::Hex(text)
                } else {
                    Tok::Binary(text)
                }
            }
            b'"' => {
                let mut i = start + 1;
                loop {
                    match memchr_quote(bytes, i) {
                        None => {
                            return Err(ParseError::at(
                                self.src,
                                start,
                                "a closing `\"` for this string literal",
                                "end of input".into(),
                            ));
                        }
                        Some(q) if bytes.get(q + 1) == Some(&b'"') => i = q + 2,
                        Some(q) => {
                            self.pos = q + 1;
                            break Tok::Str(&self.src[start + 1..q]);
                        }
                    }
                }
            }
            b'|' => {
                let rest = &bytes[start + 1..];
                match rest.iter().position(|&b| b == b'|' || b == b'\\') {
                    Some(k) if rest[k] == b'|' => {
                        self.pos = start + 2 + k;
                        Tok::Quoted(&self.src[start + 1..start + 1 + k])
                    }
                    Some(k) => {
                        return Err(ParseError::at(
                            self.src,
                            start + 1 + k,
                            "a closing `|` (a quoted symbol cannot contain `\\`)",
                            "`\\`".into(),
                        ));
                    }
                    None => {
                        return Err(ParseError::at(
                            self.src,
                            start,
                            "a closing `|` for this quoted symbol",
                            "end of input".into(),
                        ));
                    }
                }
            }
            b':' => {
                let end = scan(bytes, start + 1, is_symbol_byte);
                if end == start + 1 {
                    return Err(self.error(end, "a keyword name after `:`"));
                }
                self.pos = end;
                Tok::Keyword(&self.src[start + 1..end])
            }
            b if is_symbol_byte(b) => {
                let end = scan(bytes, start, is_symbol_byte);
                self.pos = end;
                Tok::Symbol(&self.src[start..end])
            }
            _ => return Err(self.error(start, "a token")),
        };
        Ok(Token { tok, start })
    }

    /// An error at byte `offset` naming the character found there.
    fn error(&self, offset: usize, expected: &str) -> ParseError {
        let found = match self.src[offset..].chars().next() {
            None => "end of input".to_string(),
            Some(c) if c.is_ascii_graphic() => format!("`{c}`"),
            Some(c) => format!("character U+{:04X}", c as u32),
        };
        ParseError::at(self.src, offset, expected, found)
    }
}

fn scan(bytes: &[u8], from: usize, pred: impl Fn(u8) -> bool) -> usize {
    let mut i = from;
    while i < bytes.len() && pred(bytes[i]) {
        i += 1;
    }
    i
}

fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |k| from + k)
}

fn memchr_quote(bytes: &[u8], from: usize) -> Option<usize> {
    bytes[from..]
        .iter()
        .position(|&b| b == b'"')
        .map(|k| from + k)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        let mut lx = Lexer::new(s);
        let mut out = vec![];
        loop {
            let t = lx.next_token().unwrap().tok;
            if t == Tok::Eof {
                return out;
            }
            out.push(t);
        }
    }

    #[test]
    fn tokens_of_every_kind() {
        assert_eq!(
            toks("(a |b c| 12 1.5 #x1F #b01 :named \"x\"\"y\" ; comment\n)"),
            vec![
                Tok::LParen,
                Tok::Symbol("a"),
                Tok::Quoted("b c"),
                Tok::Numeral("12"),
                Tok::Decimal("1.5"),
                Tok::Hex("#x1F"),
                Tok::Binary("#b01"),
                Tok::Keyword("named"),
                Tok::Str("x\"\"y"),
                Tok::RParen
            ]
        );
    }
}
