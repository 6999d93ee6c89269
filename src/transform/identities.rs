//! The identities of the ICSE 2020 paper's Table 3, as data, plus the ones
//! for the operators the paper did not cover.
//!
//! An identity is `lhs = rhs if side`: `NC` rows equate a term to one of its
//! own variables (the *subject*), `C` rows equate a term to a constant. The
//! unsat transformations instantiate them into clauses that imply `x =
//! x_fresh` (variable replacement, noise) or `z = c` (constant replacement).
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
//!   is unknown (see `transform::variable_replacement`).
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
//! the clause of the standard it follows from.

use std::sync::LazyLock;

use num_bigint::BigInt;

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
#[derive(Clone, Debug)]
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

/// The digits `"0"`..`"9"` as string literals.
fn digit(k: u32) -> Term {
    Term::str(&k.to_string())
}

/// A row; Table 2.6's module builds its rows with it too.
#[allow(clippy::too_many_arguments)]
pub(super) fn row(
    id: &'static str,
    in_paper: bool,
    source: &'static str,
    vars: &[(&str, Sort)],
    lhs: Term,
    rhs: Rhs,
    side: Option<Term>,
    total: bool,
) -> Identity {
    Identity {
        id,
        in_paper,
        source,
        vars: vars
            .iter()
            .map(|(n, s)| (n.to_string(), s.clone()))
            .collect(),
        lhs,
        rhs,
        side: side.unwrap_or(Term::Bool(true)),
        total,
    }
}

const PAPER: &str = "ICSE 2020, Table 3";

fn subject_s() -> Rhs {
    Rhs::Subject("s".into(), Sort::String)
}

fn string_const(s: &str) -> Rhs {
    Rhs::Constant(Value::Str(s.into()))
}

fn int_const(n: i64) -> Rhs {
    Rhs::Constant(Value::Int(BigInt::from(n)))
}

fn bool_const(b: bool) -> Rhs {
    Rhs::Constant(Value::Bool(b))
}

fn build() -> Vec<Identity> {
    use Sort::{Int as I, String as S};
    let (s, t, u, n, off, len) = (v("s"), v("t"), v("u"), v("n"), v("off"), v("len"));
    let mut rows = vec![
        // ---- NC: string subjects
        row(
            "NC1",
            true,
            PAPER,
            &[("s", S)],
            at(s.clone(), int(0)),
            subject_s(),
            Some(eq(slen(s.clone()), int(1))),
            false,
        ),
        row(
            "NC2",
            true,
            PAPER,
            &[("s", S)],
            cat(vec![s.clone(), Term::str("")]),
            subject_s(),
            None,
            true,
        ),
        row(
            "NC3",
            true,
            PAPER,
            &[("s", S)],
            cat(vec![Term::str(""), s.clone()]),
            subject_s(),
            None,
            true,
        ),
        row(
            "NC4",
            true,
            PAPER,
            &[("s", S)],
            replace(s.clone(), s.clone(), s.clone()),
            subject_s(),
            None,
            true,
        ),
        // total: t := s ++ "a" is never contained in s.
        row(
            "NC5",
            true,
            PAPER,
            &[("s", S), ("t", S), ("u", S)],
            replace(s.clone(), t.clone(), u.clone()),
            subject_s(),
            Some(eq(contains(s.clone(), t.clone()), Term::Bool(false))),
            true,
        ),
        row(
            "NC6",
            true,
            PAPER,
            &[("s", S), ("t", S), ("u", S)],
            replace(s.clone(), t.clone(), u.clone()),
            subject_s(),
            Some(eq(indexof(s.clone(), t.clone(), int(0)), int(-1))),
            true,
        ),
        row(
            "NC7",
            true,
            PAPER,
            &[("s", S)],
            substr(s.clone(), int(0), slen(s.clone())),
            subject_s(),
            None,
            true,
        ),
        // ---- NC: integer subject; not total (off must be in [0, |s|]).
        row(
            "NC8",
            true,
            PAPER,
            &[("off", I), ("s", S)],
            indexof(s.clone(), Term::str(""), off.clone()),
            Rhs::Subject("off".into(), I),
            Some(and(vec![
                ge(off.clone(), int(0)),
                le(off.clone(), slen(s.clone())),
            ])),
            false,
        ),
        // ---- C: string constants
        row(
            "C1",
            true,
            PAPER,
            &[("s", S), ("off", I)],
            at(s.clone(), off.clone()),
            string_const(""),
            Some(or(vec![
                lt(off.clone(), int(0)),
                ge(off.clone(), slen(s.clone())),
            ])),
            true,
        ),
        row(
            "C2",
            true,
            PAPER,
            &[],
            cat(vec![Term::str(""), Term::str("")]),
            string_const(""),
            None,
            true,
        ),
        row(
            "C3",
            true,
            PAPER,
            &[("n", I)],
            from_int(n.clone()),
            string_const(""),
            Some(lt(n.clone(), int(0))),
            true,
        ),
        row(
            "C4",
            true,
            PAPER,
            &[],
            replace(Term::str(""), Term::str(""), Term::str("")),
            string_const(""),
            None,
            true,
        ),
        row(
            "C5",
            true,
            PAPER,
            &[("s", S), ("off", I), ("len", I)],
            substr(s.clone(), off.clone(), len.clone()),
            string_const(""),
            Some(or(vec![
                lt(off.clone(), int(0)),
                ge(off.clone(), slen(s.clone())),
                le(len.clone(), int(0)),
            ])),
            true,
        ),
    ];
    const C_FROM_INT: [&str; 10] = [
        "C6", "C7", "C8", "C9", "C10", "C11", "C12", "C13", "C14", "C15",
    ];
    for (k, id) in C_FROM_INT.iter().enumerate() {
        let k = k as u32;
        rows.push(row(
            id,
            true,
            PAPER,
            &[("n", I)],
            from_int(n.clone()),
            string_const(&k.to_string()),
            Some(eq(n.clone(), int(k as i64))),
            true,
        ));
    }
    let i = v("i");
    let non_digit = and(std::iter::once(ge(i.clone(), int(0)))
        .chain(std::iter::once(lt(i.clone(), slen(s.clone()))))
        .chain((0..10).map(|k| not(eq(at(s.clone(), i.clone()), digit(k)))))
        .collect());
    rows.extend([
        // ---- C: integer constants
        row(
            "C16",
            true,
            PAPER,
            &[("s", S), ("t", S), ("off", I)],
            indexof(s.clone(), t.clone(), off.clone()),
            int_const(-1),
            Some(or(vec![
                lt(off.clone(), int(0)),
                gt(off.clone(), slen(s.clone())),
            ])),
            true,
        ),
        row(
            "C17",
            true,
            PAPER,
            &[("s", S), ("t", S), ("off", I)],
            indexof(s.clone(), t.clone(), off.clone()),
            int_const(-1),
            Some(eq(contains(s.clone(), t.clone()), Term::Bool(false))),
            true,
        ),
        row(
            "C18",
            true,
            PAPER,
            &[("s", S)],
            to_int(s.clone()),
            int_const(-1),
            Some(eq(s.clone(), Term::str(""))),
            true,
        ),
        // The paper's "∃ i" is in a positive position of the clause: i is a
        // free variable of the instance.
        row(
            "C19",
            true,
            PAPER,
            &[("s", S), ("i", I)],
            to_int(s.clone()),
            int_const(-1),
            Some(non_digit),
            true,
        ),
        row(
            "C20",
            true,
            PAPER,
            &[("s", S)],
            slen(s.clone()),
            int_const(0),
            Some(eq(s.clone(), Term::str(""))),
            true,
        ),
    ]);
    const C_TO_INT: [&str; 11] = [
        "C21", "C22", "C23", "C24", "C25", "C26", "C27", "C28", "C29", "C30", "C31",
    ];
    for (k, id) in C_TO_INT.iter().enumerate() {
        rows.push(row(
            id,
            true,
            PAPER,
            &[("s", S)],
            to_int(s.clone()),
            int_const(k as i64),
            Some(eq(s.clone(), Term::str(&k.to_string()))),
            true,
        ));
    }
    rows.extend([
        // ---- C: Boolean constants
        row(
            "C32",
            true,
            PAPER,
            &[("s", S)],
            contains(s.clone(), s.clone()),
            bool_const(true),
            None,
            true,
        ),
        row(
            "C33",
            true,
            PAPER,
            &[("s", S)],
            eq(s.clone(), s.clone()),
            bool_const(true),
            None,
            true,
        ),
        row(
            "C34",
            true,
            PAPER,
            &[("s", S)],
            prefixof(Term::str(""), s.clone()),
            bool_const(true),
            None,
            true,
        ),
        row(
            "C35",
            true,
            PAPER,
            &[("s", S)],
            prefixof(s.clone(), s.clone()),
            bool_const(true),
            None,
            true,
        ),
        row(
            "C36",
            true,
            PAPER,
            &[("s", S)],
            suffixof(s.clone(), s.clone()),
            bool_const(true),
            None,
            true,
        ),
        row(
            "C37",
            true,
            PAPER,
            &[("s", S), ("t", S)],
            contains(s.clone(), t.clone()),
            bool_const(false),
            Some(eq(indexof(s.clone(), t.clone(), int(0)), int(-1))),
            true,
        ),
        row(
            "C38",
            true,
            PAPER,
            &[("s", S), ("t", S)],
            eq(s.clone(), t.clone()),
            bool_const(false),
            Some(not(eq(slen(s.clone()), slen(t.clone())))),
            true,
        ),
        row(
            "C39",
            true,
            PAPER,
            &[("s", S), ("t", S)],
            prefixof(s.clone(), t.clone()),
            bool_const(false),
            Some(eq(contains(t.clone(), s.clone()), Term::Bool(false))),
            true,
        ),
        row(
            "C40",
            true,
            PAPER,
            &[("s", S), ("t", S)],
            suffixof(s.clone(), t.clone()),
            bool_const(false),
            Some(eq(contains(t.clone(), s.clone()), Term::Bool(false))),
            true,
        ),
        // ---- Beyond the paper.
        // str.replace_all: "(str.replace_all s t t') is s if t is empty;
        // otherwise the result of replacing, left to right, each
        // non-overlapping occurrence of t in s by t'" — no occurrence, no
        // change (t := s ++ "a" makes the side condition hold: total).
        row(
            "NC9",
            false,
            "SMT-LIB 2.6 Strings, str.replace_all",
            &[("s", S), ("t", S), ("u", S)],
            replace_all(s.clone(), t.clone(), u.clone()),
            subject_s(),
            Some(eq(contains(s.clone(), t.clone()), Term::Bool(false))),
            true,
        ),
        // The only non-overlapping occurrence of a non-empty s in s is s.
        row(
            "NC10",
            false,
            "SMT-LIB 2.6 Strings, str.replace_all",
            &[("s", S)],
            replace_all(s.clone(), s.clone(), s.clone()),
            subject_s(),
            None,
            true,
        ),
        // str.from_code: "the string of length 1 whose only character has
        // code n if 0 <= n <= 196607"; str.to_code inverts it. Not total.
        row(
            "NC11",
            false,
            "SMT-LIB 2.6 Strings, str.to_code / str.from_code",
            &[("n", I)],
            to_code(from_code(n.clone())),
            Rhs::Subject("n".into(), I),
            Some(and(vec![ge(n.clone(), int(0)), le(n.clone(), int(196607))])),
            false,
        ),
        row(
            "NC12",
            false,
            "SMT-LIB 2.6 Strings, str.to_code / str.from_code",
            &[("s", S)],
            from_code(to_code(s.clone())),
            subject_s(),
            Some(eq(slen(s.clone()), int(1))),
            false,
        ),
        // str.<= is reflexive and "" is the least string; str.< is irreflexive.
        row(
            "C41",
            false,
            "SMT-LIB 2.6 Strings, str.<= (s = t or str.< s t)",
            &[("s", S)],
            str_le(s.clone(), s.clone()),
            bool_const(true),
            None,
            true,
        ),
        row(
            "C42",
            false,
            "SMT-LIB 2.6 Strings, str.<= (lexicographic order)",
            &[("s", S)],
            str_le(Term::str(""), s.clone()),
            bool_const(true),
            None,
            true,
        ),
        row(
            "C43",
            false,
            "SMT-LIB 2.6 Strings, str.< (strict lexicographic order)",
            &[("s", S)],
            str_lt(s.clone(), s.clone()),
            bool_const(false),
            None,
            true,
        ),
        row(
            "C44",
            false,
            "SMT-LIB 2.6 Strings, str.< (strict lexicographic order)",
            &[("s", S)],
            str_lt(s.clone(), Term::str("")),
            bool_const(false),
            None,
            true,
        ),
        // str.is_digit: "true iff s is a single character in [48, 57]".
        row(
            "C45",
            false,
            "SMT-LIB 2.6 Strings, str.is_digit",
            &[("s", S)],
            is_digit(s.clone()),
            bool_const(false),
            Some(not(eq(slen(s.clone()), int(1)))),
            true,
        ),
        // str.to_code: "-1 if s is not a single character".
        row(
            "C46",
            false,
            "SMT-LIB 2.6 Strings, str.to_code",
            &[("s", S)],
            to_code(s.clone()),
            int_const(-1),
            Some(not(eq(slen(s.clone()), int(1)))),
            true,
        ),
        // str.from_code: "the empty string otherwise" (n outside [0, 196607]).
        row(
            "C47",
            false,
            "SMT-LIB 2.6 Strings, str.from_code",
            &[("n", I)],
            from_code(n.clone()),
            string_const(""),
            Some(or(vec![lt(n.clone(), int(0)), gt(n.clone(), int(196607))])),
            true,
        ),
        // str.replace_all on "": no occurrence of a non-empty t, and t empty
        // gives s back.
        row(
            "C48",
            false,
            "SMT-LIB 2.6 Strings, str.replace_all",
            &[("t", S), ("u", S)],
            replace_all(Term::str(""), t.clone(), u.clone()),
            string_const(""),
            None,
            true,
        ),
        row(
            "C49",
            false,
            "SMT-LIB 2.6 Strings, str.to_code",
            &[],
            to_code(Term::str("0")),
            int_const(48),
            None,
            true,
        ),
    ]);
    rows
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

static LOADED: LazyLock<Vec<Identity>> =
    LazyLock::new(|| crate::generate::tables::load(TABLE, "identity", read_identity));

static IDENTITIES: LazyLock<Vec<Identity>> = LazyLock::new(build);

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

    #[test]
    #[ignore = "one-off: writes the table file from the Rust rows"]
    fn write_table() {
        let text: String = build().iter().map(write_identity).collect::<Vec<_>>().join("\n");
        std::fs::write(TABLE.path, text).unwrap();
    }

    pub(crate) fn assert_same(built: &[Identity], loaded: &[Identity]) {
        assert_eq!(built.len(), loaded.len());
        for (b, l) in built.iter().zip(loaded.iter()) {
            assert_eq!(b.id, l.id);
            assert_eq!(b.in_paper, l.in_paper, "{}", b.id);
            assert_eq!(b.source, l.source, "{}", b.id);
            assert_eq!(b.vars, l.vars, "{}", b.id);
            assert_eq!(b.lhs, l.lhs, "{}", b.id);
            assert_eq!(b.rhs, l.rhs, "{}", b.id);
            assert_eq!(b.side, l.side, "{}", b.id);
            assert_eq!(b.total, l.total, "{}", b.id);
        }
    }

    #[test]
    fn loaded_rows_equal_built_rows() {
        assert_same(&build(), &LOADED);
    }
}
