//! The real generators (QF_LRA, QF_NRA, QF_LIRA, QF_NIRA, QF_AUFLIRA):
//! sat cases with a model over Real variables, Int ones bridged by
//! `to_real`, `to_int` and `is_int`, and arrays of Reals ([`RealSat`],
//! [`RealArrays`]), unsat cases grown from the identity rows of
//! `assets/tables/real_identities.txt` ([`RealUnsat`]), and the classic
//! unsat shapes with known cores ([`RealClassic`]: a negative square, an
//! empty strict interval, a Farkas combination, no integer in an open
//! unit interval, ...).
//!
//! The room draws from nothing but the bottom files: its values
//! (`values.rs`: fractions that terminate and ones that do not, both
//! signs, beyond 2^64 and below 2^-64) and its noise (`noise.rs`) are its
//! own. Every case's formula has sorts Bool, Int, Real and arrays of those
//! only, mentions a Real and applies operators of Core, Ints, Reals and
//! Arrays only, so `source::Theory::of` calls it `real`. Its category
//! names its logic ([`logic`]): `real-sat-lra`, `real-identity-nra`, ...
//!
//! Terms never mix Int and Real arguments (strict SMT-LIB, which cvc5
//! holds to): an Int enters a Real term only through `to_real`.
//!
//! # Invariant
//!
//! No case's truth rests on division by zero, which the Reals theory
//! leaves to the model (`(/ x 0.0)` is any total function's value): a sat
//! case's model divides by no zero (every constraint evaluates under it,
//! a term whose value is open is drawn again), and an unsat row that
//! divides by a variable carries the side condition that it is not zero,
//! in its core (see `rows.rs`); the classic shapes divide by numerals
//! only.

mod arrays;
mod classic;
mod noise;
mod rows;
mod sat;
mod values;

pub use arrays::RealArrays;
pub use classic::{RealClassic, RealShape};
pub use rows::{RealRow, RealUnsat, is_nonzero_divisor, real_rows, variable_sort};
pub use sat::{RealSat, RealSatKind};

use crate::term::{Formula, Op, Sort, Term};

/// The logic of a real formula: `QF_AUFLIRA` (`QF_AUFNIRA`) with an
/// array, else `QF_LIRA` (`QF_NIRA`) with an Int variable or a conversion,
/// else `QF_LRA` (`QF_NRA`); non-linear when a product has two factors
/// that are not numerals or something divides by a term that is not one.
pub fn logic(formula: &Formula) -> &'static str {
    let (mut nonlinear, mut ints, mut arrays) = (false, false, false);
    for (_, s) in &formula.decls {
        ints |= matches!(s, Sort::Int);
        arrays |= matches!(s, Sort::Array(..));
    }
    for a in &formula.assertions {
        a.term.visit(&mut |t| match t {
            Term::App(op, args) => {
                nonlinear |= match op {
                    Op::Mul => args.iter().filter(|a| !is_numeral(a)).count() > 1,
                    Op::RealDiv => args[1..].iter().any(|a| !is_numeral(a)),
                    Op::Div | Op::Mod => !is_numeral(&args[1]),
                    _ => false,
                };
                ints |= matches!(op, Op::ToReal | Op::ToInt | Op::IsInt);
                arrays |= matches!(op, Op::Select | Op::Store);
            }
            Term::ConstArray(..) => arrays = true,
            _ => {}
        });
    }
    match (arrays, ints || arrays, nonlinear) {
        (true, _, false) => "QF_AUFLIRA",
        (true, _, true) => "QF_AUFNIRA",
        (false, true, false) => "QF_LIRA",
        (false, true, true) => "QF_NIRA",
        (false, false, false) => "QF_LRA",
        (false, false, true) => "QF_NRA",
    }
}

/// A numeral (Int or Real), or the negation of one.
fn is_numeral(t: &Term) -> bool {
    match t {
        Term::Int(_) | Term::Real(_) => true,
        Term::App(Op::Neg, args) => args.len() == 1 && is_numeral(&args[0]),
        _ => false,
    }
}

/// `kind` with the formula's logic, lower case: `real-sat-lra`.
fn category(kind: &str, formula: &Formula) -> String {
    let logic = logic(formula).trim_start_matches("QF_").to_lowercase();
    format!("real-{kind}-{logic}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::parse_term;

    fn of(decls: &[(&str, Sort)], text: &str) -> &'static str {
        let mut f = Formula::default();
        for (n, s) in decls {
            f.declare(*n, s.clone());
        }
        f.assert(parse_term(text).unwrap(), None);
        logic(&f)
    }

    #[test]
    fn logics_by_sorts_conversions_and_products() {
        let x = || ("x", Sort::Real);
        assert_eq!(of(&[x()], "(< (* 3.0 x) (/ x 2.0))"), "QF_LRA");
        assert_eq!(of(&[x()], "(< (* x x) 1.0)"), "QF_NRA");
        assert_eq!(of(&[x()], "(< (/ 1.0 x) 1.0)"), "QF_NRA");
        assert_eq!(of(&[x()], "(is_int x)"), "QF_LIRA");
        assert_eq!(
            of(&[x(), ("n", Sort::Int)], "(< (* (to_real n) x) 1.0)"),
            "QF_NIRA"
        );
        let a = ("a", Sort::Array(Box::new(Sort::Real), Box::new(Sort::Real)));
        assert_eq!(of(&[x(), a.clone()], "(< (select a x) 1.0)"), "QF_AUFLIRA");
        assert_eq!(of(&[x(), a], "(< (select a (* x x)) 1.0)"), "QF_AUFNIRA");
    }
}
