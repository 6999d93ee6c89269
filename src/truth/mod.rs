//! Ground truth: what is known, by construction, about a formula.
//!
//! A formula is either satisfiable, and then a model that satisfies it is
//! carried along, or unsatisfiable, and then the names of its unique minimal
//! unsat core are carried along. [`Case`] bundles a formula with its truth
//! and its provenance: it is the unit that generators produce,
//! transformations rewrite, the fuzzer stores and the oracle judges.
//!
//! # Invariants
//!
//! - `Truth::Sat { model }`: every declared constant of the formula has a
//!   value in `model`, and the conjunction of the assertions evaluates to
//!   `true` under `model` with the executable semantics
//!   ([`check_model`] checks it).
//! - `Truth::Unsat { core }`: every assertion is named; `core` is a set of
//!   assertion names such that the core's assertions are unsatisfiable and
//!   dropping any one of them makes them satisfiable (minimal), and no other
//!   subset of the assertions is unsatisfiable unless it contains `core`
//!   (unique). Assertions outside the core are noise: a solver may leave them
//!   out of its core.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::semantics::{self, Model, Value, Witnesses};
use crate::term::{Formula, Queries, Symbol};

mod incremental;
mod settings;
mod theories;

pub use incremental::{Check, InForce, Incremental, Step, check_formula, literal, queries_after};
pub use settings::{Setting, Settings};
pub use theories::SettingTheory;

/// What is known about a formula.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Truth {
    /// Satisfiable, with a witness.
    Sat {
        /// Satisfies the formula.
        model: Model,
    },
    /// Unsatisfiable, with its unique minimal core.
    Unsat {
        /// Names of the assertions of the unique minimal unsat core.
        core: BTreeSet<Symbol>,
    },
}

/// The expected `check-sat` answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// `sat`
    Sat,
    /// `unsat`
    Unsat,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Sat => "sat",
            Status::Unsat => "unsat",
        })
    }
}

impl Truth {
    /// The status this truth implies.
    pub fn status(&self) -> Status {
        match self {
            Truth::Sat { .. } => Status::Sat,
            Truth::Unsat { .. } => Status::Unsat,
        }
    }

    /// The queries after `check-sat` that let the oracle check this truth:
    /// every constant's value for sat (checked against the formula), the
    /// unsat core for unsat (checked against the carried core).
    pub fn queries(&self) -> Queries {
        match self {
            Truth::Sat { .. } => Queries {
                values: true,
                ..Default::default()
            },
            Truth::Unsat { .. } => Queries {
                unsat_core: true,
                ..Default::default()
            },
        }
    }
}

/// Where a case came from: enough to regenerate it and to explain it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Provenance {
    /// The seed of the run that made it.
    pub seed: u64,
    /// The generator category (`step1`, `constant-assignment`, ...).
    pub category: String,
    /// The transformations applied, in order.
    pub chain: Vec<String>,
    /// Set by the equivalent-formula generator, kept by the unsat
    /// transformations: this unsat case has the anchor structure they rely
    /// on. `None` for everything else, including every case read from a
    /// text file.
    pub anchor: Option<AnchorStructure>,
}

impl Provenance {
    /// What a generator records: its run's seed, its category and the
    /// chain so far, with no anchor structure claimed.
    pub fn generated(seed: u64, category: impl Into<String>, chain: Vec<String>) -> Provenance {
        Provenance {
            seed,
            category: category.into(),
            chain,
            anchor: None,
        }
    }
}

/// A generator's guarantee that an unsat case has the anchor structure the
/// unsat transformations need (an assertion `a0` = `¬A`, the rest
/// equivalent to `A`, one unique minimal core; the invariant is stated in
/// `transform::replacement::variable`).
///
/// The transformations trust a core only under this structure, so it must
/// not be claimable by text: a hand-edited `.smt2` seed that writes
/// `; category: equivalent-formula` gets no marker, because only this
/// crate can make one (`AnchorStructure::by_construction` is crate-only)
/// and the labelled-file reader never does. A case keeps it through the
/// transformations by being cloned, and through postcard (corpus files,
/// LLMP), which this crate itself wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AnchorStructure {
    _private: (),
}

impl AnchorStructure {
    /// The marker; only generators that build the structure call this.
    pub(crate) fn by_construction() -> Self {
        AnchorStructure { _private: () }
    }
}

/// A formula, its ground truth and its provenance.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Case {
    /// The formula.
    pub formula: Formula,
    /// What is known about it.
    pub truth: Truth,
    /// How it was made.
    pub provenance: Provenance,
    /// The solver settings this case is run with, on top of the campaign's
    /// `--solver-option`s (empty: the solver's defaults). They belong to
    /// the case, not to the campaign, so they travel with it through the
    /// corpus, a finding file and its replay.
    #[serde(default)]
    pub settings: Settings,
    /// The incremental script over the formula's assertions, with a truth
    /// per `check-sat` (see [`Incremental`]); `None`: one `check-sat` of the
    /// whole formula.
    #[serde(default)]
    pub incremental: Option<Incremental>,
    /// What is known about the formula's quantifiers that the semantics
    /// cannot decide alone: a witness per existentially bound variable, the
    /// closed `forall` formulas valid by construction (see
    /// [`semantics::quantifier`](crate::semantics::quantifier)). Only ever
    /// a hint to the evaluator: a wrong witness makes a check inconclusive,
    /// never a value wrong. Last, and read leniently (see [`or_default`]),
    /// so that corpus files written before it still read.
    #[serde(default, deserialize_with = "or_default")]
    pub witnesses: Witnesses,
}

/// Deserializes the last field of [`Case`], or gives its default when the
/// input ends before it: postcard is not self-describing, so `#[serde(default)]`
/// alone does not let a case written before the field existed read back
/// (postcard fails at the end of the input instead of skipping the field).
fn or_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(T::deserialize(d).unwrap_or_default())
}

/// Why a carried truth does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TruthError {
    /// The formula itself is malformed.
    #[error("malformed formula: {0}")]
    Formula(String),
    /// A declared constant has no value in the model, or one of another sort.
    #[error("model gives `{0}` no value of its declared sort")]
    MissingValue(Symbol),
    /// An assertion is false under the model.
    #[error("assertion {index} is false under the model")]
    Falsified {
        /// Index of the assertion.
        index: usize,
    },
    /// An assertion could not be evaluated.
    #[error("assertion {index} cannot be evaluated: {reason}")]
    Unevaluable {
        /// Index of the assertion.
        index: usize,
        /// The evaluator's error.
        reason: String,
    },
    /// An unsat case has an unnamed assertion, or a core name that names nothing.
    #[error("unsat core is inconsistent with the formula: {0}")]
    Core(String),
}

impl Case {
    /// A case with no settings of its own. Every maker of a case goes
    /// through here, so a field added to [`Case`] later has one default.
    pub fn new(formula: Formula, truth: Truth, provenance: Provenance) -> Case {
        Case {
            formula,
            truth,
            provenance,
            settings: Settings::default(),
            incremental: None,
            witnesses: Witnesses::default(),
        }
    }

    /// [`Case::check`] without the whole formula's truth: the formula is
    /// well-formed and every `check-sat`'s truth holds for what is in force
    /// there. For a script whose pool as one formula has no known truth
    /// (another reducer's candidate, `triage::minimize::relabel`): only its
    /// checks are judged.
    pub fn check_script(&self) -> Result<(), TruthError> {
        self.formula.check().map_err(TruthError::Formula)?;
        match &self.incremental {
            Some(inc) => self.check_steps(inc),
            None => Ok(()),
        }
    }

    /// Checks what can be checked exactly: the formula is well-formed; for
    /// sat, the model satisfies every assertion; for unsat, every assertion
    /// is named and the core names existing assertions; for an incremental
    /// case, the same for every `check-sat` over what is in force there
    /// (see [`Incremental`]). (Unsatisfiability
    /// itself is undecidable in general; it holds by construction and the
    /// transformations' property tests guard it.)
    pub fn check(&self) -> Result<(), TruthError> {
        self.check_script()?;
        match &self.truth {
            Truth::Sat { model } => check_model_with(&self.formula, model, &self.witnesses),
            Truth::Unsat { core } => {
                let names = self.formula.names();
                if names.len() != self.formula.assertions.len() {
                    return Err(TruthError::Core("an assertion has no name".into()));
                }
                if core.is_empty() {
                    return Err(TruthError::Core("the core is empty".into()));
                }
                match core.iter().find(|c| !names.contains(c.as_str())) {
                    Some(c) => Err(TruthError::Core(format!("`{c}` names no assertion"))),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Whether `model` satisfies every assertion of `formula`, evaluated with
/// the executable semantics.
pub fn check_model(formula: &Formula, model: &Model) -> Result<(), TruthError> {
    check_model_with(formula, model, &Witnesses::default())
}

/// [`check_model`], with `witnesses` deciding quantified assertions where
/// they can. An assertion that is false exactly is reported before one that
/// cannot be evaluated, wherever they stand: a quantified assertion the
/// semantics cannot decide must not hide a plain one the model falsifies.
pub fn check_model_with(
    formula: &Formula,
    model: &Model,
    witnesses: &Witnesses,
) -> Result<(), TruthError> {
    for (name, sort) in &formula.decls {
        match model.get(name) {
            Some(v) if v.sort() == *sort => {}
            _ => return Err(TruthError::MissingValue(name.clone())),
        }
    }
    let mut unevaluable = None;
    for (index, a) in formula.assertions.iter().enumerate() {
        match semantics::eval_with(&a.term, model, witnesses) {
            Ok(Value::Bool(true)) => {}
            Ok(_) => return Err(TruthError::Falsified { index }),
            Err(e) => {
                unevaluable.get_or_insert(TruthError::Unevaluable {
                    index,
                    reason: e.to_string(),
                });
            }
        }
    }
    unevaluable.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_written_before_witnesses_existed_reads_back() {
        // The fields up to `incremental`, as older versions wrote them.
        #[derive(Serialize)]
        struct Before<'a> {
            formula: &'a Formula,
            truth: &'a Truth,
            provenance: &'a Provenance,
            settings: &'a Settings,
            incremental: &'a Option<Incremental>,
        }
        let mut model = Model::default();
        model.insert("x", Value::Int(3.into()));
        let mut formula = Formula::default();
        formula.declare("x", crate::term::Sort::Int);
        let case = Case::new(formula, Truth::Sat { model }, Provenance::default());
        let old = postcard::to_allocvec(&Before {
            formula: &case.formula,
            truth: &case.truth,
            provenance: &case.provenance,
            settings: &case.settings,
            incremental: &case.incremental,
        })
        .unwrap();
        assert_eq!(postcard::from_bytes::<Case>(&old).unwrap(), case);
        let mut with = case.clone();
        with.witnesses.exists.insert("y".into(), Value::Bool(true));
        let new = postcard::to_allocvec(&with).unwrap();
        assert_eq!(postcard::from_bytes::<Case>(&new).unwrap(), with);
    }

    #[test]
    fn a_false_assertion_is_found_past_an_undecided_quantifier() {
        let script = crate::term::parse_script(
            "(declare-const x Int)(assert (forall ((y Int)) (> x y)))(assert (= x 1))",
        )
        .unwrap();
        let f = Formula::from_script(&script).unwrap();
        let mut model = Model::default();
        model.insert("x", Value::Int(2.into()));
        assert_eq!(
            check_model(&f, &model),
            Err(TruthError::Falsified { index: 1 })
        );
        model.insert("x", Value::Int(1.into()));
        assert!(matches!(
            check_model(&f, &model),
            Err(TruthError::Unevaluable { index: 0, .. })
        ));
    }

    #[test]
    fn each_truth_asks_for_what_checks_it() {
        // One definition of the queries for every loop and finding: a sat
        // case needs every value (model completion), an unsat case its core.
        let sat = Truth::Sat {
            model: Model::default(),
        }
        .queries();
        assert!(sat.values && !sat.unsat_core && !sat.model);
        let unsat = Truth::Unsat {
            core: BTreeSet::from(["a0".to_string()]),
        }
        .queries();
        assert!(unsat.unsat_core && !unsat.values && !unsat.model);
    }
}
