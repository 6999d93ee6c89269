//! Term synthesis (ICSE 2020, Sect. 3.1, Fig. 2, Listing 5): operators
//! tested in combination, with arguments and results that are themselves
//! terms.
//!
//! The paper's four steps, for a step-1 operator `op`: (1) replace its
//! arguments by pool terms; (2) evaluate; (3) equate the application with
//! another pool term of the same value; (4) replace the constants by
//! variables, the same constant by the same variable, the model giving each
//! variable its constant. [`synthesize_case`] does that with terms of any
//! depth sampled from a [`TermPool`]; [`term_synthesis_cases`] enumerates
//! depth 1 exhaustively in the paper's order, or samples deeper terms from a
//! seed.
//!
//! [`TermSynthesis`] is the same idea as a transformation of *any* sat case,
//! so it composes with the others: one occurrence of a variable `x` (or all
//! of them) or of a constant is replaced by a synthesized closed term whose
//! value is `M(x)` (or the constant), and some of that term's constants are
//! abstracted into fresh variables.
//!
//! # Invariants
//!
//! - A synthesized case is closed before step (4) and its equality holds by
//!   evaluation: both sides' values are computed by the executable semantics
//!   and are equal. Step (4) keeps it true under the model of abstracted
//!   constants (see [`super::variable_abstraction`]).
//! - [`TermSynthesis`]: if `M` satisfies `F`, and `t` is closed with
//!   `eval(t) = M(x)`, then `M` satisfies `F[x := t]` at any set of
//!   occurrences (evaluation is compositional; only occurrences outside
//!   binders are replaced, so `t`, being closed, cannot be captured). A
//!   variable left without occurrences is dropped from the declarations and
//!   the model. The abstraction of `t`'s constants extends `M` with their
//!   values, which keeps `t`'s value. Unsat cases are refused.
//! - A case over Bool and Int alone (an integer case, `--theory int`),
//!   over Reals with Bool, Int and arrays of those (a real case, `--theory
//!   real`), or with a float, a rounding mode or a floating-point
//!   operator (a floating-point case, `--theory fp`) gets no string terms: a synthesized term that
//!   has one is refused, so the case stays in its theory. Cases of other sorts
//!   (strings, combined, sequences) draw as before.
//! - Everything is sampled from the caller's random generator, or
//!   enumerated lazily: memory does not grow with the number of cases.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Transformation;
use super::variable_abstraction::{
    FreshNames, Policy, abstract_constants, for_each_leaf, literal_value, rewrite_leaves,
};
use crate::generate::ConstantPool;
use crate::generate::bitvec::terms::{BvTermSampler, abstract_constants as abstract_bitvec};
use crate::generate::strings::STRING_OPERATORS;
use crate::generate::strings::term_pool::{Sampled, TermPool, apply, signature};
use crate::semantics::{Model, Value};
use crate::term::{Formula, Op, Sort, Term, Theory as OpTheory};
use crate::truth::{Case, Provenance, Truth};

/// The category name of synthesized cases.
pub const CATEGORY: &str = "term-synthesis";

/// Builds the case `(= (op args...) rhs)` after step (4): constants
/// abstracted by `policy`. The model is the abstracted constants' values.
fn abstracted_case(
    op: Op,
    args: Vec<Term>,
    rhs: Term,
    policy: Policy,
    seed: u64,
    rng: &mut dyn RngCore,
) -> Case {
    let mut formula = Formula::default();
    let mut terms = vec![Term::eq(Term::App(op, args), rhs)];
    let mut model = Model::new();
    let mut fresh = FreshNames::for_formula(&formula);
    abstract_constants(
        &mut terms,
        &mut formula.decls,
        &mut model,
        &mut fresh,
        policy,
        rng,
    );
    formula.assert(terms.pop().expect("one term"), None);
    Case::new(
        formula,
        Truth::Sat { model },
        Provenance::generated(seed, CATEGORY, Vec::new()),
    )
}

/// One term-synthesis case for `op`: arguments sampled from `pool` with
/// depth at most `depth` (one of them exactly `depth` when the pool allows),
/// the result a term of the same value synthesized with depth at most
/// `depth`, then all constants (half the time) or only some abstracted.
/// `None` if, in a few draws, the operator has no value on the sampled
/// arguments (string operators are total, but a value may exceed
/// [`crate::generate::strings::term_pool::MAX_STRING_VALUE`]).
pub fn synthesize_case(
    op: Op,
    pool: &TermPool,
    depth: usize,
    seed: u64,
    rng: &mut dyn RngCore,
) -> Option<Case> {
    let (sorts, _) = signature(op)?;
    // A few draws: the application may exceed the size of a pool value.
    let (args, value) = (0..8).find_map(|_| {
        let deep = rng.random_range(0..sorts.len());
        let args: Vec<Sampled> = sorts
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let d = if i == deep || depth <= 1 {
                    depth
                } else {
                    rng.random_range(1..=depth)
                };
                pool.sample(s, d, rng)
            })
            .collect();
        let values: Vec<Value> = args.iter().map(|a| a.value.clone()).collect();
        apply(op, &values).map(|v| (args, v))
    })?;
    let rhs = pool.synthesize(&value, depth.max(1), rng);
    let policy = if rng.random_bool(0.5) {
        Policy::All
    } else {
        Policy::Some
    };
    let args = args.into_iter().map(|a| a.term).collect();
    Some(abstracted_case(op, args, rhs, policy, seed, rng))
}

/// The term-synthesis category over a constant pool.
///
/// - `depth == 1`: exhaustive and in the paper's order (its artifact's
///   `SatExpressionsGenerator`). The pool of depth-1 terms is every step-1
///   operator applied to every combination of constants. For each operator,
///   and each combination of *kinds* of argument terms (which operator made
///   them), the first pool term of each kind is the argument; for each kind
///   of term with the application's value, the first such term is the
///   result. Then every constant is abstracted. Finite.
/// - `depth >= 2`: an endless stream sampled from `seed` by
///   [`synthesize_case`], the operator chosen at random among the step-1
///   operators, with the pool's default operators (integer `+ - *`
///   included). Take as many as needed.
/// - `depth == 0` yields nothing.
pub fn term_synthesis_cases(
    pool: &ConstantPool,
    depth: usize,
    seed: u64,
) -> impl Iterator<Item = Case> + use<> {
    match depth {
        0 => TermSynthesisCases::Done,
        1 => {
            TermSynthesisCases::Exhaustive(Box::new(Exhaustive::new(pool, STRING_OPERATORS, seed)))
        }
        _ => match TermPool::new(pool.clone()) {
            Ok(terms) => TermSynthesisCases::Random(Box::new(Sampler {
                terms,
                depth,
                seed,
                rng: ChaCha8Rng::seed_from_u64(seed),
            })),
            Err(_) => TermSynthesisCases::Done,
        },
    }
}

/// The exhaustive depth-1 category with the given operators (both as the
/// operators under test and as the makers of pool terms), e.g.
/// `PAPER_OPERATORS` to compare with the paper's counts.
pub fn term_synthesis_cases_with(
    pool: &ConstantPool,
    ops: &[Op],
    seed: u64,
) -> impl Iterator<Item = Case> + use<> {
    Exhaustive::new(pool, ops, seed)
}

enum TermSynthesisCases {
    Done,
    Exhaustive(Box<Exhaustive>),
    Random(Box<Sampler>),
}

/// The state of the sampled (depth >= 2) category.
struct Sampler {
    terms: TermPool,
    depth: usize,
    seed: u64,
    rng: ChaCha8Rng,
}

impl Iterator for TermSynthesisCases {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        match self {
            TermSynthesisCases::Done => None,
            TermSynthesisCases::Exhaustive(e) => e.next(),
            TermSynthesisCases::Random(s) => loop {
                let op = *STRING_OPERATORS.choose(&mut s.rng).expect("not empty");
                if let Some(c) = synthesize_case(op, &s.terms, s.depth, s.seed, &mut s.rng) {
                    return Some(c);
                }
            },
        }
    }
}

/// Depth-1 pool terms of one kind (one operator), in enumeration order.
struct Kind {
    sort: Sort,
    terms: Vec<Sampled>,
}

/// The lazy exhaustive depth-1 enumeration.
struct Exhaustive {
    kinds: Vec<Kind>,
    /// Operators under test, and the position in them.
    ops: Vec<Op>,
    op_index: usize,
    /// The argument-kind combination of the current operator (mixed radix
    /// over the kinds of each argument sort, first argument outermost).
    combo: usize,
    /// Results left for the current combination.
    pending: Vec<Case>,
    seed: u64,
    /// Only used by the (deterministic) all-constants abstraction.
    rng: ChaCha8Rng,
}

impl Exhaustive {
    fn new(pool: &ConstantPool, ops: &[Op], seed: u64) -> Self {
        let ops: Vec<Op> = ops
            .iter()
            .copied()
            .filter(|&op| signature(op).is_some())
            .collect();
        let kinds = ops
            .iter()
            .map(|&op| {
                let (sorts, sort) = signature(op).expect("filtered");
                Kind {
                    sort,
                    terms: applications(pool, op, sorts),
                }
            })
            .filter(|k| !k.terms.is_empty())
            .collect();
        Exhaustive {
            kinds,
            ops,
            op_index: 0,
            combo: 0,
            pending: Vec::new(),
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The kinds producing terms of `sort`.
    fn kinds_of(&self, sort: &Sort) -> Vec<&Kind> {
        self.kinds.iter().filter(|k| k.sort == *sort).collect()
    }

    /// Fills `pending` with the cases of combination `combo` of the current
    /// operator; `false` when the operator has no more combinations.
    fn fill(&mut self) -> bool {
        let op = self.ops[self.op_index];
        let (sorts, _) = signature(op).expect("filtered");
        let per_arg: Vec<Vec<&Kind>> = sorts.iter().map(|s| self.kinds_of(s)).collect();
        let total: usize = per_arg.iter().map(Vec::len).product();
        if self.combo >= total {
            return false;
        }
        let mut k = self.combo;
        let mut picks = vec![0; sorts.len()];
        for i in (0..sorts.len()).rev() {
            picks[i] = k % per_arg[i].len();
            k /= per_arg[i].len();
        }
        let args: Vec<&Sampled> = picks
            .iter()
            .zip(&per_arg)
            .map(|(&p, kinds)| &kinds[p].terms[0])
            .collect();
        let values: Vec<Value> = args.iter().map(|a| a.value.clone()).collect();
        if let Some(value) = apply(op, &values) {
            let lhs: Vec<Term> = args.iter().map(|a| a.term.clone()).collect();
            let results: Vec<Term> = self
                .kinds_of(&value.sort())
                .iter()
                .filter_map(|k| k.terms.iter().find(|t| t.value == value))
                .map(|t| t.term.clone())
                .collect();
            for rhs in results.into_iter().rev() {
                let case =
                    abstracted_case(op, lhs.clone(), rhs, Policy::All, self.seed, &mut self.rng);
                self.pending.push(case);
            }
        }
        self.combo += 1;
        true
    }
}

impl Iterator for Exhaustive {
    type Item = Case;

    fn next(&mut self) -> Option<Case> {
        loop {
            if let Some(c) = self.pending.pop() {
                return Some(c);
            }
            if self.op_index >= self.ops.len() {
                return None;
            }
            if !self.fill() {
                self.op_index += 1;
                self.combo = 0;
            }
        }
    }
}

/// Every application of `op` to constants of `pool`, first argument
/// outermost, with its value.
fn applications(pool: &ConstantPool, op: Op, sorts: &[Sort]) -> Vec<Sampled> {
    let radix: Vec<usize> = sorts.iter().map(|s| pool.count(s)).collect();
    let total: usize = radix.iter().product();
    let mut out = Vec::with_capacity(total);
    for mut k in 0..total {
        let mut args = vec![Value::Bool(false); sorts.len()];
        for i in (0..sorts.len()).rev() {
            args[i] = pool
                .nth(&sorts[i], k % radix[i])
                .expect("index below count");
            k /= radix[i];
        }
        if let Some(value) = apply(op, &args) {
            out.push(Sampled {
                term: Term::App(op, args.iter().map(Value::to_term).collect()),
                value,
            });
        }
    }
    out
}

/// Replaces a variable or constant of a sat case by a synthesized term of
/// the same value, whose constants are then partly abstracted.
#[derive(Clone, Debug)]
pub struct TermSynthesis {
    pool: TermPool,
    depth: usize,
}

impl TermSynthesis {
    /// Synthesizes terms of depth at most `depth` (at least 1) from `pool`.
    pub fn new(pool: TermPool, depth: usize) -> Self {
        TermSynthesis {
            pool,
            depth: depth.max(1),
        }
    }
}

/// Whether `t` has a string literal or a string or regex operator.
fn term_has_strings(t: &Term) -> bool {
    let mut found = false;
    t.visit(&mut |u| {
        found |= match u {
            Term::Str(_) => true,
            Term::App(op, _) => {
                matches!(op.theory(), OpTheory::Strings | OpTheory::Regex)
            }
            _ => false,
        };
    });
    found
}

/// Whether `f` is an integer case (Bool and Int only), a real one (a
/// Real declared, every sort built from Bool, Int, Real and arrays) or a
/// float one (a float or a rounding mode, declared or, once constant
/// assignment replaced the variables, in an operator), with no string.
fn is_arithmetic(f: &Formula) -> bool {
    let only = |p: &dyn Fn(&Sort) -> bool| f.decls.iter().all(|(_, s)| !sort_has(s, p));
    let has = |p: &dyn Fn(&Sort) -> bool| f.decls.iter().any(|(_, s)| sort_has(s, p));
    let real = has(&|s| *s == Sort::Real);
    let float = has(&|s| matches!(s, Sort::FloatingPoint(..) | Sort::RoundingMode))
        || f.operators()
            .iter()
            .any(|op| op.theory() == OpTheory::FloatingPoint);
    (only(&|s| !matches!(s, Sort::Bool | Sort::Int))
        || real && only(&|s| !matches!(s, Sort::Bool | Sort::Int | Sort::Real | Sort::Array(..)))
        || float)
        && !f.assertions.iter().any(|a| term_has_strings(&a.term))
}

impl Transformation for TermSynthesis {
    fn name(&self) -> &'static str {
        "term-synthesis"
    }

    fn apply(&self, case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
        let Truth::Sat { model } = &case.truth else {
            return None;
        };
        // Rewritable leaves over all assertions, in pre-order.
        let mut leaves: Vec<Term> = Vec::new();
        for a in &case.formula.assertions {
            for_each_leaf(&a.term, &mut |l| leaves.push(l.clone()));
        }
        let pick = rng.random_range(0..leaves.len().max(1));
        let target = leaves.get(pick)?;
        let value = match target {
            Term::Var(v) => model.get(v)?.clone(),
            t => literal_value(t)?,
        };
        let depth = rng.random_range(1..=self.depth);
        let mut out = case.clone();
        if over_bitvectors(&case.formula) {
            let t = BvTermSampler.with_value(&value, depth, rng)?;
            let Truth::Sat { model: out_model } = &mut out.truth else {
                unreachable!()
            };
            let share = if rng.random_bool(0.5) { 1.0 } else { 0.5 };
            let t = abstract_bitvec(&t, share, &mut out.formula, out_model, rng);
            return Some(self.replace(out, target, pick, t, rng));
        }
        if !matches!(value.sort(), Sort::Bool | Sort::Int | Sort::String) {
            return None;
        }
        let mut synthesized = vec![self.pool.synthesize(&value, depth, rng)];
        if synthesized[0].is_literal() {
            return None;
        }
        if is_arithmetic(&case.formula) && term_has_strings(&synthesized[0]) {
            return None;
        }
        let Truth::Sat { model: out_model } = &mut out.truth else {
            unreachable!()
        };
        let mut fresh = FreshNames::for_formula(&case.formula);
        let policy = if rng.random_bool(0.5) {
            Policy::All
        } else {
            Policy::Some
        };
        let mut new_decls = Vec::new();
        abstract_constants(
            &mut synthesized,
            &mut new_decls,
            out_model,
            &mut fresh,
            policy,
            rng,
        );
        out.formula.decls.extend(new_decls);
        let t = synthesized.pop().expect("one term");
        Some(self.replace(out, target, pick, t, rng))
    }
}

impl TermSynthesis {
    /// `out` (a copy of the case, the synthesized term's variables declared
    /// and in the model) with leaf `pick` (`target`), or half the time
    /// every occurrence of a target variable, replaced by `t`; a variable
    /// left without occurrences dropped.
    fn replace(
        &self,
        mut out: Case,
        target: &Term,
        pick: usize,
        t: Term,
        rng: &mut dyn RngCore,
    ) -> Case {
        let everywhere = matches!(target, Term::Var(_)) && rng.random_bool(0.5);
        let mut index = 0;
        for a in &mut out.formula.assertions {
            a.term = rewrite_leaves(&a.term, &mut |l| {
                let i = index;
                index += 1;
                (i == pick || (everywhere && l == target)).then(|| t.clone())
            });
        }
        if let Term::Var(x) = target
            && !out
                .formula
                .assertions
                .iter()
                .any(|a| a.term.free_vars().contains(x))
        {
            out.formula.decls.retain(|(n, _)| n != x);
            if let Truth::Sat { model } = &mut out.truth {
                model.0.remove(x);
            }
        }
        out.provenance.chain.push(self.name().to_string());
        out
    }
}

/// Whether a formula is over bit-vectors and has nothing of strings,
/// regular expressions or sequences: term synthesis then draws from the
/// bit-vector sampler, so that a `--theory bv` case stays one.
fn over_bitvectors(f: &Formula) -> bool {
    let strings = |s: &Sort| {
        sort_has(s, &|s| {
            matches!(s, Sort::String | Sort::RegLan | Sort::Seq(_))
        })
    };
    let mut bitvec = f
        .decls
        .iter()
        .any(|(_, s)| sort_has(s, &|s| matches!(s, Sort::BitVec(_))));
    let mut other = f.decls.iter().any(|(_, s)| strings(s));
    for a in &f.assertions {
        a.term.visit(&mut |t| match t {
            Term::BitVec(_) => bitvec = true,
            Term::Str(_) | Term::SeqEmpty(_) => other = true,
            Term::App(op, _) => {
                bitvec |= op.is_bitvec();
                other |= matches!(
                    op.theory(),
                    OpTheory::Strings | OpTheory::Regex | OpTheory::Sequences
                );
            }
            _ => {}
        });
    }
    bitvec && !other
}

/// Whether `p` holds of `s` or of a sort `s` is built from.
fn sort_has(s: &Sort, p: &dyn Fn(&Sort) -> bool) -> bool {
    p(s) || match s {
        Sort::Seq(e) => sort_has(e, p),
        Sort::Array(i, e) => sort_has(i, p) || sort_has(e, p),
        Sort::Fun(args, r) => args.iter().any(|a| sort_has(a, p)) || sort_has(r, p),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use num_bigint::BigInt;
    use proptest::prelude::*;

    use super::*;
    use crate::generate::strings::{argument_sorts, step1_with};
    use crate::term::SmtString;
    use crate::transform::operators::PAPER_OPERATORS;
    use rand::{Rng, SeedableRng};

    fn check(c: &Case) -> Result<(), TestCaseError> {
        c.check().map_err(|e| {
            let text = c.formula.to_script(None, Default::default()).to_string();
            TestCaseError::fail(format!("{e}\n{text}\n{:?}", c.truth))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        #[test]
        fn synthesized_cases_are_satisfied_by_their_model(seed: u64, depth in 1usize..5) {
            let pool = TermPool::new(ConstantPool::boundary()).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let op = *STRING_OPERATORS.choose(&mut rng).unwrap();
            let Some(case) = synthesize_case(op, &pool, depth, seed, &mut rng) else { return Ok(()) };
            check(&case)?;
            prop_assert_eq!(case.formula.assertions.len(), 1);
            prop_assert!(case.formula.assertions[0].term.operators().contains(&op));
        }

        #[test]
        fn term_synthesis_keeps_the_model_valid(seed: u64, depth in 1usize..4) {
            let pool = ConstantPool::boundary();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let op = *STRING_OPERATORS.choose(&mut rng).unwrap();
            let args: Vec<_> = argument_sorts(op)
                .iter()
                .map(|s| pool.nth(s, rng.random_range(0..pool.count(s))).unwrap())
                .collect();
            let case = step1_with(op, &args, seed).unwrap();
            let ts = TermSynthesis::new(TermPool::new(pool).unwrap(), depth);
            if let Some(out) = ts.apply(&case, &mut rng) {
                check(&out)?;
                prop_assert!(out.formula.assertions[0].term.size() > case.formula.assertions[0].term.size());
                prop_assert_eq!(out.provenance.chain.last().map(String::as_str), Some("term-synthesis"));
            }
        }
    }

    /// The paper's Fig. 2 is among the depth-1 cases over its example
    /// constants "a", "" and -1 (Listing 5, up to variable names).
    #[test]
    fn figure_2_shape_is_generated() {
        let pool = ConstantPool {
            strings: vec![SmtString::from("a"), SmtString::new()],
            ints: vec![BigInt::from(-1)],
            bools: vec![true, false],
        };
        let mut found = false;
        for case in term_synthesis_cases_with(&pool, PAPER_OPERATORS, 0) {
            case.check().unwrap();
            let text = case.formula.to_script(None, Default::default()).to_string();
            found |= text.contains(
                "(str.at (str.at tmp_str0 tmp_int1) (str.indexof tmp_str0 tmp_str0 tmp_int1))",
            ) && text.contains("(str.++ tmp_str2 tmp_str2)");
        }
        assert!(found, "Fig. 2 not generated");
    }

    /// The paper's public artifact (its `SatExpressionsGenerator`, bound 1)
    /// made 1,394 term-synthesis formulas from the strings "a", "", "-1",
    /// "0", the integers -1, 0, and both Booleans, per operator as below.
    /// The same enumeration here makes the same number.
    #[test]
    fn depth_1_counts_match_the_paper_artifact() {
        let pool = ConstantPool {
            strings: ["a", "", "-1", "0"]
                .into_iter()
                .map(SmtString::from)
                .collect(),
            ints: vec![BigInt::from(-1), BigInt::from(0)],
            bools: vec![true, false],
        };
        let mut per_op: BTreeMap<&str, usize> = BTreeMap::new();
        for case in term_synthesis_cases_with(&pool, PAPER_OPERATORS, 0) {
            case.check().unwrap();
            let Term::App(Op::Eq, sides) = &case.formula.assertions[0].term else {
                panic!()
            };
            let Term::App(op, _) = &sides[0] else {
                panic!()
            };
            *per_op.entry(op.name()).or_default() += 1;
        }
        let artifact = BTreeMap::from([
            ("str.at", 73),
            ("str.++", 77),
            ("str.from_int", 10),
            ("str.replace", 447),
            ("str.substr", 223),
            ("str.indexof", 143),
            ("str.len", 11),
            ("str.to_int", 10),
            ("str.contains", 100),
            ("=", 100),
            ("str.prefixof", 100),
            ("str.suffixof", 100),
        ]);
        assert_eq!(per_op, artifact);
        assert_eq!(per_op.values().sum::<usize>(), 1394);
    }

    #[test]
    fn deeper_cases_are_sampled_and_reproducible() {
        let pool = ConstantPool::paper();
        let a: Vec<Case> = term_synthesis_cases(&pool, 3, 42).take(200).collect();
        let b: Vec<Case> = term_synthesis_cases(&pool, 3, 42).take(200).collect();
        assert_eq!(a, b);
        let deep = a
            .iter()
            .filter(|c| c.formula.assertions[0].term.depth() >= 4)
            .count();
        assert!(deep > 100, "{deep} of 200 have an argument of depth 3");
        for c in &a {
            c.check().unwrap();
            assert_eq!(c.provenance.category, CATEGORY);
        }
        assert_eq!(term_synthesis_cases(&pool, 0, 0).count(), 0);
    }

    #[test]
    fn unsat_cases_are_refused() {
        let ts = TermSynthesis::new(TermPool::new(ConstantPool::paper()).unwrap(), 2);
        let unsat = Case::new(
            Default::default(),
            Truth::Unsat {
                core: Default::default(),
            },
            Default::default(),
        );
        assert!(
            ts.apply(&unsat, &mut ChaCha8Rng::seed_from_u64(0))
                .is_none()
        );
    }
}
