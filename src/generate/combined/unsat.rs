//! Unsat formulas across the combined theories with constants (Kühne 2022,
//! Sect. 3.2, after 2.5.1) and with complex results (after 2.5.2).
//!
//! A closed term `t` over Table 3.2's operations and Table 3.1's pool is
//! drawn ([`CombinedTermSampler`]) and set equal to something of another
//! value:
//!
//! - **constants**: a pool constant of its sort, `(= (bvsdiv #x8 #xf)
//!   #x0)`;
//! - **complex results**: another drawn term, `(= (bvshl #x1 #x4) (concat
//!   #b0 (bvnot #b000)))`, both sides nested when the depth is 2 or more.
//!
//! # Invariant
//!
//! Each case is one closed assertion `a0` that our semantics evaluates to
//! `false` (checked on each draw, languages and extensional arrays
//! included): it is unsat and `{a0}` is its unique minimal core. A draw
//! whose evaluation fails, or whose sides happen to be equal, is drawn
//! again.

use rand::{Rng, RngCore};

use super::terms::CombinedTermSampler;
use crate::generate::Generator;
use crate::semantics::{Value, eval_closed};
use crate::term::{Formula, Term};
use crate::truth::{Case, Provenance, Truth};

/// Which right-hand side is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3_2 {
    /// A pool constant.
    Constant,
    /// A drawn term of depth 1 up to the generator's depth.
    Complex,
}

/// Makes unsat combined cases.
#[derive(Clone, Debug)]
pub struct CombinedUnsat {
    sampler: CombinedTermSampler,
    depth: usize,
    result: Result3_2,
    seed: u64,
}

impl CombinedUnsat {
    /// Cases whose left side has depth 1 up to `depth` (at least 1).
    pub fn new(sampler: CombinedTermSampler, depth: usize, result: Result3_2) -> Self {
        CombinedUnsat {
            sampler,
            depth: depth.max(1),
            result,
            seed: 0,
        }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The category named in provenance and manifests.
    pub fn category(&self) -> &'static str {
        match self.result {
            Result3_2::Constant => "combined-unsat-constant",
            Result3_2::Complex => "combined-unsat-complex",
        }
    }
}

impl Generator for CombinedUnsat {
    /// The next case, or `None` if the draw failed (over budget, or both
    /// sides equal).
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let sort = self.sampler.top_sort(rng);
        let d = rng.random_range(1..=self.depth);
        let lhs = self.sampler.term(&sort, d, rng)?;
        let rhs = match self.result {
            Result3_2::Constant => self.sampler.leaf(&sort, rng),
            Result3_2::Complex => {
                let d = rng.random_range(1..=self.depth);
                self.sampler.term(&sort, d, rng)?.term
            }
        };
        let assertion = Term::eq(lhs.term, rhs);
        if eval_closed(&assertion) != Ok(Value::Bool(false)) {
            return None;
        }
        let mut formula = Formula::default();
        formula.assert(assertion, Some("a0".into()));
        Some(Case::new(
            formula,
            Truth::Unsat {
                core: ["a0".to_string()].into(),
            },
            Provenance::generated(self.seed, self.category(), vec![format!("depth={d}")]),
        ))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::generate::regex::RegexPool;

    /// Every case's one assertion is false under our semantics, for both
    /// kinds of result, and complex results nest on both sides.
    #[test]
    fn every_case_is_false_with_core_a0() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        for result in [Result3_2::Constant, Result3_2::Complex] {
            let mut g =
                CombinedUnsat::new(CombinedTermSampler::new(RegexPool::boundary()), 3, result);
            let mut nested_rhs = 0;
            for _ in 0..400 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
                let a = &c.formula.assertions[0].term;
                assert_eq!(eval_closed(a), Ok(Value::Bool(false)), "{a}");
                let Term::App(_, sides) = a else { panic!() };
                nested_rhs += usize::from(sides[1].depth() >= 2);
            }
            if result == Result3_2::Complex {
                assert!(nested_rhs > 150, "{nested_rhs}");
            }
        }
    }
}
