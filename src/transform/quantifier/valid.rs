//! Valid closed formulas: an identity row under `forall` over all of its
//! variables, `(forall (v̄) (=> side (= lhs rhs)))` (the side left out when
//! it is `true`).
//!
//! The rows are the tables' (`assets/tables/`): the string identities
//! (Table 3 and ours) and the regex ones over `String` and `Int` subjects,
//! the sequence rows at an element sort, the bit-vector and array `NC`
//! rows at a sort that the case declares or a default one, and for a
//! formula that declares a Real the real rows (`(=> side (= lhs rhs))`:
//! a row that divides by a variable is guarded by its side, so its value
//! does not rest on division by zero).
//!
//! # Invariant
//!
//! Every formula drawn is closed and true in every interpretation: each row
//! holds for every value of its variables (each table's own property test
//! checks it by evaluation on random and boundary values; `sides` at the
//! element sort and `build` at the sort are the rows those tests check). The
//! bound variables get names fresh in the formula the row goes into, so it
//! reads apart from the case's constants (renaming a closed formula's bound
//! variables does not change its value).

use rand::seq::IndexedRandom;
use rand::{Rng, RngCore};

use super::quantifiable;
use crate::generate::real::{self, real_rows};
use crate::generate::seq::{seq_rows, variable_sort};
use crate::term::{Formula, Op, QuantKind, Quantifier, Sort, Symbol, Term};
use crate::transform::combined_identities::nc_rows_for;
use crate::transform::identities::{Identity, Rhs, identities};
use crate::transform::regex_identities::regex_identities;

/// A valid row's body over its bound variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidFormula {
    /// The row's id and, for rows over a sort, the sort (`Q2@Int`).
    pub id: String,
    /// The bound variables, named apart from the formula's.
    pub vars: Vec<(Symbol, Sort)>,
    /// `(=> side (= lhs rhs))`, true for every value of `vars`.
    pub body: Term,
}

impl ValidFormula {
    /// `(forall (vars) body)`: valid.
    pub fn forall(&self) -> Term {
        self.quantified(QuantKind::Forall, self.body.clone())
    }

    /// `(exists (vars) (not body))`: unsatisfiable.
    pub fn negation(&self) -> Term {
        self.quantified(QuantKind::Exists, Term::not(self.body.clone()))
    }

    fn quantified(&self, kind: QuantKind, body: Term) -> Term {
        Term::Quant(Box::new(Quantifier {
            kind,
            vars: self.vars.clone(),
            body,
            patterns: Vec::new(),
        }))
    }
}

/// The element sorts the sequence rows are drawn at when the formula
/// declares no sequence.
const ELEMENTS: [Sort; 3] = [Sort::Int, Sort::String, Sort::BitVec(8)];

/// The sorts the `NC` rows are drawn at when the formula declares none
/// they apply to.
fn default_nc_sorts() -> Vec<Sort> {
    vec![
        Sort::BitVec(1),
        Sort::BitVec(8),
        Sort::BitVec(32),
        Sort::Array(Box::new(Sort::Int), Box::new(Sort::Int)),
        Sort::Array(Box::new(Sort::BitVec(4)), Box::new(Sort::Bool)),
    ]
}

/// One valid formula for `formula`, drawn from one of the table families
/// (string rows, sequence rows, `NC` rows), its variables named apart from
/// `formula`'s. `None` if the draw finds no row (it then draws nothing
/// more).
pub fn valid_formulas(formula: &Formula, rng: &mut dyn RngCore) -> Option<ValidFormula> {
    // The real rows only for a formula that declares a Real: the others
    // draw as they did before them, draw for draw.
    let reals = formula.decls.iter().any(|(_, s)| *s == Sort::Real);
    let (id, vars, lhs, rhs, side) = match rng.random_range(0..if reals { 4 } else { 3 }) {
        3 => {
            let row = real_rows().choose(rng)?;
            let mut names = row.lhs.free_vars();
            names.extend(row.rhs.free_vars());
            if let Some(s) = &row.side {
                names.extend(s.free_vars());
            }
            let vars = names
                .into_iter()
                .map(|v| {
                    let s = real::variable_sort(&v).expect("row variables are x y z n m");
                    (v, s)
                })
                .collect();
            (
                row.id.to_string(),
                vars,
                row.lhs.clone(),
                row.rhs.clone(),
                row.side.clone().unwrap_or(Term::Bool(true)),
            )
        }
        0 => {
            let rows: Vec<&Identity> = identities()
                .iter()
                .chain(regex_identities())
                .filter(|i| i.vars.iter().all(|(_, s)| quantifiable(s)))
                .collect();
            let row = rows.choose(rng)?;
            let rhs = match &row.rhs {
                Rhs::Subject(x, _) => Term::var(x.clone()),
                Rhs::Constant(v) => v.to_term(),
            };
            (
                row.id.to_string(),
                row.vars.clone(),
                row.lhs.clone(),
                rhs,
                row.side.clone(),
            )
        }
        1 => {
            let mut elements: Vec<Sort> = formula
                .decls
                .iter()
                .filter_map(|(_, s)| match s {
                    Sort::Seq(e) if quantifiable(e) => Some((**e).clone()),
                    _ => None,
                })
                .collect();
            if elements.is_empty() {
                elements = ELEMENTS.to_vec();
            }
            let element = elements.choose(rng)?.clone();
            let row = seq_rows().choose(rng)?;
            let (lhs, rhs, _) = row.sides(&element);
            let mut names = lhs.free_vars();
            names.extend(rhs.free_vars());
            let vars = names
                .into_iter()
                .map(|v| {
                    let s = variable_sort(&v, &element).expect("row variables are s t u i j x");
                    (v, s)
                })
                .collect();
            (
                format!("{}@{element}", row.id),
                vars,
                lhs,
                rhs,
                Term::Bool(true),
            )
        }
        _ => {
            let mut sorts: Vec<Sort> = formula
                .decls
                .iter()
                .map(|(_, s)| s.clone())
                .filter(|s| quantifiable(s) && nc_rows_for(s).next().is_some())
                .collect();
            if sorts.is_empty() {
                sorts = default_nc_sorts();
            }
            let sort = sorts.choose(rng)?.clone();
            let rows: Vec<_> = nc_rows_for(&sort).collect();
            let row = rows.choose(rng)?;
            let fresh = (row.fresh)(&sort);
            if !fresh.iter().all(|(_, s)| quantifiable(s)) {
                return None;
            }
            let w: Vec<Term> = fresh.iter().map(|(n, _)| Term::var(*n)).collect();
            let lhs = (row.build)(&sort, Term::var("x"), &w);
            let mut vars = vec![("x".to_string(), sort.clone())];
            vars.extend(fresh.into_iter().map(|(n, s)| (n.to_string(), s)));
            (
                format!("{}@{sort}", row.id),
                vars,
                lhs,
                Term::var("x"),
                Term::Bool(true),
            )
        }
    };
    let eq = Term::eq(lhs, rhs);
    let body = match side {
        Term::Bool(true) => eq,
        side => Term::app(Op::Implies, vec![side, eq]),
    };
    named_apart(formula, id, vars, body)
}

/// The row with its variables renamed to names fresh in `formula` (and
/// distinct from each other); `None` if it has none or they would not be
/// distinct.
fn named_apart(
    formula: &Formula,
    id: String,
    vars: Vec<(Symbol, Sort)>,
    body: Term,
) -> Option<ValidFormula> {
    // A row over constants only (C2: `(str.++ "" "")` is `""`) has nothing
    // to bind, and `(forall () ...)` is not SMT-LIB.
    if vars.is_empty() {
        return None;
    }
    let mut map = std::collections::BTreeMap::new();
    let mut renamed = Vec::new();
    for (v, s) in vars {
        let n = formula.fresh_symbol(&format!("{v}_q"));
        if renamed.iter().any(|(m, _): &(Symbol, Sort)| *m == n) {
            return None;
        }
        map.insert(v, Term::Var(n.clone()));
        renamed.push((n, s));
    }
    let out = ValidFormula {
        id,
        vars: renamed,
        body: body.substitute(&map),
    };
    out.forall().free_vars().is_empty().then_some(out)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::semantics::{Model, Value, eval};
    use crate::transform::combined_identities::some_value;

    /// Every family, many rows and sorts: each formula drawn is closed and
    /// well-sorted, and its body is true at random values of its variables
    /// (the rows' own tests check the rows far harder; this checks that the
    /// quantified form is the row, renamed consistently).
    #[test]
    fn drawn_formulas_are_closed_and_their_bodies_hold_at_random_values() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let formula = Formula::default();
        let mut ids = BTreeSet::new();
        let mut decided = 0;
        for _ in 0..3000 {
            let Some(v) = valid_formulas(&formula, &mut rng) else {
                continue;
            };
            ids.insert(v.id.clone());
            assert!(v.forall().free_vars().is_empty(), "{}", v.id);
            assert!(
                !v.vars.is_empty(),
                "{}: (forall () ...) is not SMT-LIB",
                v.id
            );
            for _ in 0..4 {
                let mut m = Model::new();
                for (n, s) in &v.vars {
                    m.insert(n.clone(), some_value(s, &mut rng));
                }
                match eval(&v.body, &m) {
                    Ok(Value::Bool(true)) => decided += 1,
                    Ok(_) => panic!("{} false at {m:?}", v.id),
                    Err(_) => {}
                }
            }
        }
        assert!(ids.len() > 100, "{} distinct rows", ids.len());
        assert!(decided > 5000, "{decided}");
    }

    /// A formula that declares a Real draws the real rows too, and each
    /// body holds at random values (zero divisors among them: the side
    /// guards those rows).
    #[test]
    fn a_real_formula_draws_the_real_rows_and_they_hold() {
        let mut rng = ChaCha8Rng::seed_from_u64(43);
        let mut f = Formula::default();
        f.declare("x", Sort::Real);
        let mut ids = BTreeSet::new();
        let mut decided = 0;
        for _ in 0..2000 {
            let Some(v) = valid_formulas(&f, &mut rng) else {
                continue;
            };
            if !v.id.starts_with('R') {
                continue;
            }
            ids.insert(v.id.clone());
            assert!(v.forall().free_vars().is_empty(), "{}", v.id);
            for _ in 0..4 {
                let mut m = Model::new();
                for (n, s) in &v.vars {
                    m.insert(n.clone(), some_value(s, &mut rng));
                }
                match eval(&v.body, &m) {
                    Ok(Value::Bool(true)) => decided += 1,
                    Ok(_) => panic!("{} false at {m:?}", v.id),
                    Err(_) => {}
                }
            }
        }
        assert!(ids.len() > 35, "{ids:?}");
        assert!(decided > 1000, "{decided}");
    }

    #[test]
    fn narrow_bit_vector_rows_are_valid_by_our_own_enumeration() {
        // Where the domain is small, the semantics decides the quantifier
        // itself, with no trust: the formula is true, its negation false.
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut f = Formula::default();
        f.declare("b", Sort::BitVec(2));
        let mut checked = 0;
        for _ in 0..400 {
            let Some(v) = valid_formulas(&f, &mut rng) else {
                continue;
            };
            if let Ok(val) = eval(&v.forall(), &Model::new()) {
                assert_eq!(val, Value::Bool(true), "{}", v.id);
                assert_eq!(eval(&v.negation(), &Model::new()), Ok(Value::Bool(false)));
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked}");
    }
}
