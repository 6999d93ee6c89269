//! Test cases of every stream for this folder's property tests: sat and
//! unsat cases of strings, regexes, combined bit-vectors and arrays, and
//! sequences, the unsat ones grown by the unsat transformations (cores of
//! several members, noise).

use std::sync::LazyLock;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::generate::combined::{CombinedSynthesis, CombinedTermSampler, CombinedUnsat, Result3_2};
use crate::generate::regex::{RegexPool, RegexTermSynthesis, regex_equivalent_formula_cases};
use crate::generate::seq::{SeqCases, SeqCombinedCases, SeqUnsat};
use crate::generate::strings::{STRING_OPERATORS, TermPool, equivalent_formula_cases};
use crate::generate::{ConstantPool, Generator};
use crate::transform::{
    ConstantReplacement, NoiseIntroduction, Transformation, VariableReplacement, random_chain,
    synthesize_case,
};
use crate::truth::Case;

static TERMS: LazyLock<TermPool> =
    LazyLock::new(|| TermPool::new(ConstantPool::boundary()).unwrap());

static TABLE_2: LazyLock<Vec<Case>> = LazyLock::new(|| {
    equivalent_formula_cases(false, 0)
        .chain(equivalent_formula_cases(true, 0))
        .chain(regex_equivalent_formula_cases(0))
        .collect()
});

/// A sat case of one of the streams, by seed.
pub fn sat_sample(seed: u64) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pool = RegexPool::boundary();
    loop {
        let drawn = match rng.random_range(0..5) {
            0 => {
                let op = STRING_OPERATORS[rng.random_range(0..STRING_OPERATORS.len())];
                synthesize_case(op, &TERMS, 2, seed, &mut rng)
            }
            1 => SeqCases::term_synthesis(2).seed(seed).try_next(&mut rng),
            2 => SeqCombinedCases::synthesis().seed(seed).try_next(&mut rng),
            3 => CombinedSynthesis::new(pool.clone(), 2)
                .seed(seed)
                .try_next(&mut rng),
            _ => RegexTermSynthesis::new(pool.clone(), 2)
                .seed(seed)
                .try_next(&mut rng),
        };
        if let Some(case) = drawn {
            return case;
        }
    }
}

/// An unsat case of one of the streams, by seed, grown by up to four unsat
/// transformations.
pub fn unsat_sample(seed: u64) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pool = RegexPool::boundary();
    let start = loop {
        let drawn = match rng.random_range(0..4) {
            0 => Some(TABLE_2[rng.random_range(0..TABLE_2.len())].clone()),
            1 => SeqUnsat::new(3, 2).seed(seed).try_next(&mut rng),
            2 => SeqCombinedCases::unsat().seed(seed).try_next(&mut rng),
            _ => CombinedUnsat::new(
                CombinedTermSampler::new(pool.clone()),
                2,
                Result3_2::Constant,
            )
            .seed(seed)
            .try_next(&mut rng),
        };
        if let Some(case) = drawn {
            break case;
        }
    };
    let unsat: [&dyn Transformation; 3] = [
        &VariableReplacement,
        &ConstantReplacement,
        &NoiseIntroduction,
    ];
    let len = rng.random_range(0..=4);
    random_chain(&start, &unsat, len, &mut rng)
}

/// A sat or an unsat case, by seed.
pub fn sample(seed: u64) -> Case {
    if seed.is_multiple_of(3) {
        unsat_sample(seed)
    } else {
        sat_sample(seed)
    }
}
