//! Sorts, operators, terms and scripts of SMT-LIB 2.6, with a printer and a
//! parser.
//!
//! This layer knows nothing of semantics, solvers or fuzzing. Its contract:
//! every [`Term`] and [`Script`] prints as text that both Z3 and cvc5 parse,
//! and [`parse_script`] / [`parse_term`] read that text back to an equal value (round trip).
//!
//! What is known about each operator (its name in each [`Dialect`], the
//! names the parser reads, its theory, arity, and the generator pools that
//! draw it) is one table, [`OPERATORS`]; the printer, the parser and the
//! generators' operator lists ([`pool`]) read it. [`ParseError`] sits at
//! the bottom of the layer, below the lexer, the parser and the response
//! reader. So do the theory's strings ([`SmtString`], [`MAX_CHAR`]) and
//! their literals, read and written ([`StringEscapes`]): the dialects, the
//! lexer, the parser and the printer all use them, and they name none of
//! those.

mod bitvec;
mod dialect;
mod error;
mod formula;
mod fp_rank;
mod lexer;
mod op;
mod operators;
pub mod parser;
mod pool;
pub mod printer;
mod rank;
mod real_literal;
pub mod response;
pub mod scopes;
mod script;
mod sort;
mod string;
mod string_literal;
#[allow(clippy::module_inception)]
mod term;

pub use bitvec::BitVec;
pub use dialect::Dialect;
pub use error::ParseError;
pub use formula::{Formula, Queries};
pub use op::Op;
pub use operators::{Arity, OPERATORS, OpRow, Pool, Theory};
pub use parser::{
    MAX_NUMERAL_DIGITS, parse_located, parse_script, parse_sort, parse_term, parse_term_with,
};
pub use pool::{pool, pool_len};
pub use printer::Printer;
pub use response::{
    ModelEntry, Response, SatAnswer, Unreadable, parse_responses, parse_responses_with,
};
pub use scopes::{CheckSat, ScopeError, check_sats};
pub use script::{Assertion, Command, Located, SExpr, Script};
pub use sort::Sort;
pub use string::{CharOutOfRange, MAX_CHAR, SmtString};
pub use string_literal::StringEscapes;
pub use term::{QuantKind, Quantifier, SortError, Symbol, Term};
