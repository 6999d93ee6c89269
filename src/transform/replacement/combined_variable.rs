//! Variable replacement for bit-vector and array variables (the future
//! work of Kühne 2022, Sect. 3.2, after the ICSE 2020 paper's Sect. 3.2),
//! with the `NC` rows of [`crate::transform::combined_identities`].
//!
//! - **Unsat** (a larger core): in a core assertion `D` with a variable `x`
//!   of bit-vector or array sort that also occurs in another assertion,
//!   `x` becomes a fresh `x_fresh` in `D` alone, and a named clause `C :=
//!   (= lhs(x, w̄) x_fresh)` (its `w̄` fresh) joins the core.
//! - **Sat**: in one assertion, `x` becomes `lhs(x, w̄)`; the model gains
//!   any values of `w̄`.
//!
//! # Invariant
//!
//! Unsat: the combined generators' cases carry no anchor structure (their
//! `a0` is a closed false equation), so the argument of
//! `transform::replacement::variable` does not apply; this one needs only
//! the truth the case carries. Its core `K` is the unique minimal one, so
//! for every `c ∈ K` the formula `F \ c` is satisfiable (else a minimal
//! core without `c` would exist). The transformation asks for: `|K| ≥ 2`,
//! `D ∈ K` quantifier-free, and every variable of `D` other than `x`
//! occurring in no other assertion. Then, for `F' = F[D := D[x_fresh/x]]
//! ∪ {C}`:
//!
//! - `F'` is unsat: every row is total and `lhs(x, w̄) = x` for all values,
//!   so `C` implies `x_fresh = x` and `F'` implies `F`.
//! - `F' \ C` is sat: take a model of `F \ D`; `D` alone is satisfiable (it
//!   lies in `F \ c` for another core member `c`), and `D[x_fresh/x]`
//!   shares no variable with `F \ D` (its others are `D`'s own), so a model
//!   of `D` read with `x_fresh` for `x` extends it.
//! - `F' \ D[x_fresh/x]` is sat: a model of `F \ D` with `x_fresh := x`.
//! - `F' \ c` for another `c ∈ K`: a model of `F \ c` with `x_fresh := x`.
//!
//! So `K ∪ {C}` (with `D` renamed) is unsat and every member is needed:
//! the unique minimal core. The tests carry these models along random
//! chains and check each by evaluation.
//!
//! Sat: `lhs(x, w̄) = x` for every value, so the changed assertion has the
//! old value under the model, whatever `w̄`.

use std::collections::BTreeMap;

use rand::RngCore;
use rand::seq::IndexedRandom;

use crate::term::{Formula, Sort, Symbol, Term};
use crate::transform::combined_identities::{NcRow, nc_rows_for, some_value};
use crate::transform::fresh::fresh_var;
use crate::truth::{Case, Truth};

fn quantifier_free(t: &Term) -> bool {
    let mut q = false;
    t.visit(&mut |t| q |= matches!(t, Term::Quant(_)));
    !q
}

fn combined(s: &Sort) -> bool {
    matches!(s, Sort::BitVec(_) | Sort::Array(..))
}

/// Every (assertion, variable, row) the transformation accepts on `case`.
pub fn combined_variable_choices(case: &Case) -> Vec<(usize, Symbol, &'static NcRow)> {
    let f = &case.formula;
    let vars: Vec<_> = f.assertions.iter().map(|a| a.term.free_vars()).collect();
    let mut out = Vec::new();
    let core = match &case.truth {
        Truth::Unsat { core } if core.len() < 2 => return out,
        Truth::Unsat { core } => Some(core),
        Truth::Sat { .. } => None,
    };
    for (at, a) in f.assertions.iter().enumerate() {
        if !quantifier_free(&a.term) {
            continue;
        }
        let elsewhere = |v: &Symbol| {
            vars.iter()
                .enumerate()
                .any(|(j, vs)| j != at && vs.contains(v))
        };
        if let Some(core) = core
            && !a.name.as_ref().is_some_and(|n| core.contains(n))
        {
            continue;
        }
        for x in &vars[at] {
            let Some(sort) = f.sort_of(x).filter(combined) else {
                continue;
            };
            if core.is_some() && (!elsewhere(x) || vars[at].iter().any(|v| v != x && elsewhere(v)))
            {
                continue;
            }
            out.extend(nc_rows_for(&sort).map(|r| (at, x.clone(), r)));
        }
    }
    out
}

/// The row instantiated for subject `x` with its fresh variables declared
/// in `f`: `lhs` and the fresh variables.
fn instantiate(f: &mut Formula, x: &str, sort: &Sort, row: &NcRow) -> (Term, Vec<(Symbol, Sort)>) {
    let tag = row.id.to_lowercase().replace('-', "_");
    let fresh: Vec<(Symbol, Sort)> = (row.fresh)(sort)
        .into_iter()
        .map(|(n, s)| (fresh_var(f, &format!("{n}_{tag}"), &s), s))
        .collect();
    let vars: Vec<Term> = fresh.iter().map(|(n, _)| Term::Var(n.clone())).collect();
    ((row.build)(sort, Term::var(x), &vars), fresh)
}

/// Replaces `x` in assertion `at` by `row` (see the module docs); `None`
/// if the choice is not one [`combined_variable_choices`] offers.
pub fn replace_combined_variable(
    case: &Case,
    at: usize,
    x: &str,
    row: &'static NcRow,
    rng: &mut dyn RngCore,
) -> Option<Case> {
    if !combined_variable_choices(case)
        .iter()
        .any(|(i, v, r)| *i == at && v == x && r.id == row.id)
    {
        return None;
    }
    let mut out = case.clone();
    let f = &mut out.formula;
    let sort = f.sort_of(x)?;
    let (lhs, fresh) = instantiate(f, x, &sort, row);
    match &mut out.truth {
        Truth::Unsat { core } => {
            let x_fresh = fresh_var(f, &format!("{x}_fresh"), &sort);
            let map = BTreeMap::from([(x.to_string(), Term::Var(x_fresh.clone()))]);
            f.assertions[at].term = f.assertions[at].term.substitute(&map);
            let name = f.fresh_assertion_name();
            f.assert(Term::eq(lhs, Term::Var(x_fresh)), Some(name.clone()));
            core.insert(name);
        }
        Truth::Sat { model } => {
            let map = BTreeMap::from([(x.to_string(), lhs)]);
            f.assertions[at].term = f.assertions[at].term.substitute(&map);
            for (n, s) in fresh {
                model.insert(n, some_value(&s, rng));
            }
        }
    }
    out.provenance.chain.push(row.id.to_string());
    Some(out)
}

/// Replaces one bit-vector or array variable with a random row; `None`
/// when no variable of the case has one. The chain ends with the row's id
/// ([`super::theory`] files it under the transformation's name).
pub fn random_combined_variable_replacement(case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
    let (at, x, row) = combined_variable_choices(case).choose(rng)?.clone();
    replace_combined_variable(case, at, &x, row, rng)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::super::combined_constant::{
        CombinedRow, constant_rows_for, replace_unsat_constant, unsat_constant_candidates,
    };
    use super::*;
    use crate::generate::Generator;
    use crate::generate::combined::{
        CombinedSynthesis, CombinedTermSampler, CombinedUnsat, Result3_2,
    };
    use crate::generate::regex::RegexPool;
    use crate::semantics::{Model, Value, eval};
    use crate::transform::combined_identities::witness;

    /// For every core member `c`, a model of "formula minus `c`".
    type Witnesses = BTreeMap<Symbol, Model>;

    fn holds_except(case: &Case, skip: &str, m: &Model) -> bool {
        case.formula
            .assertions
            .iter()
            .all(|a| a.name.as_deref() == Some(skip) || eval(&a.term, m) == Ok(Value::Bool(true)))
    }

    fn complete(case: &Case, m: &mut Model, rng: &mut ChaCha8Rng) {
        for (n, s) in &case.formula.decls {
            if m.get(n).is_none() {
                m.insert(n.clone(), some_value(s, rng));
            }
        }
    }

    /// One constant replacement step, the witnesses carried as the module
    /// docs of `combined_constant` argue.
    fn constant_step(
        case: &Case,
        w: &Witnesses,
        rng: &mut ChaCha8Rng,
    ) -> Option<(Case, Witnesses)> {
        let (at, c) = unsat_constant_candidates(case).choose(rng)?.clone();
        let row: CombinedRow = *constant_rows_for(&c).choose(rng)?;
        let out = replace_unsat_constant(case, at, &c, row)?;
        // From here on every step of the argument must go through.
        let d = case.formula.assertions[at].name.clone().unwrap();
        let clause = out.formula.assertions.last().unwrap();
        let cname = clause.name.clone().unwrap();
        let new: Vec<(Symbol, Sort)> = out.formula.decls[case.formula.decls.len()..].to_vec();
        let (z, zs) = new[0].clone();
        let fresh = &new[1..];
        let c_value = eval(&c.term(), &Model::new()).unwrap();
        let side = match &clause.term {
            Term::App(crate::term::Op::And, args) => args[1].clone(),
            _ => Term::Bool(true),
        };
        let mut out_w = Witnesses::new();
        for (name, m) in w {
            let mut m = m.clone();
            if *name == d {
                // Without C: z := the value of t.
                let Term::App(_, sides) = &out.formula.assertions[at].term else {
                    panic!()
                };
                let t = eval(&sides[0], &m).unwrap();
                m.insert(z.clone(), t);
                complete(&out, &mut m, rng);
                out_w.insert(cname.clone(), m.clone());
                // Without (= t z): z := c and the witness.
                let mut m2 = w[name].clone();
                m2.insert(z.clone(), c_value.clone());
                witness(&side, fresh, &mut m2, rng).expect("a witness");
                out_w.insert(name.clone(), m2);
            } else {
                m.insert(z.clone(), c_value.clone());
                witness(&side, fresh, &mut m, rng).expect("a witness");
                out_w.insert(name.clone(), m);
            }
        }
        let _ = zs;
        Some((out, out_w))
    }

    /// One variable replacement step, the witnesses carried as the module
    /// docs argue.
    fn variable_step(
        case: &Case,
        w: &Witnesses,
        rng: &mut ChaCha8Rng,
    ) -> Option<(Case, Witnesses)> {
        let (at, x, row) = combined_variable_choices(case).choose(rng)?.clone();
        let out = replace_combined_variable(case, at, &x, row, rng).expect("offered");
        let d = case.formula.assertions[at].name.clone().unwrap();
        let cname = out.formula.assertions.last().unwrap().name.clone().unwrap();
        let x_fresh = out.formula.decls.last().unwrap().0.clone();
        let mut out_w = Witnesses::new();
        for (name, m) in w {
            let mut m = m.clone();
            m.insert(x_fresh.clone(), m.get(&x).unwrap().clone());
            complete(&out, &mut m, rng);
            out_w.insert(name.clone(), m);
        }
        // Without C: a model of F \ D, with D's own variables and x_fresh
        // from a model of another member (which satisfies D).
        let other = w.keys().find(|n| **n != d).unwrap();
        let mut m = w[&d].clone();
        for v in case.formula.assertions[at].term.free_vars() {
            let val = w[other].get(&v).unwrap().clone();
            if v == x {
                m.insert(x_fresh.clone(), val);
            } else {
                m.insert(v, val);
            }
        }
        complete(&out, &mut m, rng);
        out_w.insert(cname, m);
        Some((out, out_w))
    }

    /// Random chains of combined constant and variable replacement from
    /// the combined unsat generators: after every step, each core
    /// member's carried model satisfies the formula without it (so the
    /// core is the unique minimal one), and the new clause is needed.
    #[test]
    fn chains_keep_a_unique_minimal_core_checked_by_models() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let sampler = CombinedTermSampler::new(RegexPool::boundary());
        let mut gens = [
            CombinedUnsat::new(sampler.clone(), 2, Result3_2::Constant),
            CombinedUnsat::new(sampler, 2, Result3_2::Complex),
        ];
        let (mut var_steps, mut const_steps) = (0, 0);
        let mut rows = std::collections::BTreeSet::new();
        for k in 0..800 {
            let mut case = gens[k % 2].next(&mut rng);
            let mut w = Witnesses::from([("a0".to_string(), Model::new())]);
            for _ in 0..6 {
                let step = if rng.random_bool(0.5) {
                    variable_step(&case, &w, &mut rng).inspect(|_| var_steps += 1)
                } else {
                    constant_step(&case, &w, &mut rng).inspect(|_| const_steps += 1)
                };
                let Some((next, next_w)) = step else {
                    continue;
                };
                next.check().unwrap();
                rows.insert(next.provenance.chain.last().unwrap().clone());
                let Truth::Unsat { core } = &next.truth else {
                    panic!()
                };
                assert_eq!(
                    core.iter().collect::<Vec<_>>(),
                    next_w.keys().collect::<Vec<_>>()
                );
                for (name, m) in &next_w {
                    assert!(
                        holds_except(&next, name, m),
                        "without {name} under {m:?}:\n{}\nchain {:?}",
                        next.formula.to_script(None, Default::default()),
                        next.provenance.chain
                    );
                }
                case = next;
                w = next_w;
            }
        }
        assert!(
            var_steps > 250 && const_steps > 120,
            "{var_steps} {const_steps}"
        );
        for id in ["NC-BV1", "NC-BV12", "NC-A1", "NC-A2", "AC1", "AC4", "BVC6"] {
            assert!(rows.contains(id), "{id} never drawn: {rows:?}");
        }
    }

    /// Sat: the rewritten case's model still satisfies it (checked by
    /// evaluation), on the combined sat generators' output.
    #[test]
    fn sat_rewrites_keep_the_model() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut g = CombinedSynthesis::new(RegexPool::boundary(), 3);
        let mut applied = 0;
        for _ in 0..400 {
            let mut case = g.next(&mut rng);
            for _ in 0..3 {
                if let Some(out) = random_combined_variable_replacement(&case, &mut rng) {
                    out.check()
                        .unwrap_or_else(|e| panic!("{e}: {:?}", out.formula.assertions));
                    applied += 1;
                    case = out;
                }
            }
        }
        assert!(applied > 300, "{applied}");
    }

    /// A case with a single core member, or a variable not private to
    /// its assertion, is refused.
    #[test]
    fn the_preconditions_are_enforced() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut g = CombinedUnsat::new(
            CombinedTermSampler::new(RegexPool::boundary()),
            2,
            Result3_2::Constant,
        );
        let c = g.next(&mut rng);
        assert!(combined_variable_choices(&c).is_empty());
        // Two core members sharing two variables: neither is private.
        let mut f = Formula::default();
        for v in ["x", "y"] {
            f.declare(v, Sort::BitVec(4));
        }
        let eq = Term::eq(Term::var("x"), Term::var("y"));
        f.assert(eq.clone(), Some("a0".into()));
        f.assert(Term::not(eq), Some("a1".into()));
        let c = Case::new(
            f,
            Truth::Unsat {
                core: ["a0".to_string(), "a1".to_string()].into(),
            },
            Default::default(),
        );
        assert!(combined_variable_choices(&c).is_empty());
    }
}
