//! Deciding the unsat cores of formulas over one string constant's regular
//! memberships, exactly, with our regex semantics.
//!
//! An assertion built from `(str.in_re s R)` and `(= s "lit")` atoms of
//! ONE string constant `s` (closed `R`), closed Boolean terms, and
//! `not`/`and`/`or`/`=>`/`xor`/`ite`/Boolean `=` and `distinct` holds
//! exactly for the `s` in a regular language, built with complement,
//! intersection and union (which [`Regex`] decides exactly). A set of
//! such assertions is satisfiable iff their languages intersect. So the
//! unique minimal unsat core is decided, not guessed: an assertion whose
//! removal makes the formula satisfiable is in every minimal core; if
//! those assertions are unsat together they are the only minimal core,
//! otherwise there are several.
//!
//! This is what lets `minimize` shrink inside an invalid-core finding's
//! core (any candidate whose core this decides unchanged keeps its label)
//! and lets `minimize --check` refuse a reducer's result whose core is no
//! longer the unique minimal one (an assertion that became false for every
//! `s`, a core assertion that became true for every `s`).
//!
//! # Invariants
//!
//! - [`language`] gives `Some(L)` only when `t` holds under `s := w`
//!   exactly for `w ∈ L` (property-tested against [`eval`] below);
//! - [`decide_core`] answers only from emptiness checks that finished in
//!   their state budget; anything else is `None` (not decided), never a
//!   guess.

use std::collections::BTreeSet;

use crate::semantics::regex::{Regex, RegexError};
use crate::semantics::{Value, eval_closed};
use crate::term::{Formula, Op, Sort, Term};

/// Derivative states one emptiness check may visit: a reduction step must
/// stay fast, and an undecided candidate is simply not taken.
const BUDGET: usize = 20_000;

/// The strings `var` may be for the Boolean term `t` to hold, if `t` is a
/// Boolean combination of memberships of `var` (see the module docs).
pub fn language(t: &Term, var: &str) -> Option<Regex> {
    if t.free_vars().is_empty() {
        return match eval_closed(t) {
            Ok(Value::Bool(true)) => Some(Regex::all()),
            Ok(Value::Bool(false)) => Some(Regex::none()),
            _ => None,
        };
    }
    let Term::App(op, args) = t else {
        return None;
    };
    let all =
        |args: &[Term]| -> Option<Vec<Regex>> { args.iter().map(|a| language(a, var)).collect() };
    let iff = |a: &Regex, b: &Regex| {
        Regex::union(&[
            Regex::inter(&[a.clone(), b.clone()]),
            Regex::inter(&[a.comp(), b.comp()]),
        ])
    };
    Some(match (op, args.as_slice()) {
        (Op::StrInRe, [Term::Var(v), r]) if v == var && r.free_vars().is_empty() => {
            Regex::from_term(r).ok()?
        }
        (Op::Eq, [Term::Var(v), Term::Str(s)] | [Term::Str(s), Term::Var(v)]) if v == var => {
            Regex::literal(s)
        }
        (Op::Not, [a]) => language(a, var)?.comp(),
        (Op::And, _) => Regex::inter(&all(args)?),
        (Op::Or, _) => Regex::union(&all(args)?),
        // Right-associative: (=> a b c) is (=> a (=> b c)), so it fails
        // only when every premise holds and the conclusion does not.
        (Op::Implies, [premises @ .., conclusion]) if !premises.is_empty() => {
            let mut parts: Vec<Regex> = all(premises)?.iter().map(Regex::comp).collect();
            parts.push(language(conclusion, var)?);
            Regex::union(&parts)
        }
        (Op::Ite, [c, a, b]) => {
            let c = language(c, var)?;
            Regex::union(&[
                Regex::inter(&[c.clone(), language(a, var)?]),
                Regex::inter(&[c.comp(), language(b, var)?]),
            ])
        }
        // Boolean only: a String or Int argument has no language.
        (Op::Eq, [a, b]) => iff(&language(a, var)?, &language(b, var)?),
        (Op::Distinct | Op::Xor, [a, b]) => iff(&language(a, var)?, &language(b, var)?).comp(),
        _ => return None,
    })
}

/// What [`decide_core`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoreDecision {
    /// The assertions are satisfiable.
    Sat,
    /// Unsat, with this unique minimal core (assertion indices).
    UniqueCore(BTreeSet<usize>),
    /// Unsat with more than one minimal core.
    SeveralCores,
}

fn empty(r: &Regex) -> Option<bool> {
    match r.is_empty_within(BUDGET) {
        Ok(e) => Some(e),
        Err(RegexError::Budget { .. }) | Err(_) => None,
    }
}

/// Decides the satisfiability and minimal cores of `formula`'s assertions
/// when they are all over one declared string constant (or none); `None`
/// outside that fragment or past the state budget.
pub fn decide_core(formula: &Formula) -> Option<CoreDecision> {
    let vars: BTreeSet<String> = formula
        .assertions
        .iter()
        .flat_map(|a| a.term.free_vars())
        .collect();
    if vars.len() > 1 {
        return None;
    }
    let var = match vars.into_iter().next() {
        Some(v) if formula.sort_of(&v) == Some(Sort::String) => v,
        Some(_) => return None,
        None => String::new(),
    };
    let langs: Vec<Regex> = formula
        .assertions
        .iter()
        .map(|a| language(&a.term, &var))
        .collect::<Option<_>>()?;
    if !empty(&Regex::inter(&langs))? {
        return Some(CoreDecision::Sat);
    }
    let mut necessary = BTreeSet::new();
    for i in 0..langs.len() {
        let rest: Vec<Regex> = (0..langs.len())
            .filter(|&j| j != i)
            .map(|j| langs[j].clone())
            .collect();
        if !empty(&Regex::inter(&rest))? {
            necessary.insert(i);
        }
    }
    let core: Vec<Regex> = necessary.iter().map(|&i| langs[i].clone()).collect();
    Some(if !necessary.is_empty() && empty(&Regex::inter(&core))? {
        CoreDecision::UniqueCore(necessary)
    } else {
        CoreDecision::SeveralCores
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::finding::read_case;
    use crate::semantics::Model;
    use crate::semantics::eval;
    use crate::term::SmtString;

    fn formula(text: &str) -> Formula {
        crate::term::Formula::from_script(&crate::term::parse_script(text).unwrap()).unwrap()
    }

    // The invalid-core finding of regex-equivalent-formula EM2 (the
    // identity `s ∈ R1 ∪ R2` iff `s ∈ R1 ∨ s ∈ R2`) and ddSMT's reduction
    // of it, which replaced a disjunct by `true`: a1 became false for every
    // s, an unsat core on its own.
    const EM2: &str = "(declare-const s String)\
        (assert (! (not (= (str.in_re s (re.union (re.range \"a\" \"c\") (re.++ re.allchar (str.to_re \"b\")))) false)) :named a0))\
        (assert (! (= (or (str.in_re s (re.range \"a\" \"c\")) (str.in_re s (re.union (str.to_re \"b\") (re.++ re.allchar (str.to_re \"b\"))))) false) :named a1))";
    const EM2_DDSMT: &str = "(declare-const s String)\
        (assert (! (not (= (str.in_re s (re.range \"a\" \"c\")) false)) :named a0))\
        (assert (! (= (or true (str.in_re s (re.union (str.to_re \"b\") (re.++ re.allchar (str.to_re \"b\"))))) false) :named a1))";

    #[test]
    fn the_core_of_an_equivalence_is_both_sides() {
        let both = BTreeSet::from([0, 1]);
        assert_eq!(
            decide_core(&formula(EM2)),
            Some(CoreDecision::UniqueCore(both))
        );
        assert_eq!(
            decide_core(&formula(EM2_DDSMT)),
            Some(CoreDecision::UniqueCore(BTreeSet::from([1])))
        );
        // Two contradictory pairs: two minimal cores.
        let two = formula(
            "(declare-const s String)(assert (= s \"a\"))(assert (= s \"b\"))\
             (assert (str.in_re s (str.to_re \"c\")))",
        );
        assert_eq!(decide_core(&two), Some(CoreDecision::SeveralCores));
        let sat = formula("(declare-const s String)(assert (=> (= s \"a\") (= s \"b\")))");
        assert_eq!(decide_core(&sat), Some(CoreDecision::Sat));
        // Outside the fragment: two constants, or an Int one, or str.len.
        for text in [
            "(declare-const s String)(declare-const t String)(assert (= s t))",
            "(declare-const n Int)(assert (> n 0))",
            "(declare-const s String)(assert (= (str.len s) 2))",
        ] {
            assert_eq!(decide_core(&formula(text)), None, "{text}");
        }
    }

    #[test]
    fn a_finding_read_back_decides_as_labelled() {
        let text = format!("; expected unsat core: (a0 a1)\n(set-info :status unsat){EM2}");
        let case = read_case(&text, "t").unwrap();
        assert!(
            matches!(decide_core(&case.formula), Some(CoreDecision::UniqueCore(c)) if c.len() == 2)
        );
    }

    fn atom() -> impl Strategy<Value = Term> {
        let lits = prop::sample::select(vec!["", "a", "b", "ab", "ba"]);
        prop_oneof![
            lits.prop_map(|l| Term::app(Op::Eq, vec![Term::var("s"), Term::str(l)])),
            prop::sample::select(vec![
                "(re.* (str.to_re \"a\"))",
                "(re.++ re.allchar (str.to_re \"b\"))",
                "(re.range \"a\" \"b\")",
                "(re.comp (str.to_re \"\"))",
            ])
            .prop_map(|r| {
                let r = crate::term::parse_term(r).unwrap();
                Term::app(Op::StrInRe, vec![Term::var("s"), r])
            }),
            any::<bool>().prop_map(Term::Bool),
        ]
    }

    fn boolean() -> impl Strategy<Value = Term> {
        atom().prop_recursive(3, 16, 3, |inner| {
            let ops = prop::sample::select(vec![
                Op::Not,
                Op::And,
                Op::Or,
                Op::Implies,
                Op::Eq,
                Op::Xor,
                Op::Distinct,
                Op::Ite,
            ]);
            (ops, prop::collection::vec(inner, 3)).prop_map(|(op, mut args)| {
                let n = match op {
                    Op::Not => 1,
                    Op::And | Op::Or | Op::Implies | Op::Ite => 3,
                    _ => 2,
                };
                args.truncate(n);
                Term::app(op, args)
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn the_language_is_where_the_term_holds(t in boolean(), w in "[abc]{0,3}") {
            let lang = language(&t, "s").expect("in the fragment");
            let mut model = Model::default();
            let w = SmtString::from(w.as_str());
            model.0.insert("s".into(), Value::Str(w.clone()));
            prop_assert_eq!(eval(&t, &model), Ok(Value::Bool(lang.is_match(&w))), "{}", t);
        }
    }
}
