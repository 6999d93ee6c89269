//! The executable semantics of SMT-LIB 2.6: evaluation of closed terms (and
//! of terms under a [`Model`]) for Bool, Int, Real, String, RegLan,
//! bit-vectors and arrays, and of Z3's and cvc5's sequences ([`seq`]).
//!
//! [`eval`] is the entry point (the walk over a term in `eval.rs`, every
//! operator on values in `apply.rs`, the caps on values in `limits.rs`);
//! [`string`], [`int`], [`real`] and [`bitvec`] hold the theory functions, one per
//! operator, each citing the clause it implements; [`array`](mod@array)
//! the array theory (`select`, `store`, extensional equality);
//! [`EvalError`] says why a term has no value. Floating point is
//! [`fp`] (formats and values), [`fp_round`] (the one rounding),
//! [`fp_arith`] and [`fp_convert`] (the operations, each the exact result
//! rounded once), checked against APFloat by `tests/fp_vs_softfloat.rs`.

mod apply;
pub mod array;
pub mod bitvec;
mod error;
mod eval;
pub mod fp;
mod fp_apply;
pub mod fp_arith;
pub mod fp_convert;
pub mod fp_round;
pub mod int;
mod limits;
pub mod quantifier;
pub mod real;
pub mod regex;
pub mod seq;
pub mod string;
mod value;

pub use error::EvalError;
pub use eval::{eval, eval_closed, eval_with};
pub use limits::{MAX_INT_BITS, MAX_STRING_LEN};
pub use quantifier::Witnesses;
pub use value::{FunValue, Model, SeqValue, Value, define_fun};
#[cfg(test)]
mod tests;
