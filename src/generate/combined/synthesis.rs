//! Sat cases across the combined theories by constant assignment (Kühne
//! 2022, Sect. 3.1.1) and term synthesis (Sect. 3.1): a closed term over
//! Table 3.2's operations and Table 3.1's pool, a true statement about its
//! value, then pool constants replaced by variables whose values the model
//! holds, so models carry bit-vector and array values.
//!
//! - **Constant assignment** (depth 1): one operation applied to pool
//!   constants, `(= (bvudiv #x0 #x1) #x0)`, `(= (select a i) "b")`.
//! - **Term synthesis** (depth ≥ 2, 3 by default): a nested term drawn by
//!   [`CombinedTermSampler`], across theories at every level
//!   (`(bvult (int2bv (str.len (select a #x1))) ...)`).
//!
//! The statement is `(= t r)` with `r` the value written as a constant
//! (`#x..`, `(store ((as const ...) d) k v)`, a canonical regex) or a
//! variable `res` holding it; for a Boolean `t`, `t` or `(not t)`.
//!
//! # Invariant
//!
//! The carried model satisfies the formula under our semantics: the
//! statement is true of the closed term by evaluation, and
//! [`abstract_leaves`] keeps every subterm's value. A draw that cannot be
//! evaluated within budget is drawn again, never guessed.

use ahash::AHashMap as HashMap;
use rand::{Rng, RngCore};

use super::terms::{CombinedTermSampler, abstract_leaves, regex_leaves};
use crate::generate::Generator;
use crate::generate::regex::RegexPool;
use crate::semantics::{Model, Value, eval};
use crate::term::{Formula, Term};
use crate::truth::{Case, Provenance, Truth};

/// Makes sat combined cases of one depth.
#[derive(Clone, Debug)]
pub struct CombinedSynthesis {
    sampler: CombinedTermSampler,
    leaves: HashMap<Term, ()>,
    depth: usize,
    seed: u64,
}

impl CombinedSynthesis {
    /// Cases over terms of exactly `depth` (at least 1; 1 is constant
    /// assignment) over `pool` and the combined pool built on it.
    pub fn new(pool: RegexPool, depth: usize) -> Self {
        let leaves = regex_leaves(&pool);
        CombinedSynthesis {
            sampler: CombinedTermSampler::new(pool),
            leaves,
            depth: depth.max(1),
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
        if self.depth == 1 {
            "combined-constant-assignment"
        } else {
            "combined-term-synthesis"
        }
    }
}

impl Generator for CombinedSynthesis {
    /// The next case, or `None` if the draw was over budget.
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let sort = self.sampler.top_sort(rng);
        let t = self.sampler.term(&sort, self.depth, rng)?;
        let mut formula = Formula::default();
        let mut model = Model::new();
        let body = abstract_leaves(&t.term, 0.5, &self.leaves, &mut formula, &mut model, rng);
        let statement = match &t.value {
            Value::Bool(b) if rng.random_bool(0.5) => {
                if *b {
                    body
                } else {
                    Term::not(body)
                }
            }
            v if rng.random_bool(0.3) => {
                let res = formula.fresh_symbol("res");
                formula.declare(res.clone(), v.sort());
                model.insert(res.clone(), v.clone());
                Term::eq(body, Term::var(res))
            }
            v => Term::eq(body, v.to_term()),
        };
        // The invariant holds by construction; a statement our semantics
        // cannot decide within budget (languages as array keys) is drawn
        // again rather than labelled.
        if eval(&statement, &model) != Ok(Value::Bool(true)) {
            return None;
        }
        formula.assert(statement, None);
        Some(Case::new(
            formula,
            Truth::Sat { model },
            Provenance::generated(
                self.seed,
                self.category(),
                vec![format!("depth={}", self.depth)],
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::term::Sort;

    /// The invariant on draws at depths 1 to 4: every model satisfies its
    /// formula (checked by the case's own check, which re-evaluates), and
    /// models carry bit-vector and array values.
    #[test]
    fn the_model_satisfies_every_draw() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        let (mut bv, mut arr, mut deep) = (0, 0, 0);
        for depth in 1..=4 {
            let mut g = CombinedSynthesis::new(RegexPool::boundary_randomized(depth as u64), depth);
            for _ in 0..300 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| {
                    panic!("{e}\n{}", c.formula.to_script(None, Default::default()))
                });
                let Truth::Sat { model } = &c.truth else {
                    panic!("sat")
                };
                bv += usize::from(model.0.values().any(|v| matches!(v, Value::BitVec(_))));
                arr += usize::from(
                    c.formula
                        .decls
                        .iter()
                        .any(|(_, s)| matches!(s, Sort::Array(..))),
                );
                deep += usize::from(c.formula.assertions[0].term.depth() > depth);
            }
        }
        assert!(bv > 300 && arr > 100, "{bv} {arr}");
        assert!(deep > 600, "{deep}");
    }

    /// The check the test relies on can fail: a wrong bit-vector result
    /// is caught.
    #[test]
    fn a_wrong_result_is_caught() {
        let mut f = Formula::default();
        f.assert(
            Term::eq(
                Term::app(
                    crate::term::Op::BvUdiv,
                    vec![Term::bv(4, 5), Term::bv(4, 0)],
                ),
                Term::bv(4, 0),
            ),
            None,
        );
        let c = Case::new(
            f,
            Truth::Sat {
                model: Model::new(),
            },
            Provenance::default(),
        );
        assert!(c.check().is_err());
    }
}
