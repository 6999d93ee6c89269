//! The categories `equifuzz export` writes: the ICSE 2020 paper's six,
//! `random`, and the regex, combined, sequence, function, bit-vector,
//! integer, real and floating-point families;
//! their names, theories and which ones never run out.

use std::fmt;
use std::str::FromStr;

use crate::source::Theory;

/// A family of generated formulas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// Step-1 sat formulas: one operator, every argument a variable.
    Operation,
    /// Constant assignment over the pool, exhaustive.
    ConstantAssignment,
    /// Term synthesis (depth 1: exhaustive; deeper: sampled, endless).
    TermSynthesis,
    /// Step-1 unsat formulas from Table 2's equivalences.
    EquivalentFormula,
    /// Unsat formulas with larger cores (variable and constant replacement).
    LargerCore,
    /// Unsat formulas with noise (cores unchanged).
    Noise,
    /// An endless random mix of sat and unsat cases.
    Random,
    /// Sat `str.in_re` constraints mixed with string constraints (endless).
    RegexMembership,
    /// Sat constant assignment over the regex operations (endless).
    RegexConstantAssignment,
    /// Unsat formulas from the regex equivalences (Kühne 2022, Table 2.3).
    RegexEquivalentFormula,
    /// Unsat: an operation on pool constants equal to another constant
    /// (Sect. 2.5.1, Table 2.4's pool, exhaustive).
    RegexUnsatConstant,
    /// Unsat: an operation equal to a sampled term of another language
    /// (Sect. 2.5.2; nested with --depth >= 2).
    RegexUnsatComplex,
    /// Sat: nested regex terms (depth --depth, at least 2; 3 when --depth
    /// is 1) with and without RegLan variables (endless).
    RegexTermSynthesis,
    /// Sat: one bit-vector or array operation on pool constants, some
    /// replaced by variables (Kühne 2022, Sect. 3.1.1; endless).
    CombinedConstantAssignment,
    /// Sat: nested terms across bit-vectors, arrays, strings, integers and
    /// regexes (Sect. 3.1; depth --depth, 3 when --depth is 1; endless).
    CombinedTermSynthesis,
    /// Unsat: a combined term equal to a pool constant of another value
    /// (Sect. 3.2; endless).
    CombinedUnsatConstant,
    /// Unsat: a combined term equal to another term of another value
    /// (Sect. 3.2; endless).
    CombinedUnsatComplex,
    /// Sat: one `seq.` operator, every argument a variable, over every
    /// element sort (endless).
    SeqOperation,
    /// Sat: the same with some arguments constant (endless).
    SeqConstantAssignment,
    /// Sat: nested sequence terms (depth --depth, 3 when --depth is 1;
    /// endless).
    SeqTermSynthesis,
    /// Unsat: the sequence identities at every element sort (finite).
    SeqEquivalentFormula,
    /// Unsat: the identities grown by links (larger cores) and noise
    /// (endless).
    SeqUnsatChain,
    /// Sat: sequences inside the combined cases, elements of a sequence of
    /// bit-vectors indexing an array, of a sequence of strings meeting
    /// `str.in_re` (endless).
    SeqCombinedSynthesis,
    /// Unsat: the first element of a unit's concatenation, carried across
    /// arrays or regexes (endless).
    SeqCombinedUnsat,
    /// Sat: uninterpreted functions applied to sequence and string terms,
    /// each application equal to its value (endless).
    UfTermSynthesis,
    /// Unsat: equal arguments, different results (endless).
    UfCongruence,
    /// Unsat: an identity under a function symbol, negated (endless).
    UfIdentity,
    /// Sat: one bit-vector operator, every argument a variable (endless).
    BvOperation,
    /// Sat: the same with some arguments constant (endless).
    BvConstantAssignment,
    /// Sat: nested bit-vector terms (depth --depth, 3 when --depth is 1;
    /// endless).
    BvTermSynthesis,
    /// Unsat: the bit-vector identities at their least width, 8 and 65
    /// (finite).
    BvEquivalentFormula,
    /// Unsat: the identities at random widths grown by links (larger
    /// cores) and noise (endless).
    BvUnsatChain,
    /// Sat: linear integer constraints with a model (QF_LIA; endless).
    IntLinear,
    /// Sat: non-linear integer constraints with a model (QF_NIA; endless).
    IntNonlinear,
    /// Sat: linear constraints over values beyond 2^64 (endless).
    IntLarge,
    /// Unsat: the integer identities, grown by links and noise (endless).
    IntIdentity,
    /// Unsat: the classic shapes with known cores (endless).
    IntClassic,
    /// Sat: cases of the other streams with a variable under `exists` and
    /// valid `forall` noise (endless).
    QuantSat,
    /// Unsat: the same over unsat cases (the core following the `exists`),
    /// and valid rows negated under `exists` (endless).
    QuantUnsat,
    /// Sat and unsat: uninterpreted functions over bit-vectors (QF_UFBV:
    /// applications equal to values, congruence, identities under a
    /// function symbol; endless).
    BvUf,
    /// Sat: linear real constraints with a model (QF_LRA; endless).
    RealLinear,
    /// Sat: non-linear real constraints with a model (QF_NRA; endless).
    RealNonlinear,
    /// Sat: Int variables beside Real ones through `to_real`, `to_int`,
    /// `is_int` (QF_LIRA, QF_NIRA; endless).
    RealMixed,
    /// Sat: linear real constraints over values beyond 2^64 (endless).
    RealLarge,
    /// Sat: arrays of Reals indexed by Ints and Reals (QF_AUFLIRA;
    /// endless).
    RealArrays,
    /// Unsat: the real identities, grown by links and noise (endless).
    RealIdentity,
    /// Unsat: the classic real shapes with known cores (endless).
    RealClassic,
    /// Sat: Float16, Float32, Float64 constraints with a model (QF_FP;
    /// endless).
    FpStandard,
    /// Sat: constraints over the small odd formats (3 5), (5 4), (4 11)
    /// (QF_FP; endless).
    FpOdd,
    /// Sat: conversions between formats, Reals and bit-vectors (QF_FPLRA,
    /// QF_BVFP; endless).
    FpMixed,
    /// Sat: the famous non-identities (associativity, distributivity,
    /// cancellation) broken with a witness (endless).
    FpNonIdentity,
    /// Unsat: the floating-point identities, grown by links and noise
    /// (endless).
    FpIdentity,
    /// Unsat: the classic floating-point shapes with known cores
    /// (endless).
    FpClassic,
}

impl Category {
    /// Every category, in export order.
    pub const ALL: &'static [Category] = &[
        Category::Operation,
        Category::ConstantAssignment,
        Category::TermSynthesis,
        Category::EquivalentFormula,
        Category::LargerCore,
        Category::Noise,
        Category::Random,
        Category::RegexMembership,
        Category::RegexConstantAssignment,
        Category::RegexEquivalentFormula,
        Category::RegexUnsatConstant,
        Category::RegexUnsatComplex,
        Category::RegexTermSynthesis,
        Category::CombinedConstantAssignment,
        Category::CombinedTermSynthesis,
        Category::CombinedUnsatConstant,
        Category::CombinedUnsatComplex,
        Category::SeqOperation,
        Category::SeqConstantAssignment,
        Category::SeqTermSynthesis,
        Category::SeqEquivalentFormula,
        Category::SeqUnsatChain,
        Category::SeqCombinedSynthesis,
        Category::SeqCombinedUnsat,
        Category::UfTermSynthesis,
        Category::UfCongruence,
        Category::UfIdentity,
        Category::BvEquivalentFormula,
        Category::BvOperation,
        Category::BvConstantAssignment,
        Category::BvTermSynthesis,
        Category::BvUnsatChain,
        Category::IntLinear,
        Category::IntNonlinear,
        Category::IntLarge,
        Category::IntIdentity,
        Category::IntClassic,
        Category::QuantSat,
        Category::QuantUnsat,
        Category::BvUf,
        Category::RealLinear,
        Category::RealNonlinear,
        Category::RealMixed,
        Category::RealLarge,
        Category::RealArrays,
        Category::RealIdentity,
        Category::RealClassic,
        Category::FpStandard,
        Category::FpOdd,
        Category::FpMixed,
        Category::FpNonIdentity,
        Category::FpIdentity,
        Category::FpClassic,
    ];

    /// The bit-vector categories, the finite one first.
    pub const BV: &'static [Category] = &[
        Category::BvEquivalentFormula,
        Category::BvOperation,
        Category::BvConstantAssignment,
        Category::BvTermSynthesis,
        Category::BvUnsatChain,
        Category::BvUf,
    ];

    /// The integer categories, all endless.
    pub const INT: &'static [Category] = &[
        Category::IntLinear,
        Category::IntNonlinear,
        Category::IntLarge,
        Category::IntIdentity,
        Category::IntClassic,
    ];

    /// The real categories, all endless.
    pub const REAL: &'static [Category] = &[
        Category::RealLinear,
        Category::RealNonlinear,
        Category::RealMixed,
        Category::RealLarge,
        Category::RealArrays,
        Category::RealIdentity,
        Category::RealClassic,
    ];

    /// The floating-point categories, all endless.
    pub const FP: &'static [Category] = &[
        Category::FpStandard,
        Category::FpOdd,
        Category::FpMixed,
        Category::FpNonIdentity,
        Category::FpIdentity,
        Category::FpClassic,
    ];

    /// The quantifier categories, both endless.
    pub const QUANT: &'static [Category] = &[Category::QuantSat, Category::QuantUnsat];

    /// The function categories, all endless.
    pub const UF: &'static [Category] = &[
        Category::UfTermSynthesis,
        Category::UfCongruence,
        Category::UfIdentity,
    ];

    /// The sequence categories, the finite one first.
    pub const SEQ: &'static [Category] = &[
        Category::SeqEquivalentFormula,
        Category::SeqOperation,
        Category::SeqConstantAssignment,
        Category::SeqTermSynthesis,
        Category::SeqUnsatChain,
        Category::SeqCombinedSynthesis,
        Category::SeqCombinedUnsat,
    ];

    /// The paper's six categories (everything but `random`).
    pub const PAPER: &'static [Category] = &[
        Category::Operation,
        Category::ConstantAssignment,
        Category::TermSynthesis,
        Category::EquivalentFormula,
        Category::LargerCore,
        Category::Noise,
    ];

    /// The regex categories, finite ones first (Kühne 2022).
    pub const REGEX: &'static [Category] = &[
        Category::RegexEquivalentFormula,
        Category::RegexUnsatConstant,
        Category::RegexUnsatComplex,
        Category::RegexMembership,
        Category::RegexConstantAssignment,
        Category::RegexTermSynthesis,
    ];

    /// The combined categories (Kühne 2022, ch. 3), all endless.
    pub const COMBINED: &'static [Category] = &[
        Category::CombinedConstantAssignment,
        Category::CombinedTermSynthesis,
        Category::CombinedUnsatConstant,
        Category::CombinedUnsatComplex,
    ];

    /// The categories written when none is named: the paper's six for
    /// `strings`, the regex ones for `regex`, the combined ones for
    /// `combined`, the integer ones for `int`, the real ones for `real`,
    /// the floating-point ones for `fp`,
    /// all of them but the
    /// function ones for `all`; the endless categories only with
    /// a `--count`.
    pub fn defaults(theory: Theory, counted: bool) -> Vec<Category> {
        let regex = Category::REGEX
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        let combined = Category::COMBINED
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        let seq = Category::SEQ
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        let uf = Category::UF
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        let bv = Category::BV
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        let int = Category::INT
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        let real = Category::REAL
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        let fp = Category::FP
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        let quant = Category::QUANT
            .iter()
            .copied()
            .filter(move |c| counted || !c.endless(1));
        match theory {
            Theory::Int => int.collect(),
            Theory::Real => real.collect(),
            Theory::Fp => fp.collect(),
            Theory::Strings => Category::PAPER.to_vec(),
            Theory::Regex => regex.collect(),
            Theory::Combined => combined.collect(),
            Theory::Seq => seq.collect(),
            Theory::Uf => uf.collect(),
            Theory::Bv => bv.collect(),
            Theory::Quant => quant.collect(),
            Theory::All => Category::PAPER
                .iter()
                .copied()
                .chain(regex)
                .chain(combined)
                .chain(seq)
                .chain(bv)
                .chain(int)
                .chain(real)
                .chain(fp)
                .collect(),
        }
    }

    /// Whether the category never runs out (at term synthesis `depth`).
    pub fn endless(self, depth: usize) -> bool {
        matches!(
            self,
            Category::Random
                | Category::RegexMembership
                | Category::RegexConstantAssignment
                | Category::RegexTermSynthesis
                | Category::CombinedConstantAssignment
                | Category::CombinedTermSynthesis
                | Category::CombinedUnsatConstant
                | Category::CombinedUnsatComplex
                | Category::SeqOperation
                | Category::SeqConstantAssignment
                | Category::SeqTermSynthesis
                | Category::SeqUnsatChain
                | Category::SeqCombinedSynthesis
                | Category::SeqCombinedUnsat
                | Category::UfTermSynthesis
                | Category::UfCongruence
                | Category::UfIdentity
                | Category::BvOperation
                | Category::BvConstantAssignment
                | Category::BvTermSynthesis
                | Category::BvUnsatChain
                | Category::IntLinear
                | Category::IntNonlinear
                | Category::IntLarge
                | Category::IntIdentity
                | Category::IntClassic
                | Category::QuantSat
                | Category::QuantUnsat
                | Category::BvUf
                | Category::RealLinear
                | Category::RealNonlinear
                | Category::RealMixed
                | Category::RealLarge
                | Category::RealArrays
                | Category::RealIdentity
                | Category::RealClassic
                | Category::FpStandard
                | Category::FpOdd
                | Category::FpMixed
                | Category::FpNonIdentity
                | Category::FpIdentity
                | Category::FpClassic
        ) || (self == Category::TermSynthesis && depth >= 2)
    }

    /// The theory of the category's files (`All` for `random`, which mixes
    /// them as `--theory` says).
    pub fn theory(self) -> Theory {
        match self {
            Category::Random => Theory::All,
            Category::RegexMembership
            | Category::RegexConstantAssignment
            | Category::RegexEquivalentFormula
            | Category::RegexUnsatConstant
            | Category::RegexUnsatComplex
            | Category::RegexTermSynthesis => Theory::Regex,
            Category::CombinedConstantAssignment
            | Category::CombinedTermSynthesis
            | Category::CombinedUnsatConstant
            | Category::CombinedUnsatComplex => Theory::Combined,
            Category::SeqOperation
            | Category::SeqConstantAssignment
            | Category::SeqTermSynthesis
            | Category::SeqEquivalentFormula
            | Category::SeqUnsatChain
            | Category::SeqCombinedSynthesis
            | Category::SeqCombinedUnsat => Theory::Seq,
            Category::UfTermSynthesis | Category::UfCongruence | Category::UfIdentity => Theory::Uf,
            Category::BvOperation
            | Category::BvConstantAssignment
            | Category::BvTermSynthesis
            | Category::BvEquivalentFormula
            | Category::BvUnsatChain
            | Category::BvUf => Theory::Bv,
            Category::IntLinear
            | Category::IntNonlinear
            | Category::IntLarge
            | Category::IntIdentity
            | Category::IntClassic => Theory::Int,
            Category::QuantSat | Category::QuantUnsat => Theory::Quant,
            Category::RealLinear
            | Category::RealNonlinear
            | Category::RealMixed
            | Category::RealLarge
            | Category::RealArrays
            | Category::RealIdentity
            | Category::RealClassic => Theory::Real,
            Category::FpStandard
            | Category::FpOdd
            | Category::FpMixed
            | Category::FpNonIdentity
            | Category::FpIdentity
            | Category::FpClassic => Theory::Fp,
            _ => Theory::Strings,
        }
    }

    /// The name used on the command line, in folder names and the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Category::Operation => "operation",
            Category::ConstantAssignment => "constant-assignment",
            Category::TermSynthesis => "term-synthesis",
            Category::EquivalentFormula => "equivalent-formula",
            Category::LargerCore => "larger-core",
            Category::Noise => "noise",
            Category::Random => "random",
            Category::RegexMembership => "regex-membership",
            Category::RegexConstantAssignment => "regex-constant-assignment",
            Category::RegexEquivalentFormula => "regex-equivalent-formula",
            Category::RegexUnsatConstant => "regex-unsat-constant",
            Category::RegexUnsatComplex => "regex-unsat-complex",
            Category::RegexTermSynthesis => "regex-term-synthesis",
            Category::CombinedConstantAssignment => "combined-constant-assignment",
            Category::CombinedTermSynthesis => "combined-term-synthesis",
            Category::CombinedUnsatConstant => "combined-unsat-constant",
            Category::CombinedUnsatComplex => "combined-unsat-complex",
            Category::SeqOperation => "seq-operation",
            Category::SeqConstantAssignment => "seq-constant-assignment",
            Category::SeqTermSynthesis => "seq-term-synthesis",
            Category::SeqEquivalentFormula => "seq-equivalent-formula",
            Category::SeqUnsatChain => "seq-unsat-chain",
            Category::SeqCombinedSynthesis => "seq-combined-synthesis",
            Category::SeqCombinedUnsat => "seq-combined-unsat",
            Category::UfTermSynthesis => "uf-term-synthesis",
            Category::UfCongruence => "uf-congruence",
            Category::UfIdentity => "uf-identity",
            Category::BvOperation => "bv-operation",
            Category::BvConstantAssignment => "bv-constant-assignment",
            Category::BvTermSynthesis => "bv-term-synthesis",
            Category::BvEquivalentFormula => "bv-equivalent-formula",
            Category::BvUnsatChain => "bv-unsat-chain",
            Category::IntLinear => "int-linear",
            Category::IntNonlinear => "int-nonlinear",
            Category::IntLarge => "int-large",
            Category::IntIdentity => "int-identity",
            Category::IntClassic => "int-classic",
            Category::QuantSat => "quant-sat",
            Category::QuantUnsat => "quant-unsat",
            Category::BvUf => "bv-uf",
            Category::RealLinear => "real-linear",
            Category::RealNonlinear => "real-nonlinear",
            Category::RealMixed => "real-mixed",
            Category::RealLarge => "real-large",
            Category::RealArrays => "real-arrays",
            Category::RealIdentity => "real-identity",
            Category::RealClassic => "real-classic",
            Category::FpStandard => "fp-standard",
            Category::FpOdd => "fp-odd",
            Category::FpMixed => "fp-mixed",
            Category::FpNonIdentity => "fp-nonidentity",
            Category::FpIdentity => "fp-identity",
            Category::FpClassic => "fp-classic",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Category {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Category::ALL
            .iter()
            .copied()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Category::ALL.iter().map(|c| c.name()).collect();
                format!(
                    "unknown category `{s}` (expected one of: {})",
                    names.join(", ")
                )
            })
    }
}
