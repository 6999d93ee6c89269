//! Sat regex membership formulas, written as users write them: string
//! variables constrained by `str.in_re` over pool regexes, mixed with
//! `str.len`, `str.++`, `str.contains`, `str.replace_re` and
//! `str.replace_re_all` constraints.
//!
//! Each variable `x` gets one or two memberships `(str.in_re x R)` whose
//! intersection our semantics proves non-empty; its value is a member of
//! that intersection (a shortest witness, or one of the short members). The
//! other constraints are built around those values: each is evaluated
//! under the model and kept as it is when true, negated when false, so a
//! formula mixes positive and negative constraints. A `str.replace_re(_all)`
//! result is bound to a fresh variable whose value our semantics computes.
//!
//! # Invariant
//!
//! The carried model satisfies every assertion under our semantics
//! ([`Case::check`]): memberships by the choice of the witness, every other
//! constraint by its polarity, which is chosen by evaluating it. A
//! constraint that cannot be evaluated (a decision over budget) is left
//! out, never guessed.
//!
//! The members of an intersection are computed once per set of pool
//! entries and kept ([`Witnesses`]): a decision is a function of the
//! languages alone, so a kept answer is the one a new search would give,
//! and a pool of ~120 entries has few enough pairs to keep them all.

use std::collections::HashMap;

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::pool::{PoolRegex, RegexPool};
use crate::generate::Generator;
use crate::semantics::regex::{Regex, RegexError, str_replace_re, str_replace_re_all};
use crate::semantics::{Model, Value, eval};
use crate::term::{Formula, Op, SmtString, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// Makes random sat membership cases from a regex pool.
#[derive(Clone, Debug)]
pub struct RegexMembership {
    pool: RegexPool,
    seed: u64,
    /// The intersection of the entries at these pool indices (sorted,
    /// without repeats), and what is known of its members (computed on
    /// first need).
    witnesses: HashMap<Vec<usize>, Witnesses>,
}

/// The members of one intersection that [`RegexMembership`] draws from,
/// each decided on first need and then kept.
#[derive(Clone, Debug)]
struct Witnesses {
    lang: Regex,
    shortest: Option<Result<Option<SmtString>, RegexError>>,
    short: Option<Result<Vec<SmtString>, RegexError>>,
}

impl Witnesses {
    fn shortest(&mut self) -> &Result<Option<SmtString>, RegexError> {
        self.shortest
            .get_or_insert_with(|| self.lang.shortest_witness())
    }

    /// The members of length at most 4, at most 64 of them.
    fn short(&mut self) -> &Result<Vec<SmtString>, RegexError> {
        self.short
            .get_or_insert_with(|| self.lang.members_up_to(4, 64))
    }
}

/// `term` if it is true under `model`, `(not term)` if false, `None` if
/// our semantics cannot evaluate it.
fn polar(term: Term, model: &Model) -> Option<Term> {
    match eval(&term, model) {
        Ok(Value::Bool(true)) => Some(term),
        Ok(Value::Bool(false)) => Some(Term::not(term)),
        _ => None,
    }
}

/// `re.all`, what an empty pool draws.
fn all_entry() -> PoolRegex {
    PoolRegex {
        term: Term::app(Op::ReAll, vec![]),
        lang: Regex::all(),
    }
}

fn in_re(s: Term, r: Term) -> Term {
    Term::app(Op::StrInRe, vec![s, r])
}

impl RegexMembership {
    /// A generator over `pool`.
    pub fn new(pool: RegexPool) -> Self {
        RegexMembership {
            pool,
            seed: 0,
            witnesses: HashMap::new(),
        }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    fn regex(&self, rng: &mut dyn RngCore) -> PoolRegex {
        self.pool
            .regexes
            .choose(rng)
            .cloned()
            .unwrap_or_else(all_entry)
    }

    /// The index of a random pool regex, drawn as [`Self::regex`] draws
    /// one (`None` when the pool has none).
    fn regex_index(&self, rng: &mut dyn RngCore) -> Option<usize> {
        let n = self.pool.regexes.len();
        // As `choose` draws its index, so both consume the same randomness.
        (n > 0).then(|| rng.random_range(0..n as u32) as usize)
    }

    fn string(&self, rng: &mut dyn RngCore) -> SmtString {
        self.pool.strings.choose(rng).cloned().unwrap_or_default()
    }

    /// One or two pool regexes with a non-empty intersection, and a member
    /// of it; `None` if the draws found none.
    fn memberships(&mut self, rng: &mut dyn RngCore) -> Option<(Vec<PoolRegex>, SmtString)> {
        for _ in 0..8 {
            let n = rng.random_range(1..=2);
            let picked: Option<Vec<usize>> = (0..n).map(|_| self.regex_index(rng)).collect();
            let Some(picked) = picked else {
                // An empty pool: re.all for each, as `regex` draws.
                return Some((vec![all_entry(); n], SmtString::new()));
            };
            let pool = &self.pool;
            // Intersection is commutative and idempotent, and `Regex::inter`
            // normalizes it so: the same set is the same value.
            let mut key = picked.clone();
            key.sort_unstable();
            key.dedup();
            let w = self.witnesses.entry(key).or_insert_with_key(|key| {
                let langs: Vec<Regex> = key.iter().map(|&i| pool.regexes[i].lang.clone()).collect();
                Witnesses {
                    lang: Regex::inter(&langs),
                    shortest: None,
                    short: None,
                }
            });
            let value = if rng.random_bool(0.5) {
                w.shortest().as_ref().ok().cloned().flatten()
            } else {
                let members = w.short().as_ref().ok()?;
                members.choose(rng).cloned()
            };
            if let Some(v) = value {
                let rs = picked.iter().map(|&i| pool.regexes[i].clone()).collect();
                return Some((rs, v));
            }
        }
        None
    }

    /// The next case: every draw finds one (a membership the draws
    /// cannot satisfy falls back to `re.all`).
    fn draw(&mut self, rng: &mut dyn RngCore) -> Case {
        let mut formula = Formula::default();
        let mut model = Model::new();
        let mut vars: Vec<(Term, PoolRegex)> = Vec::new();
        let k = rng.random_range(1..=3);
        for i in 0..k {
            let name = format!("x{i}");
            let (rs, value) = self
                .memberships(rng)
                .unwrap_or_else(|| (vec![all_entry()], SmtString::new()));
            formula.declare(name.clone(), Sort::String);
            model.insert(name.clone(), Value::Str(value));
            for r in &rs {
                formula.assert(in_re(Term::var(&name), r.term.clone()), None);
            }
            vars.push((Term::var(&name), rs[0].clone()));
        }
        let extra = rng.random_range(0..=3);
        for _ in 0..extra {
            let (x, rx) = vars.choose(rng).expect("k >= 1").clone();
            let t = match rng.random_range(0..6) {
                0 => {
                    let n = self
                        .pool
                        .int_values()
                        .choose(rng)
                        .cloned()
                        .unwrap_or_default();
                    let rel = *[Op::Eq, Op::Le, Op::Ge].choose(rng).expect("three");
                    Term::app(rel, vec![Term::app(Op::StrLen, vec![x]), Term::Int(n)])
                }
                1 => {
                    let (y, ry) = vars.choose(rng).expect("k >= 1").clone();
                    // re.++ of the two memberships holds; another pool
                    // regex holds or not, and the polarity says which.
                    let r = if rng.random_bool(0.5) {
                        Term::app(Op::ReConcat, vec![rx.term, ry.term])
                    } else {
                        self.regex(rng).term
                    };
                    in_re(Term::app(Op::StrConcat, vec![x, y]), r)
                }
                2 => Term::app(Op::StrContains, vec![x, Term::Str(self.string(rng))]),
                3 => in_re(x, self.regex(rng).term),
                _ => {
                    let Some(Value::Str(s)) = eval(&x, &model).ok() else {
                        continue;
                    };
                    let r = self.regex(rng);
                    let u = self.string(rng);
                    let all = rng.random_bool(0.5);
                    let (op, out) = if all {
                        (Op::StrReplaceReAll, str_replace_re_all(&s, &r.lang, &u))
                    } else {
                        (Op::StrReplaceRe, str_replace_re(&s, &r.lang, &u))
                    };
                    let y = formula.fresh_symbol("y");
                    formula.declare(y.clone(), Sort::String);
                    model.insert(y.clone(), Value::Str(out));
                    Term::eq(Term::var(&y), Term::app(op, vec![x, r.term, Term::Str(u)]))
                }
            };
            if let Some(t) = polar(t, &model) {
                formula.assert(t, None);
            }
        }
        Case::new(
            formula,
            Truth::Sat { model },
            Provenance::generated(self.seed, "regex-membership", Vec::new()),
        )
    }
}

impl Generator for RegexMembership {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        Some(self.draw(rng))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    fn ops(c: &Case) -> Vec<Op> {
        let mut v = Vec::new();
        for a in &c.formula.assertions {
            v.extend(a.term.operators());
        }
        v
    }

    /// The invariant, on thousands of draws from both fixed pools and a
    /// randomized one: the model satisfies the formula under our semantics.
    #[test]
    fn the_carried_model_satisfies_every_draw() {
        let pools = [
            RegexPool::paper(),
            RegexPool::boundary(),
            RegexPool::randomized(&RegexPool::boundary(), 80, 16, 3),
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let (mut negated, mut replaced, mut cases) = (0, 0, 0);
        for pool in pools {
            let mut g = RegexMembership::new(pool).seed(9);
            for _ in 0..1500 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| {
                    panic!("{e}\n{}", c.formula.to_script(None, Default::default()))
                });
                let o = ops(&c);
                assert!(o.contains(&Op::StrInRe));
                negated += usize::from(o.contains(&Op::Not));
                replaced +=
                    usize::from(o.contains(&Op::StrReplaceRe) || o.contains(&Op::StrReplaceReAll));
                cases += 1;
            }
        }
        // The mix is there: negated constraints and replace_re results.
        assert!(negated > cases / 10, "{negated} of {cases}");
        assert!(replaced > cases / 10, "{replaced} of {cases}");
    }

    /// The check above could fail: a wrong value is caught.
    #[test]
    fn a_wrong_value_is_caught() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut g = RegexMembership::new(RegexPool::paper());
        let mut caught = 0;
        for _ in 0..200 {
            let mut c = g.next(&mut rng);
            let Truth::Sat { model } = &mut c.truth else {
                unreachable!()
            };
            // A character outside every pool regex but re.all/re.allchar.
            model.insert("x0", Value::Str(SmtString::from("zz")));
            caught += usize::from(c.check().is_err());
        }
        assert!(caught > 50, "{caught}");
    }

    #[test]
    fn the_same_seed_gives_the_same_cases() {
        let draw = || {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
            let mut g = RegexMembership::new(RegexPool::boundary());
            (0..20).map(|_| g.next(&mut rng)).collect::<Vec<_>>()
        };
        assert_eq!(draw(), draw());
    }
}
