//! The floating-point identities (`assets/tables/fp_identities.txt`,
//! compiled in: id, format, sides, side condition, clause) and the unsat
//! cases made of them.
//!
//! A row `lhs = rhs` under side condition `c` (variables `x y z` of the
//! row's format, `rm` a `RoundingMode`) is the case `a0: (not (= lhs
//! res))`, `a1: (= res rhs)` and, when the row has one, `a2: c`; its core
//! is every assertion. A row of format `*` is written in Float32 and holds
//! in every format: a case re-indexes its `(_ ... 8 24)` constants and
//! conversions to the case's format and converts its literals (1, 2)
//! exactly. [`FpUnsat`] grows a case as the integer and real rows grow: a
//! chain of fresh links (all in the core, `generate::links`) and noise
//! over fresh float variables (in none).
//!
//! # Invariants
//!
//! - Every row is an identity where its side condition holds, in every
//!   format it is drawn in: both sides have one value for every value of
//!   the variables, and neither is a value SMT-LIB leaves open (tested by
//!   evaluation on edge and random values of each format, every mode).
//! - The core is the unique minimal one: without `a0`, `res` takes the
//!   value of `rhs`; without `a1` (or a link), another value; without the
//!   side condition the row fails for some values *by evaluation* (tested;
//!   a side that only excludes an unspecified value would leave the core's
//!   minimality to a solver's choice, so no row has one).
//! - Only a row without a side condition whose left side depends on each
//!   of its variables claims the anchor structure.

use std::sync::LazyLock;

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::values::{self, ODD, STANDARD, float, format, indexed, lit, mode};
use super::{category, noise::noise};
use crate::generate::identity::{depends_on_every_variable, identity_formula};
use crate::generate::links::with_links;
use crate::generate::tables::{tab_rows, term_cell};
use crate::semantics::fp::FpFormat;
use crate::semantics::fp_convert::from_float;
use crate::semantics::{Value, eval_closed};
use crate::term::{Op, Sort, Term};
use crate::truth::{AnchorStructure, Case, Provenance, Truth};

/// The rows, as written.
const ROWS: &str = include_str!("../../../assets/tables/fp_identities.txt");

/// The format the rows of format `*` are written in.
const WRITTEN: (u32, u32) = (8, 24);

/// One identity over floating point.
#[derive(Clone, Debug)]
pub struct FpRow {
    /// `F1`...
    pub id: &'static str,
    /// The one format of the row, or `None`: every format (written in
    /// Float32).
    pub format: Option<(u32, u32)>,
    /// The left side, as written.
    pub lhs: Term,
    /// The right side, as written.
    pub rhs: Term,
    /// Where the identity holds (`None`: everywhere).
    pub side: Option<Term>,
    /// The clause it follows.
    pub clause: &'static str,
}

static TABLE: LazyLock<Vec<FpRow>> = LazyLock::new(|| {
    let term = |id: &str, text: &str| term_cell("fp_identities.txt", id, text);
    tab_rows(ROWS, 6)
        .into_iter()
        .map(|f| FpRow {
            id: f[0],
            format: match f[1] {
                "*" => None,
                eb_sb => {
                    let (eb, sb) = eb_sb.split_once(' ').expect("`eb sb` or `*`");
                    Some((eb.parse().expect("eb"), sb.parse().expect("sb")))
                }
            },
            lhs: term(f[0], f[2]),
            rhs: term(f[0], f[3]),
            side: (f[4] != "-").then(|| term(f[0], f[4])),
            clause: f[5],
        })
        .collect()
});

/// Every row, in file order.
pub fn fp_rows() -> &'static [FpRow] {
    &TABLE
}

/// The sort of a row variable in format `f`: `x y z` floats, `rm` a
/// rounding mode.
pub fn variable_sort(v: &str, f: FpFormat) -> Option<Sort> {
    match v {
        "x" | "y" | "z" => Some(values::sort(f)),
        "rm" => Some(Sort::RoundingMode),
        _ => None,
    }
}

/// A random value of a row variable in format `f`.
pub(crate) fn value_of(v: &str, f: FpFormat, rng: &mut dyn RngCore) -> Value {
    match v {
        "rm" => Value::Rm(mode(rng)),
        _ => Value::Fp(float(f, rng)),
    }
}

/// `t`, written in Float32, in format `f`: the constants and conversions
/// indexed `8 24` re-indexed, the literals converted (exactly: a literal
/// that `f` cannot hold is a bug of the table, caught by the tests).
fn in_format(t: &Term, f: FpFormat) -> Term {
    match t {
        Term::App(Op::FpLit, _) => {
            let Ok(Value::Fp(x)) = eval_closed(t) else {
                panic!("fp_identities.txt: a literal that is no float: {t}")
            };
            let y = from_float(f, crate::semantics::fp::RoundingMode::Rne, &x);
            assert_eq!(
                from_float(x.format(), crate::semantics::fp::RoundingMode::Rne, &y),
                x,
                "fp_identities.txt: {t} is not exact in {f:?}"
            );
            lit(&y)
        }
        Term::App(op, args) => {
            let float_indexed = matches!(
                op,
                Op::FpPlusZero(..)
                    | Op::FpMinusZero(..)
                    | Op::FpPlusInf(..)
                    | Op::FpMinusInf(..)
                    | Op::FpNaN(..)
                    | Op::ToFp(..)
                    | Op::ToFpUnsigned(..)
            );
            let op = if float_indexed && op.indices() == [WRITTEN.0, WRITTEN.1] {
                indexed(*op, f)
            } else {
                *op
            };
            Term::App(op, args.iter().map(|a| in_format(a, f)).collect())
        }
        _ => t.clone(),
    }
}

impl FpRow {
    /// The formats the row is drawn in: its own, or every format of the
    /// room.
    pub fn formats(&self) -> Vec<FpFormat> {
        match self.format {
            Some(f) => vec![format(f)],
            None => STANDARD.into_iter().chain(ODD).map(format).collect(),
        }
    }

    /// The row in format `f` (one of [`FpRow::formats`]): its sides and
    /// side condition.
    pub fn at(&self, f: FpFormat) -> (Term, Term, Option<Term>) {
        match self.format {
            Some(_) => (self.lhs.clone(), self.rhs.clone(), self.side.clone()),
            None => (
                in_format(&self.lhs, f),
                in_format(&self.rhs, f),
                self.side.as_ref().map(|s| in_format(s, f)),
            ),
        }
    }

    /// The sort of both sides in format `f` (a float or Bool).
    pub fn sort(&self, f: FpFormat) -> Sort {
        self.at(f)
            .0
            .sort(&|v| variable_sort(v, f))
            .expect("rows are well-sorted (tested)")
    }

    /// The unsat case of this row in format `f`.
    pub fn case(&self, f: FpFormat, seed: u64) -> Case {
        let (lhs, rhs, side) = self.at(f);
        let sort_of = |v: &str| variable_sort(v, f).expect("row variables are x y z rm (tested)");
        let formula = identity_formula(&lhs, &rhs, side.as_ref(), &sort_of, self.sort(f));
        let core = formula.names().into_iter().map(str::to_string).collect();
        let anchored =
            side.is_none() && depends_on_every_variable(&lhs, &mut |v, rng| value_of(v, f, rng));
        let category = category("identity", &formula);
        Case::new(
            formula,
            Truth::Unsat { core },
            Provenance {
                seed,
                category,
                chain: vec![self.id.to_string()],
                anchor: anchored.then(AnchorStructure::by_construction),
            },
        )
    }
}

/// Unsat floating-point cases: a random row in a random one of its
/// formats (a standard one twice as often as an odd one), with up to
/// `max_links` links and `max_noise` noise assertions.
#[derive(Clone, Debug)]
pub struct FpUnsat {
    max_links: usize,
    max_noise: usize,
    seed: u64,
}

impl FpUnsat {
    /// Up to `max_links` links and `max_noise` noise assertions.
    pub fn new(max_links: usize, max_noise: usize) -> Self {
        FpUnsat {
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

impl crate::generate::Generator for FpUnsat {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let row = fp_rows().choose(rng).expect("rows");
        let formats = row.formats();
        let f = if formats.len() > 1 && rng.random_bool(2.0 / 3.0) {
            format(*STANDARD.choose(rng).expect("standard"))
        } else {
            *formats.choose(rng).expect("formats")
        };
        let base = row.case(f, self.seed);
        let category = base.provenance.category.clone();
        let mut out = with_links(&base, rng.random_range(0..=self.max_links), &category);
        let noises = rng.random_range(0..=self.max_noise);
        for _ in 0..noises {
            let (t, _) = noise(&mut out.formula, f, rng);
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
#[path = "rows_tests.rs"]
mod tests;
