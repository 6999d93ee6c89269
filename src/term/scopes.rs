//! The `check-sat`s of an incremental script, each with the formula it asks
//! about.
//!
//! A script is not one formula: `push`/`pop` open and close scopes,
//! assertions made after a `check-sat` belong only to the later ones,
//! `reset` and `reset-assertions` start over, and `(exit)` ends the script.
//! [`check_sats`] replays the commands and gives, for every `check-sat` (and
//! `check-sat-assuming`), the declarations and assertions in force at that
//! point, never a merge of several.
//!
//! # Invariants
//!
//! - Each [`CheckSat::formula`] holds exactly the declarations and
//!   assertions in scope at its `check-sat` (plus the assumptions of a
//!   `check-sat-assuming`), and passes [`Formula::check`].
//! - A `(set-info :status X)` labels the next `check-sat` only, as SMT-LIB
//!   benchmarks label incremental files; a later `check-sat` without a
//!   status of its own has none. In a script with several `check-sat`s, a
//!   status followed by a `push` or `pop` before its `check-sat` labels
//!   nothing: it was set for another scope, and a label read into the wrong
//!   scope would blame the solver for our guess. A script with one
//!   `check-sat` takes the last status set before it, wherever it is.
//! - Under `(set-option :global-declarations true)` a declaration
//!   survives the `pop` of its scope and `reset-assertions`, as SMT-LIB
//!   says (an assertion never does); `reset` forgets the option too.
//! - Every refusal names the command's line and column: an undeclared or
//!   ill-sorted symbol, a name declared twice in scope, a `pop` of more
//!   scopes than were pushed, and what lies outside our theories.

use super::{Assertion, Command, Formula, Located, SExpr, Sort};

/// One `check-sat` and what it asks about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckSat {
    /// 1-based line of the `check-sat`.
    pub line: usize,
    /// 1-based column of the `check-sat`.
    pub column: usize,
    /// The declarations and assertions in scope there.
    pub formula: Formula,
    /// The `(set-info :status ...)` given since the previous `check-sat`,
    /// as written (`sat`, `unsat`, `unknown` or anything else).
    pub status: Option<String>,
}

/// A command the script cannot have, at its position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct ScopeError {
    /// 1-based line of the command.
    pub line: usize,
    /// 1-based column of the command.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Replays `commands` and returns every `check-sat` with its formula.
pub fn check_sats(commands: &[Located]) -> Result<Vec<CheckSat>, ScopeError> {
    let mut out = Vec::new();
    let mut f = Formula::default();
    // Per open `push`: how many declarations and assertions were in force.
    let mut levels: Vec<(usize, usize)> = Vec::new();
    // The last status since the previous check-sat, and whether a push or
    // pop came after it.
    let mut status: Option<(String, bool)> = None;
    let mut last_status: Option<String> = None;
    // `:global-declarations`: declarations survive `pop` and
    // `reset-assertions` (not `reset`, which also forgets the option).
    let mut global = false;
    for located in commands {
        let err = |message: String| ScopeError {
            line: located.line,
            column: located.column,
            message,
        };
        match &located.command {
            Command::DeclareConst(n, s) => {
                if f.sort_of(n).is_some() {
                    return Err(err(format!("`{n}` is already declared")));
                }
                f.decls.push((n.clone(), s.clone()));
            }
            Command::DeclareFun(n, args, r) => {
                if f.sort_of(n).is_some() {
                    return Err(err(format!("`{n}` is already declared")));
                }
                f.decls
                    .push((n.clone(), Sort::fun(args.clone(), r.clone())));
            }
            Command::DefineFun {
                name,
                params,
                sort,
                body,
            } => {
                if f.sort_of(name).is_some() {
                    return Err(err(format!("`{name}` is already declared")));
                }
                // Uses were expanded by the parser; what is left to check is
                // that the body has the declared sort.
                let found = body
                    .sort(&|v| {
                        params
                            .iter()
                            .find(|(p, _)| p == v)
                            .map(|(_, s)| s.clone())
                            .or_else(|| f.sort_of(v))
                    })
                    .map_err(|e| err(format!("in the definition of `{name}`: {e}")))?;
                if found != *sort {
                    return Err(err(format!(
                        "`{name}` is declared {sort} but its body has sort {found}"
                    )));
                }
            }
            Command::Assert(a) => {
                check_assertion(&f, a).map_err(err)?;
                f.assertions.push(a.clone());
            }
            Command::CheckSat | Command::CheckSatAssuming(_) => {
                let mut formula = f.clone();
                if let Command::CheckSatAssuming(literals) = &located.command {
                    for l in literals {
                        let a = Assertion {
                            term: l.clone(),
                            name: None,
                        };
                        check_assertion(&formula, &a).map_err(err)?;
                        formula.assertions.push(a);
                    }
                }
                out.push(CheckSat {
                    line: located.line,
                    column: located.column,
                    formula,
                    status: status.take().and_then(|(s, moved)| (!moved).then_some(s)),
                });
            }
            Command::Push(n) => {
                if let Some((_, moved)) = &mut status {
                    *moved = true;
                }
                for _ in 0..*n {
                    levels.push((f.decls.len(), f.assertions.len()));
                }
            }
            Command::Pop(n) => {
                if let Some((_, moved)) = &mut status {
                    *moved = true;
                }
                let n = *n as usize;
                if n > levels.len() {
                    return Err(err(format!(
                        "a pop of {n} scopes, but only {} are open",
                        levels.len()
                    )));
                }
                let (decls, assertions) = levels[levels.len() - n];
                levels.truncate(levels.len() - n);
                if !global {
                    f.decls.truncate(decls);
                }
                f.assertions.truncate(assertions);
            }
            Command::Reset => {
                f = Formula::default();
                levels.clear();
                status = None;
                global = false;
            }
            Command::ResetAssertions => {
                f.assertions.clear();
                if !global {
                    f.decls.clear();
                }
                levels.clear();
            }
            Command::SetInfo(k, v) if k == "status" => {
                let s = match v {
                    SExpr::Symbol(s) => s.clone(),
                    other => format!("{other:?}"),
                };
                if out.is_empty() {
                    last_status = Some(s.clone());
                }
                status = Some((s, false));
            }
            Command::SetOption(k, SExpr::Symbol(v)) if k == "global-declarations" => {
                global = v == "true";
            }
            Command::Exit => break,
            _ => {}
        }
    }
    if let [only] = out.as_mut_slice() {
        only.status = last_status;
    }
    Ok(out)
}

/// An assertion must be a Bool term over declared symbols, and its name new.
fn check_assertion(f: &Formula, a: &Assertion) -> Result<(), String> {
    let sort = a.term.sort(&|v| f.sort_of(v)).map_err(|e| e.to_string())?;
    if sort != Sort::Bool {
        return Err(format!("an assertion has sort {sort}, expected Bool"));
    }
    if let Some(n) = &a.name
        && f.names().contains(n.as_str())
    {
        return Err(format!("assertion name `{n}` is used twice"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::parse_located;

    fn sats(text: &str) -> Result<Vec<CheckSat>, ScopeError> {
        check_sats(&parse_located(text).unwrap())
    }

    #[test]
    fn each_check_sat_sees_its_own_scope_and_status() {
        let c = sats(
            "(set-info :status sat)\n(declare-const x String)\n(push 1)\n(assert (= x \"a\"))\n\
             (assert (= x \"b\"))\n(set-info :status unsat)\n(check-sat)\n(pop 1)\n(check-sat)\n\
             (assert (= x \"c\"))\n(check-sat)(exit)(check-sat)",
        )
        .unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!((c[0].line, c[0].column), (7, 1));
        assert_eq!(c[0].formula.assertions.len(), 2);
        assert_eq!(c[0].status.as_deref(), Some("unsat"));
        assert_eq!(c[1].formula.assertions.len(), 0);
        assert_eq!(c[1].status, None);
        assert_eq!(c[2].formula.assertions.len(), 1);
    }

    #[test]
    fn a_status_set_before_a_push_labels_no_check_sat_of_several() {
        let c = sats(
            "(set-info :status sat) (declare-const x String) (push 1) (assert (= x \"a\")) \
             (assert (= x \"b\")) (check-sat) (pop 1) (check-sat)",
        )
        .unwrap();
        assert_eq!(
            (c[0].status.as_deref(), c[1].status.as_deref()),
            (None, None)
        );
        let one = sats("(set-info :status unsat)(push 1)(assert false)(check-sat)(pop 1)").unwrap();
        assert_eq!(one[0].status.as_deref(), Some("unsat"));
    }

    #[test]
    fn a_name_popped_may_be_declared_again_and_not_while_in_scope() {
        let ok = sats(
            "(push 1)(declare-const x Int)(pop 1)(declare-const x String)(assert (= x \"\"))(check-sat)",
        )
        .unwrap();
        assert_eq!(ok[0].formula.decls, vec![("x".to_string(), Sort::String)]);
        let e = sats("(declare-const x Int)\n  (declare-const x Int)").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.message.contains("already declared"), "{e}");
    }

    #[test]
    fn sort_and_symbol_errors_name_their_command() {
        let e = sats("(declare-const x Int)\n(assert (= x \"a\"))").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        let e = sats("(declare-const x Int)\n\n (assert (> y 0))").unwrap_err();
        assert_eq!((e.line, e.column), (3, 2));
        assert!(e.to_string().contains("`y`"), "{e}");
        let e = sats("(push 1)(pop 2)").unwrap_err();
        assert!(e.message.contains("only 1"), "{e}");
    }

    #[test]
    fn global_declarations_survive_pop_and_reset_assertions() {
        let c = sats(
            "(set-option :global-declarations true)(push 1)(declare-const x Int)(assert (> x 0))\
             (pop 1)(reset-assertions)(assert (< x 0))(check-sat)",
        )
        .unwrap();
        assert_eq!(c[0].formula.decls, vec![("x".to_string(), Sort::Int)]);
        assert_eq!(c[0].formula.assertions.len(), 1);
        let e = sats("(declare-const x Int)(reset-assertions)(assert (< x 0))").unwrap_err();
        assert!(e.message.contains("`x`"), "{e}");
    }

    #[test]
    fn reset_forgets_and_check_sat_assuming_adds_its_literals() {
        let c = sats(
            "(declare-const p Bool)(assert p)(reset)(declare-const p Bool)(check-sat-assuming ((not p)))",
        )
        .unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].formula.assertions.len(), 1);
    }
}
