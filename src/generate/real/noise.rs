//! Noise for the real unsat cases: an assertion over fresh Real variables
//! of its own, satisfiable, so it is in no core.
//!
//! # Invariant
//!
//! Each noise assertion mentions only variables declared for it, and has
//! a model (given with it, tested): it can never join a core.

use num_rational::BigRational;
use rand::{Rng, RngCore};

use super::values::{lit, q, rational};
use crate::semantics::Value;
use crate::term::{Formula, Op, Sort, Term};

/// One noise assertion over fresh Real variables, declared in `f`, and
/// values of those variables that satisfy it.
pub(super) fn noise(f: &mut Formula, rng: &mut dyn RngCore) -> (Term, Vec<(String, Value)>) {
    let mut fresh = || {
        let n = f.fresh_symbol("z");
        f.declare(n.clone(), Sort::Real);
        n
    };
    let x = fresh();
    let c: BigRational = rational(rng, 0.0);
    let real = |r: BigRational| Value::Real(r);
    match rng.random_range(0..5) {
        // (>= z c), z = c
        0 => (
            Term::app(Op::Ge, vec![Term::var(&x), lit(c.clone())]),
            vec![(x, real(c))],
        ),
        // (= (* 3.0 z) c), z = c/3
        1 => (
            Term::eq(
                Term::app(Op::Mul, vec![lit(q(3, 1)), Term::var(&x)]),
                lit(c.clone()),
            ),
            vec![(x, real(c / q(3, 1)))],
        ),
        // (<= (* z z) c^2), z = c
        2 => {
            let t = Term::app(
                Op::Le,
                vec![
                    Term::app(Op::Mul, vec![Term::var(&x), Term::var(&x)]),
                    lit(&c * &c),
                ],
            );
            (t, vec![(x, real(c))])
        }
        // (< z y), z = c, y = c + 1/2
        3 => {
            let y = fresh();
            let t = Term::app(Op::Lt, vec![Term::var(&x), Term::var(&y)]);
            (t, vec![(x, real(c.clone())), (y, real(c + q(1, 2)))])
        }
        // (distinct z c), z = c + 1/3
        _ => (
            Term::app(Op::Distinct, vec![Term::var(&x), lit(c.clone())]),
            vec![(x, real(c + q(1, 3)))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::semantics::{Model, eval};

    #[test]
    fn every_noise_assertion_holds_under_its_values() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        let mut f = Formula::default();
        for _ in 0..300 {
            let (t, values) = noise(&mut f, &mut rng);
            let mut m = Model::new();
            for (n, v) in values {
                m.insert(n, v);
            }
            assert_eq!(eval(&t, &m), Ok(Value::Bool(true)), "{t}");
        }
    }
}
