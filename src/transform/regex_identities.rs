//! The identities of Kühne 2022, Table 2.6, as data: equalities between a
//! regex operation and a non-constant (`NC`) or constant (`C`) term.
//!
//! Ids carry an `R` prefix (`RNC1`..`RNC11`, `RC1`..`RC7`) so that a
//! provenance chain never confuses them with the ICSE 2020 rows of
//! [`super::identities`], which reuse the same numbers. The rows are
//! [`Identity`] values, so variable replacement, noise introduction and
//! constant replacement instantiate them exactly as the string rows; they
//! are `assets/tables/regex_identities.smt2`, in the same row format.
//!
//! # Invariants
//!
//! - Every row holds in the SMT-LIB 2.6 Unicode Strings theory: for all
//!   values of its variables, `side` implies `lhs = rhs`, languages compared
//!   as languages (the property test checks it by exact evaluation over a
//!   randomized regex pool).
//! - `total` is as in [`super::identities`]: every `NC` row here is total
//!   (RNC1-RNC9 have no side condition; RNC10 and RNC11 hold for every
//!   subject with `re := re.none`), every `C` row's side is satisfiable.
//! - The rows are offered only for formulas that already mention `RegLan`
//!   ([`mentions_regex`]): RNC10 and RNC11 have a `String` subject, and a
//!   transformation must not bring regexes into a strings-only case.
//!
//! # Reading of the printed table
//!
//! - NC10 and NC11 are `str.replace_re(s₁, re, s₂) = s₁` and
//!   `str.replace_re_all(s₁, re, s₂) = s₁` under "no substring of s₁ is in
//!   re" (the printed NC11 says `= re`, which is ill-sorted: a typo for
//!   `s₁`). The condition `∀w, w₁, w₂ (s₁ = w₁w w₂ ⇒ w ∉ re)` is written
//!   `(not (str.in_re s₁ (re.++ re.all re re.all)))`, the same set. The
//!   standard: "⟦str.replace_re⟧(w, L, w₂) = w if no substring of w is in
//!   L" — and `""` is a substring of every string, so the condition
//!   excludes every `re` containing `""` (whose empty match at position 0
//!   is replaced: `(str.replace_re "b" re.* "c")` is `"cb"`).
//! - C3's `s₁ ≠ 1` is `|s₁| ≠ 1`; `s₁ > s₂` is `str.< s₂ s₁`.
//! - C5's `loop(n₁, n₂, re)` with `n₁ > n₂` needs numerals (the indices are
//!   not terms): the row is instantiated with `n₁ = 3, n₂ = 1`.
//!
//! # Rows beyond the thesis
//!
//! `RNC12`.. and `RC8`.. cover `re.diff`, `re.^`, `re.loop`,
//! `str.replace_re` and `str.replace_re_all`, each written next to the clause
//! of the SMT-LIB 2.6 Unicode Strings theory it follows from (its `source`
//! names the symbol). They aim at the edge cases the standard fixes: `L⁰ =
//! {ε}` whatever `L` (even `re.none`), `re.loop` with `i > n` is `∅`, an
//! `str.replace_re` whose language has `ε` replaces the empty prefix, and
//! `str.replace_re_all` never replaces an empty match. Every `NC` row is
//! total (no side condition, or one that `re := re.none` satisfies), every
//! `C` row's side is satisfiable; the same tests as the thesis' rows check
//! them.

use std::sync::LazyLock;

use super::identities::{Identity, constant_rows, read_identity, total_variable_rows};
use crate::generate::tables::TableFile;
use crate::semantics::Value;
use crate::term::{Formula, Op, Sort, Theory};

/// Table 2.6's rows and ours, as data, in the format of
/// [`super::identities`]' rows.
const TABLE: TableFile = TableFile {
    path: "assets/tables/regex_identities.smt2",
    text: include_str!("../../assets/tables/regex_identities.smt2"),
};

static IDENTITIES: LazyLock<Vec<Identity>> =
    LazyLock::new(|| crate::generate::tables::load(TABLE, "identity", read_identity));

/// Every row of Table 2.6, RNC1-RNC11 and RC1-RC7, then ours: RNC12-RNC22
/// and RC8-RC15.
pub fn regex_identities() -> &'static [Identity] {
    &IDENTITIES
}

/// The row with the given id.
pub fn regex_identity(id: &str) -> Option<&'static Identity> {
    regex_identities().iter().find(|i| i.id == id)
}

/// Whether the formula has a `RegLan` variable or a regex operator
/// ([`is_regex_operator`]): only then may the
/// rows of this table be instantiated into it.
pub fn mentions_regex(formula: &Formula) -> bool {
    formula.decls.iter().any(|(_, s)| *s == Sort::RegLan)
        || formula
            .assertions
            .iter()
            .any(|a| a.term.operators().into_iter().any(is_regex_operator))
}

/// The operators that take or make a `RegLan` (`str.to_re`, `str.in_re`,
/// `str.replace_re(_all)` and the `re.` family).
pub fn is_regex_operator(op: Op) -> bool {
    op.theory() == Theory::Regex
        || matches!(op, Op::StrInRe | Op::StrReplaceRe | Op::StrReplaceReAll)
}

/// The total `NC` rows of this table whose subject has `sort`.
pub fn regex_variable_identities(sort: &Sort) -> impl Iterator<Item = &'static Identity> + '_ {
    total_variable_rows(regex_identities(), sort)
}

/// The `C` rows of this table whose constant is `value` (languages by
/// their normal form: `re.none`, `re.all` and `(str.to_re "")` each have
/// one).
pub fn regex_constant_identities(value: &Value) -> impl Iterator<Item = &'static Identity> + '_ {
    constant_rows(regex_identities(), value)
}

/// The total `NC` rows, strings' and (for a formula that mentions regexes)
/// this table's, whose subject has `sort`.
pub fn variable_identities_for(
    formula: &Formula,
    sort: &Sort,
) -> impl Iterator<Item = &'static Identity> {
    let regex = mentions_regex(formula);
    let sort = sort.clone();
    super::identities::total_variable_identities(&sort)
        .collect::<Vec<_>>()
        .into_iter()
        .chain(
            regex_variable_identities(&sort)
                .filter(move |_| regex)
                .collect::<Vec<_>>(),
        )
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::identities::Rhs;
    use super::*;
    use crate::generate::regex::RegexPool;
    use crate::generate::sx::*;
    use crate::semantics::regex::Regex;
    use crate::semantics::{Model, eval};
    use crate::term::{SmtString, Term};

    /// The source of the thesis' own rows.
    const THESIS: &str = "Kühne 2022, Table 2.6";

    #[test]
    fn the_table_has_its_18_rows_and_ours_well_sorted() {
        let ids: Vec<&str> = regex_identities().iter().map(|i| i.id).collect();
        let expected: Vec<String> = (1..=11)
            .map(|k| format!("RNC{k}"))
            .chain((1..=7).map(|k| format!("RC{k}")))
            .chain((12..=22).map(|k| format!("RNC{k}")))
            .chain((8..=15).map(|k| format!("RC{k}")))
            .collect();
        assert_eq!(ids, expected);
        for id in regex_identities() {
            let env = |n: &str| id.vars.iter().find(|(v, _)| v == n).map(|(_, s)| s.clone());
            assert_eq!(id.lhs.sort(&env), Ok(id.sort()), "{}", id.id);
            assert_eq!(id.side.sort(&env), Ok(Sort::Bool), "{}", id.id);
        }
    }

    fn random_value(sort: &Sort, langs: &[Regex], rng: &mut ChaCha8Rng) -> Value {
        const STRINGS: [&str; 8] = ["", "a", "b", "ab", "ba", "aab", "\u{e4}", "b\u{10000}"];
        match sort {
            Sort::RegLan => Value::RegLan(langs.choose(rng).unwrap().clone()),
            _ => {
                if rng.random_bool(0.7) {
                    Value::Str((*STRINGS.choose(rng).unwrap()).into())
                } else {
                    let n = rng.random_range(0..4);
                    let cs = (0..n).map(|_| rng.random_range(0x60..0x64)).collect();
                    Value::Str(SmtString::from_chars(cs).unwrap())
                }
            }
        }
    }

    /// Every row, on random values satisfying its side, evaluates to its
    /// right-hand side, exactly; each row's side is hit often enough that
    /// a wrong row would show.
    #[test]
    fn every_row_holds_by_evaluation() {
        let pool = RegexPool::randomized(&RegexPool::boundary(), 80, 12, 31);
        let langs: Vec<Regex> = pool.regexes.iter().map(|r| r.lang.clone()).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        for id in regex_identities() {
            let mut hits = 0;
            for _ in 0..400 {
                let mut m = Model::new();
                for (v, s) in &id.vars {
                    m.insert(v.clone(), random_value(s, &langs, &mut rng));
                }
                if eval(&id.side, &m).unwrap() != Value::Bool(true) {
                    continue;
                }
                hits += 1;
                let lhs = eval(&id.lhs, &m).unwrap();
                let rhs = match &id.rhs {
                    Rhs::Subject(s, _) => m.get(s).unwrap().clone(),
                    Rhs::Constant(c) => c.clone(),
                };
                let same = match (&lhs, &rhs) {
                    (Value::RegLan(a), Value::RegLan(b)) => a.equiv(b).unwrap(),
                    _ => lhs == rhs,
                };
                assert!(same, "{}: {lhs} ≠ {rhs} under {m:?}", id.id);
            }
            assert!(hits >= 40, "{}: side held {hits} times of 400", id.id);
        }
    }

    /// The test above can fail: NC10 without its side condition is wrong
    /// (`a*` matches the empty prefix of "b").
    #[test]
    fn a_row_without_its_side_is_caught() {
        let id = regex_identity("RNC10").unwrap();
        let mut m = Model::new();
        m.insert("s1", Value::Str("b".into()));
        m.insert("re", Value::RegLan(Regex::literal(&"a".into()).star()));
        m.insert("s2", Value::Str("c".into()));
        assert_eq!(eval(&id.side, &m).unwrap(), Value::Bool(false));
        assert_ne!(eval(&id.lhs, &m).unwrap(), Value::Str("b".into()));
    }

    /// Totality: RNC10 and RNC11 hold for every subject with `re := re.none`;
    /// the `C` rows' sides are satisfiable (a witness each).
    #[test]
    fn nc_rows_are_total_and_c_sides_satisfiable() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let langs = [Regex::none()];
        for id in regex_identities() {
            for _ in 0..100 {
                let mut m = Model::new();
                for (v, s) in &id.vars {
                    m.insert(v.clone(), random_value(s, &langs, &mut rng));
                }
                if id.subject().is_some() {
                    assert_eq!(eval(&id.side, &m).unwrap(), Value::Bool(true), "{}", id.id);
                }
            }
        }
        let mut m = Model::new();
        m.insert("s1", Value::Str("ab".into()));
        m.insert("s2", Value::Str("a".into()));
        let rc3 = regex_identity("RC3").unwrap();
        assert_eq!(eval(&rc3.side, &m).unwrap(), Value::Bool(true));
    }

    #[test]
    fn rows_are_offered_only_to_regex_formulas() {
        let mut f = Formula::default();
        f.declare("x".to_string(), Sort::String);
        f.assert(eq(v("x"), Term::str("a")), None);
        assert!(!mentions_regex(&f));
        assert!(variable_identities_for(&f, &Sort::String).all(|i| !i.id.starts_with('R')));
        f.assert(
            app(
                Op::StrInRe,
                vec![v("x"), app(Op::StrToRe, vec![Term::str("a")])],
            ),
            None,
        );
        assert!(mentions_regex(&f));
        assert!(variable_identities_for(&f, &Sort::String).any(|i| i.id == "RNC10"));
        assert_eq!(variable_identities_for(&f, &Sort::RegLan).count(), 15);
        // str.to_re alone makes a formula a regex one.
        let mut g = Formula::default();
        g.assert(
            eq(
                app(Op::StrToRe, vec![Term::str("a")]),
                app(Op::StrToRe, vec![Term::str("")]),
            ),
            None,
        );
        assert!(mentions_regex(&g));
    }
    /// Each row beyond the thesis cites the standard, and the operators the
    /// issue asks for all occur in them.
    #[test]
    fn our_rows_cite_the_standard_and_cover_the_operators() {
        let ours: Vec<&Identity> = regex_identities()
            .iter()
            .filter(|i| i.source != THESIS)
            .collect();
        assert_eq!(ours.len(), 19);
        assert!(ours.iter().all(|i| i.source.starts_with("SMT-LIB 2.6")));
        for op in [
            Op::StrReplaceRe,
            Op::StrReplaceReAll,
            Op::RePower(0),
            Op::ReLoop(0, 0),
            Op::ReDiff,
        ] {
            let found = ours.iter().any(|i| {
                i.lhs
                    .operators()
                    .iter()
                    .any(|o| std::mem::discriminant(o) == std::mem::discriminant(&op))
            });
            assert!(found, "no row of ours has {}", op.name());
        }
    }

    /// The standard's edge cases, by evaluation: the rows would be wrong
    /// under the readings they rule out. RC8 without its side (`ε ∉ L`
    /// leaves "b" alone), RNC21 with `re.^ 1` instead of `re.^ 0` (a
    /// non-empty match is replaced), RNC16 with `re.loop 1 3` (not empty).
    #[test]
    fn the_edge_cases_are_what_the_rows_need() {
        let a = Regex::literal(&"a".into());
        let mut m = Model::new();
        m.insert("s", Value::Str("b".into()));
        m.insert("t", Value::Str("c".into()));
        m.insert("re", Value::RegLan(a.clone()));
        let rc8 = regex_identity("RC8").unwrap();
        assert_eq!(eval(&rc8.side, &m).unwrap(), Value::Bool(false));
        assert_eq!(eval(&rc8.lhs, &m).unwrap(), Value::Bool(false));
        m.insert("re", Value::RegLan(a.clone().star()));
        assert_eq!(eval(&rc8.lhs, &m).unwrap(), Value::Bool(true));

        let rnc21 = regex_identity("RNC21").unwrap();
        let mut m = Model::new();
        m.insert("s1", Value::Str("ab".into()));
        m.insert("re", Value::RegLan(a.clone()));
        m.insert("s2", Value::Str("c".into()));
        assert_eq!(eval(&rnc21.lhs, &m).unwrap(), Value::Str("ab".into()));
        let power1 = app(
            Op::StrReplaceReAll,
            vec![v("s1"), app(Op::RePower(1), vec![v("re")]), v("s2")],
        );
        assert_eq!(eval(&power1, &m).unwrap(), Value::Str("cb".into()));

        let mut m = Model::new();
        m.insert("re", Value::RegLan(Regex::none()));
        m.insert("re2", Value::RegLan(a));
        let rnc16 = regex_identity("RNC16").unwrap();
        let Value::RegLan(l) = eval(&rnc16.lhs, &m).unwrap() else {
            panic!()
        };
        assert!(l.equiv(&Regex::none()).unwrap());
        let wrong = app(
            Op::ReUnion,
            vec![app(Op::ReLoop(1, 3), vec![v("re2")]), v("re")],
        );
        let Value::RegLan(l) = eval(&wrong, &m).unwrap() else {
            panic!()
        };
        assert!(!l.equiv(&Regex::none()).unwrap());
    }

    /// The rows the Rust builders made before the table became data, in
    /// their order: a row lost or renamed in the file fails here.
    #[test]
    fn the_table_has_the_rows_it_had_as_code() {
        let ids: Vec<&str> = regex_identities().iter().map(|i| i.id).collect();
        let want = "RNC1 RNC2 RNC3 RNC4 RNC5 RNC6 RNC7 RNC8 RNC9 RNC10 RNC11 RC1 RC2 RC3 RC4 RC5 \
                    RC6 RC7 RNC12 RNC13 RNC14 RNC15 RNC16 RNC17 RNC18 RNC19 RNC20 RNC21 RNC22 \
                    RC8 RC9 RC10 RC11 RC12 RC13 RC14 RC15";
        assert_eq!(ids.len(), 37);
        assert_eq!(ids, want.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn rows_print_and_read_back() {
        crate::transform::identities::tests::assert_rows_read_back(regex_identities());
    }
}
