//! A case described by a recipe: the theory, the pools, the seed formula
//! and a chain of transformations with the choices of each, decoded from
//! bytes with `arbitrary` (the libFuzzer targets in `harness/`).
//!
//! Every byte string decodes to a recipe (missing bytes read as zeros) and
//! every recipe makes a case, so a byte-level mutation by libFuzzer is a
//! mutation of the recipe: another seed operator, another pool value,
//! another step in the chain or another choice inside one step. Each step
//! draws its own choices from a generator seeded by the step alone, so a
//! changed step leaves the choices of the others as they were.
//!
//! # Invariants
//!
//! - [`Recipe::case`] returns a case whose truth holds: it starts from a
//!   generator's case and applies only transformations, each of which keeps
//!   the truth (their modules state and test why); the tests here and
//!   `tests/recipe_truth.rs` check it on arbitrary recipes.
//! - The case is a function of the recipe: the same bytes make the same
//!   case (the crash file of a finding replays it).
//! - A step that does not apply, or would grow the formula past
//!   [`MAX_FORMULA_SIZE`], is skipped, never retried with other choices.

use arbitrary::{Arbitrary, Unstructured};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::generate::ConstantPool;
use crate::generate::Generator;
use crate::generate::regex::{
    RegexConstantAssignment, RegexMembership, RegexPool, RegexTermSampler, RegexTermSynthesis,
    random_regex_unsat_constant, regex_equivalent_formula_cases,
};
use crate::generate::strings::{
    STRING_OPERATORS, TermPool, TermPoolError, argument_sorts, equivalent_formula_cases, step1_with,
};
use crate::transform::{
    ConstantAssignment, ConstantReplacement, MAX_FORMULA_SIZE, NoiseIntroduction, TermSynthesis,
    Transformation, VariableAbstraction, VariableReplacement, formula_size, synthesize_case,
};
use crate::truth::{Case, Truth};

/// The longest chain a recipe holds.
pub const MAX_STEPS: usize = 12;

/// The depth of synthesized terms (string and regex).
const DEPTH: usize = 3;

/// The constant pool a recipe draws from.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolChoice {
    /// The ICSE 2020 paper's boundary values.
    Paper,
    /// More boundary values.
    Boundary,
}

/// The formula a recipe starts from, before its chain.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Step 1: a string operator applied to pool values.
    Step1 {
        /// Index into the string operators.
        op: u8,
        /// Indices into the pool, one per argument.
        args: [u16; 3],
    },
    /// A constant assignment of a step-1 case.
    ConstantAssignment {
        /// Index into the string operators.
        op: u8,
        /// Indices into the pool, one per argument.
        args: [u16; 3],
        /// The assignment's choices.
        choices: u64,
    },
    /// A term synthesis of a string operator.
    TermSynthesis {
        /// Index into the string operators.
        op: u8,
        /// Depth, 1 to 3.
        depth: u8,
        /// The synthesis's choices.
        choices: u64,
    },
    /// An unsat equivalent-formula test (Table 2).
    EquivalentFormula {
        /// Index into the tests.
        index: u16,
        /// With patterns.
        patterns: bool,
    },
    /// A sat regex membership case.
    RegexMembership {
        /// The generator's choices.
        choices: u64,
    },
    /// A sat regex constant assignment.
    RegexConstantAssignment {
        /// The generator's choices.
        choices: u64,
    },
    /// A sat nested regex term synthesis.
    RegexTermSynthesis {
        /// The generator's choices.
        choices: u64,
    },
    /// An unsat regex equivalent-formula test (Table 2.3).
    RegexEquivalentFormula {
        /// Index into the tests.
        index: u16,
    },
    /// An unsat regex case over constants only (Sect. 2.5).
    RegexUnsatConstant {
        /// The generator's choices.
        choices: u64,
    },
}

/// One transformation of the chain, with its choices.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Which transformation: an index into the sat transformations for a
    /// sat case, into the unsat ones for an unsat case.
    pub transformation: u8,
    /// The seed of the step's own choices.
    pub choices: u64,
}

/// A case's recipe. Decode one with [`Recipe::arbitrary`] (or
/// [`Recipe::from_bytes`]), make its case with [`Recipe::case`].
#[derive(Arbitrary, Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// The constant pool.
    pub pool: PoolChoice,
    /// The seed formula.
    pub start: Start,
    /// The chain, first step first (at most [`MAX_STEPS`] are applied).
    pub steps: Vec<Step>,
}

/// What recipes are made with: the pools and the fixed seed lists, built
/// once (a term pool takes milliseconds to build).
#[derive(Clone, Debug)]
pub struct Ingredients {
    paper: (ConstantPool, TermPool),
    boundary: (ConstantPool, TermPool),
    unsat: Vec<Case>,
    unsat_patterns: Vec<Case>,
    regex_unsat: Vec<Case>,
    regex_pool: RegexPool,
}

impl Ingredients {
    /// The built-in pools and seed lists.
    pub fn new() -> Result<Self, TermPoolError> {
        let paper = ConstantPool::paper();
        let boundary = ConstantPool::boundary();
        Ok(Ingredients {
            paper: (paper.clone(), TermPool::new(paper)?),
            boundary: (boundary.clone(), TermPool::new(boundary)?),
            unsat: equivalent_formula_cases(false, 0).collect(),
            unsat_patterns: equivalent_formula_cases(true, 0).collect(),
            regex_unsat: regex_equivalent_formula_cases(0).collect(),
            regex_pool: RegexPool::boundary_randomized(0),
        })
    }

    fn pools(&self, choice: PoolChoice) -> &(ConstantPool, TermPool) {
        match choice {
            PoolChoice::Paper => &self.paper,
            PoolChoice::Boundary => &self.boundary,
        }
    }
}

/// The sat transformations a step picks from.
const SAT_STEPS: usize = 3;
/// The unsat transformations a step picks from.
const UNSAT_CATALOGUE: [&dyn Transformation; 3] = [
    &VariableReplacement,
    &ConstantReplacement,
    &NoiseIntroduction,
];

impl Recipe {
    /// The recipe `bytes` decode to (every byte string decodes to one).
    pub fn from_bytes(bytes: &[u8]) -> Recipe {
        Recipe::arbitrary_take_rest(Unstructured::new(bytes))
            .expect("every byte string decodes to a recipe")
    }

    /// The case this recipe makes; its truth holds.
    pub fn case(&self, kit: &Ingredients) -> Case {
        let mut case = self.start_case(kit);
        let (_, terms) = kit.pools(self.pool);
        let synthesis = TermSynthesis::new(terms.clone(), DEPTH);
        let sat: [&dyn Transformation; SAT_STEPS] =
            [&ConstantAssignment, &synthesis, &VariableAbstraction];
        for step in self.steps.iter().take(MAX_STEPS) {
            let catalogue: &[&dyn Transformation] = if matches!(case.truth, Truth::Sat { .. }) {
                &sat
            } else {
                &UNSAT_CATALOGUE
            };
            let t = catalogue[usize::from(step.transformation) % catalogue.len()];
            let mut rng = ChaCha8Rng::seed_from_u64(step.choices);
            if let Some(next) = t.apply(&case, &mut rng)
                && formula_size(&next.formula) <= MAX_FORMULA_SIZE
            {
                case = next;
            }
        }
        case.provenance.category = "recipe".into();
        case
    }

    /// The seed formula, or the first unsat test when the start does not
    /// make a case (e.g. a step-1 application outside its operator's
    /// domain).
    fn start_case(&self, kit: &Ingredients) -> Case {
        let (pool, terms) = kit.pools(self.pool);
        let nth = |list: &[Case], i: u16| list[usize::from(i) % list.len()].clone();
        let op_of = |op: u8| STRING_OPERATORS[usize::from(op) % STRING_OPERATORS.len()];
        let step1 = |op: u8, args: &[u16; 3]| {
            let op = op_of(op);
            let values: Option<Vec<_>> = argument_sorts(op)
                .iter()
                .zip(args)
                .map(|(s, i)| pool.nth(s, usize::from(*i) % pool.count(s).max(1)))
                .collect();
            step1_with(op, &values?, 0)
        };
        let made = match self.start {
            Start::Step1 { op, args } => step1(op, &args),
            Start::ConstantAssignment { op, args, choices } => step1(op, &args).and_then(|c| {
                ConstantAssignment.apply(&c, &mut ChaCha8Rng::seed_from_u64(choices))
            }),
            Start::TermSynthesis { op, depth, choices } => synthesize_case(
                op_of(op),
                terms,
                1 + usize::from(depth) % DEPTH,
                0,
                &mut ChaCha8Rng::seed_from_u64(choices),
            ),
            Start::EquivalentFormula { index, patterns } => Some(if patterns {
                nth(&kit.unsat_patterns, index)
            } else {
                nth(&kit.unsat, index)
            }),
            Start::RegexMembership { choices } => Some(
                RegexMembership::new(kit.regex_pool.clone())
                    .next(&mut ChaCha8Rng::seed_from_u64(choices)),
            ),
            Start::RegexConstantAssignment { choices } => Some(
                RegexConstantAssignment::new(kit.regex_pool.clone())
                    .next(&mut ChaCha8Rng::seed_from_u64(choices)),
            ),
            Start::RegexTermSynthesis { choices } => Some(
                RegexTermSynthesis::new(kit.regex_pool.clone(), DEPTH)
                    .next(&mut ChaCha8Rng::seed_from_u64(choices)),
            ),
            Start::RegexEquivalentFormula { index } => Some(nth(&kit.regex_unsat, index)),
            Start::RegexUnsatConstant { choices } => {
                let mut rng = ChaCha8Rng::seed_from_u64(choices);
                let depth = rng.random_range(1..=DEPTH);
                random_regex_unsat_constant(
                    &RegexTermSampler::new(kit.regex_pool.clone()),
                    depth,
                    0,
                    &mut rng,
                )
            }
        };
        made.unwrap_or_else(|| kit.unsat[0].clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kit() -> &'static Ingredients {
        static KIT: std::sync::OnceLock<Ingredients> = std::sync::OnceLock::new();
        KIT.get_or_init(|| Ingredients::new().unwrap())
    }

    #[test]
    fn empty_bytes_make_a_case_and_the_same_bytes_the_same_case() {
        let empty = Recipe::from_bytes(&[]);
        empty.case(kit()).check().unwrap();
        let bytes: Vec<u8> = (0..200u32).map(|i| (i * 37 % 251) as u8).collect();
        let r = Recipe::from_bytes(&bytes);
        assert_eq!(r, Recipe::from_bytes(&bytes));
        assert_eq!(r.case(kit()), r.case(kit()));
    }

    #[test]
    fn a_changed_step_leaves_the_steps_before_it_alone() {
        // The chain's prefix is the same case: each step's choices are its
        // own.
        let mut r = Recipe {
            pool: PoolChoice::Boundary,
            start: Start::TermSynthesis {
                op: 3,
                depth: 1,
                choices: 9,
            },
            steps: vec![
                Step {
                    transformation: 0,
                    choices: 1,
                },
                Step {
                    transformation: 2,
                    choices: 2,
                },
            ],
        };
        let whole = r.case(kit());
        r.steps[1].choices = 77;
        let changed = r.case(kit());
        r.steps.truncate(1);
        let prefix = r.case(kit());
        assert!(whole.provenance.chain.starts_with(&prefix.provenance.chain));
        assert!(
            changed
                .provenance
                .chain
                .starts_with(&prefix.provenance.chain)
        );
    }
}
