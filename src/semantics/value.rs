//! Values of the executable semantics, and models.

use std::collections::BTreeMap;
use std::fmt;

use num_bigint::BigInt;
use serde::{Deserialize, Serialize};

use super::array::ArrayValue;
use super::regex::Regex;
use crate::term::{BitVec, Op, SmtString, Sort, Symbol, Term};

/// The value of a closed term.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Value {
    /// A Bool.
    Bool(bool),
    /// An unbounded integer.
    Int(BigInt),
    /// A string over code points `0..=0x2FFFF`.
    Str(SmtString),
    /// A regular language.
    RegLan(Regex),
    /// A bit-vector.
    BitVec(BitVec),
    /// An array: a default and finitely many entries.
    Array(ArrayValue),
}

impl Value {
    /// The value's sort.
    pub fn sort(&self) -> Sort {
        match self {
            Value::Bool(_) => Sort::Bool,
            Value::Int(_) => Sort::Int,
            Value::Str(_) => Sort::String,
            Value::RegLan(_) => Sort::RegLan,
            Value::BitVec(b) => Sort::BitVec(b.width()),
            Value::Array(a) => a.sort(),
        }
    }

    /// The value as a constant term.
    pub fn to_term(&self) -> Term {
        match self {
            Value::Bool(b) => Term::Bool(*b),
            Value::Int(n) => Term::Int(n.clone()),
            Value::Str(s) => Term::Str(s.clone()),
            Value::RegLan(r) => r.to_term(),
            Value::BitVec(b) => Term::BitVec(b.clone()),
            // `(store ... (store ((as const S) d) k1 v1) ... kn vn)`.
            Value::Array(a) => a.entries().iter().fold(
                Term::const_array(a.sort(), a.default().to_term()),
                |acc, (k, v)| Term::app(Op::Store, vec![acc, k.to_term(), v.to_term()]),
            ),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_term())
    }
}

/// An assignment of values to declared constants.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Model(pub BTreeMap<Symbol, Value>);

impl Model {
    /// The empty model.
    pub fn new() -> Self {
        Model(BTreeMap::new())
    }

    /// The value of a constant.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name)
    }

    /// Sets the value of a constant.
    pub fn insert(&mut self, name: impl Into<Symbol>, value: Value) {
        self.0.insert(name.into(), value);
    }
}
