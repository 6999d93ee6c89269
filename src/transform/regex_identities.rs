//! The identities of Kühne 2022, Table 2.6, as data: equalities between a
//! regex operation and a non-constant (`NC`) or constant (`C`) term.
//!
//! Ids carry an `R` prefix (`RNC1`..`RNC11`, `RC1`..`RC7`) so that a
//! provenance chain never confuses them with the ICSE 2020 rows of
//! [`super::identities`], which reuse the same numbers. The rows are
//! [`Identity`] values, so variable replacement, noise introduction and
//! constant replacement instantiate them exactly as the string rows.
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

use std::sync::LazyLock;

use super::identities::{Identity, Rhs};
use crate::generate::sx::*;
use crate::semantics::Value;
use crate::semantics::regex::Regex;
use crate::term::{Formula, Op, Sort, Term};

const THESIS: &str = "Kühne 2022, Table 2.6";

fn re_none() -> Term {
    app(Op::ReNone, vec![])
}

fn re_all() -> Term {
    app(Op::ReAll, vec![])
}

fn epsilon() -> Term {
    app(Op::StrToRe, vec![Term::str("")])
}

fn comp(r: Term) -> Term {
    app(Op::ReComp, vec![r])
}

fn row(
    id: &'static str,
    vars: &[(&str, Sort)],
    lhs: Term,
    rhs: Rhs,
    side: Option<Term>,
) -> Identity {
    Identity {
        id,
        in_paper: false,
        source: THESIS,
        vars: vars
            .iter()
            .map(|(n, s)| (n.to_string(), s.clone()))
            .collect(),
        lhs,
        rhs,
        side: side.unwrap_or(Term::Bool(true)),
        total: true,
    }
}

fn build() -> Vec<Identity> {
    use Sort::{RegLan as R, String as S};
    let (re, s, s1, s2) = (v("re"), v("s"), v("s1"), v("s2"));
    let subject_re = || Rhs::Subject("re".into(), R);
    let subject_s1 = || Rhs::Subject("s1".into(), S);
    let lang = |r: Regex| Rhs::Constant(Value::RegLan(r));
    let nc = |id, op: Op, args: Vec<Term>| row(id, &[("re", R)], app(op, args), subject_re(), None);
    // No substring of s1 is in re.
    let no_match = not(app(
        Op::StrInRe,
        vec![
            s1.clone(),
            app(Op::ReConcat, vec![re_all(), re.clone(), re_all()]),
        ],
    ));
    let s1_re_s2 = [("s1", S), ("re", R), ("s2", S)];
    vec![
        nc("RNC1", Op::ReUnion, vec![re.clone(), re_none()]),
        nc("RNC2", Op::ReUnion, vec![re.clone(), re.clone()]),
        nc("RNC3", Op::ReInter, vec![re.clone(), re_all()]),
        nc("RNC4", Op::ReInter, vec![re.clone(), re.clone()]),
        nc("RNC5", Op::ReDiff, vec![re.clone(), re_none()]),
        nc("RNC6", Op::ReConcat, vec![re.clone(), epsilon()]),
        nc("RNC7", Op::ReConcat, vec![epsilon(), re.clone()]),
        nc("RNC8", Op::RePower(1), vec![re.clone()]),
        nc("RNC9", Op::ReLoop(1, 1), vec![re.clone()]),
        row(
            "RNC10",
            &s1_re_s2,
            app(Op::StrReplaceRe, vec![s1.clone(), re.clone(), s2.clone()]),
            subject_s1(),
            Some(no_match.clone()),
        ),
        row(
            "RNC11",
            &s1_re_s2,
            app(
                Op::StrReplaceReAll,
                vec![s1.clone(), re.clone(), s2.clone()],
            ),
            subject_s1(),
            Some(no_match),
        ),
        row(
            "RC1",
            &[("s", S)],
            app(Op::StrInRe, vec![s.clone(), re_all()]),
            Rhs::Constant(Value::Bool(true)),
            None,
        ),
        row(
            "RC2",
            &[("s", S)],
            app(Op::StrInRe, vec![s, re_none()]),
            Rhs::Constant(Value::Bool(false)),
            None,
        ),
        row(
            "RC3",
            &[("s1", S), ("s2", S)],
            app(Op::ReRange, vec![s1.clone(), s2.clone()]),
            lang(Regex::none()),
            Some(or(vec![
                not(eq(app(Op::StrLen, vec![s1.clone()]), int(1))),
                not(eq(app(Op::StrLen, vec![s2.clone()]), int(1))),
                app(Op::StrLt, vec![s2, s1]),
            ])),
        ),
        row(
            "RC4",
            &[("re", R)],
            app(Op::RePower(0), vec![re.clone()]),
            lang(Regex::epsilon()),
            None,
        ),
        row(
            "RC5",
            &[("re", R)],
            app(Op::ReLoop(3, 1), vec![re.clone()]),
            lang(Regex::none()),
            None,
        ),
        row(
            "RC6",
            &[("re", R)],
            app(Op::ReUnion, vec![re.clone(), comp(re.clone())]),
            lang(Regex::all()),
            None,
        ),
        row(
            "RC7",
            &[("re", R)],
            app(Op::ReInter, vec![re.clone(), comp(re)]),
            lang(Regex::none()),
            None,
        ),
    ]
}

static IDENTITIES: LazyLock<Vec<Identity>> = LazyLock::new(build);

/// Every row of Table 2.6: RNC1-RNC11, then RC1-RC7.
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
    matches!(
        op,
        Op::StrToRe | Op::StrInRe | Op::StrReplaceRe | Op::StrReplaceReAll
    ) || op.name().starts_with("re.")
}

/// The total `NC` rows of this table whose subject has `sort`.
pub fn regex_variable_identities(sort: &Sort) -> impl Iterator<Item = &'static Identity> + '_ {
    regex_identities()
        .iter()
        .filter(move |i| i.subject().is_some() && i.total && i.sort() == *sort)
}

/// The `C` rows of this table whose constant is `value` (languages by
/// their normal form: `re.none`, `re.all` and `(str.to_re "")` each have
/// one).
pub fn regex_constant_identities(value: &Value) -> impl Iterator<Item = &'static Identity> + '_ {
    regex_identities()
        .iter()
        .filter(move |i| i.constant() == Some(value) && i.total)
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

    use super::*;
    use crate::generate::RegexPool;
    use crate::semantics::{Model, eval};
    use crate::term::SmtString;

    #[test]
    fn the_table_has_its_18_rows_well_sorted() {
        let ids: Vec<&str> = regex_identities().iter().map(|i| i.id).collect();
        let expected: Vec<String> = (1..=11)
            .map(|k| format!("RNC{k}"))
            .chain((1..=7).map(|k| format!("RC{k}")))
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
        assert_eq!(variable_identities_for(&f, &Sort::RegLan).count(), 9);
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
}
