//! The parser's cursor: one token of lookahead over the lexer, the
//! token-level readers (parentheses, symbols, numerals, string literals,
//! generic S-expressions) and the errors they raise at a token.
//!
//! # Invariants
//!
//! - At most one token is peeked; [`Parser::pos`] is where reading resumes,
//!   so a second parser can start there ([`Parser::at`]) and positions stay
//!   relative to the whole text.
//! - Numerals longer than [`MAX_NUMERAL_DIGITS`] are refused before any
//!   conversion (see its doc for why).

use num_bigint::{BigInt, BigUint};

use super::definitions::Definitions;
use super::{MAX_DEPTH, MAX_NUMERAL_DIGITS};
use crate::term::error::ParseError;
use crate::term::lexer::{Lexer, Tok, Token};
use crate::term::string_literal::{StringEscapes, decode_string};
use crate::term::{SExpr, SmtString, Symbol};

/// A parser over one text. The building blocks are crate-visible so that the
/// solver-response reader can reuse them.
pub(crate) struct Parser<'a> {
    pub(super) lex: Lexer<'a>,
    pub(super) peeked: Option<Token<'a>>,
    pub(super) escapes: StringEscapes,
    pub(super) defs: Definitions,
    /// Nodes added by expanding definitions in the current command.
    pub(super) expanded: usize,
    /// Whether this text is a solver's answer (model values), where every
    /// spelling of a rational is one literal; in a script only the spelling
    /// the printer writes is (see [`crate::term::real_literal`]).
    pub(super) values: bool,
}

impl<'a> Parser<'a> {
    /// A parser at the start of `src`.
    pub fn new(src: &'a str, escapes: StringEscapes) -> Self {
        Parser {
            lex: Lexer::new(src),
            peeked: None,
            escapes,
            defs: Definitions::default(),
            expanded: 0,
            values: false,
        }
    }

    /// A parser starting at byte `pos` of `src`; positions stay relative to
    /// the whole of `src`.
    pub fn at(src: &'a str, pos: usize, escapes: StringEscapes) -> Self {
        Parser {
            lex: Lexer::at(src, pos),
            peeked: None,
            escapes,
            defs: Definitions::default(),
            expanded: 0,
            values: false,
        }
    }

    /// This parser reading a solver's answer: every spelling of a rational
    /// a solver prints (`(/ 1.0 8.0)`, cvc5's `(/ (- 5) 2)`) folds into one
    /// literal.
    pub fn reading_values(mut self) -> Self {
        self.values = true;
        self
    }

    /// The next token, consumed.
    pub fn next(&mut self) -> Result<Token<'a>, ParseError> {
        match self.peeked.take() {
            Some(t) => Ok(t),
            None => self.lex.next_token(),
        }
    }

    /// The next token, not consumed.
    pub fn peek(&mut self) -> Result<Token<'a>, ParseError> {
        if let Some(t) = self.peeked {
            return Ok(t);
        }
        let t = self.lex.next_token()?;
        self.peeked = Some(t);
        Ok(t)
    }

    /// The byte offset where reading resumes (the start of a peeked token,
    /// or just after the last consumed one).
    pub fn pos(&self) -> usize {
        match self.peeked {
            Some(t) => t.start,
            None => self.lex.pos(),
        }
    }

    /// An error at `token`.
    pub fn error(&self, token: Token<'_>, expected: impl Into<String>) -> ParseError {
        ParseError::at(self.lex.src(), token.start, expected, token.tok.describe())
    }

    pub(super) fn expect(
        &mut self,
        want: Tok<'static>,
        expected: &str,
    ) -> Result<Token<'a>, ParseError> {
        let t = self.next()?;
        if t.tok == want {
            Ok(t)
        } else {
            Err(self.error(t, expected))
        }
    }

    /// Consumes `(`.
    pub fn lparen(&mut self) -> Result<(), ParseError> {
        self.expect(Tok::LParen, "`(`").map(drop)
    }

    /// Consumes `)`.
    pub fn rparen(&mut self) -> Result<(), ParseError> {
        self.expect(Tok::RParen, "`)`").map(drop)
    }

    /// Whether the next token is `)` (not consumed).
    pub fn at_rparen(&mut self) -> Result<bool, ParseError> {
        Ok(self.peek()?.tok == Tok::RParen)
    }

    /// Requires the end of input.
    pub fn expect_end(&mut self) -> Result<(), ParseError> {
        self.expect(Tok::Eof, "end of input").map(drop)
    }

    /// Reads a symbol (simple or quoted).
    pub fn symbol(&mut self) -> Result<Symbol, ParseError> {
        let t = self.next()?;
        match t.tok.symbol() {
            Some(s) => Ok(s.to_string()),
            None => Err(self.error(t, "a symbol")),
        }
    }

    /// Refuses a numeral longer than [`MAX_NUMERAL_DIGITS`].
    pub(super) fn check_numeral(&self, t: Token<'_>, digits: &str) -> Result<(), ParseError> {
        if digits.len() > MAX_NUMERAL_DIGITS {
            return Err(ParseError::at(
                self.lex.src(),
                t.start,
                format!("a numeral of at most {MAX_NUMERAL_DIGITS} digits"),
                format!("a numeral of {} digits", digits.len()),
            ));
        }
        Ok(())
    }

    /// Reads a numeral of any size (up to [`MAX_NUMERAL_DIGITS`] digits).
    pub(super) fn numeral_big(&mut self) -> Result<BigUint, ParseError> {
        let t = self.next()?;
        match t.tok {
            Tok::Numeral(s) => {
                self.check_numeral(t, s)?;
                Ok(s.parse().expect("digits"))
            }
            _ => Err(self.error(t, "a numeral")),
        }
    }

    pub(super) fn numeral_u32(&mut self, what: &str) -> Result<u32, ParseError> {
        let t = self.next()?;
        match t.tok {
            Tok::Numeral(s) => s
                .parse()
                .map_err(|_| self.error(t, format!("{what} below 2^32"))),
            _ => Err(self.error(t, what.to_string())),
        }
    }

    /// Decodes a string literal token into a theory string.
    pub fn string(&self, token: Token<'_>, raw: &str) -> Result<SmtString, ParseError> {
        decode_string(raw, self.escapes).map_err(|(offset, c)| {
            ParseError::at(
                self.lex.src(),
                token.start + 1 + offset,
                "a character in the alphabet 0..=0x2FFFF",
                format!("U+{c:X}"),
            )
        })
    }

    /// Reads one generic S-expression (attribute values, options).
    pub fn sexpr(&mut self) -> Result<SExpr, ParseError> {
        let mut stack: Vec<Vec<SExpr>> = Vec::new();
        loop {
            let t = self.next()?;
            let item = match t.tok {
                Tok::LParen => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.error(t, format!("nesting at most {MAX_DEPTH} deep")));
                    }
                    stack.push(Vec::new());
                    continue;
                }
                Tok::RParen => match stack.pop() {
                    Some(items) => SExpr::List(items),
                    None => return Err(self.error(t, "an s-expression")),
                },
                Tok::Numeral(s) => {
                    self.check_numeral(t, s)?;
                    SExpr::Numeral(s.parse::<BigUint>().expect("digits"))
                }
                Tok::Decimal(s) => SExpr::Decimal(s.to_string()),
                Tok::Str(raw) => SExpr::Str(undouble(raw)),
                Tok::Symbol(s) | Tok::Quoted(s) => SExpr::Symbol(s.to_string()),
                Tok::Keyword(k) => SExpr::Keyword(k.to_string()),
                Tok::Hex(_) | Tok::Binary(_) | Tok::Eof => {
                    return Err(self.error(t, "an s-expression"));
                }
            };
            match stack.last_mut() {
                Some(items) => items.push(item),
                None => return Ok(item),
            }
        }
    }

    /// Skips one S-expression of any shape without building it.
    pub(super) fn skip_sexpr(&mut self) -> Result<(), ParseError> {
        let mut depth = 0usize;
        loop {
            let t = self.next()?;
            match t.tok {
                Tok::LParen => depth += 1,
                Tok::RParen if depth > 0 => depth -= 1,
                Tok::RParen | Tok::Eof => return Err(self.error(t, "an s-expression")),
                _ => {}
            }
            if depth == 0 {
                return Ok(());
            }
        }
    }
}

/// The words that are never symbols unless quoted.
pub(super) fn is_reserved(s: &str) -> bool {
    matches!(
        s,
        "_" | "!" | "as" | "let" | "exists" | "forall" | "match" | "par"
    )
}

/// Whether `s` is a non-empty run of decimal digits without a leading zero
/// (a numeral).
pub(super) fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'))
}

/// A numeral's value.
pub(super) fn parse_numeral(s: &str) -> BigInt {
    if s.len() <= 18 {
        BigInt::from(s.parse::<u64>().expect("digits"))
    } else {
        s.parse::<BigInt>().expect("digits")
    }
}

/// The raw contents of a string literal with `""` undoubled, no escapes
/// decoded (attribute values and `echo` are not theory strings).
pub(crate) fn undouble(raw: &str) -> String {
    raw.replace("\"\"", "\"")
}
