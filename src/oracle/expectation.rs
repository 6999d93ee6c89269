//! What each `check-sat` of a script is held to ([`Expectation`]): the
//! formula in force there, its status and core, and the queries printed
//! after it, in the order the oracle reads their answers.

use std::collections::{BTreeMap, BTreeSet};

use super::judge::Expected;
use crate::term::{Command, Formula, Symbol};
use crate::truth::{Case, Status, Truth, literal};

/// What one `check-sat` of a script is held to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    /// What is in force there, its assumption literals included.
    pub formula: Formula,
    /// Its status and core, when known. The core names the assertions in
    /// force and the assumption literals (`p`, as the solver lists them).
    pub expected: Option<Expected>,
    /// The literals of its `check-sat-assuming` (empty for `check-sat`).
    pub literals: BTreeSet<Symbol>,
}

impl Expectation {
    /// The queries after this check, in the order their answers are read:
    /// `get-value` of every constant unless unsat is expected (none without
    /// constants); with a known unsat core, `get-unsat-core`, and
    /// `get-unsat-assumptions` after a `check-sat-assuming`.
    pub fn queries(&self) -> Vec<Command> {
        match &self.expected {
            Some(Expected {
                status: Status::Unsat,
                core: Some(_),
            }) => {
                let mut q = vec![Command::GetUnsatCore];
                if !self.literals.is_empty() {
                    q.push(Command::Query("get-unsat-assumptions".into()));
                }
                q
            }
            Some(Expected {
                status: Status::Unsat,
                core: None,
            }) => Vec::new(),
            _ => self.formula.witness_queries(),
        }
    }
}

/// What each check of `case`'s script ([`Case::script`]) is held to.
pub fn expectations(case: &Case) -> Vec<Expectation> {
    case.check_sats()
        .into_iter()
        .map(|(formula, check)| {
            // Assumption assertion name -> its literal, as the solver names it.
            let literals: BTreeMap<Symbol, Symbol> = check
                .assuming
                .iter()
                .filter_map(|&i| {
                    Some((
                        case.formula.assertions[i].name.clone()?,
                        literal(&case.formula, i)?.clone(),
                    ))
                })
                .collect();
            let expected = match &check.truth {
                Truth::Sat { .. } => Expected::from(&check.truth),
                Truth::Unsat { core } => Expected {
                    status: Status::Unsat,
                    core: Some(
                        core.iter()
                            .map(|n| literals.get(n).unwrap_or(n).clone())
                            .collect(),
                    ),
                },
            };
            Expectation {
                formula,
                expected: Some(expected),
                literals: literals.into_values().collect(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oracle_reads_the_queries_the_script_prints() {
        use rand::SeedableRng;

        use crate::generate::ConstantPool;
        use crate::generate::strings::equivalent_formula_cases;
        use crate::transform::incremental::{Assumption, NestedScopes, interleave};
        use crate::transform::{Transformation, constant_assignments};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), 2)
            .take(40)
            .collect();
        let unsat: Vec<Case> = equivalent_formula_cases(false, 2).take(40).collect();
        let mut seen = 0;
        for (a, b) in sat.iter().zip(&unsat) {
            let c = interleave(a, b, &mut rng).unwrap();
            let c = Assumption.apply(&c, &mut rng).unwrap();
            for c in [c, NestedScopes.apply(b, &mut rng).unwrap()] {
                let script = c.script(false).commands;
                let printed: Vec<Vec<Command>> = script
                    .split(|x| matches!(x, Command::CheckSat | Command::CheckSatAssuming(_)))
                    .skip(1)
                    .map(|after| {
                        after
                            .iter()
                            .take_while(|x| {
                                matches!(
                                    x,
                                    Command::GetValue(_)
                                        | Command::GetUnsatCore
                                        | Command::Query(_)
                                )
                            })
                            .cloned()
                            .collect()
                    })
                    .collect();
                let read: Vec<Vec<Command>> =
                    expectations(&c).iter().map(Expectation::queries).collect();
                assert_eq!(printed, read);
                seen += read.len();
            }
        }
        assert!(seen > 50, "{seen}");
    }
}
