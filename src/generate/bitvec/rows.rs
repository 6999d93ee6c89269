//! The bit-vector identities (`assets/tables/bitvec_identities.smt2`,
//! compiled in) and the unsat cases made of them.
//!
//! A row is `lhs = rhs` over width-generic variables (`x y z: (_ BitVec
//! W)`, `n: Int`), written with the width as the atom `W` (see the table's
//! header); [`BvRow::at`] instantiates it at a width and parses it. At
//! width `w` it is the case `a0: (not (= lhs res))`, `a1: (= res rhs)`,
//! unsat with the unique minimal core `{a0, a1}`: the anchor structure of
//! the equivalent-formula rows. [`BvUnsat`] grows them: a larger core by
//! fresh links (`generate::links`), and noise over fresh bit-vector
//! variables of its own (in no core).
//!
//! # Invariants
//!
//! - Every row is an identity: `lhs` and `rhs` evaluate to the same value
//!   for every value of the variables at every width from its
//!   `:min-width` on. Tested on the boundary values (0, 1, all ones, the
//!   signed minimum and maximum) and random ones at widths 1, 2, 3, 7, 8,
//!   9, 16, 31, 32, 33, 63, 64, 65 and 128.
//! - Each half is satisfiable alone (`res` the value of `rhs`; `res`
//!   another value: every sort here has two), so `{a0, a1}` is the unique
//!   minimal core; a grown case keeps that (the links' module says why,
//!   the tests build the models), and noise is satisfiable on fresh
//!   variables.
//! - A case carries the anchor only when its left side depends on each of
//!   its variables (found by a seeded search), as the replacement
//!   transformations require (see `seq::rows`).

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use num_bigint::BigInt;
use rand::{Rng, RngCore};

use super::widths::{random_bitvec, random_int, random_width};
use crate::generate::links::with_links;
use crate::generate::tables::{TableFile, load};
use crate::semantics::{Model, Value, eval};
use crate::term::{Formula, Op, Sort, Symbol, Term, parse_term};
use crate::truth::{AnchorStructure, Case, Provenance, Truth};

const TABLE_FILE: TableFile = TableFile {
    path: "assets/tables/bitvec_identities.smt2",
    text: include_str!("../../../assets/tables/bitvec_identities.smt2"),
};

/// One width-generic identity, as written.
#[derive(Clone, Debug)]
pub struct BvRow {
    /// `BV1`...
    pub id: &'static str,
    /// The least width it holds at.
    pub min_width: u32,
    /// Where it comes from.
    pub source: &'static str,
    vars: &'static str,
    lhs: &'static str,
    rhs: &'static str,
}

/// A row at one width: its variables, sides and their sort.
#[derive(Clone, Debug)]
pub struct BvInstance {
    /// The variables and their sorts.
    pub vars: Vec<(Symbol, Sort)>,
    /// The left side.
    pub lhs: Term,
    /// The right side.
    pub rhs: Term,
    /// The sort of both sides.
    pub sort: Sort,
}

static TABLE: LazyLock<Vec<BvRow>> = LazyLock::new(|| {
    load(TABLE_FILE, "identity", |r| {
        let id = r.id();
        let min_width = r
            .symbol("min-width")?
            .parse()
            .map_err(|e| r.error(format!("`:min-width`: {e}")))?;
        Ok(BvRow {
            id,
            min_width,
            source: r.static_string("source")?,
            vars: r.text("vars")?,
            lhs: r.text("lhs")?,
            rhs: r.text("rhs")?,
        })
    })
});

/// Every row, in file order.
pub fn bv_rows() -> &'static [BvRow] {
    &TABLE
}

/// `text` with the width atoms (`W`, `W-1`, `bvW`, `2^W`, ...) written
/// out at width `w`.
pub fn instantiate(text: &str, w: u32) -> String {
    let word = |atom: &str| -> Option<String> {
        let n = |k: i64| (i64::from(w) + k).to_string();
        Some(match atom {
            "W" => n(0),
            "W-1" => n(-1),
            "W-2" => n(-2),
            "W+1" => n(1),
            "2W" => (2 * i64::from(w)).to_string(),
            "2W-1" => (2 * i64::from(w) - 1).to_string(),
            "bvW" => format!("bv{w}"),
            "bvW-1" => format!("bv{}", w - 1),
            "2^W" => (BigInt::from(1) << w).to_string(),
            _ => return None,
        })
    };
    let mut out = String::with_capacity(text.len());
    let mut atom = String::new();
    let flush = |atom: &mut String, out: &mut String| {
        out.push_str(&word(atom).unwrap_or_else(|| atom.clone()));
        atom.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() || c == '(' || c == ')' {
            flush(&mut atom, &mut out);
            out.push(c);
        } else {
            atom.push(c);
        }
    }
    flush(&mut atom, &mut out);
    out
}

impl BvRow {
    /// The row at width `w` (at least its `min_width`).
    pub fn at(&self, w: u32) -> BvInstance {
        assert!(
            w >= self.min_width,
            "{} holds from width {}",
            self.id,
            self.min_width
        );
        let fail = |what: &str, e: &dyn std::fmt::Display| -> ! {
            panic!("{}: {what} at width {w}: {e}", self.id)
        };
        // The sorted variables are read as a quantifier's, by the parser.
        let bound = parse_term(&format!("(forall {} true)", instantiate(self.vars, w)))
            .unwrap_or_else(|e| fail("vars", &e));
        let Term::Quant(q) = bound else {
            fail("vars", &"not a list of sorted variables")
        };
        let vars = q.vars.clone();
        let parse =
            |text: &str| parse_term(&instantiate(text, w)).unwrap_or_else(|e| fail("a side", &e));
        let (lhs, rhs) = (parse(self.lhs), parse(self.rhs));
        let env = |v: &str| vars.iter().find(|(n, _)| n == v).map(|(_, s)| s.clone());
        let sort = lhs.sort(&env).unwrap_or_else(|e| fail("lhs's sort", &e));
        let rhs_sort = rhs.sort(&env).unwrap_or_else(|e| fail("rhs's sort", &e));
        assert_eq!(sort, rhs_sort, "{}: the sides' sorts at width {w}", self.id);
        BvInstance {
            vars,
            lhs,
            rhs,
            sort,
        }
    }

    /// The unsat case of this row at width `w`.
    pub fn case(&self, w: u32, seed: u64) -> Case {
        let row = self.at(w);
        let mut formula = Formula::default();
        for (v, s) in &row.vars {
            formula.declare(v.clone(), s.clone());
        }
        formula.declare("res", row.sort.clone());
        formula.assert(
            Term::not(Term::eq(row.lhs.clone(), Term::var("res"))),
            Some("a0".into()),
        );
        formula.assert(
            Term::eq(Term::var("res"), row.rhs.clone()),
            Some("a1".into()),
        );
        Case::new(
            formula,
            Truth::Unsat {
                core: ["a0".to_string(), "a1".to_string()].into(),
            },
            Provenance {
                seed,
                category: "bv-equivalent-formula".into(),
                chain: vec![format!("{}@{w}", self.id)],
                // As for the sequence rows: variable replacement ties each
                // variable of `a0` to new assertions it claims for the core,
                // which is sound only if `lhs` depends on that variable.
                anchor: self
                    .depends_on_every_variable(w)
                    .then(AnchorStructure::by_construction),
            },
        )
    }

    /// Whether the left side's value changes with each of its variables
    /// alone for some values (a seeded random search over boundary and
    /// random values; a variable for which none is found counts as
    /// ignored, the safe side). Decided once per row and width.
    pub fn depends_on_every_variable(&self, w: u32) -> bool {
        static DECIDED: LazyLock<Mutex<HashMap<(&'static str, u32), bool>>> =
            LazyLock::new(Mutex::default);
        if let Some(&known) = DECIDED.lock().expect("not poisoned").get(&(self.id, w)) {
            return known;
        }
        let decided = self.search_dependence(w);
        DECIDED
            .lock()
            .expect("not poisoned")
            .insert((self.id, w), decided);
        decided
    }

    fn search_dependence(&self, w: u32) -> bool {
        use rand::SeedableRng;
        let row = self.at(w);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0xb5);
        let used = row.lhs.free_vars();
        row.vars.iter().all(|(x, _)| {
            used.contains(x)
                && (0..400).any(|_| {
                    let mut model = random_model(&row.vars, &mut rng);
                    let before = eval(&row.lhs, &model);
                    let sort = &row.vars.iter().find(|(n, _)| n == x).expect("declared").1;
                    model.insert(x.clone(), random_value(sort, &mut rng));
                    matches!((before, eval(&row.lhs, &model)), (Ok(a), Ok(b)) if a != b)
                })
        })
    }
}

/// A value of a row variable's sort: a bit-vector (boundaries weighted) or
/// an integer.
pub fn random_value(sort: &Sort, rng: &mut dyn RngCore) -> Value {
    match sort {
        Sort::BitVec(w) => Value::BitVec(random_bitvec(*w, rng)),
        Sort::Int => Value::Int(random_int(rng)),
        Sort::Bool => Value::Bool(rng.random()),
        other => unreachable!("no bit-vector row has a {other} variable"),
    }
}

/// Random values for `vars`.
pub fn random_model(vars: &[(Symbol, Sort)], rng: &mut dyn RngCore) -> Model {
    let mut m = Model::new();
    for (v, s) in vars {
        m.insert(v.clone(), random_value(s, rng));
    }
    m
}

/// A random row at a random width it holds at.
pub fn random_bv_equivalence(seed: u64, rng: &mut dyn RngCore) -> Case {
    let rows = bv_rows();
    let row = &rows[rng.random_range(0..rows.len())];
    let w = loop {
        let w = random_width(rng);
        if w >= row.min_width {
            break w;
        }
    };
    row.case(w, seed)
}

/// Unsat bit-vector cases: a random row at a random width, with up to
/// `max_links` links and `max_noise` noise assertions (module docs).
#[derive(Clone, Debug)]
pub struct BvUnsat {
    max_links: usize,
    max_noise: usize,
    seed: u64,
}

impl BvUnsat {
    /// Up to `max_links` links and `max_noise` noise assertions.
    pub fn new(max_links: usize, max_noise: usize) -> Self {
        BvUnsat {
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

/// One noise assertion over fresh variables, each satisfiable alone:
/// `(bvule n m)`, `(= (bvand n k) k)` for a constant `k`, or `(distinct n
/// m)`.
fn noise(f: &mut Formula, rng: &mut dyn RngCore) -> Term {
    let w = random_width(rng);
    let mut fresh = |base: &str| {
        let n = f.fresh_symbol(base);
        f.declare(n.clone(), Sort::BitVec(w));
        Term::var(n)
    };
    let (n, m) = (fresh("n"), fresh("m"));
    match rng.random_range(0..3) {
        0 => Term::app(Op::BvUle, vec![n, m]),
        1 => {
            let k = Term::BitVec(random_bitvec(w, rng));
            Term::eq(Term::app(Op::BvAnd, vec![n, k.clone()]), k)
        }
        _ => Term::not(Term::eq(n, m)),
    }
}

impl crate::generate::Generator for BvUnsat {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let base = random_bv_equivalence(self.seed, rng);
        let links = rng.random_range(0..=self.max_links);
        let mut out = with_links(&base, links, "bv-larger-core");
        let noises = rng.random_range(0..=self.max_noise);
        for _ in 0..noises {
            let t = noise(&mut out.formula, rng);
            let name = out.formula.fresh_assertion_name();
            out.formula.assert(t, Some(name));
        }
        if noises > 0 {
            out.provenance.chain.push(format!("noise({noises})"));
            out.provenance.category = "bv-noise".into();
        }
        Some(out)
    }
}

/// One case per row, at its least width and at 8 and 65 (the widths a
/// finite export writes).
pub fn bv_equivalent_formula_cases(seed: u64) -> impl Iterator<Item = Case> {
    bv_rows().iter().flat_map(move |r| {
        [r.min_width, 8, 65]
            .into_iter()
            .filter(move |&w| w >= r.min_width)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .map(move |w| r.case(w, seed))
    })
}

#[cfg(test)]
#[path = "rows_tests.rs"]
mod tests;
