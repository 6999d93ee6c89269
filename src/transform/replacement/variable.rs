//! Variable replacement (ICSE 2020, Sect. 3.2): a larger unsat core.
//!
//! From an unsat case `a0: ¬A(x, ..) ∧ R(x, ..)` (R: the other assertions),
//! choose a variable `x` of `a0` that also occurs in `R`, replace it in `R`
//! by a fresh `x_fresh`, and conjoin a new named clause `C(x, x_fresh) :=
//! lhs(x, w̄) = x_fresh ∧ side(x, w̄)`, an `NC` identity of
//! [`crate::transform::identities`] with its other variables `w̄` fresh. `C` implies `x
//! = x_fresh`, so the new formula is unsat, and `C` joins the core.
//!
//! # Invariant, and why the core stays unique and minimal
//!
//! The unsat cases this module accepts (those whose provenance carries the
//! [`AnchorStructure`](crate::truth::AnchorStructure) marker) keep the
//! following invariant, established by
//! [`crate::generate::strings::equivalent_formula_cases`] and kept by every
//! unsat transformation of this crate:
//!
//! - (EQ) `a0` is the quantifier-free assertion `¬A` and, existentially
//!   closing every variable that is not in `a0`, the other assertions are
//!   equivalent to `A ∧ P`, where `P` pins some variables of `a0` to
//!   constants (from [`super::constant`] on `a0`; `P` is empty
//!   otherwise) and `A ∧ P` is satisfiable.
//! - (DEP) for every variable `x` of `a0` there are values with `P`, `¬A`
//!   and `A ∧ P` after changing `x` alone: `A` depends on `x` (true for each
//!   argument and the result of every operation, and checked for every row
//!   by the tests).
//! - (CORE) for every core assertion `c`, the formula without `c` is
//!   satisfiable; so every unsat subset contains the core, which is unsat:
//!   it is the unique minimal core.
//!
//! Replacing `x` with a *total* identity (for every value of `x` some `w̄`
//! satisfies `side`) keeps them: `∃x_fresh, w̄. R[x_fresh/x] ∧ C` is `∃R`
//! (total: `∃w̄. C ⇔ x = x_fresh`), so (EQ) and (DEP) hold; the formula
//! without `C` is `¬A ∧ ∃x_fresh. (A ∧ P)[x_fresh/x]`, satisfiable by
//! (DEP); without an older core clause `c` it is satisfiable whenever it
//! was before (set `x_fresh := x` and pick `w̄`). NC1 and NC8 are not total
//! (`|x| = 1`, `x >= 0`): they restrict `x`, so (DEP) and (CORE) could fail
//! for the restricted values; the transformation never uses them (it would
//! need a model of every "formula minus one" to know).
//!
//! Unlike the paper, which applied each transformation once, this one
//! applies any number of times and in any order with the other unsat
//! transformations.

use std::collections::{BTreeMap, BTreeSet};

use super::anchor::anchored;
use crate::term::{Sort, Symbol, Term};
use crate::transform::fresh::fresh_var;
use crate::transform::identities::Identity;
use crate::transform::regex_identities::variable_identities_for;
use crate::truth::{Case, Truth};

/// The variables `x` of `a0` that also occur in another assertion, with
/// their sorts.
pub fn replaceable_variables(case: &Case) -> Vec<(Symbol, Sort)> {
    let Some((i, _)) = anchored(case) else {
        return Vec::new();
    };
    let f = &case.formula;
    let others: BTreeSet<Symbol> = f
        .assertions
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .flat_map(|(_, a)| a.term.free_vars())
        .collect();
    f.assertions[i]
        .term
        .free_vars()
        .into_iter()
        .filter(|x| others.contains(x))
        .filter_map(|x| f.sort_of(&x).map(|s| (x, s)))
        .collect()
}

/// Replaces `x` outside `a0` by a fresh variable tied to `x` by `identity`;
/// `None` if the case is not one of ours, `x` is not replaceable, or the
/// identity is not a total `NC` row of `x`'s sort.
pub fn replace_variable(case: &Case, x: &str, identity: &Identity) -> Option<Case> {
    let (anchor, _) = anchored(case)?;
    let sort = replaceable_variables(case)
        .into_iter()
        .find(|(v, _)| v == x)?
        .1;
    if identity.subject().is_none() || !identity.total || identity.sort() != sort {
        return None;
    }
    let mut out = case.clone();
    let f = &mut out.formula;
    let x_fresh = fresh_var(f, &format!("{x}_fresh"), &sort);
    let map = BTreeMap::from([(x.to_string(), Term::Var(x_fresh.clone()))]);
    for (j, a) in f.assertions.iter_mut().enumerate() {
        if j != anchor {
            a.term = a.term.substitute(&map);
        }
    }
    let tag = identity.id.to_lowercase();
    let inst = identity.instantiate(Some(&Term::var(x)), &mut |v, s| {
        fresh_var(f, &format!("{v}_{tag}"), s)
    });
    let name = f.fresh_assertion_name();
    f.assert(inst.clause(Term::Var(x_fresh)), Some(name.clone()));
    let Truth::Unsat { core } = &mut out.truth else {
        unreachable!()
    };
    core.insert(name);
    out.provenance
        .chain
        .push(format!("variable-replacement({x},{})", identity.id));
    Some(out)
}

/// Every (variable, identity) choice `replace_variable` accepts.
pub fn variable_replacement_choices(case: &Case) -> Vec<(Symbol, &'static Identity)> {
    replaceable_variables(case)
        .into_iter()
        .flat_map(|(x, s)| {
            variable_identities_for(&case.formula, &s)
                .map(move |id| (x.clone(), id))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::strings::{equivalent_formula_cases, equivalent_formulas};
    use crate::semantics::{self, Model, Value};

    /// (DEP) for every row and every variable of `A`: values where `A` is
    /// false, and a change of that variable alone that makes it true.
    #[test]
    fn a_depends_on_each_of_its_variables() {
        let strs: Vec<Value> = ["", "a", "b", "ab", "ba", "0", "7", "07", "aab"]
            .iter()
            .map(|s| Value::Str((*s).into()))
            .collect();
        let ints: Vec<Value> = (-1..=4)
            .chain([7, 48, 97])
            .map(|n| Value::Int(n.into()))
            .collect();
        let bools = vec![Value::Bool(true), Value::Bool(false)];
        for r in equivalent_formulas() {
            let vars: Vec<(Symbol, Sort)> = r
                .decls
                .iter()
                .filter(|(n, _)| r.a_vars().contains(n))
                .cloned()
                .collect();
            let dom = |s: &Sort| match s {
                Sort::Int => &ints,
                Sort::Bool => &bools,
                _ => &strs,
            };
            for (x, xs) in &vars {
                let mut found = false;
                let mut m = Model::new();
                // Enumerate the other variables over the domain (A has at
                // most four variables).
                let others: Vec<_> = vars.iter().filter(|(v, _)| v != x).collect();
                let total: usize = others.iter().map(|(_, s)| dom(s).len()).product();
                'outer: for mut k in 0..total {
                    for (v, s) in &others {
                        let d = dom(s);
                        m.insert(v.clone(), d[k % d.len()].clone());
                        k /= d.len();
                    }
                    let mut vals = Vec::new();
                    for val in dom(xs) {
                        m.insert(x.clone(), val.clone());
                        vals.push(semantics::eval(&r.a, &m).unwrap());
                    }
                    if vals.contains(&Value::Bool(true)) && vals.contains(&Value::Bool(false)) {
                        found = true;
                        break 'outer;
                    }
                }
                assert!(found, "{}: A does not depend on {x}", r.id);
            }
        }
    }

    #[test]
    fn figure_3_shape_replace_result_with_a_total_identity() {
        let base = equivalent_formula_cases(false, 0)
            .find(|c| c.provenance.chain[0] == "E3")
            .unwrap();
        let out = replace_variable(
            &base,
            "result",
            crate::transform::identities::identity("NC7").unwrap(),
        )
        .unwrap();
        let text = out.formula.to_script(None, Default::default()).to_string();
        assert!(
            text.contains("(= (str.substr result 0 (str.len result)) result_fresh)"),
            "{text}"
        );
        assert!(
            text.contains("(not (= (str.replace s t u) result))"),
            "{text}"
        );
        assert!(
            !text.contains("(= result (str.++ s1 u s3))"),
            "B uses result_fresh: {text}"
        );
        // NC1 is not total: refused.
        assert!(
            replace_variable(
                &base,
                "result",
                crate::transform::identities::identity("NC1").unwrap()
            )
            .is_none()
        );
    }
}
