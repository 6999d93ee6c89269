//! Sequence sorts, values and terms for the sequence generators: the
//! element sorts drawn, random values of `(Seq E)` and of `E`, and nested
//! random terms over sequence variables whose values are known.
//!
//! # Invariants
//!
//! - Element sorts are Int, Bool, `(_ BitVec 4)`, String, `(Array Int
//!   Int)` and `(Seq Int)` (a sequence of sequences): never RegLan, which
//!   neither solver's sequences are meant to hold.
//! - Values are small and drawn from few elements, so that searches
//!   (`seq.contains`, `seq.indexof`, `seq.replace`) succeed about as often
//!   as they fail. An Int inside an array is never negative: cvc5 reads
//!   only a value as the default of `(as const ...)`, and `(- 1)` is an
//!   application.
//! - [`SeqTermSampler::term`] returns a term with the value the semantics
//!   gives it under the model; a draw whose value is open (`seq.nth` out of
//!   range) or too large is `None`, never a term with a guessed value.

use num_rational::BigRational;
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use crate::semantics::{Model, SeqValue, Value, eval};
use crate::term::{BitVec, Formula, Op, Sort, Term};

/// The element sorts the sequence generators draw.
pub fn element_sorts() -> [Sort; 6] {
    [
        Sort::Int,
        Sort::Bool,
        Sort::BitVec(4),
        Sort::String,
        Sort::Array(Box::new(Sort::Int), Box::new(Sort::Int)),
        Sort::seq(Sort::Int),
    ]
}

/// A random element sort.
pub fn element_sort(rng: &mut dyn RngCore) -> Sort {
    element_sorts().choose(rng).expect("not empty").clone()
}

/// A small random value of `sort` (an element sort or a sequence sort).
pub fn random_value(sort: &Sort, rng: &mut dyn RngCore) -> Value {
    match sort {
        Sort::Int => Value::Int(rng.random_range(-1i64..3).into()),
        Sort::Real => Value::Real(BigRational::from_integer(rng.random_range(-1i64..3).into())),
        Sort::FloatingPoint(..) | Sort::RoundingMode => {
            unreachable!("no sequences of floating point drawn yet")
        }
        Sort::Bool => Value::Bool(rng.random()),
        Sort::BitVec(w) => Value::BitVec(BitVec::from_u64(*w, rng.random_range(0..3))),
        Sort::String => Value::Str((*["", "a", "ab"].choose(rng).expect("not empty")).into()),
        Sort::Array(i, e) => {
            let small = |rng: &mut dyn RngCore| Value::Int(rng.random_range(0i64..3).into());
            let mut a = crate::semantics::array::ArrayValue::constant(
                (**i).clone(),
                (**e).clone(),
                small(rng),
            );
            if rng.random() {
                a = a.store(small(rng), small(rng)).expect("Int keys compare");
            }
            Value::Array(a)
        }
        Sort::Seq(e) => {
            let n = rng.random_range(0..4);
            Value::Seq(SeqValue::new(
                (**e).clone(),
                (0..n).map(|_| random_value(e, rng)).collect(),
            ))
        }
        Sort::RegLan => unreachable!("no sequences of RegLan are drawn"),
        Sort::Fun(..) => unreachable!("a function symbol's sort has no drawn value"),
    }
}

/// A small position or length: mostly in range of short sequences, now
/// and then negative or past the end.
pub fn random_index(rng: &mut dyn RngCore) -> Term {
    Term::int(*[-1i64, 0, 0, 1, 1, 2, 3, 5].choose(rng).expect("not empty"))
}

/// Nested random terms over sequence variables, each with its value.
#[derive(Clone, Debug)]
pub struct SeqTermSampler {
    /// Whether operators of only one solver (`seq.rev`, `seq.update`,
    /// `seq.replace_all`, `seq.last_indexof`) are drawn.
    pub every_operator: bool,
}

impl Default for SeqTermSampler {
    fn default() -> Self {
        SeqTermSampler {
            every_operator: true,
        }
    }
}

impl SeqTermSampler {
    /// A term of `sort` (a sequence sort, Int or Bool, or the element sort
    /// `element`) at most `depth` deep, over fresh variables declared in
    /// `formula` with values in `model`; with its value.
    pub fn term(
        &self,
        sort: &Sort,
        element: &Sort,
        depth: usize,
        formula: &mut Formula,
        model: &mut Model,
        rng: &mut dyn RngCore,
    ) -> Option<(Term, Value)> {
        let t = self.draw(sort, element, depth, formula, model, rng);
        let v = eval(&t, model).ok()?;
        Some((t, v))
    }

    fn var(
        &self,
        sort: &Sort,
        formula: &mut Formula,
        model: &mut Model,
        rng: &mut dyn RngCore,
    ) -> Term {
        let base = if matches!(sort, Sort::Seq(_)) {
            "s"
        } else {
            "x"
        };
        let name = formula.fresh_symbol(base);
        formula.declare(name.clone(), sort.clone());
        model.insert(name.clone(), random_value(sort, rng));
        Term::var(name)
    }

    fn leaf(
        &self,
        sort: &Sort,
        formula: &mut Formula,
        model: &mut Model,
        rng: &mut dyn RngCore,
    ) -> Term {
        if sort == &Sort::Int && rng.random_bool(0.5) {
            return random_index(rng);
        }
        if rng.random_bool(0.3) {
            random_value(sort, rng).to_term()
        } else {
            self.var(sort, formula, model, rng)
        }
    }

    fn draw(
        &self,
        sort: &Sort,
        element: &Sort,
        depth: usize,
        formula: &mut Formula,
        model: &mut Model,
        rng: &mut dyn RngCore,
    ) -> Term {
        use Op::*;
        let s = Sort::seq(element.clone());
        if depth == 0 || rng.random_bool(0.2) {
            return self.leaf(sort, formula, model, rng);
        }
        let d = depth - 1;
        let mut go =
            |so: &Sort, rng: &mut dyn RngCore| self.draw(so, element, d, formula, model, rng);
        let (op, args): (Op, Vec<Term>) = if *sort == s {
            let one_solver = self.every_operator;
            match rng.random_range(0..if one_solver { 9 } else { 6 }) {
                0 => (SeqConcat, vec![go(&s, rng), go(&s, rng)]),
                1 => (
                    SeqExtract,
                    vec![go(&s, rng), go(&Sort::Int, rng), go(&Sort::Int, rng)],
                ),
                2 => (SeqAt, vec![go(&s, rng), go(&Sort::Int, rng)]),
                3 => (SeqReplace, vec![go(&s, rng), go(&s, rng), go(&s, rng)]),
                4 => (SeqUnit, vec![go(element, rng)]),
                5 => (Ite, vec![go(&Sort::Bool, rng), go(&s, rng), go(&s, rng)]),
                6 => (SeqReplaceAll, vec![go(&s, rng), go(&s, rng), go(&s, rng)]),
                7 => (SeqRev, vec![go(&s, rng)]),
                _ => (
                    SeqUpdate,
                    vec![go(&s, rng), go(&Sort::Int, rng), go(&s, rng)],
                ),
            }
        } else if *sort == Sort::Int && rng.random_bool(0.8) {
            match rng.random_range(0..if self.every_operator { 4 } else { 3 }) {
                0 => (SeqLen, vec![go(&s, rng)]),
                1 => (
                    SeqIndexof,
                    vec![go(&s, rng), go(&s, rng), go(&Sort::Int, rng)],
                ),
                2 => (Add, vec![go(&Sort::Int, rng), go(&Sort::Int, rng)]),
                _ => (SeqLastIndexof, vec![go(&s, rng), go(&s, rng)]),
            }
        } else if *sort == Sort::Bool {
            let op = *[SeqContains, SeqPrefixof, SeqSuffixof, Eq]
                .choose(rng)
                .expect("not empty");
            (op, vec![go(&s, rng), go(&s, rng)])
        } else if sort == element {
            (SeqNth, vec![go(&s, rng), go(&Sort::Int, rng)])
        } else {
            return self.leaf(sort, formula, model, rng);
        };
        Term::app(op, args)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::term::Dialect;

    #[test]
    fn values_have_their_sorts_and_terms_their_values() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let sampler = SeqTermSampler::default();
        let mut found = 0;
        for _ in 0..2000 {
            let e = element_sort(&mut rng);
            let s = Sort::seq(e.clone());
            assert_eq!(random_value(&s, &mut rng).sort(), s);
            let (mut f, mut m) = (Formula::default(), Model::new());
            let sort = [s.clone(), Sort::Int, Sort::Bool, e.clone()]
                .choose(&mut rng)
                .unwrap()
                .clone();
            if let Some((t, v)) = sampler.term(&sort, &e, 3, &mut f, &mut m, &mut rng) {
                found += 1;
                assert_eq!(v.sort(), sort);
                assert_eq!(eval(&t, &m), Ok(v));
                for (n, so) in &f.decls {
                    assert_eq!(m.get(n).map(Value::sort).as_ref(), Some(so));
                }
            }
        }
        assert!(found > 1500, "{found}");
    }

    #[test]
    fn without_every_operator_only_both_solvers_operators_are_drawn() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let sampler = SeqTermSampler {
            every_operator: false,
        };
        for _ in 0..500 {
            let e = element_sort(&mut rng);
            let (mut f, mut m) = (Formula::default(), Model::new());
            let t = sampler.draw(&Sort::seq(e.clone()), &e, 3, &mut f, &mut m, &mut rng);
            for op in t.operators() {
                assert!(
                    !Dialect::Cvc5.lacks(op) && !Dialect::Smtlib26.lacks(op),
                    "{op:?}"
                );
            }
        }
    }
}
