//! Which transformation to apply next: a havoc-style stack of mutations
//! whose each step is chosen uniformly (LibAFL's `HavocScheduledMutator`
//! does the same) or by a bandit that learns which transformations pay off.
//!
//! The bandit is discounted UCB1 (Garivier & Moulines, 2011) on a reward
//! per second: an execution pays 1 when it added a corpus entry (new
//! coverage or new features) or found a new bug signature, and costs the
//! seconds the solver spent on it; each arm of the stack that made the
//! input is credited both, and is charged besides the time its own
//! mutation took (drawing a fresh case costs milliseconds of generation,
//! which a cheap rewrite does not). An arm's rate is its (discounted) pay plus a
//! prior of [`PRIOR_WINS`] over its cost plus [`PRIOR_SECS`], so before
//! anything pays, the arms whose outputs the solver gives up on (slow
//! unknowns and timeouts) already lose weight by themselves; rates are
//! scaled by the best arm's before the exploration term is added. A choice
//! that did not apply costs a pull and [`PRIOR_SECS`], as if it had run a
//! typical query for nothing. Counts decay by
//! [`DISCOUNT`] per execution, so an arm that paid off early but no longer
//! does loses its lead as the coverage it reaches saturates.
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
use std::time::Instant;

use libafl::corpus::{Corpus, CorpusId};
use libafl::mutators::{ComposedByMutations, MutationId, MutationResult, Mutator, MutatorsTuple};
use libafl::state::{HasRand, HasSolutions};
use libafl::{Error, HasMetadata};
use libafl_bolts::Named;
use libafl_bolts::rands::Rand;
use libafl_bolts::tuples::NamedTuple;
use serde::{Deserialize, Serialize};

use crate::fuzz::corpus::findings::new_bug_since;
use crate::fuzz::schedule::solver_time::LastSolverTime;

/// Decay of the bandit's counts per execution (memory of about 1/(1-γ) =
/// 1,000 executions).
pub const DISCOUNT: f64 = 0.999;

/// Weight of the bandit's exploration term.
pub const EXPLORATION: f64 = 0.5;

/// The pay every arm is assumed to have earned before its first.
pub const PRIOR_WINS: f64 = 0.5;

/// The solver seconds every arm is assumed to have cost before its first.
pub const PRIOR_SECS: f64 = 0.05;

/// Solver seconds charged per execution when the state has no
/// [`LastSolverTime`] (a test's state).
const DEFAULT_SECS: f64 = 0.01;

/// How the next transformation is chosen (`--schedule`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Choice {
    /// A discounted UCB1 bandit learns which transformations add corpus
    /// entries.
    #[default]
    Bandit,
    /// Each transformation with equal probability.
    Uniform,
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
    /// Discounted solver seconds (bandit).
    #[serde(default)]
    pub cost: f64,
    /// Solver seconds of the executions it was part of.
    #[serde(default)]
    pub solver_secs: f64,
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

    /// `name → solver seconds` of the executions each was part of.
    pub fn solver_secs(&self) -> BTreeMap<String, f64> {
        self.names
            .iter()
            .zip(&self.arms)
            .map(|(n, a)| (n.clone(), a.solver_secs))
            .collect()
    }

    /// The arm the bandit picks: an untried one, else the highest
    /// discounted-UCB score on pay per solver-second; `draw` (a random
    /// number) breaks ties.
    pub(crate) fn pick(&self, draw: u64) -> usize {
        let all: Vec<usize> = (0..self.arms.len()).collect();
        self.pick_in(draw, &all)
    }

    /// [`pick`](Self::pick) among `arms` only (not empty): the scores
    /// are those of the whole bandit, the choice one of these.
    pub(crate) fn pick_in(&self, draw: u64, arms: &[usize]) -> usize {
        let one_of = |n: usize| (draw % n as u64) as usize;
        let untried: Vec<usize> = arms
            .iter()
            .copied()
            .filter(|&i| self.arms[i].pulls < 1e-9)
            .collect();
        if !untried.is_empty() {
            return untried[one_of(untried.len())];
        }
        let total: f64 = self.arms.iter().map(|a| a.pulls).sum();
        let rate = |a: &ArmCounts| (a.wins + PRIOR_WINS) / (a.cost + PRIOR_SECS);
        let best_rate = self.arms.iter().map(rate).fold(f64::MIN_POSITIVE, f64::max);
        let score = |a: &ArmCounts| {
            rate(a) / best_rate + EXPLORATION * (total.max(1.0).ln() / a.pulls).sqrt()
        };
        let best = arms
            .iter()
            .map(|&i| score(&self.arms[i]))
            .fold(f64::NEG_INFINITY, f64::max);
        // Ties are broken at random, so equal arms share the choices.
        let tied: Vec<usize> = arms
            .iter()
            .copied()
            .filter(|&i| score(&self.arms[i]) >= best - 1e-12)
            .collect();
        tied[one_of(tied.len())]
    }
}

/// Stacks 2 to 2^`max_stack_pow` mutations per input, each chosen by the
/// [`Choice`] policy.
///
/// A mutation marked [`replacing`](Self::replacing) (a fresh case) throws
/// its input away, so it only ever starts a stack: drawn later, it ends
/// the stack instead. Applied there, it would make the steps before it cost
/// time for nothing (with `--generate-only`, two to four generated cases
/// per execution where the plain loop makes one) and be credited with an
/// execution they did not shape. The arms are drawn one by one, since the
/// bandit's counts change when a drawn arm refuses the input.
pub struct TransformationScheduler<MT> {
    name: Cow<'static, str>,
    mutations: MT,
    choice: Choice,
    max_stack_pow: usize,
    /// The mutations' names, as the counts in the state are keyed.
    names: Vec<String>,
    /// Arms that changed the input since the last execution.
    stack: Vec<usize>,
    /// Per arm, whether it replaces its input.
    replaces: Vec<bool>,
    /// The solutions kept when the stack was drawn: one kept after it
    /// that is the first of its bucket is a new bug, which pays the stack.
    solutions_before: usize,
}

impl<MT: NamedTuple> TransformationScheduler<MT> {
    /// Schedules `mutations` with `choice`.
    pub fn new(mutations: MT, choice: Choice, max_stack_pow: usize) -> Self {
        let names: Vec<String> = mutations.names().iter().map(|n| n.to_string()).collect();
        TransformationScheduler {
            replaces: vec![false; names.len()],
            name: Cow::Owned(format!("TransformationScheduler[{choice:?}]")),
            mutations,
            choice,
            max_stack_pow,
            names,
            stack: Vec::new(),
            solutions_before: 0,
        }
    }

    /// Marks the mutation named `name` as one that replaces its input.
    pub fn replacing(mut self, name: &str) -> Self {
        for (r, n) in self.replaces.iter_mut().zip(&self.names) {
            *r |= n == name;
        }
        self
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
    S: HasRand + HasMetadata + HasSolutions<I>,
{
    fn mutate(&mut self, state: &mut S, input: &mut I) -> Result<MutationResult, Error> {
        let arms = self.mutations.len();
        if arms == 0 {
            return Ok(MutationResult::Skipped);
        }
        self.solutions_before = state.solutions().count();
        let steps = 1usize << (1 + state.rand_mut().below_or_zero(self.max_stack_pow));
        let mut result = MutationResult::Skipped;
        for step in 0..steps {
            let arm = match self.choice {
                Choice::Uniform => state.rand_mut().below_or_zero(arms),
                Choice::Bandit => {
                    let draw = state.rand_mut().next();
                    self.counts(state).pick(draw)
                }
            };
            if step > 0 && self.replaces[arm] {
                break;
            }
            let began = Instant::now();
            let outcome = self
                .mutations
                .get_and_mutate(MutationId::from(arm), state, input)?;
            let took = began.elapsed().as_secs_f64();
            let a = &mut self.counts(state).arms[arm];
            a.cost += took;
            if outcome == MutationResult::Mutated {
                result = MutationResult::Mutated;
                a.used += 1;
                self.stack.push(arm);
            } else {
                a.skipped += 1;
                a.pulls += 1.0;
                a.cost += PRIOR_SECS;
            }
        }
        Ok(result)
    }

    fn post_exec(&mut self, state: &mut S, new_corpus_id: Option<CorpusId>) -> Result<(), Error> {
        let stack = std::mem::take(&mut self.stack);
        // What the execution cost (noted by the corpus scheduler from the
        // verdict observer) and whether it kept a new bug (the objective's
        // word on the solution it kept).
        let secs = LastSolverTime::secs(state, DEFAULT_SECS);
        let new_finding = new_bug_since(state, self.solutions_before);
        let counts = self.counts(state);
        for a in &mut counts.arms {
            a.pulls *= DISCOUNT;
            a.wins *= DISCOUNT;
            a.cost *= DISCOUNT;
        }
        for &arm in &stack {
            let a = &mut counts.arms[arm];
            a.pulls += 1.0;
            a.cost += secs;
            a.solver_secs += secs;
            if new_corpus_id.is_some() {
                a.new_entries += 1;
            }
            if new_corpus_id.is_some() || new_finding {
                a.wins += 1.0;
            }
        }
        self.mutations.post_exec_all(state, new_corpus_id)
    }
}

#[cfg(test)]
mod tests {
    use libafl::corpus::{InMemoryCorpus, Testcase};
    use libafl::feedbacks::ConstFeedback;
    use libafl::inputs::BytesInput;
    use libafl::state::StdState;
    use libafl_bolts::rands::StdRand;
    use libafl_bolts::tuples::tuple_list;

    use super::*;
    use crate::execute::judged::Judged;
    use crate::fuzz::corpus::findings::Found;
    use crate::oracle::Verdict;

    type TestState =
        StdState<InMemoryCorpus<BytesInput>, BytesInput, StdRand, InMemoryCorpus<BytesInput>>;

    fn state() -> TestState {
        StdState::new(
            StdRand::with_seed(1),
            InMemoryCorpus::new(),
            InMemoryCorpus::new(),
            &mut ConstFeedback::new(false),
            &mut ConstFeedback::new(false),
        )
        .unwrap()
    }

    fn empty() -> BytesInput {
        BytesInput::new(Vec::new())
    }

    /// The objective keeps a solution: the first of its bucket or not.
    fn keep_solution(state: &mut TestState, new_signature: bool) {
        let mut testcase = Testcase::new(empty());
        testcase.add_metadata(Found {
            judged: Judged::new(Verdict::Unknown, "", 0),
            new_signature,
        });
        state.solutions_mut().add(testcase).unwrap();
    }

    /// A mutation that always applies and tags the input with its id.
    struct Tag(u8, Cow<'static, str>);

    impl Named for Tag {
        fn name(&self) -> &Cow<'static, str> {
            &self.1
        }
    }

    impl<S> Mutator<BytesInput, S> for Tag {
        fn mutate(&mut self, _: &mut S, input: &mut BytesInput) -> Result<MutationResult, Error> {
            input.as_mut().push(self.0);
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

    impl<S> Mutator<BytesInput, S> for Never {
        fn mutate(&mut self, _: &mut S, _: &mut BytesInput) -> Result<MutationResult, Error> {
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
        let mut state = state();
        let mut s = TransformationScheduler::new(mutations(), choice, 0);
        for _ in 0..rounds {
            let mut input = empty();
            s.mutate(&mut state, &mut input).unwrap();
            let pays = !input.as_ref().is_empty() && input.as_ref().iter().all(|&t| t == 2);
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
    fn at_equal_pay_the_bandit_prefers_the_arm_the_solver_answers_fast() {
        // Every execution pays alike; those that used arm 1 cost the
        // solver ten times as long: per solver-second, arm 1 pays least.
        let mut state = state();
        let mut s = TransformationScheduler::new(mutations(), Choice::Bandit, 0);
        for round in 0..3000 {
            let mut input = empty();
            s.mutate(&mut state, &mut input).unwrap();
            let slow = input.as_ref().contains(&1);
            // Seconds, so that the mutations' own (measured, noisy) time
            // is negligible beside them.
            let ns = if slow { 20_000_000_000 } else { 2_000_000_000 };
            state.add_metadata(LastSolverTime { ns });
            let pays = round % 4 == 0;
            s.post_exec(&mut state, pays.then(|| CorpusId::from(0usize)))
                .unwrap();
        }
        let counts = state.metadata::<TransformationCounts>().unwrap();
        let used: Vec<u64> = counts.arms.iter().map(|a| a.used).collect();
        assert!(
            used[1] * 3 < used[0] && used[1] * 3 < used[2],
            "the slow arm should be chosen least: {used:?}"
        );
        let secs = counts.solver_secs();
        assert!(secs["b"] > 0.0 && secs["a"] > 0.0, "{secs:?}");
    }

    #[test]
    fn a_new_finding_pays_like_a_new_corpus_entry() {
        let mut state = state();
        let mut s = TransformationScheduler::new(mutations(), Choice::Bandit, 0);
        let mut input = empty();
        s.mutate(&mut state, &mut input).unwrap();
        // The objective keeps the first finding of a bucket.
        keep_solution(&mut state, true);
        s.post_exec(&mut state, None).unwrap();
        let counts = state.metadata::<TransformationCounts>().unwrap();
        let wins: f64 = counts.arms.iter().map(|a| a.wins).sum();
        assert!(wins > 0.0 && counts.arms.iter().all(|a| a.new_entries == 0));
        // The next execution finds that bucket again: a solution kept,
        // but no new bug, no pay.
        s.mutate(&mut state, &mut input).unwrap();
        keep_solution(&mut state, false);
        s.post_exec(&mut state, None).unwrap();
        let counts = state.metadata::<TransformationCounts>().unwrap();
        let later: f64 = counts.arms.iter().map(|a| a.wins).sum();
        assert!(
            (later - wins * DISCOUNT).abs() < 1e-9,
            "{later} after {wins}"
        );
    }

    #[test]
    fn only_the_stack_that_was_executed_is_rewarded() {
        let mut state = state();
        let mut s = TransformationScheduler::new(mutations(), Choice::Uniform, 1);
        let mut input = empty();
        s.mutate(&mut state, &mut input).unwrap();
        s.post_exec(&mut state, Some(CorpusId::from(0usize)))
            .unwrap();
        // A second post_exec without a mutation in between rewards nothing.
        s.post_exec(&mut state, Some(CorpusId::from(1usize)))
            .unwrap();
        let counts = state.metadata::<TransformationCounts>().unwrap();
        let rewarded: u64 = counts.arms.iter().map(|a| a.new_entries).sum();
        assert_eq!(rewarded as usize, input.as_ref().len());
    }

    /// Clears its input and tags it, as a fresh case replaces one.
    struct Fresh;

    impl Named for Fresh {
        fn name(&self) -> &Cow<'static, str> {
            static N: Cow<'static, str> = Cow::Borrowed("fresh");
            &N
        }
    }

    impl<S> Mutator<BytesInput, S> for Fresh {
        fn mutate(&mut self, _: &mut S, input: &mut BytesInput) -> Result<MutationResult, Error> {
            *input = BytesInput::new(vec![9]);
            Ok(MutationResult::Mutated)
        }
        fn post_exec(&mut self, _: &mut S, _: Option<CorpusId>) -> Result<(), Error> {
            Ok(())
        }
    }

    #[test]
    fn a_replacing_mutation_only_starts_a_stack() {
        let mut state = state();
        let mutations = tuple_list!(Tag(0, "a".into()), Fresh);
        let mut s = TransformationScheduler::new(mutations, Choice::Uniform, 2).replacing("fresh");
        let (mut with_fresh, mut applied) = (0, 0);
        for round in 0..400 {
            let mut input = empty();
            s.mutate(&mut state, &mut input).unwrap();
            s.post_exec(&mut state, Some(CorpusId::from(round as usize)))
                .unwrap();
            let input = input.as_ref();
            applied += input.len();
            // A fresh case is the first step or none: nothing ran before
            // it to be thrown away.
            assert!(!input[1..].contains(&9), "{input:?}");
            with_fresh += usize::from(input.first() == Some(&9));
        }
        assert!(with_fresh > 150, "{with_fresh}");
        let counts = state.metadata::<TransformationCounts>().unwrap();
        let used: u64 = counts.arms.iter().map(|a| a.used).sum();
        // Every applied step left its tag: none was applied and then
        // thrown away by a later fresh case.
        assert_eq!(used as usize, applied);
        let rewarded: u64 = counts.arms.iter().map(|a| a.new_entries).sum();
        assert_eq!(rewarded, used);
    }
}
