//! The unsat case of an identity row, shared by the rooms whose rows are
//! `lhs = rhs` under a side condition (`int`, `real`, `fp`): the formula
//! `a0: (not (= lhs res))`, `a1: (= res rhs)` and, when the row has one,
//! `a2: side`, and the test of whether the row may claim the anchor
//! structure (its left side depends on each of its variables).
//!
//! # Invariants
//!
//! - The formula declares every variable of the row (by the room's sorts)
//!   and `res` of the sides' sort; its assertions are named `a0`, `a1`,
//!   `a2` in that order, the shape `generate::links` grows.
//! - [`depends_on_every_variable`] is a seeded search of its own: it draws
//!   nothing from a stream's generator, so a room's stream does not change
//!   with how many values it tries.

use rand::{RngCore, SeedableRng};

use crate::semantics::{Model, Value, eval};
use crate::term::{Formula, Sort, Symbol, Term};

/// The row's formula (see the module docs); `sort_of` gives each
/// variable's sort, `res` the sides' sort.
pub(crate) fn identity_formula(
    lhs: &Term,
    rhs: &Term,
    side: Option<&Term>,
    sort_of: &dyn Fn(&str) -> Sort,
    res: Sort,
) -> Formula {
    let mut f = Formula::default();
    let mut vars = lhs.free_vars();
    vars.extend(rhs.free_vars());
    if let Some(s) = side {
        vars.extend(s.free_vars());
    }
    for v in vars {
        let sort = sort_of(&v);
        f.declare(v, sort);
    }
    f.declare("res", res);
    f.assert(
        Term::not(Term::eq(lhs.clone(), Term::var("res"))),
        Some("a0".into()),
    );
    f.assert(Term::eq(Term::var("res"), rhs.clone()), Some("a1".into()));
    if let Some(s) = side {
        f.assert(s.clone(), Some("a2".into()));
    }
    f
}

/// Whether `lhs`'s value changes with each of its variables alone for
/// some values drawn by `value_of` (400 tries each; a variable for which
/// none is found counts as ignored, the safe side).
pub(crate) fn depends_on_every_variable(
    lhs: &Term,
    value_of: &mut dyn FnMut(&Symbol, &mut dyn RngCore) -> Value,
) -> bool {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x1d);
    let vars = lhs.free_vars();
    vars.iter().all(|x| {
        (0..400).any(|_| {
            let mut model = Model::new();
            for v in &vars {
                model.insert(v.clone(), value_of(v, &mut rng));
            }
            let before = eval(lhs, &model);
            model.insert(x.clone(), value_of(x, &mut rng));
            matches!((before, eval(lhs, &model)), (Ok(a), Ok(b)) if a != b)
        })
    })
}
