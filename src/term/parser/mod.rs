//! The SMT-LIB 2.6 parser: scripts, terms and sorts.
//!
//! Strict by design: an unknown command, sort or function symbol is an error
//! with its position, so a seed file that equifuzz cannot represent is
//! rejected at the door rather than misread.
//!
//! # Invariants
//!
//! - `parse_term(&Printer::default().term(t)) == Ok(t)` for every term the
//!   generators make, and the same for scripts (tested by property tests in
//!   `tests/term_roundtrip.rs`).
//! - `(- n)` on a numeral literal is folded into `Term::Int(-n)`, so the
//!   parser never yields `App(Neg, [Int(n)])` with `n >= 0`. Any other unary
//!   `-` is [`Op::Neg`](super::Op::Neg), and `-` with two or more arguments is
//!   [`Op::Sub`](super::Op::Sub).
//! - The term parser keeps its own stack and never recurses, so deep input
//!   cannot overflow the thread stack; nesting beyond [`MAX_DEPTH`] is an
//!   error, which also keeps the recursive `Drop`, `Eq` and printer of the
//!   resulting [`Term`] safe.
//! - Symbols are compared by their text: `|x|` and `x` are the same symbol,
//!   but a quoted symbol is never a reserved word (`|let|` is a variable).
//! - Every operator of [`Op`](super::Op) is read under its SMT-LIB 2.6 name and under
//!   the [`Dialect::Legacy`](super::Dialect::Legacy) names (plus Z3's older
//!   `str.in-re`, `str.to-int`, `int.to-str`), so output of either printer
//!   dialect parses.
//!
//! - Definitions are macros: every use of a `define-fun` (with or without
//!   parameters) becomes its body under a `let` binding the parameters to
//!   the arguments, and every use of a `define-sort` becomes its sort. A
//!   definition is scoped like a declaration: `pop` removes it. A use where
//!   the body's free symbols would be captured by an enclosing binder is
//!   refused, never misread.
//! - A `re.loop` or `re.^` index of 2^32 or more (which [`Op`](super::Op) cannot hold)
//!   is read exactly as a concatenation of powers of at most 2^31 - 1 (Z3
//!   reads indices as signed 32-bit integers): `r^n = (r^M)^q ++ r^rem`;
//!   `re.loop` with `lo > hi` is `re.none`, else `r^lo ++ (re.opt
//!   r)^(hi - lo)`. No bound is refused, and an index below 2^32 stays as
//!   written (so printed terms read back equal).
//! - Numerals have at most [`MAX_NUMERAL_DIGITS`] digits: decimal to binary
//!   conversion is quadratic in num-bigint, and a solver's output is read
//!   after its deadline, so an unbounded numeral would be an unbounded wait.
//! - Commands outside equifuzz's theories (`declare-sort`,
//!   `declare-datatype(s)`, `define-fun-rec`, `define-funs-rec`) are errors
//!   at their position that say "not supported". A `declare-fun` with
//!   arguments declares an uninterpreted function, applied as
//!   [`Term::Apply`](super::Term::Apply).
//!
//! Errors report a 1-based line and a 1-based column counted in characters.
//!
//! The reader is split by idea: `cursor` (tokens), `sorts`, `terms` with
//! `frame` and `heads`, `definitions` (define-fun and define-sort
//! expansion), `re_loop` (big indices), `commands` and `lambda` (model
//! values). Each file adds an `impl` block to the one `Parser`; none
//! imports a sibling that imports it back.

mod commands;
mod cursor;
mod definitions;
mod frame;
mod heads;
mod lambda;
mod re_loop;
mod sorts;
mod terms;

pub use crate::term::error::ParseError;
pub use crate::term::string_literal::StringEscapes;
use crate::term::{Located, Script, Sort, Term};
pub(crate) use cursor::{Parser, undouble};

/// The deepest nesting of parentheses the term and s-expression parsers
/// accept.
///
/// The parser itself has no limit (it keeps its own stack), but `Term`'s
/// derived `Clone`, `Eq` and `Drop`, the printer and every later pass
/// recurse; the bound leaves them room (figures: `docs/measured/term.md`).
pub const MAX_DEPTH: usize = 2_000;

/// The deepest nesting of sorts accepted (`(Array (Array ...) ...)`); sorts
/// are parsed recursively.
pub const MAX_SORT_DEPTH: usize = 64;

/// The most digits a numeral may have: num-bigint converts decimal text to
/// binary in quadratic time, and no value a solver prints for a formula we
/// judge comes near it (figures: `docs/measured/term.md`).
pub const MAX_NUMERAL_DIGITS: usize = 100_000;

/// The most term nodes one command may gain by expanding definitions
/// (uses copy the body; terms share nothing). About 100 MB of terms.
pub const MAX_EXPANDED_NODES: usize = 2_000_000;

/// Parses a whole script.
pub fn parse_script(text: &str) -> Result<Script, ParseError> {
    Ok(Script {
        commands: parse_located(text)?
            .into_iter()
            .map(|l| l.command)
            .collect(),
    })
}

/// Parses a whole script, each command with the line and column where it
/// starts.
pub fn parse_located(text: &str) -> Result<Vec<Located>, ParseError> {
    let mut p = Parser::new(text, StringEscapes::Smtlib26);
    let mut out = Vec::new();
    // Lines are counted incrementally: one pass over the text in all.
    let (mut counted, mut line, mut line_start) = (0usize, 1usize, 0usize);
    loop {
        let start = p.lex.next_start();
        let Some(command) = p.command()? else {
            return Ok(out);
        };
        for (i, b) in text.as_bytes()[counted..start].iter().enumerate() {
            if *b == b'\n' {
                line += 1;
                line_start = counted + i + 1;
            }
        }
        counted = start;
        out.push(Located {
            command,
            line,
            column: text[line_start..start].chars().count() + 1,
        });
    }
}

/// Parses one term; the whole input must be that term. Symbols that are not
/// operators or `true`/`false` are variables ([`Term::Var`]); no
/// declaration is needed.
pub fn parse_term(text: &str) -> Result<Term, ParseError> {
    parse_term_with(text, StringEscapes::Smtlib26)
}

/// [`parse_term`] with string literals read by the given escapes (a term
/// printed for an old Z3 release: [`Dialect::model_escapes`](super::Dialect::model_escapes)).
pub fn parse_term_with(text: &str, escapes: StringEscapes) -> Result<Term, ParseError> {
    let mut p = Parser::new(text, escapes);
    let (t, _) = p.term()?;
    p.expect_end()?;
    Ok(t)
}

/// Parses one sort; the whole input must be that sort.
pub fn parse_sort(text: &str) -> Result<Sort, ParseError> {
    let mut p = Parser::new(text, StringEscapes::Smtlib26);
    let s = p.sort()?;
    p.expect_end()?;
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deepest_accepted_terms_survive_clone_eq_print_and_drop() {
        // On this (2 MiB) test thread, with every binder kind.
        let k = MAX_DEPTH / 3;
        let text = format!(
            "{}b{}",
            "(forall ((a Int)) (! (let ((b true)) ".repeat(k),
            ") :pattern (a)))".repeat(k)
        );
        let apps = format!(
            "{}x{}",
            "(str.len (str.from_int ".repeat(MAX_DEPTH / 2),
            "))".repeat(MAX_DEPTH / 2)
        );
        for text in [text, apps] {
            let t = parse_term(&text).unwrap();
            let c = t.clone();
            assert_eq!(c, t);
            assert_eq!(parse_term(&c.to_string()), Ok(t));
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let n = 100_000;
        let text = format!("{}x{}", "(not ".repeat(n), ")".repeat(n));
        let e = parse_term(&text).unwrap_err();
        assert_eq!((e.line, e.column), (1, 5 * MAX_DEPTH + 1));
        let ok = format!("{}x{}", "(not ".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert_eq!(parse_term(&ok).unwrap().depth(), MAX_DEPTH);
        let over = format!(
            "{}x{}",
            "(not ".repeat(MAX_DEPTH + 1),
            ")".repeat(MAX_DEPTH + 1)
        );
        assert!(parse_term(&over).is_err());
        let sexpr = format!("(set-info :x {}{})", "(".repeat(n), ")".repeat(n));
        assert!(parse_script(&sexpr).is_err());
        let sort = format!(
            "(declare-const a {}Int{})",
            "(Array Int ".repeat(n),
            ")".repeat(n)
        );
        assert!(parse_script(&sort).is_err());
    }
}
