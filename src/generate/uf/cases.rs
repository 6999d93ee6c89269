//! Uninterpreted functions over the sorts we have, the way symbolic
//! executors and verifiers write strings: `(declare-fun f (String Int)
//! (Seq Int))`, applied to terms of the sequence and string theories.
//!
//! - [`UfCategory::TermSynthesis`] (sat): a function applied to drawn
//!   terms, each application equal to a value; the model carries the
//!   function's interpretation, a finite table with a default
//!   ([`FunValue::table`]), beside the variables' values.
//! - [`UfCategory::Congruence`] (unsat): `x` and `y` forced equal, directly
//!   (`(= x y)`) or through one term (`(= x t)`, `(= y t)`), and `(f x)`
//!   different from `(f y)`: SMT-LIB's functions are functions (Core
//!   theory: `=` is a congruence), so no interpretation satisfies all of
//!   them, and each assertion is needed.
//! - [`UfCategory::Identity`] (unsat): `(not (= (f l) (f r)))` for an
//!   identity `l = r` of the string and sequence theories
//!   ([`IDENTITIES`], each valid for all values of its variables: tested
//!   on thousands of random values), so `{a0}` is the one core.
//!
//! # Invariants
//!
//! - A sat case's model satisfies it under our semantics (checked on every
//!   draw: a draw whose check fails finds no case).
//! - An unsat case's named assertions are its unique minimal core: every
//!   one is needed (dropping one leaves a satisfiable rest, since every
//!   sort drawn has two values), and there are no others.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use crate::generate::Generator;
use crate::generate::seq::terms::{SeqTermSampler, element_sort, random_value};
use crate::semantics::{FunValue, Model, Value, eval, eval_closed};
use crate::term::{Formula, Op, Sort, Symbol, Term};
use crate::truth::{Case, Provenance, Truth};

/// What a [`UfCases`] generator draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UfCategory {
    /// Applications of a function equal to their values (sat).
    TermSynthesis,
    /// Equal arguments, different results (unsat).
    Congruence,
    /// An identity under a function symbol, negated (unsat).
    Identity,
}

impl UfCategory {
    /// The category's name in provenances and the manifest.
    pub fn name(self) -> &'static str {
        match self {
            UfCategory::TermSynthesis => "uf-term-synthesis",
            UfCategory::Congruence => "uf-congruence",
            UfCategory::Identity => "uf-identity",
        }
    }
}

/// An identity of the string and sequence theories, over variables `s`,
/// `t` (strings, or sequences of the element sort), `i` (Int): its two
/// sides, equal for every value of the variables (SMT-LIB 2.6 Strings
/// theory and Z3's and cvc5's sequence theory), and whether it is over
/// sequences.
pub struct Identity {
    /// The left side.
    pub lhs: fn(&Sort) -> Term,
    /// The right side.
    pub rhs: fn(&Sort) -> Term,
    /// Whether `s` and `t` are sequences (else strings).
    pub seq: bool,
    /// Why it holds.
    pub why: &'static str,
}

fn v(name: &str) -> Term {
    Term::var(name)
}

fn app(op: Op, args: Vec<Term>) -> Term {
    Term::app(op, args)
}

/// The identities put under a function symbol.
pub const IDENTITIES: &[Identity] = &[
    Identity {
        lhs: |_| app(Op::StrConcat, vec![v("s"), Term::str("")]),
        rhs: |_| v("s"),
        seq: false,
        why: "str.++ is concatenation; \"\" is its unit",
    },
    Identity {
        lhs: |_| app(Op::StrAt, vec![v("s"), v("i")]),
        rhs: |_| app(Op::StrSubstr, vec![v("s"), v("i"), Term::int(1)]),
        seq: false,
        why: "str.at is defined as str.substr of length 1",
    },
    Identity {
        lhs: |_| {
            app(
                Op::StrSubstr,
                vec![v("s"), Term::int(0), app(Op::StrLen, vec![v("s")])],
            )
        },
        rhs: |_| v("s"),
        seq: false,
        why: "the substring from 0 of the whole length is the string",
    },
    Identity {
        lhs: |_| app(Op::StrLen, vec![app(Op::StrConcat, vec![v("s"), v("t")])]),
        rhs: |_| {
            app(
                Op::Add,
                vec![app(Op::StrLen, vec![v("s")]), app(Op::StrLen, vec![v("t")])],
            )
        },
        seq: false,
        why: "the length of a concatenation is the sum of the lengths",
    },
    Identity {
        lhs: |e| app(Op::SeqConcat, vec![v("s"), Term::seq_empty(e.clone())]),
        rhs: |_| v("s"),
        seq: true,
        why: "seq.++ is concatenation; seq.empty is its unit",
    },
    Identity {
        lhs: |_| {
            app(
                Op::SeqExtract,
                vec![v("s"), Term::int(0), app(Op::SeqLen, vec![v("s")])],
            )
        },
        rhs: |_| v("s"),
        seq: true,
        why: "the subsequence from 0 of the whole length is the sequence",
    },
    Identity {
        lhs: |_| app(Op::SeqLen, vec![app(Op::SeqConcat, vec![v("s"), v("t")])]),
        rhs: |_| {
            app(
                Op::Add,
                vec![app(Op::SeqLen, vec![v("s")]), app(Op::SeqLen, vec![v("t")])],
            )
        },
        seq: true,
        why: "the length of a concatenation is the sum of the lengths",
    },
    Identity {
        lhs: |_| app(Op::SeqAt, vec![v("s"), v("i")]),
        rhs: |_| app(Op::SeqExtract, vec![v("s"), v("i"), Term::int(1)]),
        seq: true,
        why: "seq.at is the subsequence of length 1",
    },
];

/// Makes cases with uninterpreted functions (see the module docs).
#[derive(Clone, Debug)]
pub struct UfCases {
    category: UfCategory,
    depth: usize,
    sampler: SeqTermSampler,
    seed: u64,
}

impl UfCases {
    /// Applications equal to their values, arguments at most `depth` deep.
    pub fn term_synthesis(depth: usize) -> Self {
        Self::new(UfCategory::TermSynthesis, depth)
    }

    /// Congruence: equal arguments, different results.
    pub fn congruence() -> Self {
        Self::new(UfCategory::Congruence, 2)
    }

    /// An identity under a function symbol, negated.
    pub fn identity() -> Self {
        Self::new(UfCategory::Identity, 0)
    }

    fn new(category: UfCategory, depth: usize) -> Self {
        UfCases {
            category,
            depth,
            sampler: SeqTermSampler::default(),
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

    /// Sorts a function's arguments and result are drawn from, at element
    /// sort `e`: the string and sequence theories' own, and `e`.
    fn sorts(e: &Sort) -> [Sort; 4] {
        [Sort::Int, Sort::String, e.clone(), Sort::seq(e.clone())]
    }

    /// Declares a function of `args` to `result` under a fresh name.
    fn declare(formula: &mut Formula, args: Vec<Sort>, result: Sort) -> Symbol {
        let f = formula.fresh_symbol("f");
        formula.declare(f.clone(), Sort::fun(args, result));
        f
    }

    fn synthesis(&self, rng: &mut dyn RngCore) -> Option<Case> {
        let e = element_sort(rng);
        let sorts = Self::sorts(&e);
        let args: Vec<Sort> = (0..rng.random_range(1..=2))
            .map(|_| sorts.choose(rng).expect("not empty").clone())
            .collect();
        let result = [Sort::Bool, Sort::Int, e.clone(), Sort::seq(e.clone())]
            .choose(rng)?
            .clone();
        let (mut formula, mut model) = (Formula::default(), Model::new());
        let f = Self::declare(&mut formula, args.clone(), result.clone());
        let mut entries: Vec<(Vec<Value>, Value)> = Vec::new();
        let mut assertions = Vec::new();
        for _ in 0..rng.random_range(1..=3) {
            let mut terms = Vec::new();
            let mut keys = Vec::new();
            for s in &args {
                let depth = rng.random_range(0..=self.depth);
                let (t, v) = self
                    .sampler
                    .term(s, &e, depth, &mut formula, &mut model, rng)?;
                terms.push(t);
                keys.push(v);
            }
            // A function is a function: arguments equal to an earlier
            // application's get its value.
            let value = match entry_of(&entries, &keys)? {
                Some(v) => v,
                None => {
                    let v = random_value(&result, rng);
                    entries.push((keys, v.clone()));
                    v
                }
            };
            assertions.push(Term::eq(Term::Apply(f.clone(), terms), value.to_term()));
        }
        let default = random_value(&result, rng);
        model.insert(
            f.clone(),
            Value::Fun(FunValue::table(&args, &entries, &default)),
        );
        for a in assertions {
            formula.assert(a, None);
        }
        let case = self.case(formula, Truth::Sat { model });
        case.check().ok()?;
        Some(case)
    }

    fn draw_congruence(&self, rng: &mut dyn RngCore) -> Option<Case> {
        let e = element_sort(rng);
        let sorts = Self::sorts(&e);
        let a = sorts.choose(rng)?.clone();
        let result = sorts.choose(rng)?.clone();
        let mut formula = Formula::default();
        // A second argument, the same on both sides, now and then.
        let extra = rng
            .random_bool(0.3)
            .then(|| sorts.choose(rng).cloned())
            .flatten();
        let mut params = vec![a.clone()];
        params.extend(extra.clone());
        let f = Self::declare(&mut formula, params, result);
        let x = formula.fresh_symbol("x");
        formula.declare(x.clone(), a.clone());
        let y = formula.fresh_symbol("y");
        formula.declare(y.clone(), a.clone());
        let z = extra.map(|s| {
            let z = formula.fresh_symbol("z");
            formula.declare(z.clone(), s);
            Term::var(z)
        });
        let apply = |arg: &Symbol| {
            let mut args = vec![Term::var(arg.clone())];
            args.extend(z.clone());
            Term::Apply(f.clone(), args)
        };
        let mut names = Vec::new();
        if rng.random_bool(0.5) {
            formula.assert(
                Term::eq(Term::var(x.clone()), Term::var(y.clone())),
                Some("a0".into()),
            );
            names.push("a0");
        } else {
            // Through one term over fresh variables (their values do not
            // matter: the term is the same on both sides).
            let mut scratch = Model::new();
            let depth = rng.random_range(1..=self.depth.max(1));
            let (t, _) = self
                .sampler
                .term(&a, &e, depth, &mut formula, &mut scratch, rng)?;
            formula.assert(Term::eq(Term::var(x.clone()), t.clone()), Some("a0".into()));
            formula.assert(Term::eq(Term::var(y.clone()), t), Some("a1".into()));
            names.extend(["a0", "a1"]);
        }
        let last = format!("a{}", names.len());
        formula.assert(
            Term::not(Term::eq(apply(&x), apply(&y))),
            Some(last.clone()),
        );
        let core = names
            .into_iter()
            .map(str::to_string)
            .chain([last])
            .collect();
        Some(self.case(formula, Truth::Unsat { core }))
    }

    fn draw_identity(&self, rng: &mut dyn RngCore) -> Option<Case> {
        let id = IDENTITIES.choose(rng)?;
        let e = element_sort(rng);
        let (lhs, rhs) = ((id.lhs)(&e), (id.rhs)(&e));
        let mut formula = Formula::default();
        let s = if id.seq {
            Sort::seq(e.clone())
        } else {
            Sort::String
        };
        for (name, sort) in [("s", s.clone()), ("t", s), ("i", Sort::Int)] {
            if lhs.free_vars().contains(name) || rhs.free_vars().contains(name) {
                formula.declare(name, sort);
            }
        }
        let env = |n: &str| formula.sort_of(n);
        let sort = lhs.sort(&env).ok()?;
        let result = Self::sorts(&e).choose(rng)?.clone();
        let f = Self::declare(&mut formula, vec![sort], result);
        formula.assert(
            Term::not(Term::eq(
                Term::Apply(f.clone(), vec![lhs]),
                Term::Apply(f, vec![rhs]),
            )),
            Some("a0".into()),
        );
        Some(self.case(
            formula,
            Truth::Unsat {
                core: ["a0".to_string()].into(),
            },
        ))
    }
}

/// The value of the first entry whose keys equal `keys` (semantically),
/// `Some(None)` when none does, `None` when equality is not decided.
fn entry_of(entries: &[(Vec<Value>, Value)], keys: &[Value]) -> Option<Option<Value>> {
    for (k, v) in entries {
        let same = Term::and(
            k.iter()
                .zip(keys)
                .map(|(a, b)| Term::eq(a.to_term(), b.to_term()))
                .collect(),
        );
        if eval_closed(&same).ok()? == Value::Bool(true) {
            return Some(Some(v.clone()));
        }
    }
    Some(None)
}

impl Generator for UfCases {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        match self.category {
            UfCategory::TermSynthesis => self.synthesis(rng),
            UfCategory::Congruence => self.draw_congruence(rng),
            UfCategory::Identity => self.draw_identity(rng),
        }
    }
}

/// Whether the identity's two sides are equal under random values of its
/// variables, `n` draws: for the tests.
pub fn identity_holds(
    id: &Identity,
    e: &Sort,
    n: usize,
    rng: &mut dyn RngCore,
) -> Result<(), String> {
    let (lhs, rhs) = ((id.lhs)(e), (id.rhs)(e));
    let s = if id.seq {
        Sort::seq(e.clone())
    } else {
        Sort::String
    };
    for _ in 0..n {
        let mut model = Model::new();
        for (name, sort) in [("s", &s), ("t", &s), ("i", &Sort::Int)] {
            let value = if *sort == Sort::Int {
                Value::Int(rng.random_range(-2i64..5).into())
            } else {
                random_value(sort, rng)
            };
            model.insert(name, value);
        }
        let same = eval(&Term::eq(lhs.clone(), rhs.clone()), &model)
            .map_err(|err| format!("{lhs} = {rhs}: {err}"))?;
        if same != Value::Bool(true) {
            return Err(format!("{lhs} = {rhs} is false under {model:?}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::seq::terms::element_sorts;

    #[test]
    fn every_identity_holds_for_every_element_sort() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for id in IDENTITIES {
            for e in element_sorts() {
                identity_holds(id, &e, 300, &mut rng)
                    .unwrap_or_else(|err| panic!("{}: {err}", id.why));
            }
        }
    }

    #[test]
    fn every_sat_case_checks_with_its_function_in_the_model() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut g = UfCases::term_synthesis(2);
        for _ in 0..1500 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            let Truth::Sat { model } = &c.truth else {
                panic!("sat")
            };
            let funs: Vec<_> = c.formula.decls.iter().filter(|(_, s)| s.is_fun()).collect();
            assert_eq!(funs.len(), 1, "{c:?}");
            assert!(
                matches!(model.get(&funs[0].0), Some(Value::Fun(_))),
                "{c:?}"
            );
        }
    }

    /// Each unsat case is well formed, every assertion in the core, the
    /// last one the two applications of one function said different.
    #[test]
    fn congruence_cases_need_every_assertion() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut g = UfCases::congruence();
        for _ in 0..500 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            let Truth::Unsat { core } = &c.truth else {
                panic!("unsat")
            };
            assert_eq!(core.len(), c.formula.assertions.len());
            let last = c.formula.assertions.last().unwrap();
            let Term::App(Op::Not, eq) = &last.term else {
                panic!("{last:?}")
            };
            assert!(matches!(&eq[0], Term::App(Op::Eq, s) if matches!(&s[0], Term::Apply(..))));
        }
    }

    #[test]
    fn identity_cases_are_sort_correct_with_core_a0() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut g = UfCases::identity();
        for _ in 0..300 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert_eq!(c.formula.assertions.len(), 1);
        }
    }
}
