//! Decision procedures over derivative automata: emptiness with a shortest
//! witness, language equality with a separating string (Hopcroft–Karp with
//! union-find over derivative states), and bounded enumeration.
//!
//! # Invariants
//!
//! - Every search is breadth-first over (pairs of) derivative states, so a
//!   witness or separating string is a shortest one.
//! - Every search counts the states it visits and gives up with
//!   [`RegexError::Budget`] past `budget`: no query runs forever.

use std::collections::VecDeque;

// In-memory maps only looked up, never iterated in an order that shows.
use ahash::AHashMap as HashMap;

use super::deriv::DerivCache;
use super::error::RegexError;
use super::node::Regex;
use crate::term::SmtString;

/// Rebuilds the word leading to `node` from parent links.
fn word(parents: &[(usize, u32)], mut node: usize) -> SmtString {
    let mut chars = Vec::new();
    while node != 0 {
        let (p, c) = parents[node];
        chars.push(c);
        node = p;
    }
    chars.reverse();
    SmtString::from_vec_unchecked(chars)
}

/// A shortest member of `r`, or `None` when `L(r)` is empty.
pub fn shortest_witness(r: &Regex, budget: usize) -> Result<Option<SmtString>, RegexError> {
    let mut cache = DerivCache::new(&[r]);
    let mut seen: HashMap<Regex, ()> = HashMap::new();
    // parents[i] = (parent index, char) for the i-th state discovered.
    let mut parents: Vec<(usize, u32)> = vec![(0, 0)];
    let mut queue: VecDeque<(Regex, usize)> = VecDeque::from([(r.clone(), 0)]);
    seen.insert(r.clone(), ());
    while let Some((s, idx)) = queue.pop_front() {
        if s.nullable() {
            return Ok(Some(word(&parents, idx)));
        }
        for b in 0..cache.blocks.len() {
            let d = cache.step(&s, b);
            if d == Regex::none() || seen.contains_key(&d) {
                continue;
            }
            if seen.len() >= budget {
                return Err(RegexError::Budget { states: budget });
            }
            seen.insert(d.clone(), ());
            parents.push((idx, cache.blocks[b].rep));
            queue.push_back((d, parents.len() - 1));
        }
    }
    Ok(None)
}

struct UnionFind {
    ids: HashMap<Regex, usize>,
    parent: Vec<usize>,
}

impl UnionFind {
    fn id(&mut self, r: &Regex) -> usize {
        if let Some(&i) = self.ids.get(r) {
            return i;
        }
        let i = self.parent.len();
        self.parent.push(i);
        self.ids.insert(r.clone(), i);
        i
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }
}

/// A shortest string in exactly one of `L(a)` and `L(b)`, or `None` when the
/// languages are equal (Hopcroft–Karp: pairs of derivatives are merged in a
/// union-find, a pair with different nullability separates).
pub fn separate(a: &Regex, b: &Regex, budget: usize) -> Result<Option<SmtString>, RegexError> {
    if a == b {
        return Ok(None);
    }
    let mut cache = DerivCache::new(&[a, b]);
    let mut uf = UnionFind {
        ids: HashMap::new(),
        parent: Vec::new(),
    };
    let mut parents: Vec<(usize, u32)> = vec![(0, 0)];
    let mut queue: VecDeque<(Regex, Regex, usize)> = VecDeque::from([(a.clone(), b.clone(), 0)]);
    while let Some((x, y, idx)) = queue.pop_front() {
        let (ix, iy) = (uf.id(&x), uf.id(&y));
        let (rx, ry) = (uf.find(ix), uf.find(iy));
        if rx == ry {
            continue;
        }
        if x.nullable() != y.nullable() {
            return Ok(Some(word(&parents, idx)));
        }
        uf.parent[rx] = ry;
        if uf.parent.len() > budget {
            return Err(RegexError::Budget { states: budget });
        }
        for blk in 0..cache.blocks.len() {
            let dx = cache.step(&x, blk);
            let dy = cache.step(&y, blk);
            if dx != dy {
                parents.push((idx, cache.blocks[blk].rep));
                queue.push_back((dx, dy, parents.len() - 1));
            }
        }
    }
    Ok(None)
}

/// The members of `r` of length at most `max_len`, in lexicographic
/// (`str.<`) order, at most `limit` of them.
pub fn members_up_to(
    r: &Regex,
    max_len: usize,
    limit: usize,
    budget: usize,
) -> Result<Vec<SmtString>, RegexError> {
    let mut e = Enumerator {
        cache: DerivCache::new(&[r]),
        dist: HashMap::new(),
        out: Vec::new(),
        limit,
        budget,
    };
    // The blocks' intervals in character order, so that visiting them in
    // turn visits characters in increasing order.
    let mut pieces: Vec<(u32, u32, usize)> = e
        .cache
        .blocks
        .iter()
        .enumerate()
        .flat_map(|(i, b)| b.set.intervals().iter().map(move |&(lo, hi)| (lo, hi, i)))
        .collect();
    pieces.sort_unstable();
    let mut prefix = Vec::new();
    e.visit(r, &pieces, &mut prefix, max_len)?;
    Ok(e.out)
}

struct Enumerator {
    cache: DerivCache,
    /// Length of a shortest member per state (`None`: empty language).
    dist: HashMap<Regex, Option<usize>>,
    out: Vec<SmtString>,
    limit: usize,
    budget: usize,
}

impl Enumerator {
    fn distance(&mut self, r: &Regex) -> Result<Option<usize>, RegexError> {
        if let Some(&d) = self.dist.get(r) {
            return Ok(d);
        }
        let d = shortest_witness(r, self.budget)?.map(|w| w.len());
        self.dist.insert(r.clone(), d);
        Ok(d)
    }

    fn visit(
        &mut self,
        r: &Regex,
        pieces: &[(u32, u32, usize)],
        prefix: &mut Vec<u32>,
        left: usize,
    ) -> Result<(), RegexError> {
        if self.out.len() >= self.limit {
            return Ok(());
        }
        if r.nullable() {
            self.out.push(SmtString::from_slice_unchecked(prefix));
        }
        if left == 0 {
            return Ok(());
        }
        for &(lo, hi, blk) in pieces {
            let d = self.cache.step(r, blk);
            // Only descend where a member fits in the remaining length, so
            // every descent yields output and the walk stays bounded.
            match self.distance(&d)? {
                Some(n) if n < left => {}
                _ => continue,
            }
            for c in lo..=hi {
                if self.out.len() >= self.limit {
                    return Ok(());
                }
                prefix.push(c);
                self.visit(&d, pieces, prefix, left - 1)?;
                prefix.pop();
            }
        }
        Ok(())
    }
}
