//! Malformed input: every error names the exact line and column (1-based,
//! columns in characters) and what was expected there.

#[path = "common/term_strategy.rs"]
mod term_strategy;

use equifuzz::term::{parse_script, parse_term};

fn script_error(text: &str) -> String {
    parse_script(text).expect_err(text).to_string()
}

#[test]
fn unbalanced_parentheses() {
    assert_eq!(
        script_error("(declare-const x String)\n(assert (= x \"a\")\n"),
        "3:1: expected `)`, found end of input"
    );
    assert_eq!(
        script_error("(check-sat))"),
        "1:12: expected `(` opening a command, found `)`"
    );
    assert_eq!(
        parse_term("(+ 1 2))").unwrap_err().to_string(),
        "1:8: expected end of input, found `)`"
    );
}

#[test]
fn unsupported_sorts() {
    assert!(
        script_error("(declare-const s (Set Int))").starts_with("1:19: expected a sort ("),
        "{}",
        script_error("(declare-const s (Set Int))")
    );
    assert!(
        script_error("(set-logic ALL)\n(declare-fun f (Int Bag) Int)")
            .starts_with("2:21: expected a sort")
    );
    assert_eq!(
        script_error("(declare-const b (_ BitVec 0))"),
        "1:28: expected a bit width of at least 1, found `0`"
    );
}

#[test]
fn unterminated_literals() {
    assert_eq!(
        script_error("(assert (= x \"abc))\n"),
        "1:14: expected a closing `\"` for this string literal, found end of input"
    );
    assert_eq!(
        script_error("(declare-const |x String)"),
        "1:16: expected a closing `|` for this quoted symbol, found end of input"
    );
}

#[test]
fn unknown_commands_and_functions() {
    assert_eq!(
        script_error("(check-sat)\n  (check-sat-now)"),
        "2:4: expected a command, found `check-sat-now`"
    );
    // SMT-LIB commands outside our theories say so, where they are.
    for (cmd, why) in [
        ("(declare-datatypes ((L 0)) (((nil))))", "datatypes"),
        ("(declare-sort U 0)", "uninterpreted sorts"),
        (
            "(define-fun-rec f ((x Int)) Int (f x))",
            "recursive definitions",
        ),
    ] {
        let e = script_error(&format!("(check-sat)\n {cmd}"));
        assert!(e.starts_with("2:3: expected a command within"), "{e}");
        assert!(
            e.contains(&format!(
                "not supported: {}",
                &cmd[1..cmd.find(' ').unwrap()]
            )),
            "{e}"
        );
        assert!(e.contains(why), "{e}");
    }
    // A declared function applies; one declared with a name only does not.
    assert!(
        equifuzz::term::parse_script("(declare-fun g (Int) Int)\n(assert (= (g 1) 2))").is_ok()
    );
    assert_eq!(
        script_error("(assert (f x))"),
        "1:10: expected a known function symbol, found `f`"
    );
    assert_eq!(
        script_error("(assert (str.len x y))"),
        "1:9: expected `str.len` with 1 arguments, found 2 arguments"
    );
    assert_eq!(
        script_error("(assert (re.none))"),
        "1:10: expected a function symbol (`re.none` is a constant), found `re.none`"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    assert_eq!(
        script_error("(assert (= \"é😀\" x é))"),
        "1:19: expected a token, found character U+00E9"
    );
    // A literal character outside the alphabet is reported where it is.
    assert_eq!(
        script_error("(assert (= x \"ab\u{30000}\"))"),
        "1:17: expected a character in the alphabet 0..=0x2FFFF, found U+30000"
    );
}

#[test]
fn numbers_that_do_not_fit() {
    // Loop bounds of 2^32 and more are read (as exact powers of smaller
    // ones); only a numeral too long to convert in time is refused.
    assert!(parse_term("((_ re.loop 1 4294967296) re.all)").is_ok());
    let long = "9".repeat(equifuzz::term::MAX_NUMERAL_DIGITS + 1);
    assert_eq!(
        parse_term(&format!("(+ 1 {long})"))
            .unwrap_err()
            .to_string(),
        format!(
            "1:6: expected a numeral of at most {} digits, found a numeral of {} digits",
            equifuzz::term::MAX_NUMERAL_DIGITS,
            equifuzz::term::MAX_NUMERAL_DIGITS + 1
        )
    );
    // A decimal is a Real literal; one with no digit after the point is
    // no token of SMT-LIB.
    assert!(parse_term("1.5").is_ok());
    assert!(parse_term("1.").is_err());
    // A bit-vector literal ends at its last digit.
    assert_eq!(
        parse_term("#x1g").unwrap_err().to_string(),
        "1:4: expected end of input, found `g`"
    );
    // Widths and indices must fit the rank.
    assert_eq!(
        parse_term("(_ bv5 0)").unwrap_err().to_string(),
        "1:8: expected a bit width of at least 1, found `0`"
    );
    assert_eq!(
        parse_term("(_ bv05 8)").unwrap_err().to_string(),
        "1:4: expected a constant `(_ bvN m)`, `(_ +zero eb sb)`, `(_ NaN eb sb)`, ... (an \
         indexed function must be applied), found `bv05`"
    );
    assert_eq!(
        parse_term("((as const Int) 0)").unwrap_err().to_string(),
        "1:12: expected an array sort after `as const`, found `Int`"
    );
    assert_eq!(
        parse_term("((as konst (Array Int Int)) 0)")
            .unwrap_err()
            .to_string(),
        "1:6: expected `const` (the only qualified identifier supported), found `konst`"
    );
    assert_eq!(
        parse_term("((_ extract 1) #x0)").unwrap_err().to_string(),
        "1:14: expected an index, found `)`"
    );
    // A well-formed but ill-sorted extract is a sort error, not a parse error.
    let t = parse_term("((_ extract 4 0) #x0)").unwrap();
    assert!(t.sort(&|_| None).is_err());
}

mod never_panic {
    use equifuzz::term::{parse_responses, parse_script, parse_term};
    use proptest::prelude::*;

    use super::term_strategy;

    /// Checks that an error position lies inside the text (or just after it).
    fn position_in(text: &str, e: &equifuzz::term::ParseError) -> bool {
        let lines: Vec<&str> = text.split('\n').collect();
        e.line >= 1
            && e.line <= lines.len()
            && e.column >= 1
            && e.column <= lines[e.line - 1].chars().count() + 1
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn arbitrary_text_is_an_error_or_a_value(text in "[()\"|;:#_!a-z0-9 \n\\\\.é{}-]{0,80}") {
            if let Err(e) = parse_script(&text) {
                prop_assert!(position_in(&text, &e), "{e} in {text:?}");
            }
            if let Err(e) = parse_term(&text) {
                prop_assert!(position_in(&text, &e), "{e} in {text:?}");
            }
            let _ = parse_responses(&text);
        }

        #[test]
        fn damaged_scripts_fail_cleanly(s in term_strategy::script(2), cut in any::<prop::sample::Index>(), junk in "[()\"|é]") {
            let text = s.to_string();
            let mut at = cut.index(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            for damaged in [text[..at].to_string(), format!("{}{junk}{}", &text[..at], &text[at..])] {
                if let Err(e) = parse_script(&damaged) {
                    prop_assert!(position_in(&damaged, &e), "{e} in {damaged:?}");
                }
                let _ = parse_responses(&damaged);
            }
        }
    }
}
