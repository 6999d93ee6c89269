//! Variable abstraction (ICSE 2020, Sect. 3.1, step (4) of term synthesis):
//! constants of a sat formula become free variables, the same constant the
//! same variable, and the model gives each variable the constant's value.
//!
//! The paper abstracts every constant; "one can easily combine the two
//! transformations [...] by replacing only *some* of the constant
//! occurrences" — [`VariableAbstraction`] picks a random non-empty set of
//! constant values and, for each, all of its occurrences or only some. It
//! may also reuse a declared variable whose model value is that constant,
//! which ties the formula's parts together as the paper's shared variables
//! do.
//!
//! # Invariant
//!
//! If the model `M` satisfies `F` and `F'` is `F` with some occurrences of
//! constants `c` replaced by variables `x_c` (fresh, or declared with
//! `M(x_c) = c`), then `M ∪ {x_c ↦ c}` satisfies `F'`: every replaced
//! subterm keeps its value under the extended model, and evaluation is
//! compositional. Only occurrences outside binders (`let`, quantifiers) and
//! outside regular-language subterms are touched, so no variable is
//! captured and no regex constructor gets a non-constant argument.
//!
//! In a formula that mentions regexes, closed `RegLan` subterms may become
//! `RegLan` variables too ([`super::regex_abstraction`], same invariant).
//!
//! The transformation refuses unsat cases: an unsat formula with a constant
//! turned into a variable may well be satisfiable.

use std::collections::{BTreeMap, BTreeSet};

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngCore};

use super::Transformation;
use super::regex_abstraction::abstract_regex_constant;
use super::regex_identities::mentions_regex;
use crate::semantics::{Model, Value};
use crate::term::{Formula, Op, Sort, Symbol, Term};
use crate::truth::{Case, Truth};

/// Turns some constants of a sat formula into variables.
#[derive(Clone, Copy, Debug, Default)]
pub struct VariableAbstraction;

/// Whether `op` builds or consumes a regular language in a position where
/// solvers expect constants (`str.to_re`, `re.range`, ...).
fn is_regex_op(op: Op) -> bool {
    use Op::*;
    matches!(
        op,
        StrToRe
            | ReNone
            | ReAll
            | ReAllchar
            | ReConcat
            | ReUnion
            | ReInter
            | ReDiff
            | ReComp
            | ReStar
            | RePlus
            | ReOpt
            | ReRange
            | RePower(_)
            | ReLoop(..)
    )
}

/// The value of a literal.
pub(crate) fn literal_value(t: &Term) -> Option<Value> {
    match t {
        Term::Bool(b) => Some(Value::Bool(*b)),
        Term::Int(n) => Some(Value::Int(n.clone())),
        Term::Str(s) => Some(Value::Str(s.clone())),
        _ => None,
    }
}

/// Calls `f` on every rewritable leaf (literal or free variable) in
/// pre-order: leaves outside binders and regular-language subterms.
pub(crate) fn for_each_leaf(t: &Term, f: &mut dyn FnMut(&Term)) {
    match t {
        Term::Bool(_) | Term::Int(_) | Term::Str(_) | Term::Var(_) => f(t),
        Term::App(op, args) if !is_regex_op(*op) => args.iter().for_each(|a| for_each_leaf(a, f)),
        _ => {}
    }
}

/// Rebuilds `t`, replacing the rewritable leaves for which `f` (called in
/// the same pre-order as [`for_each_leaf`]) returns a term.
pub(crate) fn rewrite_leaves(t: &Term, f: &mut dyn FnMut(&Term) -> Option<Term>) -> Term {
    match t {
        Term::Bool(_) | Term::Int(_) | Term::Str(_) | Term::Var(_) => {
            f(t).unwrap_or_else(|| t.clone())
        }
        Term::App(op, args) if !is_regex_op(*op) => {
            Term::App(*op, args.iter().map(|a| rewrite_leaves(a, f)).collect())
        }
        _ => t.clone(),
    }
}

/// Fresh variable names in the paper's style (`tmp_str0`, `tmp_int1`, ...),
/// distinct from every symbol of a formula.
pub(crate) struct FreshNames {
    used: BTreeSet<Symbol>,
    next: usize,
}

impl FreshNames {
    /// Names fresh for `formula`.
    pub(crate) fn for_formula(formula: &Formula) -> Self {
        let mut used: BTreeSet<Symbol> = formula.decls.iter().map(|(n, _)| n.clone()).collect();
        for a in &formula.assertions {
            a.term.visit(&mut |t| match t {
                Term::Var(v) => {
                    used.insert(v.clone());
                }
                Term::Let(binds, _) => used.extend(binds.iter().map(|(v, _)| v.clone())),
                Term::Quant(q) => used.extend(q.vars.iter().map(|(v, _)| v.clone())),
                _ => {}
            });
            used.extend(a.name.clone());
        }
        FreshNames { used, next: 0 }
    }

    /// A fresh name for a variable of `sort`.
    pub(crate) fn name(&mut self, sort: &Sort) -> Symbol {
        let base = match sort {
            Sort::Int => "tmp_int",
            Sort::Real => "tmp_real",
            Sort::FloatingPoint(..) => "tmp_fp",
            Sort::RoundingMode => "tmp_rm",
            Sort::Bool => "tmp_bool",
            _ => "tmp_str",
        };
        loop {
            let n = format!("{base}{}", self.next);
            self.next += 1;
            if self.used.insert(n.clone()) {
                return n;
            }
        }
    }
}

/// Which constants become variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Policy {
    /// Every constant, the paper's step (4).
    All,
    /// A random non-empty set of constant values, each with all or some of
    /// its occurrences; declared variables of equal value may be reused.
    Some,
}

/// Abstracts constants in `terms` (each rewritten in place) following
/// `policy`. New variables are declared in `decls` and valued in `model`.
/// Returns how many occurrences were replaced.
pub(crate) fn abstract_constants(
    terms: &mut [Term],
    decls: &mut Vec<(Symbol, Sort)>,
    model: &mut Model,
    fresh: &mut FreshNames,
    policy: Policy,
    rng: &mut dyn RngCore,
) -> usize {
    // Occurrence values, in pre-order over all terms.
    let mut occurrences: Vec<Value> = Vec::new();
    for t in terms.iter() {
        for_each_leaf(t, &mut |l| occurrences.extend(literal_value(l)));
    }
    if occurrences.is_empty() {
        return 0;
    }
    let mut distinct: Vec<&Value> = Vec::new();
    for v in &occurrences {
        if !distinct.contains(&v) {
            distinct.push(v);
        }
    }
    let chosen: Vec<&Value> = match policy {
        Policy::All => distinct,
        Policy::Some => {
            let k = rng.random_range(1..=distinct.len());
            distinct.choose_multiple(rng, k).copied().collect()
        }
    };
    // Value -> (variable, which of its occurrences are replaced).
    let mut plan: BTreeMap<usize, Symbol> = BTreeMap::new();
    let mut declared: Vec<(Symbol, Sort, Value)> = Vec::new();
    for value in chosen {
        let existing: Vec<&Symbol> = match policy {
            Policy::All => Vec::new(),
            Policy::Some => decls
                .iter()
                .filter(|(n, s)| *s == value.sort() && model.get(n) == Some(value))
                .map(|(n, _)| n)
                .collect(),
        };
        let name = match existing.choose(rng) {
            Some(n) if rng.random_bool(0.3) => (*n).clone(),
            _ => {
                let n = fresh.name(&value.sort());
                declared.push((n.clone(), value.sort(), value.clone()));
                n
            }
        };
        let mut positions: Vec<usize> = (0..occurrences.len())
            .filter(|&i| occurrences[i] == *value)
            .collect();
        if policy == Policy::Some && positions.len() > 1 && rng.random_bool(0.25) {
            positions.shuffle(rng);
            positions.truncate(rng.random_range(1..positions.len()));
        }
        plan.extend(positions.into_iter().map(|i| (i, name.clone())));
    }
    let mut index = 0;
    for t in terms.iter_mut() {
        *t = rewrite_leaves(t, &mut |l| {
            literal_value(l)?;
            let i = index;
            index += 1;
            plan.get(&i).map(|n| Term::Var(n.clone()))
        });
    }
    for (n, s, v) in declared {
        decls.push((n.clone(), s));
        model.insert(n, v);
    }
    plan.len()
}

impl Transformation for VariableAbstraction {
    fn name(&self) -> &'static str {
        "variable-abstraction"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let Truth::Sat { model } = &case.truth else {
            return None;
        };
        // Regex formulas: half of the time (and whenever no literal is
        // left) a closed RegLan subterm becomes a RegLan variable instead.
        let regex = mentions_regex(&case.formula);
        let regex_step = |rng: &mut dyn RngCore| {
            abstract_regex_constant(case, rng).map(|mut out| {
                out.provenance.chain.push(self.name().to_string());
                out
            })
        };
        if regex
            && rng.random_bool(0.5)
            && let Some(out) = regex_step(rng)
        {
            return Some(out);
        }
        let mut fresh = FreshNames::for_formula(&case.formula);
        let mut terms: Vec<Term> = case
            .formula
            .assertions
            .iter()
            .map(|a| a.term.clone())
            .collect();
        let mut decls = case.formula.decls.clone();
        let mut model = model.clone();
        let replaced = abstract_constants(
            &mut terms,
            &mut decls,
            &mut model,
            &mut fresh,
            Policy::Some,
            rng,
        );
        if replaced == 0 {
            return if regex { regex_step(rng) } else { None };
        }
        let mut out = case.clone();
        out.formula.decls = decls;
        for (a, t) in out.formula.assertions.iter_mut().zip(terms) {
            a.term = t;
        }
        out.truth = Truth::Sat { model };
        out.provenance.chain.push(self.name().to_string());
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::strings::{STRING_OPERATORS, argument_sorts, step1_with};
    use crate::transform::ConstantAssignment;

    /// A closed step-1 instance: every variable assigned.
    fn closed_case(seed: u64) -> Option<Case> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let op = STRING_OPERATORS[rng.random_range(0..STRING_OPERATORS.len())];
        let pool = ConstantPool::boundary();
        let args: Vec<_> = argument_sorts(op)
            .iter()
            .map(|s| pool.nth(s, rng.random_range(0..pool.count(s))).unwrap())
            .collect();
        let case = step1_with(op, &args, seed)?;
        ConstantAssignment.apply(&case, &mut rng)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn the_extended_model_satisfies_the_abstracted_formula(seed: u64) {
            let Some(case) = closed_case(seed) else { return Ok(()) };
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 1);
            if let Some(out) = VariableAbstraction.apply(&case, &mut rng) {
                out.check().map_err(|e| TestCaseError::fail(format!("{e}: {out:?}")))?;
                prop_assert!(out.formula.decls.len() >= case.formula.decls.len());
                prop_assert_ne!(&out.formula, &case.formula);
            }
        }
    }

    #[test]
    fn equal_constants_become_the_same_variable() {
        let mut f = Formula::default();
        let t = Term::eq(
            Term::app(Op::StrConcat, vec![Term::str("a"), Term::str("a")]),
            Term::app(
                Op::StrSubstr,
                vec![Term::str("aa"), Term::int(0), Term::int(2)],
            ),
        );
        f.assert(t, None);
        let mut terms = vec![f.assertions[0].term.clone()];
        let (mut decls, mut model) = (Vec::new(), Model::new());
        let mut fresh = FreshNames::for_formula(&f);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let n = abstract_constants(
            &mut terms,
            &mut decls,
            &mut model,
            &mut fresh,
            Policy::All,
            &mut rng,
        );
        assert_eq!(n, 5);
        // "a", "aa", 0 and 2: four variables, the two "a" sharing one.
        assert_eq!(decls.len(), 4);
        let Term::App(_, sides) = &terms[0] else {
            panic!()
        };
        let Term::App(_, concat) = &sides[0] else {
            panic!()
        };
        assert_eq!(concat[0], concat[1]);
        assert!(matches!(concat[0], Term::Var(_)));
        f.assertions[0].term = terms[0].clone();
        f.decls = decls;
        let case = Case::new(f, Truth::Sat { model }, Default::default());
        case.check().unwrap();
    }

    #[test]
    fn regex_arguments_and_binders_are_left_alone() {
        let t = Term::app(
            Op::StrInRe,
            vec![Term::str("a"), Term::app(Op::StrToRe, vec![Term::str("a")])],
        );
        let mut leaves = 0;
        for_each_leaf(&t, &mut |_| leaves += 1);
        assert_eq!(leaves, 1);
        let l = Term::Let(vec![("x".into(), Term::int(1))], Box::new(Term::var("x")));
        let mut leaves = 0;
        for_each_leaf(&l, &mut |_| leaves += 1);
        assert_eq!(leaves, 0);
    }

    #[test]
    fn unsat_cases_and_constant_free_formulas_are_refused() {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let unsat = Case::new(
            Default::default(),
            Truth::Unsat {
                core: Default::default(),
            },
            Default::default(),
        );
        assert!(VariableAbstraction.apply(&unsat, &mut rng).is_none());
        let step1 = crate::generate::strings::step1(Op::StrConcat).unwrap();
        assert!(VariableAbstraction.apply(&step1, &mut rng).is_none());
    }
}
