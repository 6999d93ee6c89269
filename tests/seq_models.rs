//! Sequence values in solver models, read and judged: the `get-value`
//! answers Z3 5.4.1 and cvc5 1.4.2 print for sequences of every element
//! sort (captured from the two releases on the formula below: `seq.++` of
//! `seq.unit`s, `(as seq.empty (Seq Int))`, nested units, arrays inside),
//! read back, and the formula judged under them by the oracle: the model
//! checks valid. A value the reader cannot read (a lambda inside a unit),
//! or one the semantics leaves open (`seq.nth` out of range), makes the
//! check inconclusive, never a finding.

use equifuzz::oracle::{Check, Expected, Reply, Verdict, judge};
use equifuzz::term::{Dialect, Formula, parse_script};
use equifuzz::truth::Status;

const FORMULA: &str = "\
(declare-const a (Seq Int))
(declare-const b (Seq Bool))
(declare-const c (Seq (_ BitVec 4)))
(declare-const d (Seq String))
(declare-const e (Seq (Array Int Int)))
(declare-const f (Seq (Seq Int)))
(declare-const g (Seq Int))
(assert (= (seq.len a) 2))
(assert (= (seq.nth a 0) (- 3)))
(assert (= (seq.len b) 2))
(assert (seq.contains c (seq.unit #x5)))
(assert (= (seq.len d) 2))
(assert (= (seq.nth d 1) \"x\\\\y\"))
(assert (= (seq.len e) 1))
(assert (= (select (seq.nth e 0) 3) 4))
(assert (= (seq.len f) 2))
(assert (= (seq.len (seq.nth f 1)) 1))
(assert (= (seq.len g) 0))
";

/// Z3 5.4.1's answer to `(check-sat)(get-value (a b c d e f g))`.
const Z3_5_4_1: &str = r#"sat
((a (seq.++ (seq.unit (- 3)) (seq.unit 17)))
 (b (seq.++ (seq.unit false) (seq.unit false)))
 (c (seq.unit #x5))
 (d (seq.++ (seq.unit "!0!") (seq.unit "x\\y")))
 (e (seq.unit ((as const (Array Int Int)) 4)))
 (f (seq.++ (seq.unit (seq.unit 5)) (seq.unit (seq.unit 18))))
 (g (as seq.empty (Seq Int))))
"#;

/// cvc5 1.4.2's answer (with `arrays-exp`).
const CVC5_1_4_2: &str = r#"sat
((a (seq.++ (seq.unit (- 3)) (seq.unit (- 2)))) (b (seq.++ (seq.unit false) (seq.unit false))) (c (seq.unit #b0101)) (d (seq.++ (seq.unit "A") (seq.unit "x\u{5c}\u{5c}y"))) (e (seq.unit (store ((as const (Array Int Int)) 0) 3 4))) (f (seq.++ (seq.unit (seq.unit 0)) (seq.unit (seq.unit (- 1))))) (g (as seq.empty (Seq Int))))
"#;

fn formula(text: &str) -> Formula {
    Formula::from_script(&parse_script(text).unwrap()).unwrap()
}

fn sat() -> Expected {
    Expected {
        status: Status::Sat,
        core: None,
    }
}

fn verdict(formula: &Formula, output: &str, dialect: Dialect) -> Verdict {
    judge(
        formula,
        Some(&sat()),
        &Reply::from_output_in(output, dialect),
    )
}

#[test]
fn both_solvers_sequence_models_are_read_and_check_valid() {
    let f = formula(FORMULA);
    for (name, output, dialect) in [
        ("z3 5.4.1", Z3_5_4_1, Dialect::Z3Seq),
        ("cvc5 1.4.2", CVC5_1_4_2, Dialect::Cvc5),
    ] {
        let v = verdict(&f, output, dialect);
        assert!(
            matches!(
                v,
                Verdict::Correct {
                    check: Some(Check::ModelValid),
                    ..
                }
            ),
            "{name}: {v}"
        );
    }
}

#[test]
fn a_wrong_sequence_model_is_invalid() {
    let f = formula(FORMULA);
    // Z3's model with `a`'s first element changed: (seq.nth a 0) is 4.
    let wrong = Z3_5_4_1.replace(
        "(seq.unit (- 3)) (seq.unit 17)",
        "(seq.unit 4) (seq.unit 17)",
    );
    let v = verdict(&f, &wrong, Dialect::Smtlib26);
    assert!(matches!(v, Verdict::InvalidModel { .. }), "{v}");
}

#[test]
fn unreadable_or_open_values_are_inconclusive_never_findings() {
    // A lambda inside a unit is not read (only a top-level array lambda is).
    let f = formula("(declare-const e (Seq (Array Int Int)))(assert (= (seq.len e) 1))");
    let lambda = "sat\n((e (seq.unit (lambda ((x!1 Int)) (+ x!1 1)))))\n";
    let v = verdict(&f, lambda, Dialect::Smtlib26);
    assert!(
        matches!(
            v,
            Verdict::Correct {
                check: Some(Check::Inconclusive(_)),
                ..
            }
        ),
        "{v}"
    );
    // `seq.nth` out of range: any value the solver picked is accepted.
    let f = formula("(declare-const s (Seq Int))(assert (= (seq.nth s 3) 9))");
    for value in ["(seq.unit 1)", "(as seq.empty (Seq Int))"] {
        let out = format!("sat\n((s {value}))\n");
        let v = verdict(&f, &out, Dialect::Smtlib26);
        assert!(
            matches!(
                v,
                Verdict::Correct {
                    check: Some(Check::Inconclusive(_)),
                    ..
                }
            ),
            "{value}: {v}"
        );
    }
}
