//! The transformations as LibAFL mutators, and the random case generator as
//! a LibAFL generator.
//!
//! # Invariants
//!
//! - A mutator changes its input only to a case the transformation made, so
//!   the input's truth still holds (the transformations keep it; their
//!   modules test it). A transformation that does not apply, or whose result
//!   would exceed the state's size limit ([`size_limit`], at most
//!   [`MAX_FORMULA_SIZE`] nodes), leaves the input as it was and reports
//!   `Skipped`. So does a transformation that does not keep an incremental
//!   case's steps ([`Transformation::keeps_scripts`]) on such a case.
//! - [`FreshCase`] replaces the input by a new random case: it lets a
//!   campaign leave its seeds even when no coverage steers it.

use std::borrow::Cow;

use libafl::Error;
use libafl::HasMetadata;
use libafl::corpus::CorpusId;
use libafl::generators::Generator;
use libafl::mutators::{MutationResult, Mutator};
use libafl::state::HasRand;
use libafl_bolts::Named;

use super::size_limit::size_limit;
use crate::fuzz::input::RandBridge;
use crate::source::MixedCaseGenerator;
#[cfg(doc)]
use crate::transform::MAX_FORMULA_SIZE;
use crate::transform::{Transformation, formula_size};
use crate::truth::Case;

/// A [`Transformation`] applied as a mutation.
pub struct TransformationMutator<T> {
    transformation: T,
    name: Cow<'static, str>,
    enabled: bool,
}

impl<T: Transformation> TransformationMutator<T> {
    /// Wraps `transformation`; the mutator is named after it.
    pub fn new(transformation: T) -> Self {
        let name = Cow::Borrowed(transformation.name());
        TransformationMutator {
            transformation,
            name,
            enabled: true,
        }
    }

    /// A disabled mutator always skips: campaigns that only draw fresh
    /// cases keep the same mutator types.
    pub fn enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
    }
}

impl<T> Named for TransformationMutator<T> {
    fn name(&self) -> &Cow<'static, str> {
        &self.name
    }
}

impl<T: Transformation, S: HasRand + HasMetadata> Mutator<Case, S> for TransformationMutator<T> {
    fn mutate(&mut self, state: &mut S, input: &mut Case) -> Result<MutationResult, Error> {
        if !self.enabled || (input.incremental.is_some() && !self.transformation.keeps_scripts()) {
            return Ok(MutationResult::Skipped);
        }
        let limit = size_limit(state);
        let mut rng = RandBridge(state.rand_mut());
        match self.transformation.apply(input, &mut rng) {
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

/// Replaces the input by a fresh random case.
pub struct FreshCase {
    generator: MixedCaseGenerator,
}

impl FreshCase {
    /// Draws from `generator`.
    pub fn new(generator: MixedCaseGenerator) -> Self {
        FreshCase { generator }
    }
}

impl Named for FreshCase {
    fn name(&self) -> &Cow<'static, str> {
        static NAME: Cow<'static, str> = Cow::Borrowed("fresh-case");
        &NAME
    }
}

impl<S: HasRand> Mutator<Case, S> for FreshCase {
    fn mutate(&mut self, state: &mut S, input: &mut Case) -> Result<MutationResult, Error> {
        *input = self.generator.next(&mut RandBridge(state.rand_mut()));
        Ok(MutationResult::Mutated)
    }

    fn post_exec(&mut self, _state: &mut S, _new: Option<CorpusId>) -> Result<(), Error> {
        Ok(())
    }
}

/// The random case generator as a LibAFL generator (for the initial corpus).
pub struct CaseGenerator(pub MixedCaseGenerator);

impl<S: HasRand> Generator<Case, S> for CaseGenerator {
    fn generate(&mut self, state: &mut S) -> Result<Case, Error> {
        Ok(self.0.next(&mut RandBridge(state.rand_mut())))
    }
}

#[cfg(test)]
mod tests {
    use libafl::corpus::InMemoryCorpus;
    use libafl::feedbacks::ConstFeedback;
    use libafl::mutators::Mutator;
    use libafl::state::StdState;
    use libafl_bolts::rands::StdRand;
    use libafl_bolts::tuples::tuple_list;

    use super::*;
    use crate::fuzz::mutate::scheduled::{Choice, TransformationScheduler};
    use crate::generate::ConstantPool;
    use crate::generate::strings::TermPool;
    use crate::source::Theory;
    use crate::transform::{
        ConstantAssignment, ConstantReplacement, MAX_FORMULA_SIZE, NoiseIntroduction,
        TermSynthesis, VariableAbstraction, VariableReplacement,
    };

    /// What 300 havoc rounds did.
    struct Rounds {
        mutated: usize,
        grew: usize,
        unsat: usize,
        /// Regex unsat cases grown by a transformation, not replaced.
        regex_unsat_grew: usize,
    }

    /// 300 rounds of the campaign's stack (its scheduler, `choice`) over
    /// `theory`'s cases; every case's truth is checked after each.
    fn havoc_rounds(theory: Theory, choice: Choice) -> Rounds {
        let pool = ConstantPool::paper();
        let generator = MixedCaseGenerator::new(pool.clone())
            .unwrap()
            .theory(theory);
        let terms = TermPool::new(pool).unwrap();
        let mut state = StdState::new(
            StdRand::with_seed(7),
            InMemoryCorpus::<Case>::new(),
            InMemoryCorpus::new(),
            &mut ConstFeedback::new(false),
            &mut ConstFeedback::new(false),
        )
        .unwrap();
        let mut havoc = TransformationScheduler::new(
            tuple_list!(
                TransformationMutator::new(ConstantAssignment),
                TransformationMutator::new(TermSynthesis::new(terms, 2)),
                TransformationMutator::new(VariableAbstraction),
                TransformationMutator::new(VariableReplacement),
                TransformationMutator::new(ConstantReplacement),
                TransformationMutator::new(NoiseIntroduction),
                FreshCase::new(generator.clone())
            ),
            choice,
            2,
        );
        let mut case = CaseGenerator(generator).generate(&mut state).unwrap();
        let mut r = Rounds {
            mutated: 0,
            grew: 0,
            unsat: 0,
            regex_unsat_grew: 0,
        };
        for _ in 0..300 {
            let before = case.clone();
            if havoc.mutate(&mut state, &mut case).unwrap() == MutationResult::Mutated {
                r.mutated += 1;
                let longer = case.provenance.chain.len() > before.provenance.chain.len();
                r.grew += usize::from(longer);
                r.regex_unsat_grew += usize::from(
                    longer
                        && matches!(case.truth, crate::truth::Truth::Unsat { .. })
                        && Theory::of(&case.formula) == Theory::Regex
                        && case.provenance.chain.starts_with(&before.provenance.chain),
                );
            }
            case.check().unwrap_or_else(|e| panic!("{e}: {case:?}"));
            assert!(theory.admits(Theory::of(&case.formula)), "{case:?}");
            r.unsat += usize::from(matches!(case.truth, crate::truth::Truth::Unsat { .. }));
            assert!(formula_size(&case.formula) <= MAX_FORMULA_SIZE);
            havoc.post_exec(&mut state, None).unwrap();
        }
        r
    }

    /// Sat and unsat cases alike, strings and regexes (the default mix):
    /// every transformation either refuses a case of the other status or
    /// keeps its truth, stacked as the campaign stacks them.
    #[test]
    fn stacked_transformations_keep_every_truth() {
        let r = havoc_rounds(Theory::All, Choice::Bandit);
        assert!(
            r.mutated > 200,
            "only {} of 300 havoc rounds mutated",
            r.mutated
        );
        assert!(r.unsat > 30, "unsat cases rarely seen: {}", r.unsat);
        assert!(r.grew > 10, "transformations rarely applied: {}", r.grew);
    }

    /// Sequence cases only: the campaign's stack keeps every truth and
    /// every case a sequence case (`--theory seq`). Fewer rounds mutate
    /// (196 of 300 measured): the string transformations have no rows for
    /// sequence variables, so only a fresh case or a change to an Int or
    /// Bool part applies.
    #[test]
    fn stacked_transformations_keep_sequence_truths() {
        let r = havoc_rounds(Theory::Seq, Choice::Uniform);
        assert!(
            r.mutated > 150,
            "only {} of 300 havoc rounds mutated",
            r.mutated
        );
        assert!(r.unsat > 30, "unsat cases rarely seen: {}", r.unsat);
    }

    /// Cases with uninterpreted functions (issue 30): no transformation
    /// may treat a function as a constant (constant assignment once
    /// substituted `f` away while `(f x)` stayed).
    #[test]
    fn stacked_transformations_keep_function_truths() {
        let r = havoc_rounds(Theory::Uf, Choice::Uniform);
        assert!(
            r.mutated > 150,
            "only {} of 300 havoc rounds mutated",
            r.mutated
        );
        assert!(r.unsat > 30, "unsat cases rarely seen: {}", r.unsat);
    }

    /// Integer cases (issue 41): the stack keeps their truths and keeps
    /// them integer cases (`theory.admits` above), the crossover and
    /// fresh cases included.
    #[test]
    fn stacked_transformations_keep_integer_cases_and_truths() {
        let r = havoc_rounds(Theory::Int, Choice::Uniform);
        assert!(
            r.mutated > 150,
            "only {} of 300 havoc rounds mutated",
            r.mutated
        );
        assert!(r.unsat > 30, "unsat cases rarely seen: {}", r.unsat);
    }

    /// Real cases (issue 43): the stack keeps their truths and keeps them
    /// real cases (`theory.admits` above: term synthesis once brought
    /// strings in), the crossover and fresh cases included.
    #[test]
    fn stacked_transformations_keep_real_cases_and_truths() {
        let r = havoc_rounds(Theory::Real, Choice::Uniform);
        assert!(
            r.mutated > 150,
            "only {} of 300 havoc rounds mutated",
            r.mutated
        );
        assert!(r.unsat > 30, "unsat cases rarely seen: {}", r.unsat);
    }

    /// Floating-point cases (issue 43): the stack keeps their truths and
    /// keeps them float cases, the crossover and fresh cases included.
    #[test]
    fn stacked_transformations_keep_fp_cases_and_truths() {
        let r = havoc_rounds(Theory::Fp, Choice::Uniform);
        assert!(
            r.mutated > 150,
            "only {} of 300 havoc rounds mutated",
            r.mutated
        );
        assert!(r.unsat > 30, "unsat cases rarely seen: {}", r.unsat);
    }

    /// Bit-vector cases only (`--theory bv`, issue 41): the campaign's
    /// stack keeps every truth and every case a bv case (term synthesis
    /// once brought strings in).
    #[test]
    fn stacked_transformations_keep_bit_vector_cases() {
        let r = havoc_rounds(Theory::Bv, Choice::Uniform);
        assert!(
            r.mutated > 150,
            "only {} of 300 havoc rounds mutated",
            r.mutated
        );
        assert!(r.grew > 10, "transformations rarely applied: {}", r.grew);
    }

    /// Regex cases only: the stack mutates them as often, and the unsat
    /// ones are grown by the unsat transformations (Table 2.6), not only
    /// replaced by fresh cases. Uniform choice: the bandit charges each arm
    /// its measured mutation time, so its picks (and this count: 18 to
    /// over 20 under the bandit) vary with the machine's load.
    #[test]
    fn stacked_transformations_grow_regex_cases() {
        let r = havoc_rounds(Theory::Regex, Choice::Uniform);
        assert!(
            r.mutated > 200,
            "only {} of 300 havoc rounds mutated",
            r.mutated
        );
        assert!(r.unsat > 30, "unsat cases rarely seen: {}", r.unsat);
        assert!(
            r.regex_unsat_grew > 20,
            "regex unsat cases grown: {}",
            r.regex_unsat_grew
        );
    }

    #[test]
    fn a_transformation_that_does_not_apply_skips() {
        let pool = ConstantPool::paper();
        let mut state = StdState::new(
            StdRand::with_seed(1),
            InMemoryCorpus::<Case>::new(),
            InMemoryCorpus::new(),
            &mut ConstFeedback::new(false),
            &mut ConstFeedback::new(false),
        )
        .unwrap();
        let mut case = CaseGenerator(MixedCaseGenerator::new(pool).unwrap().unsat_share(0.0))
            .generate(&mut state)
            .unwrap();
        case.formula.assertions.clear();
        case.formula.decls.clear();
        let before = case.clone();
        let mut m = TransformationMutator::new(VariableAbstraction);
        let r = m.mutate(&mut state, &mut case).unwrap();
        assert_eq!(r, MutationResult::Skipped, "nothing to abstract: {case:?}");
        assert_eq!(case, before, "a skipped mutation leaves the input alone");
    }
}
