//! Constant replacement (ICSE 2020, Sect. 3.2): a larger unsat core.
//!
//! Replace every occurrence of a constant `c` in one assertion by a fresh
//! variable `z`, and conjoin a new named clause `C(z) := z = lhs(w̄) ∧
//! side(w̄)` from a `C` row of [`crate::transform::identities`] whose constant is `c`
//! (its variables `w̄` fresh). `C` implies `z = c`, so the formula stays
//! unsat, and `C` joins the core.
//!
//! # Invariant (see [`super::variable`] for EQ, DEP, CORE)
//!
//! The new formula is unsat and, without any older core clause, still
//! satisfiable (set `z := c`, choose `w̄` satisfying `side`, which every `C`
//! row allows). Whether it is satisfiable without `C` — that is, whether
//! `C` is really needed — depends on where `c` was:
//!
//! - **In the anchor** `a0 = ¬(e = c)`: then it becomes `¬(e = z)`, and a
//!   model of the other assertions with `z` set to any value other than
//!   `e`'s satisfies everything but `C`. The others now say `A ∧ z = c`: a
//!   pin added to `P`. This is structural, so it applies in any chain.
//! - **In another assertion** `B`: `C` is needed only if `¬A ∧ B[z/c]` is
//!   satisfiable for some `z ≠ c`. We only claim it with a model, found by
//!   a bounded local search from the step-1 row's model of `B` and checked
//!   by exact evaluation, so this applies to quantifier-free step-1 cases
//!   (the paper's one-shot category); without a model it refuses. (EQ)
//!   survives: `∃z, w̄. B[z/c] ∧ C` is `B`.

use super::anchor::{ANCHOR, anchored};
use crate::generate::strings::equivalent_formulas;
use crate::semantics::{self, Model, Value};
use crate::term::{Op, Symbol, Term};
use crate::transform::fresh::fresh_var;
use crate::transform::identities::{Identity, constant_identities};
use crate::truth::{Case, Truth};

fn literal_value(t: &Term) -> Option<Value> {
    match t {
        Term::Bool(b) => Some(Value::Bool(*b)),
        Term::Int(n) => Some(Value::Int(n.clone())),
        Term::Str(s) => Some(Value::Str(s.clone())),
        _ => None,
    }
}

/// The constants of a term that [`replace_literal`] replaces, in order of
/// first occurrence. Not those inside a constant array's default: they
/// stay (a solver takes only values there), and a constant found only
/// there would give a clause `C` that no assertion needs, a core that is
/// not minimal.
fn constants(t: &Term) -> Vec<Value> {
    fn walk(t: &Term, out: &mut Vec<Value>) {
        if let Some(v) = literal_value(t).filter(|v| !out.contains(v)) {
            out.push(v);
        }
        match t {
            Term::App(_, args) => args.iter().for_each(|a| walk(a, out)),
            Term::Let(bs, body) => {
                bs.iter().for_each(|(_, x)| walk(x, out));
                walk(body, out);
            }
            Term::Quant(q) => {
                walk(&q.body, out);
                q.patterns.iter().flatten().for_each(|p| walk(p, out));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(t, &mut out);
    out
}

/// Replaces every literal equal to `c` by `z`.
fn replace_literal(t: &Term, c: &Value, z: &Term) -> Term {
    if literal_value(t).as_ref() == Some(c) {
        return z.clone();
    }
    match t {
        Term::App(op, args) => {
            Term::App(*op, args.iter().map(|a| replace_literal(a, c, z)).collect())
        }
        Term::Let(bs, body) => Term::Let(
            bs.iter()
                .map(|(n, x)| (n.clone(), replace_literal(x, c, z)))
                .collect(),
            Box::new(replace_literal(body, c, z)),
        ),
        Term::Quant(q) => {
            let mut q2 = (**q).clone();
            q2.body = replace_literal(&q.body, c, z);
            q2.patterns = q
                .patterns
                .iter()
                .map(|p| p.iter().map(|x| replace_literal(x, c, z)).collect())
                .collect();
            Term::Quant(Box::new(q2))
        }
        _ => t.clone(),
    }
}

/// The anchor's constant, if the anchor is `¬(e = c)` with `c` a literal
/// occurring nowhere else in it.
pub(super) fn anchor_constant(case: &Case) -> Option<Value> {
    let (i, _) = anchored(case)?;
    let Term::App(Op::Not, n) = &case.formula.assertions[i].term else {
        return None;
    };
    let Term::App(Op::Eq, eq) = &n[0] else {
        return None;
    };
    let [e, c] = eq.as_slice() else { return None };
    let v = literal_value(c)?;
    (!constants(e).contains(&v)).then_some(v)
}

/// Builds the replaced case (no necessity check: the callers make it).
fn build(case: &Case, at: usize, c: &Value, identity: &Identity) -> Option<Case> {
    if identity.constant() != Some(c) || !identity.total {
        return None;
    }
    let mut out = case.clone();
    let f = &mut out.formula;
    let z = fresh_var(f, "z", &c.sort());
    f.assertions[at].term = replace_literal(&f.assertions[at].term, c, &Term::Var(z.clone()));
    let tag = identity.id.to_lowercase();
    let inst = identity.instantiate(None, &mut |v, s| fresh_var(f, &format!("{v}_{tag}"), s));
    let name = f.fresh_assertion_name();
    let clause = inst.clause(Term::Var(z.clone()));
    // Written `z = lhs` as in the paper's C(c, z_fresh) := z_fresh = t.
    let clause = match clause {
        Term::App(Op::Eq, a) => Term::eq(a[1].clone(), a[0].clone()),
        Term::App(Op::And, mut a) => {
            if let Term::App(Op::Eq, e) = &a[0] {
                a[0] = Term::eq(e[1].clone(), e[0].clone());
            }
            Term::App(Op::And, a)
        }
        other => other,
    };
    f.assert(clause, Some(name.clone()));
    let Truth::Unsat { core } = &mut out.truth else {
        return None;
    };
    core.insert(name);
    out.provenance
        .chain
        .push(format!("constant-replacement({c},{})", identity.id));
    Some(out)
}

/// Replaces the anchor's constant (structural: valid in any chain).
pub fn replace_anchor_constant(case: &Case, identity: &Identity) -> Option<Case> {
    let c = anchor_constant(case)?;
    let (i, _) = anchored(case)?;
    build(case, i, &c, identity)
}

/// The step-1 row of a case that has not been transformed yet, with its
/// model of `B`.
fn untouched_row(case: &Case) -> Option<&'static crate::generate::strings::EquivalentFormula> {
    let [id] = case.provenance.chain.as_slice() else {
        return None;
    };
    let id = id.trim_end_matches("+p");
    equivalent_formulas().iter().find(|r| r.id == id)
}

fn quantified(t: &Term) -> bool {
    let mut q = false;
    t.visit(&mut |x| q |= matches!(x, Term::Quant(_)));
    q
}

/// Candidate values for the local search.
fn candidates(sort_of: &Value, model: &Model) -> Vec<Value> {
    let mut out: Vec<Value> = match sort_of {
        Value::Int(_) => (-1..=3)
            .chain([5, 9, 10, 11, 12, 20, 48, 97])
            .map(|n| Value::Int(n.into()))
            .collect(),
        Value::Str(_) => ["", "a", "b", "ab", "0", "5", "9", "10", "bc"]
            .iter()
            .map(|s| Value::Str((*s).into()))
            .collect(),
        Value::Bool(_) => vec![Value::Bool(true), Value::Bool(false)],
        Value::RegLan(_)
        | Value::BitVec(_)
        | Value::Array(_)
        | Value::Seq(_)
        | Value::Fun(_)
        | Value::Real(_)
        | Value::Fp(_)
        | Value::Rm(_) => Vec::new(),
    };
    for v in model.0.values() {
        if v.sort() == sort_of.sort() && !out.contains(v) {
            out.push(v.clone());
        }
    }
    out
}

/// A model of every assertion but the last (the new `C`), found by changing
/// `z` and at most two other variables of `start`; checked exactly.
fn decoupling_witness(case: &Case, z: &Symbol, c: &Value, start: &Model) -> Option<Model> {
    let f = &case.formula;
    let n = f.assertions.len() - 1;
    let terms: Vec<&Term> = f.assertions[..n].iter().map(|a| &a.term).collect();
    let holds = |m: &Model| {
        terms
            .iter()
            .all(|t| semantics::eval(t, m) == Ok(Value::Bool(true)))
    };
    let mut m = start.clone();
    let vars: Vec<Symbol> = start.0.keys().cloned().collect();
    for zv in candidates(c, start).into_iter().filter(|v| v != c) {
        m.insert(z.clone(), zv);
        if holds(&m) {
            return Some(m);
        }
        for (a, x) in vars.iter().enumerate() {
            let orig_x = m.get(x).cloned()?;
            for xv in candidates(&orig_x, start) {
                m.insert(x.clone(), xv);
                if holds(&m) {
                    return Some(m);
                }
                for y in &vars[a + 1..] {
                    let orig_y = m.get(y).cloned()?;
                    for yv in candidates(&orig_y, start) {
                        m.insert(y.clone(), yv);
                        if holds(&m) {
                            return Some(m);
                        }
                    }
                    m.insert(y.clone(), orig_y);
                }
            }
            m.insert(x.clone(), orig_x);
        }
    }
    None
}

/// Replaces constant `c` in assertion `at` (not the anchor) of an untouched
/// quantifier-free step-1 case, if a model shows that `C` is needed.
pub fn replace_constant_in(case: &Case, at: usize, c: &Value, identity: &Identity) -> Option<Case> {
    let (anchor, _) = anchored(case)?;
    let row = untouched_row(case)?;
    if at == anchor || case.formula.assertions.iter().any(|a| quantified(&a.term)) {
        return None;
    }
    if !constants(&case.formula.assertions.get(at)?.term).contains(c) {
        return None;
    }
    let out = build(case, at, c, identity)?;
    let z = out
        .formula
        .decls
        .iter()
        .find(|(n, _)| !case.formula.decls.iter().any(|(m, _)| m == n))?
        .0
        .clone();
    decoupling_witness(&out, &z, c, &row.b_model)?;
    Some(out)
}

/// Every constant replacement of the paper's one-shot category for a
/// step-1 case: each constant of `B` with each of its identities, and the
/// anchor's constant with each of its identities.
pub fn constant_replacements(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    if let Some(c) = anchor_constant(case) {
        out.extend(constant_identities(&c).filter_map(|id| replace_anchor_constant(case, id)));
    }
    for (at, a) in case.formula.assertions.iter().enumerate() {
        if a.name.as_deref() == Some(ANCHOR) {
            continue;
        }
        for c in constants(&a.term) {
            out.extend(
                constant_identities(&c).filter_map(|id| replace_constant_in(case, at, &c, id)),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::strings::equivalent_formula_cases;
    use crate::transform::identities::identity;

    /// A constant only inside a constant array's default is not offered:
    /// `replace_literal` leaves it there, so its clause would be outside
    /// every minimal core (the core would be claimed too large).
    #[test]
    fn constants_inside_a_constant_array_are_not_offered() {
        let t = crate::term::parse_term("(= (select ((as const (Array Int Int)) 7) 0) (+ 3 4))")
            .unwrap();
        let found = constants(&t);
        assert!(!found.contains(&Value::Int(7.into())), "{found:?}");
        assert!(found.contains(&Value::Int(3.into())), "{found:?}");
        // Every constant offered is replaced.
        let z = Term::var("z");
        for c in &found {
            assert_ne!(replace_literal(&t, c, &z), t, "{c:?}");
        }
    }

    #[test]
    fn anchor_replacement_pins_true_in_e9() {
        let base = equivalent_formula_cases(false, 0)
            .find(|c| c.provenance.chain[0] == "E9")
            .unwrap();
        let out = replace_anchor_constant(&base, identity("C34").unwrap()).unwrap();
        out.check().unwrap();
        let text = out.formula.to_script(None, Default::default()).to_string();
        assert!(text.contains("(not (= (str.prefixof s t) z))"), "{text}");
        assert!(text.contains("(= z (str.prefixof \"\" s_c34))"), "{text}");
        let Truth::Unsat { core } = &out.truth else {
            panic!()
        };
        assert_eq!(core.len(), 3);
        // A second anchor replacement has no constant left.
        assert!(replace_anchor_constant(&out, identity("C34").unwrap()).is_none());
    }

    /// Every B-site replacement carries a model of "formula minus C":
    /// recompute it and check it exactly; and with z := c the old model
    /// of B satisfies "formula minus a0".
    #[test]
    fn b_site_replacements_have_their_witnesses() {
        let mut n = 0;
        for base in equivalent_formula_cases(false, 0) {
            let row = untouched_row(&base).unwrap();
            for out in constant_replacements(&base) {
                n += 1;
                out.check().unwrap();
                let new_vars: Vec<_> = out
                    .formula
                    .decls
                    .iter()
                    .filter(|(v, _)| !base.formula.decls.iter().any(|(w, _)| w == v))
                    .collect();
                let z = &new_vars[0].0;
                let a0_site = out.formula.assertions[0].term.free_vars().contains(z);
                if !a0_site {
                    let val = base
                        .formula
                        .assertions
                        .iter()
                        .flat_map(|a| constants(&a.term))
                        .find(|v| {
                            replace_literal(&base.formula.assertions[1].term, v, &Term::var(z))
                                == out.formula.assertions[1].term
                        })
                        .unwrap();
                    let w = decoupling_witness(&out, z, &val, &row.b_model).expect("witness");
                    for a in &out.formula.assertions[..out.formula.assertions.len() - 1] {
                        assert_eq!(semantics::eval(&a.term, &w), Ok(Value::Bool(true)));
                    }
                }
            }
        }
        assert!(n > 20, "{n}");
    }
}
