//! `str.replace_re` and `str.replace_re_all`, exactly as SMT-LIB 2.6 (Unicode
//! Strings theory) defines them.
//!
//! # The standard's clauses
//!
//! - `⟦str.replace_re⟧(w, L, w₂) = w` if no substring of `w` is in `L`;
//!   otherwise `u₁w₂u₂` where `u₁, w₁` are the shortest words such that
//!   `w = u₁w₁u₂` and `w₁ ∈ L`. The match is leftmost, then shortest, and
//!   may be the empty word: `(str.replace_re "baab" (re.* (str.to_re "a")) "cc")`
//!   is `"ccbaab"`.
//! - `⟦str.replace_re_all⟧(w, L, w₂) = w` if no *non-empty* substring of `w`
//!   is in `L`; otherwise `u₁w₂⟦str.replace_re_all⟧(u₂, L, w₂)` where
//!   `u₁, w₁` are the shortest words such that `w = u₁w₁u₂`, `w₁ ∈ L` and
//!   `w₁ ≠ ε`. The empty word is never replaced here:
//!   `(str.replace_re_all "baab" (re.* (str.to_re "a")) "cd")` is `"bcdcdb"`.
//!
//! cvc5 implements the same (`theory/strings/theory_strings_utils`,
//! `rewriter` for `STRING_REPLACE_RE(_ALL)`).

// A memo, only looked up.
use ahash::AHashMap as HashMap;

use super::deriv::derivative;
use super::node::Regex;
use crate::term::SmtString;

/// Memoized character derivatives for one replace call.
struct Matcher {
    memo: HashMap<(Regex, u32), Regex>,
    none: Regex,
}

impl Matcher {
    fn new() -> Self {
        Matcher {
            memo: HashMap::new(),
            none: Regex::none(),
        }
    }

    /// The end of the shortest match of `r` starting at `start` in `w`, with
    /// the empty match allowed only when `allow_empty`.
    fn shortest_at(
        &mut self,
        r: &Regex,
        w: &[u32],
        start: usize,
        allow_empty: bool,
    ) -> Option<usize> {
        if allow_empty && r.nullable() {
            return Some(start);
        }
        let mut state = r.clone();
        for (i, &c) in w[start..].iter().enumerate() {
            let next = self
                .memo
                .entry((state.clone(), c))
                .or_insert_with(|| derivative(&state, c))
                .clone();
            state = next;
            if state.nullable() {
                return Some(start + i + 1);
            }
            if state == self.none {
                return None;
            }
        }
        None
    }
}

/// `(str.replace_re s r t)`: replaces the leftmost, then shortest, match of
/// `r` in `s` (possibly the empty word) by `t`.
pub fn str_replace_re(s: &SmtString, r: &Regex, t: &SmtString) -> SmtString {
    let w = s.chars();
    let mut m = Matcher::new();
    for start in 0..=w.len() {
        if let Some(end) = m.shortest_at(r, w, start, true) {
            let mut out = Vec::with_capacity(w.len() + t.len());
            out.extend_from_slice(&w[..start]);
            out.extend_from_slice(t.chars());
            out.extend_from_slice(&w[end..]);
            return SmtString::from_vec_unchecked(out);
        }
    }
    s.clone()
}

/// `(str.replace_re_all s r t)`: replaces, left to right, each leftmost and
/// shortest non-empty match of `r` in `s` by `t`.
pub fn str_replace_re_all(s: &SmtString, r: &Regex, t: &SmtString) -> SmtString {
    let w = s.chars();
    let mut m = Matcher::new();
    let mut out = Vec::with_capacity(w.len());
    let mut from = 0;
    // The leftmost start with a non-empty match, and its shortest end.
    while let Some((start, end)) =
        (from..w.len()).find_map(|st| m.shortest_at(r, w, st, false).map(|e| (st, e)))
    {
        out.extend_from_slice(&w[from..start]);
        out.extend_from_slice(t.chars());
        from = end;
    }
    out.extend_from_slice(&w[from..]);
    SmtString::from_vec_unchecked(out)
}
