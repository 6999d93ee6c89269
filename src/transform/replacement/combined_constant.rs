//! Constant replacement for bit-vector and array constants (the future
//! work of Kühne 2022, Sect. 3.2, after the ICSE 2020 paper's Sect. 3.2):
//! a larger unsat core for the combined theories, and a larger sat formula.
//!
//! In a core assertion `(= t c)` of an unsat case whose right side is a
//! bit-vector literal or a constant array `c` occurring nowhere in `t`,
//! `c` becomes a fresh variable `z`, and a new named clause `C(z) := z =
//! lhs(w̄) ∧ side(w̄)` from one of the rows (its variables `w̄` fresh)
//! joins the core. The rows are data, `bv_constant_rows.txt` and
//! `array_constant_rows.txt` beside this file (read by `combined_rows`),
//! each written next to the clause of the standard it follows from
//! (FixedSizeBitVectors theory and QF_BV logic, ArraysEx, Core of SMT-LIB
//! 2.6): `BVC1`-`BVC8` for bit-vectors, `AC1`-`AC5` for constant arrays
//! `((as const S) v)`.
//!
//! In a sat case, every occurrence of such a constant in one assertion
//! becomes `z` and `C(z)` is asserted; the model gains `z := c` and a
//! witness of `side` (every side is a conjunction of `(= w t)`, so the
//! witness is computed, and the result's model is checked).
//!
//! # Invariant
//!
//! Unsat: the result is unsat with the old core plus `C` as its unique
//! minimal core: `C` implies `z = c` (every row: `side(w̄)` implies
//! `lhs(w̄) = c`, checked by evaluation in the tests), so the formula is
//! the old one with a conservative extension. Without `C`, `(= t z)` holds
//! with `z` set to `t`'s value, and `z` is fresh, so the rest of the old
//! core (sat without `(= t c)`, by its minimality) stays sat. Without `(=
//! t z)`, `C` is satisfiable (every row's `side` has a witness) by fresh
//! variables only. Without any other old core member, its model extended
//! by `z := c` and the witness satisfies everything. Literals inside a
//! constant array's default are neither looked at nor replaced.
//!
//! Sat: the carried model, extended by `z := c` and the witness, satisfies
//! the result: the changed assertion is the old one under `z = c`, and
//! `C` holds by the witness.

use rand::RngCore;
use rand::seq::IndexedRandom;

use super::combined_rows::{ARRAY_ROWS, ArrayRow, BV_CONSTANT_ROWS, BvRow};
use crate::semantics::eval_closed;
use crate::term::{BitVec, Formula, Op, Sort, Symbol, Term};
use crate::transform::combined_identities::witness;
use crate::transform::fresh::fresh_var;
use crate::truth::{Case, Truth};

/// A constant a row replaces: a bit-vector literal or a constant array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replaced {
    /// A bit-vector literal.
    BitVec(BitVec),
    /// `((as const S) v)` (the term).
    Array(Term),
}

impl Replaced {
    fn of(t: &Term) -> Option<Replaced> {
        match t {
            Term::BitVec(b) => Some(Replaced::BitVec(b.clone())),
            Term::ConstArray(..) => Some(Replaced::Array(t.clone())),
            _ => None,
        }
    }

    /// The constant as written.
    pub fn term(&self) -> Term {
        match self {
            Replaced::BitVec(b) => Term::BitVec(b.clone()),
            Replaced::Array(t) => t.clone(),
        }
    }

    /// The constant's sort.
    pub fn sort(&self) -> Sort {
        match self {
            Replaced::BitVec(b) => Sort::BitVec(b.width()),
            Replaced::Array(Term::ConstArray(s, _)) => s.clone(),
            Replaced::Array(_) => unreachable!("built from a constant array"),
        }
    }
}

/// A row of either table.
#[derive(Clone, Copy)]
pub enum CombinedRow {
    /// A bit-vector row.
    BitVec(&'static BvRow),
    /// An array row.
    Array(&'static ArrayRow),
}

impl CombinedRow {
    /// The row's id.
    pub fn id(&self) -> &'static str {
        match self {
            CombinedRow::BitVec(r) => r.id,
            CombinedRow::Array(r) => r.id,
        }
    }
}

/// The rows that apply to `c`.
pub fn constant_rows_for(c: &Replaced) -> Vec<CombinedRow> {
    match c {
        Replaced::BitVec(b) => BV_CONSTANT_ROWS
            .iter()
            .filter(|r| r.applies(b))
            .map(CombinedRow::BitVec)
            .collect(),
        Replaced::Array(t) => ARRAY_ROWS
            .iter()
            .filter(|r| r.applies(&c.sort()) && matches!(t, Term::ConstArray(..)))
            .map(CombinedRow::Array)
            .collect(),
    }
}

/// A row instantiated: `lhs`, `side` and the fresh variables.
type Instance = (Term, Term, Vec<(Symbol, Sort)>);

/// The row instantiated for `c` with fresh variables declared in `f`.
/// `None` if the row does not apply to `c`.
fn instantiate(f: &mut Formula, c: &Replaced, row: CombinedRow) -> Option<Instance> {
    let tag = row.id().to_lowercase();
    match (c, row) {
        (Replaced::BitVec(b), CombinedRow::BitVec(r)) if r.applies(b) => {
            let sort = Sort::BitVec(b.width());
            let w = fresh_var(f, &format!("w_{tag}"), &sort);
            let (lhs, side) = r.build(b, Term::Var(w.clone()));
            Some((lhs, side, vec![(w, sort)]))
        }
        (Replaced::Array(t @ Term::ConstArray(sort, v)), CombinedRow::Array(r))
            if r.applies(sort) =>
        {
            let fresh: Vec<(Symbol, Sort)> = r
                .fresh(sort)
                .into_iter()
                .map(|(n, s)| (fresh_var(f, &format!("{n}_{tag}"), &s), s))
                .collect();
            let vars: Vec<Term> = fresh.iter().map(|(n, _)| Term::Var(n.clone())).collect();
            let (lhs, side) = r.build(t, v, &vars);
            Some((lhs, side, fresh))
        }
        _ => None,
    }
}

fn clause(z: &Symbol, lhs: Term, side: Term) -> Term {
    match side {
        Term::Bool(true) => Term::eq(Term::Var(z.clone()), lhs),
        side => Term::and(vec![Term::eq(Term::Var(z.clone()), lhs), side]),
    }
}

/// The core assertions `(= t c)` with `c` a bit-vector literal or a
/// constant array not in `t`: their index and `c`.
pub fn unsat_constant_candidates(case: &Case) -> Vec<(usize, Replaced)> {
    let Truth::Unsat { core } = &case.truth else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, a) in case.formula.assertions.iter().enumerate() {
        if !a.name.as_ref().is_some_and(|n| core.contains(n)) {
            continue;
        }
        let Term::App(Op::Eq, args) = &a.term else {
            continue;
        };
        let [t, c] = args.as_slice() else {
            continue;
        };
        let Some(r) = Replaced::of(c) else {
            continue;
        };
        if !occurs(t, c) {
            out.push((i, r));
        }
    }
    out
}

/// Whether `c` occurs in `t` outside constant arrays' defaults.
fn occurs(t: &Term, c: &Term) -> bool {
    if t == c {
        return true;
    }
    match t {
        Term::App(_, args) => args.iter().any(|a| occurs(a, c)),
        Term::Let(bs, body) => bs.iter().any(|(_, x)| occurs(x, c)) || occurs(body, c),
        Term::Quant(q) => occurs(&q.body, c),
        _ => false,
    }
}

/// `t` with every occurrence of `c` outside constant arrays' defaults (and
/// outside binders) replaced by `z`.
fn replace_occurrences(t: &Term, c: &Term, z: &Term) -> Term {
    if t == c {
        return z.clone();
    }
    match t {
        Term::App(op, args) => Term::App(
            *op,
            args.iter().map(|a| replace_occurrences(a, c, z)).collect(),
        ),
        _ => t.clone(),
    }
}

/// Replaces the constant `c` of the core assertion `(= t c)` at `at` with
/// a fresh `z` and adds `C(z) := z = lhs(w̄) ∧ side(w̄)` to the core (see
/// the module docs). `None` if `at` is not such an assertion or the row
/// does not apply.
pub fn replace_unsat_constant(
    case: &Case,
    at: usize,
    c: &Replaced,
    row: CombinedRow,
) -> Option<Case> {
    if !unsat_constant_candidates(case).contains(&(at, c.clone())) {
        return None;
    }
    let mut out = case.clone();
    let f = &mut out.formula;
    let z = fresh_var(f, "z", &c.sort());
    let (lhs, side, _) = instantiate(f, c, row)?;
    let Term::App(Op::Eq, args) = &mut f.assertions[at].term else {
        return None;
    };
    args[1] = Term::Var(z.clone());
    let name = f.fresh_assertion_name();
    f.assert(clause(&z, lhs, side), Some(name.clone()));
    let Truth::Unsat { core } = &mut out.truth else {
        return None;
    };
    core.insert(name);
    out.provenance.chain.push(row.id().to_string());
    Some(out)
}

/// The constants of a sat case's assertions a row may replace: bit-vector
/// literals and constant arrays outside constant arrays' defaults (a
/// variable there would not be a value, which cvc5 refuses).
pub fn sat_constant_candidates(case: &Case) -> Vec<(usize, Replaced)> {
    if !matches!(case.truth, Truth::Sat { .. }) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, a) in case.formula.assertions.iter().enumerate() {
        let mut found = Vec::new();
        outside_defaults(&a.term, &mut found);
        for r in found {
            if !out.contains(&(i, r.clone())) {
                out.push((i, r));
            }
        }
    }
    out
}

fn outside_defaults(t: &Term, out: &mut Vec<Replaced>) {
    if let Some(r) = Replaced::of(t) {
        out.push(r);
        return;
    }
    if let Term::App(_, args) = t {
        args.iter().for_each(|a| outside_defaults(a, out));
    }
}

/// In a sat case: replaces every occurrence of `c` in assertion `at` with
/// a fresh `z` and asserts `C(z)`; the model gains `z := c` and a witness
/// of the side (see [`witness`]). `None` if `c` is not there, the row does
/// not apply, or no witness is found (the result's model is checked).
pub fn replace_sat_constant(
    case: &Case,
    at: usize,
    c: &Replaced,
    row: CombinedRow,
    rng: &mut dyn RngCore,
) -> Option<Case> {
    if !sat_constant_candidates(case).contains(&(at, c.clone())) {
        return None;
    }
    let value = eval_closed(&c.term()).ok()?;
    let mut out = case.clone();
    let f = &mut out.formula;
    let z = fresh_var(f, "z", &c.sort());
    let (lhs, side, fresh) = instantiate(f, c, row)?;
    let a = &mut f.assertions[at];
    a.term = replace_occurrences(&a.term, &c.term(), &Term::Var(z.clone()));
    let name = a.name.is_some().then(|| f.fresh_assertion_name());
    f.assert(clause(&z, lhs, side.clone()), name);
    let Truth::Sat { model } = &mut out.truth else {
        return None;
    };
    model.insert(z, value);
    witness(&side, &fresh, model, rng)?;
    out.provenance.chain.push(row.id().to_string());
    out.check().ok()?;
    Some(out)
}

/// Replaces a bit-vector literal or a constant array by a fresh variable
/// defined by a random row that applies to it: in an unsat case, the
/// right side of a core assertion `(= t c)` (a larger core); in a sat
/// case, a constant anywhere outside constant arrays' defaults (the model
/// extended). `None` when no constant has a row. The chain ends with the
/// row's id ([`super::theory`] files it under the transformation's name).
pub fn random_combined_constant_replacement(case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
    let unsat = matches!(case.truth, Truth::Unsat { .. });
    let candidates = if unsat {
        unsat_constant_candidates(case)
    } else {
        sat_constant_candidates(case)
    };
    let (at, c) = candidates.choose(rng)?.clone();
    let row = *constant_rows_for(&c).choose(rng)?;
    if unsat {
        replace_unsat_constant(case, at, &c, row)
    } else {
        replace_sat_constant(case, at, &c, row, rng)
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::combined_rows::{neg, not};
    use super::*;
    use crate::generate::Generator;
    use crate::generate::combined::{CombinedTermSampler, CombinedUnsat, Result3_2};
    use crate::generate::regex::RegexPool;
    use crate::semantics::{Model, Value, eval};

    fn bv(rng: &mut ChaCha8Rng, w: u32) -> BitVec {
        let words: Vec<u32> = (0..w.div_ceil(32)).map(|_| rng.random()).collect();
        BitVec::new(w, BigUint::new(words))
    }

    /// The tables hold the rows they held when the replacement files moved
    /// into one folder, in order: the tests below check that each row
    /// holds, this one that none is lost on the way.
    #[test]
    fn the_tables_keep_their_rows() {
        let bv: Vec<&str> = BV_CONSTANT_ROWS.iter().map(|r| r.id).collect();
        assert_eq!(
            bv,
            [
                "BVC1", "BVC2", "BVC3", "BVC4", "BVC5", "BVC6", "BVC7", "BVC8"
            ]
        );
        let arrays: Vec<&str> = ARRAY_ROWS.iter().map(|r| r.id).collect();
        assert_eq!(arrays, ["AC1", "AC2", "AC3", "AC4", "AC5"]);
    }

    /// Every row holds: for random `w` (and the witness its side names),
    /// `side(w)` implies `lhs(w) = c`; and the side has a witness, so `C`
    /// is satisfiable whatever `c` (totality).
    #[test]
    fn every_row_holds_and_its_side_has_a_witness() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for row in BV_CONSTANT_ROWS.iter() {
            let mut applied = 0;
            for w_width in [1u32, 4, 8, 32, 64, 65] {
                for k in 0..200 {
                    let c = match k % 3 {
                        0 => BitVec::from_u64(w_width, 0),
                        1 => BitVec::new(w_width, BitVec::mask(w_width)),
                        _ => bv(&mut rng, w_width),
                    };
                    if !row.applies(&c) {
                        continue;
                    }
                    applied += 1;
                    let (lhs, side) = row.build(&c, Term::var("w"));
                    let mut witness = None;
                    for candidate in [bv(&mut rng, w_width), not(&c), neg(&c), c.clone()] {
                        let mut m = Model::new();
                        m.insert("w", Value::BitVec(candidate));
                        if eval(&side, &m) == Ok(Value::Bool(true)) {
                            assert_eq!(
                                eval(&lhs, &m),
                                Ok(Value::BitVec(c.clone())),
                                "{}: {lhs} with {m:?}",
                                row.id
                            );
                            witness = Some(m);
                        }
                    }
                    assert!(witness.is_some(), "{}: no witness for {c:?}", row.id);
                }
            }
            assert!(applied > 50, "{}: {applied}", row.id);
        }
    }

    /// Every array row holds: for constant arrays of every sort the
    /// generators draw and random values of the fresh variables, `side`
    /// implies `lhs = c` (extensional equality); and the side has a
    /// witness ([`witness`]), so `C` is satisfiable whatever `c`.
    #[test]
    fn every_array_row_holds_and_its_side_has_a_witness() {
        use crate::transform::combined_identities::tests::{array_sorts, random_value};
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        for row in ARRAY_ROWS.iter() {
            let (mut checked, mut witnessed) = (0, 0);
            for sort in array_sorts().iter().filter(|s| row.applies(s)) {
                let Sort::Array(_, e) = sort else { panic!() };
                for _ in 0..30 {
                    let v = random_value(e, &mut rng).to_term();
                    let c = Term::const_array(sort.clone(), v.clone());
                    let fresh: Vec<(Symbol, Sort)> = row
                        .fresh(sort)
                        .into_iter()
                        .map(|(n, s)| (n.to_string(), s))
                        .collect();
                    let vars: Vec<Term> = fresh.iter().map(|(n, _)| Term::var(n.clone())).collect();
                    let (lhs, side) = row.build(&c, &v, &vars);
                    let eq = Term::eq(lhs.clone(), c.clone());
                    // Random values: where the side holds, lhs = c.
                    let mut m = Model::new();
                    for (n, s) in &fresh {
                        m.insert(n.clone(), random_value(s, &mut rng));
                    }
                    if eval(&side, &m) == Ok(Value::Bool(true))
                        && let Ok(holds) = eval(&eq, &m)
                    {
                        assert_eq!(holds, Value::Bool(true), "{}: {lhs} under {m:?}", row.id);
                        checked += 1;
                    }
                    // The witness satisfies the side, and then lhs = c.
                    let mut m = Model::new();
                    if witness(&side, &fresh, &mut m, &mut rng).is_some() {
                        if let Ok(holds) = eval(&eq, &m) {
                            assert_eq!(holds, Value::Bool(true), "{}: {lhs}", row.id);
                            checked += 1;
                        }
                        witnessed += 1;
                    }
                }
            }
            assert!(checked >= 60, "{}: {checked}", row.id);
            assert!(witnessed >= 30, "{}: {witnessed}", row.id);
        }
    }

    /// On generated combined unsat cases the result keeps its truth: the
    /// old assertion with `z := c` and the clause with the witness hold
    /// exactly where the old one did, and without the new clause the
    /// replaced assertion is satisfiable (`z` set to `t`'s value), so the
    /// clause is needed.
    #[test]
    fn replacement_grows_the_core_by_a_needed_clause() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut g = CombinedUnsat::new(
            CombinedTermSampler::new(RegexPool::boundary()),
            3,
            Result3_2::Constant,
        );
        let mut applied = 0;
        for _ in 0..600 {
            let case = g.next(&mut rng);
            let Some(out) = random_combined_constant_replacement(&case, &mut rng) else {
                continue;
            };
            applied += 1;
            out.check().unwrap();
            let Truth::Unsat { core } = &out.truth else {
                panic!()
            };
            assert_eq!(core.len(), 2);
            let replaced = &out.formula.assertions[0].term;
            let Term::App(Op::Eq, sides) = replaced else {
                panic!()
            };
            // Without C: z := value of t satisfies the replaced assertion.
            let t_value = eval(&sides[0], &Model::new()).unwrap();
            let mut m = Model::new();
            m.insert("z", t_value);
            assert_eq!(eval(replaced, &m), Ok(Value::Bool(true)), "{replaced}");
            // C forces z to the old constant: with z := c the replaced
            // assertion is the old one, false.
            let Term::App(Op::Eq, old) = &case.formula.assertions[0].term else {
                panic!()
            };
            let mut m = Model::new();
            m.insert("z", eval(&old[1], &Model::new()).unwrap());
            assert_eq!(eval(replaced, &m), Ok(Value::Bool(false)));
        }
        assert!(applied > 100, "{applied}");
    }
}
