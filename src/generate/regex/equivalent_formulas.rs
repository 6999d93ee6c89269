//! Step-1 unsat formulas over regular expressions: Kühne 2022, Table 2.3,
//! rows E1-E7 and E5'.
//!
//! A row is an equivalence `A ⇔ B` where `A` is `op(args) = res` over
//! `RegLan` variables (`re`, `re1`, `re2`, `res`). The case is `F := ¬A ∧
//! B` with two named assertions, `a0 := ¬A` and `a1 := B`, as in
//! [`equivalent_formulas`](crate::generate::strings::equivalent_formulas())
//! for strings. The indices of `re.^` and `re.loop` are numerals, not
//! terms, so the rows that branch on them (E4, E5, E5') are instantiated
//! for every pair of the integer pool (0, 1, 3, 4), each with its one
//! branch; E6 branches on whether its arguments are singletons, so it is
//! instantiated for every pair of the string pool.
//!
//! Each row cites the clause of the SMT-LIB 2.6 Unicode Strings theory
//! (the `:definition` of RegLan's operators) it comes from.
//!
//! The instantiated rows are data, `assets/tables/regex_equivalences.smt2`
//! (compiled in; the row format is [`crate::generate::tables`]'s); (DEP)
//! is computed from each row when it is read, and an argument `A` ignores
//! is replaced by its value then.
//!
//! # Invariants
//!
//! - **Unsat**: `B ⇔ A` for all values of the free variables, because `B`
//!   is the standard's definition of `op`, so `¬A ∧ B` is unsat. The tests
//!   check `A ⇔ B` by exact evaluation (language equality) on thousands of
//!   random instantiations from a randomized regex pool, biased so that
//!   both sides are true half of the time.
//! - **Unique minimal core** `{a0, a1}`: each of `¬A` and `B` is
//!   satisfiable on its own; every row carries a model of each, checked by
//!   the tests, so neither assertion is redundant and the whole formula is
//!   the only unsat subset.

use super::equivalence::RegexEquivalence;
#[cfg(test)]
use crate::generate::tables::RowWriter;
use crate::generate::tables::{Row, TableError, TableFile};
use crate::semantics::regex::Regex;
use crate::semantics::{Model, Value, eval};
use crate::term::{Sort, Symbol, Term};
use crate::truth::Case;

/// The name of the result variable.
const RES: &str = "res";

/// (DEP): every variable of the row decides `A` alone from `b_model`
/// (`res` by its two models, the others by [`flips_alone`]).
fn dependence(decls: &[(Symbol, Sort)], a: &Term, b_model: &Model, not_a_model: &Model) -> bool {
    decls.iter().all(|(x, _)| {
        x == RES && not_a_model.get(RES) != b_model.get(RES) || flips_alone(a, b_model, x)
    })
}

/// Whether some language for `x` alone turns `a`, true under `model`,
/// false.
fn flips_alone(a: &Term, model: &Model, x: &str) -> bool {
    if eval(a, model) != Ok(Value::Bool(true)) {
        return false;
    }
    let candidates = [
        Regex::none(),
        Regex::all(),
        Regex::epsilon(),
        Regex::literal(&"a".into()),
        Regex::literal(&"b".into()),
        Regex::literal(&"a".into()).star(),
    ];
    candidates.into_iter().any(|r| {
        let mut m = model.clone();
        m.insert(x, Value::RegLan(r));
        eval(a, &m) == Ok(Value::Bool(false))
    })
}

/// A row whose `A` ignores an argument (`((_ re.^ 0) re)`, an empty loop)
/// gets that argument instantiated with its witness value, in `A`, `B`
/// and the models: the row still holds (it holds for every value), and
/// with only variables `A` depends on, it has (DEP) and its anchor.
fn instantiate_ignored(r: RegexEquivalence) -> RegexEquivalence {
    if r.depends_on_every_variable {
        return r;
    }
    let ignored: Vec<Symbol> = r
        .decls
        .iter()
        .map(|(x, _)| x.clone())
        .filter(|x| x != RES && !flips_alone(&r.a, &r.b_model, x))
        .collect();
    let map: std::collections::BTreeMap<Symbol, Term> = ignored
        .iter()
        .filter_map(|x| Some((x.clone(), r.b_model.get(x)?.to_term())))
        .collect();
    let drop = |m: &Model| {
        let mut m = m.clone();
        m.0.retain(|k, _| !ignored.contains(k));
        m
    };
    let decls: Vec<(Symbol, Sort)> = r
        .decls
        .iter()
        .filter(|(x, _)| !ignored.contains(x))
        .cloned()
        .collect();
    let (a, b) = (r.a.substitute(&map), r.b.substitute(&map));
    let (b_model, not_a_model) = (drop(&r.b_model), drop(&r.not_a_model));
    let depends_on_every_variable = dependence(&decls, &a, &b_model, &not_a_model);
    RegexEquivalence {
        decls,
        a,
        b,
        b_model,
        not_a_model,
        depends_on_every_variable,
        ..r
    }
}

/// Table 2.3's rows, instantiated, as data (see [`crate::generate::tables`]).
const TABLE: TableFile = TableFile {
    path: "assets/tables/regex_equivalences.smt2",
    text: include_str!("../../../assets/tables/regex_equivalences.smt2"),
};

/// Reads one row: `(row ID :clause "..." :declare ((x S) ...) :A a :B b
/// :model-of-B ((x v) ...) :model-of-not-A ((x v) ...))`; (DEP) is
/// computed, by evaluation.
fn read_row(row: &mut Row) -> Result<RegexEquivalence, TableError> {
    let clause = row.static_string("clause")?;
    let decls = row.sorted_vars("declare")?;
    let (a, b) = (row.term("A")?, row.term("B")?);
    let b_model = row.model("model-of-B")?;
    let not_a_model = row.model("model-of-not-A")?;
    Ok(RegexEquivalence {
        id: row.id().to_string(),
        clause,
        depends_on_every_variable: dependence(&decls, &a, &b_model, &not_a_model),
        decls,
        a,
        b,
        b_model,
        not_a_model,
    })
}

/// A row in the format [`read_row`] reads.
#[cfg(test)]
fn write_row(r: &RegexEquivalence) -> String {
    RowWriter::new("row", &r.id)
        .string("clause", r.clause)
        .sorted_vars("declare", &r.decls)
        .term("A", &r.a)
        .term("B", &r.b)
        .model("model-of-B", &r.b_model, &r.decls)
        .model("model-of-not-A", &r.not_a_model, &r.decls)
        .finish()
}

/// The rows as the file has them, before [`instantiate_ignored`].
static TABLE_ROWS: std::sync::LazyLock<Vec<RegexEquivalence>> =
    std::sync::LazyLock::new(|| crate::generate::tables::load(TABLE, "row", read_row));

static ROWS: std::sync::LazyLock<Vec<RegexEquivalence>> = std::sync::LazyLock::new(|| {
    TABLE_ROWS
        .iter()
        .cloned()
        .map(instantiate_ignored)
        .chain(super::membership_equivalences::membership_equivalences())
        .collect()
});

/// Every instantiated row of Table 2.3, then the membership rows of
/// `generate::regex::membership_equivalences` (ids `EM…`).
pub fn regex_equivalences() -> &'static [RegexEquivalence] {
    &ROWS
}

/// The regex equivalent-formula category: one unsat case per instantiated
/// row.
pub fn regex_equivalent_formula_cases(seed: u64) -> impl Iterator<Item = Case> {
    regex_equivalences().iter().map(move |r| r.case(seed))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::generate::regex::RegexPool;
    use crate::term::Op;

    fn app(op: Op, args: Vec<Term>) -> Term {
        Term::App(op, args)
    }

    fn power(n: u32, r: Term) -> Term {
        app(Op::RePower(n), vec![r])
    }

    #[test]
    fn every_row_of_table_2_3_is_there_and_well_formed() {
        let rows = regex_equivalences();
        let families: BTreeSet<&str> = rows
            .iter()
            .map(|r| r.id.split('[').next().unwrap())
            .filter(|f| !f.starts_with("EM"))
            .collect();
        assert_eq!(
            families,
            ["E1", "E2", "E3", "E4", "E5", "E5'", "E6", "E7"].into()
        );
        assert!(rows.iter().any(|r| r.id.starts_with("EM")));
        for r in rows {
            r.case(0)
                .check()
                .unwrap_or_else(|e| panic!("{}: {e}", r.id));
            assert!(!r.clause.is_empty());
        }
    }

    /// The core is minimal: `B` alone and `¬A` alone hold under their
    /// models, exactly (and `B`'s model satisfies `A`, as it must).
    /// (DEP) fails exactly where an argument is ignored: the zero powers
    /// and loops (`re.^ 0`, `re.loop 0 0`) and the empty loops (lower >
    /// upper). Those rows have `re` instantiated with a constant, and then
    /// every row is anchored.
    #[test]
    fn rows_are_anchored_once_ignored_arguments_are_constants() {
        for r in TABLE_ROWS.iter().cloned() {
            let ignored = ["E4[n=0]", "E5[0,0]", "E5'[0,0]"].contains(&r.id.as_str())
                || r.id.starts_with("E5")
                    && r.id
                        .split(['[', ',', ']'])
                        .filter_map(|n| n.parse::<u32>().ok())
                        .collect::<Vec<_>>()
                        .windows(2)
                        .any(|w| w[0] > w[1]);
            assert_eq!(r.depends_on_every_variable, !ignored, "{}", r.id);
            let r = instantiate_ignored(r);
            assert!(r.depends_on_every_variable, "{}", r.id);
            assert_eq!(
                r.decls.iter().any(|(x, _)| x == "re"),
                !ignored && r.a.free_vars().contains("re"),
                "{}",
                r.id
            );
        }
        assert!(regex_equivalent_formula_cases(0).all(|c| c.provenance.anchor.is_some()));
    }

    #[test]
    fn each_half_of_every_row_is_satisfiable() {
        let t = Value::Bool(true);
        for r in regex_equivalences() {
            assert_eq!(r.b_model.0.len(), r.decls.len(), "{}", r.id);
            assert_eq!(eval(&r.b, &r.b_model).unwrap(), t, "{}: B", r.id);
            assert_eq!(eval(&r.a, &r.b_model).unwrap(), t, "{}: A", r.id);
            assert_eq!(
                eval(&r.a, &r.not_a_model).unwrap(),
                Value::Bool(false),
                "{}: ¬A",
                r.id
            );
        }
    }

    /// A ⇔ B on thousands of random instantiations from a randomized pool,
    /// exactly (language equality); `res` is A's own value half of the
    /// time, so both sides are often true.
    #[test]
    fn a_and_b_agree_on_random_instantiations() {
        let pool = RegexPool::randomized(&RegexPool::boundary(), 60, 12, 23);
        let langs: Vec<Regex> = pool.regexes.iter().map(|r| r.lang.clone()).collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        let (mut both_true, mut total) = (0, 0);
        // The membership rows have their own test, with words.
        for r in regex_equivalences()
            .iter()
            .filter(|r| !r.id.starts_with("EM"))
        {
            for _ in 0..40 {
                let mut m = Model::new();
                for (n, _) in &r.decls {
                    m.insert(
                        n.clone(),
                        Value::RegLan(langs.choose(&mut rng).unwrap().clone()),
                    );
                }
                if rng.random_bool(0.5) {
                    let Term::App(Op::Eq, sides) = &r.a else {
                        unreachable!()
                    };
                    let v = eval(&sides[0], &m).unwrap();
                    m.insert(RES, v);
                }
                let a = eval(&r.a, &m).unwrap();
                let b = eval(&r.b, &m).unwrap();
                assert_eq!(a, b, "{}: A and B differ under {m:?}", r.id);
                both_true += usize::from(a == Value::Bool(true));
                total += 1;
            }
        }
        assert!(both_true > total / 3, "{both_true} of {total}");
    }

    /// The test above can fail: a row with a wrong B (E5 with the last
    /// power left out) is caught.
    #[test]
    fn a_wrong_definition_is_caught() {
        let re = Term::var("re");
        let a = Term::eq(app(Op::ReLoop(1, 3), vec![re.clone()]), Term::var(RES));
        let wrong = Term::eq(
            Term::var(RES),
            app(Op::ReUnion, vec![power(1, re.clone()), power(2, re)]),
        );
        let mut m = Model::new();
        m.insert("re", Value::RegLan(Regex::literal(&"a".into())));
        let Term::App(Op::Eq, sides) = &a else {
            unreachable!()
        };
        let v = eval(&sides[0], &m).unwrap();
        m.insert(RES, v);
        assert_ne!(eval(&a, &m).unwrap(), eval(&wrong, &m).unwrap());
    }

    /// The rows the Rust builders made before the table became data, in
    /// their order: Table 2.3's families, E4, E5 and E5' once per index of
    /// the pool (0, 1, 3, 4), E6 once per pair of strings.
    #[test]
    fn the_table_has_the_rows_it_had_as_code() {
        let indices = [0, 1, 3, 4];
        let strings = ["", "a", "b", "ab", "\u{e4}"];
        let mut want: Vec<String> = vec!["E1".into(), "E2".into(), "E3".into()];
        want.extend(indices.iter().map(|n| format!("E4[n={n}]")));
        for n1 in indices {
            for n2 in indices {
                want.push(format!("E5[{n1},{n2}]"));
                want.push(format!("E5'[{n1},{n2}]"));
            }
        }
        for s1 in strings {
            for s2 in strings {
                want.push(format!("E6[{s1:?},{s2:?}]"));
            }
        }
        want.push("E7".into());
        let ids: Vec<&str> = TABLE_ROWS.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids.len(), 65);
        assert_eq!(ids, want);
    }

    /// Printed and read again, every row is the same.
    #[test]
    fn rows_print_and_read_back() {
        let text: String = TABLE_ROWS.iter().map(write_row).collect();
        let file = TableFile {
            path: "(printed)",
            text: Box::leak(text.into_boxed_str()),
        };
        assert_eq!(
            crate::generate::tables::load(file, "row", read_row),
            *TABLE_ROWS
        );
    }
}
