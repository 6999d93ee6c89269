//! SMT-LIB scripts: the commands equifuzz writes and reads.

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use super::{Sort, Symbol, Term};

/// An attribute value or an `(set-option ...)` / `(set-info ...)` argument:
/// a generic S-expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SExpr {
    /// A symbol, unquoted.
    Symbol(String),
    /// A keyword, without its leading `:`.
    Keyword(String),
    /// A numeral.
    Numeral(BigUint),
    /// A decimal, as written (`2.6`).
    Decimal(String),
    /// A string literal's contents, after `""` undoubling (no `\u` decoding:
    /// attribute strings are not theory strings).
    Str(String),
    /// A parenthesized list.
    List(Vec<SExpr>),
}

/// An assertion, optionally named for unsat cores: `(assert (! t :named n))`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Assertion {
    /// The asserted Bool term.
    pub term: Term,
    /// The `:named` label, if any.
    pub name: Option<Symbol>,
}

/// One SMT-LIB command.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Command {
    /// `(set-logic L)`
    SetLogic(Symbol),
    /// `(set-option :k v)`
    SetOption(String, SExpr),
    /// `(set-info :k v)`
    SetInfo(String, SExpr),
    /// `(declare-const x S)`, also `(declare-fun x () S)`.
    DeclareConst(Symbol, Sort),
    /// `(declare-fun f (S...) T)` with at least one argument.
    DeclareFun(Symbol, Vec<Sort>, Sort),
    /// `(define-fun f ((x S) ...) T body)`
    DefineFun {
        /// The function name.
        name: Symbol,
        /// Parameters.
        params: Vec<(Symbol, Sort)>,
        /// Result sort.
        sort: Sort,
        /// Body.
        body: Term,
    },
    /// `(assert t)` or `(assert (! t :named n))`
    Assert(Assertion),
    /// `(check-sat)`
    CheckSat,
    /// `(get-model)`
    GetModel,
    /// `(get-unsat-core)`
    GetUnsatCore,
    /// `(get-value (t ...))`
    GetValue(Vec<Term>),
    /// `(push n)`
    Push(u32),
    /// `(pop n)`
    Pop(u32),
    /// `(echo "s")`
    Echo(String),
    /// `(exit)`
    Exit,
    /// `(check-sat-assuming (l ...))`: a `check-sat` under extra Bool
    /// literals that hold for this check only.
    CheckSatAssuming(Vec<Term>),
    /// `(define-sort S (X ...) sort)`: the parser replaces every use of `S`
    /// by its definition, so this command only keeps the script printable.
    DefineSort {
        /// The sort's name.
        name: Symbol,
        /// Its sort parameters.
        params: Vec<Symbol>,
        /// The definition, with the parameters as symbols.
        body: SExpr,
    },
    /// `(reset)`: forget everything, as if the script started anew.
    Reset,
    /// `(reset-assertions)`: forget every assertion and declaration.
    ResetAssertions,
    /// `(get-info :k)`
    GetInfo(String),
    /// `(get-option :k)`
    GetOption(String),
    /// A query without arguments that changes nothing: `get-assertions`,
    /// `get-assignment`, `get-proof`, `get-unsat-assumptions`.
    Query(String),
}

impl Command {
    /// `(set-option :print-success true)`, which an incremental script
    /// starts with: under it every command answers exactly once (`success`,
    /// its result, or an error), so the oracle reads each response as the
    /// answer of the command it belongs to.
    pub fn print_success() -> Command {
        Command::SetOption("print-success".into(), SExpr::Symbol("true".into()))
    }

    /// The command's SMT-LIB name: `assert`, `check-sat`, `get-unsat-assumptions`.
    pub fn name(&self) -> &str {
        match self {
            Command::SetLogic(_) => "set-logic",
            Command::SetOption(..) => "set-option",
            Command::SetInfo(..) => "set-info",
            Command::DeclareConst(..) => "declare-const",
            Command::DeclareFun(..) => "declare-fun",
            Command::DefineFun { .. } => "define-fun",
            Command::Assert(_) => "assert",
            Command::CheckSat => "check-sat",
            Command::GetModel => "get-model",
            Command::GetUnsatCore => "get-unsat-core",
            Command::GetValue(_) => "get-value",
            Command::Push(_) => "push",
            Command::Pop(_) => "pop",
            Command::Echo(_) => "echo",
            Command::Exit => "exit",
            Command::CheckSatAssuming(_) => "check-sat-assuming",
            Command::DefineSort { .. } => "define-sort",
            Command::Reset => "reset",
            Command::ResetAssertions => "reset-assertions",
            Command::GetInfo(_) => "get-info",
            Command::GetOption(_) => "get-option",
            Command::Query(q) => q,
        }
    }
}

/// A command and where it starts in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The command.
    pub command: Command,
    /// 1-based line of its `(`.
    pub line: usize,
    /// 1-based column of its `(`, in characters.
    pub column: usize,
}

/// A sequence of commands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Script {
    /// The commands, in order.
    pub commands: Vec<Command>,
}

impl Script {
    /// The `(set-info :status ...)` value, if present and a symbol.
    pub fn status(&self) -> Option<&str> {
        self.commands.iter().find_map(|c| match c {
            Command::SetInfo(k, SExpr::Symbol(v)) if k == "status" => Some(v.as_str()),
            _ => None,
        })
    }
}
