//! Constant pools: the boundary values that constant assignment and term
//! synthesis draw from.
//!
//! The ICSE 2020 paper (Sect. 3.1) used "empty strings, strings of length one,
//! as well as strings containing quotes, escape sequences, and non-ASCII
//! characters", integers "such as {-1, 0, 2}", and both Booleans.
//! [`ConstantPool::paper`] is that pool; [`ConstantPool::boundary`] adds the
//! edges of the SMT-LIB 2.6 alphabet and of the integer conversions, where
//! solvers have been wrong before.

use num_bigint::BigInt;
use serde::{Deserialize, Serialize};

use crate::semantics::Value;
use crate::term::{SmtString, Sort};

/// Constants per sort.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConstantPool {
    /// String constants.
    pub strings: Vec<SmtString>,
    /// Integer constants.
    pub ints: Vec<BigInt>,
    /// Boolean constants.
    pub bools: Vec<bool>,
}

fn s(chars: &[u32]) -> SmtString {
    SmtString::from_chars(chars.to_vec()).expect("pool characters are in the alphabet")
}

impl ConstantPool {
    /// The constant-assignment pool of the paper's public artifact (its
    /// `SatExpressionsGenerator`): "", a quoted `"a"`, "a", the escape `\a`
    /// (read as U+0007), a newline, "-1", "0", "2"; -1, 0, 2; true, false.
    /// With the paper's operators it makes exactly the artifact's 4,714
    /// formulas.
    pub fn paper() -> Self {
        ConstantPool {
            strings: vec![
                s(&[]),
                s(&[0x22, 0x61, 0x22]),
                s(&[0x61]),
                s(&[0x07]),
                s(&[0x0a]),
                s(&[0x2d, 0x31]),
                s(&[0x30]),
                s(&[0x32]),
            ],
            ints: [-1, 0, 2].into_iter().map(BigInt::from).collect(),
            bools: vec![true, false],
        }
    }

    /// The term-synthesis pool of the paper's artifact: "a", "", "-1", "0";
    /// -1, 0; true, false. With the paper's operators and depth 1 it makes
    /// exactly the artifact's 1,394 formulas.
    pub fn paper_term_synthesis() -> Self {
        ConstantPool {
            strings: vec![s(&[0x61]), s(&[]), s(&[0x2d, 0x31]), s(&[0x30])],
            ints: [-1, 0].into_iter().map(BigInt::from).collect(),
            bools: vec![true, false],
        }
    }

    /// The paper's pool plus a non-ASCII character, a backslash escape
    /// written out (`\n` as two characters), the edges of the alphabet (U+FFFF, U+10000,
    /// 0x2FFFF, a lone surrogate code point), digit strings for the integer
    /// conversions (with a leading zero and beyond 64 bits), repeated and
    /// overlapping patterns for replace and indexof, and integers at 63- and
    /// 64-bit limits and at the alphabet's end.
    pub fn boundary() -> Self {
        let mut p = Self::paper();
        p.ints.push(BigInt::from(1));
        p.strings.extend([
            s(&[0xe4]),
            s(&[0x5c, 0x6e]),
            s(&[0x61, 0x62]),
            s(&[0x61, 0x61, 0x61]),
            s(&[0x30]),
            s(&[0x30, 0x37]),
            s(&[0x31, 0x30]),
            SmtString::from("18446744073709551616"),
            s(&[0x2d, 0x31]),
            s(&[0xffff]),
            s(&[0x10000]),
            s(&[0x2ffff]),
            s(&[0xd800]),
            s(&[0x0]),
        ]);
        p.ints.extend([
            BigInt::from(3),
            BigInt::from(-2),
            BigInt::from(0x2ffff),
            BigInt::from(0x30000),
            BigInt::from(i64::MAX),
            BigInt::from(i64::MAX) + 1,
            BigInt::from(i64::MIN) - 1,
        ]);
        p
    }

    /// The constants of a sort, as values.
    pub fn values(&self, sort: &Sort) -> Vec<Value> {
        match sort {
            Sort::Bool => self.bools.iter().map(|&b| Value::Bool(b)).collect(),
            Sort::Int => self.ints.iter().cloned().map(Value::Int).collect(),
            Sort::String => self.strings.iter().cloned().map(Value::Str).collect(),
            _ => Vec::new(),
        }
    }

    /// How many constants of a sort there are.
    pub fn count(&self, sort: &Sort) -> usize {
        match sort {
            Sort::Bool => self.bools.len(),
            Sort::Int => self.ints.len(),
            Sort::String => self.strings.len(),
            _ => 0,
        }
    }

    /// The `i`-th constant of a sort.
    pub fn nth(&self, sort: &Sort, i: usize) -> Option<Value> {
        match sort {
            Sort::Bool => self.bools.get(i).map(|&b| Value::Bool(b)),
            Sort::Int => self.ints.get(i).cloned().map(Value::Int),
            Sort::String => self.strings.get(i).cloned().map(Value::Str),
            _ => None,
        }
    }
}
