//! A deterministic random generator of closed `RegLan` terms and of strings
//! over a small alphabet, for the regex tests.
//!
//! The alphabet is mostly `a`, `b`, `c` (so that random regexes and strings
//! interact), with a few characters at the edges of the theory's alphabet
//! (`\u{0}`, a surrogate, `\u{2ffff}`) so that classes and complements are
//! exercised over the whole of `0..=0x2FFFF`.

#![allow(dead_code)]

use equifuzz::term::{Op, SmtString, Term};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The characters strings and literals are drawn from.
pub const CHARS: &[u32] = &[0x61, 0x61, 0x62, 0x62, 0x63, 0x64, 0x0, 0xd800, 0x2ffff];

/// A seeded generator.
pub struct Gen {
    /// The random source.
    pub rng: ChaCha8Rng,
}

impl Gen {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A random character of [`CHARS`].
    pub fn char(&mut self) -> u32 {
        CHARS[self.rng.random_range(0..CHARS.len())]
    }

    /// A random string of length `0..=max_len`.
    pub fn string(&mut self, max_len: usize) -> SmtString {
        let n = self.rng.random_range(0..=max_len);
        SmtString::from_chars((0..n).map(|_| self.char()).collect()).unwrap()
    }

    fn str_term(&mut self, max_len: usize) -> Term {
        Term::Str(self.string(max_len))
    }

    /// A random regex term of at most the given depth.
    pub fn regex(&mut self, depth: u32) -> Term {
        let leaf = depth == 0 || self.rng.random_bool(0.3);
        if leaf {
            return match self.rng.random_range(0..10) {
                0 => Term::App(Op::ReNone, vec![]),
                1 => Term::App(Op::ReAll, vec![]),
                2 => Term::App(Op::ReAllchar, vec![]),
                3 | 4 => {
                    // Mostly well-formed ranges, sometimes reversed or with
                    // a non-singleton bound (both denote re.none).
                    let (a, b) = if self.rng.random_bool(0.8) {
                        (Term::Str(self.string_of(1)), Term::Str(self.string_of(1)))
                    } else {
                        (self.str_term(2), self.str_term(2))
                    };
                    Term::App(Op::ReRange, vec![a, b])
                }
                _ => {
                    let s = self.str_term(3);
                    Term::App(Op::StrToRe, vec![s])
                }
            };
        }
        let sub = |g: &mut Gen| g.regex(depth - 1);
        match self.rng.random_range(0..13) {
            0 | 1 => Term::App(Op::ReConcat, vec![sub(self), sub(self)]),
            2 | 3 => Term::App(Op::ReUnion, vec![sub(self), sub(self)]),
            4 => Term::App(Op::ReInter, vec![sub(self), sub(self)]),
            5 => Term::App(Op::ReDiff, vec![sub(self), sub(self)]),
            6 => Term::App(Op::ReComp, vec![sub(self)]),
            7 | 8 => Term::App(Op::ReStar, vec![sub(self)]),
            9 => Term::App(Op::RePlus, vec![sub(self)]),
            10 => Term::App(Op::ReOpt, vec![sub(self)]),
            11 => {
                let n = self.rng.random_range(0..4);
                Term::App(Op::RePower(n), vec![sub(self)])
            }
            _ => {
                let lo = self.rng.random_range(0..4);
                let hi = self.rng.random_range(0..4);
                Term::App(Op::ReLoop(lo, hi), vec![sub(self)])
            }
        }
    }

    /// A string of exactly `n` characters.
    pub fn string_of(&mut self, n: usize) -> SmtString {
        SmtString::from_chars((0..n).map(|_| self.char()).collect()).unwrap()
    }

    /// A term denoting the same language as `t` by a law of Kleene algebra
    /// with complement, or (sometimes) a slightly different one: pairs for
    /// language-equality queries that are often equal.
    pub fn variant(&mut self, t: &Term) -> Term {
        let app = |op: Op, args: Vec<Term>| Term::App(op, args);
        match self.rng.random_range(0..8) {
            0 => app(Op::ReComp, vec![app(Op::ReComp, vec![t.clone()])]),
            1 => app(Op::ReUnion, vec![t.clone(), t.clone()]),
            2 => app(
                Op::ReConcat,
                vec![t.clone(), app(Op::StrToRe, vec![Term::str("")])],
            ),
            3 => app(Op::ReInter, vec![t.clone(), app(Op::ReAll, vec![])]),
            4 => app(Op::ReStar, vec![t.clone()]),
            5 => app(
                Op::ReConcat,
                vec![t.clone(), app(Op::ReStar, vec![t.clone()])],
            ),
            6 => app(
                Op::ReUnion,
                vec![t.clone(), app(Op::StrToRe, vec![self.str_term(2)])],
            ),
            _ => self.regex(3),
        }
    }
}
