//! The integer generators (QF_LIA and QF_NIA): sat cases with a model
//! ([`IntSat`]: linear constraints, non-linear ones with `*` of two
//! variables, `div`/`mod` by a term that is not zero in the model and
//! `divisible`, and constants beyond 64 bits), unsat cases grown from the
//! identity rows of `assets/tables/int_identities.txt` ([`IntUnsat`]), and
//! the classic unsat shapes with known cores ([`IntClassic`]: a negative
//! square, parity, a cycle of strict differences, empty bounds, a product
//! of one, clashing remainders).
//!
//! Every case's formula has sorts Bool and Int only and operators of Core
//! and Ints only, so `source::Theory::of` calls it `int`. Its category
//! names its logic ([`logic`]): `int-sat-lia`, `int-identity-nia`, ...
//!
//! # Invariant
//!
//! No case's truth rests on division by zero, which the Ints theory leaves
//! to the model: a sat case's model divides by no zero (it evaluates), and
//! an unsat row whose value at a zero divisor would matter carries the side
//! condition that excludes it, in its core (see `rows.rs`).

mod classic;
mod noise;
mod rows;
mod sat;

pub use classic::{IntClassic, IntShape};
pub use rows::{IntRow, IntUnsat, int_rows};
pub use sat::{IntSat, IntSatKind};

use crate::term::{Formula, Op, Term};

/// `QF_LIA` when every product has at most one factor that is not a
/// literal and every `div`, `mod` divides by a literal, else `QF_NIA`.
pub fn logic(formula: &Formula) -> &'static str {
    let mut nonlinear = false;
    for a in &formula.assertions {
        a.term.visit(&mut |t| {
            if let Term::App(op, args) = t {
                nonlinear |= match op {
                    Op::Mul => args.iter().filter(|a| !is_numeral(a)).count() > 1,
                    Op::Div | Op::Mod => !is_numeral(&args[1]),
                    _ => false,
                };
            }
        });
    }
    if nonlinear { "QF_NIA" } else { "QF_LIA" }
}

/// A numeral, or the negation of one.
fn is_numeral(t: &Term) -> bool {
    match t {
        Term::Int(_) => true,
        Term::App(Op::Neg, args) => args.len() == 1 && matches!(args[0], Term::Int(_)),
        _ => false,
    }
}

/// `kind` with the formula's logic, lower case: `int-sat-lia`.
fn category(kind: &str, formula: &Formula) -> String {
    let logic = match logic(formula) {
        "QF_LIA" => "lia",
        _ => "nia",
    };
    format!("int-{kind}-{logic}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::parse_term;

    fn of(text: &str) -> &'static str {
        let mut f = Formula::default();
        f.assert(parse_term(text).unwrap(), None);
        logic(&f)
    }

    #[test]
    fn products_of_variables_and_divisions_by_them_are_nonlinear() {
        assert_eq!(of("(= (* 3 x) (+ y 1))"), "QF_LIA");
        assert_eq!(of("(= (mod x 3) (div y (- 2)))"), "QF_LIA");
        assert_eq!(of("(= (* x y) 1)"), "QF_NIA");
        assert_eq!(of("(= (mod x y) 1)"), "QF_NIA");
        assert_eq!(of("(= (* 2 x 3) (* (+ 1 2) y))"), "QF_NIA");
    }
}
