//! The integer identities (`assets/tables/int_identities.txt`, compiled
//! in, in the format of the sequence rows plus a side-condition column)
//! and the unsat cases made of them.
//!
//! A row `lhs = rhs` under side condition `c` (variables `m n k: Int`) is
//! the case `a0: (not (= lhs res))`, `a1: (= res rhs)` and, when the row
//! has one, `a2: c`; its core is every assertion. [`IntUnsat`] grows it as
//! the sequence rows grow: a chain of fresh links `res = r1, ..., rk =
//! rhs` (all in the core) and noise over fresh variables (in none).
//!
//! # Invariants
//!
//! - Every row is an identity where its side condition holds: both sides
//!   have one value for every value of the variables (tested by evaluation
//!   on random and boundary values).
//! - The core is the unique minimal one. Without `a0`, `res` takes the
//!   value of `rhs`; without `a1` (or a link), another value; both with
//!   the side condition true (tested with models). Without the side
//!   condition the row fails for some values: tested by evaluation, and
//!   for the rows that fail only at a zero divisor, where the theory
//!   leaves `div` and `mod` to the model, by Z3 and cvc5
//!   (`tests/int_rows_vs_solvers.rs`).
//! - Only a row without a side condition whose left side depends on each
//!   of its variables claims the anchor structure (`a0` is `¬A`, the rest
//!   equivalent to `A`) the replacement transformations need.

use std::sync::LazyLock;

use num_bigint::BigInt;
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::{category, noise::noise};
use crate::generate::identity::{depends_on_every_variable, identity_formula};
use crate::generate::tables::{tab_rows, term_cell};
use crate::semantics::Value;
use crate::term::{Sort, Term};
use crate::truth::{AnchorStructure, Case, Provenance, Truth};

/// The rows, as written.
const ROWS: &str = include_str!("../../../assets/tables/int_identities.txt");

/// One identity over the integers.
#[derive(Clone, Debug)]
pub struct IntRow {
    /// `I1`...
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

static TABLE: LazyLock<Vec<IntRow>> = LazyLock::new(|| {
    let term = |id: &str, text: &str| term_cell("int_identities.txt", id, text);
    tab_rows(ROWS, 5)
        .into_iter()
        .map(|f| IntRow {
            id: f[0],
            lhs: term(f[0], f[1]),
            rhs: term(f[0], f[2]),
            side: (f[3] != "-").then(|| term(f[0], f[3])),
            clause: f[4],
        })
        .collect()
});

/// Every row, in file order.
pub fn int_rows() -> &'static [IntRow] {
    &TABLE
}

/// The row variables: all Int.
const VARIABLES: [&str; 3] = ["m", "n", "k"];

impl IntRow {
    /// The sort of both sides (Int or Bool).
    pub fn sort(&self) -> Sort {
        let env = |v: &str| VARIABLES.contains(&v).then_some(Sort::Int);
        self.lhs.sort(&env).expect("rows are well-sorted (tested)")
    }

    /// The unsat case of this row.
    pub fn case(&self, seed: u64) -> Case {
        let f = identity_formula(
            &self.lhs,
            &self.rhs,
            self.side.as_ref(),
            &|_| Sort::Int,
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
        depends_on_every_variable(&self.lhs, &mut |_, rng| Value::Int(small(rng)))
    }
}

fn small(rng: &mut dyn RngCore) -> BigInt {
    BigInt::from(rng.random_range(-9i64..10))
}

/// Unsat integer cases: a random row with up to `max_links` links and
/// `max_noise` noise assertions (see the module docs).
#[derive(Clone, Debug)]
pub struct IntUnsat {
    max_links: usize,
    max_noise: usize,
    seed: u64,
}

impl IntUnsat {
    /// Up to `max_links` links and `max_noise` noise assertions.
    pub fn new(max_links: usize, max_noise: usize) -> Self {
        IntUnsat {
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

/// `case` (a row's) with `links` links between `res` and the row's `rhs`,
/// every link in the core.
pub(super) fn with_links(case: &Case, links: usize) -> Case {
    if links == 0 {
        return case.clone();
    }
    let mut out = case.clone();
    let f = &mut out.formula;
    let sort = f.sort_of("res").expect("a row case declares res");
    let Term::App(_, sides) = f.assertions[1].term.clone() else {
        unreachable!("a1 is (= res rhs)")
    };
    let side = f.assertions.get(2).cloned();
    f.assertions.truncate(1);
    let mut last = Term::var("res");
    for _ in 0..links {
        let r = f.fresh_symbol("r");
        f.declare(r.clone(), sort.clone());
        let name = f.fresh_assertion_name();
        f.assert(Term::eq(last, Term::var(r.clone())), Some(name));
        last = Term::var(r);
    }
    let name = f.fresh_assertion_name();
    f.assert(Term::eq(last, sides[1].clone()), Some(name));
    if let Some(side) = side {
        let name = f.fresh_assertion_name();
        f.assert(side.term, Some(name));
    }
    out.truth = Truth::Unsat {
        core: f.names().into_iter().map(str::to_string).collect(),
    };
    out.provenance.chain.push(format!("links({links})"));
    out
}

impl crate::generate::Generator for IntUnsat {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let row = int_rows().choose(rng).expect("rows");
        let mut out = with_links(&row.case(self.seed), rng.random_range(0..=self.max_links));
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

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::Generator;
    use crate::semantics::{Model, eval};
    use crate::truth::check_model;

    /// Small values, both signs, and values beyond 64 bits.
    fn boundary() -> Vec<BigInt> {
        let mut out: Vec<BigInt> = [0i64, 1, 2, 3, 4, 6, 7, i64::MAX]
            .iter()
            .map(|&n| BigInt::from(n))
            .collect();
        out.push(BigInt::from(1u8) << 64);
        out.push(BigInt::from(10u8).pow(20) + 3);
        let neg: Vec<BigInt> = out
            .iter()
            .filter(|n| **n != BigInt::ZERO)
            .map(|n| -n)
            .collect();
        out.extend(neg);
        out
    }

    fn draw(rng: &mut ChaCha8Rng, pool: &[BigInt]) -> BigInt {
        if rng.random_bool(0.5) {
            pool.choose(rng).unwrap().clone()
        } else {
            small(rng)
        }
    }

    fn values(rng: &mut ChaCha8Rng, pool: &[BigInt]) -> Model {
        let mut m = Model::new();
        for v in VARIABLES {
            m.insert(v, Value::Int(draw(rng, pool)));
        }
        m
    }

    fn holds(side: &Option<Term>, m: &Model) -> bool {
        side.as_ref()
            .is_none_or(|s| eval(s, m) == Ok(Value::Bool(true)))
    }

    #[test]
    fn every_row_is_an_identity_where_its_side_condition_holds() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let pool = boundary();
        assert!(int_rows().len() >= 30);
        for row in int_rows() {
            row.case(0).check().unwrap();
            let mut checked = 0;
            for _ in 0..3000 {
                let m = values(&mut rng, &pool);
                if !holds(&row.side, &m) {
                    continue;
                }
                // Where the side holds, nothing divides by zero.
                let (a, b) = match (eval(&row.lhs, &m), eval(&row.rhs, &m)) {
                    (Ok(a), Ok(b)) => (a, b),
                    other => panic!("{}: undecided {other:?} under {m:?}", row.id),
                };
                assert_eq!(a, b, "{} under {m:?}", row.id);
                checked += 1;
            }
            assert!(checked > 500, "{}: only {checked} values", row.id);
        }
    }

    /// Without its side condition a row fails for some values: found by
    /// evaluation, or the condition is a nonzero divisor, where the row
    /// fails by the model's choice of division by zero (asked of the
    /// solvers in tests/int_rows_vs_solvers.rs).
    #[test]
    fn every_side_condition_is_needed() {
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let pool = boundary();
        for row in int_rows() {
            let Some(side) = &row.side else { continue };
            let found = (0..5000).any(|_| {
                let m = values(&mut rng, &pool);
                !holds(&row.side, &m)
                    && matches!((eval(&row.lhs, &m), eval(&row.rhs, &m)),
                        (Ok(a), Ok(b)) if a != b)
            });
            let nonzero_divisor = VARIABLES
                .iter()
                .any(|v| *side == Term::not(Term::eq(Term::var(*v), Term::int(0))));
            assert!(found || nonzero_divisor, "{}: {side} is not needed", row.id);
        }
    }

    /// A grown case: with the side condition true, the links (and noise)
    /// hold only with `res` the value of `rhs`, which makes `a0` false;
    /// without `a0`, or with one link dropped, a model exists.
    #[test]
    fn grown_cases_keep_their_unique_minimal_core() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        let pool = boundary();
        let mut g = IntUnsat::new(3, 3);
        for _ in 0..400 {
            let case = g.next(&mut rng);
            case.check().unwrap();
            assert_eq!(case.formula.sort_of("m").unwrap_or(Sort::Int), Sort::Int);
            let Truth::Unsat { core } = &case.truth else {
                unreachable!()
            };
            let row = int_rows()
                .iter()
                .find(|r| r.id == case.provenance.chain[0])
                .unwrap();
            let f = &case.formula;
            let in_core: Vec<usize> = (0..f.assertions.len())
                .filter(|&k| core.contains(f.assertions[k].name.as_ref().unwrap()))
                .collect();
            let links = &in_core[1..in_core.len() - usize::from(row.side.is_some())];
            // Values of the row's variables where the side holds.
            let mut m = loop {
                let m = values(&mut rng, &pool);
                if holds(&row.side, &m) {
                    break m;
                }
            };
            // Noise: its fresh variables, by search among small values.
            for k in (0..f.assertions.len()).filter(|k| !in_core.contains(k)) {
                let t = &f.assertions[k].term;
                let found = (0..500).any(|_| {
                    for v in t.free_vars() {
                        m.insert(v, Value::Int(small(&mut rng)));
                    }
                    eval(t, &m) == Ok(Value::Bool(true))
                });
                assert!(found, "noise {t} unsatisfied");
            }
            let value = eval(&row.rhs, &m).unwrap();
            let chained: Vec<String> = f
                .decls
                .iter()
                .map(|(n, _)| n.clone())
                .filter(|n| n == "res" || n == "r" || n.starts_with("r_"))
                .collect();
            for v in &chained {
                m.insert(v.clone(), value.clone());
            }
            let mut rest = f.clone();
            rest.assertions.remove(0);
            check_model(&rest, &m).unwrap_or_else(|e| panic!("{e}: {case:?}"));
            assert_eq!(eval(&f.assertions[0].term, &m), Ok(Value::Bool(false)));
            // Dropping link j: `res` and the links' variables before it
            // take another value (the order of `chained` is the chain's).
            let other = match &value {
                Value::Int(n) => Value::Int(n + 1),
                Value::Bool(b) => Value::Bool(!b),
                v => unreachable!("{v:?}"),
            };
            for (j, &link) in links.iter().enumerate() {
                let mut m2 = m.clone();
                for v in &chained[..=j] {
                    m2.insert(v.clone(), other.clone());
                }
                let mut without = f.clone();
                without.assertions.remove(link);
                check_model(&without, &m2).unwrap_or_else(|e| panic!("{e}: {case:?}"));
            }
        }
    }
}
