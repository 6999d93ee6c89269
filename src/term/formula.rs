//! A formula under test: declared constants and (named) assertions.
//!
//! This is the object that generators build, transformations rewrite and the
//! printer turns into a script. It is the conjunction of its assertions.
//!
//! # Invariants
//!
//! - Every free variable of every assertion is declared in `decls`, once.
//! - Assertion names, when present, are distinct.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::{Assertion, Command, Op, SExpr, Script, Sort, Symbol, Term};

/// Declarations plus assertions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Formula {
    /// Declared constants, in declaration order.
    pub decls: Vec<(Symbol, Sort)>,
    /// The assertions, conjoined.
    pub assertions: Vec<Assertion>,
}

/// What to ask the solver after `(check-sat)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Queries {
    /// Append `(get-model)`.
    pub model: bool,
    /// Append `(get-value (x ...))` over every declared constant: unlike
    /// `(get-model)`, the solver must give each one a value (model
    /// completion), so a model check never guesses a missing value.
    pub values: bool,
    /// Append `(get-unsat-core)` and enable `:produce-unsat-cores`.
    pub unsat_core: bool,
}

impl Formula {
    /// The sort of a declared constant.
    pub fn sort_of(&self, name: &str) -> Option<Sort> {
        self.decls
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| s.clone())
    }

    /// The operators the assertions use, each once.
    pub fn operators(&self) -> BTreeSet<Op> {
        self.assertions
            .iter()
            .flat_map(|a| a.term.operators())
            .collect()
    }

    /// Declares `name` unless it is already declared.
    pub fn declare(&mut self, name: impl Into<Symbol>, sort: Sort) {
        let name = name.into();
        if self.sort_of(&name).is_none() {
            self.decls.push((name, sort));
        }
    }

    /// A symbol starting with `base` that is neither declared nor used
    /// (free or bound) anywhere in the formula: `base`, else `base_1`, ...
    pub fn fresh_symbol(&self, base: &str) -> Symbol {
        let mut used: BTreeSet<Symbol> = self.decls.iter().map(|(n, _)| n.clone()).collect();
        for a in &self.assertions {
            a.term.visit(&mut |t| match t {
                Term::Var(v) => {
                    used.insert(v.clone());
                }
                Term::Let(binds, _) => used.extend(binds.iter().map(|(v, _)| v.clone())),
                Term::Quant(q) => used.extend(q.vars.iter().map(|(v, _)| v.clone())),
                _ => {}
            });
            if let Some(n) = &a.name {
                used.insert(n.clone());
            }
        }
        if !used.contains(base) {
            return base.to_string();
        }
        (1..)
            .map(|i| format!("{base}_{i}"))
            .find(|c| !used.contains(c))
            .expect("unbounded")
    }

    /// The next assertion name `aN` not yet used (the paper's `a0`, `a1`...).
    pub fn fresh_assertion_name(&self) -> Symbol {
        let names = self.names();
        (self.assertions.len()..)
            .map(|i| format!("a{i}"))
            .find(|c| !names.contains(c.as_str()))
            .expect("unbounded")
    }

    /// Adds an assertion.
    pub fn assert(&mut self, term: Term, name: Option<Symbol>) {
        self.assertions.push(Assertion { term, name });
    }

    /// The names of the named assertions.
    pub fn names(&self) -> BTreeSet<&str> {
        self.assertions
            .iter()
            .filter_map(|a| a.name.as_deref())
            .collect()
    }

    /// Checks the invariants: declarations are unique, every free variable is
    /// declared, every assertion is a Bool term, names are distinct.
    pub fn check(&self) -> Result<(), String> {
        let mut seen = BTreeSet::new();
        for (n, _) in &self.decls {
            if !seen.insert(n) {
                return Err(format!("`{n}` is declared twice"));
            }
        }
        let mut names = BTreeSet::new();
        for a in &self.assertions {
            let sort = a
                .term
                .sort(&|v| self.sort_of(v))
                .map_err(|e| e.to_string())?;
            if sort != Sort::Bool {
                return Err(format!("an assertion has sort {sort}"));
            }
            if let Some(n) = &a.name
                && !names.insert(n)
            {
                return Err(format!("assertion name `{n}` is used twice"));
            }
        }
        Ok(())
    }

    /// The whole formula as one term (the conjunction of its assertions).
    pub fn conjunction(&self) -> Term {
        Term::and(self.assertions.iter().map(|a| a.term.clone()).collect())
    }

    /// The declarations of every symbol: `declare-fun` for a function,
    /// `declare-const` for the rest.
    pub fn declarations(&self) -> impl Iterator<Item = Command> + '_ {
        self.decls.iter().map(|(n, s)| match s {
            Sort::Fun(args, r) => Command::DeclareFun(n.clone(), args.clone(), (**r).clone()),
            _ => Command::DeclareConst(n.clone(), s.clone()),
        })
    }

    /// The queries that read a sat answer's witness: `get-model` when a
    /// function is declared (its interpretation is no value `get-value`
    /// can give), then `get-value` of every constant, if any.
    pub fn witness_queries(&self) -> Vec<Command> {
        let mut queries = Vec::new();
        if self.decls.iter().any(|(_, s)| s.is_fun()) {
            queries.push(Command::GetModel);
        }
        let constants: Vec<Term> = self
            .decls
            .iter()
            .filter(|(_, s)| !s.is_fun())
            .map(|(n, _)| Term::Var(n.clone()))
            .collect();
        if !constants.is_empty() {
            queries.push(Command::GetValue(constants));
        }
        queries
    }

    /// A full script: options, declarations, assertions, `(check-sat)` and
    /// the requested queries. `status` becomes `(set-info :status ...)`.
    pub fn to_script(&self, status: Option<&str>, queries: Queries) -> Script {
        let mut commands = Vec::with_capacity(self.decls.len() + self.assertions.len() + 6);
        if let Some(s) = status {
            commands.push(Command::SetInfo("status".into(), SExpr::Symbol(s.into())));
        }
        if queries.model || queries.values {
            commands.push(Command::SetOption(
                "produce-models".into(),
                SExpr::Symbol("true".into()),
            ));
        }
        if queries.unsat_core {
            commands.push(Command::SetOption(
                "produce-unsat-cores".into(),
                SExpr::Symbol("true".into()),
            ));
        }
        commands.extend(self.declarations());
        for a in &self.assertions {
            commands.push(Command::Assert(a.clone()));
        }
        commands.push(Command::CheckSat);
        let witness = if queries.values {
            self.witness_queries()
        } else {
            Vec::new()
        };
        // One `get-model` at most: the witness asks for it when a function
        // is declared.
        if queries.model && witness.first() != Some(&Command::GetModel) {
            commands.push(Command::GetModel);
        }
        commands.extend(witness);
        if queries.unsat_core {
            commands.push(Command::GetUnsatCore);
        }
        Script { commands }
    }

    /// Rebuilds a formula from a script's declarations and assertions; other
    /// commands are ignored (a `define-fun` too: the parser expanded its
    /// uses), and `(exit)` ends the script; a `declare-fun` with arguments
    /// declares a symbol of [`Sort::Fun`]. Fails on an incremental script (`push`, `pop`, `reset`,
    /// `reset-assertions`, `check-sat-assuming`, several `check-sat`s, or an
    /// assertion after a `check-sat`): merging its scopes into one formula
    /// would give it a truth it does not have. [`check_sats`](super::check_sats)
    /// keeps such scopes apart.
    pub fn from_script(script: &Script) -> Result<Formula, String> {
        let mut f = Formula::default();
        let mut check_sats = 0;
        for c in &script.commands {
            let incremental = match c {
                Command::DeclareConst(n, s) => {
                    f.decls.push((n.clone(), s.clone()));
                    None
                }
                Command::DeclareFun(n, args, r) => {
                    f.decls
                        .push((n.clone(), Sort::fun(args.clone(), r.clone())));
                    None
                }
                Command::Assert(_) if check_sats > 0 => Some("an assertion after a check-sat"),
                Command::Assert(a) => {
                    f.assertions.push(a.clone());
                    None
                }
                Command::CheckSat if check_sats > 0 => Some("a second check-sat"),
                Command::CheckSat => {
                    check_sats += 1;
                    None
                }
                Command::Push(_) => Some("push"),
                Command::Pop(_) => Some("pop"),
                Command::Reset => Some("reset"),
                Command::ResetAssertions => Some("reset-assertions"),
                Command::CheckSatAssuming(_) => Some("check-sat-assuming"),
                Command::Exit => break,
                _ => None,
            };
            if let Some(what) = incremental {
                return Err(format!(
                    "an incremental script ({what}) is not one formula: its scopes \
                     would be merged"
                ));
            }
        }
        Ok(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::parse_script;

    fn from(text: &str) -> Result<Formula, String> {
        Formula::from_script(&parse_script(text).unwrap())
    }

    /// A model and values asked of a formula with a function: one
    /// `get-model` (the function's interpretation), then `get-value` of the
    /// constants only; without a function, the same order.
    #[test]
    fn witness_queries_ask_one_model_and_values_of_constants() {
        let queries = |f: &Formula, model: bool| -> Vec<Command> {
            let s = f.to_script(
                None,
                Queries {
                    model,
                    values: true,
                    unsat_core: false,
                },
            );
            let at = s
                .commands
                .iter()
                .position(|c| *c == Command::CheckSat)
                .unwrap();
            s.commands[at + 1..].to_vec()
        };
        let with_fun =
            from("(declare-fun f (Int) Int)(declare-const x Int)(assert (= (f x) 1))(check-sat)")
                .unwrap();
        let get_x = Command::GetValue(vec![Term::var("x")]);
        for model in [false, true] {
            assert_eq!(
                queries(&with_fun, model),
                vec![Command::GetModel, get_x.clone()]
            );
        }
        let plain = from("(declare-const x Int)(assert (> x 0))(check-sat)").unwrap();
        assert_eq!(queries(&plain, false), vec![get_x.clone()]);
        assert_eq!(queries(&plain, true), vec![Command::GetModel, get_x]);
    }
    #[test]
    fn one_check_sat_is_one_formula_and_exit_ends_it() {
        let f = from("(declare-const x Int)(assert (> x 0))(check-sat)(get-model)(exit)(push 1)")
            .unwrap();
        assert_eq!((f.decls.len(), f.assertions.len()), (1, 1));
    }

    #[test]
    fn an_incremental_script_is_refused_not_merged() {
        for (text, what) in [
            (
                "(declare-const x Int)(push 1)(assert (> x 0))(check-sat)",
                "push",
            ),
            ("(declare-const x Int)(assert (> x 0))(pop 1)", "pop"),
            (
                "(declare-const x Int)(check-sat)(assert (> x 0))",
                "an assertion after",
            ),
            (
                "(declare-const x Int)(check-sat)(check-sat)",
                "a second check-sat",
            ),
            ("(declare-const x Int)(reset)", "reset"),
        ] {
            let err = from(text).unwrap_err();
            assert!(
                err.contains(what) && err.contains("incremental"),
                "{text}: {err}"
            );
        }
    }
}
