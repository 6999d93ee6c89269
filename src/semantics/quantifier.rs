//! Quantifiers: what the evaluator decides about `forall` and `exists`
//! exactly, and the [`Witnesses`] that let it decide more.
//!
//! SMT-LIB gives `(exists ((x S)) φ)` the value true iff some value of `S`
//! makes `φ` true. The evaluator decides it in three ways, each exact:
//!
//! - **a finite domain**: when every bound variable's sort is `Bool` or a
//!   bit-vector sort and the product of their domains has at most
//!   [`MAX_INSTANCES`] elements, every instance is evaluated (`exists`: one
//!   true instance makes it true, all false false; `forall` dually). An
//!   instance that is undecided leaves the quantifier undecided unless
//!   another instance decides it.
//! - **a witness**: a value per bound variable ([`Witnesses::exists`]) under
//!   which the body of an `exists` is true proves it true, in any context
//!   (a witness that does not work proves nothing; it is only a hint, so a
//!   stale or foreign witness can never make a value wrong).
//! - **a closed formula valid by construction** ([`Witnesses::valid`]): a
//!   `forall` over an identity row the tables' tests check. It is trusted as
//!   an unsat core is: by construction, not by evaluation.
//!
//! Everything else is [`EvalError::Quantifier`](super::EvalError), undecided,
//! so a model check that meets it is inconclusive and never a finding.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::value::Value;
use crate::term::{BitVec, Sort, Symbol, Term};

/// The most instances a finite quantifier is expanded into.
pub const MAX_INSTANCES: usize = 256;

/// What is known about a formula's quantifiers beyond what the semantics
/// decides on its own (see the module docs for why each is sound).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Witnesses {
    /// A value per existentially bound variable, by name: tried on every
    /// `exists` that binds that name at that sort.
    pub exists: BTreeMap<Symbol, Value>,
    /// Closed `forall` formulas that are valid by construction.
    pub valid: Vec<Term>,
}

impl Witnesses {
    /// No witness and no valid formula.
    pub fn is_empty(&self) -> bool {
        self.exists.is_empty() && self.valid.is_empty()
    }

    /// The witness of every variable of `vars`, if each has one of its sort.
    pub fn of(&self, vars: &[(Symbol, Sort)]) -> Option<Vec<(Symbol, Value)>> {
        vars.iter()
            .map(|(v, s)| {
                let w = self.exists.get(v).filter(|w| w.sort() == *s)?;
                Some((v.clone(), w.clone()))
            })
            .collect()
    }

    /// Whether `term` is one of the valid closed formulas (closed checked
    /// here too, so that its value cannot depend on a scope).
    pub fn is_valid(&self, term: &Term) -> bool {
        self.valid.iter().any(|v| v == term) && term.free_vars().is_empty()
    }
}

/// Every value of a finite sort (`Bool`, bit-vectors up to 8 bits), `None`
/// for any other sort.
pub fn finite_domain(sort: &Sort) -> Option<Vec<Value>> {
    match sort {
        Sort::Bool => Some(vec![Value::Bool(false), Value::Bool(true)]),
        Sort::BitVec(w) if (1..=8).contains(w) => Some(
            (0..1u64 << w)
                .map(|n| Value::BitVec(BitVec::from_u64(*w, n)))
                .collect(),
        ),
        _ => None,
    }
}

/// Every assignment of the bound variables, if they are all of finite sorts
/// and there are at most [`MAX_INSTANCES`] of them.
pub fn instances(vars: &[(Symbol, Sort)]) -> Option<Vec<Vec<(Symbol, Value)>>> {
    let mut out: Vec<Vec<(Symbol, Value)>> = vec![Vec::new()];
    for (v, s) in vars {
        let domain = finite_domain(s)?;
        if out.len().checked_mul(domain.len())? > MAX_INSTANCES {
            return None;
        }
        out = out
            .into_iter()
            .flat_map(|prefix| {
                domain.iter().map(move |d| {
                    let mut p = prefix.clone();
                    p.push((v.clone(), d.clone()));
                    p
                })
            })
            .collect();
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finite_domains_are_bool_and_narrow_bit_vectors_and_capped() {
        assert_eq!(finite_domain(&Sort::Bool).unwrap().len(), 2);
        assert_eq!(finite_domain(&Sort::BitVec(8)).unwrap().len(), 256);
        assert!(finite_domain(&Sort::BitVec(9)).is_none());
        assert!(finite_domain(&Sort::Int).is_none());
        let v = |n: &str, s: Sort| (n.to_string(), s);
        assert_eq!(
            instances(&[v("a", Sort::Bool), v("b", Sort::BitVec(3))])
                .unwrap()
                .len(),
            16
        );
        assert!(instances(&[v("a", Sort::Bool), v("b", Sort::BitVec(8))]).is_none());
        assert!(instances(&[v("a", Sort::Bool), v("s", Sort::String)]).is_none());
    }
}
