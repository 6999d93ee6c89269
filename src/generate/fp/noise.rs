//! Noise for the floating-point unsat cases: an assertion over fresh
//! float variables of its own, satisfiable, so it is in no core.
//!
//! # Invariant
//!
//! Each noise assertion mentions only variables declared for it, and has
//! a model (given with it, tested): it can never join a core. No noise
//! assertion's truth rests on a value SMT-LIB leaves open.

use rand::{Rng, RngCore};

use super::values::{finite_nonzero, float, lit, mode, mode_term, sort};
use crate::semantics::Value;
use crate::semantics::fp::{Float, FpFormat};
use crate::semantics::fp_arith::add;
use crate::term::{Formula, Op, Term};

/// One noise assertion over fresh variables of format `f`, declared in
/// `f`'s formula, and values of those variables that satisfy it.
pub(crate) fn noise(
    formula: &mut Formula,
    f: FpFormat,
    rng: &mut dyn RngCore,
) -> (Term, Vec<(String, Value)>) {
    let mut fresh = || {
        let n = formula.fresh_symbol("w");
        formula.declare(n.clone(), sort(f));
        n
    };
    let w = fresh();
    let fp = |x: Float| Value::Fp(x);
    match rng.random_range(0..5) {
        // (fp.isNaN w), w = NaN
        0 => (
            Term::app(Op::FpIsNaN, vec![Term::var(&w)]),
            vec![(w, fp(Float::nan(f)))],
        ),
        // (fp.leq w c), w = c, c not NaN
        1 => {
            let c = finite_nonzero(f, rng);
            let t = Term::app(Op::FpLeq, vec![Term::var(&w), lit(&c)]);
            (t, vec![(w, fp(c))])
        }
        // (fp.isSubnormal w), w the smallest positive subnormal
        2 => {
            let tiny = Float::from_bits(f, &1u32.into());
            (
                Term::app(Op::FpIsSubnormal, vec![Term::var(&w)]),
                vec![(w, fp(tiny))],
            )
        }
        // (= (fp.add rm w c) d), d the sum under the values
        3 => {
            let (x, c, rm) = (float(f, rng), float(f, rng), mode(rng));
            let d = add(rm, &x, &c);
            let t = Term::eq(
                Term::app(Op::FpAdd, vec![mode_term(rm), Term::var(&w), lit(&c)]),
                lit(&d),
            );
            (t, vec![(w, fp(x))])
        }
        // (fp.lt w v), w = c, v = the value above or +oo
        _ => {
            let v = fresh();
            let c = finite_nonzero(f, rng);
            let t = Term::app(Op::FpLt, vec![Term::var(&w), Term::var(&v)]);
            (t, vec![(w, fp(c)), (v, fp(Float::infinity(f, false)))])
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::super::values::{ODD, STANDARD, format};
    use super::*;
    use crate::semantics::{Model, eval};

    #[test]
    fn every_noise_assertion_holds_under_its_values() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        let mut formula = Formula::default();
        for f in STANDARD.into_iter().chain(ODD).map(format) {
            for _ in 0..100 {
                let (t, values) = noise(&mut formula, f, &mut rng);
                let mut m = Model::new();
                for (n, v) in values {
                    m.insert(n, v);
                }
                assert_eq!(eval(&t, &m), Ok(Value::Bool(true)), "{t}");
            }
        }
    }
}
