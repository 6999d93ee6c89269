//! Sat term synthesis over nested regex terms (Kühne 2022, Sect. 2.3.2
//! with `RegLan` variables and 2.3.3 without), at depth 3 and more,
//! sampled.
//!
//! A term `t` of the asked depth is drawn ([`RegexTermSampler`]) and its
//! language `L` computed. The formula states something true of it:
//! `(= t r)` with `r` the canonical term of `L` (or a variable `res`
//! holding `L`), or `(str.in_re w t)` with `w` a member of `L` (a shortest
//! one), or `(not (str.in_re w t))` with `w` outside `L`. Then the pool
//! entries at the leaves of `t` become variables, equal constants the same
//! variable as in the thesis: with `RegLan` variables (2.3.2) a leaf
//! becomes a `RegLan` variable holding its language; without (2.3.3) a leaf
//! `(str.to_re "s")` becomes `(str.to_re x)` with `x` a string variable
//! holding "s".
//!
//! # Invariant
//!
//! The carried model satisfies the formula under our semantics: the
//! statement is true of `t` by evaluation, and a variable holds exactly the
//! value of the constant it replaced, so no subterm's value changes. A draw
//! that cannot be evaluated within budget is drawn again.

// Looked up only, never iterated in an order that shows; hashed at every
// node of every drawn term, so a fast hash.
use ahash::AHashMap as HashMap;

use rand::{Rng, RngCore};

use super::pool::RegexPool;
use super::terms::RegexTermSampler;
use crate::generate::Generator;
use crate::semantics::{Model, Value};
use crate::term::{Formula, Op, SmtString, Sort, Term};
use crate::truth::{Case, Provenance, Truth};

/// Makes nested sat regex cases.
#[derive(Clone, Debug)]
pub struct RegexTermSynthesis {
    sampler: RegexTermSampler,
    /// The pool's terms and their indices, for the leaves.
    entries: HashMap<Term, usize>,
    depth: usize,
    seed: u64,
}

/// Leaf replacement: pool term → variable name, and the model.
struct Abstraction<'a> {
    pool: &'a RegexPool,
    /// Pool term → its first index in the pool.
    entries: &'a HashMap<Term, usize>,
    reglan_vars: bool,
    names: HashMap<Term, Term>,
    formula: Formula,
    model: Model,
}

impl Abstraction<'_> {
    fn leaf(&mut self, t: &Term, rng: &mut dyn RngCore) -> Option<Term> {
        if let Some(v) = self.names.get(t) {
            return Some(v.clone());
        }
        let entry = &self.pool.regexes[*self.entries.get(t)?];
        if !rng.random_bool(0.6) {
            return None;
        }
        let replaced = if self.reglan_vars {
            let name = format!("re{}", self.names.len());
            self.formula.declare(name.clone(), Sort::RegLan);
            self.model
                .insert(name.clone(), Value::RegLan(entry.lang.clone()));
            Term::var(name)
        } else {
            let Term::App(Op::StrToRe, args) = t else {
                return None;
            };
            let [Term::Str(s)] = args.as_slice() else {
                return None;
            };
            let name = format!("s{}", self.names.len());
            self.formula.declare(name.clone(), Sort::String);
            self.model.insert(name.clone(), Value::Str(s.clone()));
            Term::app(Op::StrToRe, vec![Term::var(name)])
        };
        self.names.insert(t.clone(), replaced.clone());
        Some(replaced)
    }

    fn walk(&mut self, t: &Term, rng: &mut dyn RngCore) -> Term {
        if let Some(r) = self.leaf(t, rng) {
            return r;
        }
        match t {
            Term::App(op, args) => Term::App(*op, args.iter().map(|a| self.walk(a, rng)).collect()),
            _ => t.clone(),
        }
    }
}

impl RegexTermSynthesis {
    /// Terms of `depth` (at least 1) over `pool`.
    pub fn new(pool: RegexPool, depth: usize) -> Self {
        let mut entries = HashMap::new();
        for (i, r) in pool.regexes.iter().enumerate() {
            entries.entry(r.term.clone()).or_insert(i);
        }
        RegexTermSynthesis {
            sampler: RegexTermSampler::new(pool),
            entries,
            depth: depth.max(1),
            seed: 0,
        }
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}

impl Generator for RegexTermSynthesis {
    /// The next case, or `None` if the draw was over budget.
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let t = self.sampler.term(self.depth, rng)?;
        let reglan_vars = rng.random_bool(0.5);
        let mut abs = Abstraction {
            pool: self.sampler.pool(),
            entries: &self.entries,
            reglan_vars,
            names: HashMap::new(),
            formula: Formula::default(),
            model: Model::new(),
        };
        let body = abs.walk(&t.term, rng);
        let statement = match rng.random_range(0..3) {
            0 => {
                if reglan_vars && rng.random_bool(0.5) {
                    abs.formula.declare("res".to_string(), Sort::RegLan);
                    abs.model.insert("res", Value::RegLan(t.lang.clone()));
                    Term::eq(body, Term::var("res"))
                } else {
                    Term::eq(body, t.lang.to_term())
                }
            }
            1 => {
                let w = t.lang.shortest_witness().ok()?;
                match w {
                    Some(w) => Term::app(Op::StrInRe, vec![Term::Str(w), body]),
                    None => Term::not(Term::app(Op::StrInRe, vec![Term::str("a"), body])),
                }
            }
            _ => {
                let outside = ["", "a", "b", "ab", "\u{e4}", "aaa"]
                    .iter()
                    .map(|s| SmtString::from(*s))
                    .find(|s| !t.lang.is_match(s))?;
                Term::not(Term::app(Op::StrInRe, vec![Term::Str(outside), body]))
            }
        };
        abs.formula.assert(statement, None);
        Some(Case::new(
            abs.formula,
            Truth::Sat { model: abs.model },
            Provenance::generated(
                self.seed,
                "regex-term-synthesis",
                vec![format!(
                    "depth={}{}",
                    self.depth,
                    if reglan_vars { "" } else { ",no-reglan-vars" }
                )],
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    /// The invariant on thousands of draws at depths 3 to 6: the model
    /// satisfies the formula; both variants (with and without `RegLan`
    /// variables) and nesting are there.
    #[test]
    fn the_model_satisfies_every_draw() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let (mut reglan, mut strings, mut deep) = (0, 0, 0);
        for depth in 3..=6 {
            let mut g =
                RegexTermSynthesis::new(RegexPool::boundary_randomized(depth as u64), depth);
            for _ in 0..400 {
                let c = g.next(&mut rng);
                c.check().unwrap_or_else(|e| {
                    panic!("{e}\n{}", c.formula.to_script(None, Default::default()))
                });
                reglan += usize::from(c.formula.decls.iter().any(|(_, s)| *s == Sort::RegLan));
                strings += usize::from(c.formula.decls.iter().any(|(_, s)| *s == Sort::String));
                deep += usize::from(c.formula.assertions[0].term.depth() > depth);
            }
        }
        assert!(reglan > 400 && strings > 100, "{reglan} {strings}");
        assert!(deep > 1500, "{deep}");
    }

    /// The check above can fail: a wrong member is caught.
    #[test]
    fn a_wrong_statement_is_caught() {
        let mut f = Formula::default();
        f.assert(
            Term::app(
                Op::StrInRe,
                vec![Term::str("b"), Term::app(Op::StrToRe, vec![Term::str("a")])],
            ),
            None,
        );
        let c = Case::new(
            f,
            Truth::Sat {
                model: Model::new(),
            },
            Provenance::default(),
        );
        assert!(c.check().is_err());
    }
}
