//! Definitions as macros: what `define-fun` and `define-sort` introduced,
//! scoped by `push`/`pop`, and the expansion of a defined function's use.
//!
//! # Invariants
//!
//! - A definition is scoped like a declaration: `pop` removes what was
//!   introduced at the popped levels.
//! - A use becomes the body under a `let` binding the parameters to the
//!   arguments. It is refused, never misread, when the body's free symbols
//!   would be captured by an enclosing binder, when the command would grow
//!   past [`MAX_EXPANDED_NODES`] nodes, or when the result would nest past
//!   [`MAX_DEPTH`].

use std::collections::HashMap;

use super::{MAX_DEPTH, MAX_EXPANDED_NODES};
use crate::term::{SExpr, Sort, Symbol, Term};

/// A `define-fun`.
#[derive(Clone, Debug)]
pub(super) struct FunDef {
    pub(super) name: Symbol,
    pub(super) params: Vec<(Symbol, Sort)>,
    pub(super) body: Term,
    /// `body.size()` and `body.depth()`, known once.
    pub(super) size: usize,
    pub(super) depth: usize,
}

/// A `define-sort`.
#[derive(Clone, Debug)]
pub(super) struct SortDef {
    pub(super) params: Vec<Symbol>,
    pub(super) body: SExpr,
}

/// What the script has defined or declared so far that the parser must
/// know to read terms and sorts, scoped by `push`/`pop`.
#[derive(Clone, Debug, Default)]
pub(super) struct Definitions {
    pub(super) funs: Vec<FunDef>,
    pub(super) fun_index: HashMap<Symbol, usize>,
    pub(super) sorts: HashMap<Symbol, SortDef>,
    /// Functions declared with arguments (uninterpreted).
    pub(super) uninterpreted: HashMap<Symbol, ()>,
    /// Per open `push` level, the names introduced at that level.
    pub(super) levels: Vec<Vec<Symbol>>,
}

impl Definitions {
    pub(super) fn introduce(&mut self, name: &Symbol) {
        if let Some(level) = self.levels.last_mut() {
            level.push(name.clone());
        }
    }

    pub(super) fn forget(&mut self, name: &Symbol) {
        if let Some(i) = self.fun_index.remove(name) {
            // Keep indices of other definitions valid: leave the slot.
            self.funs[i].params.clear();
        }
        self.sorts.remove(name);
        self.uninterpreted.remove(name);
    }

    pub(super) fn push(&mut self, n: u32) {
        for _ in 0..n {
            self.levels.push(Vec::new());
        }
    }

    pub(super) fn pop(&mut self, n: u32) {
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

impl Definitions {
    /// The body of definition `i` in place of a use nested `depth` frames
    /// deep, its parameters bound to `args` by a `let`. `expanded` counts the
    /// nodes this command has gained so far; `bound` says whether an
    /// enclosing binder binds a name. `Err` is what the reader expected
    /// instead, to be reported at the use.
    pub(super) fn expand(
        &self,
        i: usize,
        args: Vec<Term>,
        expanded: &mut usize,
        depth: usize,
        bound: impl Fn(&str) -> bool,
    ) -> Result<Term, String> {
        // Expansion copies: a chain of definitions each using the previous
        // one twice doubles at every step, and a deep body nests deeper
        // than the parser's own limit. Both are refused, never built.
        let def = &self.funs[i];
        *expanded = expanded.saturating_add(def.size);
        if *expanded > MAX_EXPANDED_NODES {
            return Err(format!(
                "a command of at most {MAX_EXPANDED_NODES} nodes once definitions are \
                 expanded (not supported: larger expansions)"
            ));
        }
        if depth + 1 + def.depth > MAX_DEPTH {
            return Err(format!(
                "a term nested at most {MAX_DEPTH} deep once definitions are expanded"
            ));
        }
        for v in def.body.free_vars() {
            if !def.params.iter().any(|(p, _)| *p == v) && bound(&v) {
                return Err(format!(
                    "a use of `{}` where `{v}` is not rebound (not supported: the \
                     definition's `{v}` would be captured by the enclosing binder)",
                    def.name
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
}

#[cfg(test)]
mod tests {
    use super::super::MAX_DEPTH;
    use crate::term::{Assertion, Command, parse_script, parse_term};

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
}
