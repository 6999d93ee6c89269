//! Nested terms across the combined theories, sampled: the term pool of
//! Kühne 2022's Sect. 3.1 (Table 3.2's bit-vector and array operations over
//! Table 3.1's pool, next to the string, integer and regex operations they
//! meet), grown to any depth without being enumerated.
//!
//! A [`CombinedTermSampler`] draws one closed term of a given sort and
//! depth at a time: an operation whose result has that sort (bit-vector
//! arithmetic, bitwise and shift operators, `concat`, `extract`, the
//! extensions, `repeat`, rotations, `bvcomp`, `int2bv`, `bv2nat`, the
//! comparisons, `select`, `store`, `ite`, array equality, `str.in_re` of a
//! regex read from an array, ...), one argument drawn exactly one level
//! lower and the others at most that, the leaves pool constants: the
//! bit-vectors of [`CombinedPool::boundary`] (random bits at other widths),
//! its constant arrays, and the regex pool's strings, integers and regexes.
//! Nothing is kept between draws, so memory is flat however many are drawn.
//!
//! [`abstract_leaves`] then turns pool constants of a closed term into
//! variables holding their values (equal constants the same variable), the
//! step shared by constant assignment and term synthesis.
//!
//! # Invariants
//!
//! - A drawn [`Sampled`] term is closed, well-sorted, of the asked sort and
//!   of exactly the asked depth (a pool leaf counts as 0), has a
//!   bit-vector or array term in it (depth 0 aside), and its `value`
//!   is what our semantics gives it ([`eval_closed`]); a draw whose
//!   evaluation fails (a language question over budget) is drawn again,
//!   never guessed.
//! - [`abstract_leaves`] changes no subterm's value under the model it
//!   returns: each variable's model value is the value of the constant it
//!   replaced. A constant array is replaced whole or not at all, never its
//!   default alone, because solvers (cvc5) accept only values there.

// Looked up only, never iterated in an order that shows.
use ahash::AHashMap as HashMap;

use num_bigint::{BigInt, BigUint};
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::pool::CombinedPool;
use crate::generate::regex::RegexPool;
use crate::semantics::{Model, Value, eval_closed};
use crate::term::{BitVec, Formula, Op, Pool, Sort, Term, Theory, pool, pool_len};

/// A term and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sampled {
    /// The term as written.
    pub term: Term,
    /// Its value.
    pub value: Value,
}

/// The widths of bit-vector terms asked for at the top and inside.
pub const WIDTHS: &[u32] = &[1, 4, 8, 32, 64];

/// Binary bit-vector operators of one width to that width.
const BINARY: &[Op] = &pool::<{ pool_len(Pool::BvBinary) }>(Pool::BvBinary, &Theory::ALL);

/// The bit-vector comparisons.
const COMPARISONS: &[Op] =
    &pool::<{ pool_len(Pool::BvComparison) }>(Pool::BvComparison, &Theory::ALL);

/// How many draws a term may take before [`CombinedTermSampler::term`]
/// gives up.
const ATTEMPTS: usize = 16;

fn array(i: Sort, e: Sort) -> Sort {
    Sort::Array(Box::new(i), Box::new(e))
}

/// Draws nested terms over the combined pools.
#[derive(Clone, Debug)]
pub struct CombinedTermSampler {
    regexes: RegexPool,
    pool: CombinedPool,
    /// The share of arrays indexed by RegLan (their keys compare as
    /// languages, which takes solvers seconds).
    reglan_keys: f64,
}

impl CombinedTermSampler {
    /// A sampler over `regexes` and the boundary combined pool built on it.
    pub fn new(regexes: RegexPool) -> Self {
        let pool = CombinedPool::boundary(&regexes);
        CombinedTermSampler {
            regexes,
            pool,
            reglan_keys: 0.1,
        }
    }

    /// The share of RegLan-indexed arrays, in `0.0..=1.0`.
    pub fn reglan_keys(mut self, share: f64) -> Self {
        self.reglan_keys = share.clamp(0.0, 1.0);
        self
    }

    /// The regex pool (strings, integers and regexes of the leaves).
    pub fn regexes(&self) -> &RegexPool {
        &self.regexes
    }

    /// The bit-vector and array pool.
    pub fn pool(&self) -> &CombinedPool {
        &self.pool
    }

    /// A sort for a formula's top term: Bool, Int, String, a bit-vector or
    /// an array.
    pub fn top_sort(&self, rng: &mut dyn RngCore) -> Sort {
        match rng.random_range(0..10) {
            0..=2 => Sort::Bool,
            3 => Sort::Int,
            4..=6 => Sort::BitVec(*WIDTHS.choose(rng).expect("not empty")),
            7 => Sort::String,
            _ => array(self.index_sort(rng), self.element_sort(rng)),
        }
    }

    fn index_sort(&self, rng: &mut dyn RngCore) -> Sort {
        if rng.random_bool(self.reglan_keys) {
            return Sort::RegLan;
        }
        [Sort::Int, Sort::BitVec(4), Sort::Bool, Sort::String]
            .choose(rng)
            .expect("not empty")
            .clone()
    }

    fn element_sort(&self, rng: &mut dyn RngCore) -> Sort {
        [
            Sort::Int,
            Sort::BitVec(8),
            Sort::BitVec(4),
            Sort::Bool,
            Sort::String,
            Sort::RegLan,
        ]
        .choose(rng)
        .expect("not empty")
        .clone()
    }

    /// A pool constant of `sort`.
    pub fn leaf(&self, sort: &Sort, rng: &mut dyn RngCore) -> Term {
        match sort {
            Sort::Bool => Term::Bool(rng.random()),
            Sort::Int => {
                let n = self.regexes.ints.choose(rng).copied().unwrap_or(0);
                if rng.random_bool(0.2) {
                    Term::Int(-BigInt::from(n) - 1)
                } else {
                    Term::int(n)
                }
            }
            Sort::String => self
                .regexes
                .strings
                .choose(rng)
                .map_or_else(|| Term::str(""), |s| Term::Str(s.clone())),
            Sort::RegLan => self
                .regexes
                .regexes
                .choose(rng)
                .map_or_else(|| Term::app(Op::ReNone, vec![]), |r| r.term.clone()),
            Sort::BitVec(w) => Term::BitVec(self.bitvec(*w, rng)),
            Sort::Array(i, e) => {
                let fits: Vec<&Term> = self
                    .pool
                    .arrays
                    .iter()
                    .filter(|a| a.value.index_sort() == &**i && a.value.element_sort() == &**e)
                    .map(|a| &a.term)
                    .collect();
                match fits.choose(rng) {
                    Some(t) if rng.random_bool(0.5) => (*t).clone(),
                    _ => Term::const_array(sort.clone(), self.leaf(e, rng)),
                }
            }
            Sort::Seq(e) => match rng.random_range(0..3) {
                0 => Term::SeqEmpty((**e).clone()),
                _ => Term::app(Op::SeqUnit, vec![self.leaf(e, rng)]),
            },
            Sort::Fun(..) => unreachable!("no term has a function symbol's sort"),
            Sort::Real => unreachable!("the combined room draws no Real sort"),
            Sort::FloatingPoint(..) | Sort::RoundingMode => {
                unreachable!("the combined room draws no floating point")
            }
        }
    }

    fn bitvec(&self, w: u32, rng: &mut dyn RngCore) -> BitVec {
        let pooled: Vec<&BitVec> = self.pool.bitvecs_of(w).collect();
        if let Some(b) = pooled.choose(rng).filter(|_| rng.random_bool(0.7)) {
            return (*b).clone();
        }
        let words: Vec<u32> = (0..w.div_ceil(32)).map(|_| rng.random()).collect();
        BitVec::new(w, BigUint::new(words))
    }

    /// An operation whose result has `sort`, with its argument sorts.
    fn shape(&self, sort: &Sort, rng: &mut dyn RngCore) -> (Op, Vec<Sort>) {
        use Sort::{Bool as B, Int as I, RegLan as R, String as S};
        let bv = Sort::BitVec;
        let width = |rng: &mut dyn RngCore| *WIDTHS.choose(rng).expect("not empty");
        // A read from an array of this element sort, at any sort.
        if rng.random_bool(0.15) {
            let i = self.index_sort(rng);
            return (Op::Select, vec![array(i.clone(), sort.clone()), i]);
        }
        match sort {
            Sort::BitVec(w) => {
                let w = *w;
                match rng.random_range(0..12) {
                    0..=3 => (*BINARY.choose(rng).expect("not empty"), vec![bv(w), bv(w)]),
                    4 => (
                        *[Op::BvNot, Op::BvNeg].choose(rng).expect("not empty"),
                        vec![bv(w)],
                    ),
                    5 => {
                        let i = rng.random_range(0..2 * w + 2);
                        let op = if rng.random() {
                            Op::RotateLeft(i)
                        } else {
                            Op::RotateRight(i)
                        };
                        (op, vec![bv(w)])
                    }
                    6 if w > 1 => {
                        let hi = rng.random_range(1..w);
                        (Op::Concat, vec![bv(hi), bv(w - hi)])
                    }
                    7 => {
                        let from: Vec<u32> = [w, w + 1, w + 4, 8, 32, 64]
                            .into_iter()
                            .filter(|&m| m >= w)
                            .collect();
                        let from = *from.choose(rng).expect("w itself");
                        let j = rng.random_range(0..=from - w);
                        (Op::Extract(j + w - 1, j), vec![bv(from)])
                    }
                    8 if w > 1 => {
                        let k = rng.random_range(0..w);
                        let op = if rng.random() {
                            Op::ZeroExtend(k)
                        } else {
                            Op::SignExtend(k)
                        };
                        (op, vec![bv(w - k)])
                    }
                    9 if w.is_multiple_of(2) => (Op::Repeat(2), vec![bv(w / 2)]),
                    9 if w == 1 => {
                        let m = width(rng);
                        (Op::BvComp, vec![bv(m), bv(m)])
                    }
                    10 => (Op::Int2bv(w), vec![I]),
                    _ => (Op::Ite, vec![B, bv(w), bv(w)]),
                }
            }
            Sort::Bool => match rng.random_range(0..9) {
                0..=2 => {
                    let m = width(rng);
                    (
                        *COMPARISONS.choose(rng).expect("not empty"),
                        vec![bv(m), bv(m)],
                    )
                }
                3 => {
                    let m = width(rng);
                    (Op::Eq, vec![bv(m), bv(m)])
                }
                4 => {
                    // Extensional equality of two arrays.
                    let a = array(self.index_sort(rng), self.element_sort(rng));
                    (Op::Eq, vec![a.clone(), a])
                }
                5 => (Op::StrInRe, vec![S, R]),
                6 => (Op::Not, vec![B]),
                7 => (Op::Eq, vec![I, I]),
                _ => (Op::And, vec![B, B]),
            },
            Sort::Int => match rng.random_range(0..5) {
                0 | 1 => (Op::Bv2nat, vec![bv(width(rng))]),
                2 => (Op::StrLen, vec![S]),
                3 => (Op::Add, vec![I, I]),
                _ => (Op::Sub, vec![I, I]),
            },
            Sort::String => match rng.random_range(0..3) {
                0 => (Op::StrConcat, vec![S, S]),
                1 => (Op::StrFromInt, vec![I]),
                _ => (Op::Ite, vec![B, S, S]),
            },
            Sort::RegLan => match rng.random_range(0..4) {
                0 => (Op::StrToRe, vec![S]),
                1 => (Op::ReUnion, vec![R, R]),
                2 => (Op::ReStar, vec![R]),
                _ => (Op::ReConcat, vec![R, R]),
            },
            Sort::Array(i, e) => {
                if rng.random_bool(0.2) {
                    (Op::Ite, vec![B, sort.clone(), sort.clone()])
                } else {
                    (Op::Store, vec![sort.clone(), (**i).clone(), (**e).clone()])
                }
            }
            Sort::Seq(e) => {
                if rng.random() {
                    (Op::SeqUnit, vec![(**e).clone()])
                } else {
                    (Op::SeqConcat, vec![sort.clone(), sort.clone()])
                }
            }
            Sort::Fun(..) => unreachable!("no term has a function symbol's sort"),
            Sort::Real => unreachable!("the combined room draws no Real sort"),
            Sort::FloatingPoint(..) | Sort::RoundingMode => {
                unreachable!("the combined room draws no floating point")
            }
        }
    }

    /// An unevaluated term of `sort` and exactly `depth`.
    pub fn draw(&self, sort: &Sort, depth: usize, rng: &mut dyn RngCore) -> Term {
        if depth == 0 {
            return self.leaf(sort, rng);
        }
        let (op, sorts) = self.shape(sort, rng);
        let deep = rng.random_range(0..sorts.len());
        let args = sorts
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let d = if k == deep {
                    depth - 1
                } else {
                    rng.random_range(0..depth)
                };
                self.draw(s, d, rng)
            })
            .collect();
        Term::app(op, args)
    }

    /// A term of `sort` and exactly `depth` with its value, or `None` when
    /// [`ATTEMPTS`] draws all failed to evaluate. Unless `depth` is 0, the
    /// term [`mentions_combined`] (a draw of strings and integers alone is
    /// drawn again).
    pub fn term(&self, sort: &Sort, depth: usize, rng: &mut dyn RngCore) -> Option<Sampled> {
        (0..ATTEMPTS).find_map(|_| {
            let term = self.draw(sort, depth, rng);
            if depth > 0 && !mentions_combined(&term) {
                return None;
            }
            let value = eval_closed(&term).ok()?;
            Some(Sampled { term, value })
        })
    }
}

/// Whether a sort is or contains a bit-vector or array sort.
pub fn is_combined_sort(s: &Sort) -> bool {
    matches!(s, Sort::BitVec(_) | Sort::Array(..))
}

/// Whether `t` writes or applies anything of the bit-vector or array
/// theories (a literal, a constant array, an operator, a bound variable of
/// such a sort).
pub fn mentions_combined(t: &Term) -> bool {
    let mut found = false;
    t.visit(&mut |t| {
        found |= match t {
            Term::BitVec(_) | Term::ConstArray(..) => true,
            Term::App(op, _) => op.is_bitvec() || matches!(op, Op::Select | Op::Store),
            Term::Quant(q) => q.vars.iter().any(|(_, s)| is_combined_sort(s)),
            _ => false,
        }
    });
    found
}

/// Whether `t` is a constant [`abstract_leaves`] may replace: a literal
/// (Booleans aside), a constant array, or one of `regexes`' pool regexes.
fn replaceable(t: &Term, regexes: &HashMap<Term, ()>) -> bool {
    matches!(
        t,
        Term::Int(_) | Term::Str(_) | Term::BitVec(_) | Term::ConstArray(..)
    ) || regexes.contains_key(t)
}

/// The pool regexes of `pool`, for [`abstract_leaves`].
pub fn regex_leaves(pool: &RegexPool) -> HashMap<Term, ()> {
    pool.regexes.iter().map(|r| (r.term.clone(), ())).collect()
}

/// Replaces each constant of `t` (see [`replaceable`]) by a variable with
/// probability `share`, equal constants by the same variable, declaring
/// the variables in `formula` and giving each in `model` the value of the
/// constant it replaced. Variables are named by sort (`bv0`, `a1`, `i2`,
/// `s3`, `re4`) after what `formula` declares already.
pub fn abstract_leaves(
    t: &Term,
    share: f64,
    regexes: &HashMap<Term, ()>,
    formula: &mut Formula,
    model: &mut Model,
    rng: &mut dyn RngCore,
) -> Term {
    let mut names: HashMap<Term, Term> = HashMap::new();
    walk(t, share, regexes, formula, model, &mut names, rng)
}

fn walk(
    t: &Term,
    share: f64,
    regexes: &HashMap<Term, ()>,
    formula: &mut Formula,
    model: &mut Model,
    names: &mut HashMap<Term, Term>,
    rng: &mut dyn RngCore,
) -> Term {
    if replaceable(t, regexes) {
        if let Some(v) = names.get(t) {
            return v.clone();
        }
        if rng.random_bool(share)
            && let Ok(value) = eval_closed(t)
        {
            let base = match value.sort() {
                Sort::BitVec(_) => "bv",
                Sort::Array(..) => "a",
                Sort::Seq(_) => "q",
                Sort::Fun(..) => "f",
                Sort::Int => "i",
                Sort::Real => "r",
                Sort::FloatingPoint(..) => "f",
                Sort::RoundingMode => "m",
                Sort::String => "s",
                Sort::RegLan => "re",
                Sort::Bool => "b",
            };
            let name = formula.fresh_symbol(base);
            formula.declare(name.clone(), value.sort());
            model.insert(name.clone(), value);
            let v = Term::var(name);
            names.insert(t.clone(), v.clone());
            return v;
        }
    }
    match t {
        Term::App(op, args) => Term::App(
            *op,
            args.iter()
                .map(|a| walk(a, share, regexes, formula, model, names, rng))
                .collect(),
        ),
        _ => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::semantics::eval;

    /// Depth and sort are exact and the carried value is the term's
    /// (re-evaluated; a wrong one would differ); every bit-vector and array
    /// operator is reached.
    #[test]
    fn sampled_terms_have_their_sort_depth_and_value() {
        let s = CombinedTermSampler::new(RegexPool::boundary());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let mut ops = std::collections::BTreeSet::new();
        for depth in 0..=4 {
            for _ in 0..150 {
                let sort = s.top_sort(&mut rng);
                let t = s.term(&sort, depth, &mut rng).expect("evaluable");
                assert_eq!(t.value.sort(), sort, "{}", t.term);
                let sorted = t.term.sort(&|_| None).expect("well-sorted");
                assert_eq!(sorted, sort, "{}", t.term);
                if depth > 0 {
                    // A pool leaf is written at depth 0 (literals) or
                    // more (regexes, constant arrays).
                    assert!(t.term.depth() >= depth, "{depth}: {}", t.term);
                }
                assert_eq!(eval_closed(&t.term), Ok(t.value.clone()));
                assert!(depth == 0 || mentions_combined(&t.term), "{}", t.term);
                ops.extend(t.term.operators().into_iter().map(|o| o.name()));
            }
        }
        for op in BINARY.iter().chain(COMPARISONS) {
            assert!(ops.contains(op.name()), "{} never drawn", op.name());
        }
        for name in [
            "concat", "extract", "repeat", "bvcomp", "int2bv", "bv2nat", "select", "store",
            "bvnot", "bvneg",
        ] {
            assert!(ops.contains(name), "{name} never drawn");
        }
    }

    /// Abstraction keeps the value: the abstracted term under the model
    /// evaluates to the closed term's value, with variables of bit-vector
    /// and array sorts among them.
    #[test]
    fn abstraction_keeps_every_value() {
        let s = CombinedTermSampler::new(RegexPool::boundary());
        let leaves = regex_leaves(s.regexes());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut bv, mut arr) = (0, 0);
        for _ in 0..600 {
            let sort = s.top_sort(&mut rng);
            let t = s.term(&sort, 3, &mut rng).unwrap();
            let mut f = Formula::default();
            let mut m = Model::new();
            let a = abstract_leaves(&t.term, 0.6, &leaves, &mut f, &mut m, &mut rng);
            assert_eq!(eval(&a, &m), Ok(t.value.clone()), "{a}");
            bv += usize::from(m.0.values().any(|v| matches!(v, Value::BitVec(_))));
            arr += usize::from(m.0.values().any(|v| matches!(v, Value::Array(_))));
        }
        assert!(bv > 200 && arr > 50, "{bv} {arr}");
    }
}
