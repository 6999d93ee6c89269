//! Round trips through the printer and the parser: `parse(print(x)) == x`
//! for random well-sorted terms and for the scripts `Formula::to_script`
//! makes, in both printer dialects.

#[path = "common/term_strategy.rs"]
mod term_strategy;

use equifuzz::term::{
    Command, Dialect, Op, Printer, SExpr, Script, Sort, Term, parse_script, parse_term,
    parse_term_with,
};
use proptest::prelude::*;
use term_strategy::{SortTag, free_sort};

/// What the legacy printer rewrites: `(_ re.^ n)` prints as `(re.loop r n n)`,
/// `str.is_digit` and `re.diff` as their equivalents in the old names.
fn power_as_loop(t: &Term) -> Term {
    match t {
        Term::App(Op::RePower(n), args) => {
            Term::App(Op::ReLoop(*n, *n), args.iter().map(power_as_loop).collect())
        }
        // The legacy printer writes what the old releases lack with what
        // they have.
        Term::App(Op::StrIsDigit, args) => Term::app(
            Op::StrInRe,
            vec![
                power_as_loop(&args[0]),
                Term::app(Op::ReRange, vec![Term::str("0"), Term::str("9")]),
            ],
        ),
        Term::App(Op::ReDiff, args) => Term::app(
            Op::ReInter,
            vec![
                power_as_loop(&args[0]),
                Term::app(Op::ReComp, vec![power_as_loop(&args[1])]),
            ],
        ),
        Term::App(op, args) => Term::App(*op, args.iter().map(power_as_loop).collect()),
        Term::Let(b, body) => Term::Let(
            b.iter()
                .map(|(v, t)| (v.clone(), power_as_loop(t)))
                .collect(),
            Box::new(power_as_loop(body)),
        ),
        Term::Quant(q) => {
            let mut q = (**q).clone();
            q.body = power_as_loop(&q.body);
            q.patterns = q
                .patterns
                .iter()
                .map(|p| p.iter().map(power_as_loop).collect())
                .collect();
            Term::Quant(Box::new(q))
        }
        _ => t.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    #[test]
    fn terms_round_trip(t in term_strategy::any_term(4)) {
        prop_assert!(t.sort(&free_sort).is_ok(), "the strategy made an ill-sorted term: {t}");
        let text = Printer::default().term(&t);
        prop_assert_eq!(parse_term(&text), Ok(t), "{}", text);
    }

    #[test]
    fn terms_round_trip_in_the_legacy_dialect(t in term_strategy::any_term(3)) {
        let text = Printer::new(Dialect::Legacy).term(&t);
        let back = parse_term_with(&text, Dialect::Legacy.model_escapes());
        prop_assert_eq!(back, Ok(power_as_loop(&t)), "{}", text);
    }

    #[test]
    fn generated_scripts_round_trip(s in term_strategy::script(3)) {
        let text = s.to_string();
        prop_assert_eq!(parse_script(&text), Ok(s), "{}", text);
    }

    #[test]
    fn other_commands_round_trip(
        key in "[a-z][a-z-]{0,8}",
        value in term_strategy::sexpr(),
        echo in "[ -~]{0,12}",
        n in 0u32..5,
        body in term_strategy::term(SortTag::Int, 2),
        vals in prop::collection::vec(term_strategy::term(SortTag::String, 2), 1..3),
    ) {
        let s = Script { commands: vec![
            Command::SetLogic("QF_SLIA".into()),
            Command::SetInfo(key.clone(), value.clone()),
            Command::SetOption(key, value),
            Command::DeclareFun("f".into(), vec![Sort::Int, Sort::String], Sort::Bool),
            Command::DefineFun { name: "g".into(), params: vec![("i0".into(), Sort::Int)], sort: Sort::Int, body },
            Command::Push(n),
            Command::Echo(echo),
            Command::GetValue(vals),
            Command::Pop(n),
            Command::Exit,
        ]};
        let text = s.to_string();
        prop_assert_eq!(parse_script(&text), Ok(s), "{}", text);
    }
}

#[test]
fn numerals_and_sexprs_keep_their_value() {
    let big = "123456789012345678901234567890";
    assert_eq!(parse_term(big), Ok(Term::Int(big.parse().unwrap())));
    assert_eq!(
        parse_term(&format!("(- {big})")),
        Ok(Term::Int(-big.parse::<num_bigint::BigInt>().unwrap()))
    );
    let s =
        parse_script("(set-info :source |a b|)(set-option :seed (1 2.5 \"x\"\"y\" :k))").unwrap();
    assert_eq!(
        s.commands[0],
        Command::SetInfo("source".into(), SExpr::Symbol("a b".into()))
    );
    assert_eq!(
        s.commands[1],
        Command::SetOption(
            "seed".into(),
            SExpr::List(vec![
                SExpr::Numeral(1u32.into()),
                SExpr::Decimal("2.5".into()),
                SExpr::Str("x\"y".into()),
                SExpr::Keyword("k".into()),
            ])
        )
    );
}

/// Sequences over every sort, nested, with their empty sequences and every
/// `seq.` operator: printed in each dialect's spelling and read back, from
/// a declaration, a `define-sort` and a solver's model.
#[test]
fn sequences_round_trip_in_every_dialect() {
    let bv = Sort::seq(Sort::BitVec(8));
    let nested = Sort::seq(bv.clone());
    let unit = |t: Term| Term::app(Op::SeqUnit, vec![t]);
    let s = Term::app(
        Op::SeqConcat,
        vec![
            unit(Term::SeqEmpty(Sort::BitVec(8))),
            Term::SeqEmpty(bv.clone()),
        ],
    );
    let i = Term::int(1);
    let terms = [
        Term::app(Op::SeqLen, vec![s.clone()]),
        Term::app(Op::SeqExtract, vec![s.clone(), i.clone(), i.clone()]),
        Term::app(Op::SeqNth, vec![s.clone(), i.clone()]),
        Term::app(Op::SeqIndexof, vec![s.clone(), s.clone(), i.clone()]),
        Term::app(Op::SeqLastIndexof, vec![s.clone(), s.clone()]),
        Term::app(Op::SeqUpdate, vec![s.clone(), i.clone(), s.clone()]),
        Term::app(Op::SeqRev, vec![s.clone()]),
        Term::app(Op::SeqReplaceAll, vec![s.clone(), s.clone(), s.clone()]),
    ];
    for d in Dialect::ALL {
        for t in &terms {
            let text = Printer::new(d).term(t);
            assert_eq!(parse_term(&text).as_ref(), Ok(t), "{d}: {text}");
        }
    }
    let script = parse_script(
        "(define-sort B () (_ BitVec 8))(declare-const x (Seq (Seq B)))\
         (assert (= x (seq.unit (as seq.empty (Seq B)))))",
    )
    .unwrap();
    assert!(
        script
            .to_string()
            .contains("(declare-const x (Seq (Seq (_ BitVec 8))))")
    );
    assert_eq!(
        Term::SeqEmpty(nested.clone()).sort(&|_| None),
        Ok(Sort::seq(nested))
    );
    // Another `as` than `seq.empty`, or a sort that is no sequence: refused.
    assert!(parse_term("(as seq.empty Int)").is_err());
    assert!(parse_term("(as foo (Seq Int))").is_err());
    assert!(parse_term("(seq.unit re.all)").is_ok_and(|t| t.sort(&|_| None).is_err()));
}

/// Regression (issue 39): a finding file of a Z3 4.8.5 campaign, and the
/// models 4.8.5 and 4.8.7 print, spell RegLan `(RegEx String)` (4.8.7 also
/// `(RegEx (Seq (_ BitVec 8)))`): `run` and the model reader take them.
#[test]
fn what_the_old_releases_are_sent_and_print_reads_back() {
    let sort = Sort::Array(Box::new(Sort::Int), Box::new(Sort::RegLan));
    let text = Printer::new(Dialect::Legacy485).script(&Script {
        commands: vec![Command::DeclareConst("r".into(), sort.clone())],
    });
    assert!(text.contains("(RegEx String)"), "{text}");
    assert_eq!(
        parse_script(&text).unwrap().commands,
        [Command::DeclareConst("r".into(), sort)]
    );
    let old = parse_script("(declare-const r (RegEx (Seq (_ BitVec 8))))").unwrap();
    assert_eq!(
        old.commands,
        [Command::DeclareConst("r".into(), Sort::RegLan)]
    );
    let e = parse_script("(declare-const r (RegEx Int))").unwrap_err();
    assert!(e.to_string().contains("RegLan"), "{e}");
}

/// SMT-LIB 2.7's bit-vector spellings read to their operators and print
/// back as read, in every dialect (whether a release is sent them is
/// `Dialect::lacks`); Z3's `bv2int` reads as `bv2nat`.
#[test]
fn bitvector_2_7_spellings_round_trip() {
    for text in [
        "(bvnego #x80)",
        "(bvuaddo #xff #x01)",
        "(bvsaddo #x7f #x01)",
        "(bvumulo #b1 #b1)",
        "(bvsmulo #b1 #b1)",
        "(bvusubo #x0 #x1)",
        "(bvssubo #x8 #x1)",
        "(bvsdivo #x8 #xf)",
        "(ubv_to_int #xff)",
        "(sbv_to_int #xff)",
        "((_ int_to_bv 8) (- 1))",
    ] {
        let t = parse_term(text).unwrap();
        for d in Dialect::ALL {
            assert_eq!(Printer::new(d).term(&t), text, "{d}");
        }
    }
    assert_eq!(
        parse_term("(bv2int #x01)").unwrap(),
        parse_term("(bv2nat #x01)").unwrap()
    );
    assert_eq!(
        parse_term("((_ int_to_bv 8) 5)").unwrap(),
        Term::app(Op::IntToBv(8), vec![Term::int(5)])
    );
}

/// The real stream's cases (issue 43), printed in every dialect, parse
/// back to the terms they were: fractions as `(/ p q)`, negatives as `(- r)`,
/// beyond-64-bit decimals, arrays of Reals, conversions.
#[test]
fn real_cases_round_trip_in_every_dialect() {
    use equifuzz::generate::ConstantPool;
    use equifuzz::source::{MixedCaseGenerator, Theory};
    use rand::SeedableRng;
    let mut g = MixedCaseGenerator::new(ConstantPool::paper())
        .unwrap()
        .seed(43)
        .theory(Theory::Real);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
    let mut fractions = 0;
    for _ in 0..500 {
        let case = g.next(&mut rng);
        for d in Dialect::ALL {
            for a in &case.formula.assertions {
                let text = Printer::new(d).term(&a.term);
                assert_eq!(parse_term(&text).as_ref(), Ok(&a.term), "{d}: {text}");
                fractions += usize::from(text.contains("(/ 1.0 3.0)"));
            }
        }
    }
    assert!(fractions > 0);
}

/// The floating-point stream's cases (issue 43), printed in every
/// dialect, parse back to the terms they were: `fp` literals with fields
/// of every width, the indexed constants, rounding modes, conversions.
#[test]
fn fp_cases_round_trip_in_every_dialect() {
    use equifuzz::generate::ConstantPool;
    use equifuzz::source::{MixedCaseGenerator, Theory};
    use rand::SeedableRng;
    let mut g = MixedCaseGenerator::new(ConstantPool::paper())
        .unwrap()
        .seed(43)
        .theory(Theory::Fp);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
    let (mut literals, mut nan) = (0, 0);
    for _ in 0..500 {
        let case = g.next(&mut rng);
        for d in Dialect::ALL {
            for a in &case.formula.assertions {
                let text = Printer::new(d).term(&a.term);
                assert_eq!(parse_term(&text).as_ref(), Ok(&a.term), "{d}: {text}");
                literals += usize::from(text.contains("(fp #b"));
                nan += usize::from(text.contains("(_ NaN "));
            }
        }
    }
    assert!(literals > 100 && nan > 10, "{literals} {nan}");
}
