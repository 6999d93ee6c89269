//! Regex pools: the `RegLan` constants that the regex generators draw from
//! (Kühne 2022, Table 2.4 and Sect. 4.1.1).
//!
//! A pool entry is a term as it is written into a formula together with the
//! language it denotes. The term is kept as written (`(re.range "b" "a")`
//! stays that, though its language is `re.none`): the written form is what
//! exercises a solver's rewriter, the language is what the generators
//! compute with.
//!
//! - [`RegexPool::paper`] is Table 2.4: `a`, `b`, `re.none`, `re.allchar`,
//!   `re.all`, with its strings `""`, `"a"`, `"b"` and integers 0, 1, 3, 4.
//! - [`RegexPool::boundary`] adds the edges of the standard: `(str.to_re
//!   "")`, empty and one-character ranges, ranges with non-singleton
//!   arguments (the empty language, per the standard: "(re.range s1 s2) ...
//!   is the empty language otherwise"), a range over the whole alphabet,
//!   `re.loop`/`re.^` with 0 and with lower > upper (empty), and the
//!   complements of those.
//! - [`RegexPool::randomized`] is Sect. 4.1.1: start from `re.all`,
//!   `re.none`, `re.allchar` and `str.to_re` of every string, then apply
//!   random Table 2.1 operations to random members until the pool has the
//!   asked size; deterministic from the seed, terms bounded in size.
//!
//! # Invariant
//!
//! For every entry, `entry.lang == Regex::from_term(&entry.term)`: the
//! language is the one our semantics gives the written term, and the term
//! is a closed, well-sorted `RegLan` term. Entries are distinct as terms.

use num_bigint::BigInt;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::semantics::regex::{Regex, RegexError};
use crate::term::{Op, SmtString, Term};

/// One regex constant: the term written into formulas and its language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolRegex {
    /// The `RegLan` term as written.
    pub term: Term,
    /// Its language under our semantics.
    pub lang: Regex,
}

impl PoolRegex {
    /// The entry for a closed `RegLan` term.
    pub fn new(term: Term) -> Result<Self, RegexError> {
        let lang = Regex::from_term(&term)?;
        Ok(PoolRegex { term, lang })
    }
}

/// The regex pool and the string and integer pools its operations take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegexPool {
    /// Regex constants.
    pub regexes: Vec<PoolRegex>,
    /// String arguments (`str.to_re`, `re.range`, `str.in_re` subjects).
    pub strings: Vec<SmtString>,
    /// Integer arguments (the indices of `re.^` and `re.loop`).
    pub ints: Vec<u32>,
}

fn app(op: Op, args: Vec<Term>) -> Term {
    Term::App(op, args)
}

fn to_re(s: &str) -> Term {
    app(Op::StrToRe, vec![Term::str(s)])
}

fn range(a: Term, b: Term) -> Term {
    app(Op::ReRange, vec![a, b])
}

fn chr(c: u32) -> Term {
    Term::Str(SmtString::from_chars(vec![c]).expect("pool characters are in the alphabet"))
}

impl RegexPool {
    fn from_terms(terms: Vec<Term>, strings: &[&str], ints: &[u32]) -> Self {
        let mut regexes: Vec<PoolRegex> = Vec::new();
        for t in terms {
            if regexes.iter().any(|r| r.term == t) {
                continue;
            }
            // The terms below are closed RegLan terms by construction.
            if let Ok(r) = PoolRegex::new(t) {
                regexes.push(r);
            }
        }
        RegexPool {
            regexes,
            strings: strings.iter().map(|&s| SmtString::from(s)).collect(),
            ints: ints.to_vec(),
        }
    }

    /// Table 2.4: the regexes `a`, `b`, `re.none`, `re.allchar`, `re.all`;
    /// the strings "", "a", "b"; the integers 0, 1, 3, 4.
    pub fn paper() -> Self {
        Self::from_terms(Self::paper_terms(), &["", "a", "b"], &[0, 1, 3, 4])
    }

    fn paper_terms() -> Vec<Term> {
        vec![
            to_re("a"),
            to_re("b"),
            app(Op::ReNone, vec![]),
            app(Op::ReAllchar, vec![]),
            app(Op::ReAll, vec![]),
        ]
    }

    /// The paper's pool plus the boundary regexes of the standard (see the
    /// module docs), and "ab" and a non-ASCII character among the strings.
    pub fn boundary() -> Self {
        let a = to_re("a");
        let mut terms = Self::paper_terms();
        let edges = vec![
            to_re(""),
            to_re("ab"),
            // One-character and empty (lower > upper) ranges.
            range(Term::str("a"), Term::str("a")),
            range(Term::str("a"), Term::str("c")),
            range(Term::str("b"), Term::str("a")),
            // Non-singleton arguments: the empty language.
            range(Term::str(""), Term::str("a")),
            range(Term::str("ab"), Term::str("c")),
            range(Term::str("a"), Term::str("bc")),
            // The whole alphabet, and its last character.
            range(chr(0), chr(0x2ffff)),
            range(chr(0x2ffff), chr(0x2ffff)),
            // Indices at 0 and lower > upper.
            app(Op::RePower(0), vec![a.clone()]),
            app(Op::RePower(3), vec![a.clone()]),
            app(Op::ReLoop(0, 0), vec![a.clone()]),
            app(Op::ReLoop(3, 1), vec![a.clone()]),
            app(Op::ReLoop(1, 3), vec![a.clone()]),
            app(Op::ReStar, vec![a.clone()]),
        ];
        let comps: Vec<Term> = [
            to_re(""),
            app(Op::ReNone, vec![]),
            app(Op::ReAll, vec![]),
            range(Term::str("b"), Term::str("a")),
            range(Term::str("ab"), Term::str("c")),
            app(Op::RePower(0), vec![a.clone()]),
            app(Op::ReLoop(3, 1), vec![a]),
        ]
        .into_iter()
        .map(|t| app(Op::ReComp, vec![t]))
        .collect();
        terms.extend(edges);
        terms.extend(comps);
        Self::from_terms(terms, &["", "a", "b", "ab", "\u{e4}"], &[0, 1, 3, 4])
    }

    /// Sect. 4.1.1: `re.all`, `re.none`, `re.allchar`, `str.to_re s` for
    /// every string of `base`, then random Table 2.1 operations on random
    /// members (and on `base`'s strings and integers) until `size` entries
    /// or a bounded number of attempts. No term has more than `max_size`
    /// nodes. The same seed gives the same pool.
    pub fn randomized(base: &RegexPool, size: usize, max_size: usize, seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut terms = vec![
            app(Op::ReAll, vec![]),
            app(Op::ReNone, vec![]),
            app(Op::ReAllchar, vec![]),
        ];
        terms.extend(base.strings.iter().map(to_re_s));
        let strings: Vec<&str> = Vec::new();
        let mut pool = Self::from_terms(terms, &strings, &[]);
        pool.strings = base.strings.clone();
        pool.ints = base.ints.clone();
        let mut attempts = 0;
        while pool.regexes.len() < size && attempts < size * 20 {
            attempts += 1;
            let term = pool.random_operation(&mut rng);
            if term.size() > max_size || pool.regexes.iter().any(|r| r.term == term) {
                continue;
            }
            if let Ok(r) = PoolRegex::new(term) {
                pool.regexes.push(r);
            }
        }
        pool
    }

    /// One Table 2.1 operation with return sort `RegLan` applied to random
    /// members of the pools.
    fn random_operation(&self, rng: &mut dyn rand::RngCore) -> Term {
        let re = |rng: &mut dyn rand::RngCore| {
            self.regexes
                .choose(rng)
                .map(|r| r.term.clone())
                .unwrap_or_else(|| app(Op::ReNone, vec![]))
        };
        let s = |rng: &mut dyn rand::RngCore| {
            self.strings
                .choose(rng)
                .map(|s| Term::Str(s.clone()))
                .unwrap_or_else(|| Term::str(""))
        };
        let n = |rng: &mut dyn rand::RngCore| self.ints.choose(rng).copied().unwrap_or(0);
        match rng.random_range(0..12) {
            0 => app(Op::ReConcat, vec![re(rng), re(rng)]),
            1 => app(Op::ReUnion, vec![re(rng), re(rng)]),
            2 => app(Op::ReInter, vec![re(rng), re(rng)]),
            3 => app(Op::ReDiff, vec![re(rng), re(rng)]),
            4 => app(Op::ReComp, vec![re(rng)]),
            5 => app(Op::ReStar, vec![re(rng)]),
            6 => app(Op::RePlus, vec![re(rng)]),
            7 => app(Op::ReOpt, vec![re(rng)]),
            8 => app(Op::ReRange, vec![s(rng), s(rng)]),
            9 => app(Op::RePower(n(rng)), vec![re(rng)]),
            10 => {
                let (lo, hi) = (n(rng), n(rng));
                app(Op::ReLoop(lo, hi), vec![re(rng)])
            }
            _ => app(Op::StrToRe, vec![s(rng)]),
        }
    }

    /// The boundary pool grown by a randomized pool of 80 more entries of
    /// at most 16 nodes (Sect. 4.1.1), as `export` and the mixed source
    /// use it; deterministic from the seed.
    pub fn boundary_randomized(seed: u64) -> Self {
        let mut pool = Self::boundary();
        let grown = Self::randomized(&pool, pool.regexes.len() + 80, 16, seed);
        for r in grown.regexes {
            if !pool.regexes.iter().any(|o| o.term == r.term) {
                pool.regexes.push(r);
            }
        }
        pool
    }

    /// The integer pool as integers (for `str.len` constraints and the
    /// like).
    pub fn int_values(&self) -> Vec<BigInt> {
        self.ints.iter().map(|&n| BigInt::from(n)).collect()
    }
}

fn to_re_s(s: &SmtString) -> Term {
    app(Op::StrToRe, vec![Term::Str(s.clone())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::{Value, eval_closed};
    use crate::term::Sort;

    fn check_invariant(pool: &RegexPool) {
        for (i, r) in pool.regexes.iter().enumerate() {
            assert_eq!(Regex::from_term(&r.term).unwrap(), r.lang, "{}", r.term);
            assert_eq!(r.term.sort(&|_| None).unwrap(), Sort::RegLan, "{}", r.term);
            // The evaluator (a different path than from_term) agrees.
            match eval_closed(&r.term).unwrap() {
                Value::RegLan(l) => assert!(l.equiv(&r.lang).unwrap(), "{}", r.term),
                v => panic!("{}: {v}", r.term),
            }
            assert!(
                pool.regexes[..i].iter().all(|o| o.term != r.term),
                "{} twice",
                r.term
            );
        }
    }

    #[test]
    fn the_paper_pool_is_table_2_4() {
        let p = RegexPool::paper();
        check_invariant(&p);
        let written: Vec<String> = p.regexes.iter().map(|r| r.term.to_string()).collect();
        assert_eq!(
            written,
            [
                "(str.to_re \"a\")",
                "(str.to_re \"b\")",
                "re.none",
                "re.allchar",
                "re.all"
            ]
        );
        assert_eq!(p.strings.len(), 3);
        assert_eq!(p.ints, [0, 1, 3, 4]);
    }

    #[test]
    fn boundary_regexes_denote_what_the_standard_says() {
        let p = RegexPool::boundary();
        check_invariant(&p);
        let lang = |text: &str| {
            p.regexes
                .iter()
                .find(|r| r.term.to_string() == text)
                .unwrap_or_else(|| panic!("{text} not in the pool"))
                .lang
                .clone()
        };
        let none = Regex::none();
        // Invalid ranges, lower > upper, loop with lower > upper: empty.
        for t in [
            "(re.range \"b\" \"a\")",
            "(re.range \"\" \"a\")",
            "(re.range \"ab\" \"c\")",
            "(re.range \"a\" \"bc\")",
            "((_ re.loop 3 1) (str.to_re \"a\"))",
        ] {
            assert!(lang(t).equiv(&none).unwrap(), "{t}");
        }
        // Their complements: everything.
        assert!(
            lang("(re.comp (re.range \"ab\" \"c\"))")
                .equiv(&Regex::all())
                .unwrap()
        );
        // Power 0 and loop 0 0: the empty string only.
        let eps = Regex::epsilon();
        assert!(lang("((_ re.^ 0) (str.to_re \"a\"))").equiv(&eps).unwrap());
        assert!(
            lang("((_ re.loop 0 0) (str.to_re \"a\"))")
                .equiv(&eps)
                .unwrap()
        );
        assert!(
            lang("(re.range \"\\u{0}\" \"\\u{2ffff}\")")
                .equiv(&Regex::allchar())
                .unwrap()
        );
    }

    #[test]
    fn the_randomized_pool_is_deterministic_bounded_and_exact() {
        let base = RegexPool::paper();
        let a = RegexPool::randomized(&base, 60, 20, 7);
        let b = RegexPool::randomized(&base, 60, 20, 7);
        assert_eq!(a, b);
        assert_ne!(a, RegexPool::randomized(&base, 60, 20, 8));
        assert!(a.regexes.len() >= 30, "{}", a.regexes.len());
        assert!(a.regexes.iter().all(|r| r.term.size() <= 20));
        check_invariant(&a);
        // Grown by operations, not only the seeds of steps 2 and 3.
        assert!(a.regexes.iter().any(|r| r.term.depth() >= 2));
    }
}
