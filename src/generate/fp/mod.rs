//! The floating-point generators (QF_FP, QF_FPLRA, QF_BVFP): sat cases
//! with a model over float and rounding-mode variables of Float16,
//! Float32, Float64 and three small odd formats ([`FpSat`]), the famous
//! non-identities broken with a witness ([`FpNonIdentity`]), unsat cases
//! grown from the identity rows of `assets/tables/fp_identities.txt`
//! ([`FpUnsat`]), and the classic unsat shapes with known cores
//! ([`FpClassic`]: no float between neighbours, NaN unordered, no overflow
//! toward zero, ...).
//!
//! The room draws from nothing but the bottom files: its values
//! (`values.rs`: the edges of each format weighted) and its noise
//! (`noise.rs`) are its own; the semantics (`semantics::fp*`) computes
//! every value a case's truth rests on. Every case's formula has float or
//! rounding-mode variables or terms, and otherwise sorts Bool, Real and
//! bit-vectors only, so `source::Theory::of` calls it `fp`. Its category
//! names its logic ([`logic`]): `fp-sat-fp`, `fp-identity-fplra`, ...
//!
//! # Invariant
//!
//! No case's truth rests on a value SMT-LIB leaves open (`fp.min`/`fp.max`
//! of +0 and -0, `fp.to_ubv`, `fp.to_sbv` and `fp.to_real` of NaN, oo or
//! out of range): the semantics has no value for such a term
//! (`EvalError::Unspecified`), so a sat case's constraint that meets one
//! is drawn again, and every row holds, and fails without its side
//! condition, by evaluation alone (see `rows.rs`).
//!
//! # Formats and the solvers
//!
//! No format with `eb = 2` or `sb = 2` is drawn (`values.rs`). cvc5
//! refuses every format but Float32 and Float64 unless its option
//! `fp-exp` is on; the in-process cvc5 target turns it on for a query
//! that names another format (`solver::cvc5::options::case_options`).

mod classic;
mod noise;
mod nonidentity;
mod rows;
mod sat;
mod values;

pub use classic::{FpClassic, FpShape};
pub use nonidentity::{FpLaw, FpNonIdentity};
pub use rows::{FpRow, FpUnsat, fp_rows, variable_sort};
pub use sat::{FpSat, FpSatKind};
pub use values::{ODD, STANDARD};

use crate::term::{Formula, Op, Sort, Term};

/// The logic of a floating-point formula: `QF_FPLRA` with a Real (a
/// literal, `fp.to_real`, a Real variable), `QF_BVFP` with a bit-vector
/// that is no field of an `fp` literal (`fp.to_ubv`, `fp.to_sbv`, `to_fp`
/// of a bit-vector, a bit-vector variable), `QF_BVFPLRA` with both, else
/// `QF_FP`.
pub fn logic(formula: &Formula) -> &'static str {
    let (mut real, mut bv) = (false, false);
    for (_, s) in &formula.decls {
        real |= *s == Sort::Real;
        bv |= matches!(s, Sort::BitVec(_));
    }
    for a in &formula.assertions {
        a.term.visit(&mut |t| match t {
            Term::Real(_) => real = true,
            Term::App(op, args) => {
                real |= *op == Op::FpToReal;
                bv |= matches!(op, Op::FpToUbv(_) | Op::FpToSbv(_) | Op::ToFpUnsigned(..))
                    || matches!(op, Op::ToFp(..)) && matches!(args.last(), Some(Term::BitVec(_)));
            }
            _ => {}
        });
    }
    match (real, bv) {
        (true, true) => "QF_BVFPLRA",
        (true, false) => "QF_FPLRA",
        (false, true) => "QF_BVFP",
        (false, false) => "QF_FP",
    }
}

/// `kind` with the formula's logic, lower case: `fp-sat-fp`.
fn category(kind: &str, formula: &Formula) -> String {
    let logic = logic(formula).trim_start_matches("QF_").to_lowercase();
    format!("fp-{kind}-{logic}")
}
