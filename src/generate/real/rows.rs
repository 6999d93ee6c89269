//! The real identities (`assets/tables/real_identities.txt`, compiled in,
//! in the format of the integer rows: id, sides, side condition, clause)
//! and the unsat cases made of them.
//!
//! A row `lhs = rhs` under side condition `c` (variables `x y z: Real`, `n
//! m: Int`) is the case `a0: (not (= lhs res))`, `a1: (= res rhs)` and,
//! when the row has one, `a2: c`; its core is every assertion.
//! [`RealUnsat`] grows it as the integer rows grow: a chain of fresh links
//! `res = r1, ..., rk = rhs` (all in the core, `generate::links`) and noise
//! over fresh Real variables (in none).
//!
//! # Invariants
//!
//! - Every row is an identity where its side condition holds: both sides
//!   have one value for every value of the variables (tested by evaluation
//!   on random and boundary values: fractions that terminate and ones that
//!   do not, both signs, beyond 2^64, below 2^-64, integers).
//! - The core is the unique minimal one. Without `a0`, `res` takes the
//!   value of `rhs`; without `a1` (or a link), another value; both with
//!   the side condition true (tested with models). Without the side
//!   condition the row fails for some values: tested by evaluation, and
//!   for the rows that fail only at a zero divisor, where the theory
//!   leaves `/` to the model, by Z3 and cvc5
//!   (`tests/real_rows_vs_solvers.rs`).
//! - Only a row without a side condition whose left side depends on each
//!   of its variables claims the anchor structure (`a0` is `¬A`, the rest
//!   equivalent to `A`) the replacement transformations need.

use std::sync::LazyLock;

use num_rational::BigRational;
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::values::rational;
use super::{category, noise::noise};
use crate::generate::identity::{depends_on_every_variable, identity_formula};
use crate::generate::links::with_links;
use crate::generate::tables::{tab_rows, term_cell};
use crate::semantics::Value;
use crate::term::{Sort, Term};
use crate::truth::{AnchorStructure, Case, Provenance, Truth};

/// The rows, as written.
const ROWS: &str = include_str!("../../../assets/tables/real_identities.txt");

/// One identity over the reals (and the integers through `to_real`,
/// `to_int`, `is_int`).
#[derive(Clone, Debug)]
pub struct RealRow {
    /// `R1`...
    pub id: &'static str,
    /// The left side.
    pub lhs: Term,
    /// The right side.
    pub rhs: Term,
    /// Where the identity holds (`None`: everywhere).
    pub side: Option<Term>,
    /// The clause it follows.
    pub clause: &'static str,
}

static TABLE: LazyLock<Vec<RealRow>> = LazyLock::new(|| {
    let term = |id: &str, text: &str| term_cell("real_identities.txt", id, text);
    tab_rows(ROWS, 5)
        .into_iter()
        .map(|f| RealRow {
            id: f[0],
            lhs: term(f[0], f[1]),
            rhs: term(f[0], f[2]),
            side: (f[3] != "-").then(|| term(f[0], f[3])),
            clause: f[4],
        })
        .collect()
});

/// Every row, in file order.
pub fn real_rows() -> &'static [RealRow] {
    &TABLE
}

/// The sort of a row variable: `x y z` Real, `n m` Int.
pub fn variable_sort(v: &str) -> Option<Sort> {
    match v {
        "x" | "y" | "z" => Some(Sort::Real),
        "n" | "m" => Some(Sort::Int),
        _ => None,
    }
}

/// A random value of a row variable.
fn value_of(v: &str, rng: &mut dyn RngCore) -> Value {
    match variable_sort(v) {
        Some(Sort::Int) => Value::Int(rng.random_range(-9i64..10).into()),
        _ => Value::Real(rational(rng, 0.05)),
    }
}

impl RealRow {
    /// The sort of both sides (Real, Int or Bool).
    pub fn sort(&self) -> Sort {
        self.lhs
            .sort(&variable_sort)
            .expect("rows are well-sorted (tested)")
    }

    /// The unsat case of this row.
    pub fn case(&self, seed: u64) -> Case {
        let sort_of = |v: &str| variable_sort(v).expect("row variables are x y z n m (tested)");
        let f = identity_formula(
            &self.lhs,
            &self.rhs,
            self.side.as_ref(),
            &sort_of,
            self.sort(),
        );
        let core = f.names().into_iter().map(str::to_string).collect();
        let anchored = self.side.is_none() && self.depends_on_every_variable();
        let category = category("identity", &f);
        Case::new(
            f,
            Truth::Unsat { core },
            Provenance {
                seed,
                category,
                chain: vec![self.id.to_string()],
                anchor: anchored.then(AnchorStructure::by_construction),
            },
        )
    }

    /// Whether the left side's value changes with each of its variables
    /// alone for some values (a seeded random search; a variable for which
    /// none is found counts as ignored, the safe side).
    pub fn depends_on_every_variable(&self) -> bool {
        depends_on_every_variable(&self.lhs, &mut |v, rng| value_of(v, rng))
    }
}

/// Unsat real cases: a random row with up to `max_links` links and
/// `max_noise` noise assertions (see the module docs).
#[derive(Clone, Debug)]
pub struct RealUnsat {
    max_links: usize,
    max_noise: usize,
    seed: u64,
}

impl RealUnsat {
    /// Up to `max_links` links and `max_noise` noise assertions.
    pub fn new(max_links: usize, max_noise: usize) -> Self {
        RealUnsat {
            max_links,
            max_noise,
            seed: 0,
        }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

impl crate::generate::Generator for RealUnsat {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let row = real_rows().choose(rng).expect("rows");
        let base = row.case(self.seed);
        let category = base.provenance.category.clone();
        let mut out = with_links(&base, rng.random_range(0..=self.max_links), &category);
        let noises = rng.random_range(0..=self.max_noise);
        for _ in 0..noises {
            let (t, _) = noise(&mut out.formula, rng);
            let name = out.formula.fresh_assertion_name();
            out.formula.assert(t, Some(name));
        }
        if noises > 0 {
            out.provenance.chain.push(format!("noise({noises})"));
        }
        Some(out)
    }
}

/// Whether `side` is `(not (= v 0.0))` for a Real row variable `v`: a
/// nonzero divisor.
pub fn is_nonzero_divisor(side: &Term) -> bool {
    ["x", "y", "z"].iter().any(|v| {
        *side
            == Term::not(Term::eq(
                Term::var(*v),
                Term::Real(BigRational::from_integer(0.into())),
            ))
    })
}

#[cfg(test)]
#[path = "rows_tests.rs"]
mod tests;
