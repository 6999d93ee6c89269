//! Hash-consed regex nodes and the smart constructors that normalize them.
//!
//! # Invariants
//!
//! - Every live node is unique: two structurally equal normalized nodes are
//!   the same allocation, so [`Regex`] equality is pointer equality and its
//!   hash is a structural hash (deterministic across runs).
//! - The interner holds only weak references and is swept when it doubles,
//!   so memory follows the live values (flat over many queries).
//! - Nodes are built only by the smart constructors below, which keep the
//!   normal form:
//!   - `Concat` is flat, has >= 2 operands, none `Eps`/`None`; adjacent
//!     `X{a,b} X{c,d}` over the same `X` with an unbounded side are merged
//!     (so `R R*` is `R{1,}` and `(re.+ R)` equals `(re.++ R (re.* R))`).
//!   - `Union`/`Inter` are flat, sorted by [`Regex::structural_cmp`],
//!     deduplicated, have >= 2 operands, at most one `Class` (classes are
//!     merged), no `None` (union) / `re.all` (inter) operand.
//!   - `Loop(r, lo, hi)` has `hi >= lo`, `hi >= 1`, `(lo, hi) != (1, 1)`,
//!     `(lo, hi) != (0, 1)` (that is `Union(Eps, r)`), and `r` is neither
//!     `None`, `Eps` nor a star.
//!   - `Class` is non-empty.
//!   - `Comp` never wraps a `Comp`.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, LazyLock, Mutex, Weak};

use super::charset::CharSet;

/// The shape of a node.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// The empty language, `re.none`.
    None,
    /// `{ε}`.
    Eps,
    /// The one-character strings of a non-empty set.
    Class(CharSet),
    /// Concatenation.
    Concat(Vec<Regex>),
    /// Union.
    Union(Vec<Regex>),
    /// Intersection.
    Inter(Vec<Regex>),
    /// Complement.
    Comp(Regex),
    /// `r{lo,hi}`; `None` is unbounded (`r{0,}` is `re.*`).
    Loop(Regex, u32, Option<u32>),
}

/// A hash-consed node with cached attributes.
#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) hash: u64,
    pub(crate) nullable: bool,
}

/// A regular language over code points `0..=0x2FFFF`, as a normalized,
/// hash-consed symbolic regex.
#[derive(Clone)]
pub struct Regex(pub(crate) Arc<Node>);

impl PartialEq for Regex {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Regex {}

impl Hash for Regex {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash);
    }
}

impl std::fmt::Debug for Regex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Regex({})", self.to_term())
    }
}

fn mix(h: u64, x: u64) -> u64 {
    // splitmix64 step: deterministic on every platform, unlike std's hasher.
    let mut z = h ^ x.wrapping_add(0x9e37_79b9_7f4a_7c15).wrapping_add(h << 6);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn structural_hash(kind: &Kind) -> u64 {
    let list = |tag: u64, rs: &[Regex]| rs.iter().fold(tag, |h, r| mix(h, r.0.hash));
    match kind {
        Kind::None => mix(1, 0),
        Kind::Eps => mix(2, 0),
        Kind::Class(s) => s
            .intervals()
            .iter()
            .fold(3, |h, &(lo, hi)| mix(mix(h, u64::from(lo)), u64::from(hi))),
        Kind::Concat(rs) => list(4, rs),
        Kind::Union(rs) => list(5, rs),
        Kind::Inter(rs) => list(6, rs),
        Kind::Comp(r) => mix(7, r.0.hash),
        Kind::Loop(r, lo, hi) => mix(
            mix(mix(8, r.0.hash), u64::from(*lo)),
            hi.map_or(u64::MAX, u64::from),
        ),
    }
}

fn nullable(kind: &Kind) -> bool {
    match kind {
        Kind::None | Kind::Class(_) => false,
        Kind::Eps => true,
        Kind::Concat(rs) | Kind::Inter(rs) => rs.iter().all(|r| r.0.nullable),
        Kind::Union(rs) => rs.iter().any(|r| r.0.nullable),
        Kind::Comp(r) => !r.0.nullable,
        Kind::Loop(r, lo, _) => *lo == 0 || r.0.nullable,
    }
}

#[derive(Default)]
struct Interner {
    // Lookups and order-free sweeps only: ahash is safe for determinism.
    table: ahash::AHashMap<u64, Vec<Weak<Node>>>,
    entries: usize,
    sweep_at: usize,
}

static INTERNER: LazyLock<Mutex<Interner>> = LazyLock::new(|| {
    Mutex::new(Interner {
        sweep_at: 4096,
        ..Default::default()
    })
});

/// The number of nodes the interner currently tracks (live or awaiting a
/// sweep); for memory tests.
pub fn interned_nodes() -> usize {
    INTERNER.lock().map(|i| i.entries).unwrap_or(0)
}

fn intern(kind: Kind) -> Regex {
    let hash = structural_hash(&kind);
    let mut guard = INTERNER.lock().unwrap_or_else(|p| p.into_inner());
    let it = &mut *guard;
    if let Some(bucket) = it.table.get(&hash) {
        for w in bucket {
            if let Some(n) = w.upgrade()
                && n.kind == kind
            {
                return Regex(n);
            }
        }
    }
    if it.entries >= it.sweep_at {
        it.table.retain(|_, b| {
            b.retain(|w| w.strong_count() > 0);
            !b.is_empty()
        });
        it.entries = it.table.values().map(Vec::len).sum();
        it.sweep_at = (it.entries * 2).max(4096);
    }
    let node = Arc::new(Node {
        nullable: nullable(&kind),
        kind,
        hash,
    });
    it.table
        .entry(hash)
        .or_default()
        .push(Arc::downgrade(&node));
    it.entries += 1;
    Regex(node)
}

impl Regex {
    pub(crate) fn kind(&self) -> &Kind {
        &self.0.kind
    }

    /// Whether the empty string is a member.
    pub fn nullable(&self) -> bool {
        self.0.nullable
    }

    /// A total order on regexes that depends only on their structure (so
    /// canonical printing does not depend on construction history).
    pub fn structural_cmp(&self, other: &Regex) -> Ordering {
        if self == other {
            return Ordering::Equal;
        }
        self.0
            .hash
            .cmp(&other.0.hash)
            .then_with(|| cmp_kind(self.kind(), other.kind()))
    }

    /// The empty language, `re.none`.
    pub fn none() -> Regex {
        intern(Kind::None)
    }

    /// The language `{ε}`, `(str.to_re "")`.
    pub fn epsilon() -> Regex {
        intern(Kind::Eps)
    }

    /// Every string, `re.all`.
    pub fn all() -> Regex {
        Regex::star(&Regex::allchar())
    }

    /// Every string of length 1, `re.allchar`.
    pub fn allchar() -> Regex {
        Regex::class(CharSet::full())
    }

    /// The one-character strings of a set (`re.none` when it is empty).
    pub fn class(set: CharSet) -> Regex {
        if set.is_empty() {
            Regex::none()
        } else {
            intern(Kind::Class(set))
        }
    }

    fn is_all(&self) -> bool {
        matches!(self.kind(), Kind::Loop(r, 0, None) if matches!(r.kind(), Kind::Class(s) if s.is_full()))
    }

    /// Concatenation, `re.++`.
    pub fn concat(parts: &[Regex]) -> Regex {
        let mut out: Vec<Regex> = Vec::with_capacity(parts.len());
        for p in parts {
            match p.kind() {
                Kind::None => return Regex::none(),
                Kind::Eps => {}
                Kind::Concat(rs) => rs.iter().for_each(|r| push_concat(&mut out, r.clone())),
                _ => push_concat(&mut out, p.clone()),
            }
        }
        absorb_following_copies(&mut out);
        match out.len() {
            0 => Regex::epsilon(),
            1 => out.pop().unwrap(),
            _ => intern(Kind::Concat(out)),
        }
    }

    /// Union, `re.union`.
    pub fn union(parts: &[Regex]) -> Regex {
        let mut flat: Vec<Regex> = Vec::with_capacity(parts.len());
        let mut class: Option<CharSet> = None;
        for p in parts {
            let items: &[Regex] = match p.kind() {
                Kind::Union(rs) => rs,
                _ => std::slice::from_ref(p),
            };
            for r in items {
                match r.kind() {
                    Kind::None => {}
                    Kind::Class(s) => class = Some(class.map_or_else(|| s.clone(), |c| c.union(s))),
                    _ if r.is_all() => return r.clone(),
                    _ => flat.push(r.clone()),
                }
            }
        }
        if let Some(c) = class {
            if c.is_full() && flat.iter().any(|r| r.nullable() && is_plus_of_allchar(r)) {
                return Regex::all();
            }
            flat.push(Regex::class(c));
        }
        sort_dedup(&mut flat);
        // ε is redundant beside any nullable operand.
        if flat.len() > 1 && flat.iter().filter(|r| r.nullable()).count() > 1 {
            flat.retain(|r| !matches!(r.kind(), Kind::Eps));
        }
        // X ∪ ¬X is everything.
        if flat
            .iter()
            .any(|r| matches!(r.kind(), Kind::Comp(x) if flat.contains(x)))
        {
            return Regex::all();
        }
        match flat.len() {
            0 => Regex::none(),
            1 => flat.pop().unwrap(),
            _ => intern(Kind::Union(flat)),
        }
    }

    /// Intersection, `re.inter`.
    pub fn inter(parts: &[Regex]) -> Regex {
        let mut flat: Vec<Regex> = Vec::with_capacity(parts.len());
        let mut class: Option<CharSet> = None;
        for p in parts {
            let items: &[Regex] = match p.kind() {
                Kind::Inter(rs) => rs,
                _ => std::slice::from_ref(p),
            };
            for r in items {
                match r.kind() {
                    Kind::None => return r.clone(),
                    Kind::Class(s) => class = Some(class.map_or_else(|| s.clone(), |c| c.inter(s))),
                    _ if r.is_all() => {}
                    _ => flat.push(r.clone()),
                }
            }
        }
        if let Some(c) = class {
            if c.is_empty() {
                return Regex::none();
            }
            flat.push(Regex::class(c));
        }
        sort_dedup(&mut flat);
        if flat.iter().any(|r| matches!(r.kind(), Kind::Eps)) {
            // {ε} ∩ X is {ε} when X is nullable, else empty.
            return if flat.iter().all(Regex::nullable) {
                Regex::epsilon()
            } else {
                Regex::none()
            };
        }
        if flat
            .iter()
            .any(|r| matches!(r.kind(), Kind::Comp(x) if flat.contains(x)))
        {
            return Regex::none();
        }
        match flat.len() {
            0 => Regex::all(),
            1 => flat.pop().unwrap(),
            _ => intern(Kind::Inter(flat)),
        }
    }

    /// Complement, `re.comp`.
    pub fn comp(&self) -> Regex {
        match self.kind() {
            Kind::Comp(r) => r.clone(),
            Kind::None => Regex::all(),
            _ if self.is_all() => Regex::none(),
            _ => intern(Kind::Comp(self.clone())),
        }
    }

    /// Difference, `re.diff`: `self ∩ ¬other`.
    pub fn diff(&self, other: &Regex) -> Regex {
        Regex::inter(&[self.clone(), other.comp()])
    }

    /// Kleene star, `re.*`.
    pub fn star(&self) -> Regex {
        Regex::loop_opt(self, 0, None)
    }

    /// `re.+`.
    pub fn plus(&self) -> Regex {
        Regex::loop_opt(self, 1, None)
    }

    /// `re.opt`.
    pub fn opt(&self) -> Regex {
        Regex::union(&[Regex::epsilon(), self.clone()])
    }

    /// `(_ re.^ n)`.
    pub fn power(&self, n: u32) -> Regex {
        Regex::loop_opt(self, n, Some(n))
    }

    /// `(_ re.loop lo hi)`; `re.none` when `lo > hi`, as the standard says.
    pub fn loop_(&self, lo: u32, hi: u32) -> Regex {
        Regex::loop_opt(self, lo, Some(hi))
    }

    /// `r{lo,hi}` with an optional upper bound (`None`: unbounded).
    pub fn loop_opt(r: &Regex, lo: u32, hi: Option<u32>) -> Regex {
        if let Some(h) = hi {
            if lo > h {
                return Regex::none();
            }
            if h == 0 {
                return Regex::epsilon();
            }
        }
        match r.kind() {
            Kind::None => {
                return if lo == 0 {
                    Regex::epsilon()
                } else {
                    Regex::none()
                };
            }
            Kind::Eps => return Regex::epsilon(),
            // (S*){lo,hi} with hi >= 1 is S*.
            Kind::Loop(_, 0, None) => return r.clone(),
            _ => {}
        }
        match (lo, hi) {
            (1, Some(1)) => return r.clone(),
            (0, Some(1)) => return Regex::union(&[Regex::epsilon(), r.clone()]),
            _ => {}
        }
        if hi.is_none() && lo <= 1 {
            match r.kind() {
                // (S{0|1,h})* = S* and (S{0|1,h})+ = S{lo,}.
                Kind::Loop(s, inner_lo, _) if *inner_lo <= 1 => {
                    let new_lo = if r.nullable() { 0 } else { lo };
                    return Regex::loop_opt(&s.clone(), new_lo, None);
                }
                // (ε ∪ X)* = X*, (ε ∪ X)+ = X*.
                Kind::Union(rs) if rs.iter().any(|x| matches!(x.kind(), Kind::Eps)) => {
                    let rest: Vec<Regex> = rs
                        .iter()
                        .filter(|x| !matches!(x.kind(), Kind::Eps))
                        .cloned()
                        .collect();
                    return Regex::loop_opt(&Regex::union(&rest), 0, None);
                }
                _ => {}
            }
        }
        if hi.is_none() && lo == 1 && r.nullable() {
            return Regex::loop_opt(r, 0, None);
        }
        intern(Kind::Loop(r.clone(), lo, hi))
    }
}

fn is_plus_of_allchar(r: &Regex) -> bool {
    matches!(r.kind(), Kind::Loop(x, _, None) if matches!(x.kind(), Kind::Class(s) if s.is_full()))
}

/// `r` as `(base, lo, hi)`: a loop's parts, or `r{1,1}`.
fn as_loop(r: &Regex) -> (Regex, u32, Option<u32>) {
    match r.kind() {
        Kind::Loop(b, lo, hi) => (b.clone(), *lo, *hi),
        _ => (r.clone(), 1, Some(1)),
    }
}

/// Appends to a flat concatenation, merging `X{a,b} X{c,d}` into
/// `X{a+c,b+d}` when one side is unbounded: `X^i X^j` for `i ∈ [a,b]`,
/// `j ∈ [c,d]` is exactly `X^k` for `k ∈ [a+c, b+d]`.
fn push_concat(out: &mut Vec<Regex>, r: Regex) {
    if let Some(prev) = out.last() {
        // For nullable X: X·X* = X*·X = X* (the star may have been
        // normalized to a different base, so compare the stars).
        if matches!(r.kind(), Kind::Loop(_, 0, None)) && prev.nullable() && prev.star() == r {
            out.pop();
            push_concat(out, r);
            return;
        }
        if matches!(prev.kind(), Kind::Loop(_, 0, None)) && r.nullable() && r.star() == *prev {
            return;
        }
        // B·B{lo,} = B{lo,}·B = B{lo+1,} for any B (here B may be a loop).
        if let Kind::Loop(b, lo, None) = r.kind()
            && b == prev
        {
            let merged = Regex::loop_opt(b, lo.saturating_add(1), None);
            out.pop();
            push_concat(out, merged);
            return;
        }
        if let Kind::Loop(b, lo, None) = prev.kind()
            && *b == r
        {
            let merged = Regex::loop_opt(b, lo.saturating_add(1), None);
            out.pop();
            push_concat(out, merged);
            return;
        }
        // B·B{lo,} = B{lo+1,} where B is itself a concatenation, already
        // flattened into the last elements of `out`.
        if let Kind::Loop(b, lo, None) = r.kind()
            && let Kind::Concat(bs) = b.kind()
            && out.ends_with(bs)
        {
            let (b, lo) = (b.clone(), *lo);
            out.truncate(out.len() - bs.len());
            push_concat(out, Regex::loop_opt(&b, lo.saturating_add(1), None));
            return;
        }
        let (b1, lo1, hi1) = as_loop(prev);
        let (b2, lo2, hi2) = as_loop(&r);
        if b1 == b2
            && (hi1.is_none() || hi2.is_none())
            && let Some(lo) = lo1.checked_add(lo2)
        {
            out.pop();
            let merged = Regex::loop_opt(&b1, lo, None);
            // The merged loop may itself merge with what precedes it.
            push_concat(out, merged);
            return;
        }
    }
    out.push(r);
}

/// `B{lo,}·B = B{lo+1,}` where `B` is a concatenation whose elements
/// follow the loop (the loop commutes with `B`).
fn absorb_following_copies(out: &mut Vec<Regex>) {
    let mut i = 0;
    while i < out.len() {
        if let Kind::Loop(b, lo, None) = out[i].kind()
            && let Kind::Concat(bs) = b.kind()
            && out[i + 1..].starts_with(bs)
        {
            let merged = Regex::loop_opt(&b.clone(), lo.saturating_add(1), None);
            out.splice(i..i + 1 + bs.len(), [merged]);
            continue;
        }
        i += 1;
    }
}

fn sort_dedup(v: &mut Vec<Regex>) {
    v.sort_by(Regex::structural_cmp);
    v.dedup();
}

fn tag(k: &Kind) -> u8 {
    match k {
        Kind::None => 0,
        Kind::Eps => 1,
        Kind::Class(_) => 2,
        Kind::Concat(_) => 3,
        Kind::Union(_) => 4,
        Kind::Inter(_) => 5,
        Kind::Comp(_) => 6,
        Kind::Loop(..) => 7,
    }
}

fn cmp_list(a: &[Regex], b: &[Regex]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let o = x.structural_cmp(y);
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

fn cmp_kind(a: &Kind, b: &Kind) -> Ordering {
    tag(a).cmp(&tag(b)).then_with(|| match (a, b) {
        (Kind::Class(x), Kind::Class(y)) => x.cmp(y),
        (Kind::Concat(x), Kind::Concat(y))
        | (Kind::Union(x), Kind::Union(y))
        | (Kind::Inter(x), Kind::Inter(y)) => cmp_list(x, y),
        (Kind::Comp(x), Kind::Comp(y)) => x.structural_cmp(y),
        (Kind::Loop(x, l1, h1), Kind::Loop(y, l2, h2)) => {
            x.structural_cmp(y).then(l1.cmp(l2)).then(
                h1.map_or(u64::MAX, u64::from)
                    .cmp(&h2.map_or(u64::MAX, u64::from)),
            )
        }
        _ => Ordering::Equal,
    })
}
