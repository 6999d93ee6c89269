//! The executable semantics of SMT-LIB 2.6: evaluation of closed terms (and
//! of terms under a [`Model`]) for Bool, Int, String and RegLan.

pub mod regex;
mod value;

pub use value::{Model, Value};
