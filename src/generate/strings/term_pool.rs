//! Term pools: random well-sorted closed terms over a constant pool, each
//! with its value, and terms synthesized for a value given in advance.
//!
//! Term synthesis (ICSE 2020, Sect. 3.1) needs two things from a pool:
//! terms to put in the argument positions of an operator, and "another term
//! with the same result" to equate the application with. The paper
//! enumerated every application up to depth 1 and kept them in memory; here
//! terms of any depth are *sampled* ([`TermPool::sample`]) and a term of a
//! given value is *built for that value* ([`TermPool::synthesize`]: a
//! concatenation of its pieces, a substring of a longer string, the decimal
//! form of an integer, a sum with a pool constant, ...), so a match is found
//! at once and memory does not grow with the number of terms handed out.
//!
//! # Invariants
//!
//! - Every [`Sampled`] pair is exact: `eval_closed(term) == Ok(value)`.
//!   Each node's value is computed by [`crate::semantics::eval_closed`] on
//!   the operator applied to its children's values, which is the term's
//!   value because evaluation is compositional.
//! - [`TermPool::synthesize`] returns a term whose value is the target: each
//!   node built is evaluated and compared with the value it must have, and
//!   when no production fits the target itself (a constant) is returned.
//! - Terms are closed, well-sorted, and use only the pool's operators; no
//!   `div` or `mod` (their value at zero is unspecified). Values stay small
//!   ([`MAX_STRING_VALUE`] characters, [`MAX_INT_VALUE_BITS`] bits): a node
//!   that would exceed them is not built.

use std::collections::BTreeSet;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use crate::generate::ConstantPool;
use crate::semantics::{self, Value};
use crate::term::{MAX_CHAR, Op, Pool, SmtString, Sort, Term, Theory, pool, pool_len};

/// The longest string value a pool term may have.
pub const MAX_STRING_VALUE: usize = 64;

/// The largest integer value a pool term may have, in bits.
pub const MAX_INT_VALUE_BITS: u64 = 128;

/// How often a production is retried before falling back to a constant.
const ATTEMPTS: usize = 6;

/// A closed term and its value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sampled {
    /// The term.
    pub term: Term,
    /// Its value under the executable semantics.
    pub value: Value,
}

/// Why a term pool cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TermPoolError {
    /// The operator is not one a term pool can use (regex, `div`, ...).
    #[error("operator `{0}` cannot be used in a term pool")]
    UnsupportedOperator(&'static str),
    /// The constant pool has no constant of a sort that terms need.
    #[error("the constant pool has no {0} constant")]
    EmptySort(Sort),
}

/// The rank of an operator a term pool can use: the string operators of
/// step 1, string equality (the paper's `equals`), and `+`, `-`, `*`, `<`,
/// `<=` on integers.
pub fn signature(op: Op) -> Option<(&'static [Sort], Sort)> {
    let args = op.row().applied?;
    let result = op.result_sort(args).expect("applied sorts are well-sorted");
    Some((args, result))
}

/// The operator applied to constant arguments, evaluated; `None` when the
/// evaluator gives no value or the value is larger than a pool term may be.
pub fn apply(op: Op, args: &[Value]) -> Option<Value> {
    let term = Term::App(op, args.iter().map(Value::to_term).collect());
    let value = semantics::eval_closed(&term).ok()?;
    is_small(&value).then_some(value)
}

fn is_small(v: &Value) -> bool {
    match v {
        Value::Str(s) => s.len() <= MAX_STRING_VALUE,
        Value::Int(n) => n.bits() <= MAX_INT_VALUE_BITS,
        _ => true,
    }
}

/// Random closed terms over a constant pool.
#[derive(Clone, Debug)]
pub struct TermPool {
    constants: ConstantPool,
    /// Operators by result sort.
    strings: Vec<Op>,
    ints: Vec<Op>,
    bools: Vec<Op>,
    /// Characters of the pool's strings, for padding.
    chars: Vec<u32>,
}

/// The default operators: every non-regex string operator, string
/// equality, and `+ - *` on integers (the table's [`Pool::Terms`]). Grouped
/// string, integer, then core operators, so that each result sort's list
/// keeps the order the pool draws from.
pub const DEFAULT_OPERATORS: &[Op] =
    &pool::<{ pool_len(Pool::Terms) }>(Pool::Terms, &[Theory::Strings, Theory::Ints, Theory::Core]);

impl TermPool {
    /// A pool over `constants` with [`DEFAULT_OPERATORS`].
    pub fn new(constants: ConstantPool) -> Result<Self, TermPoolError> {
        Self::with_operators(constants, DEFAULT_OPERATORS)
    }

    /// A pool over `constants` using exactly `ops`.
    pub fn with_operators(constants: ConstantPool, ops: &[Op]) -> Result<Self, TermPoolError> {
        for sort in [Sort::String, Sort::Int, Sort::Bool] {
            if constants.count(&sort) == 0 {
                return Err(TermPoolError::EmptySort(sort));
            }
        }
        let (mut strings, mut ints, mut bools) = (Vec::new(), Vec::new(), Vec::new());
        for &op in ops {
            match signature(op) {
                Some((_, Sort::String)) => strings.push(op),
                Some((_, Sort::Int)) => ints.push(op),
                Some((_, Sort::Bool)) => bools.push(op),
                _ => return Err(TermPoolError::UnsupportedOperator(op.name())),
            }
        }
        let mut chars: BTreeSet<u32> = constants
            .strings
            .iter()
            .flat_map(|s| s.chars().iter().copied())
            .collect();
        chars.insert(u32::from('a'));
        Ok(TermPool {
            constants,
            strings,
            ints,
            bools,
            chars: chars.into_iter().collect(),
        })
    }

    /// The constants the terms are built from.
    pub fn constants(&self) -> &ConstantPool {
        &self.constants
    }

    fn ops(&self, sort: &Sort) -> &[Op] {
        match sort {
            Sort::String => &self.strings,
            Sort::Int => &self.ints,
            Sort::Bool => &self.bools,
            _ => &[],
        }
    }

    /// A random constant of `sort` from the pool.
    pub fn leaf(&self, sort: &Sort, rng: &mut dyn RngCore) -> Sampled {
        let n = self.constants.count(sort).max(1);
        let value = self
            .constants
            .nth(sort, rng.random_range(0..n))
            .unwrap_or_else(|| match sort {
                Sort::Int => Value::Int(BigInt::zero()),
                Sort::Bool => Value::Bool(true),
                _ => Value::Str(SmtString::new()),
            });
        Sampled {
            term: value.to_term(),
            value,
        }
    }

    fn random_string(&self, rng: &mut dyn RngCore) -> SmtString {
        self.constants
            .strings
            .choose(rng)
            .cloned()
            .unwrap_or_default()
    }

    fn random_int(&self, rng: &mut dyn RngCore) -> BigInt {
        self.constants.ints.choose(rng).cloned().unwrap_or_default()
    }

    /// A random term of `sort` whose depth is `depth` when the pool has an
    /// operator for every sort on the way down (a constant at depth 0), with
    /// its value.
    pub fn sample(&self, sort: &Sort, depth: usize, rng: &mut dyn RngCore) -> Sampled {
        if depth == 0 || self.ops(sort).is_empty() {
            return self.leaf(sort, rng);
        }
        for _ in 0..ATTEMPTS {
            let op = *self.ops(sort).choose(rng).expect("not empty");
            let (arg_sorts, _) = signature(op).expect("pool operators have a signature");
            // One argument carries the full depth, the others are shallower
            // at random, so terms are deep without being complete trees.
            let deep = rng.random_range(0..arg_sorts.len());
            let mut terms = Vec::with_capacity(arg_sorts.len());
            let mut values = Vec::with_capacity(arg_sorts.len());
            for (i, s) in arg_sorts.iter().enumerate() {
                let d = if i == deep {
                    depth - 1
                } else {
                    rng.random_range(0..depth)
                };
                let a = self.sample(s, d, rng);
                terms.push(a.term);
                values.push(a.value);
            }
            if let Some(value) = apply(op, &values) {
                return Sampled {
                    term: Term::App(op, terms),
                    value,
                };
            }
        }
        self.leaf(sort, rng)
    }

    /// A closed term of depth at most `depth` whose value is `target`. With
    /// `depth >= 1` it is almost always an operator application; the target
    /// as a constant is the fallback.
    pub fn synthesize(&self, target: &Value, depth: usize, rng: &mut dyn RngCore) -> Term {
        if depth > 0 && is_small(target) {
            for _ in 0..ATTEMPTS {
                if let Some(t) = self.try_synthesize(target, depth, rng) {
                    return t;
                }
            }
        }
        target.to_term()
    }

    /// The depth of a child of a node at `depth`: mostly one less, so the
    /// term reaches the depth asked for, sometimes shallower.
    fn child_depth(depth: usize, rng: &mut dyn RngCore) -> usize {
        if rng.random_bool(0.6) {
            depth - 1
        } else {
            rng.random_range(0..depth)
        }
    }

    /// Builds `op` over children synthesized for `args`, if the operator
    /// applied to `args` gives `target`.
    fn build(
        &self,
        op: Op,
        args: Vec<Value>,
        target: &Value,
        depth: usize,
        rng: &mut dyn RngCore,
    ) -> Option<Term> {
        if !args.iter().all(is_small) || apply(op, &args).as_ref() != Some(target) {
            return None;
        }
        let children = args
            .iter()
            .map(|a| self.synthesize(a, Self::child_depth(depth, rng), rng))
            .collect();
        Some(Term::App(op, children))
    }

    fn try_synthesize(&self, target: &Value, depth: usize, rng: &mut dyn RngCore) -> Option<Term> {
        let ops = self.ops(&target.sort());
        let op = *ops.choose(rng)?;
        let args = match target {
            Value::Str(v) => self.string_arguments(op, v, rng)?,
            Value::Int(m) => self.int_arguments(op, m, rng)?,
            Value::Bool(b) => {
                // Predicates: sample until one has the wanted value.
                let s = self.sample(&Sort::Bool, depth, rng);
                return (s.value == Value::Bool(*b)).then_some(s.term);
            }
            Value::RegLan(_)
            | Value::BitVec(_)
            | Value::Array(_)
            | Value::Seq(_)
            | Value::Fun(_)
            | Value::Real(_)
            | Value::Fp(_)
            | Value::Rm(_) => return None,
        };
        self.build(op, args, target, depth, rng)
    }

    /// Arguments for a string operator so that its value is `v`, or `None`
    /// when this operator cannot (easily) produce `v`.
    fn string_arguments(&self, op: Op, v: &SmtString, rng: &mut dyn RngCore) -> Option<Vec<Value>> {
        let cs = v.chars();
        let n = cs.len();
        let s = |c: &[u32]| Value::Str(SmtString::from_slice_unchecked(c));
        let int = |i: usize| Value::Int(BigInt::from(i));
        let pad = |rng: &mut dyn RngCore| {
            if rng.random_bool(0.5) {
                self.random_string(rng)
            } else {
                SmtString::new()
            }
        };
        let cat = |a: &SmtString, b: &[u32], c: &SmtString| {
            let mut w = a.chars().to_vec();
            w.extend_from_slice(b);
            w.extend_from_slice(c.chars());
            w
        };
        Some(match op {
            Op::StrConcat => {
                let k = rng.random_range(0..=n);
                vec![s(&cs[..k]), s(&cs[k..])]
            }
            Op::StrSubstr => {
                let (p, q) = (pad(rng), pad(rng));
                let w = cat(&p, cs, &q);
                // The length may run past the end when nothing follows.
                let len = if q.is_empty() {
                    n + rng.random_range(0..3)
                } else {
                    n
                };
                vec![s(&w), int(p.len()), int(len)]
            }
            Op::StrAt if n == 1 => {
                let (p, q) = (pad(rng), pad(rng));
                vec![s(&cat(&p, cs, &q)), int(p.len())]
            }
            Op::StrAt if n == 0 => {
                let w = self.random_string(rng);
                let i = if rng.random_bool(0.5) {
                    BigInt::from(-1)
                } else {
                    BigInt::from(w.len())
                };
                vec![Value::Str(w), Value::Int(i)]
            }
            Op::StrReplace => {
                let a = rng.random_range(0..=n);
                let b = rng.random_range(a..=n);
                let t = self.random_string(rng);
                let w = [&cs[..a], t.chars(), &cs[b..]].concat();
                vec![s(&w), Value::Str(t), s(&cs[a..b])]
            }
            Op::StrReplaceAll => {
                // Delete a character that `v` does not contain.
                let c = **self
                    .chars
                    .iter()
                    .filter(|c| !cs.contains(c))
                    .collect::<Vec<_>>()
                    .choose(rng)?;
                let mut w = cs.to_vec();
                for _ in 0..rng.random_range(1..=2) {
                    w.insert(rng.random_range(0..=w.len()), c);
                }
                vec![s(&w), s(&[c]), s(&[])]
            }
            Op::StrFromInt if n == 0 => vec![Value::Int(BigInt::from(-rng.random_range(1..4)))],
            Op::StrFromInt => {
                let canonical =
                    cs.iter().all(|&c| (0x30..=0x39).contains(&c)) && (n == 1 || cs[0] != 0x30);
                if !canonical {
                    return None;
                }
                let digits: String = cs
                    .iter()
                    .map(|&c| char::from_u32(c).unwrap_or('0'))
                    .collect();
                vec![Value::Int(digits.parse().ok()?)]
            }
            Op::StrFromCode if n == 1 => vec![int(cs[0] as usize)],
            Op::StrFromCode if n == 0 => vec![Value::Int(BigInt::from(if rng.random_bool(0.5) {
                -1
            } else {
                i64::from(MAX_CHAR) + 1
            }))],
            _ => return None,
        })
    }

    /// Arguments for an integer operator so that its value is `m`.
    fn int_arguments(&self, op: Op, m: &BigInt, rng: &mut dyn RngCore) -> Option<Vec<Value>> {
        let small = m.to_usize().filter(|&k| k <= MAX_STRING_VALUE);
        let str_of = |chars: Vec<u32>| Value::Str(SmtString::from_vec_unchecked(chars));
        let filler = |len: usize, rng: &mut dyn RngCore| -> Vec<u32> {
            let c = *self.chars.choose(rng).expect("chars has 'a'");
            vec![c; len]
        };
        Some(match op {
            Op::StrLen => vec![str_of(filler(small?, rng))],
            Op::StrToInt if m.is_negative() => {
                if *m != BigInt::from(-1) {
                    return None;
                }
                // Not a digit string: the empty string or one with a non-digit.
                let w = self.random_string(rng);
                let w = if w.chars().iter().all(|&c| (0x30..=0x39).contains(&c)) && !w.is_empty() {
                    [w.chars(), &[u32::from('a')]].concat()
                } else {
                    w.into_chars()
                };
                vec![str_of(w)]
            }
            Op::StrToInt => {
                let mut digits: Vec<u32> = m.to_string().chars().map(u32::from).collect();
                if rng.random_bool(0.3) {
                    digits.insert(0, u32::from('0')); // leading zeros are allowed
                }
                vec![str_of(digits)]
            }
            Op::StrToCode if m.is_negative() => {
                (*m == BigInt::from(-1)).then_some(())?;
                vec![str_of(if rng.random_bool(0.5) {
                    vec![]
                } else {
                    filler(2, rng)
                })]
            }
            Op::StrToCode => {
                let c = m.to_u32().filter(|&c| c <= MAX_CHAR)?;
                vec![str_of(vec![c])]
            }
            Op::StrIndexof if m.is_negative() => {
                (*m == BigInt::from(-1)).then_some(())?;
                let w = self.random_string(rng);
                let t = self.random_string(rng);
                vec![
                    Value::Str(w),
                    Value::Str(t),
                    Value::Int(self.random_int(rng)),
                ]
            }
            Op::StrIndexof => {
                let k = small?;
                let t = self.random_string(rng);
                // A prefix of length k without the pattern's characters, so
                // the first occurrence from 0 is at k (checked by `build`).
                let p: Vec<u32> = {
                    let avoid: Vec<u32> = self
                        .chars
                        .iter()
                        .copied()
                        .filter(|c| !t.chars().contains(c))
                        .collect();
                    let c = avoid.choose(rng).copied().unwrap_or(u32::from('~'));
                    vec![c; k]
                };
                let w = [p.as_slice(), t.chars(), self.random_string(rng).chars()].concat();
                let start = if k > 0 { rng.random_range(0..=k) } else { 0 };
                vec![str_of(w), Value::Str(t), Value::Int(BigInt::from(start))]
            }
            Op::Add => {
                let a = self.random_int(rng);
                let b = m - &a;
                vec![Value::Int(a), Value::Int(b)]
            }
            Op::Sub => {
                let b = self.random_int(rng);
                vec![Value::Int(m + &b), Value::Int(b)]
            }
            Op::Mul => {
                let k = BigInt::from(*[-1i64, 1, 2, 3].choose(rng).expect("not empty"));
                if m.is_zero() {
                    vec![Value::Int(BigInt::zero()), Value::Int(self.random_int(rng))]
                } else if (m % &k).is_zero() {
                    vec![Value::Int(k.clone()), Value::Int(m / &k)]
                } else {
                    return None;
                }
            }
            _ => return None,
        })
    }

    /// Whether the pool uses the operator.
    pub fn contains(&self, op: Op) -> bool {
        self.strings.contains(&op) || self.ints.contains(&op) || self.bools.contains(&op)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    fn pool() -> TermPool {
        TermPool::new(ConstantPool::boundary()).unwrap()
    }

    fn any_value(pool: &TermPool, rng: &mut ChaCha8Rng) -> Value {
        let sort = [Sort::String, Sort::Int, Sort::Bool][rng.random_range(0..3)].clone();
        let depth = rng.random_range(0..4);
        pool.sample(&sort, depth, rng).value
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn sampled_terms_have_their_value(seed: u64, sort_ix in 0usize..3, depth in 0usize..5) {
            let pool = pool();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let sort = [Sort::String, Sort::Int, Sort::Bool][sort_ix].clone();
            let s = pool.sample(&sort, depth, &mut rng);
            prop_assert_eq!(semantics::eval_closed(&s.term), Ok(s.value.clone()));
            prop_assert_eq!(s.value.sort(), sort);
            prop_assert!(s.term.depth() <= depth);
            prop_assert!(s.term.free_vars().is_empty());
            prop_assert!(!s.term.operators().iter().any(|op| matches!(op, Op::Div | Op::Mod)));
        }

        #[test]
        fn synthesized_terms_have_the_target_value(seed: u64, depth in 1usize..5) {
            let pool = pool();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let target = any_value(&pool, &mut rng);
            let t = pool.synthesize(&target, depth, &mut rng);
            prop_assert_eq!(semantics::eval_closed(&t), Ok(target));
            prop_assert!(t.depth() <= depth);
        }
    }

    #[test]
    fn synthesis_mostly_builds_applications_of_the_full_depth() {
        let pool = pool();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut apps, mut deep, n) = (0, 0, 2000);
        for _ in 0..n {
            let target = any_value(&pool, &mut rng);
            let t = pool.synthesize(&target, 3, &mut rng);
            apps += usize::from(matches!(t, Term::App(..)));
            deep += usize::from(t.depth() == 3);
        }
        assert!(apps * 10 >= n * 9, "{apps} of {n} are applications");
        assert!(deep * 4 >= n, "{deep} of {n} have depth 3");
    }

    #[test]
    fn every_default_operator_is_used() {
        let pool = pool();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = BTreeSet::new();
        for i in 0..3000 {
            let sort = [Sort::String, Sort::Int, Sort::Bool][i % 3].clone();
            seen.extend(pool.sample(&sort, 2, &mut rng).term.operators());
        }
        for op in DEFAULT_OPERATORS {
            assert!(seen.contains(op), "{op:?} never sampled");
        }
    }

    #[test]
    fn bad_pools_are_errors() {
        let mut c = ConstantPool::paper();
        c.ints.clear();
        assert_eq!(
            TermPool::new(c).unwrap_err(),
            TermPoolError::EmptySort(Sort::Int)
        );
        let e = TermPool::with_operators(ConstantPool::paper(), &[Op::Div]).unwrap_err();
        assert_eq!(e, TermPoolError::UnsupportedOperator("div"));
    }
}
