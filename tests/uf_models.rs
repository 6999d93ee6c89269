//! Function interpretations in solver models, read and judged: what Z3
//! 5.4.1 and cvc5 1.4.2 print for `(get-model)` on the formula below
//! (captured from the two releases: Z3's `ite` chains over `x!0`, `x!1`
//! with `and` tests, cvc5's nested `ite`s over `_arg_1`, `_arg_2` and a
//! bare Boolean body), read back, and the formula judged under them by
//! the oracle: the model checks valid. A wrong interpretation is an
//! invalid model; one the reader cannot read (a body that applies a
//! helper the model does not declare to us) makes the check inconclusive,
//! never a finding.

use equifuzz::oracle::{Check, Expected, Reply, Verdict, judge};
use equifuzz::term::{Dialect, Formula, Queries, parse_script};
use equifuzz::truth::Status;

const FORMULA: &str = "\
(declare-fun f (String Int) Int)
(declare-fun g ((Seq Int)) (Seq Int))
(declare-fun h (Int) Bool)
(declare-const s String)
(declare-const q (Seq Int))
(assert (= (f s 1) 7))
(assert (= (f \"ab\" 2) 3))
(assert (= (str.len s) 2))
(assert (= (seq.len (g q)) 2))
(assert (= (g (seq.unit 1)) (seq.unit 5)))
(assert (h 3))
(assert (not (h 4)))
";

/// Z3 5.4.1's answer to `(check-sat)(get-model)(get-value (s q))`.
const Z3_5_4_1: &str = r#"sat
(
  (define-fun s () String
    "ab")
  (define-fun q () (Seq Int)
    (seq.++ (seq.unit 13) (seq.unit 14)))
  (define-fun g ((x!0 (Seq Int))) (Seq Int)
    (ite (= x!0 (seq.unit 1)) (seq.unit 5)
      (seq.++ (seq.unit 13) (seq.unit 14))))
  (define-fun h ((x!0 Int)) Bool
    (ite (= x!0 4) false
      true))
  (define-fun f ((x!0 String) (x!1 Int)) Int
    (ite (and (= x!0 "ab") (= x!1 2)) 3
      7))
)
((s "ab")
 (q (seq.++ (seq.unit 13) (seq.unit 14))))
"#;

/// cvc5 1.4.2's answer.
const CVC5_1_4_2: &str = r#"sat
(
(define-fun f ((_arg_1 String) (_arg_2 Int)) Int (ite (= "ab" _arg_1) (ite (= _arg_2 2) 3 7) 7))
(define-fun g ((_arg_1 (Seq Int))) (Seq Int) (ite (= (as seq.empty (Seq Int)) _arg_1) (seq.++ (seq.unit (- 1)) (seq.unit (- 1))) (seq.unit 5)))
(define-fun h ((_arg_1 Int)) Bool (= _arg_1 3))
(define-fun s () String "AA")
(define-fun q () (Seq Int) (as seq.empty (Seq Int)))
)
((s "AA") (q (as seq.empty (Seq Int))))
"#;

fn formula() -> Formula {
    Formula::from_script(&parse_script(FORMULA).unwrap()).unwrap()
}

fn verdict(output: &str, dialect: Dialect) -> Verdict {
    let expected = Expected {
        status: Status::Sat,
        core: None,
    };
    judge(
        &formula(),
        Some(&expected),
        &Reply::from_output_in(output, dialect),
    )
}

fn inconclusive(v: &Verdict) -> bool {
    matches!(
        v,
        Verdict::Correct {
            check: Some(Check::Inconclusive(_)),
            ..
        }
    )
}

#[test]
fn a_formula_with_functions_asks_for_the_model_and_the_values() {
    let queries = Queries {
        values: true,
        ..Queries::default()
    };
    let script = formula().to_script(Some("sat"), queries).to_string();
    assert!(
        script.contains("(declare-fun f (String Int) Int)"),
        "{script}"
    );
    assert!(script.contains("(get-model)"), "{script}");
    // `get-value` takes terms: the constants only.
    assert!(script.contains("(get-value (s q))"), "{script}");
}

#[test]
fn both_solvers_function_models_are_read_and_check_valid() {
    for (name, output, dialect) in [
        ("z3 5.4.1", Z3_5_4_1, Dialect::Z3Seq),
        ("cvc5 1.4.2", CVC5_1_4_2, Dialect::Cvc5),
    ] {
        let v = verdict(output, dialect);
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
fn a_wrong_interpretation_is_an_invalid_model() {
    // Z3's f with the value at ("ab", 2) changed: (f "ab" 2) is 4.
    let wrong = Z3_5_4_1.replace("(= x!1 2)) 3", "(= x!1 2)) 4");
    let v = verdict(&wrong, Dialect::Smtlib26);
    assert!(matches!(v, Verdict::InvalidModel { .. }), "{v}");
    // cvc5's h true everywhere: (not (h 4)) is false.
    let wrong = CVC5_1_4_2.replace("(= _arg_1 3))", "true)");
    let v = verdict(&wrong, Dialect::Cvc5);
    assert!(matches!(v, Verdict::InvalidModel { .. }), "{v}");
}

#[test]
fn an_interpretation_through_a_helper_or_missing_is_inconclusive() {
    // Z3 sometimes defines a function through a helper of its own.
    let helper = Z3_5_4_1.replace(
        "(ite (= x!0 4) false\n      true))",
        "(h!1 x!0))\n  (define-fun h!1 ((x!0 Int)) Bool (not (= x!0 4)))",
    );
    assert!(helper.contains("h!1"), "the replacement applied");
    let v = verdict(&helper, Dialect::Smtlib26);
    assert!(inconclusive(&v), "{v}");
    // No interpretation of h at all.
    let missing = CVC5_1_4_2.replace("(define-fun h ((_arg_1 Int)) Bool (= _arg_1 3))\n", "");
    let v = verdict(&missing, Dialect::Cvc5);
    assert!(inconclusive(&v), "{v}");
}

/// Every generated function case prints and reads back as itself: the
/// formula through the printer and the parser, a sat case's functions
/// through its file's `; model:` lines.
#[test]
fn generated_function_cases_read_back_as_written() {
    use equifuzz::finding::{read_case, smt2_text};
    use equifuzz::generate::Generator;
    use equifuzz::generate::uf::UfCases;
    use equifuzz::term::Printer;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(30);
    for mut g in [
        UfCases::term_synthesis(2),
        UfCases::congruence(),
        UfCases::identity(),
    ] {
        for _ in 0..300 {
            let case = g.next(&mut rng);
            let text = smt2_text(&case, None, &Printer::default());
            let back = read_case(&text, "x").unwrap_or_else(|e| panic!("{e}:\n{text}"));
            assert_eq!(back.formula, case.formula, "{text}");
            assert_eq!(back.truth, case.truth, "{text}");
        }
    }
}
