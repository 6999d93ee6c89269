//! A solver's model as our semantics holds it: the `(get-value ...)` pairs
//! of the constants, and the `(get-model)` define-funs of the functions
//! (as the pairs `(f x1 ... xn)` and body that `Reply::from_output_in`
//! makes of them).

use crate::semantics::{self, FunValue, Model, Value};
use crate::term::{Formula, Sort, Symbol, Term};

/// Reads the solver's `(get-value ...)` pairs into a model: each value term
/// is evaluated by our semantics (a solver may answer with a term such as
/// `(str.++ "a" "b")` or `(- 1)` rather than a literal).
pub fn model_from_values(formula: &Formula, values: &[(Term, Term)]) -> Result<Model, String> {
    let mut model = Model::new();
    for (var, value) in values {
        // A function's interpretation comes as `(f x1 ... xn)` and its body
        // (see `Reply::from_output_in`); its parameters' sorts are the
        // declaration's.
        if let Term::Apply(f, params) = var {
            let Some(Sort::Fun(args, result)) = formula.sort_of(f) else {
                // One the formula does not declare (a helper a solver's
                // model defines): a body that applies it is unbound.
                continue;
            };
            let names: Option<Vec<Symbol>> = params
                .iter()
                .map(|p| match p {
                    Term::Var(x) => Some(x.clone()),
                    _ => None,
                })
                .collect();
            let Some(names) = names.filter(|n| n.len() == args.len()) else {
                return Err(format!("unreadable interpretation of `{f}`: {var}"));
            };
            let fun = FunValue::new(
                names.into_iter().zip(args).collect(),
                *result,
                value.clone(),
            );
            model.insert(f.clone(), Value::Fun(fun));
            continue;
        }
        let Term::Var(name) = var else {
            return Err(format!("value given for a non-variable {var}"));
        };
        let v = semantics::eval_closed(value)
            .map_err(|e| format!("cannot evaluate the value of `{name}` ({value}): {e}"))?;
        model.insert(name.clone(), v);
    }
    for (name, _) in &formula.decls {
        if model.get(name).is_none() {
            return Err(format!("no value for `{name}`"));
        }
    }
    Ok(model)
}
