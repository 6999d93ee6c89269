//! Random sat cases for the fuzz loop: step-1 formulas, constant
//! assignments, term syntheses and chains of transformations, mixed.
//!
//! # Invariants
//!
//! - Every case returned is sat with a model that satisfies it: it is made
//!   by a generator or a chain of sat transformations, each of which keeps
//!   that truth (their modules state and test why).
//! - Every random choice comes from the caller's generator, so a seed
//!   reproduces a case; nothing is kept between calls, so memory is flat.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use crate::generate::strings::{
    STRING_OPERATORS, TermPool, TermPoolError, argument_sorts, step1_with,
};
use crate::generate::{ConstantPool, Generator};
use crate::term::Op;
use crate::transform::{
    ConstantAssignment, TermSynthesis, Transformation, VariableAbstraction, random_chain,
    synthesize_case,
};
use crate::truth::Case;

/// Makes random sat cases. Build with [`RandomCaseGenerator::new`], adjust
/// with the builder methods, then draw with [`Generator::next`].
#[derive(Clone, Debug)]
pub struct RandomCaseGenerator {
    pool: ConstantPool,
    terms: TermPool,
    synthesis: TermSynthesis,
    depth: usize,
    max_chain: usize,
    seed: u64,
}

impl RandomCaseGenerator {
    /// A generator over `pool`, with terms of depth up to 3 and chains of up
    /// to 10 transformations.
    pub fn new(pool: ConstantPool) -> Result<Self, TermPoolError> {
        let terms = TermPool::new(pool.clone())?;
        Ok(RandomCaseGenerator {
            pool,
            synthesis: TermSynthesis::new(terms.clone(), 3),
            terms,
            depth: 3,
            max_chain: 10,
            seed: 0,
        })
    }

    /// The largest depth of synthesized terms (at least 1).
    pub fn depth(mut self, depth: usize) -> Self {
        self.depth = depth.max(1);
        self.synthesis = TermSynthesis::new(self.terms.clone(), self.depth);
        self
    }

    /// The longest chain of transformations (0: no chains).
    pub fn max_chain(mut self, max_chain: usize) -> Self {
        self.max_chain = max_chain;
        self
    }

    /// The seed recorded in the cases' provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// A step-1 case of `op` over random pool arguments.
    fn step1(&self, op: Op, rng: &mut dyn RngCore) -> Option<Case> {
        let args: Vec<_> = argument_sorts(op)
            .iter()
            .map(|s| {
                self.pool
                    .nth(s, rng.random_range(0..self.pool.count(s).max(1)))
            })
            .collect::<Option<_>>()?;
        step1_with(op, &args, self.seed)
    }
}

impl Generator for RandomCaseGenerator {
    /// The next random case: 40% constant assignment, 30% term synthesis,
    /// 10% step 1, 20% a random chain (category `chain`) from a step-1 or
    /// term-synthesis case; `None` where the drawn operation fits no pool
    /// arguments.
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let op = *STRING_OPERATORS.choose(rng).expect("not empty");
        let roll = rng.random_range(0..10);
        let base = if roll < 4 {
            let mut c = ConstantAssignment.apply(&self.step1(op, rng)?, rng)?;
            c.provenance.category = "constant-assignment".into();
            c.provenance.chain.clear();
            c
        } else if roll < 7 || self.max_chain == 0 {
            synthesize_case(
                op,
                &self.terms,
                rng.random_range(1..=self.depth),
                self.seed,
                rng,
            )?
        } else if roll < 8 {
            return self.step1(op, rng);
        } else {
            let start = if rng.random_bool(0.5) {
                self.step1(op, rng)?
            } else {
                synthesize_case(
                    op,
                    &self.terms,
                    rng.random_range(1..=self.depth),
                    self.seed,
                    rng,
                )?
            };
            let catalogue: [&dyn Transformation; 3] =
                [&ConstantAssignment, &self.synthesis, &VariableAbstraction];
            let len = rng.random_range(1..=self.max_chain);
            let mut c = random_chain(&start, &catalogue, len, rng);
            c.provenance.category = "chain".into();
            c
        };
        Some(base)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn random_cases_are_valid_and_mixed() {
        let mut g = RandomCaseGenerator::new(ConstantPool::boundary())
            .unwrap()
            .seed(5);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut categories: BTreeMap<String, usize> = BTreeMap::new();
        for _ in 0..2000 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert_eq!(c.provenance.seed, 5);
            *categories.entry(c.provenance.category).or_default() += 1;
        }
        for cat in ["step1", "constant-assignment", "term-synthesis", "chain"] {
            let n = categories.get(cat).copied().unwrap_or(0);
            assert!(n >= 100, "{cat}: {n} of 2000 ({categories:?})");
        }
    }

    #[test]
    fn a_seed_reproduces_the_cases() {
        let make = || {
            let mut g = RandomCaseGenerator::new(ConstantPool::paper())
                .unwrap()
                .depth(2)
                .max_chain(4);
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            (0..100).map(|_| g.next(&mut rng)).collect::<Vec<_>>()
        };
        assert_eq!(make(), make());
    }
}
