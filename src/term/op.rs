//! Operators: the function symbols of the core theory, integers, reals, the SMT-LIB
//! 2.6 Unicode Strings theory (strings and regular languages), arrays,
//! bit-vectors (2.6, and 2.7's overflow predicates and conversions), Z3's
//! and cvc5's sequences, and floating point.
//!
//! An [`Op`] is applied to argument terms; its rank is
//! [`Op::result_sort`]. This file holds the symbols and their indices
//! (`(_ extract 3 0)` is `Extract(3, 0)`); every other fact about an
//! operator (its names, theory, arity, the dialects that lack it, the
//! generator pools that draw it) is its row of
//! [`OPERATORS`](super::OPERATORS), in `operators.rs`.
//!
//! # Invariant
//!
//! [`Op::indices`] has [`Op::index_count`] entries, and
//! [`Op::with_indices`] of them gives the operator back; an operator with
//! its indices at 0 is the key of its row. Tested with the table.

use serde::{Deserialize, Serialize};

/// A function symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Op {
    // ---- core
    /// `not`
    Not,
    /// `and` (left-assoc, any arity)
    And,
    /// `or`
    Or,
    /// `xor`
    Xor,
    /// `=>` (right-assoc)
    Implies,
    /// `=` (chainable, any sort)
    Eq,
    /// `distinct` (pairwise)
    Distinct,
    /// `ite`
    Ite,
    // ---- integers
    /// `+`
    Add,
    /// binary or n-ary `-` (left-assoc)
    Sub,
    /// unary `-`
    Neg,
    /// `*`
    Mul,
    /// `div`: Euclidean division; division by zero is unspecified.
    Div,
    /// `mod`: Euclidean remainder; modulo zero is unspecified.
    Mod,
    /// `abs`
    Abs,
    /// `<` (chainable)
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    // ---- strings
    /// `str.++`
    StrConcat,
    /// `str.len`
    StrLen,
    /// `str.<` (lexicographic, chainable)
    StrLt,
    /// `str.<=`
    StrLe,
    /// `str.at`
    StrAt,
    /// `str.substr`
    StrSubstr,
    /// `str.prefixof`
    StrPrefixof,
    /// `str.suffixof`
    StrSuffixof,
    /// `str.contains`
    StrContains,
    /// `str.indexof`
    StrIndexof,
    /// `str.replace`: first occurrence.
    StrReplace,
    /// `str.replace_all`
    StrReplaceAll,
    /// `str.replace_re`: leftmost, shortest match.
    StrReplaceRe,
    /// `str.replace_re_all`
    StrReplaceReAll,
    /// `str.is_digit`
    StrIsDigit,
    /// `str.to_code`
    StrToCode,
    /// `str.from_code`
    StrFromCode,
    /// `str.to_int`
    StrToInt,
    /// `str.from_int`
    StrFromInt,
    /// `str.in_re`
    StrInRe,
    // ---- regular languages
    /// `str.to_re`
    StrToRe,
    /// `re.none`: the empty language.
    ReNone,
    /// `re.all`: every string.
    ReAll,
    /// `re.allchar`: every string of length 1.
    ReAllchar,
    /// `re.++`
    ReConcat,
    /// `re.union`
    ReUnion,
    /// `re.inter`
    ReInter,
    /// `re.diff`
    ReDiff,
    /// `re.comp`
    ReComp,
    /// `re.*`
    ReStar,
    /// `re.+`
    RePlus,
    /// `re.opt`
    ReOpt,
    /// `re.range`
    ReRange,
    /// `(_ re.^ n)`
    RePower(u32),
    /// `(_ re.loop lo hi)`
    ReLoop(u32, u32),
    // ---- arrays
    /// `select`
    Select,
    /// `store`
    Store,
    // ---- bit-vectors: FixedSizeBitVectors theory (2.6), then the QF_BV
    // logic's extensions, then the conversions to and from Int.
    /// `concat`
    Concat,
    /// `(_ extract i j)`: bits `i` down to `j`.
    Extract(u32, u32),
    /// `bvnot`
    BvNot,
    /// `bvand` (left-assoc)
    BvAnd,
    /// `bvor` (left-assoc)
    BvOr,
    /// `bvneg`
    BvNeg,
    /// `bvadd` (left-assoc)
    BvAdd,
    /// `bvmul` (left-assoc)
    BvMul,
    /// `bvudiv`: all ones when dividing by zero.
    BvUdiv,
    /// `bvurem`: the dividend when dividing by zero.
    BvUrem,
    /// `bvshl`
    BvShl,
    /// `bvlshr`
    BvLshr,
    /// `bvult`
    BvUlt,
    /// `bvnand`
    BvNand,
    /// `bvnor`
    BvNor,
    /// `bvxor`
    BvXor,
    /// `bvxnor`
    BvXnor,
    /// `bvcomp`: `#b1` iff equal.
    BvComp,
    /// `bvsub`
    BvSub,
    /// `bvsdiv`
    BvSdiv,
    /// `bvsrem`: sign of the dividend.
    BvSrem,
    /// `bvsmod`: sign of the divisor.
    BvSmod,
    /// `bvashr`
    BvAshr,
    /// `(_ repeat i)`
    Repeat(u32),
    /// `(_ zero_extend i)`
    ZeroExtend(u32),
    /// `(_ sign_extend i)`
    SignExtend(u32),
    /// `(_ rotate_left i)`
    RotateLeft(u32),
    /// `(_ rotate_right i)`
    RotateRight(u32),
    /// `bvule`
    BvUle,
    /// `bvugt`
    BvUgt,
    /// `bvuge`
    BvUge,
    /// `bvslt`
    BvSlt,
    /// `bvsle`
    BvSle,
    /// `bvsgt`
    BvSgt,
    /// `bvsge`
    BvSge,
    /// `bv2nat`: the unsigned value as an Int.
    Bv2nat,
    /// `(_ int2bv m)`: `n mod 2^m` (Z3 and cvc5 name; SMT-LIB 2.6's
    /// `nat2bv` is read by neither).
    Int2bv(u32),
    // ---- sequences (Z3's and cvc5's theory of `(Seq S)`; declared last so
    // the serialized operators of older inputs keep their meaning). The
    // empty sequence is a term of its own, `Term::SeqEmpty`: it needs a sort.
    /// `seq.unit`: the sequence of one element.
    SeqUnit,
    /// `seq.++`
    SeqConcat,
    /// `seq.len`
    SeqLen,
    /// `seq.extract`: as `str.substr`.
    SeqExtract,
    /// `seq.at`: the unit sequence at a position, empty out of range.
    SeqAt,
    /// `seq.nth`: the element at a position; unconstrained out of range.
    SeqNth,
    /// `seq.contains`
    SeqContains,
    /// `seq.indexof`: as `str.indexof` (always printed with its start).
    SeqIndexof,
    /// `seq.last_indexof` (Z3 only): the last position of a subsequence.
    SeqLastIndexof,
    /// `seq.replace`: first occurrence.
    SeqReplace,
    /// `seq.replace_all`
    SeqReplaceAll,
    /// `seq.prefixof`
    SeqPrefixof,
    /// `seq.suffixof`
    SeqSuffixof,
    /// `seq.rev` (cvc5 only)
    SeqRev,
    /// `seq.update` (cvc5 only): overwrite from a position, the length kept.
    SeqUpdate,
    // ---- bit-vectors: the SMT-LIB 2.7 additions (the overflow predicates
    // of 2023-11-29 and the conversions to and from Int of 2025-02-25),
    // declared after the sequences for the same reason: a corpus file
    // holds operators by their position in this list.
    /// `bvnego`: `bvneg` overflows (`s` is the smallest signed value).
    BvNego,
    /// `bvuaddo`: the unsigned sum is `2^m` or more.
    BvUaddo,
    /// `bvsaddo`: the signed sum is outside `-2^(m-1)..2^(m-1)`.
    BvSaddo,
    /// `bvumulo`: the unsigned product is `2^m` or more.
    BvUmulo,
    /// `bvsmulo`: the signed product is outside `-2^(m-1)..2^(m-1)`.
    BvSmulo,
    /// `bvusubo`: the unsigned difference is negative (`bvult s t`).
    BvUsubo,
    /// `bvssubo`: the signed difference is outside `-2^(m-1)..2^(m-1)`.
    BvSsubo,
    /// `bvsdivo`: the signed quotient overflows (smallest value by `-1`).
    BvSdivo,
    /// `ubv_to_int`: the unsigned value as an Int (2.7's `bv2nat`).
    UbvToInt,
    /// `sbv_to_int`: the two's complement value as an Int.
    SbvToInt,
    /// `(_ int_to_bv m)`: `n mod 2^m` (2.7's `int2bv`).
    IntToBv(u32),
    // ---- integers, declared last for the same reason.
    /// `(_ divisible n)`: whether `n` (a numeral, at least 1) divides the
    /// argument (`Ints`; cvc5 reads it, no Z3 release does).
    Divisible(u32),
    // ---- reals (issue 43), declared last for the same reason. `+ - *`,
    // unary `-` and the comparisons are shared with the integers: their
    // rank takes all-Int or all-Real arguments, never both.
    /// `/`: division of reals (left-assoc); division by zero is
    /// unspecified.
    RealDiv,
    /// `to_real`: an Int as a Real (`Reals_Ints`).
    ToReal,
    /// `to_int`: the floor of a Real, an Int.
    ToInt,
    /// `is_int`: whether a Real is an integer.
    IsInt,
    // ---- floating point (issue 43), declared last for the same reason.
    // The rounding modes are constants, printed by their short names.
    /// `RNE`, `roundNearestTiesToEven`.
    Rne,
    /// `RNA`, `roundNearestTiesToAway`.
    Rna,
    /// `RTP`, `roundTowardPositive`.
    Rtp,
    /// `RTN`, `roundTowardNegative`.
    Rtn,
    /// `RTZ`, `roundTowardZero`.
    Rtz,
    /// `fp`: a value from its sign, exponent and trailing significand
    /// bit-vectors (widths 1, eb, sb - 1).
    FpLit,
    /// `(_ +zero eb sb)`, a constant.
    FpPlusZero(u32, u32),
    /// `(_ -zero eb sb)`
    FpMinusZero(u32, u32),
    /// `(_ +oo eb sb)`
    FpPlusInf(u32, u32),
    /// `(_ -oo eb sb)`
    FpMinusInf(u32, u32),
    /// `(_ NaN eb sb)`
    FpNaN(u32, u32),
    /// `fp.abs`
    FpAbs,
    /// `fp.neg`
    FpNeg,
    /// `fp.add` (a rounding mode, then two values)
    FpAdd,
    /// `fp.sub`
    FpSub,
    /// `fp.mul`
    FpMul,
    /// `fp.div`
    FpDiv,
    /// `fp.fma`: `x * y + z`, rounded once.
    FpFma,
    /// `fp.sqrt`
    FpSqrt,
    /// `fp.rem`: IEEE remainder (no rounding mode).
    FpRem,
    /// `fp.roundToIntegral`
    FpRoundToIntegral,
    /// `fp.min`: unspecified on `+0` and `-0`.
    FpMin,
    /// `fp.max`
    FpMax,
    /// `fp.leq` (chainable)
    FpLeq,
    /// `fp.lt`
    FpLt,
    /// `fp.geq`
    FpGeq,
    /// `fp.gt`
    FpGt,
    /// `fp.eq`: IEEE equality (NaN unequal to itself, `+0` equal to `-0`).
    FpEq,
    /// `fp.isNormal`
    FpIsNormal,
    /// `fp.isSubnormal`
    FpIsSubnormal,
    /// `fp.isZero`
    FpIsZero,
    /// `fp.isInfinite`
    FpIsInfinite,
    /// `fp.isNaN`
    FpIsNaN,
    /// `fp.isNegative`
    FpIsNegative,
    /// `fp.isPositive`
    FpIsPositive,
    /// `(_ to_fp eb sb)`: from the bits of a bit-vector (one argument), or
    /// under a rounding mode from another format, a Real, or a signed
    /// bit-vector (the rank tells them apart).
    ToFp(u32, u32),
    /// `(_ to_fp_unsigned eb sb)`: from an unsigned bit-vector.
    ToFpUnsigned(u32, u32),
    /// `(_ fp.to_ubv m)`: unspecified for NaN, infinities, out of range.
    FpToUbv(u32),
    /// `(_ fp.to_sbv m)`
    FpToSbv(u32),
    /// `fp.to_real`: unspecified for NaN and infinities.
    FpToReal,
}

impl Op {
    /// The indexed bit-vector operators, each with a small index (for
    /// tables and tests).
    pub const BV_INDEXED: &'static [Op] = &[
        Op::Extract(0, 0),
        Op::Repeat(2),
        Op::ZeroExtend(1),
        Op::SignExtend(1),
        Op::RotateLeft(1),
        Op::RotateRight(1),
        Op::Int2bv(4),
        Op::IntToBv(4),
    ];

    /// Whether the operator has indices (`(_ re.loop 1 3)`).
    pub const fn is_indexed(self) -> bool {
        self.index_count() > 0
    }

    /// How many indices the operator has.
    pub const fn index_count(self) -> usize {
        use Op::*;
        match self {
            ReLoop(..) | Extract(..) | FpPlusZero(..) | FpMinusZero(..) | FpPlusInf(..)
            | FpMinusInf(..) | FpNaN(..) | ToFp(..) | ToFpUnsigned(..) => 2,
            FpToUbv(_) | FpToSbv(_) => 1,
            RePower(_) | Repeat(_) | ZeroExtend(_) | SignExtend(_) | RotateLeft(_)
            | RotateRight(_) | Int2bv(_) | IntToBv(_) | Divisible(_) => 1,
            _ => 0,
        }
    }

    /// The indices of an indexed operator (`(_ extract 3 0)` has `[3, 0]`);
    /// empty for the others.
    pub fn indices(self) -> Vec<u32> {
        use Op::*;
        match self {
            ReLoop(a, b)
            | Extract(a, b)
            | FpPlusZero(a, b)
            | FpMinusZero(a, b)
            | FpPlusInf(a, b)
            | FpMinusInf(a, b)
            | FpNaN(a, b)
            | ToFp(a, b)
            | ToFpUnsigned(a, b) => vec![a, b],
            FpToUbv(n) | FpToSbv(n) => vec![n],
            RePower(n) | Repeat(n) | ZeroExtend(n) | SignExtend(n) | RotateLeft(n)
            | RotateRight(n) | Int2bv(n) | IntToBv(n) | Divisible(n) => vec![n],
            _ => Vec::new(),
        }
    }

    /// The same operator with the given indices (as many as
    /// [`Op::index_count`]); an operator without indices is itself.
    pub fn with_indices(self, indices: &[u32]) -> Op {
        use Op::*;
        match (self, indices) {
            (ReLoop(..), &[a, b, ..]) => ReLoop(a, b),
            (Extract(..), &[a, b, ..]) => Extract(a, b),
            (RePower(_), &[n, ..]) => RePower(n),
            (Repeat(_), &[n, ..]) => Repeat(n),
            (ZeroExtend(_), &[n, ..]) => ZeroExtend(n),
            (SignExtend(_), &[n, ..]) => SignExtend(n),
            (RotateLeft(_), &[n, ..]) => RotateLeft(n),
            (RotateRight(_), &[n, ..]) => RotateRight(n),
            (Int2bv(_), &[n, ..]) => Int2bv(n),
            (IntToBv(_), &[n, ..]) => IntToBv(n),
            (Divisible(_), &[n, ..]) => Divisible(n),
            (FpPlusZero(..), &[a, b, ..]) => FpPlusZero(a, b),
            (FpMinusZero(..), &[a, b, ..]) => FpMinusZero(a, b),
            (FpPlusInf(..), &[a, b, ..]) => FpPlusInf(a, b),
            (FpMinusInf(..), &[a, b, ..]) => FpMinusInf(a, b),
            (FpNaN(..), &[a, b, ..]) => FpNaN(a, b),
            (ToFp(..), &[a, b, ..]) => ToFp(a, b),
            (ToFpUnsigned(..), &[a, b, ..]) => ToFpUnsigned(a, b),
            (FpToUbv(_), &[n, ..]) => FpToUbv(n),
            (FpToSbv(_), &[n, ..]) => FpToSbv(n),
            (op, _) => op,
        }
    }

    /// The operator with its indices at 0: the key of its row.
    pub(super) fn kind(self) -> Op {
        self.with_indices(&[0, 0])
    }
}
