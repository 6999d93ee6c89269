//! Regular languages (`RegLan` values) with exact executable semantics.
//!
//! A [`Regex`] is a symbolic regular expression over interval character
//! classes of the alphabet `0..=0x2FFFF`, normalized by smart constructors
//! and hash-consed (see [`node`](self) invariants), so that simple laws hold
//! syntactically (`(re.+ R)` is the same value as `(re.++ R (re.* R))`,
//! `(re.range "b" "a")` is `re.none`, `((_ re.loop 189 0) R)` is `re.none`).
//! Everything else is decided semantically on Brzozowski derivatives, whose
//! classes are split into minterms so one step covers a whole block of
//! characters:
//!
//! - membership [`Regex::is_match`];
//! - emptiness, a shortest witness, language equality and inclusion with a
//!   shortest separating string (Hopcroft–Karp over derivative states);
//! - bounded enumeration of members;
//! - `str.replace_re` / `str.replace_re_all` ([`str_replace_re`]).
//!
//! Complement and intersection are exact: they are operators of the
//! derivative algebra, not approximations.
//!
//! # Invariants
//!
//! - Two values are `==` iff their normal forms are identical; equal
//!   languages may still be different values: use [`Regex::equiv`].
//! - [`Regex::to_term`] is canonical and `from_term(to_term(r)) == r`.
//! - Every decision procedure is bounded by a state budget and returns
//!   [`RegexError::Budget`] rather than running for ever.
//! - Serialization writes the canonical term; deserialization rebuilds the
//!   value through [`Regex::from_term`].

mod charset;
mod decide;
mod deriv;
mod error;
mod node;
mod replace;
mod term;

pub use charset::CharSet;
pub use error::RegexError;
pub use node::{Regex, interned_nodes};
pub use replace::{str_replace_re, str_replace_re_all};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::term::{SmtString, Term};

/// The default number of derivative states a decision may visit.
pub const DEFAULT_BUDGET: usize = 200_000;

impl Regex {
    /// Whether `s` is a member (`str.in_re`).
    pub fn is_match(&self, s: &SmtString) -> bool {
        let mut state = self.clone();
        let none = Regex::none();
        for &c in s.chars() {
            state = deriv::derivative(&state, c);
            if state == none {
                return false;
            }
        }
        state.nullable()
    }

    /// The derivative by one character: `{ w | c·w ∈ L(self) }`.
    pub fn derivative(&self, c: u32) -> Regex {
        deriv::derivative(self, c)
    }

    /// Whether the language is empty.
    pub fn is_empty(&self) -> Result<bool, RegexError> {
        Ok(self.shortest_witness()?.is_none())
    }

    /// Like [`Regex::is_empty`] with an explicit state budget.
    pub fn is_empty_within(&self, budget: usize) -> Result<bool, RegexError> {
        Ok(decide::shortest_witness(self, budget)?.is_none())
    }

    /// A shortest member, or `None` when the language is empty.
    pub fn shortest_witness(&self) -> Result<Option<SmtString>, RegexError> {
        decide::shortest_witness(self, DEFAULT_BUDGET)
    }

    /// Whether both denote the same language.
    pub fn equiv(&self, other: &Regex) -> Result<bool, RegexError> {
        Ok(self.separating_string(other)?.is_none())
    }

    /// Like [`Regex::equiv`] with an explicit state budget.
    pub fn equiv_with_budget(&self, other: &Regex, budget: usize) -> Result<bool, RegexError> {
        Ok(decide::separate(self, other, budget)?.is_none())
    }

    /// Whether `L(other) ⊆ L(self)`.
    pub fn includes(&self, other: &Regex) -> Result<bool, RegexError> {
        Regex::union(&[self.clone(), other.clone()]).equiv(self)
    }

    /// A shortest string in exactly one of the two languages, or `None`
    /// when they are equal.
    pub fn separating_string(&self, other: &Regex) -> Result<Option<SmtString>, RegexError> {
        decide::separate(self, other, DEFAULT_BUDGET)
    }

    /// The members of length at most `max_len`, in `str.<` order, at most
    /// `limit` of them (the alphabet has 196,608 characters, so the caller
    /// bounds the count).
    pub fn members_up_to(
        &self,
        max_len: usize,
        limit: usize,
    ) -> Result<Vec<SmtString>, RegexError> {
        decide::members_up_to(self, max_len, limit, DEFAULT_BUDGET)
    }
}

impl Serialize for Regex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_term().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Regex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let t = Term::deserialize(d)?;
        Regex::from_term(&t).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Regex {
        Regex::literal(&SmtString::from(s))
    }

    #[test]
    fn thesis_facts_hold_syntactically() {
        assert_eq!(Regex::range(&"b".into(), &"a".into()), Regex::none());
        assert_eq!(lit("").loop_(189, 0), Regex::none());
        let r = Regex::union(&[lit("ab"), lit("c").star()]);
        assert_eq!(r.plus(), Regex::concat(&[r.clone(), r.star()]));
    }

    #[test]
    fn replace_follows_the_standards_examples() {
        let a_star = lit("a").star();
        assert_eq!(
            str_replace_re(&"baab".into(), &a_star, &"cc".into()),
            "ccbaab".into()
        );
        assert_eq!(
            str_replace_re_all(&"baab".into(), &a_star, &"cd".into()),
            "bcdcdb".into()
        );
        let a_plus = lit("a").plus();
        assert_eq!(
            str_replace_re(&"baab".into(), &a_plus, &"cc".into()),
            "bccab".into()
        );
    }
}
