//! Uninterpreted functions over bit-vectors (QF_UFBV), the way the uf room
//! does it for strings and sequences (`generate::uf`), with the bv room's
//! terms and identity rows.
//!
//! - **Term synthesis** (sat): `(declare-fun f ((_ BitVec m) ...) S)`
//!   applied to drawn bit-vector terms (constants half abstracted), each
//!   application equal to a value; the model carries `f` as a finite table
//!   with a default ([`FunValue::table`]). Arguments equal to an earlier
//!   application's get its value: a function is a function.
//! - **Congruence** (unsat): `x` and `y` forced equal, directly or through
//!   one term, and `(f x)` different from `(f y)`; every assertion is in
//!   the core.
//! - **Identity** (unsat): `(not (= (f l) (f r)))` for a row `l = r` of
//!   `assets/tables/bitvec_identities.smt2` at a width it holds at (every
//!   row holds for all values of its variables: `rows_tests.rs`), core
//!   `{a0}`.
//!
//! # Invariants
//!
//! - A sat case's model satisfies it under our semantics (checked on every
//!   draw; a draw whose check fails finds no case).
//! - An unsat case's named assertions are its unique minimal core: the
//!   congruence axiom needs them all (dropping one leaves `x`, `y` free, and
//!   every sort drawn has two values), and an identity case has one.

use rand::{Rng, RngCore};

use super::rows::{bv_rows, random_value};
use super::terms::{BvTermSampler, abstract_constants};
use super::widths::random_width;
use crate::generate::Generator;
use crate::semantics::{FunValue, Model, Value};
use crate::term::{Formula, Sort, Symbol, Term};
use crate::truth::{Case, Provenance, Truth};

/// The category name of every case drawn here.
pub const CATEGORY: &str = "bv-uf";

/// Which cases are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Draw {
    Sat,
    Unsat,
    Any,
}

/// Makes QF_UFBV cases (see the module docs).
#[derive(Clone, Debug)]
pub struct BvUfCases {
    draw: Draw,
    depth: usize,
    sampler: BvTermSampler,
    seed: u64,
}

impl BvUfCases {
    fn of(draw: Draw) -> Self {
        BvUfCases {
            draw,
            depth: 2,
            sampler: BvTermSampler,
            seed: 0,
        }
    }

    /// Term synthesis only (sat).
    pub fn sat() -> Self {
        Self::of(Draw::Sat)
    }

    /// Congruence and identities, as often (unsat).
    pub fn unsat() -> Self {
        Self::of(Draw::Unsat)
    }

    /// All three, as often (the export category).
    pub fn any() -> Self {
        Self::of(Draw::Any)
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    fn case(&self, formula: Formula, truth: Truth) -> Case {
        Case::new(
            formula,
            truth,
            Provenance::generated(self.seed, CATEGORY, Vec::new()),
        )
    }

    /// A bit-vector sort most of the time, Bool now and then.
    fn sort(rng: &mut dyn RngCore) -> Sort {
        if rng.random_bool(0.2) {
            Sort::Bool
        } else {
            Sort::BitVec(random_width(rng))
        }
    }

    fn declare(formula: &mut Formula, args: Vec<Sort>, result: Sort) -> Symbol {
        let f = formula.fresh_symbol("f");
        formula.declare(f.clone(), Sort::fun(args, result));
        f
    }

    fn synthesis(&self, rng: &mut dyn RngCore) -> Option<Case> {
        // The first argument a bit-vector, so that the case is over
        // bit-vectors whatever else is drawn.
        let mut args = vec![Sort::BitVec(random_width(rng))];
        if rng.random_bool(0.5) {
            args.push(Self::sort(rng));
        }
        let result = Self::sort(rng);
        let (mut formula, mut model) = (Formula::default(), Model::new());
        let f = Self::declare(&mut formula, args.clone(), result.clone());
        let mut entries: Vec<(Vec<Value>, Value)> = Vec::new();
        let mut assertions = Vec::new();
        for _ in 0..rng.random_range(1..=3) {
            let (mut terms, mut keys) = (Vec::new(), Vec::new());
            for s in &args {
                let depth = rng.random_range(0..=self.depth);
                let t = self.sampler.term(s, depth, rng)?;
                terms.push(abstract_constants(
                    &t.term,
                    0.5,
                    &mut formula,
                    &mut model,
                    rng,
                ));
                keys.push(t.value);
            }
            let value = match entries.iter().find(|(k, _)| *k == keys) {
                Some((_, v)) => v.clone(),
                None => {
                    let v = random_value(&result, rng);
                    entries.push((keys, v.clone()));
                    v
                }
            };
            assertions.push(Term::eq(Term::Apply(f.clone(), terms), value.to_term()));
        }
        let default = random_value(&result, rng);
        model.insert(
            f.clone(),
            Value::Fun(FunValue::table(&args, &entries, &default)),
        );
        for a in assertions {
            formula.assert(a, None);
        }
        let case = self.case(formula, Truth::Sat { model });
        case.check().ok()?;
        Some(case)
    }

    fn congruence(&self, rng: &mut dyn RngCore) -> Option<Case> {
        let a = Sort::BitVec(random_width(rng));
        let mut formula = Formula::default();
        let f = Self::declare(&mut formula, vec![a.clone()], Self::sort(rng));
        let x = formula.fresh_symbol("x");
        formula.declare(x.clone(), a.clone());
        let y = formula.fresh_symbol("y");
        formula.declare(y.clone(), a.clone());
        let mut names = Vec::new();
        if rng.random_bool(0.5) {
            formula.assert(
                Term::eq(Term::var(x.clone()), Term::var(y.clone())),
                Some("a0".into()),
            );
            names.push("a0");
        } else {
            // Through one term over fresh variables (their values do not
            // matter: the term is the same on both sides).
            let t = self
                .sampler
                .term(&a, rng.random_range(1..=self.depth), rng)?;
            let t = abstract_constants(&t.term, 0.5, &mut formula, &mut Model::new(), rng);
            formula.assert(Term::eq(Term::var(x.clone()), t.clone()), Some("a0".into()));
            formula.assert(Term::eq(Term::var(y.clone()), t), Some("a1".into()));
            names.extend(["a0", "a1"]);
        }
        let last = format!("a{}", names.len());
        let apply = |v: &Symbol| Term::Apply(f.clone(), vec![Term::var(v.clone())]);
        formula.assert(
            Term::not(Term::eq(apply(&x), apply(&y))),
            Some(last.clone()),
        );
        let core = names
            .into_iter()
            .map(str::to_string)
            .chain([last])
            .collect();
        Some(self.case(formula, Truth::Unsat { core }))
    }

    fn identity(&self, rng: &mut dyn RngCore) -> Option<Case> {
        let rows = bv_rows();
        let row = &rows[rng.random_range(0..rows.len())];
        let w = (0..8)
            .map(|_| random_width(rng))
            .find(|&w| w >= row.min_width)?;
        let inst = row.at(w);
        let mut formula = Formula::default();
        for (v, s) in &inst.vars {
            formula.declare(v.clone(), s.clone());
        }
        let f = Self::declare(&mut formula, vec![inst.sort.clone()], Self::sort(rng));
        formula.assert(
            Term::not(Term::eq(
                Term::Apply(f.clone(), vec![inst.lhs]),
                Term::Apply(f, vec![inst.rhs]),
            )),
            Some("a0".into()),
        );
        Some(self.case(
            formula,
            Truth::Unsat {
                core: ["a0".to_string()].into(),
            },
        ))
    }
}

impl Generator for BvUfCases {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let kind = match self.draw {
            Draw::Sat => 0,
            Draw::Unsat => rng.random_range(1..3),
            Draw::Any => rng.random_range(0..3),
        };
        match kind {
            0 => self.synthesis(rng),
            1 => self.congruence(rng),
            _ => self.identity(rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// Every case's truth checks, each kind is drawn, and every case
    /// mentions a bit-vector: a sort of its declarations or an operator
    /// (so that it is a bv case).
    #[test]
    fn every_kind_is_drawn_and_every_truth_checks() {
        let mut g = BvUfCases::any().seed(3);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..400 {
            let Some(c) = g.try_next(&mut rng) else {
                continue;
            };
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            let mut bitvec = c.formula.decls.iter().any(|(_, s)| match s {
                Sort::Fun(args, r) => args
                    .iter()
                    .chain([&**r])
                    .any(|a| matches!(a, Sort::BitVec(_))),
                s => matches!(s, Sort::BitVec(_)),
            });
            for a in &c.formula.assertions {
                a.term.visit(&mut |t| {
                    bitvec |= matches!(t, Term::App(op, _) if op.is_bitvec());
                });
            }
            assert!(bitvec, "{c:?}");
            match c.truth {
                Truth::Sat { .. } => sat += 1,
                Truth::Unsat { .. } => unsat += 1,
            }
        }
        assert!(sat > 80 && unsat > 160, "{sat} sat, {unsat} unsat");
    }

    /// A congruence case's core names every assertion, one or two
    /// equalities and the disequality of the applications.
    #[test]
    fn congruence_cores_name_every_assertion() {
        let g = BvUfCases::unsat();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut seen = 0;
        for _ in 0..200 {
            let Some(c) = g.congruence(&mut rng) else {
                continue;
            };
            seen += 1;
            let Truth::Unsat { core } = &c.truth else {
                panic!()
            };
            assert_eq!(core.len(), c.formula.assertions.len());
        }
        assert!(seen > 150, "{seen}");
    }
}
