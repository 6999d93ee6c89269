//! Crossover as a mutation: the input conjoined with another corpus entry,
//! renamed apart ([`conjoin`], whose invariant keeps the truth).
//!
//! # Invariants
//!
//! - The input changes only to what [`conjoin`] made, within the state's
//!   size limit ([`size_limit`], at most [`MAX_FORMULA_SIZE`]); otherwise
//!   (an empty corpus, two unsat cases, a result too large) it reports
//!   `Skipped` and leaves the input alone.

use std::borrow::Cow;

use libafl::Error;
use libafl::HasMetadata;
use libafl::corpus::{Corpus, CorpusId};
use libafl::mutators::{MutationResult, Mutator};
use libafl::random_corpus_id;
use libafl::state::{HasCorpus, HasRand};
use libafl_bolts::Named;
use libafl_bolts::rands::Rand;

use super::size_limit::size_limit;
#[cfg(doc)]
use crate::transform::MAX_FORMULA_SIZE;
use crate::transform::conjunction::{NAME, conjoin};
use crate::transform::formula_size;
use crate::truth::Case;

/// Conjoins the input with a random corpus entry.
#[derive(Debug, Default)]
pub struct Crossover {
    enabled: bool,
}

impl Crossover {
    /// A crossover mutation (`enabled` false: always skips, for campaigns
    /// that only draw fresh cases).
    pub fn new(enabled: bool) -> Self {
        Crossover { enabled }
    }
}

impl Named for Crossover {
    fn name(&self) -> &Cow<'static, str> {
        static N: Cow<'static, str> = Cow::Borrowed(NAME);
        &N
    }
}

impl<S> Mutator<Case, S> for Crossover
where
    S: HasRand + HasCorpus<Case> + HasMetadata,
{
    fn mutate(&mut self, state: &mut S, input: &mut Case) -> Result<MutationResult, Error> {
        if !self.enabled || state.corpus().count() == 0 {
            return Ok(MutationResult::Skipped);
        }
        let id = random_corpus_id!(state.corpus(), state.rand_mut());
        let other = state.corpus().cloned_input_for_id(id)?;
        match conjoin(input, &other) {
            Some(next) if formula_size(&next.formula) <= size_limit(state) => {
                *input = next;
                Ok(MutationResult::Mutated)
            }
            _ => Ok(MutationResult::Skipped),
        }
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}
