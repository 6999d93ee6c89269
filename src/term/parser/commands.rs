//! Commands: one SMT-LIB 2.6 command per call, the definitions they
//! introduce recorded and scoped by `push`, `pop`, `reset` and
//! `reset-assertions`.
//!
//! # Invariant
//!
//! Commands outside equifuzz's theories (`declare-sort`,
//! `declare-datatype(s)`, `define-fun-rec`, `define-funs-rec`) are errors at
//! their position that say "not supported".

use super::cursor::{Parser, undouble};
use super::definitions::{Definitions, FunDef, SortDef};
use crate::term::error::ParseError;
use crate::term::lexer::Tok;
use crate::term::{Assertion, Command, Symbol};

impl Parser<'_> {
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
    pub(super) fn forget_at_level(&mut self, name: &Symbol) {
        self.defs.forget(name);
        self.defs.introduce(name);
    }
}

#[cfg(test)]
mod tests {
    use crate::term::{Assertion, Command, Sort, Term, parse_script};

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
}
