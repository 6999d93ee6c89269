//! Crossover that keeps the truth: the conjunction of two cases, the
//! second one's constants and assertion names renamed apart from the
//! first's.
//!
//! # Invariant
//!
//! Let `A` and `B` be the two formulas, `B'` the second renamed so that no
//! free constant, bound variable or assertion name of `B'` occurs in `A`.
//! `A` and `B'` share no free constant, so a model of `A ∧ B'` is a model
//! of `A` and a model of `B'` side by side, and:
//!
//! - sat ∧ sat is sat, with the union of the two models (the second one
//!   renamed) as witness;
//! - unsat ∧ sat (either order) is unsat with the same core: a subset of
//!   the assertions is unsat iff its part from the unsat side is (the part
//!   from the sat side is satisfiable, over constants of its own), so the
//!   minimal unsat subsets are exactly the unsat side's, and its unique
//!   minimal core stays the unique one. Every assertion of the result is
//!   named (the sat side's get fresh names, never in the core);
//! - unsat ∧ unsat is refused: each side's core would be a minimal core,
//!   and the carried core would no longer be unique.
//!
//! The result carries no anchor structure (the unsat transformations'
//! guarantee is about a formula made of `¬A` and its equivalents, which
//! the other side's assertions are not), so those transformations leave it
//! alone.

use std::collections::BTreeMap;

use crate::semantics::Model;
use crate::term::{Assertion, Formula, Symbol, Term};
use crate::truth::{Case, Provenance, Truth};

/// The name in a provenance chain.
pub const NAME: &str = "conjunction";

/// `a ∧ b`, with `b` renamed apart; `None` if both are unsat.
pub fn conjoin(a: &Case, b: &Case) -> Option<Case> {
    if matches!(
        (&a.truth, &b.truth),
        (Truth::Unsat { .. }, Truth::Unsat { .. })
    ) {
        return None;
    }
    // Every name either formula uses, so fresh names avoid both.
    let mut taken = a.formula.clone();
    taken.decls.extend(b.formula.decls.iter().cloned());
    taken
        .assertions
        .extend(b.formula.assertions.iter().cloned());
    let mut rename: BTreeMap<Symbol, Symbol> = BTreeMap::new();
    for (name, sort) in &b.formula.decls {
        let fresh = taken.fresh_symbol(name);
        taken.decls.push((fresh.clone(), sort.clone()));
        rename.insert(name.clone(), fresh);
    }
    let to_term: BTreeMap<Symbol, Term> = rename
        .iter()
        .map(|(from, to)| (from.clone(), Term::var(to.clone())))
        .collect();
    let mut formula = Formula {
        decls: a.formula.decls.clone(),
        assertions: a.formula.assertions.clone(),
    };
    formula.decls.extend(
        b.formula
            .decls
            .iter()
            .map(|(n, s)| (rename[n].clone(), s.clone())),
    );
    let mut names: BTreeMap<Symbol, Symbol> = BTreeMap::new();
    for x in &b.formula.assertions {
        let name = x.name.as_ref().map(|n| {
            let fresh = taken.fresh_symbol(n);
            taken.assert(Term::Bool(true), Some(fresh.clone()));
            names.insert(n.clone(), fresh.clone());
            fresh
        });
        formula.assertions.push(Assertion {
            term: x.term.substitute(&to_term).rename_functions(&rename),
            name,
        });
    }
    let truth = match (&a.truth, &b.truth) {
        (Truth::Sat { model: ma }, Truth::Sat { model: mb }) => {
            let mut model: Model = ma.clone();
            for (n, v) in &mb.0 {
                model
                    .0
                    .insert(rename.get(n).unwrap_or(n).clone(), v.clone());
            }
            Truth::Sat { model }
        }
        (Truth::Unsat { core }, Truth::Sat { .. }) => Truth::Unsat { core: core.clone() },
        (Truth::Sat { .. }, Truth::Unsat { core }) => Truth::Unsat {
            core: core.iter().map(|n| names[n].clone()).collect(),
        },
        (Truth::Unsat { .. }, Truth::Unsat { .. }) => return None,
    };
    if matches!(truth, Truth::Unsat { .. }) {
        // An unsat case names every assertion.
        for i in 0..formula.assertions.len() {
            if formula.assertions[i].name.is_none() {
                let fresh = taken.fresh_assertion_name();
                taken.assert(Term::Bool(true), Some(fresh.clone()));
                formula.assertions[i].name = Some(fresh);
            }
        }
    }
    let mut chain = a.provenance.chain.clone();
    chain.push(NAME.to_string());
    let mut joined = Case::new(
        formula,
        truth,
        Provenance {
            seed: a.provenance.seed,
            category: a.provenance.category.clone(),
            chain,
            anchor: None,
        },
    );
    // The first case's settings, as its provenance: the settings are a
    // run of the solver, not part of the truth, so either side's hold.
    joined.settings = a.settings.clone();
    // Both sides' quantifier hints: bound names are not renamed, so each
    // witness still names its own `exists` (a name both sides bind keeps
    // the first side's witness; the other's `exists` then checks
    // inconclusive, never wrong: a witness is only a hint).
    joined.witnesses = a.witnesses.clone();
    for (n, v) in &b.witnesses.exists {
        joined
            .witnesses
            .exists
            .entry(n.clone())
            .or_insert_with(|| v.clone());
    }
    (joined.witnesses.valid).extend(b.witnesses.valid.iter().cloned());
    Some(joined)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::strings::equivalent_formula_cases;
    use crate::transform::constant_assignments;
    use crate::transform::{NoiseIntroduction, Transformation, VariableAbstraction};

    fn cases(seed: u64, n: usize) -> Vec<Case> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Sat and unsat cases alike; some with variables and noise, so
        // names and binders clash between the two sides.
        let pool = ConstantPool::paper();
        let sat: Vec<Case> = constant_assignments(&pool, seed).take(400).collect();
        let unsat: Vec<Case> = equivalent_formula_cases(false, seed).collect();
        let all: Vec<Case> = sat
            .chunks(3)
            .zip(unsat.iter().cycle())
            .flat_map(|(s, u)| s.iter().chain(std::iter::once(u)).cloned())
            .collect();
        (0..n)
            .map(|i| {
                let c = all[(i * 7919) % all.len()].clone();
                let c = if i % 3 == 0 {
                    VariableAbstraction.apply(&c, &mut rng).unwrap_or(c)
                } else {
                    c
                };
                if i % 4 == 0 {
                    NoiseIntroduction.apply(&c, &mut rng).unwrap_or(c)
                } else {
                    c
                }
            })
            .collect()
    }

    /// Regression (issue 30): the second side's function symbol kept its
    /// name where it was applied while its declaration was renamed, so two
    /// cases declaring `f` at different sorts made an ill-sorted formula.
    #[test]
    fn functions_are_renamed_apart_where_they_are_applied() {
        use crate::generate::Generator;
        use crate::generate::uf::UfCases;
        let mut rng = ChaCha8Rng::seed_from_u64(30);
        let mut sat = UfCases::term_synthesis(2);
        let mut unsat = UfCases::congruence();
        let (mut joined, mut renamed) = (0, 0);
        for i in 0..200 {
            let a = sat.next(&mut rng);
            let b = if i % 2 == 0 {
                sat.next(&mut rng)
            } else {
                unsat.next(&mut rng)
            };
            let c = conjoin(&a, &b).expect("at most one side is unsat");
            c.check().unwrap_or_else(|e| panic!("{e}\n{a:?}\n{b:?}"));
            joined += 1;
            let functions = |f: &crate::term::Formula| -> BTreeSet<Symbol> {
                f.decls
                    .iter()
                    .filter(|(_, s)| s.is_fun())
                    .map(|(n, _)| n.clone())
                    .collect()
            };
            let (fa, fb, fc) = (
                functions(&a.formula),
                functions(&b.formula),
                functions(&c.formula),
            );
            assert_eq!(fc.len(), fa.len() + fb.len(), "{c:?}");
            renamed += usize::from(!fa.is_disjoint(&fb));
        }
        assert!(
            joined == 200 && renamed > 100,
            "{joined} joined, {renamed} renamed"
        );
    }

    #[test]
    fn conjunctions_keep_every_truth() {
        let all = cases(11, 120);
        let (mut sat, mut unsat, mut refused) = (0, 0, 0);
        for (i, a) in all.iter().enumerate() {
            for b in all.iter().skip(i).take(6) {
                let Some(c) = conjoin(a, b) else {
                    assert!(
                        matches!(a.truth, Truth::Unsat { .. })
                            && matches!(b.truth, Truth::Unsat { .. })
                    );
                    refused += 1;
                    continue;
                };
                // Well-formed, and for sat: the carried model satisfies
                // every assertion (evaluated exactly).
                c.check().unwrap_or_else(|e| panic!("{e}\n{a:?}\n{b:?}"));
                assert_eq!(
                    c.formula.assertions.len(),
                    a.formula.assertions.len() + b.formula.assertions.len()
                );
                // The two sides share no constant.
                let side = |range: std::ops::Range<usize>| -> BTreeSet<Symbol> {
                    c.formula.assertions[range]
                        .iter()
                        .flat_map(|x| x.term.free_vars())
                        .collect()
                };
                let na = a.formula.assertions.len();
                let left = side(0..na);
                let right = side(na..c.formula.assertions.len());
                assert!(left.is_disjoint(&right), "{left:?} {right:?}");
                match (&a.truth, &b.truth, &c.truth) {
                    (Truth::Sat { .. }, Truth::Sat { .. }, Truth::Sat { .. }) => sat += 1,
                    (Truth::Unsat { core }, _, Truth::Unsat { core: got }) => {
                        assert_eq!(core, got);
                        unsat += 1;
                    }
                    (_, Truth::Unsat { core }, Truth::Unsat { core: got }) => {
                        // The same assertions, renamed: the core's terms
                        // are b's core terms with b's constants renamed.
                        assert_eq!(core.len(), got.len());
                        let names: BTreeSet<&str> = c.formula.assertions[..na]
                            .iter()
                            .filter_map(|x| x.name.as_deref())
                            .collect();
                        assert!(got.iter().all(|n| !names.contains(n.as_str())));
                        let in_core = |f: &Formula, core: &BTreeSet<Symbol>| {
                            f.assertions
                                .iter()
                                .filter(|x| x.name.as_ref().is_some_and(|n| core.contains(n)))
                                .map(|x| x.term.size())
                                .collect::<Vec<_>>()
                        };
                        assert_eq!(in_core(&b.formula, core), in_core(&c.formula, got));
                        unsat += 1;
                    }
                    other => panic!("wrong status: {other:?}"),
                }
            }
        }
        assert!(
            sat > 50 && unsat > 20,
            "sat {sat}, unsat {unsat}, refused {refused}"
        );
    }

    #[test]
    fn the_unsat_result_carries_no_anchor() {
        let all = cases(3, 60);
        let u = all
            .iter()
            .find(|c| matches!(c.truth, Truth::Unsat { .. }))
            .unwrap();
        let s = all
            .iter()
            .find(|c| matches!(c.truth, Truth::Sat { .. }))
            .unwrap();
        let c = conjoin(u, s).unwrap();
        assert!(c.provenance.anchor.is_none());
        assert_eq!(c.provenance.chain.last().map(String::as_str), Some(NAME));
        assert!(conjoin(u, u).is_none());
    }
}
