//! Random sat *and* unsat cases, for the fuzz loops and `export --category
//! random`.
//!
//! Sat cases come from [`RandomCaseGenerator`]. Unsat cases start from an
//! equivalent-formula test (Table 2, with or without patterns) and go
//! through a random chain of the unsat transformations (variable
//! replacement, constant replacement, noise introduction), so that cores of
//! every size and noise of every kind are exercised.
//!
//! A share of the cases, of either status, are regex cases (by
//! [`Theory`]: none for `strings`, all for `regex`, a fifth for `all`, the
//! default): sat [`RegexMembership`], [`RegexConstantAssignment`] and
//! nested [`RegexTermSynthesis`] (depth 3) cases; unsat
//! [`regex_equivalent_formula_cases`] grown by the same random chain of
//! unsat transformations (Table 2.6's rows for regex variables and
//! constants), and constant-only cases with constant or nested complex
//! results (Sect. 2.5), over [`RegexPool::boundary_randomized`].
//!
//! Combined cases (bit-vectors and arrays with the others, Kühne 2022
//! ch. 3) are drawn first, by their own share (none for `strings` and
//! `regex`, all for `combined`, a tenth for `all`): sat constant
//! assignment and nested term synthesis (depth 3) across theories
//! ([`CombinedSynthesis`]), unsat with a constant or a nested complex
//! result ([`CombinedUnsat`]), grown by the same random chain of unsat
//! transformations (whose variable and constant replacement take the
//! bit-vector and array rows there); the sat ones by a short chain of the
//! same two, which rewrite a sat case with those rows and extend its
//! model.
//!
//! # Invariants
//!
//! - Every case's truth holds: each piece (generator or transformation)
//!   keeps it, as its own module states and tests.
//! - Every random choice flows from the caller's generator; nothing but the
//!   fixed seed lists and pools are kept between calls, so memory is flat.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::{RandomCaseGenerator, Theory};
use crate::generate::{
    CombinedSynthesis, CombinedTermSampler, CombinedUnsat, ConstantPool, RegexConstantAssignment,
    RegexMembership, RegexPool, RegexTermSampler, RegexTermSynthesis, Result3_2, TermPoolError,
    equivalent_formula_cases, random_regex_unsat_constant, regex_equivalent_formula_cases,
};
use crate::transform::{
    ConstantReplacement, NoiseIntroduction, Transformation, VariableReplacement, random_chain,
};
use crate::truth::Case;

/// The unsat transformations the generated unsat chains draw from.
const UNSAT_CATALOGUE: [&dyn Transformation; 3] = [
    &VariableReplacement,
    &ConstantReplacement,
    &NoiseIntroduction,
];

/// The transformations that grow combined sat cases: the bit-vector and
/// array rows of variable and constant replacement, which keep the model
/// (see `transform::combined_variable_replacement` and
/// `transform::combined_constant_replacement`).
const COMBINED_SAT_CATALOGUE: [&dyn Transformation; 2] =
    [&VariableReplacement, &ConstantReplacement];

/// The depth of the nested regex terms drawn (term synthesis; complex
/// results up to it).
const NESTED_DEPTH: usize = 3;

/// The share of regex cases under [`Theory::All`].
const REGEX_SHARE: f64 = 0.2;

/// The share of combined cases under [`Theory::All`].
const COMBINED_SHARE: f64 = 0.1;

/// The combined generators, one per kind.
#[derive(Clone, Debug)]
struct Combined {
    assignment: CombinedSynthesis,
    synthesis: CombinedSynthesis,
    unsat_constant: CombinedUnsat,
    unsat_complex: CombinedUnsat,
}

impl Combined {
    fn new(seed: u64) -> Self {
        let pool = RegexPool::boundary_randomized(seed);
        let sampler = CombinedTermSampler::new(pool.clone());
        Combined {
            assignment: CombinedSynthesis::new(pool.clone(), 1).seed(seed),
            synthesis: CombinedSynthesis::new(pool, NESTED_DEPTH).seed(seed),
            unsat_constant: CombinedUnsat::new(sampler.clone(), NESTED_DEPTH, Result3_2::Constant)
                .seed(seed),
            unsat_complex: CombinedUnsat::new(sampler, NESTED_DEPTH, Result3_2::Complex).seed(seed),
        }
    }
}

/// Makes a random mix of sat and unsat cases.
#[derive(Clone, Debug)]
pub struct MixedCaseGenerator {
    sat: RandomCaseGenerator,
    unsat_seeds: Vec<Case>,
    unsat_share: f64,
    regex_membership: RegexMembership,
    regex_assignment: RegexConstantAssignment,
    regex_unsat: Vec<Case>,
    regex_terms: RegexTermSampler,
    regex_synthesis: RegexTermSynthesis,
    regex_share: f64,
    combined: Combined,
    combined_share: f64,
    max_chain: usize,
    seed: u64,
}

impl MixedCaseGenerator {
    /// A generator over `pool`: a third of the cases unsat, unsat chains of
    /// up to 10 transformations.
    pub fn new(pool: ConstantPool) -> Result<Self, TermPoolError> {
        let unsat_seeds = equivalent_formula_cases(false, 0)
            .chain(equivalent_formula_cases(true, 0))
            .collect();
        Ok(MixedCaseGenerator {
            sat: RandomCaseGenerator::new(pool)?,
            unsat_seeds,
            unsat_share: 1.0 / 3.0,
            regex_membership: RegexMembership::new(RegexPool::boundary_randomized(0)),
            regex_assignment: RegexConstantAssignment::new(RegexPool::boundary_randomized(0)),
            regex_unsat: regex_equivalent_formula_cases(0).collect(),
            regex_terms: RegexTermSampler::new(RegexPool::boundary_randomized(0)),
            regex_synthesis: RegexTermSynthesis::new(
                RegexPool::boundary_randomized(0),
                NESTED_DEPTH,
            ),
            regex_share: REGEX_SHARE,
            combined: Combined::new(0),
            combined_share: 0.0,
            max_chain: 10,
            seed: 0,
        })
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.sat = self.sat.seed(seed);
        let pool = RegexPool::boundary_randomized(seed);
        self.regex_membership = RegexMembership::new(pool.clone()).seed(seed);
        self.regex_assignment = RegexConstantAssignment::new(pool.clone()).seed(seed);
        self.regex_terms = RegexTermSampler::new(pool.clone());
        self.regex_synthesis = RegexTermSynthesis::new(pool, NESTED_DEPTH).seed(seed);
        self.combined = Combined::new(seed);
        self.seed = seed;
        self
    }

    /// What is drawn: `Strings` keeps the string-only stream draw for
    /// draw, `Regex` draws only regex cases, `Combined` only combined
    /// ones, `All` (the default) a tenth combined cases and a fifth of the
    /// rest regex cases.
    pub fn theory(self, theory: Theory) -> Self {
        let (regex, combined) = match theory {
            Theory::Strings => (0.0, 0.0),
            Theory::Regex => (1.0, 0.0),
            Theory::Combined => (0.0, 1.0),
            Theory::All => (REGEX_SHARE, COMBINED_SHARE),
        };
        self.regex_share(regex).combined_share(combined)
    }

    /// The share of combined cases among all cases, in `0.0..=1.0`; 0
    /// keeps the other streams draw for draw.
    pub fn combined_share(mut self, share: f64) -> Self {
        self.combined_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of regex cases among all cases, in `0.0..=1.0`; 0 keeps
    /// the string-only stream draw for draw.
    pub fn regex_share(mut self, share: f64) -> Self {
        self.regex_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of unsat cases, in `0.0..=1.0`.
    pub fn unsat_share(mut self, share: f64) -> Self {
        self.unsat_share = share.clamp(0.0, 1.0);
        self
    }

    /// The next random case.
    pub fn next(&mut self, rng: &mut dyn RngCore) -> Case {
        if self.combined_share > 0.0 && rng.random_bool(self.combined_share) {
            let unsat = rng.random_bool(self.unsat_share);
            let kind = rng.random_range(0..2);
            let c = &mut self.combined;
            let (start, catalogue): (Case, &[&dyn Transformation]) = match (unsat, kind) {
                (true, 0) => (c.unsat_constant.next(rng), &UNSAT_CATALOGUE),
                (true, _) => (c.unsat_complex.next(rng), &UNSAT_CATALOGUE),
                (false, 0) => (c.assignment.next(rng), &COMBINED_SAT_CATALOGUE),
                (false, _) => (c.synthesis.next(rng), &COMBINED_SAT_CATALOGUE),
            };
            let len = rng.random_range(0..=2);
            let mut case = random_chain(&start, catalogue, len, rng);
            case.provenance.seed = self.seed;
            return case;
        }
        // With no regex share the stream is the string-only stream of old,
        // draw for draw.
        if self.regex_share > 0.0 && rng.random_bool(self.regex_share) {
            let unsat = rng.random_bool(self.unsat_share);
            let kind = rng.random_range(0..3);
            let mut case = match (unsat, kind) {
                (true, 0) => random_regex_unsat_constant(
                    &self.regex_terms,
                    rng.random_range(1..=NESTED_DEPTH),
                    self.seed,
                    rng,
                )
                .map(|c| {
                    let len = rng.random_range(0..=2);
                    random_chain(&c, &UNSAT_CATALOGUE, len, rng)
                })
                .unwrap_or_else(|| self.regex_unsat[0].clone()),
                (true, _) => {
                    let start = self
                        .regex_unsat
                        .choose(rng)
                        .expect("Table 2.3 is not empty");
                    let len = rng.random_range(0..=self.max_chain);
                    random_chain(start, &UNSAT_CATALOGUE, len, rng)
                }
                (false, 0) => self.regex_membership.next(rng),
                (false, 1) => self.regex_assignment.next(rng),
                (false, _) => self.regex_synthesis.next(rng),
            };
            case.provenance.seed = self.seed;
            return case;
        }
        if !rng.random_bool(self.unsat_share) {
            return self.sat.next(rng);
        }
        let start = self.unsat_seeds.choose(rng).expect("Table 2 is not empty");
        let len = rng.random_range(0..=self.max_chain);
        let mut case = random_chain(start, &UNSAT_CATALOGUE, len, rng);
        case.provenance.seed = self.seed;
        case.provenance.category = "unsat-chain".into();
        case
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    #[test]
    fn the_unsat_transformations_go_on_from_a_generated_chain() {
        // The fuzzer mutates generated cases further: the unsat
        // transformations must accept what the generator made.
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(5)
            .unsat_share(1.0)
            .regex_share(0.0)
            .combined_share(0.0);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let catalogue: [&dyn Transformation; 3] = [
            &VariableReplacement,
            &ConstantReplacement,
            &NoiseIntroduction,
        ];
        let mut applied = 0;
        for _ in 0..50 {
            let c = g.next(&mut rng);
            assert_eq!(c.provenance.category, "unsat-chain");
            if catalogue.iter().any(|t| t.apply(&c, &mut rng).is_some()) {
                applied += 1;
            }
        }
        assert!(applied >= 45, "{applied} of 50");
    }

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::truth::Truth;

    #[test]
    fn the_mix_has_both_statuses_and_every_truth_checks() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(3)
            .regex_share(0.2)
            .combined_share(0.0);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut by_status: BTreeMap<&str, usize> = BTreeMap::new();
        let mut grown_cores = 0;
        let (mut regex, mut in_re) = (0, 0);
        for _ in 0..600 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            // A drawn stream contains regex constraints.
            in_re += usize::from(
                c.formula
                    .assertions
                    .iter()
                    .any(|a| a.term.operators().contains(&crate::term::Op::StrInRe)),
            );
            regex += usize::from(c.formula.assertions.iter().any(|a| {
                a.term
                    .operators()
                    .iter()
                    .any(|op| op.name().starts_with("re.") || *op == crate::term::Op::StrInRe)
            }));
            let status = match &c.truth {
                Truth::Sat { .. } => "sat",
                Truth::Unsat { core } => {
                    grown_cores += usize::from(core.len() > 2);
                    "unsat"
                }
            };
            *by_status.entry(status).or_default() += 1;
        }
        assert!(regex > 60, "regex cases drawn: {regex}");
        assert!(in_re > 20, "str.in_re cases drawn: {in_re}");
        let unsat = by_status.get("unsat").copied().unwrap_or(0);
        assert!((120..=280).contains(&unsat), "{by_status:?}");
        assert!(
            grown_cores > 20,
            "unsat chains should grow cores: {grown_cores}"
        );
    }
}
