//! Operators: the function symbols of the core theory, integers, the SMT-LIB
//! 2.6 Unicode Strings theory (strings and regular languages) and arrays.
//!
//! An [`Op`] knows its SMT-LIB name in each [`Dialect`] and its rank
//! ([`Op::result_sort`]); terms are `Op` applied to argument terms.

use serde::{Deserialize, Serialize};

use super::Dialect;

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
}

/// Which operators each dialect has: kept with the operators so that the
/// dialect type needs nothing of them.
impl Dialect {
    /// Whether the release lacks `op` (or, for `str.from_code` on a byte
    /// release, gives it another meaning: Z3 4.8.9 maps a code above 0xFF
    /// to the empty string, or stops with an error).
    pub fn lacks(self, op: Op) -> bool {
        use Op::*;
        match self {
            Dialect::Smtlib26 | Dialect::Z3RawBackslash | Dialect::Cvc5 => false,
            Dialect::Z3Bytes => matches!(op, StrFromCode),
            // `str.is_digit` and `re.diff` are printed with what they have.
            Dialect::Legacy => matches!(
                op,
                StrReplaceAll | StrReplaceRe | StrReplaceReAll | StrToCode | StrFromCode
            ),
            Dialect::Legacy485 => Dialect::Legacy.lacks(op) || matches!(op, StrLt | StrLe),
        }
    }
}

impl Op {
    /// Every operator with no indices, for parsers and generators that need
    /// the whole table. Indexed ones (`re.^`, `re.loop`) are absent.
    pub const UNINDEXED: &'static [Op] = &[
        Op::Not,
        Op::And,
        Op::Or,
        Op::Xor,
        Op::Implies,
        Op::Eq,
        Op::Distinct,
        Op::Ite,
        Op::Add,
        Op::Sub,
        Op::Neg,
        Op::Mul,
        Op::Div,
        Op::Mod,
        Op::Abs,
        Op::Lt,
        Op::Le,
        Op::Gt,
        Op::Ge,
        Op::StrConcat,
        Op::StrLen,
        Op::StrLt,
        Op::StrLe,
        Op::StrAt,
        Op::StrSubstr,
        Op::StrPrefixof,
        Op::StrSuffixof,
        Op::StrContains,
        Op::StrIndexof,
        Op::StrReplace,
        Op::StrReplaceAll,
        Op::StrReplaceRe,
        Op::StrReplaceReAll,
        Op::StrIsDigit,
        Op::StrToCode,
        Op::StrFromCode,
        Op::StrToInt,
        Op::StrFromInt,
        Op::StrInRe,
        Op::StrToRe,
        Op::ReNone,
        Op::ReAll,
        Op::ReAllchar,
        Op::ReConcat,
        Op::ReUnion,
        Op::ReInter,
        Op::ReDiff,
        Op::ReComp,
        Op::ReStar,
        Op::RePlus,
        Op::ReOpt,
        Op::ReRange,
        Op::Select,
        Op::Store,
        Op::Concat,
        Op::BvNot,
        Op::BvAnd,
        Op::BvOr,
        Op::BvNeg,
        Op::BvAdd,
        Op::BvMul,
        Op::BvUdiv,
        Op::BvUrem,
        Op::BvShl,
        Op::BvLshr,
        Op::BvUlt,
        Op::BvNand,
        Op::BvNor,
        Op::BvXor,
        Op::BvXnor,
        Op::BvComp,
        Op::BvSub,
        Op::BvSdiv,
        Op::BvSrem,
        Op::BvSmod,
        Op::BvAshr,
        Op::BvUle,
        Op::BvUgt,
        Op::BvUge,
        Op::BvSlt,
        Op::BvSle,
        Op::BvSgt,
        Op::BvSge,
        Op::Bv2nat,
    ];

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
    ];

    /// The SMT-LIB 2.6 name. For indexed operators, the name inside `(_ ...)`.
    /// `Neg` and `Sub` share `-`.
    pub fn name(self) -> &'static str {
        self.name_in(Dialect::Smtlib26)
    }

    /// The name in a given dialect.
    pub fn name_in(self, dialect: Dialect) -> &'static str {
        use Op::*;
        if dialect.legacy_names() {
            match self {
                StrInRe => return "str.in.re",
                StrToRe => return "str.to.re",
                StrToInt => return "str.to.int",
                StrFromInt => return "int.to.str",
                ReNone => return "re.nostr",
                ReComp => return "re.complement",
                _ => {}
            }
        }
        match self {
            Not => "not",
            And => "and",
            Or => "or",
            Xor => "xor",
            Implies => "=>",
            Eq => "=",
            Distinct => "distinct",
            Ite => "ite",
            Add => "+",
            Sub | Neg => "-",
            Mul => "*",
            Div => "div",
            Mod => "mod",
            Abs => "abs",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            StrConcat => "str.++",
            StrLen => "str.len",
            StrLt => "str.<",
            StrLe => "str.<=",
            StrAt => "str.at",
            StrSubstr => "str.substr",
            StrPrefixof => "str.prefixof",
            StrSuffixof => "str.suffixof",
            StrContains => "str.contains",
            StrIndexof => "str.indexof",
            StrReplace => "str.replace",
            StrReplaceAll => "str.replace_all",
            StrReplaceRe => "str.replace_re",
            StrReplaceReAll => "str.replace_re_all",
            StrIsDigit => "str.is_digit",
            StrToCode => "str.to_code",
            StrFromCode => "str.from_code",
            StrToInt => "str.to_int",
            StrFromInt => "str.from_int",
            StrInRe => "str.in_re",
            StrToRe => "str.to_re",
            ReNone => "re.none",
            ReAll => "re.all",
            ReAllchar => "re.allchar",
            ReConcat => "re.++",
            ReUnion => "re.union",
            ReInter => "re.inter",
            ReDiff => "re.diff",
            ReComp => "re.comp",
            ReStar => "re.*",
            RePlus => "re.+",
            ReOpt => "re.opt",
            ReRange => "re.range",
            RePower(_) => "re.^",
            ReLoop(..) => "re.loop",
            Select => "select",
            Store => "store",
            Concat => "concat",
            Extract(..) => "extract",
            BvNot => "bvnot",
            BvAnd => "bvand",
            BvOr => "bvor",
            BvNeg => "bvneg",
            BvAdd => "bvadd",
            BvMul => "bvmul",
            BvUdiv => "bvudiv",
            BvUrem => "bvurem",
            BvShl => "bvshl",
            BvLshr => "bvlshr",
            BvUlt => "bvult",
            BvNand => "bvnand",
            BvNor => "bvnor",
            BvXor => "bvxor",
            BvXnor => "bvxnor",
            BvComp => "bvcomp",
            BvSub => "bvsub",
            BvSdiv => "bvsdiv",
            BvSrem => "bvsrem",
            BvSmod => "bvsmod",
            BvAshr => "bvashr",
            Repeat(_) => "repeat",
            ZeroExtend(_) => "zero_extend",
            SignExtend(_) => "sign_extend",
            RotateLeft(_) => "rotate_left",
            RotateRight(_) => "rotate_right",
            BvUle => "bvule",
            BvUgt => "bvugt",
            BvUge => "bvuge",
            BvSlt => "bvslt",
            BvSle => "bvsle",
            BvSgt => "bvsgt",
            BvSge => "bvsge",
            Bv2nat => "bv2nat",
            Int2bv(_) => "int2bv",
        }
    }

    /// Whether the operator is a constant (`re.none`, `re.all`, `re.allchar`),
    /// printed as a bare symbol.
    pub fn is_nullary(self) -> bool {
        matches!(self, Op::ReNone | Op::ReAll | Op::ReAllchar)
    }

    /// The indices of an indexed operator (`(_ extract 3 0)` has `[3, 0]`);
    /// empty for the others.
    pub fn indices(self) -> Vec<u32> {
        use Op::*;
        match self {
            ReLoop(a, b) | Extract(a, b) => vec![a, b],
            RePower(n) | Repeat(n) | ZeroExtend(n) | SignExtend(n) | RotateLeft(n)
            | RotateRight(n) | Int2bv(n) => vec![n],
            _ => Vec::new(),
        }
    }

    /// Whether the operator belongs to the bit-vector theory.
    pub fn is_bitvec(self) -> bool {
        self >= Op::Concat
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_except_minus() {
        let mut seen = std::collections::HashMap::new();
        for &op in Op::UNINDEXED {
            if let Some(prev) = seen.insert(op.name(), op) {
                assert!(
                    matches!((prev, op), (Op::Sub, Op::Neg) | (Op::Neg, Op::Sub)),
                    "{prev:?} and {op:?} share {}",
                    op.name()
                );
            }
        }
    }
}
