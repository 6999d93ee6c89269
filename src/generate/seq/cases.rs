//! The sat sequence generators: the string catalogue's step-1 operations,
//! constant assignment and term synthesis over `(Seq E)`, for every
//! element sort drawn ([`element_sorts`](super::terms::element_sorts)).
//!
//! - [`SeqCases::operation`]: one `seq.` operator in isolation, every
//!   argument and the result a variable: `(= (seq.replace s t u) result)`.
//! - [`SeqCases::constant_assignment`]: the same with some arguments
//!   replaced by their constant values.
//! - [`SeqCases::term_synthesis`]: a nested term over sequence variables
//!   equal to its value, `(= (seq.at (seq.++ s0 (seq.unit x1)) 2) (seq.unit 5))`.
//!
//! # Invariant
//!
//! Every case is sat with its carried model: the model gives each
//! variable a value and the result the operator's (or term's) value under
//! them, computed by the semantics. A draw whose value is open (`seq.nth`
//! out of range) or too large finds no case (`None`), so no case rests on
//! a value SMT-LIB leaves to the solver. Tested by checking the model of
//! thousands of cases.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::terms::{SeqTermSampler, element_sort, random_index, random_value};
use crate::generate::Generator;
use crate::semantics::{Model, eval};
use crate::term::{Formula, OPERATORS, Op, Sort, Term, Theory};
use crate::truth::{Case, Provenance, Truth};

/// What a [`SeqCases`] generator draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeqCategory {
    /// Step 1: one operator, variables only.
    Operation,
    /// Step 1 with some arguments constant.
    ConstantAssignment,
    /// Nested terms equal to their values.
    TermSynthesis,
}

impl SeqCategory {
    /// The category's name in provenances and the manifest.
    pub fn name(self) -> &'static str {
        match self {
            SeqCategory::Operation => "seq-operation",
            SeqCategory::ConstantAssignment => "seq-constant-assignment",
            SeqCategory::TermSynthesis => "seq-term-synthesis",
        }
    }
}

/// The argument sorts of a sequence operator at element sort `e`.
pub fn argument_sorts(op: Op, e: &Sort) -> Vec<Sort> {
    use Op::*;
    let s = Sort::seq(e.clone());
    let i = Sort::Int;
    match op {
        SeqUnit => vec![e.clone()],
        SeqLen | SeqRev => vec![s],
        SeqConcat | SeqContains | SeqPrefixof | SeqSuffixof | SeqLastIndexof => vec![s.clone(), s],
        SeqExtract => vec![s, i.clone(), i],
        SeqAt | SeqNth => vec![s, i],
        SeqIndexof => vec![s.clone(), s, i],
        SeqReplace | SeqReplaceAll => vec![s.clone(), s.clone(), s],
        SeqUpdate => vec![s.clone(), i, s],
        _ => Vec::new(),
    }
}

/// Every sequence operator, in table order.
pub fn seq_operators() -> Vec<Op> {
    OPERATORS
        .iter()
        .filter(|r| r.theory == Theory::Sequences)
        .map(|r| r.op)
        .collect()
}

/// The sat sequence generators (see the module docs).
#[derive(Clone, Debug)]
pub struct SeqCases {
    category: SeqCategory,
    depth: usize,
    sampler: SeqTermSampler,
    seed: u64,
}

impl SeqCases {
    /// Step-1 operations.
    pub fn operation() -> Self {
        Self::new(SeqCategory::Operation, 1)
    }

    /// Constant assignment.
    pub fn constant_assignment() -> Self {
        Self::new(SeqCategory::ConstantAssignment, 1)
    }

    /// Term synthesis, terms at most `depth` deep.
    pub fn term_synthesis(depth: usize) -> Self {
        Self::new(SeqCategory::TermSynthesis, depth)
    }

    fn new(category: SeqCategory, depth: usize) -> Self {
        SeqCases {
            category,
            depth,
            sampler: SeqTermSampler::default(),
            seed: 0,
        }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    fn case(&self, formula: Formula, model: Model) -> Case {
        Case::new(
            formula,
            Truth::Sat { model },
            Provenance::generated(self.seed, self.category.name(), Vec::new()),
        )
    }

    /// `(= (op a1 ... an) result)`, each `ak` a variable or, with
    /// `constants`, now and then its value.
    fn step1(&self, constants: bool, rng: &mut dyn RngCore) -> Option<Case> {
        let op = *seq_operators().choose(rng)?;
        let e = element_sort(rng);
        let (mut formula, mut model) = (Formula::default(), Model::new());
        let sorts = argument_sorts(op, &e);
        let constant_at = constants.then(|| rng.random_range(0..sorts.len()));
        let mut args = Vec::new();
        for (k, sort) in sorts.iter().enumerate() {
            let constant = constant_at == Some(k) || (constants && rng.random_bool(0.3));
            let value = random_value(sort, rng);
            if constant {
                args.push(if *sort == Sort::Int && rng.random() {
                    random_index(rng)
                } else {
                    value.to_term()
                });
            } else {
                let base = if matches!(sort, Sort::Seq(_)) {
                    "s"
                } else {
                    "x"
                };
                let name = formula.fresh_symbol(base);
                formula.declare(name.clone(), sort.clone());
                model.insert(name.clone(), value);
                args.push(Term::var(name));
            }
        }
        let app = Term::app(op, args);
        let value = eval(&app, &model).ok()?;
        formula.declare("result", value.sort());
        model.insert("result", value);
        formula.assert(Term::eq(app, Term::var("result")), None);
        Some(self.case(formula, model))
    }

    /// `(= term value)` for a nested term over sequence variables.
    fn synthesis(&self, rng: &mut dyn RngCore) -> Option<Case> {
        let e = element_sort(rng);
        let sort = [Sort::seq(e.clone()), Sort::Int, Sort::Bool, e.clone()]
            .choose(rng)?
            .clone();
        let (mut formula, mut model) = (Formula::default(), Model::new());
        let (t, v) = self
            .sampler
            .term(&sort, &e, self.depth, &mut formula, &mut model, rng)?;
        // A term with no variable, or no sequence operator (an Int leaf
        // drawn at the top), is no sequence case.
        let seq_op = t
            .operators()
            .iter()
            .any(|op| op.theory() == Theory::Sequences);
        if t.free_vars().is_empty() || !seq_op {
            return None;
        }
        formula.assert(Term::eq(t, v.to_term()), None);
        // A variable the term lost (a leaf the draw replaced) stays
        // declared with its value: harmless, and it keeps the model total.
        Some(self.case(formula, model))
    }
}

impl Generator for SeqCases {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        match self.category {
            SeqCategory::Operation => self.step1(false, rng),
            SeqCategory::ConstantAssignment => self.step1(true, rng),
            SeqCategory::TermSynthesis => self.synthesis(rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn every_sat_case_checks_and_every_operator_is_drawn() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut ops = BTreeSet::new();
        for mut g in [
            SeqCases::operation(),
            SeqCases::constant_assignment(),
            SeqCases::term_synthesis(3),
        ] {
            for _ in 0..1500 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
                assert!(
                    c.formula.decls.iter().any(|(_, s)| s.has_seq()) || {
                        c.formula
                            .operators()
                            .iter()
                            .any(|op| op.theory() == Theory::Sequences)
                    }
                );
                ops.extend(c.formula.operators());
            }
        }
        for op in seq_operators() {
            assert!(ops.contains(&op), "never drawn: {op:?}");
            assert!(!argument_sorts(op, &Sort::Int).is_empty(), "{op:?}");
        }
    }

    #[test]
    fn constant_assignment_has_a_constant_argument() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut g = SeqCases::constant_assignment();
        for _ in 0..300 {
            let c = g.next(&mut rng);
            let Term::App(_, sides) = &c.formula.assertions[0].term else {
                unreachable!()
            };
            let Term::App(_, args) = &sides[0] else {
                unreachable!()
            };
            assert!(args.iter().any(|a| a.free_vars().is_empty()), "{c:?}");
        }
    }
}
