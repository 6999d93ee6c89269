//! Operators: the function symbols of the core theory, integers, the SMT-LIB
//! 2.6 Unicode Strings theory (strings and regular languages) and arrays.
//!
//! An [`Op`] knows its SMT-LIB name in each [`Dialect`] and its rank
//! ([`Op::result_sort`]); terms are `Op` applied to argument terms.

use serde::{Deserialize, Serialize};

use super::Sort;

/// What one solver release reads and prints: the operator names, how a
/// string literal is written, the characters it has, the operators it
/// lacks. Measured on the PyPI builds of each Z3 release (see
/// `tests/dialect_releases.rs`, which probes every escape class against the
/// real libraries):
///
/// | dialect | releases | names | alphabet | literal escapes it reads | model strings |
/// |---|---|---|---|---|---|
/// | [`Smtlib26`](Dialect::Smtlib26) | Z3 4.8.13 on | 2.6 | 0..=0x2FFFF | `\u{X}`, `\uXXXX` | `\u{X}`, `\u{5c}` for a `\` before `u` |
/// | [`Z3RawBackslash`](Dialect::Z3RawBackslash) | Z3 4.8.11, 4.8.12 | 2.6 | 0..=0x2FFFF | `\u{X}`, `\uXXXX` | `\u{X}`, `\` as is (ambiguous) |
/// | [`Cvc5`](Dialect::Cvc5) | cvc5 | 2.6 | 0..=0x2FFFF | `\u{X}`, `\uXXXX` | `\u{X}`, `\` as `\u{5c}` |
/// | [`Z3Bytes`](Dialect::Z3Bytes) | Z3 4.8.9, 4.8.10 | 2.6 | 0..=0xFF | `\xHH`, `\\`, `\n`..., `\u{X}` (X <= 0xFF) | `\xHH`, `\\`, `\n` |
/// | [`Legacy`](Dialect::Legacy) | Z3 4.8.7, 4.8.8 | pre-2020 | 0..=0xFF | `\xHH`, `\\`, `\n`...; `\u` is `u` | as `Z3Bytes` |
/// | [`Legacy485`](Dialect::Legacy485) | Z3 4.8.5 and older | pre-2020 | 0..=0xFF | as `Legacy` | as `Z3Bytes` |
///
/// The byte releases read `\x00` (four characters in SMT-LIB 2.6) as one
/// character, so a literal is printed for each release the way it reads
/// it: [`Printer`](super::Printer) follows [`Dialect::byte_escapes`]. What
/// a release cannot express ([`Dialect::lacks`], characters above
/// [`Dialect::max_char`], and for cvc5 RegLan constants and equality) is
/// never sent to it: see `oracle::not_expressible`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dialect {
    /// SMT-LIB 2.6 (2020 and later) names and literals: `str.in_re`,
    /// `str.to_int`, `"\u{0}"`. Z3 4.8.13 and later; any solver of unknown
    /// version.
    #[default]
    Smtlib26,
    /// Z3 4.8.11 and 4.8.12: SMT-LIB 2.6, except that a model string's
    /// backslash is printed as is, so the six characters `\u{61}` come out
    /// as `"\u{61}"`, which reads `"a"` ([`Dialect::ambiguous_models`]).
    Z3RawBackslash,
    /// SMT-LIB 2.6 as cvc5 reads it: it refuses RegLan constants
    /// (`declare-const r RegLan`), equality between regular expressions and
    /// `re.range` over anything but two one-character literals.
    Cvc5,
    /// Z3 4.8.9 and 4.8.10: SMT-LIB 2.6 names, but strings of bytes
    /// (0..=0xFF) and Z3's own escapes (`\x00`, `\\`); `\u{X}` above 0xFF
    /// is read as the empty string.
    Z3Bytes,
    /// Z3 4.8.7 and 4.8.8 (and 4.8.6, not measured): the names before 2020 (`str.in.re`,
    /// `str.to.int`, `int.to.str`, `str.to.re`, `re.nostr`,
    /// `re.complement`, and `re.loop` with the bounds as arguments), and the
    /// literals of [`Dialect::Z3Bytes`], except that `\u` is the letter `u`.
    Legacy,
    /// Z3 4.8.5 and earlier: [`Dialect::Legacy`] without `str.<` and
    /// `str.<=`.
    Legacy485,
}

impl Dialect {
    /// Every dialect, for tables and tests.
    pub const ALL: [Dialect; 6] = [
        Dialect::Smtlib26,
        Dialect::Z3RawBackslash,
        Dialect::Cvc5,
        Dialect::Z3Bytes,
        Dialect::Legacy,
        Dialect::Legacy485,
    ];

    /// Whether operators take their pre-2020 names.
    pub fn legacy_names(self) -> bool {
        matches!(self, Dialect::Legacy | Dialect::Legacy485)
    }

    /// The largest character the release has: its strings are sequences of
    /// `0..=max_char()`.
    pub fn max_char(self) -> u32 {
        match self {
            Dialect::Smtlib26 | Dialect::Z3RawBackslash | Dialect::Cvc5 => super::MAX_CHAR,
            Dialect::Z3Bytes | Dialect::Legacy | Dialect::Legacy485 => 0xFF,
        }
    }

    /// Whether literals are written with Z3's byte escapes (`\xHH`, `\\`)
    /// instead of SMT-LIB 2.6's `\u{X}`, and model strings read the same
    /// way ([`StringEscapes::Z3Legacy`](super::StringEscapes::Z3Legacy)).
    pub fn byte_escapes(self) -> bool {
        self.max_char() == 0xFF
    }

    /// How the release's model strings are read.
    pub fn model_escapes(self) -> super::StringEscapes {
        if self.byte_escapes() {
            super::StringEscapes::Z3Legacy
        } else {
            super::StringEscapes::Smtlib26
        }
    }

    /// Whether the release prints a model string so that some values read
    /// back as another string: Z3 4.8.11 and 4.8.12 print `\` as is, so
    /// the six characters `\u{61}` come out as `"\u{61}"`, which reads
    /// `"a"`. Only an output with `\u` in it can be misread. Z3 4.8.13 on
    /// writes such a backslash `\u{5c}`, cvc5 every backslash, and the byte
    /// releases `\\`.
    pub fn ambiguous_models(self) -> bool {
        self == Dialect::Z3RawBackslash
    }

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

    /// The dialect's name on the command line (`--dialect`).
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Smtlib26 => "smtlib2.6",
            Dialect::Z3RawBackslash => "z3-4.8.11",
            Dialect::Cvc5 => "cvc5",
            Dialect::Z3Bytes => "z3-4.8.9",
            Dialect::Legacy => "z3-4.8.7",
            Dialect::Legacy485 => "z3-4.8.5",
        }
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

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

    /// The sort of `self` applied to arguments of the given sorts, or `None`
    /// if the application is ill-sorted.
    pub fn result_sort(self, args: &[Sort]) -> Option<Sort> {
        use Op::*;
        use Sort::{Bool as B, Int as I, RegLan as R, String as S};
        let all = |s: &Sort| args.iter().all(|a| a == s);
        let exactly = |want: &[Sort], out: Sort| (args == want).then_some(out);
        match self {
            Not => exactly(&[B], B),
            And | Or | Xor | Implies => (args.len() >= 2 && all(&B)).then_some(B),
            Eq | Distinct => (args.len() >= 2 && all(&args[0])).then_some(B),
            Ite => (args.len() == 3 && args[0] == B && args[1] == args[2]).then(|| args[1].clone()),
            Add | Mul => (args.len() >= 2 && all(&I)).then_some(I),
            Sub => (args.len() >= 2 && all(&I)).then_some(I),
            Neg | Abs => exactly(&[I], I),
            Div | Mod => exactly(&[I, I], I),
            Lt | Le | Gt | Ge => (args.len() >= 2 && all(&I)).then_some(B),
            StrConcat => (args.len() >= 2 && all(&S)).then_some(S),
            StrLen => exactly(&[S], I),
            StrLt | StrLe => (args.len() >= 2 && all(&S)).then_some(B),
            StrAt => exactly(&[S, I], S),
            StrSubstr => exactly(&[S, I, I], S),
            StrPrefixof | StrSuffixof | StrContains => exactly(&[S, S], B),
            StrIndexof => exactly(&[S, S, I], I),
            StrReplace | StrReplaceAll => exactly(&[S, S, S], S),
            StrReplaceRe | StrReplaceReAll => exactly(&[S, R, S], S),
            StrIsDigit => exactly(&[S], B),
            StrToCode | StrToInt => exactly(&[S], I),
            StrFromCode | StrFromInt => exactly(&[I], S),
            StrInRe => exactly(&[S, R], B),
            StrToRe => exactly(&[S], R),
            ReNone | ReAll | ReAllchar => exactly(&[], R),
            ReConcat | ReUnion | ReInter => (args.len() >= 2 && all(&R)).then_some(R),
            ReDiff => exactly(&[R, R], R),
            ReComp | ReStar | RePlus | ReOpt | RePower(_) | ReLoop(..) => exactly(&[R], R),
            ReRange => exactly(&[S, S], R),
            Select => match args {
                [Sort::Array(i, e), j] if **i == *j => Some((**e).clone()),
                _ => None,
            },
            Store => match args {
                [a @ Sort::Array(i, e), j, v] if **i == *j && **e == *v => Some(a.clone()),
                _ => None,
            },
            _ => self.bv_result_sort(args),
        }
    }

    /// [`Op::result_sort`] for the bit-vector operators: the ranks of the
    /// FixedSizeBitVectors theory and the QF_BV logic, with their side
    /// conditions on indices (`m > i >= j` for extract, `i >= 1` for
    /// repeat, widths that fit a `u32`).
    fn bv_result_sort(self, args: &[Sort]) -> Option<Sort> {
        use Op::*;
        let width = |s: &Sort| match s {
            Sort::BitVec(m) => Some(*m),
            _ => None,
        };
        let same = || {
            let m = width(args.first()?)?;
            args.iter().all(|a| width(a) == Some(m)).then_some(m)
        };
        let unary = || match args {
            [Sort::BitVec(m)] => Some(*m),
            _ => None,
        };
        match self {
            Concat => match args {
                [Sort::BitVec(a), Sort::BitVec(b)] => a.checked_add(*b).map(Sort::BitVec),
                _ => None,
            },
            Extract(i, j) => {
                let m = unary()?;
                (m > i && i >= j).then(|| Sort::BitVec(i - j + 1))
            }
            BvNot | BvNeg | RotateLeft(_) | RotateRight(_) => unary().map(Sort::BitVec),
            Repeat(i) => unary()
                .filter(|_| i >= 1)
                .and_then(|m| m.checked_mul(i))
                .map(Sort::BitVec),
            ZeroExtend(i) | SignExtend(i) => {
                unary().and_then(|m| m.checked_add(i)).map(Sort::BitVec)
            }
            BvAnd | BvOr | BvAdd | BvMul => (args.len() >= 2).then(same)?.map(Sort::BitVec),
            BvUdiv | BvUrem | BvShl | BvLshr | BvNand | BvNor | BvXor | BvXnor | BvSub | BvSdiv
            | BvSrem | BvSmod | BvAshr => (args.len() == 2).then(same)?.map(Sort::BitVec),
            BvComp => (args.len() == 2).then(same)?.map(|_| Sort::BitVec(1)),
            BvUlt | BvUle | BvUgt | BvUge | BvSlt | BvSle | BvSgt | BvSge => {
                (args.len() == 2).then(same)?.map(|_| Sort::Bool)
            }
            Bv2nat => unary().map(|_| Sort::Int),
            Int2bv(m) => (args == [Sort::Int] && m >= 1).then_some(Sort::BitVec(m)),
            _ => None,
        }
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

    #[test]
    fn ranks_reject_ill_sorted_applications() {
        assert_eq!(Op::StrLen.result_sort(&[Sort::String]), Some(Sort::Int));
        assert_eq!(Op::StrLen.result_sort(&[Sort::Int]), None);
        assert_eq!(
            Op::Ite.result_sort(&[Sort::Bool, Sort::String, Sort::String]),
            Some(Sort::String)
        );
        assert_eq!(
            Op::Ite.result_sort(&[Sort::Bool, Sort::String, Sort::Int]),
            None
        );
        assert_eq!(Op::Eq.result_sort(&[Sort::Int]), None);
    }
}
