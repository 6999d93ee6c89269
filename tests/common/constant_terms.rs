//! A random generator of well-sorted *constant* terms (no variables) over
//! Bool, Int and String, using every non-regex operator of the core, `Ints`
//! and Unicode Strings theories.
//!
//! Deterministic: the same seed gives the same sequence of terms (ChaCha8).
//! Leaves are drawn from boundary values: `""`, one-character strings,
//! quotes, backslashes, non-ASCII and supplementary-plane characters, the
//! last character 0x2FFFF, digit strings (with leading zeros, signs, spaces),
//! negative and huge integers, and the code-point bounds.

use num_bigint::BigInt;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use equifuzz::term::{Op, SmtString, Sort, Term};

/// The string leaves, as code points.
pub fn string_pool() -> Vec<SmtString> {
    let texts: &[&str] = &[
        "", "a", "b", "ab", "ba", "aa", "abc", "aba", "\"", "\"a\"", "\\", "\\u{61}", "\\ua", "é",
        "\u{7f}", " ", "0", "1", "7", "9", "00", "007", "10", "42", "123", "-1", "+1", "1a", " 1",
        "a0",
    ];
    let mut pool: Vec<SmtString> = texts.iter().map(|t| SmtString::from(*t)).collect();
    let raw: &[&[u32]] = &[
        &[0],
        &[0x10000],
        &[0x2FFFF],
        &[0xD800],
        &[0xFFFF],
        &[0x61, 0x10000],
        &[0x1F600, 0x61],
        &[0x660],
    ];
    pool.extend(
        raw.iter()
            .map(|cs| SmtString::from_chars(cs.to_vec()).unwrap()),
    );
    pool
}

/// The integer leaves.
pub fn int_pool() -> Vec<BigInt> {
    let mut pool: Vec<BigInt> = [-10i64, -3, -2, -1, 0, 1, 2, 3, 4, 5, 7, 10, 48, 57, 97, 100]
        .iter()
        .map(|&n| BigInt::from(n))
        .collect();
    pool.extend([0x2FFFFi64, 0x30000, 0xD800, 0x10000, i64::MAX, i64::MIN].map(BigInt::from));
    pool.push(BigInt::from(10u8).pow(30u32));
    pool.push(-BigInt::from(10u8).pow(30u32));
    pool.push(BigInt::from(2u8).pow(64u32));
    pool
}

/// Operators by result sort, with the sorts of their arguments (`None` for
/// n-ary operators of one argument sort, `Some` for fixed ranks).
fn ops_of(sort: &Sort) -> Vec<(Op, Vec<Sort>)> {
    use Sort::{Bool as B, Int as I, String as S};
    match sort {
        Sort::Bool => vec![
            (Op::Not, vec![B]),
            (Op::And, vec![B, B]),
            (Op::And, vec![B, B, B]),
            (Op::Or, vec![B, B]),
            (Op::Or, vec![B, B, B]),
            (Op::Xor, vec![B, B]),
            (Op::Xor, vec![B, B, B]),
            (Op::Implies, vec![B, B]),
            (Op::Implies, vec![B, B, B]),
            (Op::Eq, vec![B, B]),
            (Op::Eq, vec![I, I]),
            (Op::Eq, vec![S, S]),
            (Op::Eq, vec![S, S, S]),
            (Op::Distinct, vec![I, I, I]),
            (Op::Distinct, vec![S, S]),
            (Op::Distinct, vec![S, S, S]),
            (Op::Ite, vec![B, B, B]),
            (Op::Lt, vec![I, I]),
            (Op::Lt, vec![I, I, I]),
            (Op::Le, vec![I, I]),
            (Op::Gt, vec![I, I]),
            (Op::Ge, vec![I, I, I]),
            (Op::StrLt, vec![S, S]),
            (Op::StrLt, vec![S, S, S]),
            (Op::StrLe, vec![S, S]),
            (Op::StrLe, vec![S, S, S]),
            (Op::StrPrefixof, vec![S, S]),
            (Op::StrSuffixof, vec![S, S]),
            (Op::StrContains, vec![S, S]),
            (Op::StrIsDigit, vec![S]),
        ],
        Sort::Int => vec![
            (Op::Add, vec![I, I]),
            (Op::Add, vec![I, I, I]),
            (Op::Sub, vec![I, I]),
            (Op::Sub, vec![I, I, I]),
            (Op::Neg, vec![I]),
            (Op::Mul, vec![I, I]),
            (Op::Div, vec![I, I]),
            (Op::Mod, vec![I, I]),
            (Op::Abs, vec![I]),
            (Op::Ite, vec![B, I, I]),
            (Op::StrLen, vec![S]),
            (Op::StrIndexof, vec![S, S, I]),
            (Op::StrIndexof, vec![S, S, I]),
            (Op::StrToCode, vec![S]),
            (Op::StrToInt, vec![S]),
            (Op::StrToInt, vec![S]),
        ],
        Sort::String => vec![
            (Op::StrConcat, vec![S, S]),
            (Op::StrConcat, vec![S, S, S]),
            (Op::StrAt, vec![S, I]),
            (Op::StrSubstr, vec![S, I, I]),
            (Op::StrSubstr, vec![S, I, I]),
            (Op::StrReplace, vec![S, S, S]),
            (Op::StrReplace, vec![S, S, S]),
            (Op::StrReplaceAll, vec![S, S, S]),
            (Op::StrReplaceAll, vec![S, S, S]),
            (Op::StrFromCode, vec![I]),
            (Op::StrFromInt, vec![I]),
            (Op::Ite, vec![B, S, S]),
        ],
        other => panic!("no constant terms of sort {other}"),
    }
}

/// Generates constant terms deterministically from a seed.
pub struct ConstantTerms {
    rng: ChaCha8Rng,
    strings: Vec<SmtString>,
    ints: Vec<BigInt>,
    max_depth: usize,
}

impl ConstantTerms {
    /// A generator of terms of depth at most `max_depth`.
    pub fn new(seed: u64, max_depth: usize) -> Self {
        ConstantTerms {
            rng: ChaCha8Rng::seed_from_u64(seed),
            strings: string_pool(),
            ints: int_pool(),
            max_depth,
        }
    }

    /// A term of a random sort among Bool, Int, String.
    pub fn any(&mut self) -> Term {
        let sort = [Sort::Bool, Sort::Int, Sort::String]
            .choose(&mut self.rng)
            .unwrap()
            .clone();
        let depth = self.rng.random_range(1..=self.max_depth);
        self.term(&sort, depth)
    }

    /// A term of `sort` of depth at most `depth`.
    pub fn term(&mut self, sort: &Sort, depth: usize) -> Term {
        if depth == 0 || self.rng.random_bool(0.2) {
            return self.leaf(sort);
        }
        let ops = ops_of(sort);
        let (op, args) = ops.choose(&mut self.rng).unwrap().clone();
        let args = args.iter().map(|s| self.term(s, depth - 1)).collect();
        Term::App(op, args)
    }

    fn leaf(&mut self, sort: &Sort) -> Term {
        match sort {
            Sort::Bool => Term::Bool(self.rng.random_bool(0.5)),
            Sort::Int => {
                // Small indices most of the time: they hit the interesting
                // positions of the short strings.
                if self.rng.random_bool(0.6) {
                    Term::Int(BigInt::from(self.rng.random_range(-2i64..=5)))
                } else {
                    Term::Int(self.ints.choose(&mut self.rng).unwrap().clone())
                }
            }
            Sort::String => Term::Str(self.strings.choose(&mut self.rng).unwrap().clone()),
            other => panic!("no constant terms of sort {other}"),
        }
    }
}
