//! Which transformation to apply next: a havoc-style stack of mutations
//! whose each step is chosen uniformly (LibAFL's `HavocScheduledMutator`
//! does the same) or by a bandit that learns which transformations pay off.
//!
//! The bandit is discounted UCB1 (Garivier & Moulines, 2011): an arm's
//! reward is 1 when the execution its mutation led to added a corpus entry
//! (new coverage), 0 otherwise, and also 0 when it did not apply to the
//! input (a wasted choice). Counts decay by [`DISCOUNT`] per execution, so
//! an arm that paid off early but no longer does loses its lead as the
//! coverage it reaches saturates.
//!
//! Both policies keep per-transformation counts (used, skipped, new corpus
//! entries) in the fuzzer state, reported in `stats.jsonl`.
//!
//! # Invariants
//!
//! - Choosing never changes what a mutation does, only which one runs: the
//!   truth-preservation of each transformation is untouched.
//! - Every arm is tried before any is preferred (an untried arm scores
//!   infinity), so no transformation is starved from the start.
//! - The counts live in the state's metadata: they survive a client
//!   restart, and a reward always goes to the arms of the stack that was
//!   executed last (the stack is forgotten after `post_exec`).

use std::borrow::Cow;
use std::collections::BTreeMap;

use libafl::corpus::CorpusId;
use libafl::mutators::{ComposedByMutations, MutationId, MutationResult, Mutator, MutatorsTuple};
use libafl::state::HasRand;
use libafl::{Error, HasMetadata};
use libafl_bolts::Named;
use libafl_bolts::rands::Rand;
use libafl_bolts::tuples::NamedTuple;
use serde::{Deserialize, Serialize};

/// Decay of the bandit's counts per execution (memory of about 1/(1-γ) =
/// 1,000 executions).
pub const DISCOUNT: f64 = 0.999;

/// Weight of the bandit's exploration term.
pub const EXPLORATION: f64 = 0.5;

/// How the next transformation is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Each with equal probability.
    Uniform,
    /// Discounted UCB1 on "added a corpus entry".
    Bandit,
}

/// What one transformation did in a campaign.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ArmCounts {
    /// Times it changed an input.
    pub used: u64,
    /// Times it was chosen but did not apply.
    pub skipped: u64,
    /// Executions its mutation was part of that added a corpus entry.
    pub new_entries: u64,
    /// Discounted pulls (bandit).
    pub pulls: f64,
    /// Discounted rewards (bandit).
    pub wins: f64,
}

/// The per-transformation counts of a campaign (state metadata).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TransformationCounts {
    /// One per mutation, in the scheduler's order.
    pub arms: Vec<ArmCounts>,
    /// The mutations' names, in the same order.
    pub names: Vec<String>,
}

libafl_bolts::impl_serdeany!(TransformationCounts);

impl TransformationCounts {
    /// `name → [used, skipped, new corpus entries]`, for the statistics.
    pub fn report(&self) -> BTreeMap<String, [u64; 3]> {
        self.names
            .iter()
            .zip(&self.arms)
            .map(|(n, a)| (n.clone(), [a.used, a.skipped, a.new_entries]))
            .collect()
    }

    /// The arm the bandit picks: an untried one, else the highest
    /// discounted-UCB score; `draw` (a random number) breaks ties.
    fn pick(&self, draw: u64) -> usize {
        let one_of = |n: usize| (draw % n as u64) as usize;
        let untried: Vec<usize> = (0..self.arms.len())
            .filter(|&i| self.arms[i].pulls < 1e-9)
            .collect();
        if !untried.is_empty() {
            return untried[one_of(untried.len())];
        }
        let total: f64 = self.arms.iter().map(|a| a.pulls).sum();
        let score =
            |a: &ArmCounts| a.wins / a.pulls + EXPLORATION * (total.max(1.0).ln() / a.pulls).sqrt();
        let best = self
            .arms
            .iter()
            .map(score)
            .fold(f64::NEG_INFINITY, f64::max);
        // Ties are broken at random, so equal arms share the choices.
        let tied: Vec<usize> = (0..self.arms.len())
            .filter(|&i| score(&self.arms[i]) >= best - 1e-12)
            .collect();
        tied[one_of(tied.len())]
    }
}

/// Stacks 2 to 2^`max_stack_pow` mutations per input, each chosen by the
/// [`Choice`] policy.
pub struct TransformationScheduler<MT> {
    name: Cow<'static, str>,
    mutations: MT,
    choice: Choice,
    max_stack_pow: usize,
    /// The mutations' names, as the counts in the state are keyed.
    names: Vec<String>,
    /// Arms that changed the input since the last execution.
    stack: Vec<usize>,
}

impl<MT: NamedTuple> TransformationScheduler<MT> {
    /// Schedules `mutations` with `choice`.
    pub fn new(mutations: MT, choice: Choice, max_stack_pow: usize) -> Self {
        let names = mutations.names().iter().map(|n| n.to_string()).collect();
        TransformationScheduler {
            name: Cow::Owned(format!("TransformationScheduler[{choice:?}]")),
            mutations,
            choice,
            max_stack_pow,
            names,
            stack: Vec::new(),
        }
    }

    fn counts<'s, S: HasMetadata>(&self, state: &'s mut S) -> &'s mut TransformationCounts {
        let counts = state.metadata_or_insert_with(TransformationCounts::default);
        if counts.names != self.names {
            // A new campaign, or one whose mutations changed: start afresh.
            counts.arms = vec![ArmCounts::default(); self.names.len()];
            counts.names.clone_from(&self.names);
        }
        counts
    }
}

impl<MT> Named for TransformationScheduler<MT> {
    fn name(&self) -> &Cow<'static, str> {
        &self.name
    }
}

impl<MT> ComposedByMutations for TransformationScheduler<MT> {
    type Mutations = MT;

    fn mutations(&self) -> &MT {
        &self.mutations
    }

    fn mutations_mut(&mut self) -> &mut MT {
        &mut self.mutations
    }
}

impl<I, MT, S> Mutator<I, S> for TransformationScheduler<MT>
where
    MT: MutatorsTuple<I, S> + NamedTuple,
    S: HasRand + HasMetadata,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let arms = self.mutations.len();
        if arms == 0 {
            return Ok(MutationResult::Skipped);
        }
        let steps = 1usize << (1 + state.rand_mut().below_or_zero(self.max_stack_pow));
        let mut result = MutationResult::Skipped;
        for _ in 0..steps {
            let arm = match self.choice {
                Choice::Uniform => state.rand_mut().below_or_zero(arms),
                Choice::Bandit => {
                    let draw = state.rand_mut().next();
                    self.counts(state).pick(draw)
                }
            };
            let outcome = self
                .mutations
                .get_and_mutate(MutationId::from(arm), state, input)?;
            let a = &mut self.counts(state).arms[arm];
            if outcome == MutationResult::Mutated {
                result = MutationResult::Mutated;
                a.used += 1;
                self.stack.push(arm);
            } else {
                a.skipped += 1;
                a.pulls += 1.0;
            }
        }
        Ok(result)
    }

    fn post_exec(&mut self, state: &mut S, new_corpus_id: Option<CorpusId>) -> Result<(), Error> {
        let stack = std::mem::take(&mut self.stack);
        let counts = self.counts(state);
        for a in &mut counts.arms {
            a.pulls *= DISCOUNT;
            a.wins *= DISCOUNT;
        }
        for &arm in &stack {
            let a = &mut counts.arms[arm];
            a.pulls += 1.0;
            if new_corpus_id.is_some() {
                a.wins += 1.0;
                a.new_entries += 1;
            }
        }
        self.mutations.post_exec_all(state, new_corpus_id)
    }
}

#[cfg(test)]
mod tests {
    use libafl::state::NopState;
    use libafl_bolts::tuples::tuple_list;

    use super::*;

    /// A mutation that always applies and tags the input with its id.
    struct Tag(u8, Cow<'static, str>);

    impl Named for Tag {
        fn name(&self) -> &Cow<'static, str> {
            &self.1
        }
    }

    impl<S> Mutator<Vec<u8>, S> for Tag {
        fn mutate(&mut self, _: &mut S, input: &mut Vec<u8>) -> Result<MutationResult, Error> {
            input.push(self.0);
            Ok(MutationResult::Mutated)
        }
        fn post_exec(&mut self, _: &mut S, _: Option<CorpusId>) -> Result<(), Error> {
            Ok(())
        }
    }

    /// A mutation that never applies.
    struct Never;

    impl Named for Never {
        fn name(&self) -> &Cow<'static, str> {
            static N: Cow<'static, str> = Cow::Borrowed("never");
            &N
        }
    }

    impl<S> Mutator<Vec<u8>, S> for Never {
        fn mutate(&mut self, _: &mut S, _: &mut Vec<u8>) -> Result<MutationResult, Error> {
            Ok(MutationResult::Skipped)
        }
        fn post_exec(&mut self, _: &mut S, _: Option<CorpusId>) -> Result<(), Error> {
            Ok(())
        }
    }

    type Mutations = (Tag, (Tag, (Tag, (Never, ()))));

    fn mutations() -> Mutations {
        tuple_list!(
            Tag(0, "a".into()),
            Tag(1, "b".into()),
            Tag(2, "c".into()),
            Never
        )
    }

    /// Runs `rounds` executions in which only stacks made purely of
    /// mutation 2 add a corpus entry; returns how often each arm was used.
    fn run(choice: Choice, rounds: usize) -> [u64; 4] {
        let mut state: NopState<Vec<u8>> = NopState::new();
        let mut s = TransformationScheduler::new(mutations(), choice, 0);
        for _ in 0..rounds {
            let mut input = Vec::new();
            s.mutate(&mut state, &mut input).unwrap();
            let pays = !input.is_empty() && input.iter().all(|&t| t == 2);
            let id = pays.then(|| CorpusId::from(0usize));
            s.post_exec(&mut state, id).unwrap();
        }
        let counts = state.metadata::<TransformationCounts>().unwrap();
        assert_eq!(counts.names, ["a", "b", "c", "never"]);
        let arms = &counts.arms;
        [arms[0].used, arms[1].used, arms[2].used, arms[3].skipped]
    }

    #[test]
    fn the_bandit_learns_the_arm_that_pays_and_uniform_does_not() {
        let bandit = run(Choice::Bandit, 3000);
        let uniform = run(Choice::Uniform, 3000);
        let share = |c: [u64; 4]| c[2] as f64 / c.iter().sum::<u64>() as f64;
        assert!(share(bandit) > 0.6, "bandit {bandit:?}");
        assert!((share(uniform) - 0.25).abs() < 0.05, "uniform {uniform:?}");
        // The arm that never applies is tried, then left alone.
        assert!(bandit[3] >= 1 && bandit[3] < 300, "bandit {bandit:?}");
    }

    #[test]
    fn only_the_stack_that_was_executed_is_rewarded() {
        let mut state: NopState<Vec<u8>> = NopState::new();
        let mut s = TransformationScheduler::new(mutations(), Choice::Uniform, 1);
        let mut input = Vec::new();
        s.mutate(&mut state, &mut input).unwrap();
        s.post_exec(&mut state, Some(CorpusId::from(0usize)))
            .unwrap();
        // A second post_exec without a mutation in between rewards nothing.
        s.post_exec(&mut state, Some(CorpusId::from(1usize)))
            .unwrap();
        let counts = state.metadata::<TransformationCounts>().unwrap();
        let rewarded: u64 = counts.arms.iter().map(|a| a.new_entries).sum();
        assert_eq!(rewarded as usize, input.len());
    }
}
