//! The rows of combined constant replacement, as data: the bit-vector rows
//! (`bv_constant_rows.txt`) and the array rows (`array_constant_rows.txt`),
//! each `lhs(w̄) = c if side(w̄)` with its SMT-LIB terms written out, read
//! once with term's parser.
//!
//! Invariant: a row's terms mention only its placeholders (`w`, `zero`,
//! `ones`, `not_c`, `neg_c` for bit-vectors; `c`, `v` and its fresh
//! variables for arrays), so building a row is a substitution; whether each
//! row holds is tested in `combined_constant` (by evaluation), and that the
//! tables keep their ids there too.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use num_bigint::BigUint;

use crate::term::{BitVec, Sort, Symbol, Term, parse_term};
use crate::transform::combined_identities::{element_sort, index_sort};

/// The bit-vector constants a row states something about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BvConstants {
    /// `c` is 0.
    Zero,
    /// `c` is all ones.
    Ones,
    /// Every `c`.
    Any,
}

/// One row: `lhs(w) = c if side(w)`, for the constants `c` it applies to.
#[derive(Debug)]
pub struct BvRow {
    /// `BVC1`...
    pub id: &'static str,
    /// The clause of the standard it follows from.
    pub source: &'static str,
    /// The constants it applies to.
    constants: BvConstants,
    lhs: Term,
    side: Term,
}

impl BvRow {
    /// Whether the row states something about `c`.
    pub fn applies(&self, c: &BitVec) -> bool {
        match self.constants {
            BvConstants::Zero => c.is_zero(),
            BvConstants::Ones => *c.value() == BitVec::mask(c.width()),
            BvConstants::Any => true,
        }
    }

    /// `(lhs, side)` for `c` and the variable `w` (of `c`'s width).
    pub fn build(&self, c: &BitVec, w: Term) -> (Term, Term) {
        let width = c.width();
        let map = BTreeMap::from([
            ("w".to_string(), w),
            ("zero".to_string(), Term::BitVec(BitVec::from_u64(width, 0))),
            (
                "ones".to_string(),
                Term::BitVec(BitVec::new(width, BitVec::mask(width))),
            ),
            ("not_c".to_string(), Term::BitVec(not(c))),
            ("neg_c".to_string(), Term::BitVec(neg(c))),
        ]);
        (self.lhs.substitute(&map), self.side.substitute(&map))
    }
}

/// `~c`: every bit flipped.
pub(super) fn not(c: &BitVec) -> BitVec {
    BitVec::new(c.width(), BitVec::mask(c.width()) ^ c.value())
}

/// `-c`: `2^m - c` modulo `2^m`.
pub(super) fn neg(c: &BitVec) -> BitVec {
    let m = BigUint::from(1u8) << c.width();
    BitVec::new(c.width(), (&m - c.value()) % &m)
}

/// The index sorts an array row applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArrayIndex {
    /// Every array sort.
    Any,
    /// Arrays indexed by Bool.
    Bool,
}

/// The sort of a fresh variable of an array row, given `c`'s sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FreshSort {
    /// The index sort.
    Index,
    /// The element sort.
    Element,
    /// `c`'s own sort.
    Array,
    /// Bool.
    Bool,
}

/// One array row: `lhs(w̄) = c if side(w̄)` for a constant array `c =
/// ((as const S) v)` of a sort it applies to.
#[derive(Debug)]
pub struct ArrayRow {
    /// `AC1`...
    pub id: &'static str,
    /// The clause of the standard it follows from.
    pub source: &'static str,
    /// The index sorts it applies to.
    index: ArrayIndex,
    /// Its fresh variables, by base name, in order.
    variables: Vec<(&'static str, FreshSort)>,
    lhs: Term,
    side: Term,
}

impl ArrayRow {
    /// Whether the row applies to constant arrays of this sort.
    pub fn applies(&self, s: &Sort) -> bool {
        match self.index {
            ArrayIndex::Any => matches!(s, Sort::Array(..)),
            ArrayIndex::Bool => matches!(s, Sort::Array(i, _) if **i == Sort::Bool),
        }
    }

    /// The fresh variables (base name and sort) for `c`'s sort.
    pub fn fresh(&self, s: &Sort) -> Vec<(&'static str, Sort)> {
        self.variables
            .iter()
            .map(|(name, role)| {
                let sort = match role {
                    FreshSort::Index => index_sort(s),
                    FreshSort::Element => element_sort(s),
                    FreshSort::Array => s.clone(),
                    FreshSort::Bool => Sort::Bool,
                };
                (*name, sort)
            })
            .collect()
    }

    /// `(lhs, side)` for `c`, its default `v` and the fresh variables (in
    /// the order of [`ArrayRow::fresh`]).
    pub fn build(&self, c: &Term, v: &Term, w: &[Term]) -> (Term, Term) {
        let mut map: BTreeMap<Symbol, Term> =
            BTreeMap::from([("c".to_string(), c.clone()), ("v".to_string(), v.clone())]);
        for ((name, _), t) in self.variables.iter().zip(w) {
            map.insert(name.to_string(), t.clone());
        }
        (self.lhs.substitute(&map), self.side.substitute(&map))
    }
}

/// The fields of each paragraph of a rows file, in order, comments and
/// blank lines between paragraphs dropped. A malformed file is a bug of
/// this crate (the files are compiled in), so it panics, in the tests first.
fn paragraphs(text: &'static str) -> Vec<BTreeMap<&'static str, &'static str>> {
    let mut out = Vec::new();
    let mut current = BTreeMap::new();
    for line in text.lines().map(str::trim_end) {
        if line.starts_with(';') {
            continue;
        }
        if line.is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("a rows file line without a value: {line}"));
        assert!(
            current.insert(key, value).is_none(),
            "`{key}` twice in a row"
        );
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn field(row: &BTreeMap<&'static str, &'static str>, key: &str) -> &'static str {
    row.get(key)
        .unwrap_or_else(|| panic!("row {:?} has no `{key}`", row.get("row")))
}

fn term(row: &BTreeMap<&'static str, &'static str>, key: &str) -> Term {
    let text = field(row, key);
    parse_term(text).unwrap_or_else(|e| panic!("row {:?}, `{key}`: {e}", row.get("row")))
}

/// The bit-vector rows, in order.
pub static BV_CONSTANT_ROWS: LazyLock<Vec<BvRow>> = LazyLock::new(|| {
    paragraphs(include_str!("bv_constant_rows.txt"))
        .iter()
        .map(|row| BvRow {
            id: field(row, "row"),
            source: field(row, "source"),
            constants: match field(row, "applies") {
                "zero" => BvConstants::Zero,
                "ones" => BvConstants::Ones,
                "any" => BvConstants::Any,
                other => panic!("row {:?}: `applies {other}`", row.get("row")),
            },
            lhs: term(row, "lhs"),
            side: term(row, "side"),
        })
        .collect()
});

/// The array rows, in order.
pub static ARRAY_ROWS: LazyLock<Vec<ArrayRow>> = LazyLock::new(|| {
    paragraphs(include_str!("array_constant_rows.txt"))
        .iter()
        .map(|row| ArrayRow {
            id: field(row, "row"),
            source: field(row, "source"),
            index: match field(row, "applies") {
                "any" => ArrayIndex::Any,
                "bool-index" => ArrayIndex::Bool,
                other => panic!("row {:?}: `applies {other}`", row.get("row")),
            },
            variables: field(row, "fresh")
                .split_whitespace()
                .map(|v| {
                    let (name, role) = v.split_once(':').expect("`name:role`");
                    let role = match role {
                        "index" => FreshSort::Index,
                        "element" => FreshSort::Element,
                        "array" => FreshSort::Array,
                        "bool" => FreshSort::Bool,
                        other => panic!("row {:?}: role {other}", row.get("row")),
                    };
                    (name, role)
                })
                .collect(),
            lhs: term(row, "lhs"),
            side: term(row, "side"),
        })
        .collect()
});
