//! Sequences inside the combined cases: elements of a `(Seq (_ BitVec 8))`
//! index an array, elements of a `(Seq String)` meet `str.in_re`.
//!
//! - [`SeqCombinedCases::synthesis`] (sat): random values for a sequence of
//!   bit-vectors `s`, an array `a` indexed by bit-vectors, a sequence of
//!   strings `t` and indices into them; then statements about terms that
//!   cross the theories, each true under those values by evaluation:
//!   `(= (select a (seq.nth s i)) v)`, `(= (bvadd (seq.nth s i) (seq.nth s j)) w)`,
//!   `(str.in_re (seq.nth t k) R)` or its negation, `(= (seq.len t) n)`,
//!   and every index inside its sequence (`(and (<= 0 i) (< i (seq.len s)))`:
//!   out of range `seq.nth` is any value, and a model that uses one there
//!   cannot be checked).
//! - [`SeqCombinedCases::unsat`] (unsat): the first element of a
//!   concatenation that starts with a unit is that unit's element (the
//!   sequence theory's `seq.nth` of `seq.++`, in range), written so that a
//!   solver must carry it across theories:
//!   `a0: (= (select a x) v)`, `a1: (not (= (select a (seq.nth (seq.++ (seq.unit x) s) 0)) v))`,
//!   or `a0: (str.in_re w R)`, `a1: (not (str.in_re (seq.nth (seq.++ (seq.unit w) t) 0) R))`.
//!
//! # Invariants
//!
//! - A sat case's model satisfies every assertion under our semantics: each
//!   statement is built from the value evaluation gives its term, and an
//!   index is drawn inside its sequence, so no value is one SMT-LIB leaves
//!   open (`seq.nth` out of range).
//! - An unsat case's core `{a0, a1}` is its unique minimal core: the two
//!   together contradict the identity above, and each alone is sat (`a0`
//!   by choosing `a` or `w`; `a1` because `v` is one value of an infinite
//!   or 256-element sort and `R` is drawn with a member and a non-member).
//!   Tested on thousands of draws by evaluating witnesses of each half.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use crate::generate::Generator;
use crate::generate::regex::RegexPool;
use crate::semantics::array::ArrayValue;
use crate::semantics::{Model, SeqValue, Value, eval};
use crate::term::{BitVec, Formula, Op, SmtString, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// What a [`SeqCombinedCases`] generator draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeqCombinedCategory {
    /// True statements about terms across sequences, arrays, bit-vectors
    /// and regexes.
    Synthesis,
    /// The first element of a unit's concatenation, across theories.
    Unsat,
}

impl SeqCombinedCategory {
    /// The category's name in provenances and the manifest.
    pub fn name(self) -> &'static str {
        match self {
            SeqCombinedCategory::Synthesis => "seq-combined-synthesis",
            SeqCombinedCategory::Unsat => "seq-combined-unsat",
        }
    }
}

/// The bit-vector width of the sequence elements and array indices.
const WIDTH: u32 = 8;
/// Strings the sequences of strings hold, and regex members are sought in.
const STRINGS: [&str; 6] = ["", "a", "b", "ab", "ba", "aa"];

/// Makes the cases of the module docs.
#[derive(Clone, Debug)]
pub struct SeqCombinedCases {
    category: SeqCombinedCategory,
    regexes: RegexPool,
    seed: u64,
}

fn bv(v: u64) -> Value {
    Value::BitVec(BitVec::from_u64(WIDTH, v))
}

fn var(n: &str) -> Term {
    Term::var(n)
}

fn app(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}

impl SeqCombinedCases {
    /// Sat cases.
    pub fn synthesis() -> Self {
        Self::new(SeqCombinedCategory::Synthesis)
    }

    /// Unsat cases.
    pub fn unsat() -> Self {
        Self::new(SeqCombinedCategory::Unsat)
    }

    fn new(category: SeqCombinedCategory) -> Self {
        SeqCombinedCases {
            category,
            regexes: RegexPool::boundary(),
            seed: 0,
        }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    fn case(&self, formula: Formula, truth: Truth) -> Case {
        Case::new(
            formula,
            truth,
            Provenance::generated(self.seed, self.category.name(), Vec::new()),
        )
    }

    /// A regex of the pool with a member and a non-member among
    /// [`STRINGS`], and one of each.
    fn regex(&self, rng: &mut dyn RngCore) -> Option<(Term, SmtString, SmtString)> {
        let r = self.regexes.regexes.choose(rng)?;
        let strings: Vec<SmtString> = STRINGS.iter().map(|&s| SmtString::from(s)).collect();
        let member = strings.iter().find(|s| r.lang.is_match(s))?.clone();
        let other = strings.iter().find(|s| !r.lang.is_match(s))?.clone();
        Some((r.term.clone(), member, other))
    }

    fn draw_synthesis(&self, rng: &mut dyn RngCore) -> Option<Case> {
        let bv_sort = Sort::BitVec(WIDTH);
        let mut model = Model::new();
        let n = rng.random_range(1..4usize);
        let items: Vec<Value> = (0..n).map(|_| bv(rng.random_range(0..4))).collect();
        model.insert("s", Value::Seq(SeqValue::new(bv_sort.clone(), items)));
        let mut a = ArrayValue::constant(
            bv_sort.clone(),
            Sort::Int,
            Value::Int(rng.random_range(0..3).into()),
        );
        for _ in 0..rng.random_range(0..3) {
            a = a
                .store(
                    bv(rng.random_range(0..4)),
                    Value::Int(rng.random_range(0..3).into()),
                )
                .ok()?;
        }
        model.insert("a", Value::Array(a));
        let m = rng.random_range(1..4usize);
        let strings: Vec<Value> = (0..m)
            .map(|_| Value::Str((*STRINGS.choose(rng).expect("not empty")).into()))
            .collect();
        model.insert("t", Value::Seq(SeqValue::new(Sort::String, strings)));
        model.insert("i", Value::Int(rng.random_range(0..n as i64).into()));
        model.insert("j", Value::Int(rng.random_range(0..n as i64).into()));
        model.insert("k", Value::Int(rng.random_range(0..m as i64).into()));
        let nth = |s: &str, i: &str| app(Op::SeqNth, vec![var(s), var(i)]);
        let mut formula = Formula::default();
        formula.declare("s", Sort::seq(bv_sort.clone()));
        formula.declare("a", Sort::Array(Box::new(bv_sort), Box::new(Sort::Int)));
        formula.declare("t", Sort::seq(Sort::String));
        for x in ["i", "j", "k"] {
            formula.declare(x, Sort::Int);
        }
        let mut statements = vec![
            app(Op::Select, vec![var("a"), nth("s", "i")]),
            app(Op::BvAdd, vec![nth("s", "i"), nth("s", "j")]),
            app(Op::SeqLen, vec![var("t")]),
        ];
        let (r, _, _) = self.regex(rng)?;
        statements.push(app(Op::StrInRe, vec![nth("t", "k"), r]));
        // Two to four statements, in a random order.
        let keep = rng.random_range(2..=statements.len());
        for _ in 0..keep {
            let t = statements.swap_remove(rng.random_range(0..statements.len()));
            let value = eval(&t, &model).ok()?;
            let assertion = match value {
                Value::Bool(true) => t,
                Value::Bool(false) => Term::not(t),
                v => Term::eq(t, v.to_term()),
            };
            formula.assert(assertion, None);
        }
        // Each index inside its sequence: out of range, `seq.nth` is any
        // value, and a solver that picks one there gives a model no one can
        // check.
        for (i, seq) in [("i", "s"), ("j", "s"), ("k", "t")] {
            formula.assert(
                Term::and(vec![
                    app(Op::Le, vec![Term::int(0), var(i)]),
                    app(Op::Lt, vec![var(i), app(Op::SeqLen, vec![var(seq)])]),
                ]),
                None,
            );
        }
        Some(self.case(formula, Truth::Sat { model }))
    }

    fn draw_unsat(&self, rng: &mut dyn RngCore) -> Option<Case> {
        let mut formula = Formula::default();
        let first = |x: &str, rest: &str| {
            app(
                Op::SeqNth,
                vec![
                    app(
                        Op::SeqConcat,
                        vec![app(Op::SeqUnit, vec![var(x)]), var(rest)],
                    ),
                    Term::int(0),
                ],
            )
        };
        let (a0, a1) = if rng.random_bool(0.5) {
            let bv_sort = Sort::BitVec(WIDTH);
            formula.declare(
                "a",
                Sort::Array(Box::new(bv_sort.clone()), Box::new(Sort::Int)),
            );
            formula.declare("x", bv_sort.clone());
            formula.declare("s", Sort::seq(bv_sort));
            let v = Term::int(rng.random_range(0..3));
            (
                Term::eq(app(Op::Select, vec![var("a"), var("x")]), v.clone()),
                Term::not(Term::eq(
                    app(Op::Select, vec![var("a"), first("x", "s")]),
                    v,
                )),
            )
        } else {
            let (r, _, _) = self.regex(rng)?;
            formula.declare("w", Sort::String);
            formula.declare("t", Sort::seq(Sort::String));
            (
                app(Op::StrInRe, vec![var("w"), r.clone()]),
                Term::not(app(Op::StrInRe, vec![first("w", "t"), r])),
            )
        };
        formula.assert(a0, Some("a0".into()));
        formula.assert(a1, Some("a1".into()));
        let core = ["a0", "a1"].iter().map(|&n| n.into()).collect();
        Some(self.case(formula, Truth::Unsat { core }))
    }
}

impl Generator for SeqCombinedCases {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        match self.category {
            SeqCombinedCategory::Synthesis => self.draw_synthesis(rng),
            SeqCombinedCategory::Unsat => self.draw_unsat(rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn sat_cases_hold_under_their_models() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut g = SeqCombinedCases::synthesis();
        let mut regex = 0;
        for _ in 0..3000 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            let text = format!("{:?}", c.formula);
            regex += usize::from(text.contains("StrInRe"));
        }
        assert!(regex > 1000, "{regex} cases with str.in_re");
    }

    /// The core is unique and minimal: both together are unsat (checked by
    /// the case itself, against the identity), and each half alone has a
    /// model we build and evaluate.
    #[test]
    fn each_half_of_an_unsat_case_is_sat_alone() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let g = SeqCombinedCases::unsat();
        let bv_sort = Sort::BitVec(WIDTH);
        for _ in 0..2000 {
            let Some(c) = g.draw_unsat(&mut rng) else {
                continue;
            };
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            let holds = |i: usize, m: &Model| {
                eval(&c.formula.assertions[i].term, m) == Ok(Value::Bool(true))
            };
            let mut m = Model::new();
            if c.formula.decls.iter().any(|(n, _)| n == "a") {
                let v = match &c.formula.assertions[0].term {
                    Term::App(Op::Eq, args) => args[1].clone(),
                    t => panic!("{t:?}"),
                };
                let v = eval(&v, &Model::new()).unwrap();
                m.insert("x", bv(1));
                m.insert("s", Value::Seq(SeqValue::new(bv_sort.clone(), vec![])));
                let a =
                    |d: Value| Value::Array(ArrayValue::constant(bv_sort.clone(), Sort::Int, d));
                m.insert("a", a(v.clone()));
                assert!(holds(0, &m), "{c:?}");
                let Value::Int(n) = v else { panic!() };
                m.insert("a", a(Value::Int(n + 1)));
                assert!(holds(1, &m), "{c:?}");
            } else {
                let r = match &c.formula.assertions[0].term {
                    Term::App(Op::StrInRe, args) => args[1].clone(),
                    t => panic!("{t:?}"),
                };
                let lang = crate::semantics::regex::Regex::from_term(&r).unwrap();
                let strings: Vec<SmtString> = STRINGS.iter().map(|&s| s.into()).collect();
                m.insert("t", Value::Seq(SeqValue::new(Sort::String, vec![])));
                let member = strings.iter().find(|s| lang.is_match(s)).unwrap();
                m.insert("w", Value::Str(member.clone()));
                assert!(holds(0, &m), "{c:?}");
                let other = strings.iter().find(|s| !lang.is_match(s)).unwrap();
                m.insert("w", Value::Str(other.clone()));
                assert!(holds(1, &m), "{c:?}");
            }
        }
    }
}
