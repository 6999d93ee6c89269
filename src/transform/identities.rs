//! The identities of the ICSE 2020 paper's Table 3, as data, plus the ones
//! for the operators the paper did not cover.
//!
//! An identity is `lhs = rhs if side`: `NC` rows equate a term to one of its
//! own variables (the *subject*), `C` rows equate a term to a constant. The
//! unsat transformations instantiate them into clauses that imply `x =
//! x_fresh` (variable replacement, noise) or `z = c` (constant replacement).
//!
//! The rows are `assets/tables/identities.smt2` (compiled in, read once at
//! first use; the row format is `generate::tables`'s, and `read_identity`
//! says what a row holds).
//!
//! # Invariants
//!
//! - Every row holds in the SMT-LIB 2.6 Unicode Strings theory: for all
//!   values of its variables, `side` implies `lhs = rhs` (the property test
//!   below checks it by evaluation on thousands of random values).
//! - [`Identity::total`] is true only if for *every* value of the subject
//!   there are values of the other variables that satisfy `side` (checked
//!   for the witnesses the test constructs). Only total identities keep an
//!   instantiated clause satisfiable whatever the subject's value; the
//!   transformations use only those where a model of the rest of the formula
//!   is unknown (see `transform::replacement::variable`).
//!
//! # Reconstruction of the printed table
//!
//! The seed text of Table 3 is a garbled PDF extraction: labels and rows are
//! offset and two runs are elided with "...". We reconstruct it from the
//! SMT-LIB 2.6 semantics as follows (all rows checked below):
//!
//! - NC1-NC8 and C1-C6 as printed; C7-C15 are `str.from_int(n) = "k" if n = k`
//!   for k = 1..9 (the printed C15 is the k = 9 row).
//! - C16-C21 as printed (C18's side condition is garbled, "s = ½"; we read
//!   it as `s = ""`, the other case where `str.to_int` is -1).
//! - C22-C30 are `str.to_int(s) = k if s = "k"` for k = 1..9. The printed
//!   labels put the k = 9 row at C31, which leaves ten labels for nine
//!   digits: the table is inconsistent there. We fill C31 with the next row
//!   of the same family, `str.to_int(s) = 10 if s = "10"`, which also covers
//!   the constant 10 of Table 2's E2.
//! - C32-C40 are the nine Boolean rows as printed (the caption's "C32-C39"
//!   miscounts them).
//!
//! Rows past the paper (`NC9`.., `C41`..) cover `str.replace_all`, `str.<`,
//! `str.<=`, `str.is_digit`, `str.to_code` and `str.from_code`; each cites
//! the clause of the standard it follows from. `NC13`-`NC42` are total `NC`
//! rows of bit-vector subjects (`bvxor` twice, `bvadd` then `bvsub`), one
//! pair per width the bit-vector room draws, so that noise introduction
//! applies to bit-vector variables.

use std::sync::LazyLock;

use crate::generate::sx::*;
#[cfg(test)]
use crate::generate::tables::RowWriter;
use crate::generate::tables::{Row, TableError, TableFile};
use crate::semantics::{Value, eval_closed};
use crate::term::{Sort, Symbol, Term};

/// The right-hand side of an identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rhs {
    /// An `NC` row: the subject variable (of the given sort).
    Subject(Symbol, Sort),
    /// A `C` row: a constant.
    Constant(Value),
}

/// One row: `lhs = rhs if side`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// `NC1`..`NC8`, `C1`..`C40` (the paper's ids) or `NC9`.., `C41`.. .
    pub id: &'static str,
    /// Whether the row is in the ICSE 2020 paper's Table 3.
    pub in_paper: bool,
    /// Where it comes from (the paper, or the clause of the standard).
    pub source: &'static str,
    /// Every variable of `lhs` and `side`, with its sort (the subject too).
    pub vars: Vec<(Symbol, Sort)>,
    /// The term that equals `rhs`.
    pub lhs: Term,
    /// The subject variable or the constant.
    pub rhs: Rhs,
    /// The side condition (`true` when there is none).
    pub side: Term,
    /// For `NC` rows: every value of the subject admits values of the other
    /// variables that satisfy `side`. For `C` rows: `side` is satisfiable.
    pub total: bool,
}

/// An identity instantiated into a formula: its variables renamed apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The instantiated left-hand side.
    pub lhs: Term,
    /// The instantiated side condition.
    pub side: Term,
    /// The fresh variables introduced (all but the subject), with sorts.
    pub fresh: Vec<(Symbol, Sort)>,
}

impl Identity {
    /// The sort of the right-hand side.
    pub fn sort(&self) -> Sort {
        match &self.rhs {
            Rhs::Subject(_, s) => s.clone(),
            Rhs::Constant(v) => v.sort(),
        }
    }

    /// The subject variable of an `NC` row.
    pub fn subject(&self) -> Option<&str> {
        match &self.rhs {
            Rhs::Subject(s, _) => Some(s),
            Rhs::Constant(_) => None,
        }
    }

    /// The constant of a `C` row.
    pub fn constant(&self) -> Option<&Value> {
        match &self.rhs {
            Rhs::Constant(v) => Some(v),
            Rhs::Subject(..) => None,
        }
    }

    /// Instantiates the row: the subject (of an `NC` row) becomes `subject`,
    /// every other variable `v` becomes `fresh(v, sort)`, a name the caller
    /// guarantees unused.
    pub fn instantiate(
        &self,
        subject: Option<&Term>,
        fresh: &mut dyn FnMut(&str, &Sort) -> Symbol,
    ) -> Instance {
        let mut map = std::collections::BTreeMap::new();
        let mut out = Vec::new();
        for (v, s) in &self.vars {
            if let (true, Some(t)) = (Some(v.as_str()) == self.subject(), subject) {
                map.insert(v.clone(), t.clone());
                continue;
            }
            let n = fresh(v, s);
            map.insert(v.clone(), Term::Var(n.clone()));
            out.push((n, s.clone()));
        }
        Instance {
            lhs: self.lhs.substitute(&map),
            side: self.side.substitute(&map),
            fresh: out,
        }
    }
}

impl Instance {
    /// The clause `lhs = rhs ∧ side`, with the side condition left out when
    /// it is `true`.
    pub fn clause(&self, rhs: Term) -> Term {
        let eq = Term::eq(self.lhs.clone(), rhs);
        match &self.side {
            Term::Bool(true) => eq,
            side => and(vec![eq, side.clone()]),
        }
    }
}

/// Table 3's rows and ours, as data (see [`crate::generate::tables`]).
const TABLE: TableFile = TableFile {
    path: "assets/tables/identities.smt2",
    text: include_str!("../../assets/tables/identities.smt2"),
};

/// Reads one row: `(identity ID :paper BOOL :total BOOL :source "..."
/// :vars ((x S) ...) :lhs t :rhs r [:if side])`, where `r` is one of the
/// row's variables (an `NC` row's subject) or a closed term (a `C` row's
/// constant, its value), and a row without `:if` has the side `true`.
/// Table 2.6's module reads its rows with it too.
pub(super) fn read_identity(row: &mut Row) -> Result<Identity, TableError> {
    let in_paper = row.bool("paper")?;
    let total = row.bool("total")?;
    let source = row.static_string("source")?;
    let vars = row.sorted_vars("vars")?;
    let lhs = row.term("lhs")?;
    let rhs = match row.term("rhs")? {
        Term::Var(x) => match vars.iter().find(|(v, _)| *v == x) {
            Some((v, s)) => Rhs::Subject(v.clone(), s.clone()),
            None => return Err(row.error(format!("`:rhs {x}` is not a variable of the row"))),
        },
        t => Rhs::Constant(
            eval_closed(&t).map_err(|e| row.error(format!("`:rhs` is not a constant: {e}")))?,
        ),
    };
    let side = row.optional_term("if")?.unwrap_or(Term::Bool(true));
    Ok(Identity {
        id: row.id(),
        in_paper,
        source,
        vars,
        lhs,
        rhs,
        side,
        total,
    })
}

/// A row in the format [`read_identity`] reads.
#[cfg(test)]
pub(super) fn write_identity(i: &Identity) -> String {
    let mut w = RowWriter::new("identity", i.id);
    w.inline("paper", &i.in_paper.to_string())
        .inline("total", &i.total.to_string())
        .string("source", i.source)
        .sorted_vars("vars", &i.vars)
        .term("lhs", &i.lhs);
    match &i.rhs {
        Rhs::Subject(x, _) => w.field("rhs", x),
        Rhs::Constant(c) => w.term("rhs", &c.to_term()),
    };
    if i.side != Term::Bool(true) {
        w.term("if", &i.side);
    }
    w.finish()
}

static IDENTITIES: LazyLock<Vec<Identity>> =
    LazyLock::new(|| crate::generate::tables::load(TABLE, "identity", read_identity));

/// Every identity: the paper's NC1-NC8 and C1-C40, then ours.
pub fn identities() -> &'static [Identity] {
    &IDENTITIES
}

/// The identity with the given id.
pub fn identity(id: &str) -> Option<&'static Identity> {
    identities().iter().find(|i| i.id == id)
}

/// The total `NC` identities whose subject has `sort`.
pub fn total_variable_identities(sort: &Sort) -> impl Iterator<Item = &'static Identity> + '_ {
    total_variable_rows(identities(), sort)
}

/// The `C` identities whose constant is `value`.
pub fn constant_identities(value: &Value) -> impl Iterator<Item = &'static Identity> + '_ {
    constant_rows(identities(), value)
}

/// The total `NC` rows of `table` whose subject has `sort` (this table's
/// and Table 2.6's use it alike).
pub fn total_variable_rows<'a>(
    table: &'static [Identity],
    sort: &'a Sort,
) -> impl Iterator<Item = &'static Identity> + 'a {
    table
        .iter()
        .filter(move |i| i.subject().is_some() && i.total && i.sort() == *sort)
}

/// The total `C` rows of `table` whose constant is `value`.
pub fn constant_rows<'a>(
    table: &'static [Identity],
    value: &'a Value,
) -> impl Iterator<Item = &'static Identity> + 'a {
    table
        .iter()
        .filter(move |i| i.constant() == Some(value) && i.total)
}

#[cfg(test)]
pub(super) mod tests {
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::semantics::{self, Model};

    /// Literals of the identity, so that side conditions like `s = "7"` are
    /// hit often.
    fn literals(id: &Identity) -> (Vec<Value>, Vec<i64>) {
        let (mut strs, mut ints) = (Vec::new(), Vec::new());
        for t in [&id.lhs, &id.side] {
            t.visit(&mut |t| match t {
                Term::Str(s) => strs.push(Value::Str(s.clone())),
                Term::Int(n) => ints.extend(i64::try_from(n.clone()).ok()),
                _ => {}
            });
        }
        (strs, ints)
    }

    fn random_value(sort: &Sort, lits: &(Vec<Value>, Vec<i64>), rng: &mut ChaCha8Rng) -> Value {
        const ALPHABET: [u32; 7] = [0x61, 0x62, 0x30, 0x31, 0x39, 0xe4, 0x10000];
        match sort {
            Sort::BitVec(w) => {
                Value::BitVec(crate::generate::bitvec::widths::random_bitvec(*w, rng))
            }
            Sort::Int => {
                if rng.random_bool(0.3) && !lits.1.is_empty() {
                    Value::Int(lits.1[rng.random_range(0..lits.1.len())].into())
                } else {
                    Value::Int(rng.random_range(-3i64..12).into())
                }
            }
            _ => {
                if rng.random_bool(0.3) && !lits.0.is_empty() {
                    lits.0[rng.random_range(0..lits.0.len())].clone()
                } else {
                    let n = rng.random_range(0..5);
                    let cs = (0..n)
                        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())])
                        .collect();
                    Value::Str(crate::term::SmtString::from_chars(cs).unwrap())
                }
            }
        }
    }

    #[test]
    fn ids_are_unique_and_the_paper_has_48_rows() {
        let mut ids: Vec<_> = identities().iter().map(|i| i.id).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n);
        assert_eq!(identities().iter().filter(|i| i.in_paper).count(), 48);
        for k in 1..=8 {
            assert!(identity(&format!("NC{k}")).unwrap().in_paper);
        }
        for k in 1..=40 {
            assert!(identity(&format!("C{k}")).unwrap().in_paper, "C{k}");
        }
    }

    #[test]
    fn rows_are_well_sorted() {
        for id in identities() {
            let env = |n: &str| id.vars.iter().find(|(v, _)| v == n).map(|(_, s)| s.clone());
            assert_eq!(id.lhs.sort(&env), Ok(id.sort()), "{}", id.id);
            assert_eq!(id.side.sort(&env), Ok(Sort::Bool), "{}", id.id);
            if let Some(s) = id.subject() {
                assert!(id.vars.iter().any(|(v, _)| v == s), "{}", id.id);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Every row, on random values that satisfy its side condition,
        /// evaluates to its right-hand side (about 3000 values per row).
        #[test]
        fn every_identity_holds_by_evaluation(seed: u64) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for id in identities() {
                let lits = literals(id);
                let mut hits = 0;
                for _ in 0..50 {
                    let mut m = Model::new();
                    for (v, s) in &id.vars {
                        m.insert(v.clone(), random_value(s, &lits, &mut rng));
                    }
                    if semantics::eval(&id.side, &m).unwrap() != Value::Bool(true) {
                        continue;
                    }
                    hits += 1;
                    let lhs = semantics::eval(&id.lhs, &m).unwrap();
                    let rhs = match &id.rhs {
                        Rhs::Subject(s, _) => m.get(s).unwrap().clone(),
                        Rhs::Constant(c) => c.clone(),
                    };
                    prop_assert_eq!(lhs, rhs, "{} under {:?}", id.id, m);
                }
                let _ = hits;
            }
        }
    }

    /// The totality claims: for random subject values, the witness the
    /// transformations rely on (other string variables := subject ++ "a",
    /// integers := 0) satisfies the side condition.
    #[test]
    fn total_rows_have_witnesses_for_every_subject() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for id in identities().iter().filter(|i| i.total) {
            let lits = literals(id);
            for _ in 0..200 {
                let mut m = Model::new();
                if let Some(subj) = id.subject() {
                    let sv = random_value(&id.sort(), &lits, &mut rng);
                    for (v, s) in &id.vars {
                        let val = if v == subj {
                            sv.clone()
                        } else {
                            other_witness(&sv, s)
                        };
                        m.insert(v.clone(), val);
                    }
                    assert_eq!(
                        semantics::eval(&id.side, &m).unwrap(),
                        Value::Bool(true),
                        "{} is not total at {:?}",
                        id.id,
                        m
                    );
                } else {
                    assert!(
                        constant_side_witness(id).is_some(),
                        "{} has an unsatisfiable side",
                        id.id
                    );
                }
            }
        }
    }

    fn other_witness(subject: &Value, sort: &Sort) -> Value {
        match (subject, sort) {
            (Value::Str(s), Sort::String) => {
                let mut cs = s.chars().to_vec();
                cs.push(0x61);
                Value::Str(crate::term::SmtString::from_chars(cs).unwrap())
            }
            (_, Sort::String) => Value::Str("a".into()),
            // The bit-vector rows are total in their other variable: any
            // value does.
            (_, Sort::BitVec(w)) => Value::BitVec(crate::term::BitVec::from_u64(*w, 0)),
            _ => Value::Int(0.into()),
        }
    }

    /// Some values satisfying a `C` row's side condition, found by search.
    fn constant_side_witness(id: &Identity) -> Option<Model> {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let lits = literals(id);
        (0..2000).find_map(|_| {
            let mut m = Model::new();
            for (v, s) in &id.vars {
                m.insert(v.clone(), random_value(s, &lits, &mut rng));
            }
            (semantics::eval(&id.side, &m).ok()? == Value::Bool(true)).then_some(m)
        })
    }

    /// The rows the Rust builders made before the table became data, in
    /// their order: a row lost or renamed in the file fails here.
    #[test]
    fn the_table_has_the_rows_it_had_as_code() {
        let ids: Vec<&str> = identities().iter().map(|i| i.id).collect();
        let want = "NC1 NC2 NC3 NC4 NC5 NC6 NC7 NC8 C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 C11 C12 C13 \
                    C14 C15 C16 C17 C18 C19 C20 C21 C22 C23 C24 C25 C26 C27 C28 C29 C30 C31 C32 \
                    C33 C34 C35 C36 C37 C38 C39 C40 NC9 NC10 NC11 NC12 C41 C42 C43 C44 C45 C46 \
                    C47 C48 C49";
        let mut want: Vec<String> = want.split_whitespace().map(String::from).collect();
        // Then the bit-vector rows (issue 41): two per width drawn.
        want.extend((13..=42).map(|k| format!("NC{k}")));
        // Then the integer subjects without strings (issue 41).
        want.extend((43..=47).map(|k| format!("NC{k}")));
        want.extend((50..=52).map(|k| format!("C{k}")));
        assert_eq!(ids.len(), 99);
        assert_eq!(ids, want);
    }

    /// Printed and read again, every row of `table` is the same (Table
    /// 2.6's test calls it too).
    pub(crate) fn assert_rows_read_back(table: &[Identity]) {
        let text: String = table.iter().map(write_identity).collect();
        let file = TableFile {
            path: "(printed)",
            text: Box::leak(text.into_boxed_str()),
        };
        let again = crate::generate::tables::load(file, "identity", read_identity);
        assert_eq!(again, table);
    }

    #[test]
    fn rows_print_and_read_back() {
        assert_rows_read_back(identities());
    }
}
