//! Brzozowski derivatives over the smart constructors.
//!
//! # Invariant
//!
//! `L(derivative(r, c)) = { w | c·w ∈ L(r) }` for every character `c`. Every
//! class occurring in a derivative of `r` already occurs in `r`, so the
//! minterms of `r`'s classes ([`alphabet_blocks`]) stay valid along all its
//! derivatives: characters of one block have the same derivative.

// In-memory maps only looked up (`classes` sorts what it collects).
use ahash::{AHashMap as HashMap, AHashSet as HashSet};

use super::charset::{self, CharSet};
use super::node::{Kind, Regex};

/// The derivative of `r` by the character `c`.
pub fn derivative(r: &Regex, c: u32) -> Regex {
    match r.kind() {
        Kind::None | Kind::Eps => Regex::none(),
        Kind::Class(s) => {
            if s.contains(c) {
                Regex::epsilon()
            } else {
                Regex::none()
            }
        }
        Kind::Concat(rs) => {
            let head = &rs[0];
            let tail = Regex::concat(&rs[1..]);
            let first = Regex::concat(&[derivative(head, c), tail.clone()]);
            if head.nullable() {
                Regex::union(&[first, derivative(&tail, c)])
            } else {
                first
            }
        }
        Kind::Union(rs) => Regex::union(&rs.iter().map(|x| derivative(x, c)).collect::<Vec<_>>()),
        Kind::Inter(rs) => Regex::inter(&rs.iter().map(|x| derivative(x, c)).collect::<Vec<_>>()),
        Kind::Comp(x) => derivative(x, c).comp(),
        // r{lo,hi} = r · r{lo-1,hi-1} (also for nullable r: the extra words
        // r^k with k < lo are then already in r^{k+1}).
        Kind::Loop(x, lo, hi) => {
            let rest = Regex::loop_opt(x, lo.saturating_sub(1), hi.map(|h| h - 1));
            Regex::concat(&[derivative(x, c), rest])
        }
    }
}

/// The character classes occurring in the given regexes.
pub fn classes(roots: &[&Regex]) -> Vec<CharSet> {
    let mut seen: HashSet<Regex> = HashSet::new();
    let mut out: HashSet<CharSet> = HashSet::new();
    let mut stack: Vec<Regex> = roots.iter().map(|r| (*r).clone()).collect();
    while let Some(r) = stack.pop() {
        if !seen.insert(r.clone()) {
            continue;
        }
        match r.kind() {
            Kind::None | Kind::Eps => {}
            Kind::Class(s) => {
                out.insert(s.clone());
            }
            Kind::Concat(rs) | Kind::Union(rs) | Kind::Inter(rs) => {
                stack.extend(rs.iter().cloned())
            }
            Kind::Comp(x) | Kind::Loop(x, _, _) => stack.push(x.clone()),
        }
    }
    let mut v: Vec<CharSet> = out.into_iter().collect();
    v.sort();
    v
}

/// A block of the alphabet partition, with the character that stands for
/// it (a printable ASCII one when the block has one, for readable
/// witnesses).
#[derive(Clone, Debug)]
pub struct Block {
    /// The characters of the block.
    pub set: CharSet,
    /// The representative character.
    pub rep: u32,
}

/// The minterms of the classes of `roots`, each with a representative.
pub fn alphabet_blocks(roots: &[&Regex]) -> Vec<Block> {
    charset::minterms(&classes(roots))
        .into_iter()
        .map(|set| {
            let printable = set
                .inter(&CharSet::range(0x61, 0x7a))
                .first()
                .or_else(|| set.inter(&CharSet::range(0x20, 0x7e)).first());
            let rep = printable
                .or_else(|| set.first())
                .expect("minterms are non-empty");
            Block { set, rep }
        })
        .collect()
}

/// Derivatives memoized per (state, block), for one decision procedure.
pub struct DerivCache {
    /// The alphabet partition.
    pub blocks: Vec<Block>,
    memo: HashMap<(Regex, usize), Regex>,
    /// Derivatives computed so far (not memo hits).
    pub steps: usize,
}

impl DerivCache {
    /// A cache for the regexes `roots` and all their derivatives.
    pub fn new(roots: &[&Regex]) -> Self {
        DerivCache {
            blocks: alphabet_blocks(roots),
            memo: HashMap::new(),
            steps: 0,
        }
    }

    /// The derivative of `r` by any character of block `b`.
    pub fn step(&mut self, r: &Regex, b: usize) -> Regex {
        if let Some(d) = self.memo.get(&(r.clone(), b)) {
            return d.clone();
        }
        self.steps += 1;
        let d = derivative(r, self.blocks[b].rep);
        self.memo.insert((r.clone(), b), d.clone());
        d
    }
}
