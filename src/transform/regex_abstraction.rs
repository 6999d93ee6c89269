//! Variable abstraction over regexes (Kühne 2022, Sect. 2.3.1's "replace
//! some of the constants by free variables", for `RegLan` constants): a
//! closed `RegLan` subterm of a sat formula, every occurrence of it,
//! becomes a `RegLan` variable whose model value is its language.
//!
//! [`super::VariableAbstraction`] leaves regex subterms alone (it abstracts
//! string, integer and Boolean literals); it calls this module for
//! formulas that mention regexes, so closed regex formulas such as
//! `(= (re.union a re.none) a)` get variables too, and the solver has to
//! reason about `RegLan` variables (where the thesis found most of Z3's
//! wrong answers).
//!
//! # Invariant
//!
//! If `M` satisfies `F` and `F'` is `F` with the occurrences of a closed
//! term `t` replaced by a variable `x` with `M'(x) = ⟦t⟧` (fresh, or a
//! declared `RegLan` variable whose model value is that same language),
//! then `M'` satisfies `F'`: every replaced subterm keeps its value and
//! evaluation is compositional. Formulas with binders (`let`, quantifiers)
//! are refused, so no variable is captured; unsat cases are refused.

use rand::RngCore;
use rand::seq::IndexedRandom;

use crate::semantics::{Value, eval_closed};
use crate::term::{Sort, Symbol, Term, Theory};
use crate::truth::{Case, Truth};

/// The closed `RegLan` subterms of `t`, each once, with their languages.
fn closed_regexes(t: &Term, out: &mut Vec<(Term, Value)>) {
    t.visit(&mut |x| {
        let Term::App(op, _) = x else { return };
        let reglan = op.theory() == Theory::Regex;
        if !reglan || !x.free_vars().is_empty() || out.iter().any(|(y, _)| y == x) {
            return;
        }
        if let Ok(v @ Value::RegLan(_)) = eval_closed(x) {
            out.push((x.clone(), v));
        }
    });
}

fn has_binder(t: &Term) -> bool {
    let mut b = false;
    t.visit(&mut |x| b |= matches!(x, Term::Let(..) | Term::Quant(_)));
    b
}

fn replace(t: &Term, c: &Term, x: &Term) -> Term {
    if t == c {
        return x.clone();
    }
    match t {
        Term::App(op, args) => Term::App(*op, args.iter().map(|a| replace(a, c, x)).collect()),
        _ => t.clone(),
    }
}

/// One closed `RegLan` subterm, chosen at random, abstracted; `None` for
/// unsat cases, formulas with binders or without closed regexes. The
/// chain is not extended (the caller names the step).
pub fn abstract_regex_constant(case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
    let Truth::Sat { model } = &case.truth else {
        return None;
    };
    if case.formula.assertions.iter().any(|a| has_binder(&a.term)) {
        return None;
    }
    let mut closed = Vec::new();
    for a in &case.formula.assertions {
        closed_regexes(&a.term, &mut closed);
    }
    let (c, value) = closed.choose(rng)?.clone();
    let mut out = case.clone();
    let reuse = case
        .formula
        .decls
        .iter()
        .find(|(n, s)| *s == Sort::RegLan && model.get(n) == Some(&value))
        .map(|(n, _)| n.clone());
    let name: Symbol = match reuse {
        Some(n) => n,
        None => {
            let n = out.formula.fresh_symbol("tmp_re");
            out.formula.declare(n.clone(), Sort::RegLan);
            n
        }
    };
    let x = Term::var(name.clone());
    for a in &mut out.formula.assertions {
        a.term = replace(&a.term, &c, &x);
    }
    let Truth::Sat { model } = &mut out.truth else {
        unreachable!("checked above")
    };
    model.insert(name, value);
    Some(out)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::generate::Generator;
    use crate::generate::regex::{RegexConstantAssignment, RegexPool, RegexTermSynthesis};

    /// The invariant on thousands of regex sat cases, repeatedly.
    #[test]
    fn the_model_still_satisfies_the_formula() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        let mut ca = RegexConstantAssignment::new(RegexPool::boundary_randomized(12));
        let mut ts = RegexTermSynthesis::new(RegexPool::boundary_randomized(12), 3);
        let mut applied = 0;
        for i in 0..1500 {
            let mut c = if i % 2 == 0 {
                ca.next(&mut rng)
            } else {
                ts.next(&mut rng)
            };
            for _ in 0..3 {
                if let Some(next) = abstract_regex_constant(&c, &mut rng) {
                    next.check().unwrap_or_else(|e| {
                        panic!("{e}\n{}", next.formula.to_script(None, Default::default()))
                    });
                    applied += 1;
                    c = next;
                }
            }
        }
        assert!(applied > 1500, "{applied}");
    }

    /// The check above can fail: a variable holding another language is
    /// caught.
    #[test]
    fn a_wrong_value_is_caught() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut ca = RegexConstantAssignment::new(RegexPool::paper());
        let c = loop {
            let c = ca.next(&mut rng);
            if let Some(x) = abstract_regex_constant(&c, &mut rng) {
                break x;
            }
        };
        let mut wrong = c.clone();
        let Truth::Sat { model } = &mut wrong.truth else {
            panic!()
        };
        let (n, v) = model
            .0
            .iter()
            .find(|(_, v)| matches!(v, Value::RegLan(_)))
            .map(|(n, v)| (n.clone(), v.clone()))
            .unwrap();
        let Value::RegLan(r) = v else { unreachable!() };
        model.insert(n, Value::RegLan(r.comp()));
        assert!(wrong.check().is_err(), "{c:?}");
    }
}
