//! SMT-LIB sorts.
//!
//! Only the sorts equifuzz generates or reads back from a solver are
//! represented: the core `Bool`, `Int`, the Unicode Strings theory's `String`
//! and `RegLan`, the indexed `(_ BitVec n)`, the parametric `(Array S T)`
//! and `(Seq S)`, `Real`, the FloatingPoints theory's `(_ FloatingPoint eb
//! sb)` and `RoundingMode`, and the sort of a `declare-fun` symbol.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An SMT-LIB sort.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Sort {
    /// `Bool`
    Bool,
    /// `Int`: unbounded integers.
    Int,
    /// `String`: sequences of code points in `0..=0x2FFFF`.
    String,
    /// `RegLan`: regular languages over the same alphabet.
    RegLan,
    /// `(_ BitVec n)`, `n >= 1`.
    BitVec(u32),
    /// `(Array index element)`.
    Array(Box<Sort>, Box<Sort>),
    /// `(Seq element)`: finite sequences of `element`, as Z3 and cvc5 both
    /// define them (`String` is not `(Seq String)`: it stays its own sort).
    /// Declared last, so the serialized sorts of older inputs keep their
    /// meaning.
    Seq(Box<Sort>),
    /// The sort of an uninterpreted function symbol, `(A1 ... An) R` of
    /// `(declare-fun f (A1 ... An) R)`, `n >= 1`: never the sort of a term,
    /// only of a declared symbol (and of its interpretation in a model).
    /// Declared last, as `Seq`.
    Fun(Vec<Sort>, Box<Sort>),
    /// `Real`: the rationals (the `Reals` theory's values that a term
    /// without irrational operators can take). Declared last, as `Seq`.
    Real,
    /// `(_ FloatingPoint eb sb)`, `eb > 1`, `sb > 1` (`Float16`, `Float32`,
    /// `Float64`, `Float128` name four of them). Declared last, as `Seq`.
    FloatingPoint(u32, u32),
    /// `RoundingMode`, the five rounding modes of the FloatingPoints
    /// theory. Declared last, as `Seq`.
    RoundingMode,
}

impl Sort {
    /// `(Seq element)`.
    pub fn seq(element: Sort) -> Sort {
        Sort::Seq(Box::new(element))
    }

    /// Whether the sort is or contains a sequence sort.
    pub fn has_seq(&self) -> bool {
        match self {
            Sort::Seq(_) => true,
            Sort::Array(i, e) => i.has_seq() || e.has_seq(),
            Sort::Fun(args, r) => args.iter().any(Sort::has_seq) || r.has_seq(),
            _ => false,
        }
    }

    /// `(args) result`, the sort of a function symbol.
    pub fn fun(args: Vec<Sort>, result: Sort) -> Sort {
        Sort::Fun(args, Box::new(result))
    }

    /// Whether this is the sort of a function symbol.
    pub fn is_fun(&self) -> bool {
        matches!(self, Sort::Fun(..))
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sort::Bool => f.write_str("Bool"),
            Sort::Int => f.write_str("Int"),
            Sort::Real => f.write_str("Real"),
            Sort::FloatingPoint(eb, sb) => write!(f, "(_ FloatingPoint {eb} {sb})"),
            Sort::RoundingMode => f.write_str("RoundingMode"),
            Sort::String => f.write_str("String"),
            Sort::RegLan => f.write_str("RegLan"),
            Sort::BitVec(n) => write!(f, "(_ BitVec {n})"),
            Sort::Array(i, e) => write!(f, "(Array {i} {e})"),
            Sort::Seq(e) => write!(f, "(Seq {e})"),
            // Not SMT-LIB syntax (no term has it): as `declare-fun` shows
            // it, `(A1 ... An) R`.
            Sort::Fun(args, r) => {
                f.write_str("(")?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{a}")?;
                }
                write!(f, ") {r}")
            }
        }
    }
}
