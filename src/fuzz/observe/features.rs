//! Signals that any solver build gives, instrumented or not: the formula's
//! features and the answer × time bucket, hashed into a map of their own
//! that LibAFL's `MaxMapFeedback` reads like an edge map.
//!
//! Without an instrumented library nothing told the loop that a case was
//! interesting, so the corpus never grew past its seeds (see
//! `docs/measured/fuzz.md`). A formula with an operator, an operator
//! under another, a nesting shape or a transformation sequence the corpus
//! has not shown the solver yet, or an answer in a time bucket it has not
//! seen, is new input to the solver's code even when no edge says so.
//!
//! # Invariants
//!
//! - The map depends only on the input and the execution's result (filled
//!   by the [`VerdictObserver`](super::verdict::VerdictObserver) from the
//!   one result it reads), so it is the same in a fork child and its
//!   parent, and a testcase from another client carries it in its
//!   serialized map observer.
//! - Each feature sets one byte to 1 ([`FEATURES`] entries, a hash of the
//!   feature's words); collisions only merge features, never invent one.
//! - Like the edge map, it decides the corpus only for answered queries
//!   (see `AnsweredFeedback`): an `unknown` is not new ground.

use crate::term::Term;
use crate::truth::Case;

/// Entries of the feature map.
pub const FEATURES: usize = 1 << 16;

/// The index of the feature named by `words`.
fn index(words: &[&str]) -> usize {
    hashed(words, FEATURES)
}

/// The index in a map of `entries` bytes of the signal named by `words`
/// (shared with the [`statistics`](super::statistics) map).
pub(super) fn hashed(words: &[&str], entries: usize) -> usize {
    // FNV-1a over the words, each followed by a separator.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in words {
        for b in w.bytes().chain(std::iter::once(0xff)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    (h % entries as u64) as usize
}

/// `⌊log2(n + 1)⌋` as text: a bucket that separates 0, 1, 2–3, 4–7...
/// (`u64::MAX` shares the top bucket with `u64::MAX - 1`).
pub(super) fn bucket(n: u64) -> String {
    (63 - n.saturating_add(1).leading_zeros()).to_string()
}

fn head(t: &Term) -> &'static str {
    match t {
        Term::Bool(_) => "bool",
        Term::Int(_) => "int",
        Term::Real(_) => "real",
        Term::Str(_) => "str",
        Term::BitVec(_) => "bv",
        Term::ConstArray(..) => "const-array",
        Term::Var(_) => "var",
        Term::App(op, _) => op.name(),
        Term::Let(..) => "let",
        Term::Quant(_) => "quant",
        Term::SeqEmpty(_) => "seq.empty",
        Term::Apply(..) => "apply",
    }
}

/// The transformation a chain entry names, without its arguments
/// (`noise(y,NC13)` is `noise`).
fn transformation_of(step: &str) -> &str {
    step.split_once('(').map_or(step, |(name, _)| name)
}

/// The features of `case`, answered with `kind` after `solver_ns`, as map
/// indices (with repeats).
pub fn features(case: &Case, kind: &str, solver_ns: u64) -> Vec<usize> {
    let mut out = Vec::new();
    let f = &case.formula;
    out.push(index(&["assertions", &bucket(f.assertions.len() as u64)]));
    let mut sorts = std::collections::BTreeMap::<String, u64>::new();
    for (_, sort) in &f.decls {
        *sorts.entry(sort.to_string()).or_default() += 1;
    }
    for (sort, n) in &sorts {
        out.push(index(&["decls", sort, &bucket(*n)]));
    }
    for a in &f.assertions {
        out.push(index(&[
            "shape",
            head(&a.term),
            &bucket(a.term.depth() as u64),
            &bucket(a.term.size() as u64),
        ]));
        a.term.visit(&mut |t| {
            out.push(index(&["op", head(t)]));
            if let Term::App(op, args) = t {
                for arg in args {
                    out.push(index(&["pair", op.name(), head(arg)]));
                }
            }
        });
    }
    out.push(index(&["category", &case.provenance.category]));
    // A step is its transformation, not its arguments: `forall-noise(r12)`
    // after `forall-noise(r7)` shows the solver nothing new that the
    // formula's own features do not say. Chain entries with their row and
    // variable in the name made every stacking of one cheap transformation
    // "new": in a 30-minute `--settings on` campaign on Z3 5.4.1,
    // forall-noise ran 736,038 times in 310,244 executions and was
    // credited with 115,689 of the corpus entries (issue 41's note).
    let chain: Vec<&str> = case
        .provenance
        .chain
        .iter()
        .map(|s| transformation_of(s))
        .collect();
    for (i, step) in chain.iter().enumerate() {
        out.push(index(&["step", step]));
        if let Some(next) = chain.get(i + 1) {
            out.push(index(&["steps", step, next]));
        }
    }
    out.push(index(&["chain", &bucket(chain.len() as u64)]));
    out.push(index(&["answer", kind, &bucket(solver_ns / 1_000_000)]));
    out
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::Generator;
    use crate::source::RandomCaseGenerator;

    #[test]
    fn features_follow_operators_chains_and_answer_times() {
        let mut g = RandomCaseGenerator::new(ConstantPool::paper()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let a = g.next(&mut rng);
        let set = |c: &Case, kind: &str, ns: u64| {
            features(c, kind, ns)
                .into_iter()
                .collect::<std::collections::BTreeSet<_>>()
        };
        let base = set(&a, "sat", 3_000_000);
        // Deterministic, and blind to what does not matter: the seed, and
        // a time in the same bucket.
        let mut same = a.clone();
        same.provenance.seed += 1;
        assert_eq!(base, set(&same, "sat", 3_900_000));
        // Another answer or time bucket is new.
        assert_ne!(base, set(&a, "sat", 300_000_000));
        assert_ne!(base, set(&a, "unsat", 3_000_000));
        // A transformation in the chain is new.
        let mut chained = a.clone();
        chained.provenance.chain.push("noise-introduction".into());
        assert!(!set(&chained, "sat", 3_000_000).is_subset(&base));
        // Its arguments are not: the same transformation on another row or
        // variable shows nothing new by its chain.
        let row = |arg: &str| {
            let mut c = chained.clone();
            c.provenance.chain.push(format!("forall-noise({arg})"));
            c.provenance.chain.push(format!("noise(y,{arg})"));
            set(&c, "sat", 3_000_000)
        };
        assert_eq!(row("V1"), row("V7"));
        // Another operator is new.
        let b = (0..200)
            .map(|_| g.next(&mut rng))
            .find(|b| !b.formula.operators().is_subset(&a.formula.operators()))
            .expect("a case with another operator");
        assert!(!set(&b, "sat", 3_000_000).is_subset(&base));
        assert!(base.iter().all(|&i| i < FEATURES));
    }

    #[test]
    fn buckets_are_logarithmic() {
        let b: Vec<String> = [0u64, 1, 2, 3, 4, 7, 8, 1000].map(bucket).to_vec();
        assert_eq!(b, ["0", "1", "1", "2", "2", "3", "3", "9"]);
    }
}
