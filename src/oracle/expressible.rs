//! What a solver release cannot express, decided before anything is sent.
//!
//! A formula that uses an operator the release lacks, a character above
//! its alphabet, or a construct its parser refuses would come back as an
//! error (or, worse, be read as another formula and answered). Such a
//! formula is never sent: it gets [`Verdict::NotExpressible`](super::Verdict::NotExpressible),
//! which is counted, never judged and never a finding.
//!
//! # Invariants
//!
//! - Every operator of the formula is one the release has
//!   ([`Dialect::lacks`]) and every character of every string literal is in
//!   its alphabet ([`Dialect::max_char`]).
//! - A satisfiable case whose known model has a string with a character
//!   above the alphabet is not expressible on a smaller alphabet: the
//!   formula may have no model there, and an `unsat` would be a false alarm.
//!   (An unsatisfiable formula stays unsatisfiable on a sub-alphabet: every
//!   operator the byte releases have agrees with SMT-LIB 2.6 on strings of
//!   bytes, `str.from_code` excepted, which counts as lacking there.)
//! - Equality between regular languages depends on the alphabet (the
//!   complement of all bytes is empty on bytes, not on Unicode), so it is
//!   not expressible on a byte release; cvc5 refuses it outright, and
//!   refuses RegLan constants and `re.range` over anything but two
//!   one-character literals.
//! - cvc5's parser takes only a value as the default of a constant array
//!   (`((as const (Array Int Int)) (- 2))` is refused: `(- 2)` is an
//!   application there), so a default that is not a literal is not
//!   expressible on cvc5.

use crate::term::{Dialect, Formula, Op, Sort, Term};
use crate::truth::Truth;

/// Why `formula` (with its known truth, when there is one) cannot be sent
/// to a solver of `dialect`, or `None` if it can.
pub fn not_expressible(
    dialect: Dialect,
    formula: &Formula,
    truth: Option<&Truth>,
) -> Option<String> {
    let cvc5 = dialect.is_cvc5();
    if cvc5 && let Some((name, _)) = formula.decls.iter().find(|(_, s)| has_reglan(s)) {
        return Some(format!("cvc5 has no RegLan constants (`{name}`)"));
    }
    let reglan_equality = !(cvc5 || dialect.byte_escapes());
    let env = |v: &str| formula.sort_of(v);
    let mut why = None;
    for a in &formula.assertions {
        a.term.visit(&mut |t| {
            if why.is_some() {
                return;
            }
            why = match t {
                Term::Str(s) => s
                    .chars()
                    .iter()
                    .find(|&&c| c > dialect.max_char())
                    .map(|&c| above_alphabet(dialect, c, "a literal")),
                Term::App(op, _) if dialect.lacks(*op) => {
                    Some(format!("{dialect} has no `{}`", op.name()))
                }
                Term::App(Op::Eq | Op::Distinct, args)
                    if !reglan_equality
                        && args
                            .first()
                            .is_some_and(|x| x.sort(&env) == Ok(Sort::RegLan)) =>
                {
                    Some(format!("{dialect} cannot compare regular languages"))
                }
                Term::ConstArray(_, v) if cvc5 && !is_cvc5_value(v) => Some(format!(
                    "cvc5 takes only values in `(as const ...)`, not `{v}`"
                )),
                Term::App(Op::ReRange, args) if cvc5 && !args.iter().all(is_one_char) => {
                    Some("cvc5 takes only one-character literals in `re.range`".to_string())
                }
                _ => None,
            };
        });
        if why.is_some() {
            return why;
        }
    }
    if let Some(Truth::Sat { model }) = truth {
        for (name, value) in &model.0 {
            if let Some(c) = char_above(value, dialect.max_char()) {
                return Some(above_alphabet(
                    dialect,
                    c,
                    &format!("the known model's `{name}`"),
                ));
            }
        }
    }
    None
}

/// A character above `max` in a string value, or in a string inside a
/// sequence value.
fn char_above(value: &crate::semantics::Value, max: u32) -> Option<u32> {
    use crate::semantics::Value;
    match value {
        Value::Str(s) => s.chars().iter().copied().find(|&c| c > max),
        Value::Seq(q) => q.items().iter().find_map(|v| char_above(v, max)),
        // A function's table: the literals of its body.
        Value::Fun(f) => {
            let mut found = None;
            f.body().visit(&mut |t| {
                if let Term::Str(s) = t {
                    found = found.or_else(|| s.chars().iter().copied().find(|&c| c > max));
                }
            });
            found
        }
        _ => None,
    }
}

fn above_alphabet(dialect: Dialect, c: u32, where_: &str) -> String {
    format!(
        "{where_} has the character U+{c:04X}, above the alphabet 0..=0x{:X} of {dialect}",
        dialect.max_char()
    )
}

fn has_reglan(s: &Sort) -> bool {
    match s {
        Sort::RegLan => true,
        Sort::Array(i, e) => has_reglan(i) || has_reglan(e),
        Sort::Seq(e) => has_reglan(e),
        Sort::Fun(args, r) => args.iter().any(has_reglan) || has_reglan(r),
        _ => false,
    }
}

/// A literal cvc5 reads as a value: negative integers are printed `(- n)`,
/// an application.
fn is_cvc5_value(t: &Term) -> bool {
    match t {
        Term::Int(n) => n.sign() != num_bigint::Sign::Minus,
        Term::Bool(_) | Term::Str(_) | Term::BitVec(_) => true,
        Term::ConstArray(_, v) => is_cvc5_value(v),
        _ => false,
    }
}

fn is_one_char(t: &Term) -> bool {
    matches!(t, Term::Str(s) if s.len() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::{Model, Value};
    use crate::term::{SmtString, parse_script};

    fn formula(text: &str) -> Formula {
        Formula::from_script(&parse_script(text).unwrap()).unwrap()
    }

    #[test]
    fn characters_above_the_alphabet_are_not_expressible_on_byte_releases() {
        let f = formula(r#"(declare-const x String)(assert (= x "\u{e4}\u{100}"))"#);
        assert_eq!(not_expressible(Dialect::Smtlib26, &f, None), None);
        assert_eq!(not_expressible(Dialect::Cvc5, &f, None), None);
        for d in [Dialect::Z3Bytes, Dialect::Legacy, Dialect::Legacy485] {
            let why = not_expressible(d, &f, None).unwrap();
            assert!(why.contains("U+0100") && why.contains("0..=0xFF"), "{why}");
        }
        let bytes = formula(r#"(declare-const x String)(assert (= x "\u{0}\u{ff}"))"#);
        assert_eq!(not_expressible(Dialect::Legacy485, &bytes, None), None);
    }

    #[test]
    fn sequence_operators_a_release_lacks_are_not_expressible() {
        let rev = formula("(declare-const s (Seq Int))(assert (= (seq.rev s) s))");
        assert_eq!(not_expressible(Dialect::Cvc5, &rev, None), None);
        for d in [Dialect::Smtlib26, Dialect::Legacy485] {
            let why = not_expressible(d, &rev, None).unwrap();
            assert!(why.contains("seq.rev"), "{why}");
        }
        let last = formula("(declare-const s (Seq Int))(assert (= (seq.last_indexof s s) 0))");
        assert_eq!(not_expressible(Dialect::Smtlib26, &last, None), None);
        assert!(not_expressible(Dialect::Cvc5, &last, None).is_some());
        // A string above the alphabet inside a known sequence model.
        let f = formula("(declare-const q (Seq String))(assert (= (seq.len q) 1))");
        let mut m = Model::new();
        let wide = Value::Str(SmtString::from_chars(vec![0x100]).unwrap());
        let q = crate::semantics::SeqValue::new(crate::term::Sort::String, vec![wide]);
        m.insert("q", Value::Seq(q));
        let truth = Truth::Sat { model: m };
        assert!(not_expressible(Dialect::Z3Bytes, &f, Some(&truth)).is_some());
        assert_eq!(not_expressible(Dialect::Smtlib26, &f, Some(&truth)), None);
    }

    #[test]
    fn a_known_model_above_the_alphabet_is_not_expressible() {
        let f = formula(r#"(declare-const x String)(assert (= (str.len x) 1))"#);
        let model = |c| {
            let mut m = Model::new();
            m.insert("x", Value::Str(SmtString::from_chars(vec![c]).unwrap()));
            Truth::Sat { model: m }
        };
        assert_eq!(
            not_expressible(Dialect::Z3Bytes, &f, Some(&model(0xff))),
            None
        );
        let why = not_expressible(Dialect::Z3Bytes, &f, Some(&model(0x2ffff))).unwrap();
        assert!(why.contains("known model's `x`"), "{why}");
        assert_eq!(
            not_expressible(Dialect::Smtlib26, &f, Some(&model(0x2ffff))),
            None
        );
    }

    #[test]
    fn lacking_operators_are_named() {
        let f =
            formula(r#"(declare-const x String)(assert (str.< x (str.replace_all x "a" "b")))"#);
        assert_eq!(not_expressible(Dialect::Z3Bytes, &f, None), None);
        let why = not_expressible(Dialect::Legacy, &f, None).unwrap();
        assert_eq!(why, "z3-4.8.7 has no `str.replace_all`");
        let lt = formula(r#"(declare-const x String)(assert (str.< x "b"))"#);
        assert_eq!(not_expressible(Dialect::Legacy, &lt, None), None);
        assert!(not_expressible(Dialect::Legacy485, &lt, None).is_some());
    }

    #[test]
    fn cvc5_refuses_reglan_constants_equality_and_wide_ranges() {
        let var = formula(r#"(declare-const r RegLan)(assert (str.in_re "a" r))"#);
        let eq = formula(r#"(assert (= (re.* (str.to_re "a")) re.all))"#);
        let range = formula(r#"(assert (str.in_re "a" (re.range "ab" "c")))"#);
        let fine = formula(r#"(assert (str.in_re "a" (re.range "a" "c")))"#);
        for f in [&var, &eq, &range] {
            assert!(not_expressible(Dialect::Cvc5, f, None).is_some(), "{f:?}");
            assert_eq!(not_expressible(Dialect::Smtlib26, f, None), None);
        }
        assert_eq!(not_expressible(Dialect::Cvc5, &fine, None), None);
        // On bytes, language equality means something else.
        assert!(not_expressible(Dialect::Z3Bytes, &eq, None).is_some());
        assert_eq!(not_expressible(Dialect::Z3Bytes, &var, None), None);
    }

    /// cvc5 1.4.2 answers `expected a value` for these defaults; Z3 reads
    /// them.
    #[test]
    fn cvc5_takes_only_values_as_constant_array_defaults() {
        let negative = formula("(assert (= (select ((as const (Array Int Int)) (- 2)) 0) (- 2)))");
        let regex = formula(
            r#"(assert (str.in_re "a" (select ((as const (Array Int RegLan)) (re.* (str.to_re "a"))) 0)))"#,
        );
        let fine =
            formula("(assert (= (select ((as const (Array Int (_ BitVec 4))) #x1) (- 2)) #x1))");
        for f in [&negative, &regex] {
            let why = not_expressible(Dialect::Cvc5, f, None).expect("refused");
            assert!(why.contains("as const"), "{why}");
            assert_eq!(not_expressible(Dialect::Smtlib26, f, None), None);
        }
        assert_eq!(not_expressible(Dialect::Cvc5, &fine, None), None);
    }
}
