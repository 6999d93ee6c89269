//! Step-1 formulas: one operator in isolation, every argument and the result
//! a free variable (the ICSE 2020 paper's Listing 2):
//!
//! ```text
//! (declare-const s String) (declare-const t String) (declare-const u String)
//! (declare-const result String)
//! (assert (= (str.replace s t u) result))
//! ```
//!
//! Such a formula is satisfiable for any values of the arguments because
//! every string operator is total; the carried model is the arguments'
//! values and the operator's value on them, computed by the executable
//! semantics.

use crate::semantics::{self, Model, Value};
use crate::term::{Formula, Op, Pool, Sort, Term, Theory, pool, pool_len};
use crate::truth::{Case, Provenance, Truth};

/// The operators step 1 covers: string equality (the paper's `equals`) and
/// every non-regex operator of the Unicode Strings theory, in table order
/// (the rows of [`OPERATORS`](crate::term::OPERATORS) in [`Pool::Step1`]).
/// (Regex operators take a RegLan argument, which has no variable form
/// worth testing in isolation; they are covered with constant languages.)
/// Recipes and seeds index this list, so its order is pinned by a test.
pub const STRING_OPERATORS: &[Op] = &pool::<{ pool_len(Pool::Step1) }>(Pool::Step1, &Theory::ALL);

/// The argument sorts of a step-1 operator (the table's applied sorts);
/// empty for any other operator.
pub fn argument_sorts(op: Op) -> &'static [Sort] {
    let row = op.row();
    match row.applied {
        Some(sorts) if row.pools.contains(&Pool::Step1) => sorts,
        _ => &[],
    }
}

/// The result sort of a step-1 operator.
pub fn result_sort(op: Op) -> Sort {
    op.result_sort(argument_sorts(op))
        .expect("step-1 operators are well-sorted")
}

/// Argument names in the paper's style: strings `s t u`, integers `i j`.
fn argument_names(sorts: &[Sort]) -> Vec<String> {
    let (mut strs, mut ints) = (["s", "t", "u"].iter(), ["i", "j"].iter());
    sorts
        .iter()
        .map(|s| match s {
            Sort::Int => ints.next(),
            _ => strs.next(),
        })
        .map(|n| {
            n.expect("at most three string and two int arguments")
                .to_string()
        })
        .collect()
}

/// The name of the result variable.
pub const RESULT: &str = "result";

/// The step-1 formula of `op` with the given argument values; the result's
/// value is computed. `None` if an argument has the wrong sort or the
/// operator is not a step-1 operator.
pub fn step1_with(op: Op, args: &[Value], seed: u64) -> Option<Case> {
    let sorts = argument_sorts(op);
    if sorts.is_empty() || args.len() != sorts.len() {
        return None;
    }
    if args.iter().zip(sorts).any(|(v, s)| v.sort() != *s) {
        return None;
    }
    let names = argument_names(sorts);
    let app = Term::app(op, names.iter().map(Term::var).collect());
    let closed = Term::app(op, args.iter().map(Value::to_term).collect());
    let value = semantics::eval_closed(&closed).ok()?;
    let mut formula = Formula::default();
    let mut model = Model::new();
    for ((n, s), v) in names.iter().zip(sorts).zip(args) {
        formula.declare(n.clone(), s.clone());
        model.insert(n.clone(), v.clone());
    }
    formula.declare(RESULT, result_sort(op));
    model.insert(RESULT, value);
    formula.assert(Term::eq(app, Term::var(RESULT)), None);
    Some(Case::new(
        formula,
        Truth::Sat { model },
        Provenance::generated(seed, "step1", Vec::new()),
    ))
}

/// The step-1 formula of `op`, with "" and 0 as the model's arguments.
pub fn step1(op: Op) -> Option<Case> {
    let args: Vec<Value> = argument_sorts(op)
        .iter()
        .map(|s| match s {
            Sort::Int => Value::Int(0.into()),
            _ => Value::Str(Default::default()),
        })
        .collect();
    step1_with(op, &args, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operator_has_a_valid_step1_case() {
        for &op in STRING_OPERATORS {
            let case = step1(op).unwrap_or_else(|| panic!("{op:?}"));
            case.check().unwrap_or_else(|e| panic!("{op:?}: {e}"));
            assert_eq!(
                case.formula.assertions[0].term.operators(),
                std::collections::BTreeSet::from([op, Op::Eq]),
                "{op:?}"
            );
        }
    }

    #[test]
    fn replace_step1_is_listing_2() {
        let case = step1(Op::StrReplace).unwrap();
        let text = case.formula.to_script(None, Default::default()).to_string();
        assert!(
            text.contains("(assert (= (str.replace s t u) result))"),
            "{text}"
        );
    }

    #[test]
    fn ill_sorted_arguments_are_refused() {
        assert!(step1_with(Op::StrLen, &[Value::Int(0.into())], 0).is_none());
        assert!(step1_with(Op::Add, &[], 0).is_none());
    }
}
