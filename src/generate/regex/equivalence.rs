//! One row of Table 2.3 (Kühne 2022) or of the membership definitions, and
//! the unsat case it makes: the type both
//! [`super::equivalent_formulas`] and
//! [`super::membership_equivalences`] build, kept apart from both so
//! that neither file names the other for it.

use crate::semantics::Model;
use crate::term::{Formula, Sort, Symbol, Term};
use crate::truth::{AnchorStructure, Case, Provenance, Truth};

/// One row of Table 2.3, instantiated: `A ⇔ B`.
#[derive(Clone, Debug, PartialEq)]
pub struct RegexEquivalence {
    /// `E1`..`E7`, `E5'`, with the instantiated indices or strings.
    pub id: String,
    /// The clause of the standard the row comes from.
    pub clause: &'static str,
    /// Free variables of `A` and `B`: `RegLan` for Table 2.3's rows; the
    /// membership rows (`generate::regex::membership_equivalences`) also have
    /// `String` ones.
    pub decls: Vec<(Symbol, Sort)>,
    /// `A`: `op(args) = res`.
    pub a: Term,
    /// `B`: the standard's definition of `op(args)`, set equal to `res`.
    pub b: Term,
    /// A model of `B` alone (so `a0` is needed in the core).
    pub b_model: Model,
    /// A model of `¬A` alone (so `a1` is needed in the core).
    pub not_a_model: Model,
    /// (DEP) of `transform::replacement::variable`: for every variable `x`
    /// of `A`, `b_model` with `x` changed alone falsifies `A` (found by
    /// evaluation). False for rows whose `A` ignores an argument, such as
    /// `((_ re.^ 0) re) = res`: replacing `re` there would leave the new
    /// clause out of every core.
    pub depends_on_every_variable: bool,
}

impl RegexEquivalence {
    /// The unsat case `a0: ¬A`, `a1: B`, core `{a0, a1}`.
    pub fn case(&self, seed: u64) -> Case {
        let mut formula = Formula::default();
        for (n, s) in &self.decls {
            formula.declare(n.clone(), s.clone());
        }
        formula.assert(Term::not(self.a.clone()), Some("a0".into()));
        formula.assert(self.b.clone(), Some("a1".into()));
        Case::new(
            formula,
            Truth::Unsat {
                core: ["a0".to_string(), "a1".to_string()].into(),
            },
            Provenance {
                seed,
                category: "regex-equivalent-formula".into(),
                chain: vec![self.id.clone()],
                // (EQ) and (CORE) hold for every row (the tests check
                // them); (DEP) is checked per row.
                anchor: self
                    .depends_on_every_variable
                    .then(AnchorStructure::by_construction),
            },
        )
    }
}
