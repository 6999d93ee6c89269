//! The other transformations on quantified cases, as the fuzzer stacks
//! them: a quantified case goes on through the sat and unsat
//! transformations and the conjunction, and its truth must still hold.
//!
//! The other transformations touch nothing under a binder (their module
//! docs say so) and keep [`Case::witnesses`](crate::truth::Case) by cloning
//! the case; the conjunction merges both sides'. So a check after them
//! must never find an assertion false; it may only be inconclusive where a
//! rewrite left an `exists` without a witness that works.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::sample::{sample, sat_sample};
use super::{ExistsSat, ExistsUnsat, ForallNoise, QUANTIFIER};
use crate::generate::ConstantPool;
use crate::generate::strings::TermPool;
use crate::transform::conjunction::conjoin;
use crate::transform::{
    ConstantAssignment, ConstantReplacement, NoiseIntroduction, TermSynthesis, Transformation,
    VariableAbstraction, VariableReplacement, random_chain,
};
use crate::truth::TruthError;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn quantified_cases_keep_their_truth_through_every_transformation(seed: u64) {
        let terms = TermPool::new(ConstantPool::boundary()).unwrap();
        let synthesis = TermSynthesis::new(terms, 2);
        let everything: [&dyn Transformation; 10] = [
            &ConstantAssignment, &synthesis, &VariableAbstraction, &VariableReplacement,
            &ConstantReplacement, &NoiseIntroduction, QUANTIFIER[0], QUANTIFIER[1],
            QUANTIFIER[2], QUANTIFIER[3],
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = sample(seed);
        let first: [&dyn Transformation; 3] = [&ExistsSat, &ExistsUnsat, &ForallNoise];
        let quantified = random_chain(&start, &first, 2, &mut rng);
        let out = random_chain(&quantified, &everything, 6, &mut rng);
        let other = sat_sample(seed ^ 0x5eed);
        let other = random_chain(&other, &first, 2, &mut rng);
        for case in [Some(out.clone()), conjoin(&out, &other), conjoin(&other, &out)].into_iter().flatten() {
            match case.check() {
                Ok(()) | Err(TruthError::Unevaluable { .. }) => {}
                Err(e) => return Err(TestCaseError::fail(format!("{e}\n{case:?}"))),
            }
        }
    }
}

#[test]
fn most_chained_quantified_cases_still_check_exactly() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let everything: [&dyn Transformation; 3] = [
        &ConstantAssignment,
        &VariableAbstraction,
        &ConstantReplacement,
    ];
    let (mut exact, mut total) = (0, 0);
    for seed in 0..200 {
        let quantified = random_chain(&sat_sample(seed), &[&ExistsSat], 1, &mut rng);
        let out = random_chain(&quantified, &everything, 4, &mut rng);
        total += 1;
        exact += usize::from(out.check().is_ok());
    }
    assert!(exact * 10 >= total * 9, "{exact} of {total}");
}
