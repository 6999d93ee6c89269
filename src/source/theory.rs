//! Which theory a stream of cases draws from (`--theory`), and which theory
//! a formula belongs to (the `theory` field of `manifest.jsonl`).
//!
//! # Invariant
//!
//! A formula is `quant` exactly when it has a quantifier of ours (an
//! `exists`, or a closed `forall` assertion: `transform::quantifier`'s
//! `mentions_quant`; Table 2's `forall`s are neither); else `bv` exactly
//! when it is over bit-vectors alone
//! ([`is_bitvec_formula`]: it mentions a bit-vector, every declared sort is
//! built from Bool, Int, bit-vectors, arrays and functions of those, and
//! every operator is of the core, integers, arrays or bit-vectors; no
//! string, regex, sequence or quantifier); else `uf` exactly when it
//! declares a function symbol with arguments; else `seq` exactly when it has a variable of a sort that holds
//! a sequence, an empty sequence or a `seq.` operator ([`mentions_seq`]);
//! else `combined` when it has a bit-vector or array
//! variable, literal or operator ([`mentions_combined`]); else `regex` when
//! it has a `RegLan` variable or a `str.to_re`, `str.in_re`,
//! `str.replace_re(_all)` or `re.*` term ([`mentions_regex`]); else
//! `int` when its sorts are Bool and Int only and its operators Core and
//! Ints only ([`is_int_only`]); else `strings`. A stream asked for one
//! theory yields only formulas of that theory (the mixed generator's tests
//! check it), since no transformation brings regexes into a strings-only
//! case nor bit-vectors or arrays into either.
//!
//! `strings` admits `int` formulas too: the strings stream has always
//! drawn integers beside strings, and a string case that a transformation
//! or a generator leaves without a string (an `str.len` replaced by its
//! value) is still one of its cases, so `--theory strings` loses none of
//! them. `int` admits only integer formulas.
//!
//! `real` sits between `bv` and `uf`: a formula is `real` exactly when it
//! mentions a Real (a declared sort built with `Real`, a Real literal, an
//! operator of the Reals theory) and is otherwise arithmetic: every
//! declared sort is built from Bool, Int, Real and arrays of those, every
//! operator is of the core, Ints, Reals or arrays, and it has no string,
//! bit-vector, sequence or quantifier ([`is_real_formula`]). Arrays of
//! Reals are `real` (QF_AUFLIRA), not `combined`: the real stream draws
//! them. `real` admits only real formulas, and no other selection but
//! `all` admits them.
//!
//! `fp` sits right after `bv`: a formula is `fp` exactly when it
//! mentions floating point (a declared `(_ FloatingPoint eb sb)` or
//! `RoundingMode`, an operator of the FloatingPoints theory) and is
//! otherwise over Bool, Int, Real, bit-vectors and arrays of those with
//! the operators of the core, Ints, Reals, bit-vectors and arrays only,
//! no string, sequence, function symbol or quantifier
//! ([`is_fp_formula`]). Arrays are admitted because term synthesis draws
//! bit-vector and array terms into a float case (from the combined pool)
//! once constant assignment has replaced its float variables by values. A float
//! case with a bit-vector (`fp.to_sbv`, an `fp` literal's fields) or a
//! Real (`fp.to_real`) is `fp`, not `bv` nor `real`. `fp` admits only
//! floating-point formulas, and no other selection but `all` admits them.
//!
//! `combined` admits `bv` formulas too: the combined stream draws
//! bit-vector terms alone now and then (`(= (bvadd #x0 #x1) #x1)`), which
//! are bit-vector cases.

use std::fmt;

use crate::generate::combined::{self, is_combined_sort};
use crate::term::{Formula, Sort, Term, Theory as OpTheory};
use crate::transform::quantifier::mentions_quant;
use crate::transform::regex_identities::mentions_regex;

/// What is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Theory {
    /// Strings, integers and Booleans, no regular expressions.
    Strings,
    /// Cases over regular expressions (`RegLan`, `str.in_re`).
    Regex,
    /// Bit-vectors and arrays combined with the others (Kühne 2022, ch. 3).
    Combined,
    /// Sequences `(Seq E)` of every element sort (Z3's and cvc5's).
    Seq,
    /// Uninterpreted functions over the string and sequence sorts (not in
    /// `all` yet: drawn only when asked for).
    Uf,
    /// Bit-vectors on their own (QF_BV, QF_ABV, QF_UFBV, and with their
    /// Int conversions).
    Bv,
    /// Integer arithmetic on its own (QF_LIA, QF_NIA): Bool and Int only.
    Int,
    /// Real arithmetic (QF_LRA, QF_NRA, QF_LIRA, QF_AUFLIRA): Reals, with
    /// Ints through `to_real`/`to_int`/`is_int` and arrays of them.
    Real,
    /// Floating point (QF_FP, QF_FPLRA, QF_BVFP): Float16, Float32,
    /// Float64 and small odd formats, rounding modes, conversions to and
    /// from Reals and bit-vectors.
    Fp,
    /// Cases of the other streams under `exists` and valid `forall`s
    /// (`transform::quantifier`).
    Quant,
    /// Strings, regex, combined, sequences, bit-vectors, integers, reals,
    /// floats and quantified cases.
    #[default]
    All,
}

impl Theory {
    /// The theory of one formula: `Quant`, `Bv`, `Fp`, `Real`, `Uf`, `Seq`,
    /// `Combined`, `Regex`, `Int` or `Strings`, never `All`.
    pub fn of(formula: &Formula) -> Theory {
        if mentions_quant(formula) {
            Theory::Quant
        } else if is_bitvec_formula(formula) {
            Theory::Bv
        } else if is_fp_formula(formula) {
            Theory::Fp
        } else if is_real_formula(formula) {
            Theory::Real
        } else if formula.decls.iter().any(|(_, s)| s.is_fun()) {
            Theory::Uf
        } else if mentions_seq(formula) {
            Theory::Seq
        } else if mentions_combined(formula) {
            Theory::Combined
        } else if mentions_regex(formula) {
            Theory::Regex
        } else if is_int_only(formula) {
            Theory::Int
        } else {
            Theory::Strings
        }
    }

    /// Whether a formula of theory `of` belongs to this selection
    /// (`strings` admits `int` formulas, see the module docs).
    pub fn admits(self, of: Theory) -> bool {
        self == Theory::All
            || self == of
            || (self == Theory::Combined && of == Theory::Bv)
            || (self == Theory::Strings && of == Theory::Int)
    }

    /// The name on the command line and in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Theory::Strings => "strings",
            Theory::Regex => "regex",
            Theory::Combined => "combined",
            Theory::Seq => "seq",
            Theory::Uf => "uf",
            Theory::Bv => "bv",
            Theory::Int => "int",
            Theory::Real => "real",
            Theory::Fp => "fp",
            Theory::Quant => "quant",
            Theory::All => "all",
        }
    }
}

/// Whether a formula declares, writes or applies anything of the
/// bit-vector or array theories.
pub fn mentions_combined(formula: &Formula) -> bool {
    formula.decls.iter().any(|(_, s)| is_combined_sort(s))
        || formula
            .assertions
            .iter()
            .any(|a| combined::mentions_combined(&a.term))
}

/// Whether a sort is built from Bool, Int, bit-vectors, arrays and
/// functions of those, and whether it mentions a bit-vector.
fn bitvec_sort(s: &Sort) -> (bool, bool) {
    match s {
        Sort::Bool | Sort::Int => (true, false),
        Sort::BitVec(_) => (true, true),
        Sort::Array(i, e) => {
            let ((a, b), (c, d)) = (bitvec_sort(i), bitvec_sort(e));
            (a && c, b || d)
        }
        Sort::Fun(args, r) => args
            .iter()
            .chain(std::iter::once(&**r))
            .map(bitvec_sort)
            .fold((true, false), |(a, b), (c, d)| (a && c, b || d)),
        Sort::String
        | Sort::RegLan
        | Sort::Seq(_)
        | Sort::Real
        | Sort::FloatingPoint(..)
        | Sort::RoundingMode => (false, false),
    }
}

/// Whether a formula is over bit-vectors alone: it declares or writes a
/// bit-vector, every declared sort is built from Bool, Int, bit-vectors,
/// arrays and functions of those, and every term is of the core, integer,
/// array or bit-vector theories (no string, regex or sequence term, no
/// quantifier).
pub fn is_bitvec_formula(formula: &Formula) -> bool {
    let mut mentions = false;
    for (_, s) in &formula.decls {
        let (only, bv) = bitvec_sort(s);
        if !only {
            return false;
        }
        mentions |= bv;
    }
    let mut only = true;
    for a in &formula.assertions {
        a.term.visit(&mut |t| match t {
            Term::BitVec(_) => mentions = true,
            Term::App(op, _) => {
                mentions |= op.is_bitvec();
                only &= matches!(
                    op.theory(),
                    OpTheory::Core | OpTheory::Ints | OpTheory::Arrays | OpTheory::BitVectors
                );
            }
            Term::ConstArray(s, _) => {
                let (o, bv) = bitvec_sort(s);
                only &= o;
                mentions |= bv;
            }
            Term::Str(_) | Term::Real(_) | Term::SeqEmpty(_) | Term::Quant(_) => only = false,
            _ => {}
        });
    }
    only && mentions
}

/// Whether a sort is built from Bool, Int, Real and arrays of those, and
/// whether it mentions a Real.
fn real_sort(s: &Sort) -> (bool, bool) {
    match s {
        Sort::Bool | Sort::Int => (true, false),
        Sort::Real => (true, true),
        Sort::Array(i, e) => {
            let ((a, b), (c, d)) = (real_sort(i), real_sort(e));
            (a && c, b || d)
        }
        _ => (false, false),
    }
}

/// Whether a formula is real arithmetic: it declares or writes a Real or
/// applies an operator of the Reals theory, every declared sort is built
/// from Bool, Int, Real and arrays of those, and every term is of the
/// core, Ints, Reals or arrays theories (no string, bit-vector, sequence,
/// function application or quantifier).
pub fn is_real_formula(formula: &Formula) -> bool {
    let mut mentions = false;
    for (_, s) in &formula.decls {
        let (only, real) = real_sort(s);
        if !only {
            return false;
        }
        mentions |= real;
    }
    let mut only = true;
    for a in &formula.assertions {
        a.term.visit(&mut |t| match t {
            Term::Real(_) => mentions = true,
            Term::App(op, _) => {
                mentions |= op.theory() == OpTheory::Reals;
                only &= matches!(
                    op.theory(),
                    OpTheory::Core | OpTheory::Ints | OpTheory::Reals | OpTheory::Arrays
                );
            }
            Term::ConstArray(s, _) => {
                let (o, real) = real_sort(s);
                only &= o;
                mentions |= real;
            }
            Term::Var(_) | Term::Int(_) | Term::Bool(_) | Term::Let(..) => {}
            _ => only = false,
        });
    }
    only && mentions
}

/// Whether a sort is built from Bool, Int, Real, bit-vectors, floats,
/// rounding modes and arrays of those, and whether it holds a float or a
/// rounding mode.
fn fp_sort(s: &Sort) -> (bool, bool) {
    match s {
        Sort::Bool | Sort::Int | Sort::Real | Sort::BitVec(_) => (true, false),
        Sort::FloatingPoint(..) | Sort::RoundingMode => (true, true),
        Sort::Array(i, e) => {
            let ((a, b), (c, d)) = (fp_sort(i), fp_sort(e));
            (a && c, b || d)
        }
        _ => (false, false),
    }
}

/// Whether a formula is floating point: it declares a float or a rounding
/// mode or applies an operator of the FloatingPoints theory, every
/// declared sort is built from Bool, Int, Real, bit-vectors, floats,
/// `RoundingMode` and arrays, and every term is of the core, Ints, Reals,
/// bit-vectors, arrays or FloatingPoints (no string, sequence, function
/// application or quantifier).
pub fn is_fp_formula(formula: &Formula) -> bool {
    let mut mentions = false;
    for (_, s) in &formula.decls {
        let (only, fp) = fp_sort(s);
        if !only {
            return false;
        }
        mentions |= fp;
    }
    let mut only = true;
    for a in &formula.assertions {
        a.term.visit(&mut |t| match t {
            Term::App(op, _) => {
                mentions |= op.theory() == OpTheory::FloatingPoint;
                only &= matches!(
                    op.theory(),
                    OpTheory::Core
                        | OpTheory::Ints
                        | OpTheory::Reals
                        | OpTheory::BitVectors
                        | OpTheory::Arrays
                        | OpTheory::FloatingPoint
                );
            }
            Term::ConstArray(s, _) => {
                let (o, fp) = fp_sort(s);
                only &= o;
                mentions |= fp;
            }
            Term::Var(_)
            | Term::Int(_)
            | Term::Real(_)
            | Term::Bool(_)
            | Term::BitVec(_)
            | Term::Let(..) => {}
            _ => only = false,
        });
    }
    only && mentions
}

/// Whether a formula's sorts are Bool and Int only, its operators Core's
/// and Ints' only (no string literal either) and it has no quantifier.
pub fn is_int_only(formula: &Formula) -> bool {
    formula
        .decls
        .iter()
        .all(|(_, s)| matches!(s, Sort::Bool | Sort::Int))
        && formula.assertions.iter().all(|a| {
            let mut only = true;
            a.term.visit(&mut |t| {
                only &= match t {
                    Term::App(op, _) => matches!(op.theory(), OpTheory::Core | OpTheory::Ints),
                    Term::Var(_) | Term::Int(_) | Term::Bool(_) => true,
                    // Integer cases are quantifier-free (QF_LIA, QF_NIA).
                    Term::Let(..) => true,
                    _ => false,
                };
            });
            only
        })
}

/// Whether a formula declares a sort that holds a sequence, or writes an
/// empty sequence or a `seq.` operator.
pub fn mentions_seq(formula: &Formula) -> bool {
    formula.decls.iter().any(|(_, s)| s.has_seq())
        || formula.assertions.iter().any(|a| {
            let mut found = false;
            a.term.visit(&mut |t| {
                found |= matches!(t, Term::SeqEmpty(_))
                    || matches!(t, Term::App(op, _) if op.theory() == OpTheory::Sequences);
            });
            found
        })
}

impl fmt::Display for Theory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::parse_script;

    fn of(text: &str) -> Theory {
        let script = parse_script(text).unwrap();
        Theory::of(&Formula::from_script(&script).unwrap())
    }

    #[test]
    fn a_formula_with_a_float_is_fp() {
        let f32 = "(declare-const x Float32)";
        assert_eq!(of(&format!("{f32}(assert (fp.isNaN x))")), Theory::Fp);
        assert_eq!(
            of(&format!("{f32}(assert (< (fp.to_real x) 0.5))")),
            Theory::Fp
        );
        assert_eq!(
            of(&format!("{f32}(assert (= ((_ fp.to_sbv 8) RNE x) #x01))")),
            Theory::Fp
        );
        assert_eq!(
            of("(assert (fp.isZero (fp #b0 #b00000 #b0000000000)))"),
            Theory::Fp
        );
        assert_eq!(
            of("(declare-const r RoundingMode)(assert (= r RNE))"),
            Theory::Fp
        );
        assert_eq!(
            of(&format!(
                "{f32}(declare-const s String)(assert (fp.isNaN x))"
            )),
            Theory::Strings
        );
        assert_eq!(
            of("(declare-const b (_ BitVec 4))(assert (= b #x1))"),
            Theory::Bv
        );
    }

    #[test]
    fn a_formula_with_a_real_and_arithmetic_alone_is_real() {
        assert_eq!(of("(declare-const x Real)(assert (< x 1.5))"), Theory::Real);
        // A Real literal or operator alone makes it real.
        assert_eq!(of("(assert (< 1.0 2.0))"), Theory::Real);
        assert_eq!(
            of("(declare-const n Int)(assert (< (to_real n) 2.0))"),
            Theory::Real
        );
        assert_eq!(
            of("(declare-const n Int)(assert (= (to_int 2.5) n))"),
            Theory::Real
        );
        // Arrays of Reals are real, not combined.
        assert_eq!(
            of("(declare-const a (Array Real Real))(assert (= (select a 0.5) 1.0))"),
            Theory::Real
        );
        assert_eq!(
            of(
                "(declare-const a (Array Int Real))(assert (= a ((as const (Array Int Real)) 0.0)))"
            ),
            Theory::Real
        );
        // Integers alone stay int; arrays of Ints alone stay combined.
        assert_eq!(of("(declare-const n Int)(assert (< n 2))"), Theory::Int);
        assert_eq!(
            of("(declare-const a (Array Int Int))(assert (= (select a 0) 1))"),
            Theory::Combined
        );
        // A string, a bit-vector or a quantifier beside a Real is not real.
        assert_ne!(
            of(
                r#"(declare-const x Real)(declare-const s String)(assert (< x 1.0))(assert (= s "a"))"#
            ),
            Theory::Real
        );
        assert_ne!(
            of(
                "(declare-const x Real)(declare-const b (_ BitVec 4))(assert (< x 1.0))(assert (= b #x1))"
            ),
            Theory::Real
        );
        assert_ne!(
            of("(declare-const x Real)(assert (exists ((y Real)) (< x y)))"),
            Theory::Real
        );
        assert!(Theory::Real.admits(Theory::Real));
        assert!(!Theory::Real.admits(Theory::Int));
        assert!(!Theory::Int.admits(Theory::Real));
        assert!(!Theory::Combined.admits(Theory::Real));
        assert!(Theory::All.admits(Theory::Real));
    }
}
