//! The unsat cores the reducer may claim: what refutes a claimed core
//! ([`core_refuted`]) and the core [`decide_core`] decides, where it decides
//! one.
//!
//! # Invariant
//!
//! [`core_refuted`] returns `None` only for a case whose claimed core no
//! closed assertion contradicts and, where [`decide_core`] decides the
//! formula, is the decided unique minimal core; [`with_decided_core`]
//! labels a case with exactly that core.

use std::collections::BTreeSet;

use crate::semantics::{Value, eval_closed};
use crate::triage::membership::{CoreDecision, decide_core};
use crate::truth::{Case, Truth};

/// Why an unsat case's core cannot be its unique minimal core, where a
/// closed assertion shows it: a closed assertion that is false is an unsat
/// core on its own, so the core must be exactly that one assertion. (The
/// rest of minimality cannot be checked; this catches what reducers that
/// know no truth do most: an assertion replaced by `false`.)
pub fn core_refuted(case: &Case) -> Option<String> {
    let Truth::Unsat { core } = &case.truth else {
        return None;
    };
    for a in &case.formula.assertions {
        // A true assertion changes no subset's satisfiability, so it is in
        // no minimal core.
        if let Some(name) = &a.name
            && core.contains(name)
            && a.term.free_vars().is_empty()
            && eval_closed(&a.term) == Ok(Value::Bool(true))
        {
            return Some(format!(
                "assertion {name} is true on its own, so it is in no minimal core"
            ));
        }
        if a.term.free_vars().is_empty() && eval_closed(&a.term) == Ok(Value::Bool(false)) {
            let name = a.name.clone().unwrap_or_default();
            if core.len() != 1 || !core.contains(&name) {
                return Some(format!(
                    "assertion {name} is false on its own, so ({}) is not the unique minimal core",
                    core.iter().cloned().collect::<Vec<_>>().join(" ")
                ));
            }
        }
    }
    match decide_core(&case.formula)? {
        CoreDecision::Sat => Some(
            "the assertions are satisfiable (decided on the regular \
             memberships of their one string constant)"
                .into(),
        ),
        CoreDecision::SeveralCores => Some(
            "the formula has several minimal unsat cores \
             (decided on the regular memberships of its one string constant)"
                .into(),
        ),
        CoreDecision::UniqueCore(c) => {
            let decided = core_names(case, &c);
            (decided != *core).then(|| {
                format!(
                    "the unique minimal unsat core is ({}), decided on the regular \
                     memberships of the one string constant",
                    decided.into_iter().collect::<Vec<_>>().join(" ")
                )
            })
        }
    }
}

/// The names of the assertions at `indices`.
pub(super) fn core_names(case: &Case, indices: &BTreeSet<usize>) -> BTreeSet<String> {
    indices
        .iter()
        .filter_map(|&i| case.formula.assertions[i].name.clone())
        .collect()
}

/// `case` with the unique minimal core that [`decide_core`] finds, if it
/// decides one (every assertion named).
pub(super) fn with_decided_core(mut case: Case) -> Option<Case> {
    if !matches!(case.truth, Truth::Unsat { .. })
        || case.formula.assertions.iter().any(|a| a.name.is_none())
    {
        return None;
    }
    let CoreDecision::UniqueCore(c) = decide_core(&case.formula)? else {
        return None;
    };
    case.truth = Truth::Unsat {
        core: core_names(&case, &c),
    };
    Some(case)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::read_case;
    use crate::term::Term;

    const UNSAT: &str = "; expected unsat core: (a0 a1)\n(set-info :status unsat)\
        (declare-const x String)(declare-const y Int)\
        (assert (! (= (str.len x) (+ 1 2)) :named a0))\
        (assert (! (= (str.len x) 4) :named a1))\
        (assert (! (> y 0) :named a2))\
        (assert (! (str.in_re \"abc\" (re.* (re.union (str.to_re \"abc\") (str.to_re \"d\")))) :named a3))";

    #[test]
    fn a_false_assertion_refutes_a_larger_core() {
        let mut case = read_case(UNSAT, "t").unwrap();
        assert_eq!(core_refuted(&case), None);
        case.formula.assertions[0].term = Term::Bool(false);
        assert!(core_refuted(&case).is_some_and(|w| w.contains("a0")));
        // A false noise assertion is an unsat core of its own too.
        let mut noise = read_case(UNSAT, "t").unwrap();
        noise.formula.assertions[2].term = Term::Bool(false);
        assert!(core_refuted(&noise).is_some());
        // A core assertion that is true on its own is in no minimal core
        // (ddSMT made `(! true :named a0)` of one).
        let mut trivial = read_case(UNSAT, "t").unwrap();
        trivial.formula.assertions[0].term = Term::Bool(true);
        assert!(core_refuted(&trivial).is_some_and(|w| w.contains("true on its own")));
    }
}
