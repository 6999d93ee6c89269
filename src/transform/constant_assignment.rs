//! Constant assignment (ICSE 2020, Sect. 3.1): replace some free variables of
//! a sat formula by their values in the carried model.
//!
//! # Invariant
//!
//! If the model `M` satisfies `F`, and `X` is a set of declared constants,
//! then `M` restricted to the other constants satisfies `F[x := M(x) | x ∈
//! X]`: evaluation is compositional, so substituting a variable by its own
//! value changes no subterm's value. The transformation removes the
//! substituted constants from the declarations and the model, so the case
//! invariants of [`crate::truth`] hold again. It never applies to unsat
//! cases: there is no model to read constants from.

use std::collections::BTreeMap;

use rand::RngCore;

use super::Transformation;
use crate::generate::{ConstantPool, STRING_OPERATORS, argument_sorts, step1_with};
use crate::term::{Symbol, Term};
use crate::truth::{Case, Truth};

/// Replaces a random non-empty subset of the free variables by their model
/// values.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConstantAssignment;

/// Substitutes the variables whose bit is set in `mask` (bit `i` is the
/// `i`-th declaration) by their model values.
fn assign(case: &Case, mask: u64, name: &str) -> Option<Case> {
    let Truth::Sat { model } = &case.truth else {
        return None;
    };
    let mut map: BTreeMap<Symbol, Term> = BTreeMap::new();
    let mut out = case.clone();
    let Truth::Sat { model: out_model } = &mut out.truth else {
        unreachable!()
    };
    out.formula.decls.clear();
    for (i, (n, s)) in case.formula.decls.iter().enumerate() {
        if i < 64 && mask & (1 << i) != 0 {
            map.insert(n.clone(), model.get(n)?.to_term());
            out_model.0.remove(n);
        } else {
            out.formula.decls.push((n.clone(), s.clone()));
        }
    }
    if map.is_empty() {
        return None;
    }
    for a in &mut out.formula.assertions {
        a.term = a.term.substitute(&map);
    }
    out.provenance.chain.push(name.to_string());
    Some(out)
}

impl Transformation for ConstantAssignment {
    fn name(&self) -> &'static str {
        "constant-assignment"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let n = case.formula.decls.len().min(64);
        if n == 0 || !matches!(case.truth, Truth::Sat { .. }) {
            return None;
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mask = loop {
            let m = rng.next_u64() & all;
            if m != 0 {
                break m;
            }
        };
        assign(case, mask, self.name())
    }
}

/// The exhaustive constant-assignment category: every step-1 operator, on
/// every combination of pool constants as arguments, with every non-empty
/// subset of its variables (arguments and result) replaced by constants.
/// Lazy, so that memory stays flat however large the pool.
pub fn constant_assignments(pool: &ConstantPool, seed: u64) -> impl Iterator<Item = Case> + '_ {
    STRING_OPERATORS.iter().flat_map(move |&op| {
        let sorts = argument_sorts(op);
        let radix: Vec<usize> = sorts.iter().map(|s| pool.count(s)).collect();
        let combos: usize = radix.iter().product();
        (0..combos).flat_map(move |mut k| {
            let args: Vec<_> = sorts
                .iter()
                .zip(&radix)
                .map(|(s, &r)| {
                    let v = pool.nth(s, k % r).expect("index below count");
                    k /= r;
                    v
                })
                .collect();
            let base = step1_with(op, &args, seed);
            let vars = sorts.len() + 1;
            (1u64..(1 << vars)).filter_map(move |mask| {
                let mut c = assign(base.as_ref()?, mask, "constant-assignment")?;
                c.provenance.category = "constant-assignment".into();
                Some(c)
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::RngCore;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::{STRING_OPERATORS, step1_with};

    fn arbitrary_step1() -> impl Strategy<Value = Case> {
        (0..STRING_OPERATORS.len(), any::<u64>()).prop_filter_map("step1", |(i, seed)| {
            let op = STRING_OPERATORS[i];
            let pool = ConstantPool::boundary();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let args: Vec<_> = argument_sorts(op)
                .iter()
                .map(|s| {
                    pool.nth(s, rng.next_u32() as usize % pool.count(s))
                        .unwrap()
                })
                .collect();
            step1_with(op, &args, seed)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn the_restricted_model_satisfies_the_assigned_formula(case in arbitrary_step1(), seed: u64) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let out = ConstantAssignment.apply(&case, &mut rng).expect("sat cases with variables");
            prop_assert!(out.formula.decls.len() < case.formula.decls.len());
            prop_assert_eq!(out.provenance.chain.last().map(String::as_str), Some("constant-assignment"));
            out.check().map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    #[test]
    fn the_exhaustive_category_is_valid_and_covers_listing_1() {
        let pool = ConstantPool::paper();
        let mut n = 0;
        let mut listing1 = false;
        for case in constant_assignments(&pool, 0) {
            case.check().unwrap();
            let text = case.formula.to_script(None, Default::default()).to_string();
            listing1 |= text.contains(r#"(assert (= (str.replace "" t u) "a"))"#);
            n += 1;
        }
        assert!(n > 1000, "{n}");
        assert!(listing1, "the paper's Listing 1 is among the cases");
    }

    #[test]
    fn unsat_cases_are_left_alone() {
        let case = Case {
            formula: Default::default(),
            truth: Truth::Unsat {
                core: Default::default(),
            },
            provenance: Default::default(),
        };
        assert!(
            ConstantAssignment
                .apply(&case, &mut ChaCha8Rng::seed_from_u64(0))
                .is_none()
        );
    }
}
