//! Nested bit-vector terms, sampled: every bit-vector operator of SMT-LIB
//! 2.6 and 2.7 (arithmetic, bitwise, shifts, rotations, `concat`,
//! `extract`, the extensions, `repeat`, `bvcomp`, the comparisons, the
//! overflow predicates, and the conversions to and from Int), nested to
//! any depth over constants drawn with the boundaries weighted
//! ([`super::widths`]). Int appears only through the conversions: an Int
//! term is a conversion of a bit-vector, a sum of two of them, or an Int
//! constant inside `int2bv`/`int_to_bv`. Arrays from bit-vectors to
//! bit-vectors (QF_ABV) are read with `select`, written with `store`,
//! compared extensionally, their leaves constant arrays.
//!
//! [`abstract_constants`] then turns constants of a closed term into
//! variables holding their values (equal constants the same variable).
//!
//! # Invariants
//!
//! - A drawn [`BvSampled`] term is closed, well-sorted, of the asked sort,
//!   of at least the asked depth, has a bit-vector in it (depth 0 aside), and its
//!   value is what our semantics gives it; a draw whose evaluation fails is
//!   drawn again, never guessed.
//! - [`abstract_constants`] changes no subterm's value under the model it
//!   returns.
//! - Operators a solver release lacks (the 2.7 ones) are drawn too: the
//!   harness drops such a case for that release before it is sent
//!   (`oracle::not_expressible`), counted, never a finding.

use std::collections::HashMap;

use rand::{Rng, RngCore};

use super::widths::{random_bitvec, random_int, random_width};
use crate::semantics::{Model, Value, eval_closed};
use crate::term::{Formula, Op, Pool, Sort, Term, Theory, pool, pool_len};

/// Binary bit-vector operators of one width to that width.
const BINARY: &[Op] = &pool::<{ pool_len(Pool::BvBinary) }>(Pool::BvBinary, &Theory::ALL);

/// The bit-vector comparisons.
const COMPARISONS: &[Op] =
    &pool::<{ pool_len(Pool::BvComparison) }>(Pool::BvComparison, &Theory::ALL);

/// The binary overflow predicates of SMT-LIB 2.7.
pub const OVERFLOW: &[Op] = &[
    Op::BvUaddo,
    Op::BvSaddo,
    Op::BvUmulo,
    Op::BvSmulo,
    Op::BvUsubo,
    Op::BvSsubo,
    Op::BvSdivo,
];

/// The index and element widths of the arrays drawn (small: extensional
/// equality and models list every stored index).
const ARRAY_WIDTHS: &[u32] = &[1, 4, 8, 32];

fn array(i: Sort, e: Sort) -> Sort {
    Sort::Array(Box::new(i), Box::new(e))
}

/// How many draws a term may take before [`BvTermSampler::term`] gives up.
const ATTEMPTS: usize = 16;

/// A term and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BvSampled {
    /// The term as written.
    pub term: Term,
    /// Its value.
    pub value: Value,
}

/// Draws nested bit-vector terms.
#[derive(Clone, Debug, Default)]
pub struct BvTermSampler;

fn pick<T: Copy>(items: &[T], rng: &mut dyn RngCore) -> T {
    items[rng.random_range(0..items.len())]
}

impl BvTermSampler {
    /// A sort for a formula's top term: mostly a bit-vector or Bool, an
    /// Int conversion now and then.
    pub fn top_sort(&self, rng: &mut dyn RngCore) -> Sort {
        match rng.random_range(0..10) {
            0..=2 => Sort::Bool,
            3 => Sort::Int,
            _ => Sort::BitVec(random_width(rng)),
        }
    }

    /// A constant of `sort`.
    pub fn leaf(&self, sort: &Sort, rng: &mut dyn RngCore) -> Term {
        match sort {
            Sort::Bool => Term::Bool(rng.random()),
            Sort::Int => Term::Int(random_int(rng)),
            Sort::BitVec(w) => Term::BitVec(random_bitvec(*w, rng)),
            Sort::Array(_, e) => Term::const_array(sort.clone(), self.leaf(e, rng)),
            other => unreachable!("no bit-vector term has sort {other}"),
        }
    }

    /// An operation whose result has `sort`, with its argument sorts.
    fn shape(&self, sort: &Sort, rng: &mut dyn RngCore) -> (Op, Vec<Sort>) {
        let bv = Sort::BitVec;
        match sort {
            Sort::BitVec(w) => {
                let w = *w;
                match rng.random_range(0..14) {
                    0..=3 => (pick(BINARY, rng), vec![bv(w), bv(w)]),
                    4 => (pick(&[Op::BvNot, Op::BvNeg], rng), vec![bv(w)]),
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
                        let from = pick(&[w, w + 1, w + 7, 2 * w], rng);
                        let j = rng.random_range(0..=from - w);
                        (Op::Extract(j + w - 1, j), vec![bv(from)])
                    }
                    8 if w > 1 => {
                        let k = rng.random_range(1..w);
                        let op = if rng.random() {
                            Op::ZeroExtend(k)
                        } else {
                            Op::SignExtend(k)
                        };
                        (op, vec![bv(w - k)])
                    }
                    9 => {
                        let divisors: Vec<u32> = (1..=w.min(8)).filter(|k| w % k == 0).collect();
                        let k = pick(&divisors, rng);
                        (Op::Repeat(k), vec![bv(w / k)])
                    }
                    10 if w == 1 => {
                        let m = random_width(rng);
                        (Op::BvComp, vec![bv(m), bv(m)])
                    }
                    11 => (pick(&[Op::Int2bv(w), Op::IntToBv(w)], rng), vec![Sort::Int]),
                    12 => {
                        let i = bv(pick(ARRAY_WIDTHS, rng));
                        (Op::Select, vec![array(i.clone(), bv(w)), i])
                    }
                    _ => (Op::Ite, vec![Sort::Bool, bv(w), bv(w)]),
                }
            }
            Sort::Bool => {
                let m = random_width(rng);
                match rng.random_range(0..9) {
                    0..=2 => (pick(COMPARISONS, rng), vec![bv(m), bv(m)]),
                    8 => {
                        let a = array(bv(pick(ARRAY_WIDTHS, rng)), bv(pick(ARRAY_WIDTHS, rng)));
                        (Op::Eq, vec![a.clone(), a])
                    }
                    3 => (Op::Eq, vec![bv(m), bv(m)]),
                    4 | 5 => (pick(OVERFLOW, rng), vec![bv(m), bv(m)]),
                    6 => (Op::BvNego, vec![bv(m)]),
                    _ => (pick(&[Op::Not, Op::And, Op::Or], rng), {
                        let n = rng.random_range(1..=2);
                        vec![Sort::Bool; n]
                    }),
                }
            }
            Sort::Array(i, e) => {
                if rng.random_bool(0.2) {
                    (Op::Ite, vec![Sort::Bool, sort.clone(), sort.clone()])
                } else {
                    (Op::Store, vec![sort.clone(), (**i).clone(), (**e).clone()])
                }
            }
            Sort::Int => match rng.random_range(0..4) {
                0 => (Op::Bv2nat, vec![bv(random_width(rng))]),
                1 => (Op::UbvToInt, vec![bv(random_width(rng))]),
                2 => (Op::SbvToInt, vec![bv(random_width(rng))]),
                _ => (Op::Add, vec![Sort::Int, Sort::Int]),
            },
            other => unreachable!("no bit-vector term has sort {other}"),
        }
    }

    /// An unevaluated term of `sort` and `depth`: one argument exactly a
    /// level lower, the others at most that; an Int argument is a constant
    /// where its operator allows (the conversions to bit-vectors take any).
    pub fn draw(&self, sort: &Sort, depth: usize, rng: &mut dyn RngCore) -> Term {
        if depth == 0 {
            return self.leaf(sort, rng);
        }
        let (op, sorts) = self.shape(sort, rng);
        // `not` and `and` with one argument: `and` takes two or more.
        let sorts = match (op, sorts.len()) {
            (Op::Not, _) => vec![Sort::Bool],
            (Op::And | Op::Or, 1) => vec![Sort::Bool, Sort::Bool],
            _ => sorts,
        };
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

    /// A term of `sort` and `depth` with its value, or `None` when
    /// [`ATTEMPTS`] draws all failed to evaluate. Unless `depth` is 0, the
    /// term mentions a bit-vector (a Boolean combination of Boolean
    /// constants is drawn again).
    pub fn term(&self, sort: &Sort, depth: usize, rng: &mut dyn RngCore) -> Option<BvSampled> {
        (0..ATTEMPTS).find_map(|_| {
            let term = self.draw(sort, depth, rng);
            if depth > 0 && !mentions_bitvec(&term) {
                return None;
            }
            let value = eval_closed(&term).ok()?;
            Some(BvSampled { term, value })
        })
    }
}

impl BvTermSampler {
    /// A closed term whose value is `value` (a bit-vector, Int or Bool),
    /// at least `depth` deep (1 at least) and mentioning a bit-vector: a
    /// drawn term `t` of value `u`, corrected by a constant where `u` is
    /// not `value` (`(bvxor t c)` with `c = u ^ value` or `(bvadd t c)`
    /// with `c = value - u`, `(+ t c)` with `c = value - u`, `(not t)`).
    /// Term synthesis draws from here for a case over bit-vectors, so the
    /// case stays one. `None` for other sorts, or when no draw evaluates;
    /// the result's value is checked by evaluation, never assumed.
    pub fn with_value(&self, value: &Value, depth: usize, rng: &mut dyn RngCore) -> Option<Term> {
        let sort = value.sort();
        if !matches!(sort, Sort::Bool | Sort::Int | Sort::BitVec(_)) {
            return None;
        }
        let t = self.term(&sort, depth.max(1), rng)?;
        let (u, v) = (t.value.to_term(), value.to_term());
        let term = match sort {
            _ if t.value == *value && rng.random_bool(0.5) => t.term,
            Sort::Bool if t.value == *value => t.term,
            Sort::Bool => Term::app(Op::Not, vec![t.term]),
            Sort::BitVec(_) if rng.random_bool(0.5) => {
                let c = eval_closed(&Term::app(Op::BvXor, vec![u, v])).ok()?;
                Term::app(Op::BvXor, vec![t.term, c.to_term()])
            }
            Sort::BitVec(_) => {
                let c = eval_closed(&Term::app(Op::BvSub, vec![v, u])).ok()?;
                Term::app(Op::BvAdd, vec![t.term, c.to_term()])
            }
            _ => {
                let c = eval_closed(&Term::app(Op::Sub, vec![v, u])).ok()?;
                Term::app(Op::Add, vec![t.term, c.to_term()])
            }
        };
        (eval_closed(&term).ok()? == *value).then_some(term)
    }
}

/// Whether `t` has a bit-vector literal or operator in it.
fn mentions_bitvec(t: &Term) -> bool {
    let mut found = false;
    t.visit(&mut |t| {
        found |= matches!(t, Term::BitVec(_)) || matches!(t, Term::App(op, _) if op.is_bitvec());
    });
    found
}

/// Replaces each bit-vector, integer and Boolean constant of `t` by a variable with
/// probability `share` (equal constants by the same variable), declaring
/// the variables in `formula` (`bv0`, `i1`, `b2`, ... after what it declares)
/// and giving each in `model` the value of the constant it replaced.
pub fn abstract_constants(
    t: &Term,
    share: f64,
    formula: &mut Formula,
    model: &mut Model,
    rng: &mut dyn RngCore,
) -> Term {
    let mut names: HashMap<Term, Term> = HashMap::new();
    walk(t, share, formula, model, &mut names, rng)
}

fn walk(
    t: &Term,
    share: f64,
    formula: &mut Formula,
    model: &mut Model,
    names: &mut HashMap<Term, Term>,
    rng: &mut dyn RngCore,
) -> Term {
    match t {
        Term::BitVec(_) | Term::Int(_) | Term::Bool(_) => {
            if let Some(v) = names.get(t) {
                return v.clone();
            }
            if !rng.random_bool(share) {
                return t.clone();
            }
            let value = eval_closed(t).expect("a literal has a value");
            let base = match t {
                Term::Int(_) => "i",
                Term::Bool(_) => "b",
                _ => "bv",
            };
            let name = formula.fresh_symbol(base);
            formula.declare(name.clone(), value.sort());
            model.insert(name.clone(), value);
            let v = Term::var(name);
            names.insert(t.clone(), v.clone());
            v
        }
        // A constant array is replaced whole or not at all: solvers
        // (cvc5) take only values inside `(as const ...)`.
        Term::ConstArray(..) if rng.random_bool(share) => {
            let value = eval_closed(t).expect("a constant array has a value");
            let name = formula.fresh_symbol("a");
            formula.declare(name.clone(), value.sort());
            model.insert(name.clone(), value);
            Term::var(name)
        }
        Term::App(op, args) => Term::App(
            *op,
            args.iter()
                .map(|a| walk(a, share, formula, model, names, rng))
                .collect(),
        ),
        _ => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::SeedableRng;

    use super::*;
    use crate::semantics::eval;
    use crate::term::OPERATORS;

    /// Sort and value are the term's (re-evaluated), depth at least the
    /// asked one, and every bit-vector operator of the table is drawn.
    #[test]
    fn sampled_terms_have_their_sort_depth_and_value_and_reach_every_operator() {
        let s = BvTermSampler;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut ops = BTreeSet::new();
        for depth in 0..=4 {
            for _ in 0..300 {
                let sort = s.top_sort(&mut rng);
                let t = s.term(&sort, depth, &mut rng).expect("evaluable");
                assert_eq!(t.value.sort(), sort, "{}", t.term);
                assert_eq!(t.term.sort(&|_| None).expect("well-sorted"), sort);
                assert!(t.term.depth() >= depth, "{depth}: {}", t.term);
                assert_eq!(eval_closed(&t.term), Ok(t.value.clone()));
                assert!(depth == 0 || mentions_bitvec(&t.term), "{}", t.term);
                ops.extend(t.term.operators().into_iter().map(|o| o.name()));
            }
        }
        for row in OPERATORS.iter().filter(|r| r.op.is_bitvec()) {
            assert!(ops.contains(row.name), "{} never drawn", row.name);
        }
        for name in ["select", "store"] {
            assert!(ops.contains(name), "{name} never drawn");
        }
    }

    /// A term drawn for a value has that value and mentions a bit-vector,
    /// for every sort term synthesis asks of it.
    #[test]
    fn terms_drawn_for_a_value_have_it() {
        let s = BvTermSampler;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let mut made = 0;
        for _ in 0..600 {
            let sort = s.top_sort(&mut rng);
            let value = eval_closed(&s.leaf(&sort, &mut rng)).unwrap();
            let depth = rng.random_range(1..4);
            let Some(t) = s.with_value(&value, depth, &mut rng) else {
                continue;
            };
            made += 1;
            assert_eq!(eval_closed(&t), Ok(value), "{t}");
            assert!(mentions_bitvec(&t) && t.depth() >= depth, "{t}");
        }
        assert!(made > 550, "{made} of 600");
        assert!(s.with_value(&Value::Str("a".into()), 2, &mut rng).is_none());
    }

    #[test]
    fn abstraction_keeps_every_value() {
        let s = BvTermSampler;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let mut abstracted = 0;
        for _ in 0..400 {
            let sort = s.top_sort(&mut rng);
            let t = s.term(&sort, 3, &mut rng).unwrap();
            let mut f = Formula::default();
            let mut m = Model::new();
            let a = abstract_constants(&t.term, 0.5, &mut f, &mut m, &mut rng);
            assert_eq!(eval(&a, &m), Ok(t.value.clone()), "{a}");
            abstracted += usize::from(!f.decls.is_empty());
        }
        assert!(abstracted > 300, "{abstracted}");
    }
}
