//! Data-driven tests of the evaluator: one table of (SMT-LIB term, expected
//! value) rows covering every clause of the Unicode Strings theory, the
//! `Ints` theory's `div`/`mod`, the core connectives, and every equality of
//! Table 3 and the wrappers of Appendix B of Bugariu & Müller (ICSE 2020).
//!
//! The terms are read by a small test-only reader (the crate has no parser
//! yet): literals, `(op args...)`, `(let ((x t)...) body)`; `-` with one
//! argument is `Neg`.

use num_bigint::BigInt;

use super::{EvalError, Model, Value, Witnesses, eval, eval_closed, eval_with};
use crate::term::{Op, SmtString, Term, parse_term};

/// Reads one term of the subset of SMT-LIB used in the tables.
fn read(text: &str) -> Term {
    let tokens = tokenize(text);
    let mut pos = 0;
    let t = read_term(&tokens, &mut pos);
    assert_eq!(pos, tokens.len(), "trailing tokens in {text}");
    t
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Open,
    Close,
    Str(SmtString),
    Atom(String),
}

fn tokenize(text: &str) -> Vec<Tok> {
    let cs: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        match cs[i] {
            '(' => out.push(Tok::Open),
            ')' => out.push(Tok::Close),
            c if c.is_whitespace() => {}
            '"' => {
                let mut v = Vec::new();
                i += 1;
                loop {
                    match cs[i] {
                        '"' if cs.get(i + 1) == Some(&'"') => {
                            v.push('"' as u32);
                            i += 1;
                        }
                        '"' => break,
                        '\\' if cs.get(i + 1) == Some(&'u') && cs.get(i + 2) == Some(&'{') => {
                            let end = (i..cs.len()).find(|&j| cs[j] == '}').unwrap();
                            let hex: String = cs[i + 3..end].iter().collect();
                            v.push(u32::from_str_radix(&hex, 16).unwrap());
                            i = end;
                        }
                        c => v.push(c as u32),
                    }
                    i += 1;
                }
                out.push(Tok::Str(SmtString::from_chars(v).unwrap()));
            }
            _ => {
                let start = i;
                while i < cs.len() && !"() \n\t\"".contains(cs[i]) {
                    i += 1;
                }
                out.push(Tok::Atom(cs[start..i].iter().collect()));
                continue;
            }
        }
        i += 1;
    }
    out
}

fn read_term(toks: &[Tok], pos: &mut usize) -> Term {
    let tok = toks[*pos].clone();
    *pos += 1;
    match tok {
        Tok::Str(s) => Term::Str(s),
        Tok::Atom(a) => match a.as_str() {
            "true" => Term::Bool(true),
            "false" => Term::Bool(false),
            _ if a.chars().all(|c| c.is_ascii_digit()) => Term::Int(a.parse().unwrap()),
            _ if Op::UNINDEXED
                .iter()
                .any(|o| o.is_nullary() && o.name() == a) =>
            {
                let op = Op::UNINDEXED.iter().find(|o| o.name() == a).unwrap();
                Term::App(*op, vec![])
            }
            _ => Term::var(a),
        },
        Tok::Close => panic!("unexpected )"),
        Tok::Open => {
            let Tok::Atom(head) = toks[*pos].clone() else {
                panic!("bad head")
            };
            *pos += 1;
            if head == "let" {
                assert_eq!(toks[*pos], Tok::Open);
                *pos += 1;
                let mut binds = Vec::new();
                while toks[*pos] == Tok::Open {
                    *pos += 1;
                    let Tok::Atom(v) = toks[*pos].clone() else {
                        panic!("bad let")
                    };
                    *pos += 1;
                    binds.push((v, read_term(toks, pos)));
                    assert_eq!(toks[*pos], Tok::Close);
                    *pos += 1;
                }
                *pos += 1;
                let body = read_term(toks, pos);
                *pos += 1;
                return Term::Let(binds, Box::new(body));
            }
            let mut args = Vec::new();
            while toks[*pos] != Tok::Close {
                args.push(read_term(toks, pos));
            }
            *pos += 1;
            let op = match (head.as_str(), args.len()) {
                ("-", 1) => Op::Neg,
                (name, _) => *Op::UNINDEXED
                    .iter()
                    .find(|o| o.name() == name)
                    .unwrap_or_else(|| panic!("unknown operator {name}")),
            };
            Term::App(op, args)
        }
    }
}

/// The value of a literal written in the table.
fn value(text: &str) -> Value {
    eval_closed(&read(text)).expect("expected values are literals")
}

/// The table of cases, shared with the differential test.
const TABLE: &str = include_str!("../../tests/data/semantics_table.txt");

/// The (term, expected value) rows of [`TABLE`].
fn rows() -> Vec<(&'static str, &'static str)> {
    TABLE
        .lines()
        .map(|l| l.split(" ; ").next().unwrap().trim())
        .filter(|l| !l.is_empty() && !l.starts_with(';'))
        .map(|l| l.split_once(" ~> ").expect("a row is `term ~> value`"))
        .collect()
}

#[test]
fn table_rows_evaluate_to_their_expected_values() {
    let rows = rows();
    assert!(rows.len() > 150, "the table has {} rows", rows.len());
    for (term, expected) in rows {
        let got = eval_closed(&read(term));
        assert_eq!(got, Ok(value(expected)), "{term}");
    }
}

/// (term, expected error)
#[test]
fn undecided_and_wrong_terms_are_errors() {
    let rows: &[(&str, EvalError)] = &[
        ("(div 1 0)", EvalError::Unspecified("div by zero")),
        ("(mod 1 0)", EvalError::Unspecified("mod by zero")),
        (
            "(and true (= (div 1 0) 2))",
            EvalError::Unspecified("div by zero"),
        ),
        (
            "(ite (= (div 1 0) 0) 5 6)",
            EvalError::Unspecified("div by zero"),
        ),
        (
            "(=> true (= (div 1 0) 0))",
            EvalError::Unspecified("div by zero"),
        ),
        ("(+ x 1)", EvalError::Unbound("x".into())),
    ];
    for (term, expected) in rows {
        assert_eq!(eval_closed(&read(term)).as_ref(), Err(expected), "{term}");
    }
    let bad = Term::app(Op::StrLen, vec![Term::int(1)]);
    assert!(matches!(eval_closed(&bad), Err(EvalError::IllSorted(_))));
    // Ill-sorted even in a branch that evaluation would skip.
    let skipped = Term::app(
        Op::Ite,
        vec![
            Term::Bool(true),
            Term::int(1),
            Term::app(Op::StrLen, vec![Term::int(1)]),
        ],
    );
    assert!(matches!(
        eval_closed(&skipped),
        Err(EvalError::IllSorted(_))
    ));
}

#[test]
fn free_variables_come_from_the_model() {
    let mut model = Model::new();
    model.insert("s", Value::Str(SmtString::from("abc")));
    model.insert("i", Value::Int(BigInt::from(1)));
    let t = read("(str.at s i)");
    assert_eq!(eval(&t, &model), Ok(Value::Str(SmtString::from("b"))));
    // A let binding shadows the model.
    let t = read(r#"(let ((s "xyz")) (str.at s i))"#);
    assert_eq!(eval(&t, &model), Ok(Value::Str(SmtString::from("y"))));
}

#[test]
fn quantifiers_are_not_evaluated() {
    use crate::term::{QuantKind, Quantifier, Sort};
    let q = Term::Quant(Box::new(Quantifier {
        kind: QuantKind::Exists,
        vars: vec![("x".into(), Sort::Int)],
        body: Term::eq(Term::var("x"), Term::int(1)),
        patterns: vec![],
    }));
    assert_eq!(eval_closed(&q), Err(EvalError::Quantifier));
}

/// A term in full SMT-LIB (the table reader above has no binders).
fn parse(text: &str) -> Term {
    crate::term::parse_term(text).unwrap()
}

#[test]
fn quantifiers_are_decided_exactly_over_small_finite_domains() {
    let closed = |t: &str| eval_closed(&parse(t));
    let b = |x: bool| Ok(Value::Bool(x));
    assert_eq!(closed("(exists ((b Bool)) b)"), b(true));
    assert_eq!(closed("(forall ((b Bool)) b)"), b(false));
    assert_eq!(
        closed("(forall ((x (_ BitVec 8))) (= (bvand x x) x))"),
        b(true)
    );
    assert_eq!(
        closed("(exists ((x (_ BitVec 4))) (bvult x #x0))"),
        b(false)
    );
    assert_eq!(
        closed("(exists ((x (_ BitVec 4)) (y Bool)) (and y (= x #x7)))"),
        b(true)
    );
    // Too many instances, or an infinite sort: undecided, never a value.
    let wide = "(forall ((x (_ BitVec 16))) (= (bvand x x) x))";
    assert_eq!(closed(wide), Err(EvalError::Quantifier));
    assert_eq!(
        closed("(exists ((b Bool) (n Int)) (= n 1))"),
        Err(EvalError::Quantifier)
    );
    // An instance left open by SMT-LIB decides nothing by itself ...
    let open = "(exists ((b Bool)) (= (div 1 (ite b 0 1)) 7))";
    assert_eq!(closed(open), Err(EvalError::Unspecified("div by zero")));
    // ... but another instance may decide.
    assert_eq!(
        closed("(exists ((b Bool)) (or b (= (div 1 0) 7)))"),
        b(true)
    );
    // A bound variable shadows the model's constant of that name.
    let mut model = Model::new();
    model.insert("b", Value::Int(3.into()));
    assert_eq!(eval(&parse("(exists ((b Bool)) b)"), &model), b(true));
}

#[test]
fn witnesses_prove_what_they_show_and_nothing_else() {
    let mut model = Model::new();
    model.insert("n", Value::Int(4.into()));
    let ex = parse("(exists ((x Int)) (= (+ x x) n))");
    assert_eq!(eval(&ex, &model), Err(EvalError::Quantifier));
    let mut w = Witnesses::default();
    w.exists.insert("x".into(), Value::Int(2.into()));
    assert_eq!(eval_with(&ex, &model, &w), Ok(Value::Bool(true)));
    // A witness that does not work proves neither true nor false.
    w.exists.insert("x".into(), Value::Int(5.into()));
    assert_eq!(eval_with(&ex, &model, &w), Err(EvalError::Quantifier));
    // A witness of another sort is not tried.
    w.exists.insert("x".into(), Value::Str("2".into()));
    assert_eq!(eval_with(&ex, &model, &w), Err(EvalError::Quantifier));
    // A witness says nothing about a `forall` of the same name.
    w.exists.insert("x".into(), Value::Int(2.into()));
    let all = parse("(forall ((x Int)) (= (+ x x) n))");
    assert_eq!(eval_with(&all, &model, &w), Err(EvalError::Quantifier));
    // A valid closed formula is true, wherever it occurs; only closed ones.
    let valid = parse("(forall ((s String)) (= (str.++ s \"\") s))");
    w.valid.push(valid.clone());
    let t = Term::not(valid);
    assert_eq!(eval_with(&t, &model, &w), Ok(Value::Bool(false)));
    w.valid.push(all.clone());
    assert_eq!(eval_with(&all, &model, &w), Err(EvalError::Quantifier));
}

#[test]
fn allocation_bombs_stop_at_the_caps() {
    // 2^(2^25) by repeated squaring, shared through `let`.
    let mut t = Term::var("x");
    for _ in 0..25 {
        let square = Term::app(Op::Mul, vec![Term::var("x"), Term::var("x")]);
        t = Term::Let(vec![("x".into(), square)], Box::new(t));
    }
    let t = Term::Let(vec![("x".into(), Term::int(2))], Box::new(t));
    assert_eq!(eval_closed(&t), Err(EvalError::TooLarge("integer")));
    // |s| = 10^(depth) by nested replace_all.
    let ten = Term::str("aaaaaaaaaa");
    let mut s = Term::str("a");
    for _ in 0..9 {
        s = Term::app(Op::StrReplaceAll, vec![ten.clone(), Term::str("a"), s]);
    }
    assert_eq!(eval_closed(&s), Err(EvalError::TooLarge("string")));
}

#[test]
fn to_int_of_a_thousand_digit_string_and_back() {
    let digits = "1".repeat(1000);
    let t = Term::app(
        Op::StrFromInt,
        vec![Term::app(Op::StrToInt, vec![Term::str(&digits)])],
    );
    assert_eq!(
        eval_closed(&t),
        Ok(Value::Str(SmtString::from(digits.as_str())))
    );
}

/// The regex engine is wired into the evaluator: RegLan terms evaluate, and
/// `=` on RegLan is language equality, not syntactic equality.
#[test]
fn reglan_terms_evaluate_through_the_regex_engine() {
    let rows: &[(&str, &str)] = &[
        (r#"(str.in_re "ab" (re.+ (re.range "a" "b")))"#, "true"),
        (r#"(str.in_re "" (re.+ (re.range "a" "b")))"#, "false"),
        (r#"(str.in_re "a" (re.comp (str.to_re "a")))"#, "false"),
        (
            r#"(= (re.+ (str.to_re "a")) (re.++ (str.to_re "a") (re.* (str.to_re "a"))))"#,
            "true",
        ),
        (r#"(= (re.range "b" "a") re.none)"#, "true"),
        (r#"(= ((_ re.loop 189 0) (str.to_re "")) re.none)"#, "true"),
        (
            r#"(distinct (re.* (str.to_re "a")) (re.* (str.to_re "aa")))"#,
            "true",
        ),
        (
            r#"(= (re.union (str.to_re "a") (re.comp (str.to_re "a"))) re.all)"#,
            "true",
        ),
        (
            r#"(str.replace_re "aab" (re.+ (str.to_re "a")) "x")"#,
            r#""xab""#,
        ),
        (
            r#"(str.replace_re_all "aab" (re.+ (str.to_re "a")) "x")"#,
            r#""xxb""#,
        ),
        (
            r#"(str.replace_re "ab" (re.* (str.to_re "z")) "x")"#,
            r#""xab""#,
        ),
    ];
    for (term, expected) in rows {
        let got = eval_closed(&crate::term::parse_term(term).unwrap())
            .unwrap_or_else(|e| panic!("{term}: {e}"));
        assert_eq!(
            got.to_term(),
            crate::term::parse_term(expected).unwrap(),
            "{term}"
        );
    }
}

// ---- floating point (semantics::fp_apply and below)
fn fp_value(text: &str) -> Result<String, EvalError> {
    eval_closed(&parse_term(text).unwrap()).map(|v| v.to_term().to_string())
}

#[test]
fn floating_point_terms_and_their_values() {
    let one = "(fp #b0 #b01111 #b0000000000)";
    let rows: &[(&str, &str)] = &[
        (
            "(fp.add RNE (fp #b0 #b01111 #b0000000000) (fp #b0 #b01111 #b0000000000))",
            "(fp #b0 #b10000 #b0000000000)",
        ),
        (
            "(fp.sub roundTowardNegative (_ +zero 5 11) (_ +zero 5 11))",
            "(_ -zero 5 11)",
        ),
        ("(fp.div RNE (_ +zero 5 11) (_ -zero 5 11))", "(_ NaN 5 11)"),
        (
            "(fp.div RTZ (fp #b0 #b01111 #b0000000000) (_ -zero 5 11))",
            "(_ -oo 5 11)",
        ),
        ("(= (_ NaN 5 11) (fp #b1 #b11111 #b0000000011))", "true"),
        ("(fp.eq (_ NaN 5 11) (_ NaN 5 11))", "false"),
        ("(= (_ +zero 5 11) (_ -zero 5 11))", "false"),
        ("(fp.eq (_ +zero 5 11) (_ -zero 5 11))", "true"),
        (
            "(fp.lt (_ -oo 5 11) (_ -zero 5 11) (fp #b0 #b01111 #b0000000000))",
            "true",
        ),
        ("(fp.isSubnormal (fp #b0 #b00000 #b0000000001))", "true"),
        ("(fp.isNegative (_ NaN 5 11))", "false"),
        ("((_ to_fp 5 11) RNE 0.1)", "(fp #b0 #b01011 #b1001100110)"),
        (
            "((_ to_fp 5 11) RTP (- 0.1))",
            "(fp #b1 #b01011 #b1001100110)",
        ),
        ("((_ to_fp 5 11) #x3c00)", one),
        ("((_ to_fp 5 11) RNE #xff)", "(fp #b1 #b01111 #b0000000000)"),
        (
            "((_ to_fp_unsigned 5 11) RNE #xff)",
            "(fp #b0 #b10110 #b1111111000)",
        ),
        ("((_ to_fp 2 3) RNE (_ +oo 8 24))", "(_ +oo 2 3)"),
        ("((_ fp.to_sbv 4) RNA (fp #b1 #b10000 #b0100000000))", "#xd"),
        ("(fp.to_real (fp #b1 #b01110 #b1000000000))", "(- 0.75)"),
        (
            "(fp.rem (fp #b0 #b10001 #b0100000000) (fp #b0 #b10000 #b1000000000))",
            "(fp #b1 #b01111 #b0000000000)",
        ),
        ("(fp.min (_ NaN 5 11) (fp #b0 #b01111 #b0000000000))", one),
        ("RTZ", "RTZ"),
    ];
    for (term, want) in rows {
        assert_eq!(fp_value(term).as_deref(), Ok(*want), "{term}");
    }
}

#[test]
fn unspecified_floating_point_results_have_no_value() {
    for term in [
        "((_ fp.to_ubv 8) RNE (_ NaN 5 11))",
        "((_ fp.to_ubv 8) RNE (_ +oo 5 11))",
        "((_ fp.to_ubv 1) RNE (fp #b0 #b10000 #b0000000000))",
        "((_ fp.to_sbv 8) RTN (fp #b1 #b11110 #b0000000000))",
        "(fp.to_real (_ -oo 5 11))",
        "(fp.to_real (_ NaN 5 11))",
        "(fp.min (_ +zero 5 11) (_ -zero 5 11))",
        "(fp.max (_ -zero 5 11) (_ +zero 5 11))",
    ] {
        assert!(
            matches!(fp_value(term), Err(EvalError::Unspecified(_))),
            "{term}"
        );
    }
    // Formats past the caps are too large, never approximate.
    assert!(matches!(
        fp_value("(fp.isNaN (_ NaN 17 24))"),
        Err(EvalError::TooLarge(_))
    ));
}
