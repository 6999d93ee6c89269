//! The options every in-process cvc5 solver gets, in the order they are
//! set: [`CVC5_DEFAULT_OPTIONS`] (the `cvc5` binary target's flags), then
//! what the case needs ([`case_options`]), then the user's
//! `--solver-option`s, which win.

use crate::solver::option::SolverOption;

/// The options of the `cvc5` binary target's flags, set on every
/// in-process solver before the user's.
pub const CVC5_DEFAULT_OPTIONS: &[(&str, &str)] = &[
    ("incremental", "true"),
    ("strings-exp", "true"),
    ("produce-models", "true"),
];

/// The options a script needs beyond the solver's defaults: cvc5 refuses
/// a constant array (`(as const ...)`) unless `arrays-exp` is on, with an
/// error that says nothing about the formula. Set per query, so the other
/// queries keep cvc5's default array solver.
pub fn case_options(script: &str) -> Vec<SolverOption> {
    let mut options = Vec::new();
    if script.contains("(as const") {
        options.push(SolverOption {
            key: "arrays-exp".into(),
            value: "true".into(),
        });
    }
    options
}

/// The options of one solver, in the order they are set: the defaults,
/// what the case needs, the user's.
pub fn solver_options(case: &[SolverOption], user: &[SolverOption]) -> Vec<SolverOption> {
    CVC5_DEFAULT_OPTIONS
        .iter()
        .map(|(k, v)| SolverOption {
            key: k.to_string(),
            value: v.to_string(),
        })
        .chain(case.iter().cloned())
        .chain(user.iter().cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_arrays_turn_arrays_exp_on_and_the_user_has_the_last_word() {
        let script = "(declare-const a (Array Int Int))\
                      (assert (= a ((as const (Array Int Int)) 0)))(check-sat)";
        let case = case_options(script);
        assert_eq!(case.len(), 1);
        assert_eq!(case[0].to_string(), "arrays-exp=true");
        assert!(case_options("(declare-const a (Array Int Int))(check-sat)").is_empty());
        let user: SolverOption = "arrays-exp=false".parse().unwrap();
        let all = solver_options(&case, std::slice::from_ref(&user));
        assert_eq!(all.last(), Some(&user));
        assert_eq!(all.len(), CVC5_DEFAULT_OPTIONS.len() + 2);
    }
}
