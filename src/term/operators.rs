//! The operator table: what is known about each [`Op`] besides its rank,
//! one row per operator, [`OPERATORS`].
//!
//! Everything that is a fact about an operator rather than code (its name
//! in each [`Dialect`], the names the parser also reads, its theory, how
//! many arguments it takes, the dialects that lack it, the sorts and
//! generator pools the generators draw it with) is one row of the table;
//! the lookups by operator and by name read it.
//!
//! The table's invariants are tested in `tests/operator_table.rs`.
//!
//! # Invariants
//!
//! - [`OPERATORS`] has exactly one row per variant of [`Op`], in the order
//!   the variants are declared (an indexed operator's row has its indices at
//!   0). Tested by enumerating the variants through serde, so a variant added
//!   without a row fails the test, not a fuzzing run.
//! - [`Op::name_in`], the parser's name lookup ([`Op::from_name`]),
//!   [`Dialect::lacks`] and every generator's operator list
//!   ([`Op::UNINDEXED`], [`pool`](super::pool())) read the table; nothing
//!   else lists operator names. For every row and every dialect,
//!   `from_name(name_in(d))` gives the row's operator back (`-` gives
//!   [`Op::Sub`], whose name [`Op::Neg`] shares).

use std::collections::HashMap;
use std::sync::LazyLock;

use super::{Dialect, Op, Sort};

/// The theory an operator belongs to, in the sections of [`Op`]. The string
/// functions over regular languages (`str.in_re`, `str.replace_re`) are
/// [`Theory::Strings`]; `str.to_re` and the `re.` operators
/// [`Theory::Regex`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theory {
    /// `Core`: Booleans, equality, `ite`.
    Core,
    /// `Ints`: integer arithmetic.
    Ints,
    /// Strings of the Unicode Strings theory.
    Strings,
    /// Regular languages (`RegLan`) of the Unicode Strings theory.
    Regex,
    /// `ArraysEx`.
    Arrays,
    /// `FixedSizeBitVectors`, the QF_BV extensions, and the conversions to
    /// and from Int.
    BitVectors,
    /// Z3's and cvc5's sequences `(Seq S)` (not an SMT-LIB 2.6 theory).
    Sequences,
    /// `Reals` and `Reals_Ints`: the operators only reals have (`/`,
    /// `to_real`, `to_int`, `is_int`). The arithmetic shared with the
    /// integers (`+ - *`, the comparisons) stays [`Theory::Ints`], as its
    /// rows are one per operator.
    Reals,
    /// `FloatingPoints`: the rounding modes, the floating-point values and
    /// operations, and the conversions to and from them.
    FloatingPoint,
}

impl Theory {
    /// Every theory, in the order of the table.
    pub const ALL: [Theory; 9] = [
        Theory::Core,
        Theory::Ints,
        Theory::Strings,
        Theory::Regex,
        Theory::Arrays,
        Theory::BitVectors,
        Theory::Sequences,
        Theory::Reals,
        Theory::FloatingPoint,
    ];
}

/// How many arguments an operator takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// This many or more (left-assoc, right-assoc, chainable, pairwise).
    AtLeast(usize),
}

impl Arity {
    /// `(min, max)`; `None` is unbounded.
    pub fn bounds(self) -> (usize, Option<usize>) {
        match self {
            Arity::Exactly(n) => (n, Some(n)),
            Arity::AtLeast(n) => (n, None),
        }
    }
}

/// The generator pools an operator is drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pool {
    /// Step-1 formulas, one operator in isolation (the ICSE 2020 paper's
    /// Listing 2): string equality and every non-regex string operator.
    Step1,
    /// The term pool's default operators: the step-1 ones and `+ - *`.
    Terms,
    /// Kühne 2022, Table 2.1: every operation involving regular expressions
    /// (regex constant assignment).
    RegexOperations,
    /// The `RegLan`-valued operations with `RegLan` arguments (nested regex
    /// terms).
    RegexNesting,
    /// Binary bit-vector operators of one width to that width.
    BvBinary,
    /// The bit-vector comparisons.
    BvComparison,
}

/// One row of [`OPERATORS`]: what the project knows about an operator
/// besides its rank.
#[derive(Clone, Copy, Debug)]
pub struct OpRow {
    /// The operator; an indexed one with its indices at 0.
    pub op: Op,
    /// The SMT-LIB 2.6 name (for an indexed operator, the name inside
    /// `(_ ...)`).
    pub name: &'static str,
    /// The name in the pre-2020 dialects ([`Dialect::legacy_names`]), when
    /// it differs.
    pub legacy: Option<&'static str>,
    /// Further names the parser reads (Z3's older spellings); never printed.
    pub aliases: &'static [&'static str],
    /// The theory.
    pub theory: Theory,
    /// How many arguments it takes.
    pub arity: Arity,
    /// The dialects that lack it, or give it another meaning: never sent to
    /// them.
    pub absent: &'static [Dialect],
    /// The argument sorts the generators apply it to, for an operator they
    /// apply to fixed sorts (step 1, the term pool).
    pub applied: Option<&'static [Sort]>,
    /// The generator pools that draw it.
    pub pools: &'static [Pool],
}

const fn row(op: Op, name: &'static str, theory: Theory, arity: Arity) -> OpRow {
    OpRow {
        op,
        name,
        legacy: None,
        aliases: &[],
        theory,
        arity,
        absent: &[],
        applied: None,
        pools: &[],
    }
}

impl OpRow {
    const fn legacy(mut self, name: &'static str, aliases: &'static [&'static str]) -> Self {
        self.legacy = Some(name);
        self.aliases = aliases;
        self
    }

    const fn aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }

    const fn absent(mut self, dialects: &'static [Dialect]) -> Self {
        self.absent = dialects;
        self
    }

    const fn drawn(mut self, applied: &'static [Sort], pools: &'static [Pool]) -> Self {
        self.applied = Some(applied);
        self.pools = pools;
        self
    }

    const fn pools(mut self, pools: &'static [Pool]) -> Self {
        self.pools = pools;
        self
    }
}

const ONE: Arity = Arity::Exactly(1);
const TWO: Arity = Arity::Exactly(2);
const THREE: Arity = Arity::Exactly(3);
const FOUR: Arity = Arity::Exactly(4);
const SOME: Arity = Arity::AtLeast(1);
const MANY: Arity = Arity::AtLeast(2);
const CONSTANT: Arity = Arity::Exactly(0);
const S: Sort = Sort::String;
const I: Sort = Sort::Int;
const STEP1: &[Pool] = &[Pool::Step1, Pool::Terms];
const REGEX: &[Pool] = &[Pool::RegexOperations];
const NESTING: &[Pool] = &[Pool::RegexOperations, Pool::RegexNesting];
const BINARY: &[Pool] = &[Pool::BvBinary];
const COMPARISON: &[Pool] = &[Pool::BvComparison];
const BEFORE_2020: &[Dialect] = &[Dialect::Legacy, Dialect::Legacy485];
/// Every Z3 dialect: what only cvc5 has.
const Z3: &[Dialect] = &[
    Dialect::Smtlib26,
    Dialect::Z3Seq,
    Dialect::Z3Bv27,
    Dialect::Z3RawBackslash,
    Dialect::Z3Bytes,
    Dialect::Legacy,
    Dialect::Legacy485,
];

/// The Z3 dialects before 5.3.0, which lack `seq.replace_all`.
const Z3_BEFORE_5_3: &[Dialect] = &[
    Dialect::Smtlib26,
    Dialect::Z3Bv27,
    Dialect::Z3RawBackslash,
    Dialect::Z3Bytes,
    Dialect::Legacy,
    Dialect::Legacy485,
];

/// The dialects without SMT-LIB 2.7's overflow predicates: Z3 before
/// 5.1.0 (4.8.14 measured), and any solver of unknown version.
const NO_OVERFLOW_PREDICATES: &[Dialect] = &[
    Dialect::Smtlib26,
    Dialect::Z3RawBackslash,
    Dialect::Z3Bytes,
    Dialect::Legacy,
    Dialect::Legacy485,
];

/// The dialects without `bvnego` and 2.7's conversions to and from Int:
/// those of [`NO_OVERFLOW_PREDICATES`] and cvc5 before 1.4.2 (1.0.3 has
/// the other overflow predicates).
const NO_BV27_CONVERSIONS: &[Dialect] = &[
    Dialect::Smtlib26,
    Dialect::Z3RawBackslash,
    Dialect::Z3Bytes,
    Dialect::Legacy,
    Dialect::Legacy485,
    Dialect::Cvc5Legacy,
];

/// The cvc5 dialects: what only Z3 has.
const CVC5: &[Dialect] = &[Dialect::Cvc5, Dialect::Cvc5Legacy];

/// The operator table: one row per [`Op`] variant, in declaration order.
pub static OPERATORS: &[OpRow] = TABLE;

pub(super) const TABLE: &[OpRow] = &{
    use Op::*;
    use Theory::*;
    [
        row(Not, "not", Core, ONE),
        row(And, "and", Core, MANY),
        row(Or, "or", Core, MANY),
        row(Xor, "xor", Core, MANY),
        row(Implies, "=>", Core, MANY),
        // The paper's `equals(s, t)`: string equality as a step-1 operation.
        row(Eq, "=", Core, MANY).drawn(&[S, S], STEP1),
        row(Distinct, "distinct", Core, MANY),
        row(Ite, "ite", Core, THREE),
        row(Add, "+", Ints, MANY).drawn(&[I, I], &[Pool::Terms]),
        row(Sub, "-", Ints, MANY).drawn(&[I, I], &[Pool::Terms]),
        row(Neg, "-", Ints, ONE),
        row(Mul, "*", Ints, MANY).drawn(&[I, I], &[Pool::Terms]),
        row(Div, "div", Ints, TWO),
        row(Mod, "mod", Ints, TWO),
        row(Abs, "abs", Ints, ONE),
        row(Lt, "<", Ints, MANY).drawn(&[I, I], &[]),
        row(Le, "<=", Ints, MANY).drawn(&[I, I], &[]),
        row(Gt, ">", Ints, MANY),
        row(Ge, ">=", Ints, MANY),
        row(StrConcat, "str.++", Strings, MANY).drawn(&[S, S], STEP1),
        row(StrLen, "str.len", Strings, ONE).drawn(&[S], STEP1),
        row(StrLt, "str.<", Strings, MANY)
            .absent(&[Dialect::Legacy485])
            .drawn(&[S, S], STEP1),
        row(StrLe, "str.<=", Strings, MANY)
            .absent(&[Dialect::Legacy485])
            .drawn(&[S, S], STEP1),
        row(StrAt, "str.at", Strings, TWO).drawn(&[S, I], STEP1),
        row(StrSubstr, "str.substr", Strings, THREE).drawn(&[S, I, I], STEP1),
        row(StrPrefixof, "str.prefixof", Strings, TWO).drawn(&[S, S], STEP1),
        row(StrSuffixof, "str.suffixof", Strings, TWO).drawn(&[S, S], STEP1),
        row(StrContains, "str.contains", Strings, TWO).drawn(&[S, S], STEP1),
        row(StrIndexof, "str.indexof", Strings, THREE).drawn(&[S, S, I], STEP1),
        row(StrReplace, "str.replace", Strings, THREE).drawn(&[S, S, S], STEP1),
        row(StrReplaceAll, "str.replace_all", Strings, THREE)
            .absent(BEFORE_2020)
            .drawn(&[S, S, S], STEP1),
        row(StrReplaceRe, "str.replace_re", Strings, THREE)
            .absent(BEFORE_2020)
            .pools(REGEX),
        row(StrReplaceReAll, "str.replace_re_all", Strings, THREE)
            .absent(BEFORE_2020)
            .pools(REGEX),
        // Printed with what the old releases have (see the printer).
        row(StrIsDigit, "str.is_digit", Strings, ONE).drawn(&[S], STEP1),
        row(StrToCode, "str.to_code", Strings, ONE)
            .absent(BEFORE_2020)
            .drawn(&[S], STEP1),
        // Z3 4.8.9 maps a code above 0xFF to the empty string, or stops
        // with an error: another meaning, so absent there too.
        row(StrFromCode, "str.from_code", Strings, ONE)
            .absent(&[Dialect::Z3Bytes, Dialect::Legacy, Dialect::Legacy485])
            .drawn(&[I], STEP1),
        row(StrToInt, "str.to_int", Strings, ONE)
            .legacy("str.to.int", &["str.to-int"])
            .drawn(&[S], STEP1),
        row(StrFromInt, "str.from_int", Strings, ONE)
            .legacy("int.to.str", &["int.to-str"])
            .drawn(&[I], STEP1),
        row(StrInRe, "str.in_re", Strings, TWO)
            .legacy("str.in.re", &["str.in-re"])
            .pools(REGEX),
        row(StrToRe, "str.to_re", Regex, ONE)
            .legacy("str.to.re", &["str.to-re"])
            .pools(REGEX),
        row(ReNone, "re.none", Regex, CONSTANT)
            .legacy("re.nostr", &[])
            .pools(REGEX),
        row(ReAll, "re.all", Regex, CONSTANT).pools(REGEX),
        row(ReAllchar, "re.allchar", Regex, CONSTANT).pools(REGEX),
        row(ReConcat, "re.++", Regex, MANY).pools(NESTING),
        row(ReUnion, "re.union", Regex, MANY).pools(NESTING),
        row(ReInter, "re.inter", Regex, MANY).pools(NESTING),
        // The old releases read `re.inter` with `re.complement` instead.
        row(ReDiff, "re.diff", Regex, TWO).pools(NESTING),
        row(ReComp, "re.comp", Regex, ONE)
            .legacy("re.complement", &[])
            .pools(NESTING),
        row(ReStar, "re.*", Regex, ONE).pools(NESTING),
        row(RePlus, "re.+", Regex, ONE).pools(NESTING),
        row(ReOpt, "re.opt", Regex, ONE).pools(NESTING),
        row(ReRange, "re.range", Regex, TWO).pools(REGEX),
        row(RePower(0), "re.^", Regex, ONE).pools(NESTING),
        // Before 2020 also `(re.loop r lo hi)`, the bounds as arguments.
        row(ReLoop(0, 0), "re.loop", Regex, ONE).pools(NESTING),
        row(Select, "select", Arrays, TWO),
        row(Store, "store", Arrays, THREE),
        row(Concat, "concat", BitVectors, TWO),
        row(Extract(0, 0), "extract", BitVectors, ONE),
        row(BvNot, "bvnot", BitVectors, ONE),
        row(BvAnd, "bvand", BitVectors, MANY).pools(BINARY),
        row(BvOr, "bvor", BitVectors, MANY).pools(BINARY),
        row(BvNeg, "bvneg", BitVectors, ONE),
        row(BvAdd, "bvadd", BitVectors, MANY).pools(BINARY),
        row(BvMul, "bvmul", BitVectors, MANY).pools(BINARY),
        row(BvUdiv, "bvudiv", BitVectors, TWO).pools(BINARY),
        row(BvUrem, "bvurem", BitVectors, TWO).pools(BINARY),
        row(BvShl, "bvshl", BitVectors, TWO).pools(BINARY),
        row(BvLshr, "bvlshr", BitVectors, TWO).pools(BINARY),
        row(BvUlt, "bvult", BitVectors, TWO).pools(COMPARISON),
        row(BvNand, "bvnand", BitVectors, TWO).pools(BINARY),
        row(BvNor, "bvnor", BitVectors, TWO).pools(BINARY),
        row(BvXor, "bvxor", BitVectors, TWO).pools(BINARY),
        row(BvXnor, "bvxnor", BitVectors, TWO).pools(BINARY),
        row(BvComp, "bvcomp", BitVectors, TWO),
        row(BvSub, "bvsub", BitVectors, TWO).pools(BINARY),
        row(BvSdiv, "bvsdiv", BitVectors, TWO).pools(BINARY),
        row(BvSrem, "bvsrem", BitVectors, TWO).pools(BINARY),
        row(BvSmod, "bvsmod", BitVectors, TWO).pools(BINARY),
        row(BvAshr, "bvashr", BitVectors, TWO).pools(BINARY),
        row(Repeat(0), "repeat", BitVectors, ONE),
        row(ZeroExtend(0), "zero_extend", BitVectors, ONE),
        row(SignExtend(0), "sign_extend", BitVectors, ONE),
        row(RotateLeft(0), "rotate_left", BitVectors, ONE),
        row(RotateRight(0), "rotate_right", BitVectors, ONE),
        row(BvUle, "bvule", BitVectors, TWO).pools(COMPARISON),
        row(BvUgt, "bvugt", BitVectors, TWO).pools(COMPARISON),
        row(BvUge, "bvuge", BitVectors, TWO).pools(COMPARISON),
        row(BvSlt, "bvslt", BitVectors, TWO).pools(COMPARISON),
        row(BvSle, "bvsle", BitVectors, TWO).pools(COMPARISON),
        row(BvSgt, "bvsgt", BitVectors, TWO).pools(COMPARISON),
        row(BvSge, "bvsge", BitVectors, TWO).pools(COMPARISON),
        // Z3 also reads `bv2int` for it (cvc5 does not: never printed).
        row(Bv2nat, "bv2nat", BitVectors, ONE).aliases(&["bv2int"]),
        row(Int2bv(0), "int2bv", BitVectors, ONE),
        // Measured on every release (docs/sequences.md): Z3 4.8.5 on and
        // cvc5 1.4.2 read all of these but the ones marked absent.
        row(SeqUnit, "seq.unit", Sequences, ONE),
        row(SeqConcat, "seq.++", Sequences, MANY),
        row(SeqLen, "seq.len", Sequences, ONE),
        row(SeqExtract, "seq.extract", Sequences, THREE),
        row(SeqAt, "seq.at", Sequences, TWO),
        row(SeqNth, "seq.nth", Sequences, TWO),
        row(SeqContains, "seq.contains", Sequences, TWO),
        row(SeqIndexof, "seq.indexof", Sequences, THREE),
        row(SeqLastIndexof, "seq.last_indexof", Sequences, TWO).absent(CVC5),
        // Z3 5.4.1 has it, 4.8.14 and older do not; the Smtlib26 dialect
        // holds both, so only cvc5 is sent it.
        row(SeqReplace, "seq.replace", Sequences, THREE),
        row(SeqReplaceAll, "seq.replace_all", Sequences, THREE).absent(Z3_BEFORE_5_3),
        row(SeqPrefixof, "seq.prefixof", Sequences, TWO),
        row(SeqSuffixof, "seq.suffixof", Sequences, TWO),
        row(SeqRev, "seq.rev", Sequences, ONE).absent(Z3),
        row(SeqUpdate, "seq.update", Sequences, THREE).absent(Z3),
        // SMT-LIB 2.7's bit-vector operators, measured on every release by
        // tests/bitvec_dialects.rs (the table at `Dialect`). In no pool
        // yet: the generators draw them in a later step of issue 41.
        row(BvNego, "bvnego", BitVectors, ONE).absent(NO_BV27_CONVERSIONS),
        row(BvUaddo, "bvuaddo", BitVectors, TWO).absent(NO_OVERFLOW_PREDICATES),
        row(BvSaddo, "bvsaddo", BitVectors, TWO).absent(NO_OVERFLOW_PREDICATES),
        row(BvUmulo, "bvumulo", BitVectors, TWO).absent(NO_OVERFLOW_PREDICATES),
        row(BvSmulo, "bvsmulo", BitVectors, TWO).absent(NO_OVERFLOW_PREDICATES),
        row(BvUsubo, "bvusubo", BitVectors, TWO).absent(NO_OVERFLOW_PREDICATES),
        row(BvSsubo, "bvssubo", BitVectors, TWO).absent(NO_OVERFLOW_PREDICATES),
        row(BvSdivo, "bvsdivo", BitVectors, TWO).absent(NO_OVERFLOW_PREDICATES),
        row(UbvToInt, "ubv_to_int", BitVectors, ONE).absent(NO_BV27_CONVERSIONS),
        row(SbvToInt, "sbv_to_int", BitVectors, ONE).absent(NO_BV27_CONVERSIONS),
        row(IntToBv(0), "int_to_bv", BitVectors, ONE).absent(NO_BV27_CONVERSIONS),
        // Ints: no Z3 release from 4.8.5 to 5.4.1 reads `(_ divisible n)`
        // ("unknown builtin function divisible", later "unknown constant
        // divisible"); cvc5 1.0.3 and 1.4.2 do (tests/int_vs_solvers.rs).
        row(Divisible(0), "divisible", Ints, ONE).absent(Z3),
        // Reals and Reals_Ints (issue 43): in no pool, no generator yet.
        row(RealDiv, "/", Reals, MANY),
        row(ToReal, "to_real", Reals, ONE),
        row(ToInt, "to_int", Reals, ONE),
        row(IsInt, "is_int", Reals, ONE),
        // FloatingPoints (issue 43): in no pool, no generator yet. The
        // rounding modes print short; both solvers read the long names.
        row(Rne, "RNE", FloatingPoint, CONSTANT).aliases(&["roundNearestTiesToEven"]),
        row(Rna, "RNA", FloatingPoint, CONSTANT).aliases(&["roundNearestTiesToAway"]),
        row(Rtp, "RTP", FloatingPoint, CONSTANT).aliases(&["roundTowardPositive"]),
        row(Rtn, "RTN", FloatingPoint, CONSTANT).aliases(&["roundTowardNegative"]),
        row(Rtz, "RTZ", FloatingPoint, CONSTANT).aliases(&["roundTowardZero"]),
        row(FpLit, "fp", FloatingPoint, THREE),
        row(FpPlusZero(0, 0), "+zero", FloatingPoint, CONSTANT),
        row(FpMinusZero(0, 0), "-zero", FloatingPoint, CONSTANT),
        row(FpPlusInf(0, 0), "+oo", FloatingPoint, CONSTANT),
        row(FpMinusInf(0, 0), "-oo", FloatingPoint, CONSTANT),
        row(FpNaN(0, 0), "NaN", FloatingPoint, CONSTANT),
        row(FpAbs, "fp.abs", FloatingPoint, ONE),
        row(FpNeg, "fp.neg", FloatingPoint, ONE),
        row(FpAdd, "fp.add", FloatingPoint, THREE),
        row(FpSub, "fp.sub", FloatingPoint, THREE),
        row(FpMul, "fp.mul", FloatingPoint, THREE),
        row(FpDiv, "fp.div", FloatingPoint, THREE),
        row(FpFma, "fp.fma", FloatingPoint, FOUR),
        row(FpSqrt, "fp.sqrt", FloatingPoint, TWO),
        row(FpRem, "fp.rem", FloatingPoint, TWO),
        row(FpRoundToIntegral, "fp.roundToIntegral", FloatingPoint, TWO),
        row(FpMin, "fp.min", FloatingPoint, TWO),
        row(FpMax, "fp.max", FloatingPoint, TWO),
        row(FpLeq, "fp.leq", FloatingPoint, MANY),
        row(FpLt, "fp.lt", FloatingPoint, MANY),
        row(FpGeq, "fp.geq", FloatingPoint, MANY),
        row(FpGt, "fp.gt", FloatingPoint, MANY),
        row(FpEq, "fp.eq", FloatingPoint, MANY),
        row(FpIsNormal, "fp.isNormal", FloatingPoint, ONE),
        row(FpIsSubnormal, "fp.isSubnormal", FloatingPoint, ONE),
        row(FpIsZero, "fp.isZero", FloatingPoint, ONE),
        row(FpIsInfinite, "fp.isInfinite", FloatingPoint, ONE),
        row(FpIsNaN, "fp.isNaN", FloatingPoint, ONE),
        row(FpIsNegative, "fp.isNegative", FloatingPoint, ONE),
        row(FpIsPositive, "fp.isPositive", FloatingPoint, ONE),
        // One argument (bits) or two (a mode and a value): the rank decides.
        row(ToFp(0, 0), "to_fp", FloatingPoint, SOME),
        row(ToFpUnsigned(0, 0), "to_fp_unsigned", FloatingPoint, TWO),
        row(FpToUbv(0), "fp.to_ubv", FloatingPoint, TWO),
        row(FpToSbv(0), "fp.to_sbv", FloatingPoint, TWO),
        row(FpToReal, "fp.to_real", FloatingPoint, ONE),
    ]
};

const fn unindexed<const N: usize>() -> [Op; N] {
    let mut out = [Op::Not; N];
    let (mut n, mut i) = (0, 0);
    while i < TABLE.len() {
        if !TABLE[i].op.is_indexed() {
            out[n] = TABLE[i].op;
            n += 1;
        }
        i += 1;
    }
    assert!(n == N);
    out
}

const fn unindexed_len() -> usize {
    let (mut n, mut i) = (0, 0);
    while i < TABLE.len() {
        if !TABLE[i].op.is_indexed() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// Every name the parser reads, to the operator it names (indexed ones
/// with indices 0). The first row to claim a name keeps it: `-` is
/// [`Op::Sub`].
static BY_NAME: LazyLock<HashMap<&'static str, Op>> = LazyLock::new(|| {
    let mut by_name = HashMap::new();
    for r in OPERATORS {
        for name in [r.name]
            .into_iter()
            .chain(r.legacy)
            .chain(r.aliases.iter().copied())
        {
            by_name.entry(name).or_insert(r.op);
        }
    }
    by_name
});

impl Dialect {
    /// Whether the release lacks `op` (or, for `str.from_code` on a byte
    /// release, gives it another meaning: Z3 4.8.9 maps a code above 0xFF
    /// to the empty string, or stops with an error).
    pub fn lacks(self, op: Op) -> bool {
        op.row().absent.contains(&self)
    }
}

impl Op {
    /// Every operator with no indices, in table order, for parsers and
    /// generators that need the whole table. Indexed ones (`re.^`,
    /// `re.loop`, `extract`...) are absent.
    pub const UNINDEXED: &'static [Op] = &unindexed::<{ unindexed_len() }>();

    /// The operator's row of [`OPERATORS`].
    pub fn row(self) -> &'static OpRow {
        let kind = self.kind();
        let i = OPERATORS
            .binary_search_by(|r| r.op.cmp(&kind))
            .expect("every operator has a row (tested)");
        &OPERATORS[i]
    }

    /// The operator a function symbol names in any dialect (its SMT-LIB 2.6
    /// name, its pre-2020 name or an older spelling); an indexed one comes
    /// with its indices at 0 ([`Op::with_indices`]). `-` is [`Op::Sub`].
    pub fn from_name(name: &str) -> Option<Op> {
        BY_NAME.get(name).copied()
    }

    /// The SMT-LIB 2.6 name. For indexed operators, the name inside `(_ ...)`.
    /// `Neg` and `Sub` share `-`.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The name in a given dialect.
    pub fn name_in(self, dialect: Dialect) -> &'static str {
        let row = self.row();
        match row.legacy {
            Some(legacy) if dialect.legacy_names() => legacy,
            _ => row.name,
        }
    }

    /// The theory the operator belongs to.
    pub fn theory(self) -> Theory {
        self.row().theory
    }

    /// How many arguments the operator takes.
    pub fn arity(self) -> Arity {
        self.row().arity
    }

    /// Whether the operator is a constant (`re.none`, `re.all`, `re.allchar`),
    /// printed as a bare symbol.
    pub fn is_nullary(self) -> bool {
        self.arity() == Arity::Exactly(0)
    }

    /// Whether the operator belongs to the bit-vector theory.
    pub fn is_bitvec(self) -> bool {
        self.theory() == Theory::BitVectors
    }
}
