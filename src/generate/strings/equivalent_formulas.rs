//! Step-1 unsat formulas: an operation and its equivalent formula (the ICSE
//! 2020 paper's Sect. 2.2 and Table 2, rows E1-E12, and rows E13-E21 for
//! the operators the paper did not cover).
//!
//! A row is an equivalence `A ⇔ B` where `A` is `op(args) = res` (or `op(s,
//! t) = true/false` for predicates). The case is `F := ¬A ∧ B` with two
//! named assertions, `a0 := ¬A` and `a1 := B`; the existential quantifiers
//! of `B` are dropped, their variables become free (they are all in
//! positive positions, so `F` and the closed formula are equisatisfiable).
//!
//! The rows are data, `assets/tables/equivalences.smt2` (compiled in; the
//! row format is [`crate::generate::tables`]'s), read once at first use;
//! this module reads them and makes their cases.
//!
//! # Invariants
//!
//! - **Unsat**: for every row, `B ⇒ A` for all values of all free
//!   variables (including the former existentials), so `F` is unsat. The
//!   tests check it by evaluation on bounded domains (exact for the
//!   quantifier-free rows, a bounded enumeration of the universally bound
//!   variables for the others).
//! - **Equivalence** (used by [`crate::transform`] to keep cores unique):
//!   `∃ȳ. B ⇔ A`, where `ȳ` are the former existentials. Every row below is
//!   an exact equivalence, not just an implication.
//! - **Unique minimal core** `{a0, a1}`: each of `¬A` and `B` is satisfiable
//!   on its own (each row carries a model of each, checked by the tests), so
//!   neither is redundant, and the only unsat subset is the whole formula.
//!
//! # Where the printed table is wrong or garbled
//!
//! - E4 as printed requires `|s2| = len`: when `off + len > |s|` (substr is
//!   then clipped at the end of `s`), `B` is false. `F` stays unsat, but `B`
//!   is not equivalent to `A`. We allow the clipped case (`|s2| < len` and
//!   `s3 = ""`), making the row an equivalence.
//! - E5 is garbled in the extraction; we reconstruct it from the standard
//!   ("the position of the first occurrence of t in s at or after position
//!   i, if any; -1 otherwise; i whenever t is empty and 0 <= i <= |s|"). As
//!   printed, its "found" branch has no case for a non-empty `t` that does
//!   not occur after `off`, which makes `B` false there; we add the
//!   condition `str.contains(str.substr(s, off, |s| - off), t)` to that
//!   branch so that the "otherwise -1" case covers it.
//! - E6 as printed requires `intToStr(res) = s`, false for digit strings
//!   with leading zeros (`str.to_int "007"` is 7). We split off the leading
//!   zeros: `s = p ++ str.from_int(res)`, `res >= 0`, every character of `p`
//!   is "0" (a second quantifier, `∀k {at(p, k)}`).

#[cfg(test)]
use crate::generate::tables::RowWriter;
use crate::generate::tables::{Row, TableError, TableFile};
use crate::semantics::Model;
use crate::term::{Formula, Op, Quantifier, Sort, Symbol, Term};
use crate::truth::{AnchorStructure, Case, Provenance, Truth};

/// One row of Table 2 (or one of ours): `A ⇔ B`.
#[derive(Clone, Debug, PartialEq)]
pub struct EquivalentFormula {
    /// `E1`..`E12` (the paper), `E13`.. (ours).
    pub id: &'static str,
    /// Whether the row is in the ICSE 2020 paper.
    pub in_paper: bool,
    /// The operator under test.
    pub op: Op,
    /// Free variables of `A` and `B` (the former existentials included).
    pub decls: Vec<(Symbol, Sort)>,
    /// `A`: `op(args) = res`, or `op(s, t) = true/false`.
    pub a: Term,
    /// `B`, with the paper's patterns on its universal quantifiers.
    pub b: Term,
    /// A model of `B` alone (so `a0` is needed in the core).
    pub b_model: Model,
    /// A model of `¬A` alone (so `a1` is needed in the core).
    pub not_a_model: Model,
}

/// Table 2's rows and ours, as data (see [`crate::generate::tables`] for the
/// format).
const TABLE: TableFile = TableFile {
    path: "assets/tables/equivalences.smt2",
    text: include_str!("../../../assets/tables/equivalences.smt2"),
};

/// Reads one row: `(row ID :paper BOOL :op OP :declare ((x S) ...) :A a :B
/// b :model-of-B ((x v) ...) :model-of-not-A ((x v) ...))`; `:op` names an
/// operator of `A`.
fn read_row(row: &mut Row) -> Result<EquivalentFormula, TableError> {
    let in_paper = row.bool("paper")?;
    let op_name = row.symbol("op")?;
    let decls = row.sorted_vars("declare")?;
    let a = row.term("A")?;
    let op = a
        .operators()
        .into_iter()
        .find(|o| o.name() == op_name)
        .ok_or_else(|| row.error(format!("`:op {op_name}` is not an operator of A")))?;
    Ok(EquivalentFormula {
        id: row.id(),
        in_paper,
        op,
        decls,
        a,
        b: row.term("B")?,
        b_model: row.model("model-of-B")?,
        not_a_model: row.model("model-of-not-A")?,
    })
}

/// A row in the format [`read_row`] reads.
#[cfg(test)]
fn write_row(r: &EquivalentFormula) -> String {
    RowWriter::new("row", r.id)
        .inline("paper", &r.in_paper.to_string())
        .inline("op", r.op.name())
        .sorted_vars("declare", &r.decls)
        .term("A", &r.a)
        .term("B", &r.b)
        .model("model-of-B", &r.b_model, &r.decls)
        .model("model-of-not-A", &r.not_a_model, &r.decls)
        .finish()
}

static ROWS: std::sync::LazyLock<Vec<EquivalentFormula>> =
    std::sync::LazyLock::new(|| crate::generate::tables::load(TABLE, "row", read_row));

/// Every row: the paper's E1-E12, then ours.
pub fn equivalent_formulas() -> &'static [EquivalentFormula] {
    &ROWS
}

/// Removes every quantifier pattern.
pub fn strip_patterns(t: &Term) -> Term {
    match t {
        Term::App(op, args) => Term::App(*op, args.iter().map(strip_patterns).collect()),
        Term::Let(bs, body) => Term::Let(
            bs.iter()
                .map(|(n, t)| (n.clone(), strip_patterns(t)))
                .collect(),
            Box::new(strip_patterns(body)),
        ),
        Term::Quant(q) => Term::Quant(Box::new(Quantifier {
            kind: q.kind,
            vars: q.vars.clone(),
            body: strip_patterns(&q.body),
            patterns: Vec::new(),
        })),
        _ => t.clone(),
    }
}

impl EquivalentFormula {
    /// Whether `B` has a quantifier.
    pub fn is_quantified(&self) -> bool {
        let mut q = false;
        self.b.visit(&mut |t| q |= matches!(t, Term::Quant(_)));
        q
    }

    /// The free variables of `A` (the operation's arguments and result).
    pub fn a_vars(&self) -> std::collections::BTreeSet<Symbol> {
        self.a.free_vars()
    }

    /// The step-1 unsat case `a0: ¬A`, `a1: B`, core `{a0, a1}`; with or
    /// without the patterns of `B`'s quantifiers.
    pub fn case(&self, patterns: bool, seed: u64) -> Case {
        let mut formula = Formula::default();
        for (n, s) in &self.decls {
            formula.declare(n.clone(), s.clone());
        }
        formula.assert(Term::not(self.a.clone()), Some("a0".into()));
        let b = if patterns {
            self.b.clone()
        } else {
            strip_patterns(&self.b)
        };
        formula.assert(b, Some("a1".into()));
        Case::new(
            formula,
            Truth::Unsat {
                core: ["a0".to_string(), "a1".to_string()].into(),
            },
            Provenance {
                seed,
                category: "equivalent-formula".into(),
                chain: vec![format!("{}{}", self.id, if patterns { "+p" } else { "" })],
                anchor: Some(AnchorStructure::by_construction()),
            },
        )
    }
}

/// The equivalent-formula category: one unsat case per row (the paper's 12
/// first, then ours), with or without patterns.
pub fn equivalent_formula_cases(patterns: bool, seed: u64) -> impl Iterator<Item = Case> {
    equivalent_formulas()
        .iter()
        .map(move |r| r.case(patterns, seed))
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::semantics::{self, Value};
    use crate::term::{QuantKind, SmtString};

    /// The name of the result variable (as in the paper's listings).
    const RES: &str = "result";

    /// A bounded evaluator: quantifiers range over `strings` and `ints`;
    /// everything else is the executable semantics. Exact when the true
    /// range of every bound variable that matters lies in the domain.
    pub(crate) struct Bounded {
        pub strings: Vec<Value>,
        pub ints: Vec<Value>,
    }

    impl Bounded {
        /// Strings over `chars` up to length `max`, integers in `lo..=hi`.
        pub fn new(chars: &[u32], max: usize, lo: i64, hi: i64) -> Self {
            let mut strings = vec![Vec::new()];
            let mut layer = vec![Vec::new()];
            for _ in 0..max {
                let next: Vec<Vec<u32>> = layer
                    .iter()
                    .flat_map(|s: &Vec<u32>| {
                        chars.iter().map(move |&c| {
                            let mut t = s.clone();
                            t.push(c);
                            t
                        })
                    })
                    .collect();
                strings.extend(next.iter().cloned());
                layer = next;
            }
            Bounded {
                strings: strings
                    .into_iter()
                    .map(|c| Value::Str(SmtString::from_chars(c).unwrap()))
                    .collect(),
                ints: (lo..=hi).map(|n| Value::Int(n.into())).collect(),
            }
        }

        pub fn eval(&self, t: &Term, m: &mut Model) -> Value {
            let quantified = {
                let mut q = false;
                t.visit(&mut |x| q |= matches!(x, Term::Quant(_)));
                q
            };
            if !quantified {
                return semantics::eval(t, m).unwrap_or_else(|e| panic!("{t}: {e}"));
            }
            let b = |x: &Term, m: &mut Model| self.eval(x, m) == Value::Bool(true);
            match t {
                Term::App(Op::Not, a) => Value::Bool(!b(&a[0], m)),
                Term::App(Op::And, a) => Value::Bool(a.iter().all(|x| b(x, m))),
                Term::App(Op::Or, a) => Value::Bool(a.iter().any(|x| b(x, m))),
                Term::App(Op::Implies, a) => Value::Bool(!b(&a[0], m) || b(&a[1], m)),
                Term::App(Op::Ite, a) => {
                    if b(&a[0], m) {
                        self.eval(&a[1], m)
                    } else {
                        self.eval(&a[2], m)
                    }
                }
                Term::App(Op::Eq, a) if a.len() == 2 => {
                    let (x, y) = (self.eval(&a[0], m), self.eval(&a[1], m));
                    Value::Bool(x == y)
                }
                Term::Quant(q) => {
                    let forall = q.kind == QuantKind::Forall;
                    Value::Bool(self.quant(&q.vars, &q.body, m) == forall)
                }
                other => panic!("bounded evaluator: unsupported quantified term {other}"),
            }
        }

        /// Whether the body holds for all (forall) / some (exists, negated
        /// by the caller) assignment: returns true iff every assignment
        /// makes the body true.
        fn quant(&self, vars: &[(Symbol, Sort)], body: &Term, m: &mut Model) -> bool {
            let Some(((n, s), rest)) = vars.split_first() else {
                return self.eval(body, m) == Value::Bool(true);
            };
            let dom = if *s == Sort::Int {
                &self.ints
            } else {
                &self.strings
            };
            let saved = m.get(n).cloned();
            let mut all = true;
            for val in dom {
                m.insert(n.clone(), val.clone());
                if !self.quant(rest, body, m) {
                    all = false;
                    break;
                }
            }
            match saved {
                Some(v) => m.insert(n.clone(), v),
                None => {
                    m.0.remove(n);
                }
            }
            all
        }
    }

    #[test]
    fn there_are_twelve_paper_rows_and_they_are_well_sorted() {
        let rows = equivalent_formulas();
        assert_eq!(rows.iter().filter(|r| r.in_paper).count(), 12);
        let ids: BTreeSet<_> = rows.iter().map(|r| r.id).collect();
        assert_eq!(ids.len(), rows.len());
        for r in rows {
            for patterns in [false, true] {
                let c = r.case(patterns, 0);
                c.check().unwrap_or_else(|e| panic!("{}: {e}", r.id));
            }
            let a_op = r.a.operators();
            assert!(a_op.contains(&r.op), "{}", r.id);
        }
    }

    #[test]
    fn patterns_only_in_the_pattern_variant() {
        for r in equivalent_formulas().iter().filter(|r| r.is_quantified()) {
            let with = r
                .case(true, 0)
                .formula
                .to_script(None, Default::default())
                .to_string();
            let without = r
                .case(false, 0)
                .formula
                .to_script(None, Default::default())
                .to_string();
            assert!(with.contains(":pattern"), "{}", r.id);
            assert!(!without.contains(":pattern"), "{}", r.id);
        }
    }

    /// Each row's two witnesses: `B` alone and `¬A` alone are satisfiable,
    /// so the core `{a0, a1}` is minimal and unique. Exact: the witnesses'
    /// strings are short and every bound variable's relevant range (the
    /// splits of `s`/`t`, positions below |t| or |s|) is in the domain.
    #[test]
    fn each_half_of_every_row_is_satisfiable() {
        let dom = Bounded::new(&[0x61, 0x62, 0x30, 0x37], 3, -2, 6);
        for r in equivalent_formulas() {
            let mut m = r.b_model.clone();
            assert_eq!(m.0.len(), r.decls.len(), "{}: b_model is total", r.id);
            assert_eq!(
                dom.eval(&r.b, &mut m),
                Value::Bool(true),
                "{}: B under its model",
                r.id
            );
            assert_eq!(
                dom.eval(&r.a, &mut m),
                Value::Bool(true),
                "{}: B's model satisfies A",
                r.id
            );
            let mut m = r.not_a_model.clone();
            assert_eq!(
                dom.eval(&r.a, &mut m),
                Value::Bool(false),
                "{}: ¬A under its model",
                r.id
            );
        }
    }

    fn chars_of(vals: &[Value]) -> Vec<u32> {
        let mut cs: BTreeSet<u32> = [0x61, 0x62].into();
        for v in vals {
            if let Value::Str(s) = v {
                cs.extend(s.chars());
            }
        }
        cs.into_iter().collect()
    }

    /// B ⇒ A, by evaluation, for every row: the free variables range over
    /// short strings and small integers, the bound ones over a bounded
    /// domain that contains all their relevant values (the splits of the
    /// free strings, positions up to their length).
    #[test]
    fn b_implies_a_on_bounded_domains() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2020);
        for r in equivalent_formulas() {
            let digits = matches!(r.id, "E6" | "E18" | "E19");
            let small = if digits {
                Bounded::new(&[0x30, 0x37, 0x61], 2, -1, 3)
            } else {
                Bounded::new(&[0x61, 0x62], 2, -1, 3)
            };
            let (mut b_true, mut tries) = (0, 0);
            while tries < 4000 && b_true < 60 {
                tries += 1;
                let mut m = Model::new();
                for (n, s) in &r.decls {
                    let val = match s {
                        Sort::Int if r.id == "E2" || r.id == "E21" => {
                            Value::Int(rng.random_range(-3i64..30).into())
                        }
                        Sort::Int if r.id == "E20" => {
                            Value::Int(rng.random_range(-1i64..100).into())
                        }
                        Sort::Int => small.ints[rng.random_range(0..small.ints.len())].clone(),
                        _ => small.strings[rng.random_range(0..small.strings.len())].clone(),
                    };
                    m.insert(n.clone(), val);
                }
                // Bias towards B: complete the former existentials the way
                // B's model would (a free result is set to A's value half
                // of the time).
                if rng.random_bool(0.5)
                    && let Some(res) = r.a_vars().into_iter().find(|v| v == RES)
                {
                    let Term::App(Op::Eq, args) = &r.a else {
                        unreachable!()
                    };
                    let val = semantics::eval(&args[0], &m).unwrap();
                    m.insert(res, val);
                }
                let vals: Vec<Value> = m.0.values().cloned().collect();
                let dom = Bounded::new(&chars_of(&vals), 2, -1, 3);
                if dom.eval(&r.b, &mut m) == Value::Bool(true) {
                    b_true += 1;
                    assert_eq!(
                        dom.eval(&r.a, &mut m),
                        Value::Bool(true),
                        "{}: B holds but A fails under {m:?}",
                        r.id
                    );
                }
            }
            assert!(b_true > 0, "{}: B never held in {tries} tries", r.id);
        }
    }

    #[test]
    fn the_category_has_one_case_per_row() {
        assert_eq!(
            equivalent_formula_cases(false, 1).count(),
            equivalent_formulas().len()
        );
        let fig1 = equivalent_formula_cases(true, 1)
            .find(|c| c.provenance.chain[0] == "E3+p")
            .unwrap();
        let text = fig1.formula.to_script(None, Default::default()).to_string();
        assert!(
            text.contains("(not (= (str.replace s t u) result))"),
            "{text}"
        );
        assert!(text.contains(":named a1"), "{text}");
    }

    /// The rows the Rust builders made before the table became data, in
    /// their order: a row lost or renamed in the file fails here.
    #[test]
    fn the_table_has_the_rows_it_had_as_code() {
        let ids: Vec<&str> = equivalent_formulas().iter().map(|r| r.id).collect();
        let want: Vec<String> = (1..=21).map(|k| format!("E{k}")).collect();
        assert_eq!(ids, want);
    }

    /// Printed and read again, every row is the same.
    #[test]
    fn rows_print_and_read_back() {
        let text: String = equivalent_formulas().iter().map(write_row).collect();
        let file = TableFile {
            path: "(printed)",
            text: Box::leak(text.into_boxed_str()),
        };
        let again = crate::generate::tables::load(file, "row", read_row);
        assert_eq!(again, equivalent_formulas());
    }
}
