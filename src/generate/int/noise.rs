//! Noise for the integer unsat cases: an assertion over fresh variables of
//! its own, satisfiable, so it is in no core.
//!
//! # Invariant
//!
//! Each noise assertion mentions only variables declared for it, and has
//! a model (given with it, tested): it can never join a core.

use num_bigint::BigInt;
use rand::{Rng, RngCore};

use crate::semantics::Value;
use crate::term::{Formula, Op, Sort, Term};

/// One noise assertion over fresh Int variables, declared in `f`, and
/// values of those variables that satisfy it.
pub(super) fn noise(f: &mut Formula, rng: &mut dyn RngCore) -> (Term, Vec<(String, Value)>) {
    let mut fresh = || {
        let n = f.fresh_symbol("z");
        f.declare(n.clone(), Sort::Int);
        n
    };
    let x = fresh();
    let c: i64 = rng.random_range(-5..6);
    let int = |n: i64| Value::Int(BigInt::from(n));
    match rng.random_range(0..5) {
        // (>= z c), z = c
        0 => (
            Term::app(Op::Ge, vec![Term::var(&x), Term::int(c)]),
            vec![(x, int(c))],
        ),
        // (= (mod z 3) r), z = r
        1 => {
            let r = c.rem_euclid(3);
            let t = Term::eq(
                Term::app(Op::Mod, vec![Term::var(&x), Term::int(3)]),
                Term::int(r),
            );
            (t, vec![(x, int(r))])
        }
        // (<= (* z z) c^2), z = c
        2 => {
            let t = Term::app(
                Op::Le,
                vec![
                    Term::app(Op::Mul, vec![Term::var(&x), Term::var(&x)]),
                    Term::int(c * c),
                ],
            );
            (t, vec![(x, int(c))])
        }
        // (< z y), z = c, y = c + 1
        3 => {
            let y = fresh();
            let t = Term::app(Op::Lt, vec![Term::var(&x), Term::var(&y)]);
            (t, vec![(x, int(c)), (y, int(c + 1))])
        }
        // (distinct z c), z = c + 1
        _ => (
            Term::app(Op::Distinct, vec![Term::var(&x), Term::int(c)]),
            vec![(x, int(c + 1))],
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
        let mut rng = ChaCha8Rng::seed_from_u64(41);
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
