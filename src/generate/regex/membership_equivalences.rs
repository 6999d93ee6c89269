//! Step-1 unsat formulas over membership: `str.in_re` of a `String`
//! variable, each row the standard's definition of one `RegLan` operator
//! read as a statement about a word.
//!
//! Table 2.3's rows ([`super::equivalent_formulas`]) relate languages
//! only: all their variables are `RegLan`. So the rows of Table 2.6 with a
//! `String` subject (the thesis' RNC10 and RNC11, our RNC18-RNC22) had no
//! variable to replace, and the `C` rows whose constant is a Boolean (RC8,
//! RC9, RC14, RC15) no literal to stand for: they never fired. These rows
//! are the form users write, a string variable constrained by `str.in_re`,
//! with `A` the membership `s ∈ op(args)` and `B` what the `:definition` of
//! `op` in the SMT-LIB 2.6 Unicode Strings theory says of `s`:
//!
//! | id   | `A`                                  | `B`                                               |
//! |------|--------------------------------------|---------------------------------------------------|
//! | EM1  | `s ∈ (re.comp re)`                   | `¬(s ∈ re)`                                       |
//! | EM2  | `s ∈ (re.union re1 re2)`             | `s ∈ re1 ∨ s ∈ re2`                               |
//! | EM3  | `s ∈ (re.inter re1 re2)`             | `s ∈ re1 ∧ s ∈ re2`                               |
//! | EM4  | `s ∈ (re.diff re1 re2)`              | `s ∈ re1 ∧ ¬(s ∈ re2)`                            |
//! | EM5  | `s ∈ (str.to_re t)`                  | `s = t`                                           |
//! | EM6  | `s ∈ re.allchar`                     | `len(s) = 1`                                      |
//! | EM7  | `s ∈ ((_ re.^ n) re.allchar)`        | `len(s) = n`, for n in 0, 1, 3                    |
//! | EM8  | `s ∈ (re.range "a" "c")`             | `len(s) = 1 ∧ "a" ≤ s ∧ s ≤ "c"`                  |
//! | EM9  | `s ∈ (re.opt re)`                    | `s = "" ∨ s ∈ re`                                 |
//! | EM10 | `s ∈ (re.++ (str.to_re t) re)`       | `prefixof(t, s) ∧ substr(s, len(t), len(s)) ∈ re` |
//!
//! Each row comes three ways: plain (`a0 := ¬A`, `a1 := B`), and with its
//! Boolean result named by a literal, `A = c ⇔ B = c` for `c` true and
//! false (Table 2.3's `op(args) = res` with `res` a constant), whose
//! literal constant replacement takes. A row with `RegLan` variables is
//! also instantiated with constant languages ([`CONSTANT_LANGUAGES`]):
//! cvc5 refuses `RegLan` variables, and these instances reach it.
//!
//! The table above is data, `assets/tables/membership_definitions.smt2`
//! (compiled in; the row format is [`crate::generate::tables`]'s); the
//! forms and their witnesses are made here.
//!
//! # Invariants (those of Table 2.3's rows)
//!
//! - **Unsat**: `A ⇔ B` for all values, because `B` is the standard's
//!   definition of `A`'s operator applied to `s`. The tests check it by
//!   exact evaluation on random words and languages.
//! - **Unique minimal core** `{a0, a1}`: every row carries a model of `B`
//!   and one of `¬A`, found here by a search over small values and checked
//!   by exact evaluation; a row without both is not made.
//! - **(DEP)** of `transform::replacement::variable`, in the
//!   strong form Table 2.3's rows have: in the model of `B`, changing any
//!   one variable alone makes `A` false. A form without such a model is
//!   not made (EM2 with `RegLan` variables).

use super::equivalence::RegexEquivalence;
use crate::generate::sx::*;
#[cfg(test)]
use crate::generate::tables::RowWriter;
use crate::generate::tables::{Row, TableError, TableFile};
use crate::semantics::{Model, Value, eval, eval_closed};
use crate::term::{Op, Sort, Symbol, Term};

/// The languages a row's `RegLan` variables are instantiated with, for the
/// solvers that refuse `RegLan` variables: `re := (ab)*`, `re1 :=
/// [a-c]`, `re2 := {b} ∪ UC⋅b` (so that `re1 ∩ re2` and `re1 \ re2` are
/// not empty and both rows keep their witnesses).
pub fn constant_languages() -> [(&'static str, Term); 3] {
    let to_re = |s: &str| app(Op::StrToRe, vec![Term::str(s)]);
    [
        ("re", app(Op::ReStar, vec![to_re("ab")])),
        (
            "re1",
            app(Op::ReRange, vec![Term::str("a"), Term::str("c")]),
        ),
        (
            "re2",
            app(
                Op::ReUnion,
                vec![
                    to_re("b"),
                    app(Op::ReConcat, vec![app(Op::ReAllchar, vec![]), to_re("b")]),
                ],
            ),
        ),
    ]
}

/// The sort of a row variable, by its name (`s`, `t`: words; `re…`:
/// languages).
fn sort_of(x: &str) -> Sort {
    if x.starts_with("re") {
        Sort::RegLan
    } else {
        Sort::String
    }
}

/// The values the witness search tries for a variable of `sort`.
fn candidates(sort: &Sort) -> Vec<Value> {
    match sort {
        Sort::RegLan => {
            let to_re = |s: &str| app(Op::StrToRe, vec![Term::str(s)]);
            [
                app(Op::ReNone, vec![]),
                app(Op::ReAll, vec![]),
                to_re(""),
                to_re("a"),
                to_re("b"),
                app(Op::ReStar, vec![to_re("a")]),
                app(Op::ReAllchar, vec![]),
                app(Op::ReStar, vec![to_re("ab")]),
            ]
            .iter()
            .map(|t| eval_closed(t).expect("a closed RegLan term"))
            .collect()
        }
        _ => ["", "a", "b", "c", "ab", "ba", "abc", "d"]
            .iter()
            .map(|s| Value::Str((*s).into()))
            .collect(),
    }
}

fn holds(t: &Term, m: &Model) -> bool {
    eval(t, m) == Ok(Value::Bool(true))
}

/// Every assignment of the candidates to `vars`, in a fixed order.
fn assignments(vars: &[(Symbol, Sort)]) -> Vec<Model> {
    let mut out = vec![Model::new()];
    for (x, sort) in vars {
        let values = candidates(sort);
        out = out
            .into_iter()
            .flat_map(|m| {
                values.iter().map(move |v| {
                    let mut m = m.clone();
                    m.insert(x, v.clone());
                    m
                })
            })
            .collect();
    }
    out
}

/// Whether some candidate for `x` alone turns `a`, true under `m`, false.
fn flips_alone(a: &Term, m: &Model, x: &str) -> bool {
    candidates(&sort_of(x)).into_iter().any(|v| {
        let mut m = m.clone();
        m.insert(x, v);
        eval(a, &m) == Ok(Value::Bool(false))
    })
}

/// The row `A ⇔ B` with its witnesses, or `None` when the search finds no
/// model of `¬A` (the core would not be `{a0, a1}`) or no model of `B` in
/// which every variable decides `A`.
fn row(id: String, clause: &'static str, a: Term, b: Term) -> Option<RegexEquivalence> {
    let mut names = a.free_vars();
    names.extend(b.free_vars());
    let decls: Vec<(Symbol, Sort)> = names
        .into_iter()
        .map(|x| {
            let s = sort_of(&x);
            (x, s)
        })
        .collect();
    let all = assignments(&decls);
    // A model of `B` in which every variable alone decides `A`: (DEP) with
    // one model for all, as Table 2.3's rows have it. The chains' witness
    // search starts from this model; `s ∈ re1 ∪ re2` has none (where both
    // languages hold `s`, neither decides; where one does, the other
    // cannot), so EM2 comes only with constant languages.
    let b_model = all
        .iter()
        .find(|m| holds(&b, m) && decls.iter().all(|(x, _)| flips_alone(&a, m, x)))?
        .clone();
    let not_a_model = all
        .iter()
        .find(|m| holds(&Term::not(a.clone()), m))?
        .clone();
    Some(RegexEquivalence {
        id,
        clause,
        decls,
        a,
        b,
        b_model,
        not_a_model,
        depends_on_every_variable: true,
    })
}

/// The membership rows' definitions, as data (see [`crate::generate::tables`]).
const TABLE: TableFile = TableFile {
    path: "assets/tables/membership_definitions.smt2",
    text: include_str!("../../../assets/tables/membership_definitions.smt2"),
};

/// Reads one definition: `(definition ID :clause "..." :A a :B b)`.
fn read_definition(row: &mut Row) -> Result<(String, &'static str, Term, Term), TableError> {
    Ok((
        row.id().to_string(),
        row.static_string("clause")?,
        row.term("A")?,
        row.term("B")?,
    ))
}

/// A definition in the format [`read_definition`] reads.
#[cfg(test)]
fn write_definition((id, clause, a, b): &(String, &'static str, Term, Term)) -> String {
    RowWriter::new("definition", id)
        .string("clause", clause)
        .term("A", a)
        .term("B", b)
        .finish()
}

static DEFINITIONS: std::sync::LazyLock<Vec<(String, &'static str, Term, Term)>> =
    std::sync::LazyLock::new(|| {
        crate::generate::tables::load(TABLE, "definition", read_definition)
    });

/// Every membership row: each definition plain and with each Boolean
/// literal as its result, with `RegLan` variables and with
/// [`constant_languages`]; rows without both witnesses are left out.
pub fn membership_equivalences() -> Vec<RegexEquivalence> {
    let constants: std::collections::BTreeMap<Symbol, Term> = constant_languages()
        .into_iter()
        .map(|(x, t)| (x.to_string(), t))
        .collect();
    let mut out = Vec::new();
    for (id, clause, a, b) in DEFINITIONS.iter().cloned() {
        let has_languages = a.free_vars().iter().any(|x| sort_of(x) == Sort::RegLan);
        let mut forms = vec![(id.clone(), a.clone(), b.clone())];
        if has_languages {
            forms.push((
                format!("{id}[re:=const]"),
                a.substitute(&constants),
                b.substitute(&constants),
            ));
        }
        for (id, a, b) in forms {
            for c in [None, Some(true), Some(false)] {
                let (id, a, b) = match c {
                    None => (id.clone(), a.clone(), b.clone()),
                    Some(c) => (
                        format!("{id}[={c}]"),
                        eq(a.clone(), Term::Bool(c)),
                        eq(b.clone(), Term::Bool(c)),
                    ),
                };
                out.extend(row(id, clause, a, b));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::generate::regex::RegexPool;

    #[test]
    fn every_definition_gives_its_rows_with_both_witnesses() {
        let rows = membership_equivalences();
        let families: BTreeSet<&str> = rows
            .iter()
            .map(|r| r.id.split('[').next().unwrap())
            .collect();
        let expected: BTreeSet<String> = (1..=10).map(|i| format!("EM{i}")).collect();
        assert_eq!(
            families,
            expected.iter().map(String::as_str).collect::<BTreeSet<_>>()
        );
        // Every definition comes plain, `= true` and `= false` with its
        // languages constant (or with none); the plain form with language
        // variables is there but for EM2, where no model lets each
        // variable decide.
        let made: BTreeSet<&str> = ids(&rows).into_iter().collect();
        for (id, _, a, _) in DEFINITIONS.iter().cloned() {
            let languages = a.free_vars().iter().any(|x| sort_of(x) == Sort::RegLan);
            let base = if languages {
                format!("{id}[re:=const]")
            } else {
                id.clone()
            };
            for suffix in ["", "[=true]", "[=false]"] {
                let want = format!("{base}{suffix}");
                assert!(made.contains(want.as_str()), "{want} missing: {made:?}");
            }
            assert_eq!(made.contains(id.as_str()), id != "EM2", "{id}");
        }
        for r in &rows {
            assert!(holds(&r.b, &r.b_model), "{}: B's model", r.id);
            assert!(holds(&r.a, &r.b_model), "{}: B's model satisfies A", r.id);
            assert!(holds(&not(r.a.clone()), &r.not_a_model), "{}", r.id);
            assert!(!holds(&r.b, &r.not_a_model), "{}", r.id);
            assert!(r.depends_on_every_variable, "{}", r.id);
        }
    }

    fn ids(rows: &[RegexEquivalence]) -> Vec<&str> {
        rows.iter().map(|r| r.id.as_str()).collect()
    }

    /// `A ⇔ B` on random words over a small alphabet (so that membership is
    /// often true) and languages from the randomized pool: 300 draws per
    /// row, each side true for some draws, so the check is not vacuous.
    #[test]
    fn a_and_b_agree_on_random_words_and_languages() {
        let pool = RegexPool::boundary_randomized(5);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut words: Vec<String> = vec![String::new()];
        for len in 1..=4 {
            for i in 0..3usize.pow(len) {
                let w: String = (0..len)
                    .map(|k| ["a", "b", "c"][i / 3usize.pow(k) % 3])
                    .collect();
                words.push(w);
            }
        }
        for r in membership_equivalences() {
            let mut seen = BTreeSet::new();
            for _ in 0..300 {
                let mut m = Model::new();
                for (x, sort) in &r.decls {
                    let value = match sort {
                        Sort::RegLan => {
                            if rng.random_bool(0.5) {
                                Value::RegLan(pool.regexes.choose(&mut rng).unwrap().lang.clone())
                            } else {
                                candidates(sort).choose(&mut rng).unwrap().clone()
                            }
                        }
                        // The candidates too, so that the short words
                        // (`""` for `re.^ 0`) come often.
                        _ if rng.random_bool(0.3) => {
                            candidates(sort).choose(&mut rng).unwrap().clone()
                        }
                        _ => Value::Str(words.choose(&mut rng).unwrap().as_str().into()),
                    };
                    m.insert(x, value);
                }
                let (a, b) = (eval(&r.a, &m), eval(&r.b, &m));
                assert_eq!(a, b, "{}: A and B differ under {m:?}", r.id);
                seen.insert(a.unwrap() == Value::Bool(true));
            }
            assert_eq!(seen.len(), 2, "{}: one side only {seen:?}", r.id);
        }
    }

    /// The test above can fail: a `B` that misreads the standard (the
    /// substring after `t` taken from position 1 rather than `len(t)`)
    /// is caught.
    #[test]
    fn a_wrong_definition_is_caught() {
        let (s, t, re) = (v("s"), v("t"), v("re"));
        let a = app(
            Op::StrInRe,
            vec![
                s.clone(),
                app(
                    Op::ReConcat,
                    vec![app(Op::StrToRe, vec![t.clone()]), re.clone()],
                ),
            ],
        );
        let wrong = and(vec![
            app(Op::StrPrefixof, vec![t.clone(), s.clone()]),
            app(
                Op::StrInRe,
                vec![
                    app(
                        Op::StrSubstr,
                        vec![s.clone(), int(1), app(Op::StrLen, vec![s])],
                    ),
                    re,
                ],
            ),
        ]);
        let disagree = assignments(&[
            ("s".into(), Sort::String),
            ("t".into(), Sort::String),
            ("re".into(), Sort::RegLan),
        ])
        .iter()
        .any(|m| eval(&a, m) != eval(&wrong, m));
        assert!(disagree);
    }

    #[test]
    fn constant_instances_have_no_language_variable() {
        let rows = membership_equivalences();
        let constant: Vec<_> = rows.iter().filter(|r| r.id.contains("re:=const")).collect();
        assert_eq!(constant.len(), 6 * 3);
        for r in constant {
            assert!(r.decls.iter().all(|(_, s)| *s == Sort::String), "{}", r.id);
        }
    }

    /// The definitions the Rust builder made before they became data.
    #[test]
    fn the_table_has_the_definitions_it_had_as_code() {
        let ids: Vec<&str> = DEFINITIONS.iter().map(|d| d.0.as_str()).collect();
        let want = "EM1 EM2 EM3 EM4 EM5 EM6 EM7[n=0] EM7[n=1] EM7[n=3] EM8 EM9 EM10";
        assert_eq!(ids, want.split_whitespace().collect::<Vec<_>>());
    }

    /// Printed and read again, every definition is the same.
    #[test]
    fn definitions_print_and_read_back() {
        let text: String = DEFINITIONS.iter().map(write_definition).collect();
        let file = TableFile {
            path: "(printed)",
            text: Box::leak(text.into_boxed_str()),
        };
        let again = crate::generate::tables::load(file, "definition", read_definition);
        assert_eq!(again, *DEFINITIONS);
    }
}
