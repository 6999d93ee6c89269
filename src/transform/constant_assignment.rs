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
//! cases: there is no model to read constants from. A declared function
//! (`declare-fun f (Int) Int`) is never assigned: its applications would
//! outlive its declaration.

use std::collections::{BTreeMap, HashSet};

use rand::RngCore;

use super::Transformation;
use crate::generate::ConstantPool;
use crate::generate::strings::{RESULT, STRING_OPERATORS, argument_sorts, step1_with};
use crate::semantics::Value;
use crate::term::{Op, Symbol, Term};
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
        // A function is no constant: its applications stay, so it does.
        if i < 64 && mask & (1 << i) != 0 && !s.is_fun() {
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
/// subset of its variables (arguments and result) replaced by constants,
/// each *distinct formula* once (the paper's artifact skipped a formula it
/// had already made, too: e.g. `(= (str.at "" i) "")` arises from `i = -1`
/// and from `i = 2`). The model of a formula is that of the first argument
/// combination that makes it. Lazy, so that memory stays flat however large
/// the pool.
pub fn constant_assignments(pool: &ConstantPool, seed: u64) -> impl Iterator<Item = Case> + '_ {
    constant_assignments_with(pool, STRING_OPERATORS, seed)
}

/// [`constant_assignments`] over the given operators (those that are not
/// step-1 operators are skipped).
pub fn constant_assignments_with<'p>(
    pool: &'p ConstantPool,
    ops: &'p [Op],
    seed: u64,
) -> impl Iterator<Item = Case> + 'p {
    ConstantAssignments {
        pool,
        ops,
        seed,
        op: 0,
        mask: 1,
        outer: 0,
        inner: 0,
        seen: HashSet::new(),
    }
}

/// The enumeration state. For operator `ops[op]` and the set `mask` of
/// replaced variables, `outer` counts the combinations of the replaced
/// arguments and `inner` those of the arguments left as variables. A
/// formula is determined by the replaced arguments and, when it is
/// replaced, the result's value: so with the result left a variable only
/// the first inner combination is used, and with the result replaced one
/// inner combination per distinct result value (`seen`).
struct ConstantAssignments<'p> {
    pool: &'p ConstantPool,
    ops: &'p [Op],
    seed: u64,
    op: usize,
    mask: u64,
    outer: usize,
    inner: usize,
    seen: HashSet<Value>,
}

impl ConstantAssignments<'_> {
    fn next_mask(&mut self) {
        self.mask += 1;
        self.outer = 0;
        self.inner = 0;
        self.seen.clear();
    }
}

impl Iterator for ConstantAssignments<'_> {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        loop {
            let op = *self.ops.get(self.op)?;
            let sorts = argument_sorts(op);
            let n = sorts.len();
            if n == 0 || self.mask >= 1 << (n + 1) {
                self.op += 1;
                self.mask = 0;
                self.next_mask();
                continue;
            }
            let mask = self.mask;
            let replaced = |i: usize| mask & (1 << i) != 0;
            let radix: Vec<usize> = sorts.iter().map(|s| self.pool.count(s)).collect();
            let outer_total: usize = (0..n).filter(|&i| replaced(i)).map(|i| radix[i]).product();
            let inner_total: usize = (0..n).filter(|&i| !replaced(i)).map(|i| radix[i]).product();
            let result_replaced = replaced(n);
            if self.outer >= outer_total {
                self.next_mask();
                continue;
            }
            if self.inner
                >= if result_replaced {
                    inner_total
                } else {
                    inner_total.min(1)
                }
            {
                self.outer += 1;
                self.inner = 0;
                self.seen.clear();
                continue;
            }
            let (mut o, mut k) = (self.outer, self.inner);
            self.inner += 1;
            let mut args = Vec::with_capacity(n);
            for (i, (s, &r)) in sorts.iter().zip(&radix).enumerate() {
                let digit = if replaced(i) { &mut o } else { &mut k };
                args.push(self.pool.nth(s, *digit % r).expect("index below count"));
                *digit /= r;
            }
            let Some(base) = step1_with(op, &args, self.seed) else {
                continue;
            };
            if result_replaced {
                let Truth::Sat { model } = &base.truth else {
                    continue;
                };
                let Some(v) = model.get(RESULT) else { continue };
                if !self.seen.insert(v.clone()) {
                    continue;
                }
            }
            let Some(mut c) = assign(&base, mask, "constant-assignment") else {
                continue;
            };
            c.provenance.category = "constant-assignment".into();
            return Some(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::strings::{STRING_OPERATORS, step1_with};
    use crate::transform::operators::PAPER_OPERATORS;

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

    /// The paper's public artifact (its `SatExpressionsGenerator`) made
    /// 4,714 constant-assignment formulas from its pool
    /// ([`ConstantPool::paper`]): per operator as below. The same
    /// enumeration of distinct formulas makes the same numbers.
    #[test]
    fn counts_match_the_paper_artifact() {
        let mut per_op: BTreeMap<&str, usize> = BTreeMap::new();
        for case in constant_assignments_with(&ConstantPool::paper(), PAPER_OPERATORS, 0) {
            case.check().unwrap();
            let Term::App(Op::Eq, sides) = &case.formula.assertions[0].term else {
                panic!()
            };
            let op = match &sides[0] {
                Term::App(op, _) => op.name(),
                _ => panic!(),
            };
            *per_op.entry(op).or_default() += 1;
        }
        let artifact = BTreeMap::from([
            ("=", 178),
            ("str.at", 93),
            ("str.++", 329),
            ("str.from_int", 9),
            ("str.replace", 2480),
            ("str.substr", 343),
            ("str.indexof", 712),
            ("str.len", 20),
            ("str.to_int", 19),
            ("str.contains", 177),
            ("str.prefixof", 177),
            ("str.suffixof", 177),
        ]);
        assert_eq!(per_op, artifact);
        assert_eq!(per_op.values().sum::<usize>(), 4714);
    }

    #[test]
    fn formulas_are_distinct() {
        let pool = ConstantPool::paper();
        let mut seen = std::collections::HashSet::new();
        let mut n = 0;
        for case in constant_assignments(&pool, 0) {
            assert!(
                seen.insert(case.formula.clone()),
                "{:?} twice",
                case.formula
            );
            n += 1;
        }
        eprintln!("constant assignments over the paper pool: {n}");
    }

    #[test]
    fn unsat_cases_are_left_alone() {
        let case = Case::new(
            Default::default(),
            Truth::Unsat {
                core: Default::default(),
            },
            Default::default(),
        );
        assert!(
            ConstantAssignment
                .apply(&case, &mut ChaCha8Rng::seed_from_u64(0))
                .is_none()
        );
    }
}
