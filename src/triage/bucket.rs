//! Deduplication: findings that are one bug share a bucket.
//!
//! A bucket is data, a [`BucketKey`]: the verdict kind, the solver's
//! answer, the operator set and the shape of the (minimized) formula. The
//! shape is the formula with every literal replaced by its sort, constants
//! renamed in order of first use and the assertions sorted, so that two
//! findings that differ only in values, names or assertion order fall
//! together, and any difference in structure keeps them apart.
//!
//! # Invariants
//!
//! - The key depends only on the kind, the answer and the formula's
//!   structure: renaming constants, reordering assertions or changing
//!   literal values never changes it (tested).
//! - [`BucketKey::id`] is a stable hash of the key (the same across runs,
//!   builds and platforms), used as the bucket's name in reports.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::term::{Formula, Term};

use super::stable_hash;

/// What makes two findings the same bug.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BucketKey {
    /// The verdict kind (`unsound`, `invalid-model`, `invalid-core`, `crash`).
    pub kind: String,
    /// The solver's answer (`sat`, `unsat`, `crash`).
    pub answer: String,
    /// The SMT-LIB names of the operators the formula uses.
    pub operators: BTreeSet<String>,
    /// The formula's shape (see the module docs).
    pub shape: String,
}

impl BucketKey {
    /// The key of a finding of `kind`, answered `answer`, on `formula`.
    pub fn new(kind: &str, answer: &str, formula: &Formula) -> BucketKey {
        let operators = formula
            .assertions
            .iter()
            .flat_map(|a| a.term.operators())
            .map(|op| op.name().to_string())
            .collect();
        BucketKey {
            kind: kind.to_string(),
            answer: answer.to_string(),
            operators,
            shape: shape(formula),
        }
    }

    /// A short stable name for the bucket.
    pub fn id(&self) -> String {
        let text = format!(
            "{}|{}|{}|{}",
            self.kind,
            self.answer,
            self.operators.iter().cloned().collect::<Vec<_>>().join(","),
            self.shape
        );
        format!("{:08x}", stable_hash(text.as_bytes()) >> 32)
    }
}

impl fmt::Display for BucketKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (answer {}) over {{{}}}",
            self.kind,
            self.answer,
            self.operators
                .iter()
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// The shape of a formula (see the module docs).
pub fn shape(formula: &Formula) -> String {
    // Sorted by their shape with names erased, then named in that order.
    let mut erased: Vec<(String, &Term)> = formula
        .assertions
        .iter()
        .map(|a| (skeleton(&a.term, &mut None), &a.term))
        .collect();
    erased.sort_by(|a, b| a.0.cmp(&b.0));
    let mut names = BTreeMap::new();
    let parts: Vec<String> = erased
        .iter()
        .map(|(_, t)| skeleton(t, &mut Some(&mut names)))
        .collect();
    parts.join(" & ")
}

/// `t` with literals replaced by their sort and variables by `x`, or, with
/// `names`, by their number in order of first use.
fn skeleton(t: &Term, names: &mut Option<&mut BTreeMap<String, usize>>) -> String {
    match t {
        Term::Bool(_) => "Bool".into(),
        Term::Int(_) => "Int".into(),
        Term::Str(_) => "Str".into(),
        Term::Var(v) => match names {
            Some(map) => {
                let next = map.len();
                format!("x{}", map.entry(v.clone()).or_insert(next))
            }
            None => "x".into(),
        },
        Term::App(op, args) if args.is_empty() => op.name().to_string(),
        Term::App(op, args) => {
            let inner: Vec<String> = args.iter().map(|a| skeleton(a, names)).collect();
            format!("({} {})", op.name(), inner.join(" "))
        }
        Term::Let(binds, body) => {
            let inner: Vec<String> = binds.iter().map(|(_, b)| skeleton(b, names)).collect();
            format!("(let ({}) {})", inner.join(" "), skeleton(body, names))
        }
        Term::Quant(q) => format!("(quant {})", skeleton(&q.body, names)),
        Term::BitVec(b) => format!("(_ BitVec {})", b.width()),
        Term::ConstArray(sort, value) => format!("(const {sort} {})", skeleton(value, names)),
    }
}

/// The solver's answer a finding of `kind` with `expected` status shows.
pub fn answer_of(kind: &str, expected: &str) -> String {
    match (kind, expected) {
        ("unsound", "sat") => "unsat".into(),
        ("unsound", _) => "sat".into(),
        ("invalid-model", _) => "sat".into(),
        ("invalid-core", _) => "unsat".into(),
        (other, _) => other.into(),
    }
}

/// The key of a finding file's text (its `; equifuzz finding:` and
/// `; expected:` header and its formula), if it is one.
pub fn key_of_text(text: &str) -> Option<BucketKey> {
    let kind = super::header_field(text, "equifuzz finding")?;
    let expected = super::header_field(text, "expected")?;
    let script = crate::term::parse_script(text).ok()?;
    let formula = Formula::from_script(&script).ok()?;
    Some(BucketKey::new(kind, &answer_of(kind, expected), &formula))
}

/// Groups items by key, keys in order.
pub fn group<T>(items: impl IntoIterator<Item = (BucketKey, T)>) -> BTreeMap<BucketKey, Vec<T>> {
    let mut out: BTreeMap<BucketKey, Vec<T>> = BTreeMap::new();
    for (k, t) in items {
        out.entry(k).or_default().push(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{Formula, parse_script};

    fn formula(text: &str) -> Formula {
        Formula::from_script(&parse_script(text).unwrap()).unwrap()
    }

    #[test]
    fn values_names_and_order_do_not_split_a_bucket() {
        let a = formula(
            "(declare-const n Int)(declare-const s String)\
             (assert (= (str.from_int n) s))(assert (> n 10))",
        );
        let b = formula(
            "(declare-const s String)(declare-const m Int)\
             (assert (> m 3))(assert (= (str.from_int m) s))",
        );
        let ka = BucketKey::new("invalid-model", "sat", &a);
        let kb = BucketKey::new("invalid-model", "sat", &b);
        assert_eq!(ka, kb);
        assert_eq!(ka.id(), kb.id());
        assert_eq!(
            ka.operators.iter().cloned().collect::<Vec<_>>(),
            ["=", ">", "str.from_int"]
        );
    }

    #[test]
    fn structure_kind_and_answer_keep_buckets_apart() {
        let a = formula("(declare-const n Int)(assert (= (str.from_int n) \"1\"))");
        let b = formula("(declare-const n Int)(assert (= (str.from_int (+ n 1)) \"1\"))");
        let c = formula("(declare-const s String)(assert (= (str.indexof s \"a\" (- 1)) 0))");
        let k = |kind, answer, f: &Formula| BucketKey::new(kind, answer, f);
        assert_ne!(k("unsound", "sat", &a), k("unsound", "sat", &b));
        assert_ne!(k("unsound", "sat", &a), k("unsound", "unsat", &a));
        assert_ne!(k("unsound", "sat", &a), k("invalid-model", "sat", &a));
        assert_ne!(k("unsound", "sat", &a).id(), k("unsound", "sat", &c).id());
        let groups = group([
            (k("unsound", "sat", &a), 1),
            (k("unsound", "sat", &c), 2),
            (k("unsound", "sat", &a), 3),
        ]);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[&k("unsound", "sat", &a)], [1, 3]);
    }

    #[test]
    fn shared_constants_are_part_of_the_shape() {
        let same = formula("(declare-const s String)(assert (= s s))");
        let two = formula("(declare-const s String)(declare-const t String)(assert (= s t))");
        assert_ne!(shape(&same), shape(&two));
    }
}
