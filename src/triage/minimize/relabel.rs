//! A script another reducer (ddSMT) printed from an incremental finding,
//! given a truth for each of its `check-sat`s from the finding's own
//! checks, so that `minimize --check` can judge it as a case.
//!
//! Another reducer re-prints the script without our labels and changes it
//! freely: it drops commands (a `check-sat` among them, so the checks no
//! longer line up by position), replaces terms and removes names. A check
//! of the candidate gets a truth only where one is proven for what is in
//! force at it (its assertions and its assumptions):
//!
//! - sat: a model of one of the finding's checks (or of its whole formula)
//!   satisfies all of it, evaluated exactly ([`check_model_with`]);
//! - unsat: every assertion in force at it, name and term, is one in force
//!   at an unsat check of the finding, and that check's core is among
//!   them. A subset of a formula's assertions that contains its unique
//!   minimal core keeps it as its unique minimal core, so the label is
//!   that check's core. A changed term under an unsat check gets no label:
//!   nothing here decides unsatisfiability.
//!
//! A check with no proven truth makes the candidate unlabelled (an error):
//! judging it would be judging a guess.
//!
//! # Invariants
//!
//! - The result's every check truth holds for what is in force there, as
//!   [`Case::check_script`] checks (models exactly, cores by the subset
//!   rule above).
//! - The result's own truth is its last check's: only checks are judged,
//!   and the candidate's pool as one formula has no truth known here.

use crate::term::{Assertion, Command, Formula, Script, Term};
use crate::truth::{Case, Check, Incremental, Step, Truth, check_formula, check_model_with};

/// The candidate `script` as an incremental case over `finding`'s checks'
/// truths and its settings, or why a check of it has no truth.
pub fn relabel(finding: &Case, script: &Script) -> Result<Case, String> {
    let mut formula = Formula::default();
    let mut steps = Vec::new();
    // Assumption literals by name: each is one pool assertion, assumed by
    // every check that names it, as the finding's script has it.
    let mut assumptions: Vec<(String, usize)> = Vec::new();
    for command in &script.commands {
        match command {
            Command::DeclareConst(n, s) => formula.decls.push((n.clone(), s.clone())),
            Command::DeclareFun(n, args, r) => formula
                .decls
                .push((n.clone(), crate::term::Sort::fun(args.clone(), r.clone()))),
            Command::Assert(a) => {
                formula.assertions.push(a.clone());
                steps.push(Step::Assert(formula.assertions.len() - 1));
            }
            Command::Push(n) => steps.extend((0..*n).map(|_| Step::Push)),
            Command::Pop(n) => steps.extend((0..*n).map(|_| Step::Pop)),
            Command::ResetAssertions => steps.push(Step::ResetAssertions),
            Command::CheckSat => steps.push(Step::CheckSat(placeholder(Vec::new()))),
            Command::CheckSatAssuming(lits) => {
                let mut assuming = Vec::new();
                for lit in lits {
                    let Term::Var(p) = lit else {
                        return Err(format!("an assumption that is no Bool constant: {lit}"));
                    };
                    let at = match assumptions.iter().find(|(n, _)| n == p.as_str()) {
                        Some((_, at)) => *at,
                        None => {
                            let own = assumption_of(finding, p.as_str()).ok_or_else(|| {
                                format!("assumption {p} is no assumption of the finding")
                            })?;
                            formula.assertions.push(own);
                            let at = formula.assertions.len() - 1;
                            assumptions.push((p.to_string(), at));
                            at
                        }
                    };
                    assuming.push(at);
                }
                steps.push(Step::CheckSat(placeholder(assuming)));
            }
            Command::DefineFun { name, .. } => {
                return Err(format!("define-fun {name}: a case defines no function"));
            }
            Command::Reset => return Err("reset: a case's script never resets".into()),
            Command::Exit => break,
            _ => {}
        }
    }
    let unlabelled = Incremental { steps };
    let in_force: Vec<(usize, Formula)> = unlabelled
        .checks()
        .iter()
        .map(|c| {
            (
                c.step,
                check_formula(&formula, &c.asserted, &c.check.assuming),
            )
        })
        .collect();
    if in_force.is_empty() {
        return Err("no check-sat".into());
    }
    let mut steps = unlabelled.steps;
    let mut last = None;
    let known = finding.check_sats();
    for (k, (step, asked)) in in_force.iter().enumerate() {
        let truth = truth_for(finding, &known, asked, k).ok_or_else(|| {
            format!(
                "check-sat {} of {}: no check of the finding proves a truth for it",
                k + 1,
                in_force.len()
            )
        })?;
        if let Step::CheckSat(c) = &mut steps[*step] {
            c.truth = truth.clone();
        }
        last = Some(truth);
    }
    Ok(Case {
        formula,
        truth: last.expect("at least one check"),
        incremental: Some(Incremental { steps }),
        ..finding.clone()
    })
}

fn placeholder(assuming: Vec<usize>) -> Check {
    Check {
        assuming,
        truth: Truth::Unsat {
            core: Default::default(),
        },
    }
}

/// The finding's pool assertion that is the assumption literal `p`.
fn assumption_of(finding: &Case, p: &str) -> Option<Assertion> {
    finding
        .formula
        .assertions
        .iter()
        .find(|a| matches!(&a.term, Term::Var(v) if v.as_str() == p) && a.name.is_some())
        .cloned()
}

/// A truth proven for `asked` (what is in force at the candidate's check
/// `k`) from the finding's `checks` (its [`Case::check_sats`]), the one at
/// the same position first.
fn truth_for(
    finding: &Case,
    checks: &[(Formula, Check)],
    asked: &Formula,
    k: usize,
) -> Option<Truth> {
    let order = (k..checks.len()).chain(0..k.min(checks.len()));
    let mut models: Vec<&Truth> = Vec::new();
    for i in order {
        let (formula, check) = &checks[i];
        match &check.truth {
            Truth::Unsat { core } => {
                let kept = asked
                    .assertions
                    .iter()
                    .all(|a| formula.assertions.contains(a));
                let names = asked.names();
                if kept && core.iter().all(|c| names.contains(c.as_str())) {
                    return Some(check.truth.clone());
                }
            }
            sat => models.push(sat),
        }
    }
    models.push(&finding.truth);
    models.into_iter().find_map(|t| match t {
        Truth::Sat { model } => check_model_with(asked, model, &finding.witnesses)
            .ok()
            .map(|()| Truth::Sat {
                model: model.clone(),
            }),
        Truth::Unsat { .. } => None,
    })
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::strings::equivalent_formula_cases;
    use crate::term::{Printer, parse_script};
    use crate::transform::incremental::{Assumption, NestedScopes, RepeatCheck};
    use crate::transform::{Transformation, constant_assignments};

    /// Incremental cases of both truths: sat constant assignments and
    /// unsat equivalent formulas, in nested scopes and under assumptions.
    fn scripts() -> Vec<Case> {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let pool = ConstantPool::paper();
        let sat = constant_assignments(&pool, 5).take(40);
        let unsat = equivalent_formula_cases(false, 5).take(40);
        sat.chain(unsat)
            .filter_map(|c| {
                let c = NestedScopes.apply(&c, &mut rng).unwrap_or(c);
                let c = Assumption.apply(&c, &mut rng).unwrap_or(c);
                let c = RepeatCheck.apply(&c, &mut rng).unwrap_or(c);
                c.incremental.is_some().then_some(c)
            })
            .collect()
    }

    fn printed(case: &Case) -> Script {
        parse_script(&Printer::default().script(&case.script(false))).unwrap()
    }

    /// The finding's own script, re-printed without labels, gets back a
    /// truth for every check, each of them checked.
    #[test]
    fn a_findings_own_script_gets_every_check_back() {
        let all = scripts();
        assert!(all.len() >= 40, "{} incremental cases", all.len());
        let (mut sat, mut unsat) = (0, 0);
        for case in &all {
            let got = relabel(case, &printed(case)).unwrap_or_else(|e| panic!("{e}"));
            got.check_script().unwrap_or_else(|e| panic!("{e}"));
            let mine: Vec<_> = case
                .check_sats()
                .into_iter()
                .map(|c| c.1.truth.status())
                .collect();
            let theirs: Vec<_> = got
                .check_sats()
                .into_iter()
                .map(|c| c.1.truth.status())
                .collect();
            assert_eq!(mine, theirs);
            for t in theirs {
                match t {
                    crate::truth::Status::Sat => sat += 1,
                    crate::truth::Status::Unsat => unsat += 1,
                }
            }
        }
        assert!(sat > 20 && unsat > 20, "{sat} sat, {unsat} unsat checks");
    }

    /// A changed term under an unsat check gets no truth; under a sat
    /// check it keeps one only while a model still satisfies it.
    #[test]
    fn a_changed_assertion_keeps_a_truth_only_where_one_is_proven() {
        let (mut refused_unsat, mut refused_sat, mut kept_sat) = (0, 0, 0);
        for case in scripts() {
            let mut script = printed(&case);
            let Some(at) = script
                .commands
                .iter()
                .position(|c| matches!(c, Command::Assert(a) if !matches!(a.term, Term::Var(_))))
            else {
                continue;
            };
            let unsat = matches!(case.truth, Truth::Unsat { .. });
            for replacement in [Term::Bool(false), Term::Bool(true)] {
                if let Command::Assert(a) = &mut script.commands[at] {
                    a.term = replacement.clone();
                }
                match relabel(&case, &script) {
                    Ok(got) => {
                        got.check_script().unwrap_or_else(|e| panic!("{e}"));
                        assert!(!unsat, "an unsat check labelled after a change");
                        assert_eq!(replacement, Term::Bool(true));
                        kept_sat += 1;
                    }
                    Err(_) if unsat => refused_unsat += 1,
                    Err(_) => {
                        assert_eq!(replacement, Term::Bool(false));
                        refused_sat += 1;
                    }
                }
            }
        }
        assert!(
            refused_unsat > 10 && refused_sat > 10 && kept_sat > 10,
            "{refused_unsat} {refused_sat} {kept_sat}"
        );
    }

    /// A dropped `check-sat` shifts the checks: each still gets a truth
    /// proven for it, never its neighbour's by position alone.
    #[test]
    fn a_dropped_check_sat_shifts_no_label() {
        let mut shifted = 0;
        for case in scripts() {
            let script = printed(&case);
            let checks: Vec<usize> = (0..script.commands.len())
                .filter(|&i| {
                    matches!(
                        script.commands[i],
                        Command::CheckSat | Command::CheckSatAssuming(_)
                    )
                })
                .collect();
            if checks.len() < 2 {
                continue;
            }
            let mut fewer = script.clone();
            fewer.commands.remove(checks[0]);
            if let Ok(got) = relabel(&case, &fewer) {
                got.check_script().unwrap_or_else(|e| panic!("{e}"));
                shifted += 1;
            }
        }
        assert!(shifted > 10, "{shifted}");
    }
}
