//! Dialects: what one solver release reads and prints (operator names,
//! string literal escapes, alphabet, the SMT-LIB 2.7 bit-vector operators).
//!
//! The operators a release lacks are recorded in the operator table
//! ([`OPERATORS`](super::OPERATORS), [`Dialect::lacks`]), next to their
//! names in each dialect.

use serde::{Deserialize, Serialize};

/// What one solver release reads and prints: the operator names, how a
/// string literal is written, the characters it has, the operators it
/// lacks. Measured on the PyPI builds of each Z3 release (see
/// `tests/dialect_releases.rs`, which probes every escape class against the
/// real libraries):
///
/// | dialect | releases | names | alphabet | literal escapes it reads | model strings |
/// |---|---|---|---|---|---|
/// | [`Z3Seq`](Dialect::Z3Seq) | Z3 5.3.0 on | 2.6 | 0..=0x2FFFF | as `Smtlib26` | as `Smtlib26` |
/// | [`Z3Bv27`](Dialect::Z3Bv27) | Z3 5.1.0, 5.2 | 2.6 | 0..=0x2FFFF | as `Smtlib26` | as `Smtlib26` |
/// | [`Smtlib26`](Dialect::Smtlib26) | Z3 4.8.13 to 5.0 | 2.6 | 0..=0x2FFFF | `\u{X}`, `\uXXXX` | `\u{X}`, `\u{5c}` for a `\` before `u` |
/// | [`Z3RawBackslash`](Dialect::Z3RawBackslash) | Z3 4.8.11, 4.8.12 | 2.6 | 0..=0x2FFFF | `\u{X}`, `\uXXXX` | `\u{X}`, `\` as is (ambiguous) |
/// | [`Cvc5`](Dialect::Cvc5) | cvc5 1.4.2 on | 2.6 | 0..=0x2FFFF | `\u{X}`, `\uXXXX` | `\u{X}`, `\` as `\u{5c}` |
/// | [`Cvc5Legacy`](Dialect::Cvc5Legacy) | cvc5 before 1.4.2 | 2.6 | as `Cvc5` | as `Cvc5` | as `Cvc5` |
/// | [`Z3Bytes`](Dialect::Z3Bytes) | Z3 4.8.9, 4.8.10 | 2.6 | 0..=0xFF | `\xHH`, `\\`, `\n`..., `\u{X}` (X <= 0xFF) | `\xHH`, `\\`, `\n` |
/// | [`Legacy`](Dialect::Legacy) | Z3 4.8.7, 4.8.8 | pre-2020 | 0..=0xFF | `\xHH`, `\\`, `\n`...; `\u` is `u` | as `Z3Bytes` |
/// | [`Legacy485`](Dialect::Legacy485) | Z3 4.8.5 and older | pre-2020 | 0..=0xFF | as `Legacy` | as `Z3Bytes` |
///
/// SMT-LIB 2.7's bit-vector operators (the overflow predicates `bvnego`
/// ... `bvsdivo`, and `ubv_to_int`, `sbv_to_int`, `(_ int_to_bv m)`), as
/// `tests/bitvec_dialects.rs` measures them (`bv2nat` and `(_ int2bv m)`
/// every release reads; `(_ nat2bv m)` none):
///
/// | release | overflow predicates | `ubv_to_int`, `sbv_to_int`, `int_to_bv` |
/// |---|---|---|
/// | Z3 4.8.5, 4.8.12, 4.8.14 | none | none |
/// | Z3 5.1.0, 5.4.1 | all | all |
/// | cvc5 1.0.3 | all but `bvnego` | none |
/// | cvc5 1.4.2 | all | all |
///
/// Releases between two measured ones take the older one's dialect: an
/// operator is never sent to a release that may lack it.
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
    /// `str.to_int`, `"\u{0}"`, without 2.7's bit-vector operators. Z3
    /// 4.8.13 to 5.0; any solver of unknown version.
    #[default]
    Smtlib26,
    /// Z3 5.3.0 and later: [`Dialect::Z3Bv27`] and `seq.replace_all`,
    /// which Z3 5.1.0 and earlier do not read (measured on the wheels).
    Z3Seq,
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
    /// Z3 5.1.0 to 5.2: [`Dialect::Smtlib26`] and SMT-LIB 2.7's bit-vector
    /// operators, which Z3 4.8.14 does not read. (Declared after the
    /// older dialects: a serialized dialect keeps its meaning.)
    Z3Bv27,
    /// cvc5 before 1.4.2 (1.0.3 measured): [`Dialect::Cvc5`] without
    /// `bvnego`, `ubv_to_int`, `sbv_to_int` and `int_to_bv`.
    Cvc5Legacy,
}

impl Dialect {
    /// Every dialect, for tables and tests.
    pub const ALL: [Dialect; 9] = [
        Dialect::Smtlib26,
        Dialect::Z3Seq,
        Dialect::Z3Bv27,
        Dialect::Z3RawBackslash,
        Dialect::Cvc5,
        Dialect::Cvc5Legacy,
        Dialect::Z3Bytes,
        Dialect::Legacy,
        Dialect::Legacy485,
    ];

    /// Whether the dialect is one of cvc5's (which refuse RegLan constants
    /// and equality between regular expressions).
    pub fn is_cvc5(self) -> bool {
        matches!(self, Dialect::Cvc5 | Dialect::Cvc5Legacy)
    }

    /// Whether operators take their pre-2020 names.
    pub fn legacy_names(self) -> bool {
        matches!(self, Dialect::Legacy | Dialect::Legacy485)
    }

    /// The largest character the release has: its strings are sequences of
    /// `0..=max_char()`.
    pub fn max_char(self) -> u32 {
        match self {
            Dialect::Smtlib26
            | Dialect::Z3Seq
            | Dialect::Z3Bv27
            | Dialect::Z3RawBackslash
            | Dialect::Cvc5
            | Dialect::Cvc5Legacy => super::MAX_CHAR,
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

    /// Whether the release reads `(fp s e m)` with a one-bit `m` (a format
    /// `(_ FloatingPoint eb 2)`): cvc5 1.0.3 refuses it ("significand bit
    /// vector in fp is an invalid size") though it reads the format, so
    /// the printer writes such a value `((_ to_fp eb 2) #b...)` for it.
    /// cvc5 1.4.2 and every Z3 read it (`tests/fp_vs_solvers.rs`).
    pub fn reads_one_bit_fp_literal(self) -> bool {
        self != Dialect::Cvc5Legacy
    }

    /// The dialect's name on the command line (`--dialect`).
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Smtlib26 => "smtlib2.6",
            Dialect::Z3Seq => "z3-5.3.0",
            Dialect::Z3RawBackslash => "z3-4.8.11",
            Dialect::Cvc5 => "cvc5",
            Dialect::Z3Bytes => "z3-4.8.9",
            Dialect::Legacy => "z3-4.8.7",
            Dialect::Legacy485 => "z3-4.8.5",
            Dialect::Z3Bv27 => "z3-5.1.0",
            Dialect::Cvc5Legacy => "cvc5-1.0.3",
        }
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
