//! Data-driven tests of the evaluator: one table of (SMT-LIB term, expected
//! value) rows covering every clause of the Unicode Strings theory, the
//! `Ints` theory's `div`/`mod`, the core connectives, and every equality of
//! Table 3 and the wrappers of Appendix B of Bugariu & Müller (ICSE 2020).
//!
//! The terms are read by a small test-only reader (the crate has no parser
//! yet): literals, `(op args...)`, `(let ((x t)...) body)`; `-` with one
//! argument is `Neg`.

use num_bigint::BigInt;

use super::{EvalError, Model, Value, eval, eval_closed};
use crate::term::{Op, SmtString, Term};

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

/// (term, expected value). Every row is also checked by Z3 in the
/// differential test's `table_rows_agree_with_z3`.
pub(crate) const TABLE: &[(&str, &str)] = &[
    // ---- Bugariu & Müller 2020, Table 3, each equality instantiated at
    // boundary values (the side condition holds in every row).
    // NC1 at(s, 0) = s if length(s) = 1
    (r#"(str.at "a" 0)"#, r#""a""#),
    (r#"(str.at "\u{2ffff}" 0)"#, r#""\u{2ffff}""#),
    // NC2 concat(s, "") = s ; NC3 concat("", s) = s
    (r#"(str.++ "ab" "")"#, r#""ab""#),
    (r#"(str.++ "" "ab")"#, r#""ab""#),
    // NC4 replace(s, s, s) = s
    (r#"(str.replace "abc" "abc" "abc")"#, r#""abc""#),
    (r#"(str.replace "" "" "")"#, r#""""#),
    // NC5 replace(s, t, u) = s if contains(s, t) = false
    (r#"(str.replace "abc" "d" "x")"#, r#""abc""#),
    (r#"(str.replace "" "a" "x")"#, r#""""#),
    // NC6 replace(s, t, u) = s if indexOf(s, t, 0) = -1
    (r#"(str.replace "abc" "abcd" "x")"#, r#""abc""#),
    // NC7 substr(s, 0, length(s)) = s
    (r#"(str.substr "a""b" 0 (str.len "a""b"))"#, r#""a""b""#),
    (r#"(str.substr "" 0 (str.len ""))"#, r#""""#),
    // NC8 indexOf(s, "", off) = off if 0 <= off <= length(s)
    (r#"(str.indexof "abc" "" 0)"#, "0"),
    (r#"(str.indexof "abc" "" 2)"#, "2"),
    (r#"(str.indexof "abc" "" 3)"#, "3"),
    (r#"(str.indexof "" "" 0)"#, "0"),
    // C1 at(s, off) = "" if off < 0 or off >= length(s)
    (r#"(str.at "abc" (- 1))"#, r#""""#),
    (r#"(str.at "abc" 3)"#, r#""""#),
    (r#"(str.at "" 0)"#, r#""""#),
    // C2 concat("", "") = ""
    (r#"(str.++ "" "")"#, r#""""#),
    // C3 intToStr(n) = "" if n < 0
    ("(str.from_int (- 1))", r#""""#),
    ("(str.from_int (- 100000000000000000000000000000))", r#""""#),
    // C4 replace("", "", "") = ""
    (r#"(str.replace "" "" "")"#, r#""""#),
    // C5 substr(s, off, len) = "" if off < 0 or off >= length(s) or len <= 0
    (r#"(str.substr "abc" (- 1) 2)"#, r#""""#),
    (r#"(str.substr "abc" 3 1)"#, r#""""#),
    (r#"(str.substr "abc" 4 1)"#, r#""""#),
    (r#"(str.substr "abc" 0 0)"#, r#""""#),
    (r#"(str.substr "abc" 1 (- 1))"#, r#""""#),
    // C6-C15 intToStr(n) = "n" for n = 0..9
    ("(str.from_int 0)", r#""0""#),
    ("(str.from_int 1)", r#""1""#),
    ("(str.from_int 2)", r#""2""#),
    ("(str.from_int 3)", r#""3""#),
    ("(str.from_int 4)", r#""4""#),
    ("(str.from_int 5)", r#""5""#),
    ("(str.from_int 6)", r#""6""#),
    ("(str.from_int 7)", r#""7""#),
    ("(str.from_int 8)", r#""8""#),
    ("(str.from_int 9)", r#""9""#),
    // C16 indexOf(s, t, off) = -1 if off < 0 or off > length(s)
    (r#"(str.indexof "abc" "a" (- 1))"#, "(- 1)"),
    (r#"(str.indexof "abc" "" (- 1))"#, "(- 1)"),
    (r#"(str.indexof "abc" "" 4)"#, "(- 1)"),
    (r#"(str.indexof "" "" 1)"#, "(- 1)"),
    // C17 indexOf(s, t, off) = -1 if contains(s, t) = false
    (r#"(str.indexof "abc" "d" 0)"#, "(- 1)"),
    (r#"(str.indexof "" "a" 0)"#, "(- 1)"),
    // C18 strToInt(s) = -1 if s = ""
    (r#"(str.to_int "")"#, "(- 1)"),
    // C19 strToInt(s) = -1 if some character is not a digit
    (r#"(str.to_int "a")"#, "(- 1)"),
    (r#"(str.to_int "-1")"#, "(- 1)"),
    (r#"(str.to_int "1a")"#, "(- 1)"),
    (r#"(str.to_int " 1")"#, "(- 1)"),
    (r#"(str.to_int "+1")"#, "(- 1)"),
    (r#"(str.to_int "\u{660}")"#, "(- 1)"),
    // C20 length(s) = 0 if s = ""
    (r#"(str.len "")"#, "0"),
    // C21-C30 strToInt(s) = n if s = "n", n = 0..9
    (r#"(str.to_int "0")"#, "0"),
    (r#"(str.to_int "1")"#, "1"),
    (r#"(str.to_int "2")"#, "2"),
    (r#"(str.to_int "3")"#, "3"),
    (r#"(str.to_int "4")"#, "4"),
    (r#"(str.to_int "5")"#, "5"),
    (r#"(str.to_int "6")"#, "6"),
    (r#"(str.to_int "7")"#, "7"),
    (r#"(str.to_int "8")"#, "8"),
    (r#"(str.to_int "9")"#, "9"),
    // C32 contains(s, s) = true ; C33 equals(s, s) = true
    (r#"(str.contains "" "")"#, "true"),
    (r#"(str.contains "a\u{0}" "a\u{0}")"#, "true"),
    (r#"(= "\u{d800}" "\u{d800}")"#, "true"),
    // C34 prefixOf("", s) = true ; prefixOf(s, s) = true
    (r#"(str.prefixof "" "abc")"#, "true"),
    (r#"(str.prefixof "" "")"#, "true"),
    (r#"(str.prefixof "abc" "abc")"#, "true"),
    // C35 suffixOf(s, s) = true
    (r#"(str.suffixof "abc" "abc")"#, "true"),
    (r#"(str.suffixof "" "abc")"#, "true"),
    // C36 contains(s, t) = false if indexOf(s, t, 0) = -1
    (r#"(str.contains "abc" "ac")"#, "false"),
    // C37 equals(s, t) = false if length(s) != length(t)
    (r#"(= "a" "aa")"#, "false"),
    // C38 prefixOf(s, t) = false if contains(t, s) = false
    (r#"(str.prefixof "abc" "ab")"#, "false"),
    (r#"(str.prefixof "b" "abc")"#, "false"),
    // C39 suffixOf(s, t) = false if contains(t, s) = false
    (r#"(str.suffixof "abc" "bc")"#, "false"),
    (r#"(str.suffixof "b" "abc")"#, "false"),
    // ---- Appendix B: the wrappers' corner cases
    // str.from_int(n) = "" for n < 0, decimal otherwise
    ("(str.from_int (- 5))", r#""""#),
    ("(str.from_int 12)", r#""12""#),
    // str.replace(s, "", u) = u ++ s (Java's replaceOnce would give s)
    (r#"(str.replace "abc" "" "x")"#, r#""xabc""#),
    (r#"(str.replace "" "" "a")"#, r#""a""#),
    // str.replace replaces only the first occurrence
    (r#"(str.replace "abab" "ab" "x")"#, r#""xab""#),
    // quotes in literals: str.replace("a", "a", """a""")
    (r#"(str.replace "a" "a" """a""")"#, r#""""a""""#),
    // ---- the rest of the Unicode Strings theory
    (r#"(str.at "abc" 1)"#, r#""b""#),
    (r#"(str.substr "abcdef" 2 3)"#, r#""cde""#),
    (r#"(str.substr "abcdef" 4 3)"#, r#""ef""#),
    (
        r#"(str.substr "abc" 1 1000000000000000000000000000000)"#,
        r#""bc""#,
    ),
    (
        r#"(str.substr "abc" 1000000000000000000000000000000 1)"#,
        r#""""#,
    ),
    (r#"(str.at "abc" 1000000000000000000000000000000)"#, r#""""#),
    (r#"(str.indexof "abcabc" "bc" 0)"#, "1"),
    (r#"(str.indexof "abcabc" "bc" 2)"#, "4"),
    (r#"(str.indexof "abcabc" "bc" 5)"#, "(- 1)"),
    (r#"(str.indexof "aaa" "aa" 1)"#, "1"),
    (
        r#"(str.indexof "abc" "" 1000000000000000000000000000000)"#,
        "(- 1)",
    ),
    (r#"(str.replace_all "abab" "ab" "x")"#, r#""xx""#),
    (r#"(str.replace_all "aaa" "aa" "b")"#, r#""ba""#),
    (r#"(str.replace_all "abc" "" "x")"#, r#""abc""#),
    (r#"(str.replace_all "aa" "a" "aa")"#, r#""aaaa""#),
    (r#"(str.replace_all "abc" "d" "x")"#, r#""abc""#),
    (r#"(str.contains "abc" "bc")"#, "true"),
    (r#"(str.contains "abc" "")"#, "true"),
    (r#"(str.contains "" "a")"#, "false"),
    (r#"(str.prefixof "ab" "abc")"#, "true"),
    (r#"(str.suffixof "bc" "abc")"#, "true"),
    (r#"(str.< "a" "b")"#, "true"),
    (r#"(str.< "a" "a")"#, "false"),
    (r#"(str.< "" "a")"#, "true"),
    (r#"(str.< "ab" "b")"#, "true"),
    (r#"(str.< "b" "ab")"#, "false"),
    (r#"(str.< "Z" "a")"#, "true"),
    (r#"(str.< "\u{ffff}" "\u{10000}")"#, "true"),
    (r#"(str.< "a" "b" "c")"#, "true"),
    (r#"(str.< "a" "c" "b")"#, "false"),
    (r#"(str.<= "a" "a")"#, "true"),
    (r#"(str.<= "" "")"#, "true"),
    (r#"(str.<= "b" "a")"#, "false"),
    (r#"(str.<= "a" "a" "b")"#, "true"),
    (r#"(str.is_digit "0")"#, "true"),
    (r#"(str.is_digit "9")"#, "true"),
    (r#"(str.is_digit "a")"#, "false"),
    (r#"(str.is_digit "")"#, "false"),
    (r#"(str.is_digit "00")"#, "false"),
    (r#"(str.is_digit "/")"#, "false"),
    (r#"(str.is_digit ":")"#, "false"),
    (r#"(str.to_code "a")"#, "97"),
    (r#"(str.to_code "\u{2ffff}")"#, "196607"),
    (r#"(str.to_code "")"#, "(- 1)"),
    (r#"(str.to_code "ab")"#, "(- 1)"),
    ("(str.from_code 97)", r#""a""#),
    ("(str.from_code 0)", r#""\u{0}""#),
    ("(str.from_code 196607)", r#""\u{2ffff}""#),
    ("(str.from_code 196608)", r#""""#),
    ("(str.from_code (- 1))", r#""""#),
    ("(str.from_code 1000000000000000000000000000000)", r#""""#),
    (r#"(str.to_int "007")"#, "7"),
    (r#"(str.to_int "00")"#, "0"),
    (
        r#"(str.to_int "18446744073709551616")"#,
        "18446744073709551616",
    ),
    (
        "(str.from_int 18446744073709551616)",
        r#""18446744073709551616""#,
    ),
    ("(str.from_int 100)", r#""100""#),
    (r#"(str.len "\u{10000}\u{5c}""")"#, "3"),
    (r#"(str.++ "a" "b" "c")"#, r#""abc""#),
    // ---- Ints: Euclidean div and mod (0 <= r < |n|), abs, chains
    ("(div 7 2)", "3"),
    ("(div (- 7) 2)", "(- 4)"),
    ("(div 7 (- 2))", "(- 3)"),
    ("(div (- 7) (- 2))", "4"),
    ("(mod 7 2)", "1"),
    ("(mod (- 7) 2)", "1"),
    ("(mod 7 (- 2))", "1"),
    ("(mod (- 7) (- 2))", "1"),
    ("(mod (- 1) 5)", "4"),
    ("(abs (- 3))", "3"),
    ("(abs 3)", "3"),
    ("(- 10 3 2)", "5"),
    ("(- 3)", "(- 3)"),
    ("(+ 1 2 3)", "6"),
    ("(* 2 3 4)", "24"),
    (
        "(* 9223372036854775807 9223372036854775807)",
        "85070591730234615847396907784232501249",
    ),
    ("(< 1 2 3)", "true"),
    ("(< 1 3 2)", "false"),
    ("(<= 1 1 2)", "true"),
    ("(> 3 2 1)", "true"),
    ("(>= 3 3 4)", "false"),
    // ---- core: chainable =, pairwise distinct, n-ary and/or, xor
    // left-assoc, => right-assoc, ite
    ("(= 1 1 1)", "true"),
    ("(= 1 1 2)", "false"),
    ("(distinct 1 2 1)", "false"),
    ("(distinct 1 2 3)", "true"),
    ("(and true true false)", "false"),
    ("(or false false true)", "true"),
    ("(xor true true true)", "true"),
    ("(xor true true)", "false"),
    ("(=> false false false)", "true"),
    ("(=> true false false)", "true"),
    ("(=> true true false)", "false"),
    ("(=> (=> true false) false)", "true"),
    ("(not true)", "false"),
    (r#"(ite (= 1 2) "a" "b")"#, r#""b""#),
    ("(let ((x 1) (y 2)) (+ x y))", "3"),
    ("(let ((x 1)) (let ((x 2) (y x)) (+ x y)))", "3"),
    // undecided arguments that do not matter
    ("(and false (= (div 1 0) 2))", "false"),
    ("(or (= (mod 1 0) 2) true)", "true"),
    ("(=> (= (div 1 0) 2) true)", "true"),
    ("(ite (= (div 1 0) 0) 5 5)", "5"),
    ("(ite true 1 (div 1 0))", "1"),
];

#[test]
fn table_rows_evaluate_to_their_expected_values() {
    for (term, expected) in TABLE {
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
        (
            r#"(str.in_re "a" (str.to_re "a"))"#,
            EvalError::Unsupported("str.in_re"),
        ),
        (
            r#"(str.replace_re "a" re.all "b")"#,
            EvalError::Unsupported("str.replace_re"),
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
