//! Two cases in one incremental script, as a mutation: the input and a
//! random corpus entry, in sibling scopes, the entry in a noise scope
//! inside the input, or after a `reset-assertions`
//! (`transform::incremental`, whose invariants keep every truth).
//!
//! # Invariants
//!
//! - The input changes only to what the transformation made, within the
//!   state's size limit ([`size_limit`]); otherwise (an empty corpus, two
//!   unsat cases, an unsat noise, a script past its step limit, a result
//!   too large) it reports `Skipped` and leaves the input alone.

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
use crate::fuzz::input::RandBridge;
use crate::transform::formula_size;
use crate::transform::incremental::{after_reset, interleave, noise_scope};
use crate::truth::Case;

/// How the second case joins the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// In a sibling scope ([`interleave`]).
    Interleave,
    /// In a scope opened inside the input ([`noise_scope`]; a sat entry).
    NoiseScope,
    /// After a `reset-assertions` ([`after_reset`]).
    Reset,
}

/// Joins the input with a random corpus entry.
#[derive(Debug)]
pub struct Splice {
    join: Join,
    name: Cow<'static, str>,
    enabled: bool,
}

impl Splice {
    /// A splice mutation (`enabled` false: always skips).
    pub fn new(join: Join, enabled: bool) -> Self {
        let name = match join {
            Join::Interleave => "interleave",
            Join::NoiseScope => "noise-scope",
            Join::Reset => "reset-assertions",
        };
        Splice {
            join,
            name: Cow::Borrowed(name),
            enabled,
        }
    }
}

impl Named for Splice {
    fn name(&self) -> &Cow<'static, str> {
        &self.name
    }
}

impl<S> Mutator<Case, S> for Splice
where
    S: HasRand + HasCorpus<Case> + HasMetadata,
{
    fn mutate(&mut self, state: &mut S, input: &mut Case) -> Result<MutationResult, Error> {
        if !self.enabled || state.corpus().count() == 0 {
            return Ok(MutationResult::Skipped);
        }
        let id = random_corpus_id!(state.corpus(), state.rand_mut());
        let other = state.corpus().cloned_input_for_id(id)?;
        let limit = size_limit(state);
        let mut rng = RandBridge(state.rand_mut());
        let next = match self.join {
            Join::Interleave => interleave(input, &other, &mut rng),
            Join::NoiseScope => noise_scope(input, &other, &mut rng),
            Join::Reset => after_reset(input, &other),
        };
        match next {
            Some(next) if formula_size(&next.formula) <= limit => {
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
