//! The generators a stream builds from parts: a fixed list of cases
//! ([`Cases`], the equivalent-formula tables the unsat chains start from)
//! and a generated case grown by a random chain of transformations
//! ([`Grown`]).
//!
//! # Invariants
//!
//! - A grown case's truth holds: its start's does (its generator keeps
//!   it), and each transformation of the chain keeps it, as its module
//!   states and tests.
//! - The random choices are drawn in one order, the start's first, then
//!   the chain's length, then the chain's own, so a seed reproduces a
//!   stream.

use std::ops::RangeInclusive;
use std::sync::Arc;

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use crate::generate::Generator;
use crate::transform::{
    ConstantReplacement, NoiseIntroduction, Transformation, VariableReplacement, random_chain,
};
use crate::truth::Case;

/// The unsat transformations (variable replacement, constant replacement,
/// noise introduction), which grow unsat cases and their cores.
const UNSAT: &[&dyn Transformation] = &[
    &VariableReplacement,
    &ConstantReplacement,
    &NoiseIntroduction,
];

/// The bit-vector and array rows of variable and constant replacement,
/// which keep a sat case's model (see
/// `transform::replacement::combined_variable` and
/// `transform::replacement::combined_constant`).
const COMBINED_SAT: &[&dyn Transformation] = &[&VariableReplacement, &ConstantReplacement];

/// The transformations a chain draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Catalogue {
    /// Variable replacement, constant replacement, noise introduction.
    Unsat,
    /// Variable and constant replacement, for combined sat cases.
    CombinedSat,
}

impl Catalogue {
    /// The transformations, in the order a chain draws them by index.
    pub fn transformations(self) -> &'static [&'static dyn Transformation] {
        match self {
            Catalogue::Unsat => UNSAT,
            Catalogue::CombinedSat => COMBINED_SAT,
        }
    }
}

/// Draws one of a fixed, non-empty list of cases, uniformly.
#[derive(Clone, Debug)]
pub struct Cases {
    cases: Arc<[Case]>,
}

impl Cases {
    /// The list (shared, not copied, by clones); it must not be empty.
    pub fn new(cases: Vec<Case>) -> Self {
        assert!(!cases.is_empty(), "a list of cases to draw from is empty");
        Cases {
            cases: cases.into(),
        }
    }

    /// The first case of the list.
    pub fn first(&self) -> &Case {
        &self.cases[0]
    }
}

impl Generator for Cases {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        Some(self.cases.choose(rng).expect("not empty").clone())
    }
}

/// A case of `start` grown by a chain of transformations of a random
/// length.
#[derive(Clone, Debug)]
pub struct Grown<G> {
    start: G,
    catalogue: Catalogue,
    lengths: RangeInclusive<usize>,
    category: Option<&'static str>,
    fallback: Option<Case>,
}

impl<G> Grown<G> {
    /// Cases of `start` grown by chains of a length in `lengths`, drawn
    /// from `catalogue`.
    pub fn new(start: G, catalogue: Catalogue, lengths: RangeInclusive<usize>) -> Self {
        Grown {
            start,
            catalogue,
            lengths,
            category: None,
            fallback: None,
        }
    }

    /// The category every grown case is filed under (else the chain's).
    pub fn category(mut self, category: &'static str) -> Self {
        self.category = Some(category);
        self
    }

    /// The case a draw whose start finds nothing yields, as it is (else
    /// the draw finds nothing).
    pub fn or_else(mut self, fallback: Case) -> Self {
        self.fallback = Some(fallback);
        self
    }
}

impl<G: Generator> Generator for Grown<G> {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let Some(start) = self.start.try_next(rng) else {
            return self.fallback.clone();
        };
        let len = rng.random_range(self.lengths.clone());
        let mut case = random_chain(&start, self.catalogue.transformations(), len, rng);
        if let Some(category) = self.category {
            case.provenance.category = category.into();
        }
        Some(case)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::strings::equivalent_formula_cases;

    /// Finds nothing, drawing nothing.
    #[derive(Clone, Debug)]
    struct Nothing;

    impl Generator for Nothing {
        fn try_next(&mut self, _: &mut dyn RngCore) -> Option<Case> {
            None
        }
    }

    #[test]
    fn a_start_that_finds_nothing_yields_the_fallback_as_it_is() {
        let fallback = equivalent_formula_cases(false, 0).next().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let before = rng.clone();
        let mut grown = Grown::new(Nothing, Catalogue::Unsat, 0..=MAX).or_else(fallback.clone());
        assert_eq!(grown.try_next(&mut rng), Some(fallback));
        assert_eq!(rng, before, "no chain length is drawn");
        let mut bare = Grown::new(Nothing, Catalogue::Unsat, 0..=MAX);
        assert_eq!(bare.try_next(&mut rng), None);
    }

    const MAX: usize = 4;

    #[test]
    fn grown_cases_keep_their_truth_and_take_the_category() {
        let starts: Vec<Case> = equivalent_formula_cases(false, 0).collect();
        // A chain records one entry per step taken.
        let longest = starts.iter().map(|c| c.provenance.chain.len()).max();
        let longest = longest.expect("Table 2 is not empty") + MAX;
        let mut grown =
            Grown::new(Cases::new(starts), Catalogue::Unsat, 0..=MAX).category("unsat-chain");
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for _ in 0..50 {
            let case = grown.next(&mut rng);
            case.check().unwrap_or_else(|e| panic!("{e}: {case:?}"));
            assert_eq!(case.provenance.category, "unsat-chain");
            assert!(case.provenance.chain.len() <= longest, "{case:?}");
        }
    }
}
