//! Which theory a stream of cases draws from (`--theory`), and which theory
//! a formula belongs to (the `theory` field of `manifest.jsonl`).
//!
//! # Invariant
//!
//! A formula is `quant` exactly when it has a quantifier of ours (an
//! `exists`, or a closed `forall` assertion: `transform::quantifier`'s
//! `mentions_quant`; Table 2's `forall`s are neither); else `uf` exactly when it declares a function symbol with
//! arguments; else `seq` exactly when it has a variable of a sort that holds
//! a sequence, an empty sequence or a `seq.` operator ([`mentions_seq`]);
//! else `combined` when it has a bit-vector or array
//! variable, literal or operator ([`mentions_combined`]); else `regex` when
//! it has a `RegLan` variable or a `str.to_re`, `str.in_re`,
//! `str.replace_re(_all)` or `re.*` term ([`mentions_regex`]); else
//! `strings`. A stream asked for one theory yields only formulas of that
//! theory (the mixed generator's tests check it), since no transformation
//! brings regexes into a strings-only case nor bit-vectors or arrays into
//! either.

use std::fmt;

use crate::generate::combined::{self, is_combined_sort};
use crate::term::{Formula, Term, Theory as OpTheory};
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
    /// Cases of the other streams under `exists` and valid `forall`s
    /// (`transform::quantifier`).
    Quant,
    /// Strings, regex, combined and sequences, and a small share of
    /// quantified cases.
    #[default]
    All,
}

impl Theory {
    /// The theory of one formula: `Quant`, `Uf`, `Seq`, `Combined`, `Regex`
    /// or `Strings`, never `All`.
    pub fn of(formula: &Formula) -> Theory {
        if mentions_quant(formula) {
            Theory::Quant
        } else if formula.decls.iter().any(|(_, s)| s.is_fun()) {
            Theory::Uf
        } else if mentions_seq(formula) {
            Theory::Seq
        } else if mentions_combined(formula) {
            Theory::Combined
        } else if mentions_regex(formula) {
            Theory::Regex
        } else {
            Theory::Strings
        }
    }

    /// Whether a formula of theory `of` belongs to this selection.
    pub fn admits(self, of: Theory) -> bool {
        self == Theory::All || self == of
    }

    /// The name on the command line and in the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Theory::Strings => "strings",
            Theory::Regex => "regex",
            Theory::Combined => "combined",
            Theory::Seq => "seq",
            Theory::Uf => "uf",
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
