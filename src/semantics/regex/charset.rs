//! Sets of characters as sorted interval lists.
//!
//! # Invariant
//!
//! A [`CharSet`] holds intervals `(lo, hi)` with `lo <= hi <= MAX_CHAR`,
//! sorted, pairwise disjoint and non-adjacent (`hi + 1 < next.lo`), so that
//! two sets are equal exactly when their interval lists are equal.

use crate::term::MAX_CHAR;

/// A set of characters of the alphabet `0..=MAX_CHAR`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CharSet(Vec<(u32, u32)>);

impl CharSet {
    /// The empty set.
    pub fn empty() -> Self {
        CharSet(Vec::new())
    }

    /// The whole alphabet.
    pub fn full() -> Self {
        CharSet(vec![(0, MAX_CHAR)])
    }

    /// One character.
    pub fn single(c: u32) -> Self {
        debug_assert!(c <= MAX_CHAR);
        CharSet(vec![(c, c)])
    }

    /// The characters `lo..=hi`; empty when `lo > hi`.
    pub fn range(lo: u32, hi: u32) -> Self {
        if lo > hi {
            CharSet::empty()
        } else {
            CharSet(vec![(lo, hi.min(MAX_CHAR))])
        }
    }

    /// The intervals, sorted and non-adjacent.
    pub fn intervals(&self) -> &[(u32, u32)] {
        &self.0
    }

    /// Whether the set has no character.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether the set is the whole alphabet.
    pub fn is_full(&self) -> bool {
        self.0 == [(0, MAX_CHAR)]
    }

    /// The single character, if the set has exactly one.
    pub fn as_single(&self) -> Option<u32> {
        match self.0.as_slice() {
            [(a, b)] if a == b => Some(*a),
            _ => None,
        }
    }

    /// Whether `c` is in the set.
    pub fn contains(&self, c: u32) -> bool {
        let i = self.0.partition_point(|&(_, hi)| hi < c);
        i < self.0.len() && self.0[i].0 <= c
    }

    /// The smallest character, if any.
    pub fn first(&self) -> Option<u32> {
        self.0.first().map(|&(lo, _)| lo)
    }

    /// The number of characters.
    pub fn count(&self) -> u64 {
        self.0.iter().map(|&(lo, hi)| u64::from(hi - lo) + 1).sum()
    }

    /// Set union.
    pub fn union(&self, other: &CharSet) -> CharSet {
        let mut all: Vec<(u32, u32)> = self.0.iter().chain(other.0.iter()).copied().collect();
        all.sort_unstable();
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(all.len());
        for (lo, hi) in all {
            match out.last_mut() {
                // Merge overlapping and adjacent intervals to keep the invariant.
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => out.push((lo, hi)),
            }
        }
        CharSet(out)
    }

    /// Set complement with respect to the alphabet.
    pub fn complement(&self) -> CharSet {
        let mut out = Vec::with_capacity(self.0.len() + 1);
        let mut next = 0u32;
        for &(lo, hi) in &self.0 {
            if lo > next {
                out.push((next, lo - 1));
            }
            next = hi + 1;
        }
        if next <= MAX_CHAR {
            out.push((next, MAX_CHAR));
        }
        CharSet(out)
    }

    /// Set intersection.
    pub fn inter(&self, other: &CharSet) -> CharSet {
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::new();
        while i < self.0.len() && j < other.0.len() {
            let (a, b) = self.0[i];
            let (c, d) = other.0[j];
            let lo = a.max(c);
            let hi = b.min(d);
            if lo <= hi {
                out.push((lo, hi));
            }
            if b < d { i += 1 } else { j += 1 }
        }
        CharSet(out)
    }
}

/// Splits the alphabet into the coarsest partition (the minterms) such that
/// every given set is a union of blocks. Blocks come sorted by their
/// smallest character.
pub fn minterms(sets: &[CharSet]) -> Vec<CharSet> {
    // Elementary intervals between all boundaries, then grouped by which
    // sets contain them: chars with the same signature are indistinguishable.
    let mut cuts: Vec<u32> = vec![0, MAX_CHAR + 1];
    for s in sets {
        for &(lo, hi) in s.intervals() {
            cuts.push(lo);
            cuts.push(hi + 1);
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut groups: std::collections::HashMap<Vec<bool>, usize> = Default::default();
    let mut blocks: Vec<Vec<(u32, u32)>> = Vec::new();
    for w in cuts.windows(2) {
        let (lo, hi) = (w[0], w[1] - 1);
        let sig: Vec<bool> = sets.iter().map(|s| s.contains(lo)).collect();
        let idx = *groups.entry(sig).or_insert_with(|| {
            blocks.push(Vec::new());
            blocks.len() - 1
        });
        blocks[idx].push((lo, hi));
    }
    blocks
        .into_iter()
        .map(|b| CharSet::empty().union(&CharSet(b)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_merges_adjacent_intervals() {
        let s = CharSet::range(1, 3).union(&CharSet::range(4, 6));
        assert_eq!(s.intervals(), &[(1, 6)]);
        assert_eq!(s.complement().complement(), s);
        assert!(s.complement().union(&s).is_full());
        assert!(s.complement().inter(&s).is_empty());
    }

    #[test]
    fn minterms_partition_the_alphabet() {
        let a = CharSet::range(10, 20);
        let b = CharSet::range(15, 30);
        let ms = minterms(&[a.clone(), b.clone()]);
        assert_eq!(ms.len(), 4);
        let total: u64 = ms.iter().map(CharSet::count).sum();
        assert_eq!(total, u64::from(MAX_CHAR) + 1);
        for m in &ms {
            assert!(m.inter(&a).is_empty() || m.inter(&a) == *m);
            assert!(m.inter(&b).is_empty() || m.inter(&b) == *m);
        }
    }
}
