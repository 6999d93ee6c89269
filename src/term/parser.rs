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
//!   `-` is [`Op::Neg`], and `-` with two or more arguments is [`Op::Sub`].
//! - The term parser keeps its own stack and never recurses, so deep input
//!   cannot overflow the thread stack; nesting beyond [`MAX_DEPTH`] is an
//!   error, which also keeps the recursive `Drop`, `Eq` and printer of the
//!   resulting [`Term`] safe.
//! - Symbols are compared by their text: `|x|` and `x` are the same symbol,
//!   but a quoted symbol is never a reserved word (`|let|` is a variable).
//! - Every operator of [`Op`] is read under its SMT-LIB 2.6 name and under
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
//! - A `re.loop` or `re.^` index of 2^32 or more (which [`Op`] cannot hold)
//!   is read exactly as a concatenation of powers of at most 2^31 - 1 (Z3
//!   reads indices as signed 32-bit integers): `r^n = (r^M)^q ++ r^rem`;
//!   `re.loop` with `lo > hi` is `re.none`, else `r^lo ++ (re.opt
//!   r)^(hi - lo)`. No bound is refused, and an index below 2^32 stays as
//!   written (so printed terms read back equal).
//! - Numerals have at most [`MAX_NUMERAL_DIGITS`] digits: decimal to binary
//!   conversion is quadratic in num-bigint, and a solver's output is read
//!   after its deadline, so an unbounded numeral would be an unbounded wait.
//! - Commands outside equifuzz's theories (`declare-sort`,
//!   `declare-datatype(s)`, `define-fun-rec`, `define-funs-rec`, and the use
//!   of a `declare-fun` with arguments) are errors at their position that say
//!   "not supported".
//!
//! Errors report a 1-based line and a 1-based column counted in characters.

use std::collections::HashMap;

use num_bigint::{BigInt, BigUint};

pub use super::error::ParseError;
pub use super::lexer::StringEscapes;
use super::lexer::{Lexer, Tok, Token, decode_string};
use super::{
    Assertion, BitVec, Command, Located, Op, QuantKind, Quantifier, SExpr, Script, SmtString, Sort,
    Symbol, Term,
};

/// The deepest nesting of parentheses the term and s-expression parsers
/// accept.
///
/// The parser itself has no limit (it keeps its own stack), but `Term`'s
/// derived `Clone`, `Eq` and `Drop`, the printer and every later pass
/// recurse. Measured on a 2 MiB test thread (profile.test, opt-level 1):
/// `Clone` of nested applications overflows near 6,000 levels. 2,000 leaves
/// room for passes with larger frames.
pub const MAX_DEPTH: usize = 2_000;

/// The deepest nesting of sorts accepted (`(Array (Array ...) ...)`); sorts
/// are parsed recursively.
pub const MAX_SORT_DEPTH: usize = 64;

/// The most digits a numeral may have. num-bigint converts decimal text to
/// binary in quadratic time: measured on this machine (debug test profile
/// aside, release build), 1,000,000 digits took 1.9 s and 5,000,000 over a
/// minute; 100,000 take about 20 ms. No value a solver prints for a formula
/// we judge comes near it.
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

/// The head of an application, before its arguments are known.
#[derive(Clone, Debug)]
enum Head {
    Op(Op),
    /// `-`: negation or subtraction, by arity.
    Minus,
    /// Legacy `(re.loop r lo hi)` with the bounds as arguments.
    LegacyLoop,
    /// `((_ re.loop lo hi) r)` with a bound of 2^32 or more.
    BigLoop(BigUint, BigUint),
    /// `((_ re.^ n) r)` with `n` of 2^32 or more.
    BigPower(BigUint),
    /// A `define-fun` with parameters: its index in [`Definitions::funs`].
    Defined(usize),
    /// `(as const S)`, `S` an array sort.
    ConstArray(Sort),
}

/// A `define-fun`.
#[derive(Clone, Debug)]
struct FunDef {
    name: Symbol,
    params: Vec<(Symbol, Sort)>,
    body: Term,
    /// `body.size()` and `body.depth()`, known once.
    size: usize,
    depth: usize,
}

/// A `define-sort`.
#[derive(Clone, Debug)]
struct SortDef {
    params: Vec<Symbol>,
    body: SExpr,
}

/// What the script has defined or declared so far that the parser must
/// know to read terms and sorts, scoped by `push`/`pop`.
#[derive(Clone, Debug, Default)]
struct Definitions {
    funs: Vec<FunDef>,
    fun_index: HashMap<Symbol, usize>,
    sorts: HashMap<Symbol, SortDef>,
    /// Functions declared with arguments (uninterpreted: not supported).
    uninterpreted: HashMap<Symbol, ()>,
    /// Per open `push` level, the names introduced at that level.
    levels: Vec<Vec<Symbol>>,
}

impl Definitions {
    fn introduce(&mut self, name: &Symbol) {
        if let Some(level) = self.levels.last_mut() {
            level.push(name.clone());
        }
    }

    fn forget(&mut self, name: &Symbol) {
        if let Some(i) = self.fun_index.remove(name) {
            // Keep indices of other definitions valid: leave the slot.
            self.funs[i].params.clear();
        }
        self.sorts.remove(name);
        self.uninterpreted.remove(name);
    }

    fn push(&mut self, n: u32) {
        for _ in 0..n {
            self.levels.push(Vec::new());
        }
    }

    fn pop(&mut self, n: u32) {
        for _ in 0..n {
            let Some(level) = self.levels.pop() else {
                return;
            };
            for name in level {
                self.forget(&name);
            }
        }
    }
}

/// A compound term whose parts are still being read.
enum Frame {
    App {
        head: Head,
        args: Vec<Term>,
        start: usize,
    },
    /// Reading the term bound to `name`.
    LetBind {
        binds: Vec<(Symbol, Term)>,
        name: Symbol,
    },
    /// Reading the body of a `let`.
    LetBody { binds: Vec<(Symbol, Term)> },
    /// Reading the body of a quantifier.
    Quant {
        kind: QuantKind,
        vars: Vec<(Symbol, Sort)>,
    },
    /// `(! t attr...)`: reading `t`, or a term of the pattern in `current`.
    Annot {
        term: Option<Term>,
        patterns: Vec<Vec<Term>>,
        current: Option<Vec<Term>>,
        named: Option<Symbol>,
    },
}

/// The attributes of a finished `(! t ...)`.
#[derive(Default)]
struct Annotation {
    patterns: Vec<Vec<Term>>,
    named: Option<Symbol>,
}

/// A parser over one text. The building blocks are crate-visible so that the
/// solver-response reader can reuse them.
pub(crate) struct Parser<'a> {
    lex: Lexer<'a>,
    peeked: Option<Token<'a>>,
    escapes: StringEscapes,
    defs: Definitions,
    /// Nodes added by expanding definitions in the current command.
    expanded: usize,
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
        }
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

    fn expect(&mut self, want: Tok<'static>, expected: &str) -> Result<Token<'a>, ParseError> {
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
    fn check_numeral(&self, t: Token<'_>, digits: &str) -> Result<(), ParseError> {
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
    fn numeral_big(&mut self) -> Result<BigUint, ParseError> {
        let t = self.next()?;
        match t.tok {
            Tok::Numeral(s) => {
                self.check_numeral(t, s)?;
                Ok(s.parse().expect("digits"))
            }
            _ => Err(self.error(t, "a numeral")),
        }
    }

    /// The body of definition `i` in place of its use at `at`, its
    /// parameters bound to `args` by a `let`.
    fn expand(
        &mut self,
        at: Token<'_>,
        stack: &[Frame],
        i: usize,
        args: Vec<Term>,
    ) -> Result<Term, ParseError> {
        // Expansion copies: a chain of definitions each using the previous
        // one twice doubles at every step, and a deep body nests deeper
        // than the parser's own limit. Both are refused, never built.
        let (size, depth) = (self.defs.funs[i].size, self.defs.funs[i].depth);
        self.expanded = self.expanded.saturating_add(size);
        if self.expanded > MAX_EXPANDED_NODES {
            return Err(self.error(
                at,
                format!(
                    "a command of at most {MAX_EXPANDED_NODES} nodes once definitions are \
                     expanded (not supported: larger expansions)"
                ),
            ));
        }
        if stack.len() + 1 + depth > MAX_DEPTH {
            return Err(self.error(
                at,
                format!("a term nested at most {MAX_DEPTH} deep once definitions are expanded"),
            ));
        }
        let def = &self.defs.funs[i];
        for v in def.body.free_vars() {
            if !def.params.iter().any(|(p, _)| *p == v) && bound_by(stack, &v) {
                return Err(self.error(
                    at,
                    format!(
                        "a use of `{}` where `{v}` is not rebound (not supported: the \
                         definition's `{v}` would be captured by the enclosing binder)",
                        def.name
                    ),
                ));
            }
        }
        if def.params.is_empty() {
            return Ok(def.body.clone());
        }
        let binds = def
            .params
            .iter()
            .map(|(p, _)| p.clone())
            .zip(args)
            .collect();
        Ok(Term::Let(binds, Box::new(def.body.clone())))
    }

    /// A value in a solver's model or `get-value` answer: a term, or Z3's
    /// `(lambda ((x I)) body)` for an array whose body is a finite case
    /// split on `x` (see [`lambda_as_array`]), read as the `store` chain
    /// over a constant array that denotes the same function.
    pub(crate) fn model_value(&mut self) -> Result<Term, ParseError> {
        let mut look = Parser::at(self.lex.src(), self.pos(), self.escapes);
        let lambda = look.next()?.tok == Tok::LParen && look.next()?.tok == Tok::Symbol("lambda");
        if !lambda {
            return Ok(self.term()?.0);
        }
        self.next()?;
        let at = self.next()?;
        let params = self.params()?;
        let (body, _) = self.term()?;
        self.rparen()?;
        match params.as_slice() {
            [(x, index)] => lambda_as_array(x, index, &body),
            _ => None,
        }
        .ok_or_else(|| {
            self.error(
                at,
                "a lambda of one parameter whose body is a case split on it \
                 (`ite` over `(= x k)` with constant branches)",
            )
        })
    }

    /// A bit-vector literal's value from its digits (after `#b` or `#x`).
    fn bitvec_literal(
        &self,
        t: Token<'_>,
        digits: &str,
        read: fn(&str) -> Option<BitVec>,
    ) -> Result<Term, ParseError> {
        self.check_numeral(t, digits)?;
        read(digits)
            .map(Term::BitVec)
            .ok_or_else(|| self.error(t, "a bit-vector literal"))
    }

    /// After `(` with `_` next: the QF_BV literal `(_ bvN m)`, the only
    /// indexed identifier that is a constant.
    fn indexed_constant(&mut self) -> Result<Term, ParseError> {
        self.next()?;
        let name = self.next()?;
        let value = match name.tok {
            Tok::Symbol(s) if s.len() > 2 && s.starts_with("bv") && is_digits(&s[2..]) => {
                self.check_numeral(name, &s[2..])?;
                s[2..].parse::<BigUint>().expect("digits")
            }
            _ => {
                return Err(self.error(
                    name,
                    "a bit-vector constant `(_ bvN m)` (an indexed function must be applied)",
                ));
            }
        };
        let w = self.peek()?;
        let width = self.numeral_u32("a bit width")?;
        if width == 0 {
            return Err(self.error(w, "a bit width of at least 1"));
        }
        self.rparen()?;
        Ok(Term::BitVec(BitVec::new(width, value)))
    }

    /// After `((` with `as` next: `(as const S)`, `S` an array sort.
    fn const_array_head(&mut self, lparen: Token<'a>) -> Result<Frame, ParseError> {
        self.next()?;
        let c = self.next()?;
        if c.tok != Tok::Symbol("const") {
            return Err(self.error(c, "`const` (the only qualified identifier supported)"));
        }
        let at = self.peek()?;
        let sort = self.sort()?;
        if !matches!(sort, Sort::Array(..)) {
            return Err(self.error(at, "an array sort after `as const`"));
        }
        self.rparen()?;
        Ok(Frame::App {
            head: Head::ConstArray(sort),
            args: Vec::new(),
            start: lparen.start,
        })
    }

    fn numeral_u32(&mut self, what: &str) -> Result<u32, ParseError> {
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

    /// Reads a sort.
    pub fn sort(&mut self) -> Result<Sort, ParseError> {
        self.sort_at_depth(0)
    }

    fn sort_at_depth(&mut self, depth: usize) -> Result<Sort, ParseError> {
        const EXPECTED: &str = "a sort (Bool, Int, String, RegLan, (_ BitVec n), (Array S T))";
        let t = self.next()?;
        match t.tok {
            Tok::Symbol(s) | Tok::Quoted(s) => match s {
                "Bool" => Ok(Sort::Bool),
                "Int" => Ok(Sort::Int),
                "String" => Ok(Sort::String),
                "RegLan" => Ok(Sort::RegLan),
                _ if self.defs.sorts.contains_key(s) => self.defined_sort(t, s, Vec::new()),
                _ => Err(self.error(t, EXPECTED)),
            },
            Tok::LParen => {
                if depth >= MAX_SORT_DEPTH {
                    return Err(
                        self.error(t, format!("a sort nested at most {MAX_SORT_DEPTH} deep"))
                    );
                }
                let h = self.next()?;
                match h.tok {
                    Tok::Symbol("_") => {
                        let name = self.next()?;
                        if name.tok != Tok::Symbol("BitVec") {
                            return Err(self.error(name, "`BitVec`"));
                        }
                        let w = self.peek()?;
                        let n = self.numeral_u32("a bit width")?;
                        if n == 0 {
                            return Err(self.error(w, "a bit width of at least 1"));
                        }
                        self.rparen()?;
                        Ok(Sort::BitVec(n))
                    }
                    Tok::Symbol("Array") | Tok::Quoted("Array") => {
                        let i = self.sort_at_depth(depth + 1)?;
                        let e = self.sort_at_depth(depth + 1)?;
                        self.rparen()?;
                        Ok(Sort::Array(Box::new(i), Box::new(e)))
                    }
                    Tok::Symbol(s) | Tok::Quoted(s) if self.defs.sorts.contains_key(s) => {
                        let mut args = Vec::new();
                        while !self.at_rparen()? {
                            args.push(self.sort_at_depth(depth + 1)?);
                        }
                        self.next()?;
                        self.defined_sort(h, s, args)
                    }
                    _ => Err(self.error(h, EXPECTED)),
                }
            }
            _ => Err(self.error(t, EXPECTED)),
        }
    }

    /// The sort a `define-sort` name applied to `args` stands for.
    fn defined_sort(&self, at: Token<'_>, name: &str, args: Vec<Sort>) -> Result<Sort, ParseError> {
        let def = &self.defs.sorts[name];
        if def.params.len() != args.len() {
            return Err(self.error(
                at,
                format!("`{name}` with {} sort arguments", def.params.len()),
            ));
        }
        let env: HashMap<&str, Sort> = def.params.iter().map(String::as_str).zip(args).collect();
        sort_of_sexpr(&def.body, &env, &self.defs.sorts, 0)
            .map_err(|why| self.error(at, format!("a sort ({why})")))
    }

    /// Reads `((x S) ...)`, at least one variable (binders).
    fn sorted_vars(&mut self) -> Result<Vec<(Symbol, Sort)>, ParseError> {
        self.sorted_var_list(false, "`(` opening a sorted variable")
    }

    /// Reads `((x S) ...)`, possibly empty (function parameters).
    pub fn params(&mut self) -> Result<Vec<(Symbol, Sort)>, ParseError> {
        self.sorted_var_list(true, "`(` opening a parameter or `)`")
    }

    /// `((x S) ...)`: a binder needs a variable, a function may have none.
    fn sorted_var_list(
        &mut self,
        empty_ok: bool,
        expected: &str,
    ) -> Result<Vec<(Symbol, Sort)>, ParseError> {
        self.lparen()?;
        let mut vars = Vec::new();
        loop {
            let t = self.next()?;
            match t.tok {
                Tok::LParen => {
                    let v = self.symbol()?;
                    let s = self.sort()?;
                    self.rparen()?;
                    vars.push((v, s));
                }
                Tok::RParen if empty_ok || !vars.is_empty() => return Ok(vars),
                _ => return Err(self.error(t, expected)),
            }
        }
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
    fn skip_sexpr(&mut self) -> Result<(), ParseError> {
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

    /// The term a symbol stands for in term position.
    fn atom(s: &str) -> Term {
        match s {
            "true" => Term::Bool(true),
            "false" => Term::Bool(false),
            _ => match op_by_name(s) {
                Some(Head::Op(op)) if op.is_nullary() => Term::App(op, Vec::new()),
                _ => Term::Var(s.to_string()),
            },
        }
    }

    /// Reads a term, and the `:named` label if the term was written
    /// `(! t ... :named n ...)`.
    pub fn term(&mut self) -> Result<(Term, Option<Symbol>), ParseError> {
        let mut stack: Vec<Frame> = Vec::new();
        'descend: loop {
            let t = self.next()?;
            let mut value = match t.tok {
                Tok::Numeral(s) => {
                    self.check_numeral(t, s)?;
                    Term::Int(parse_numeral(s))
                }
                Tok::Str(raw) => Term::Str(self.string(t, raw)?),
                Tok::Binary(text) => self.bitvec_literal(t, &text[2..], BitVec::from_binary)?,
                Tok::Hex(text) => self.bitvec_literal(t, &text[2..], BitVec::from_hex)?,
                Tok::Symbol(s) if is_reserved(s) => return Err(self.error(t, "a term")),
                Tok::Symbol(s) | Tok::Quoted(s) => match self.defs.fun_index.get(s) {
                    Some(&i) if !bound_by(&stack, s) => {
                        let def = &self.defs.funs[i];
                        if !def.params.is_empty() {
                            return Err(self.error(
                                t,
                                format!("a term (`{s}` takes {} arguments)", def.params.len()),
                            ));
                        }
                        self.expand(t, &stack, i, Vec::new())?
                    }
                    _ => Self::atom(s),
                },
                Tok::LParen if self.peek()?.tok == Tok::Symbol("_") => self.indexed_constant()?,
                Tok::LParen => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(
                            self.error(t, format!("a term nested at most {MAX_DEPTH} deep"))
                        );
                    }
                    stack.push(self.open(t)?);
                    continue 'descend;
                }
                _ => return Err(self.error(t, "a term")),
            };
            let mut last_numeral = matches!(t.tok, Tok::Numeral(_));
            let mut annotation: Option<Annotation> = None;
            // Hand the finished `value` up the stack until some frame needs
            // another term.
            loop {
                let Some(frame) = stack.pop() else {
                    return Ok((value, annotation.and_then(|a| a.named)));
                };
                match frame {
                    Frame::App {
                        head,
                        mut args,
                        start,
                    } => {
                        args.push(value);
                        if !self.at_rparen()? {
                            stack.push(Frame::App { head, args, start });
                            continue 'descend;
                        }
                        let close = self.next()?;
                        value = match head {
                            Head::Defined(i) => {
                                let at = Token {
                                    tok: Tok::LParen,
                                    start,
                                };
                                let want = self.defs.funs[i].params.len();
                                if args.len() != want {
                                    return Err(ParseError::at(
                                        self.lex.src(),
                                        start,
                                        format!(
                                            "`{}` with {want} arguments",
                                            self.defs.funs[i].name
                                        ),
                                        format!("{} arguments", args.len()),
                                    ));
                                }
                                let _ = close;
                                self.expand(at, &stack, i, args)?
                            }
                            _ => self.finish_app(head, args, start, last_numeral)?,
                        };
                    }
                    Frame::LetBind { mut binds, name } => {
                        self.rparen()?;
                        binds.push((name, value));
                        let t = self.next()?;
                        match t.tok {
                            Tok::LParen => {
                                let name = self.symbol()?;
                                stack.push(Frame::LetBind { binds, name });
                            }
                            Tok::RParen => stack.push(Frame::LetBody { binds }),
                            _ => return Err(self.error(t, "`(` opening a binding, or `)`")),
                        }
                        continue 'descend;
                    }
                    Frame::LetBody { binds } => {
                        self.rparen()?;
                        value = Term::Let(binds, Box::new(value));
                    }
                    Frame::Quant { kind, vars } => {
                        self.rparen()?;
                        let patterns = annotation.take().map(|a| a.patterns).unwrap_or_default();
                        value = Term::Quant(Box::new(Quantifier {
                            kind,
                            vars,
                            body: value,
                            patterns,
                        }));
                    }
                    Frame::Annot {
                        term,
                        mut patterns,
                        current,
                        named,
                    } => {
                        let (term, mut current) = match (term, current) {
                            (None, _) => (value, None),
                            (Some(term), Some(mut p)) => {
                                p.push(value);
                                (term, Some(p))
                            }
                            (Some(_), None) => unreachable!("an annotation waits for a term"),
                        };
                        if current.is_some() && self.at_rparen()? {
                            self.next()?;
                            patterns.extend(current.take());
                        }
                        let mut frame = Frame::Annot {
                            term: Some(term),
                            patterns,
                            current,
                            named,
                        };
                        if current_is_open(&frame) || !self.attributes(&mut frame)? {
                            stack.push(frame);
                            continue 'descend;
                        }
                        let Frame::Annot {
                            term,
                            patterns,
                            named,
                            ..
                        } = frame
                        else {
                            unreachable!()
                        };
                        value = term.expect("set above");
                        annotation = Some(Annotation { patterns, named });
                        last_numeral = false;
                        continue;
                    }
                }
                last_numeral = false;
                annotation = None;
            }
        }
    }

    /// Reads what follows `(` in term position and returns the frame that
    /// will collect the rest.
    fn open(&mut self, lparen: Token<'a>) -> Result<Frame, ParseError> {
        let h = self.next()?;
        match h.tok {
            Tok::Symbol("let") => {
                self.lparen()?;
                let t = self.next()?;
                match t.tok {
                    Tok::LParen => Ok(Frame::LetBind {
                        binds: Vec::new(),
                        name: self.symbol()?,
                    }),
                    Tok::RParen => Ok(Frame::LetBody { binds: Vec::new() }),
                    _ => Err(self.error(t, "`(` opening a binding")),
                }
            }
            Tok::Symbol(q @ ("forall" | "exists")) => {
                let kind = if q == "forall" {
                    QuantKind::Forall
                } else {
                    QuantKind::Exists
                };
                Ok(Frame::Quant {
                    kind,
                    vars: self.sorted_vars()?,
                })
            }
            Tok::Symbol("!") => Ok(Frame::Annot {
                term: None,
                patterns: Vec::new(),
                current: None,
                named: None,
            }),
            Tok::Symbol(s) if is_reserved(s) => Err(self.error(
                h,
                "a function symbol (`_` and `as` heads are not supported here)",
            )),
            Tok::Symbol(s) | Tok::Quoted(s) => match op_by_name(s) {
                Some(Head::Op(op)) if op.is_nullary() => {
                    Err(self.error(h, format!("a function symbol (`{s}` is a constant)")))
                }
                Some(head) => Ok(Frame::App {
                    head,
                    args: Vec::new(),
                    start: lparen.start,
                }),
                None => match self.defs.fun_index.get(s) {
                    Some(&i) => Ok(Frame::App {
                        head: Head::Defined(i),
                        args: Vec::new(),
                        start: lparen.start,
                    }),
                    None if self.defs.uninterpreted.contains_key(s) => Err(self.error(
                        h,
                        "a function equifuzz can evaluate (not supported: uninterpreted \
                         functions, declared by declare-fun with arguments)",
                    )),
                    None => Err(self.error(h, "a known function symbol")),
                },
            },
            Tok::LParen => {
                let u = self.peek()?;
                if u.tok != Tok::Symbol("_") && u.tok != Tok::Symbol("as") {
                    return Err(self.error(u, "`_` or `as` opening an indexed identifier"));
                }
                if u.tok == Tok::Symbol("as") {
                    return self.const_array_head(lparen);
                }
                self.next()?;
                let name = self.next()?;
                let head = match name.tok {
                    Tok::Symbol(
                        s @ ("extract" | "repeat" | "zero_extend" | "sign_extend" | "rotate_left"
                        | "rotate_right" | "int2bv"),
                    ) => {
                        let i = self.numeral_u32("an index")?;
                        Head::Op(match s {
                            "extract" => Op::Extract(i, self.numeral_u32("an index")?),
                            "repeat" => Op::Repeat(i),
                            "zero_extend" => Op::ZeroExtend(i),
                            "sign_extend" => Op::SignExtend(i),
                            "rotate_left" => Op::RotateLeft(i),
                            "rotate_right" => Op::RotateRight(i),
                            _ => Op::Int2bv(i),
                        })
                    }
                    Tok::Symbol("re.loop") => {
                        let lo = self.numeral_big()?;
                        let hi = self.numeral_big()?;
                        match (small_index(&lo), small_index(&hi)) {
                            (Some(lo), Some(hi)) => Head::Op(Op::ReLoop(lo, hi)),
                            _ => Head::BigLoop(lo, hi),
                        }
                    }
                    Tok::Symbol("re.^") => {
                        let n = self.numeral_big()?;
                        match small_index(&n) {
                            Some(n) => Head::Op(Op::RePower(n)),
                            None => Head::BigPower(n),
                        }
                    }
                    _ => {
                        return Err(self.error(
                            name,
                            "an indexed function (`re.loop`, `re.^`, `extract`, `repeat`, \
                             `zero_extend`, `sign_extend`, `rotate_left`, `rotate_right`, \
                             `int2bv`)",
                        ));
                    }
                };
                self.rparen()?;
                Ok(Frame::App {
                    head,
                    args: Vec::new(),
                    start: lparen.start,
                })
            }
            _ => Err(self.error(h, "a function symbol")),
        }
    }

    /// Reads attributes of a `(! t ...)` after `t` until `)` (returns true)
    /// or until a pattern term must be read (returns false).
    fn attributes(&mut self, frame: &mut Frame) -> Result<bool, ParseError> {
        let Frame::Annot {
            patterns,
            current,
            named,
            ..
        } = frame
        else {
            unreachable!("attributes of a non-annotation")
        };
        loop {
            let t = self.next()?;
            match t.tok {
                Tok::RParen => return Ok(true),
                Tok::Keyword("pattern") => {
                    self.lparen()?;
                    if self.at_rparen()? {
                        self.next()?;
                        patterns.push(Vec::new());
                    } else {
                        *current = Some(Vec::new());
                        return Ok(false);
                    }
                }
                Tok::Keyword("named") => *named = Some(self.symbol()?),
                Tok::Keyword(_) => {
                    if !matches!(self.peek()?.tok, Tok::Keyword(_) | Tok::RParen) {
                        self.skip_sexpr()?;
                    }
                }
                _ => return Err(self.error(t, "an attribute (`:pattern`, `:named`, ...) or `)`")),
            }
        }
    }

    fn finish_app(
        &self,
        head: Head,
        mut args: Vec<Term>,
        start: usize,
        last_numeral: bool,
    ) -> Result<Term, ParseError> {
        let arity_error = |expected: String| {
            ParseError::at(
                self.lex.src(),
                start,
                expected,
                format!("{} arguments", args.len()),
            )
        };
        match head {
            Head::Minus => match args.len() {
                1 if last_numeral => {
                    let Some(Term::Int(n)) = args.pop() else {
                        unreachable!("numeral")
                    };
                    Ok(Term::Int(-n))
                }
                1 => Ok(Term::App(Op::Neg, args)),
                _ => Ok(Term::App(Op::Sub, args)),
            },
            Head::LegacyLoop => {
                let bound = |t: &Term| match t {
                    Term::Int(n) => n.to_biguint(),
                    _ => None,
                };
                match args.as_slice() {
                    [_, lo, hi] => match (bound(lo), bound(hi)) {
                        (Some(lo), Some(hi)) => {
                            args.truncate(1);
                            Ok(re_loop(args.pop().expect("one"), lo, hi))
                        }
                        _ => Err(arity_error("`re.loop` bounds that are numerals".into())),
                    },
                    _ => Err(arity_error("`re.loop` with 3 arguments (r lo hi)".into())),
                }
            }
            Head::BigLoop(lo, hi) => match args.len() {
                1 => Ok(re_loop(args.pop().expect("one"), lo, hi)),
                _ => Err(arity_error("`re.loop` with 1 argument".into())),
            },
            Head::BigPower(n) => match args.len() {
                1 => Ok(re_power(args.pop().expect("one"), n)),
                _ => Err(arity_error("`re.^` with 1 argument".into())),
            },
            Head::Defined(_) => unreachable!("definitions are expanded by the caller"),
            Head::ConstArray(sort) => match args.len() {
                1 => Ok(Term::ConstArray(sort, Box::new(args.pop().expect("one")))),
                _ => Err(arity_error("`(as const ...)` with 1 argument".into())),
            },
            Head::Op(op) => {
                let (min, max) = arity(op);
                let n = args.len();
                if n < min || max.is_some_and(|m| n > m) {
                    let want = match max {
                        Some(m) if m == min => format!("`{}` with {min} arguments", op.name()),
                        _ => format!("`{}` with at least {min} arguments", op.name()),
                    };
                    return Err(arity_error(want));
                }
                Ok(Term::App(op, args))
            }
        }
    }

    /// Reads one command, or `None` at the end of input.
    pub fn command(&mut self) -> Result<Option<Command>, ParseError> {
        self.expanded = 0;
        let t = self.next()?;
        match t.tok {
            Tok::Eof => return Ok(None),
            Tok::LParen => {}
            _ => return Err(self.error(t, "`(` opening a command")),
        }
        let name = self.next()?;
        let Tok::Symbol(cmd) = name.tok else {
            return Err(self.error(name, "a command name"));
        };
        let command = match cmd {
            "set-logic" => Command::SetLogic(self.symbol()?),
            "set-option" | "set-info" => {
                let k = self.next()?;
                let Tok::Keyword(key) = k.tok else {
                    return Err(self.error(k, "a keyword"));
                };
                let value = self.sexpr()?;
                if cmd == "set-option" {
                    Command::SetOption(key.to_string(), value)
                } else {
                    Command::SetInfo(key.to_string(), value)
                }
            }
            "declare-const" => {
                let name = self.symbol()?;
                self.forget_at_level(&name);
                Command::DeclareConst(name, self.sort()?)
            }
            "declare-fun" => {
                let f = self.symbol()?;
                self.lparen()?;
                let mut args = Vec::new();
                while !self.at_rparen()? {
                    args.push(self.sort()?);
                }
                self.next()?;
                let s = self.sort()?;
                self.forget_at_level(&f);
                if args.is_empty() {
                    Command::DeclareConst(f, s)
                } else {
                    self.defs.uninterpreted.insert(f.clone(), ());
                    Command::DeclareFun(f, args, s)
                }
            }
            "define-fun" => {
                let name = self.symbol()?;
                let params = self.params()?;
                let sort = self.sort()?;
                let (body, _) = self.term()?;
                self.forget_at_level(&name);
                self.defs
                    .fun_index
                    .insert(name.clone(), self.defs.funs.len());
                self.defs.funs.push(FunDef {
                    name: name.clone(),
                    params: params.clone(),
                    size: body.size(),
                    depth: body.depth(),
                    body: body.clone(),
                });
                Command::DefineFun {
                    name,
                    params,
                    sort,
                    body,
                }
            }
            "define-sort" => {
                let name = self.symbol()?;
                self.lparen()?;
                let mut params = Vec::new();
                while !self.at_rparen()? {
                    params.push(self.symbol()?);
                }
                self.next()?;
                let body = self.sexpr()?;
                self.forget_at_level(&name);
                self.defs.sorts.insert(
                    name.clone(),
                    SortDef {
                        params: params.clone(),
                        body: body.clone(),
                    },
                );
                Command::DefineSort { name, params, body }
            }
            "declare-sort" | "declare-datatype" | "declare-datatypes" | "define-fun-rec"
            | "define-funs-rec" => {
                let why = match cmd {
                    "declare-sort" => "uninterpreted sorts",
                    "define-fun-rec" | "define-funs-rec" => "recursive definitions",
                    _ => "datatypes",
                };
                return Err(self.error(
                    name,
                    format!("a command within equifuzz's theories (not supported: {cmd}, {why})"),
                ));
            }
            "check-sat-assuming" => {
                self.lparen()?;
                let mut ts = Vec::new();
                while !self.at_rparen()? {
                    ts.push(self.term()?.0);
                }
                self.next()?;
                Command::CheckSatAssuming(ts)
            }
            "reset" => {
                self.defs = Definitions::default();
                Command::Reset
            }
            "reset-assertions" => {
                let levels = self.defs.levels.len() as u32;
                self.defs.pop(levels);
                Command::ResetAssertions
            }
            "get-info" | "get-option" => {
                let k = self.next()?;
                let Tok::Keyword(key) = k.tok else {
                    return Err(self.error(k, "a keyword"));
                };
                if cmd == "get-info" {
                    Command::GetInfo(key.to_string())
                } else {
                    Command::GetOption(key.to_string())
                }
            }
            "get-assertions" | "get-assignment" | "get-proof" | "get-unsat-assumptions" => {
                Command::Query(cmd.to_string())
            }
            "assert" => {
                let (term, name) = self.term()?;
                Command::Assert(Assertion { term, name })
            }
            "check-sat" => Command::CheckSat,
            "get-model" => Command::GetModel,
            "get-unsat-core" => Command::GetUnsatCore,
            "exit" => Command::Exit,
            "get-value" => {
                self.lparen()?;
                let mut ts = vec![self.term()?.0];
                while !self.at_rparen()? {
                    ts.push(self.term()?.0);
                }
                self.next()?;
                Command::GetValue(ts)
            }
            "push" | "pop" => {
                let n = if self.at_rparen()? {
                    1
                } else {
                    self.numeral_u32("a numeral")?
                };
                if cmd == "push" {
                    self.defs.push(n);
                    Command::Push(n)
                } else {
                    self.defs.pop(n);
                    Command::Pop(n)
                }
            }
            "echo" => {
                let s = self.next()?;
                let Tok::Str(raw) = s.tok else {
                    return Err(self.error(s, "a string literal"));
                };
                Command::Echo(undouble(raw))
            }
            _ => return Err(self.error(name, "a command")),
        };
        self.rparen()?;
        Ok(Some(command))
    }
}

impl Parser<'_> {
    /// Records that `name` is (re)introduced at the current `push` level,
    /// dropping what it named before at this level or an outer one.
    fn forget_at_level(&mut self, name: &Symbol) {
        self.defs.forget(name);
        self.defs.introduce(name);
    }
}

/// Whether an enclosing `let` body or quantifier binds `name`.
fn bound_by(stack: &[Frame], name: &str) -> bool {
    stack.iter().any(|f| match f {
        Frame::LetBody { binds } => binds.iter().any(|(v, _)| v == name),
        Frame::Quant { vars, .. } => vars.iter().any(|(v, _)| v == name),
        _ => false,
    })
}

/// The largest index a big `re.^` or `re.loop` is split into: Z3 reads
/// indices as signed 32-bit integers and refuses larger ones.
const MAX_INDEX: u32 = i32::MAX as u32;

/// `((_ re.^ n) r)`: as written when `n` fits an [`Op`], else
/// [`split_power`].
fn re_power(r: Term, n: BigUint) -> Term {
    match small_index(&n) {
        Some(n) => Term::App(Op::RePower(n), vec![r]),
        None => split_power(r, n),
    }
}

/// `r^n` built exactly from powers of at most [`MAX_INDEX`]:
/// `r^n = (r^M)^q ++ r^rem` with `n = q * M + rem`.
fn split_power(r: Term, n: BigUint) -> Term {
    if let Some(n) = u32::try_from(&n).ok().filter(|&n| n <= MAX_INDEX) {
        return Term::App(Op::RePower(n), vec![r]);
    }
    let m = BigUint::from(MAX_INDEX);
    let (q, rem) = (&n / &m, &n % &m);
    let rem = u32::try_from(&rem).expect("below MAX_INDEX");
    let big = Term::App(Op::RePower(MAX_INDEX), vec![r.clone()]);
    Term::App(
        Op::ReConcat,
        vec![split_power(big, q), Term::App(Op::RePower(rem), vec![r])],
    )
}

/// `n` if an [`Op`] index can hold it.
fn small_index(n: &BigUint) -> Option<u32> {
    u32::try_from(n).ok()
}

/// `((_ re.loop lo hi) r)` for any bounds, built exactly: none when
/// `lo > hi`, else `r^lo ++ (re.opt r)^(hi - lo)`.
fn re_loop(r: Term, lo: BigUint, hi: BigUint) -> Term {
    if let (Some(l), Some(h)) = (small_index(&lo), small_index(&hi)) {
        return Term::App(Op::ReLoop(l, h), vec![r]);
    }
    if lo > hi {
        return Term::App(Op::ReNone, Vec::new());
    }
    let extra = &hi - &lo;
    let opt = Term::App(Op::ReOpt, vec![r.clone()]);
    Term::App(
        Op::ReConcat,
        vec![split_power(r, lo), split_power(opt, extra)],
    )
}

/// The sort a `define-sort` body stands for, its parameters bound by `env`.
fn sort_of_sexpr(
    e: &SExpr,
    env: &HashMap<&str, Sort>,
    defs: &HashMap<Symbol, SortDef>,
    depth: usize,
) -> Result<Sort, String> {
    if depth > MAX_SORT_DEPTH {
        return Err(format!(
            "sort definitions nested more than {MAX_SORT_DEPTH} deep"
        ));
    }
    let all = |items: &[SExpr]| {
        items
            .iter()
            .map(|i| sort_of_sexpr(i, env, defs, depth + 1))
            .collect::<Result<Vec<_>, String>>()
    };
    match e {
        SExpr::Symbol(s) => match (env.get(s.as_str()), s.as_str()) {
            (Some(sort), _) => Ok(sort.clone()),
            (None, "Bool") => Ok(Sort::Bool),
            (None, "Int") => Ok(Sort::Int),
            (None, "String") => Ok(Sort::String),
            (None, "RegLan") => Ok(Sort::RegLan),
            (None, _) => match defs.get(s) {
                Some(d) if d.params.is_empty() => {
                    sort_of_sexpr(&d.body, &HashMap::new(), defs, depth + 1)
                }
                _ => Err(format!("unknown sort `{s}`")),
            },
        },
        SExpr::List(items) => match items.as_slice() {
            [SExpr::Symbol(u), SExpr::Symbol(bv), SExpr::Numeral(n)]
                if u == "_" && bv == "BitVec" =>
            {
                match u32::try_from(n) {
                    Ok(n) if n >= 1 => Ok(Sort::BitVec(n)),
                    _ => Err(format!("bit width {n}")),
                }
            }
            [SExpr::Symbol(a), i, el] if a == "Array" => {
                let v = all(&[i.clone(), el.clone()])?;
                let mut v = v.into_iter();
                Ok(Sort::Array(
                    Box::new(v.next().expect("two")),
                    Box::new(v.next().expect("two")),
                ))
            }
            [SExpr::Symbol(s), args @ ..] => match defs.get(s) {
                Some(d) if d.params.len() == args.len() => {
                    let args = all(args)?;
                    let inner: HashMap<&str, Sort> =
                        d.params.iter().map(String::as_str).zip(args).collect();
                    sort_of_sexpr(&d.body, &inner, defs, depth + 1)
                }
                _ => Err(format!("unknown sort `{s}`")),
            },
            _ => Err("an ill-formed sort".into()),
        },
        _ => Err("an ill-formed sort".into()),
    }
}

fn current_is_open(frame: &Frame) -> bool {
    matches!(
        frame,
        Frame::Annot {
            current: Some(_),
            ..
        }
    )
}

/// The words that are never symbols unless quoted.
fn is_reserved(s: &str) -> bool {
    matches!(
        s,
        "_" | "!" | "as" | "let" | "exists" | "forall" | "match" | "par"
    )
}

/// `(lambda ((x index)) body)` as an array term, when `body` is a case
/// split on `x` with closed branches: `(ite T v rest)` where the test `T`
/// is `(= x k)`, `(= k x)` or an `or` of those (closed keys `k`), ending
/// in a closed default; or, for a Bool element, a test itself (`true` at
/// its keys) or its negation. The first test that holds wins, so the
/// outermost `ite` is stored last.
fn lambda_as_array(x: &Symbol, index: &Sort, body: &Term) -> Option<Term> {
    let closed = |t: &Term| t.free_vars().is_empty();
    let keys = |t: &Term| -> Option<Vec<Term>> {
        let mut out = Vec::new();
        let mut todo = vec![t];
        while let Some(t) = todo.pop() {
            match t {
                Term::App(Op::Or, args) => todo.extend(args.iter().rev()),
                Term::App(Op::Eq, args) => match args.as_slice() {
                    [Term::Var(v), k] | [k, Term::Var(v)] if v == x && closed(k) => {
                        out.push(k.clone())
                    }
                    _ => return None,
                },
                _ => return None,
            }
        }
        Some(out)
    };
    let mut stores: Vec<(Term, Term)> = Vec::new();
    let mut t = body;
    let default = loop {
        match t {
            Term::App(Op::Ite, args) if args.len() == 3 && closed(&args[1]) => {
                let ks = keys(&args[0])?;
                stores.extend(ks.into_iter().map(|k| (k, args[1].clone())));
                t = &args[2];
            }
            _ if closed(t) => break t.clone(),
            Term::App(Op::Not, args) if args.len() == 1 => {
                let ks = keys(&args[0])?;
                stores.extend(ks.into_iter().map(|k| (k, Term::Bool(false))));
                break Term::Bool(true);
            }
            _ => {
                let ks = keys(t)?;
                stores.extend(ks.into_iter().map(|k| (k, Term::Bool(true))));
                break Term::Bool(false);
            }
        }
    };
    let element = default.sort(&|_| None).ok()?;
    let sort = Sort::Array(Box::new(index.clone()), Box::new(element));
    Some(
        stores
            .into_iter()
            .rev()
            .fold(Term::const_array(sort, default), |acc, (k, v)| {
                Term::app(Op::Store, vec![acc, k, v])
            }),
    )
}

/// Whether `s` is a non-empty run of decimal digits without a leading zero
/// (a numeral).
fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'))
}

/// A numeral's value.
fn parse_numeral(s: &str) -> BigInt {
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

/// `(min, max)` number of arguments; `None` is unbounded.
fn arity(op: Op) -> (usize, Option<usize>) {
    use Op::*;
    match op {
        ReNone | ReAll | ReAllchar => (0, Some(0)),
        Not | Neg | Abs | StrLen | StrIsDigit | StrToCode | StrFromCode | StrToInt | StrFromInt
        | StrToRe | ReComp | ReStar | RePlus | ReOpt | RePower(_) | ReLoop(..) => (1, Some(1)),
        Div | Mod | StrAt | StrPrefixof | StrSuffixof | StrContains | StrInRe | ReDiff
        | ReRange | Select => (2, Some(2)),
        Ite | StrSubstr | StrIndexof | StrReplace | StrReplaceAll | StrReplaceRe
        | StrReplaceReAll | Store => (3, Some(3)),
        And | Or | Xor | Implies | Eq | Distinct | Add | Sub | Mul | Lt | Le | Gt | Ge
        | StrConcat | StrLt | StrLe | ReConcat | ReUnion | ReInter => (2, None),
        // FixedSizeBitVectors: `bvand`, `bvor`, `bvadd`, `bvmul` are
        // :left-assoc; every other operator has its fixed rank.
        BvAnd | BvOr | BvAdd | BvMul => (2, None),
        BvNot | BvNeg | Extract(..) | Repeat(_) | ZeroExtend(_) | SignExtend(_) | RotateLeft(_)
        | RotateRight(_) | Bv2nat | Int2bv(_) => (1, Some(1)),
        Concat | BvUdiv | BvUrem | BvShl | BvLshr | BvUlt | BvNand | BvNor | BvXor | BvXnor
        | BvComp | BvSub | BvSdiv | BvSrem | BvSmod | BvAshr | BvUle | BvUgt | BvUge | BvSlt
        | BvSle | BvSgt | BvSge => (2, Some(2)),
    }
}

/// The operator a (non-indexed) function symbol names, in either dialect.
fn op_by_name(s: &str) -> Option<Head> {
    use Op::*;
    let op = match s {
        "-" => return Some(Head::Minus),
        "re.loop" => return Some(Head::LegacyLoop),
        "not" => Not,
        "and" => And,
        "or" => Or,
        "xor" => Xor,
        "=>" => Implies,
        "=" => Eq,
        "distinct" => Distinct,
        "ite" => Ite,
        "+" => Add,
        "*" => Mul,
        "div" => Div,
        "mod" => Mod,
        "abs" => Abs,
        "<" => Lt,
        "<=" => Le,
        ">" => Gt,
        ">=" => Ge,
        "str.++" => StrConcat,
        "str.len" => StrLen,
        "str.<" => StrLt,
        "str.<=" => StrLe,
        "str.at" => StrAt,
        "str.substr" => StrSubstr,
        "str.prefixof" => StrPrefixof,
        "str.suffixof" => StrSuffixof,
        "str.contains" => StrContains,
        "str.indexof" => StrIndexof,
        "str.replace" => StrReplace,
        "str.replace_all" => StrReplaceAll,
        "str.replace_re" => StrReplaceRe,
        "str.replace_re_all" => StrReplaceReAll,
        "str.is_digit" => StrIsDigit,
        "str.to_code" => StrToCode,
        "str.from_code" => StrFromCode,
        "str.to_int" | "str.to.int" | "str.to-int" => StrToInt,
        "str.from_int" | "int.to.str" | "int.to-str" => StrFromInt,
        "str.in_re" | "str.in.re" | "str.in-re" => StrInRe,
        "str.to_re" | "str.to.re" | "str.to-re" => StrToRe,
        "re.none" | "re.nostr" => ReNone,
        "re.all" => ReAll,
        "re.allchar" => ReAllchar,
        "re.++" => ReConcat,
        "re.union" => ReUnion,
        "re.inter" => ReInter,
        "re.diff" => ReDiff,
        "re.comp" | "re.complement" => ReComp,
        "re.*" => ReStar,
        "re.+" => RePlus,
        "re.opt" => ReOpt,
        "re.range" => ReRange,
        "select" => Select,
        "store" => Store,
        "concat" => Concat,
        "bvnot" => BvNot,
        "bvand" => BvAnd,
        "bvor" => BvOr,
        "bvneg" => BvNeg,
        "bvadd" => BvAdd,
        "bvmul" => BvMul,
        "bvudiv" => BvUdiv,
        "bvurem" => BvUrem,
        "bvshl" => BvShl,
        "bvlshr" => BvLshr,
        "bvult" => BvUlt,
        "bvnand" => BvNand,
        "bvnor" => BvNor,
        "bvxor" => BvXor,
        "bvxnor" => BvXnor,
        "bvcomp" => BvComp,
        "bvsub" => BvSub,
        "bvsdiv" => BvSdiv,
        "bvsrem" => BvSrem,
        "bvsmod" => BvSmod,
        "bvashr" => BvAshr,
        "bvule" => BvUle,
        "bvugt" => BvUgt,
        "bvuge" => BvUge,
        "bvslt" => BvSlt,
        "bvsle" => BvSle,
        "bvsgt" => BvSgt,
        "bvsge" => BvSge,
        "bv2nat" => Bv2nat,
        _ => return None,
    };
    Some(Head::Op(op))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{Dialect, Printer};

    #[test]
    fn every_operator_name_reads_back_in_both_dialects() {
        for &op in Op::UNINDEXED {
            for d in [Dialect::Smtlib26, Dialect::Legacy] {
                match op_by_name(op.name_in(d)) {
                    Some(Head::Op(o)) => assert_eq!(o, op),
                    Some(Head::Minus) => assert!(matches!(op, Op::Sub | Op::Neg)),
                    other => panic!("{op:?} in {d:?} reads as {other:?}"),
                }
            }
        }
    }

    #[test]
    fn minus_folds_only_on_numerals() {
        assert_eq!(parse_term("(- 5)"), Ok(Term::int(-5)));
        assert_eq!(parse_term("(- 0)"), Ok(Term::int(0)));
        let x = Term::var("x");
        assert_eq!(parse_term("(- x)"), Ok(Term::app(Op::Neg, vec![x.clone()])));
        assert_eq!(
            parse_term("(- (- 5))"),
            Ok(Term::app(Op::Neg, vec![Term::int(-5)]))
        );
        assert_eq!(
            parse_term("(- x 1 2)"),
            Ok(Term::app(Op::Sub, vec![x, Term::int(1), Term::int(2)]))
        );
    }

    #[test]
    fn legacy_and_indexed_loops() {
        let a = Term::app(Op::StrToRe, vec![Term::str("a")]);
        let want = Term::app(Op::ReLoop(1, 3), vec![a.clone()]);
        assert_eq!(
            parse_term(r#"((_ re.loop 1 3) (str.to_re "a"))"#),
            Ok(want.clone())
        );
        assert_eq!(
            parse_term(r#"(re.loop (str.to.re "a") 1 3)"#),
            Ok(want.clone())
        );
        assert_eq!(
            Printer::new(Dialect::Legacy).term(&want),
            r#"(re.loop (str.to.re "a") 1 3)"#
        );
        assert_eq!(
            parse_term(r#"((_ re.^ 2) (str.to-re "a"))"#),
            Ok(Term::app(Op::RePower(2), vec![a]))
        );
        assert!(parse_term(r#"(re.loop (str.to.re "a") x 3)"#).is_err());
    }

    #[test]
    fn annotations_patterns_and_names() {
        let mut p = Parser::new("(! (> x 0) :named a1)", StringEscapes::Smtlib26);
        let (t, name) = p.term().unwrap();
        assert_eq!(name.as_deref(), Some("a1"));
        assert_eq!(t, Term::app(Op::Gt, vec![Term::var("x"), Term::int(0)]));
        let q = parse_term(
            "(forall ((x Int)) (! (> (f x) 0) :pattern ((f x)) :pattern (x y) :qid q1))",
        );
        // `f` is not an operator we know.
        assert!(q.is_err());
        let q = parse_term("(forall ((x Int) (y String)) (! (> (abs x) 0) :pattern ((abs x)) :qid q1 :pattern (x y)))").unwrap();
        let Term::Quant(q) = q else { panic!("{q:?}") };
        assert_eq!(q.vars.len(), 2);
        assert_eq!(
            q.patterns,
            vec![
                vec![Term::app(Op::Abs, vec![Term::var("x")])],
                vec![Term::var("x"), Term::var("y")]
            ]
        );
        // Nested: the inner annotation's patterns do not leak to an outer
        // non-quantifier.
        let t = parse_term("(and (! p :pattern (p)) (exists ((z Int)) (! (= z 1) :weight 3)))")
            .unwrap();
        let Term::App(Op::And, args) = t else {
            panic!()
        };
        assert_eq!(args[0], Term::var("p"));
        let Term::Quant(q) = &args[1] else { panic!() };
        assert!(q.patterns.is_empty());
    }

    #[test]
    fn let_bindings_are_parallel_lists() {
        let t = parse_term("(let ((a 1) (|b c| \"x\")) (let ((d a)) d))").unwrap();
        let inner = Term::Let(vec![("d".into(), Term::var("a"))], Box::new(Term::var("d")));
        assert_eq!(
            t,
            Term::Let(
                vec![("a".into(), Term::int(1)), ("b c".into(), Term::str("x"))],
                Box::new(inner)
            )
        );
    }

    #[test]
    fn commands_of_every_kind() {
        let text = "(set-logic QF_SLIA)(set-option :produce-models true)(set-info :smt-lib-version 2.6)\
            (declare-fun f () String)(declare-fun g (Int) Int)(declare-const a (Array Int (_ BitVec 8)))\
            (define-fun h ((x Int)) Int (+ x 1))(push)(pop 2)(echo \"a\"\"b\")(get-value (x (- 1)))\
            (assert (! true :named n))(check-sat)(get-model)(get-unsat-core)(exit)";
        let s = parse_script(text).unwrap();
        assert_eq!(s.commands.len(), 16);
        assert_eq!(
            s.commands[3],
            Command::DeclareConst("f".into(), Sort::String)
        );
        assert_eq!(
            s.commands[4],
            Command::DeclareFun("g".into(), vec![Sort::Int], Sort::Int)
        );
        assert_eq!(s.commands[7], Command::Push(1));
        assert_eq!(s.commands[9], Command::Echo("a\"b".into()));
        assert_eq!(
            s.commands[10],
            Command::GetValue(vec![Term::var("x"), Term::int(-1)])
        );
        assert_eq!(
            s.commands[11],
            Command::Assert(Assertion {
                term: Term::Bool(true),
                name: Some("n".into())
            })
        );
        assert_eq!(parse_script(&s.to_string()), Ok(s));
    }

    #[test]
    fn definitions_are_expanded_and_scoped() {
        let s = parse_script(
            "(define-fun c () Int 3)(define-fun f ((x Int) (y Int)) Bool (> x (+ y c)))\
             (assert (f 1 c))(push 1)(define-fun g () Int 1)(assert (= g g))(pop 1)",
        )
        .unwrap();
        let want = parse_term("(let ((x 1) (y 3)) (> x (+ y 3)))").unwrap();
        assert_eq!(
            s.commands[2],
            Command::Assert(Assertion {
                term: want,
                name: None
            })
        );
        // Popped: `g` is a plain (undeclared) symbol again.
        let after = parse_script("(push 1)(define-fun g () Int 1)(pop 1)(assert (= g 2))").unwrap();
        assert_eq!(
            after.commands[3],
            Command::Assert(Assertion {
                term: parse_term("(= g 2)").unwrap(),
                name: None
            })
        );
        // A bound variable shadows a definition of the same name.
        let shadow = parse_script("(define-fun g () Int 1)(assert (let ((g 2)) (= g 2)))").unwrap();
        assert_eq!(
            shadow.commands[1],
            Command::Assert(Assertion {
                term: parse_term("(let ((g 2)) (= g 2))").unwrap(),
                name: None
            })
        );
    }

    #[test]
    fn a_definition_whose_free_symbol_would_be_captured_is_refused() {
        let e = parse_script(
            "(declare-const c Int)(define-fun f ((x Int)) Bool (> x c))\n\
             (assert (forall ((c Int)) (f c)))",
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (2, 27));
        assert!(e.expected.contains("not supported"), "{e}");
        let e = parse_script("(define-fun f ((x Int)) Bool (> x 0))(assert (f 1 2))").unwrap_err();
        assert_eq!(
            e.to_string(),
            "1:46: expected `f` with 1 arguments, found 2 arguments"
        );
    }

    #[test]
    fn expansions_that_double_or_nest_too_deep_are_refused() {
        let mut text = String::from("(declare-const x Int)(define-fun f0 () Int x)");
        for k in 1..40 {
            text += &format!("(define-fun f{k} () Int (+ f{} f{}))", k - 1, k - 1);
        }
        let e = parse_script(&text).unwrap_err();
        assert!(
            e.expected.contains("nodes once definitions are expanded"),
            "{e}"
        );
        let mut deep = String::from("(declare-const x Int)(define-fun g0 () Int x)");
        for k in 1..=MAX_DEPTH {
            deep += &format!("(define-fun g{k} () Int (abs g{}))", k - 1);
        }
        let e = parse_script(&deep).unwrap_err();
        assert!(e.expected.contains("deep once definitions"), "{e}");
        // Chains that stay small and shallow are read.
        let mut ok = String::from("(declare-const x Int)(define-fun g0 () Int x)");
        for k in 1..100 {
            ok += &format!("(define-fun g{k} () Int (abs g{}))", k - 1);
        }
        ok += "(assert (> g99 0))";
        assert!(parse_script(&ok).is_ok());
    }

    #[test]
    fn defined_sorts_with_and_without_parameters() {
        let s = parse_script(
            "(define-sort S () String)(define-sort M (K V) (Array K V))(define-sort N (V) (M S V))\
             (declare-const a (N Int))(declare-const b S)",
        )
        .unwrap();
        assert_eq!(
            s.commands[3],
            Command::DeclareConst(
                "a".into(),
                Sort::Array(Box::new(Sort::String), Box::new(Sort::Int))
            )
        );
        assert_eq!(
            s.commands[4],
            Command::DeclareConst("b".into(), Sort::String)
        );
        assert!(
            parse_script("(define-sort M (K) (Array K K))(declare-const a (M Int Int))").is_err()
        );
        assert!(parse_script("(define-sort M () Real)(declare-const a M)").is_err());
    }

    #[test]
    fn big_loop_bounds_are_read_as_powers_below_2_pow_31() {
        // Below 2^32, as written (round trip).
        assert_eq!(
            parse_term(r#"((_ re.^ 4294967295) (str.to_re "a"))"#),
            Ok(Term::app(
                Op::RePower(u32::MAX),
                vec![Term::app(Op::StrToRe, vec![Term::str("a")])]
            ))
        );
        let a = Term::app(Op::StrToRe, vec![Term::str("a")]);
        let m = Term::app(Op::RePower(i32::MAX as u32), vec![a.clone()]);
        // 2^32 = 2 * (2^31 - 1) + 2
        assert_eq!(
            parse_term(r#"((_ re.^ 4294967296) (str.to_re "a"))"#),
            Ok(Term::app(
                Op::ReConcat,
                vec![
                    Term::app(Op::RePower(2), vec![m]),
                    Term::app(Op::RePower(2), vec![a])
                ]
            ))
        );
        assert_eq!(
            parse_term("((_ re.loop 4294967297 4294967296) re.allchar)"),
            Ok(Term::App(Op::ReNone, Vec::new()))
        );
    }

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
