//! Nested `RegLan` terms, sampled: the term pool of Kühne 2022's term
//! synthesis (Sect. 2.3.2) and complex results (Sect. 2.5.2), grown past
//! depth 1 without being enumerated.
//!
//! The thesis built its term pool exhaustively and ran out of memory before
//! it could nest; most of the regex bug reports it studied were nested. A
//! [`RegexTermSampler`] instead draws one term of a given depth at a time:
//! a Table 2.1 operation whose `RegLan` arguments are drawn one level
//! lower (one of them exactly one level lower, so the depth is exact), its
//! `String` arguments and indices from the pool, the leaves pool entries.
//! Nothing is kept between draws, so memory is flat however many are drawn.
//!
//! # Invariant
//!
//! A drawn [`Sampled`] term is closed, well-sorted `RegLan`, of exactly the
//! asked depth (counting a pool entry as depth 0), and its `lang` is the
//! language our semantics gives it ([`crate::semantics::eval_closed`]); a
//! term whose evaluation is over budget is drawn again, never guessed.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::pool::RegexPool;
use crate::semantics::regex::Regex;
use crate::semantics::{Value, eval_closed};
use crate::term::{Op, Pool, Term, Theory, pool, pool_len};

/// A term and its language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sampled {
    /// The term as written.
    pub term: Term,
    /// Its language.
    pub lang: Regex,
}

/// The `RegLan`-valued operations of Table 2.1 with `RegLan` arguments.
const NESTING: &[Op] = &pool::<{ pool_len(Pool::RegexNesting) }>(Pool::RegexNesting, &Theory::ALL);

/// Draws nested terms over a regex pool.
#[derive(Clone, Debug)]
pub struct RegexTermSampler {
    pool: RegexPool,
}

/// How many draws a term may take before [`RegexTermSampler::term`] gives
/// up (each failure is a decision over budget).
const ATTEMPTS: usize = 16;

impl RegexTermSampler {
    /// A sampler over `pool` (its regexes are the leaves, its strings and
    /// integers the other arguments).
    pub fn new(pool: RegexPool) -> Self {
        RegexTermSampler { pool }
    }

    /// The pool.
    pub fn pool(&self) -> &RegexPool {
        &self.pool
    }

    fn index(&self, rng: &mut dyn RngCore) -> u32 {
        self.pool.ints.choose(rng).copied().unwrap_or(1)
    }

    /// An unevaluated term of exactly `depth`.
    fn draw(&self, depth: usize, rng: &mut dyn RngCore) -> Term {
        if depth == 0 {
            return self
                .pool
                .regexes
                .choose(rng)
                .map(|r| r.term.clone())
                .unwrap_or_else(|| Term::app(Op::ReNone, vec![]));
        }
        let op = match *NESTING.choose(rng).expect("not empty") {
            Op::RePower(_) => Op::RePower(self.index(rng)),
            Op::ReLoop(..) => Op::ReLoop(self.index(rng), self.index(rng)),
            op => op,
        };
        let arity = match op {
            Op::ReConcat | Op::ReUnion | Op::ReInter | Op::ReDiff => 2,
            _ => 1,
        };
        let deep = rng.random_range(0..arity);
        let args = (0..arity)
            .map(|i| {
                let d = if i == deep {
                    depth - 1
                } else {
                    rng.random_range(0..depth)
                };
                self.draw(d, rng)
            })
            .collect();
        Term::app(op, args)
    }

    /// A term of exactly `depth` with its language, or `None` when
    /// [`ATTEMPTS`] draws were all over the evaluation budget.
    pub fn term(&self, depth: usize, rng: &mut dyn RngCore) -> Option<Sampled> {
        (0..ATTEMPTS).find_map(|_| {
            let term = self.draw(depth, rng);
            match eval_closed(&term) {
                Ok(Value::RegLan(lang)) => Some(Sampled { term, lang }),
                _ => None,
            }
        })
    }

    /// A term of depth at most `depth` whose language differs from `not`,
    /// or `None` after [`ATTEMPTS`] draws.
    pub fn term_other_than(
        &self,
        depth: usize,
        not: &Regex,
        rng: &mut dyn RngCore,
    ) -> Option<Sampled> {
        (0..ATTEMPTS).find_map(|_| {
            let d = rng.random_range(0..=depth);
            let s = self.term(d, rng)?;
            (s.lang.equiv(not) == Ok(false)).then_some(s)
        })
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    /// Depth is exact (a pool entry, itself written at depth 1 or more,
    /// counts as 0), terms are closed `RegLan`, and the carried language is
    /// the term's (re-evaluated); a wrong one would differ.
    #[test]
    fn sampled_terms_have_their_depth_and_language() {
        let s = RegexTermSampler::new(RegexPool::boundary());
        let leaf = s
            .pool()
            .regexes
            .iter()
            .map(|r| r.term.depth())
            .max()
            .unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let mut distinct = std::collections::BTreeSet::new();
        for depth in 0..=5 {
            for _ in 0..60 {
                let t = s.term(depth, &mut rng).expect("evaluable");
                let written = t.term.depth();
                assert!(
                    depth < written && written <= depth + leaf,
                    "{depth}: {}",
                    t.term
                );
                assert_eq!(eval_closed(&t.term), Ok(Value::RegLan(t.lang.clone())));
                distinct.insert(t.term.to_string());
            }
        }
        assert!(distinct.len() > 300, "{}", distinct.len());
    }

    #[test]
    fn other_than_differs() {
        let s = RegexTermSampler::new(RegexPool::paper());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for _ in 0..100 {
            let a = s.term(2, &mut rng).unwrap();
            let b = s.term_other_than(2, &a.lang, &mut rng).unwrap();
            assert!(!a.lang.equiv(&b.lang).unwrap());
        }
    }
}
