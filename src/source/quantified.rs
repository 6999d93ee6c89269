//! Cases of the other streams with quantifiers of ours: a drawn case passed
//! through a short chain of the quantifier transformations
//! (`transform::quantifier`), kept only when the chain quantified it.
//!
//! # Invariants
//!
//! - The truth holds: the start's does, and each quantifier transformation
//!   keeps it (or, for `exists-negation`, makes a new one), as its module
//!   states and tests.
//! - Every case yielded is of [`Theory::Quant`](super::Theory::Quant): a
//!   chain that applied nothing quantifying is a draw that found nothing.
//! - The random choices are drawn in one order (the start's, the chain's
//!   length, the chain's own), so a seed reproduces a stream.

use rand::{Rng, RngCore};

use crate::generate::Generator;
use crate::transform::quantifier::{
    ExistsNegation, ExistsSat, ExistsUnsat, ForallNoise, mentions_quant,
};
use crate::transform::{Transformation, random_chain};
use crate::truth::Case;

/// The longest chain of quantifier transformations drawn.
const MAX_STEPS: usize = 3;

/// Which quantifier transformations a chain draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifying {
    /// `exists` over a sat case's variable, valid `forall` noise: sat stays
    /// sat.
    Sat,
    /// `exists` over an unsat case's variable, valid `forall` noise: unsat
    /// stays unsat, the core follows.
    Unsat,
    /// A valid row's negation under `exists`, on a sat case: unsat, a core
    /// of one.
    Negation,
}

const SAT: &[&dyn Transformation] = &[&ExistsSat, &ExistsSat, &ForallNoise];
const UNSAT: &[&dyn Transformation] = &[&ExistsUnsat, &ExistsUnsat, &ForallNoise];
const NEGATION: &[&dyn Transformation] = &[&ExistsNegation];

impl Quantifying {
    fn transformations(self) -> &'static [&'static dyn Transformation] {
        match self {
            Quantifying::Sat => SAT,
            Quantifying::Unsat => UNSAT,
            Quantifying::Negation => NEGATION,
        }
    }
}

/// A case of `start` quantified (see the module docs).
#[derive(Clone, Debug)]
pub struct Quantified<G> {
    start: G,
    how: Quantifying,
}

impl<G> Quantified<G> {
    /// Cases of `start` through 1 to 3 steps of `how`'s transformations.
    pub fn new(start: G, how: Quantifying) -> Self {
        Quantified { start, how }
    }
}

impl<G: Generator> Generator for Quantified<G> {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let start = self.start.try_next(rng)?;
        let len = rng.random_range(1..=MAX_STEPS);
        let mut case = random_chain(&start, self.how.transformations(), len, rng);
        if !mentions_quant(&case.formula) {
            return None;
        }
        case.provenance.category = match self.how {
            Quantifying::Sat => "quant-sat",
            Quantifying::Unsat | Quantifying::Negation => "quant-unsat",
        }
        .into();
        Some(case)
    }
}
