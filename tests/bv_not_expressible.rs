//! The bit-vector stream draws SMT-LIB 2.7's operators (`bvnego`, the
//! overflow predicates, `ubv_to_int`, `sbv_to_int`, `int_to_bv`) for every
//! release; the harness drops a case for a release whose dialect lacks one
//! (`oracle::not_expressible`, counted as not expressible, never judged
//! and never a finding). Here: for each dialect, a case is refused exactly
//! when it applies an operator the dialect lacks, and some are.

use equifuzz::generate::ConstantPool;
use equifuzz::oracle::not_expressible;
use equifuzz::source::{MixedCaseGenerator, Theory};
use equifuzz::term::Dialect;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn a_case_is_not_expressible_exactly_where_the_dialect_lacks_an_operator() {
    let mut g = MixedCaseGenerator::new(ConstantPool::paper())
        .unwrap()
        .seed(14)
        .theory(Theory::Bv);
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let cases: Vec<_> = (0..800).map(|_| g.next(&mut rng)).collect();
    for dialect in [
        Dialect::Smtlib26,
        Dialect::Cvc5Legacy,
        Dialect::Z3Bv27,
        Dialect::Cvc5,
    ] {
        let mut refused = 0;
        for c in &cases {
            let lacks = c
                .formula
                .assertions
                .iter()
                .flat_map(|a| a.term.operators())
                .any(|op| dialect.lacks(op));
            let why = not_expressible(dialect, &c.formula, Some(&c.truth));
            assert_eq!(why.is_some(), lacks, "{dialect:?}: {why:?}\n{c:?}");
            refused += usize::from(lacks);
        }
        println!("{dialect:?}: {refused} of {} not expressible", cases.len());
        match dialect {
            Dialect::Smtlib26 | Dialect::Cvc5Legacy => assert!(refused > 20, "{refused}"),
            _ => assert_eq!(refused, 0),
        }
    }
}

/// A generator told the release's dialect (what a campaign does) draws
/// bit-vector cases with its operators only: of 800 cases, the share the
/// harness would drop falls from a fifth to (nearly) none, and every
/// case's truth still checks.
#[test]
fn a_generator_told_the_dialect_draws_its_operators_only() {
    for dialect in [Dialect::Smtlib26, Dialect::Cvc5Legacy] {
        let draw = |told: bool| {
            let g = MixedCaseGenerator::new(ConstantPool::paper())
                .unwrap()
                .seed(15)
                .theory(Theory::Bv);
            let mut g = if told { g.dialect(dialect) } else { g };
            let mut rng = ChaCha8Rng::seed_from_u64(15);
            (0..800)
                .map(|_| g.next(&mut rng))
                .filter(|c| {
                    c.check().unwrap();
                    not_expressible(dialect, &c.formula, Some(&c.truth)).is_some()
                })
                .count()
        };
        let (before, after) = (draw(false), draw(true));
        println!("{dialect:?}: {before} of 800 not expressible, {after} when told");
        assert!(before > 40, "{before}");
        assert!(after <= 2, "{after}");
    }
}
