//! A finding's variant inside its bucket: the old, fine key, its operator
//! set and its shape (literals by sort, constants renamed in order of
//! first use, assertions sorted). Two findings of one variant differ only
//! in values, names or order; a report lists the variants inside their
//! bucket.

use std::collections::{BTreeMap, BTreeSet};

use crate::term::{Formula, Term};

/// The SMT-LIB names of the operators `formula` uses.
pub fn operators(formula: &Formula) -> BTreeSet<String> {
    formula
        .operators()
        .into_iter()
        .map(|op| op.name().to_string())
        .collect()
}

/// The variant of a finding inside its bucket: its operators and shape,
/// as one line.
pub fn variant(formula: &Formula) -> String {
    format!(
        "{{{}}} {}",
        operators(formula)
            .into_iter()
            .collect::<Vec<_>>()
            .join(", "),
        shape(formula)
    )
}

/// The shape of a formula (see the module docs).
pub fn shape(formula: &Formula) -> String {
    // Sorted by their shape with names erased, then named in that order.
    let mut erased: Vec<(String, &Term)> = formula
        .assertions
        .iter()
        .map(|a| (skeleton(&a.term, &mut None), &a.term))
        .collect();
    erased.sort_by(|a, b| a.0.cmp(&b.0));
    let mut names = BTreeMap::new();
    let parts: Vec<String> = erased
        .iter()
        .map(|(_, t)| skeleton(t, &mut Some(&mut names)))
        .collect();
    parts.join(" & ")
}

/// `t` with literals replaced by their sort and variables by `x`, or, with
/// `names`, by their number in order of first use.
fn skeleton(t: &Term, names: &mut Option<&mut BTreeMap<String, usize>>) -> String {
    match t {
        Term::Bool(_) => "Bool".into(),
        Term::Int(_) => "Int".into(),
        Term::Real(_) => "Real".into(),
        Term::Str(_) => "Str".into(),
        Term::Var(v) => match names {
            Some(map) => {
                let next = map.len();
                format!("x{}", map.entry(v.clone()).or_insert(next))
            }
            None => "x".into(),
        },
        Term::App(op, args) if args.is_empty() => op.name().to_string(),
        Term::App(op, args) => {
            let inner: Vec<String> = args.iter().map(|a| skeleton(a, names)).collect();
            format!("({} {})", op.name(), inner.join(" "))
        }
        Term::Let(binds, body) => {
            let inner: Vec<String> = binds.iter().map(|(_, b)| skeleton(b, names)).collect();
            format!("(let ({}) {})", inner.join(" "), skeleton(body, names))
        }
        Term::Quant(q) => format!("(quant {})", skeleton(&q.body, names)),
        Term::BitVec(b) => format!("(_ BitVec {})", b.width()),
        Term::ConstArray(sort, value) => format!("(const {sort} {})", skeleton(value, names)),
        Term::SeqEmpty(e) => format!("(seq.empty {e})"),
        // Function symbols are named like variables: `f` and `g` applied
        // alike are one shape.
        Term::Apply(f, args) => {
            let head = skeleton(&Term::Var(f.clone()), names);
            let inner: Vec<String> = args.iter().map(|a| skeleton(a, names)).collect();
            format!("({head} {})", inner.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::parse_script;

    fn formula(text: &str) -> Formula {
        Formula::from_script(&parse_script(text).unwrap()).unwrap()
    }

    #[test]
    fn shared_constants_are_part_of_the_shape() {
        let same = formula("(declare-const s String)(assert (= s s))");
        let two = formula("(declare-const s String)(declare-const t String)(assert (= s t))");
        assert_ne!(shape(&same), shape(&two));
    }
}
