//! Sat constant assignment over the regex operations of Table 2.1 (Kühne
//! 2022, Sect. 2.3.1): an operation applied to pool constants, set equal to
//! its result, then some constants replaced by variables whose values the
//! model holds.
//!
//! A `RegLan` result is a language, written back as our canonical term
//! ([`Regex::to_term`](crate::semantics::regex::Regex::to_term)), which
//! is simplified and usually differs from the operation as written
//! (`(= (re.union (str.to_re "a") re.none) (str.to_re "a"))`, the thesis'
//! Fig. 4.2), so a solver has to decide language equality, not compare
//! terms. A String result (`str.replace_re`, `str.replace_re_all`) is a
//! string constant, a Bool result (`str.in_re`) is `true` or `false`.
//!
//! # Invariant
//!
//! The model satisfies the formula under our semantics: before any
//! replacement `(= op(c̄) r)` holds because `r` is the value our semantics
//! gives `op(c̄)` (equality on `RegLan` is language equality); replacing a
//! constant by a variable whose model value is that constant's value
//! changes no subterm's value.

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::pool::RegexPool;
use crate::generate::Generator;
use crate::semantics::{Model, Value, eval_closed};
use crate::term::{Formula, Op, Pool, Sort, Term, Theory, pool, pool_len};
use crate::truth::{Case, Provenance, Truth};

/// The operations of Table 2.1, grouped by return type as there (`RegLan`
/// with its constants first, then the string functions), as drawn here
/// (indices of `re.^` and `re.loop` come from the integer pool).
const OPERATIONS: &[Op] = &pool::<{ pool_len(Pool::RegexOperations) }>(
    Pool::RegexOperations,
    &[Theory::Regex, Theory::Strings],
);

/// Makes random regex constant-assignment cases from a regex pool.
#[derive(Clone, Debug)]
pub struct RegexConstantAssignment {
    pool: RegexPool,
    seed: u64,
}

impl RegexConstantAssignment {
    /// A generator over `pool`.
    pub fn new(pool: RegexPool) -> Self {
        RegexConstantAssignment { pool, seed: 0 }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// An argument constant: its term, value and sort.
    fn arg(&self, sort: &Sort, rng: &mut dyn RngCore) -> Option<(Term, Value)> {
        match sort {
            Sort::RegLan => self
                .pool
                .regexes
                .choose(rng)
                .map(|r| (r.term.clone(), Value::RegLan(r.lang.clone()))),
            _ => self
                .pool
                .strings
                .choose(rng)
                .map(|s| (Term::Str(s.clone()), Value::Str(s.clone()))),
        }
    }

    /// The operation (with drawn indices) and its argument sorts.
    fn operation(&self, rng: &mut dyn RngCore) -> (Op, Vec<Sort>) {
        use Sort::{RegLan as R, String as S};
        let n = |rng: &mut dyn RngCore| self.pool.ints.choose(rng).copied().unwrap_or(0);
        let op = *OPERATIONS.choose(rng).expect("not empty");
        match op {
            Op::ReNone | Op::ReAll | Op::ReAllchar => (op, vec![]),
            Op::StrToRe => (op, vec![S]),
            Op::ReConcat | Op::ReUnion | Op::ReInter | Op::ReDiff => (op, vec![R, R]),
            Op::ReRange => (op, vec![S, S]),
            Op::RePower(_) => (Op::RePower(n(rng)), vec![R]),
            Op::ReLoop(..) => (Op::ReLoop(n(rng), n(rng)), vec![R]),
            Op::StrReplaceRe | Op::StrReplaceReAll => (op, vec![S, R, S]),
            Op::StrInRe => (op, vec![S, R]),
            _ => (op, vec![R]),
        }
    }
}

impl Generator for RegexConstantAssignment {
    /// The next case; `None` if our semantics cannot evaluate the drawn
    /// operation (a decision over budget), so nothing is guessed.
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let (op, sorts) = self.operation(rng);
        let mut args = Vec::new();
        for s in &sorts {
            args.push(self.arg(s, rng)?);
        }
        let app = Term::app(op, args.iter().map(|(t, _)| t.clone()).collect());
        let result = eval_closed(&app).ok()?;
        let result_sort = result.sort();
        // Each constant (the arguments, then the result) becomes a variable
        // with probability one half.
        let mut formula = Formula::default();
        let mut model = Model::new();
        let mut lhs_args = Vec::new();
        for (i, ((t, v), s)) in args.into_iter().zip(&sorts).enumerate() {
            if rng.random_bool(0.5) {
                let name = format!("{}{i}", if *s == Sort::RegLan { "re" } else { "s" });
                formula.declare(name.clone(), s.clone());
                model.insert(name.clone(), v);
                lhs_args.push(Term::var(name));
            } else {
                lhs_args.push(t);
            }
        }
        let rhs = if rng.random_bool(0.5) {
            formula.declare("res", result_sort);
            model.insert("res", result);
            Term::var("res")
        } else {
            result.to_term()
        };
        formula.assert(Term::eq(Term::app(op, lhs_args), rhs), None);
        Some(Case::new(
            formula,
            Truth::Sat { model },
            Provenance::generated(
                self.seed,
                "regex-constant-assignment",
                vec![op.name().to_string()],
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::SeedableRng;

    use super::*;

    /// The invariant on thousands of draws from the three pools.
    #[test]
    fn the_carried_model_satisfies_every_draw() {
        let pools = [
            RegexPool::paper(),
            RegexPool::boundary(),
            RegexPool::randomized(&RegexPool::boundary(), 80, 16, 5),
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut seen = BTreeSet::new();
        let mut reglan_vars = 0;
        for pool in pools {
            let mut g = RegexConstantAssignment::new(pool);
            for _ in 0..1500 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| {
                    panic!("{e}\n{}", c.formula.to_script(None, Default::default()))
                });
                seen.insert(c.provenance.chain[0].clone());
                reglan_vars += usize::from(c.formula.decls.iter().any(|(_, s)| *s == Sort::RegLan));
            }
        }
        // Every operation of Table 2.1 was drawn (indices aside).
        assert_eq!(seen.len(), OPERATIONS.len(), "{seen:?}");
        assert!(reglan_vars > 1000, "{reglan_vars}");
    }

    /// The result is the language, not a copy of the operation: for
    /// `re.union` of `a` and `re.none` the right side is `(str.to_re "a")`,
    /// and a wrong result is caught by the check.
    #[test]
    fn the_result_is_written_back_as_a_language() {
        let a = Term::app(Op::StrToRe, vec![Term::str("a")]);
        let u = Term::app(Op::ReUnion, vec![a.clone(), Term::app(Op::ReNone, vec![])]);
        assert_eq!(eval_closed(&u).unwrap().to_term(), a);
        let mut f = Formula::default();
        f.assert(
            Term::eq(u, Term::app(Op::StrToRe, vec![Term::str("b")])),
            None,
        );
        let wrong = Case::new(
            f,
            Truth::Sat {
                model: Model::new(),
            },
            Provenance::default(),
        );
        assert!(wrong.check().is_err());
    }
}
