//! Sat bit-vector cases: one operator in isolation (step 1), constant
//! assignment and nested term synthesis over [`BvTermSampler`]'s terms.
//!
//! - **Operation** (`bv-operation`): one operator applied to variables
//!   only, `(= (bvsmod x0 x1) #x7f)`, its arguments' values in the model.
//! - **Constant assignment** (`bv-constant-assignment`): one operator, each
//!   argument a variable or a constant, half and half.
//! - **Term synthesis** (`bv-term-synthesis`): a nested term (depth 3 by
//!   default), half its constants variables.
//!
//! The statement is `(= t c)` with `c` the value as a literal, or a
//! variable `res` holding it; for a Boolean `t`, `t` or `(not t)`.
//!
//! # Invariant
//!
//! The carried model satisfies the formula under our semantics: the
//! statement is true of the closed term by evaluation, and abstraction
//! keeps every subterm's value (re-checked on each draw; a draw that fails
//! the check is drawn again).

use rand::{Rng, RngCore};

use super::terms::{BvTermSampler, abstract_constants};
use crate::generate::Generator;
use crate::semantics::{Model, Value, eval};
use crate::term::{Formula, Term};
use crate::truth::{Case, Provenance, Truth};

/// Which sat cases are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Operation,
    ConstantAssignment,
    TermSynthesis(usize),
}

/// Makes sat bit-vector cases of one kind.
#[derive(Clone, Debug)]
pub struct BvCases {
    kind: Kind,
    sampler: BvTermSampler,
    seed: u64,
}

impl BvCases {
    fn of(kind: Kind) -> Self {
        BvCases {
            kind,
            sampler: BvTermSampler,
            seed: 0,
        }
    }

    /// One operator, every argument a variable.
    pub fn operation() -> Self {
        BvCases::of(Kind::Operation)
    }

    /// One operator, arguments variables or constants.
    pub fn constant_assignment() -> Self {
        BvCases::of(Kind::ConstantAssignment)
    }

    /// Nested terms of `depth` (at least 2).
    pub fn term_synthesis(depth: usize) -> Self {
        BvCases::of(Kind::TermSynthesis(depth.max(2)))
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The category named in provenance and manifests.
    pub fn category(&self) -> &'static str {
        match self.kind {
            Kind::Operation => "bv-operation",
            Kind::ConstantAssignment => "bv-constant-assignment",
            Kind::TermSynthesis(_) => "bv-term-synthesis",
        }
    }
}

impl Generator for BvCases {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let (depth, share) = match self.kind {
            Kind::Operation => (1, 1.0),
            Kind::ConstantAssignment => (1, 0.5),
            Kind::TermSynthesis(d) => (d, 0.5),
        };
        let sort = self.sampler.top_sort(rng);
        let t = self.sampler.term(&sort, depth, rng)?;
        let mut formula = Formula::default();
        let mut model = Model::new();
        let body = abstract_constants(&t.term, share, &mut formula, &mut model, rng);
        let statement = match &t.value {
            Value::Bool(b) if rng.random_bool(0.5) => {
                if *b {
                    body
                } else {
                    Term::not(body)
                }
            }
            v if rng.random_bool(0.3) => {
                let res = formula.fresh_symbol("res");
                formula.declare(res.clone(), v.sort());
                model.insert(res.clone(), v.clone());
                Term::eq(body, Term::var(res))
            }
            v => Term::eq(body, v.to_term()),
        };
        if eval(&statement, &model) != Ok(Value::Bool(true)) {
            return None;
        }
        formula.assert(statement, None);
        Some(Case::new(
            formula,
            Truth::Sat { model },
            Provenance::generated(self.seed, self.category(), vec![format!("depth={depth}")]),
        ))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::term::Op;

    /// Every model satisfies its formula (the case's own check
    /// re-evaluates); an operation has no constant argument but widths and
    /// indices; deeper cases nest.
    #[test]
    fn the_model_satisfies_every_draw() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
        for mut g in [
            BvCases::operation(),
            BvCases::constant_assignment(),
            BvCases::term_synthesis(3),
        ] {
            let mut nested = 0;
            for _ in 0..400 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| panic!("{e}\n{c:?}"));
                let Term::App(_, sides) = &c.formula.assertions[0].term else {
                    continue;
                };
                nested += usize::from(c.formula.assertions[0].term.depth() > 3);
                if g.kind == Kind::Operation {
                    let op_term = match &sides[..] {
                        [Term::App(_, _), ..] => &sides[0],
                        _ => &c.formula.assertions[0].term,
                    };
                    if let Term::App(op, args) = op_term
                        && !matches!(op, Op::Not | Op::Eq)
                    {
                        assert!(
                            args.iter().all(|a| matches!(a, Term::Var(_))),
                            "{}",
                            c.formula.assertions[0].term
                        );
                    }
                }
            }
            if matches!(g.kind, Kind::TermSynthesis(_)) {
                assert!(nested > 150, "{nested}");
            }
        }
    }

    /// The check relied on can fail: a wrong result is caught.
    #[test]
    fn a_wrong_result_is_caught() {
        let mut f = Formula::default();
        f.assert(
            Term::eq(
                Term::app(Op::BvSdiv, vec![Term::bv(4, 8), Term::bv(4, 0)]),
                Term::bv(4, 0xf),
            ),
            None,
        );
        let c = Case::new(
            f,
            Truth::Sat {
                model: Model::new(),
            },
            Provenance::default(),
        );
        assert!(c.check().is_err());
    }
}
