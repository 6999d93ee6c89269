//! Constant replacement over regexes (Kühne 2022, Sect. 2.4.2): a larger
//! unsat core, with the `C` rows of Table 2.6.
//!
//! Replace every occurrence of a closed subterm `c` of one assertion —
//! a `RegLan` term, or a Boolean literal — by a fresh variable `z`, and
//! conjoin a new named clause `C(z) := z = lhs(w̄) ∧ side(w̄)` from an `RC`
//! row whose constant is `c`'s value (`w̄` fresh). The thesis' example: E3's
//! `B := res = (re.union (str.to_re "") re)` becomes `res = (re.union z
//! re)` with `C := z = ((_ re.^ 0) re_rc4)`.
//!
//! Table 2.6's rows have constants `re.none`, `re.all`, `(str.to_re "")`
//! and the Booleans only. Any other closed `RegLan` constant `c` takes a
//! row made for it ([`language_rows`], id [`RCL`]): `z = t` with `t` another
//! closed term whose language our semantics decides equal to `c`'s — a
//! boundary pool entry (`(re.range "a" "a")` for `(str.to_re "a")`) or the
//! canonical term of the language. The row holds by that decision (exact,
//! never over budget: an undecided pair is no row).
//!
//! # Invariant
//!
//! `C` implies `z = c` (the row holds; `side` is satisfiable), so the
//! formula stays unsat, and without any older core clause it is as
//! satisfiable as before (set `z := c`, pick `w̄`). `C` joins the core only
//! with a proof that it is needed: a model of "formula minus `C`" with `z`
//! other than `c`, found by a small search and checked by exact evaluation
//! (language equality for `RegLan`). The search starts from a model the
//! case is known to have without its anchor's negation — the Table 2.3
//! row's model of `B` for an untouched regex equivalent-formula case that
//! carries the anchor marker — or from the empty model for a closed
//! formula of one assertion that evaluates to false (the constant-only
//! cases of Sect. 2.5, whose unsat core `{a0}` is thereby checked). Any
//! other case is refused: nothing is claimed without a model. An anchored case stays anchored: `∃z, w̄.
//! B[z/c] ∧ C` is `B`, so (EQ) of [`super::variable`] holds,
//! and `a0` is untouched, so (DEP) does.

use std::sync::LazyLock;

use rand::RngCore;

use super::anchor::ANCHOR;
use crate::generate::regex::{RegexPool, regex_equivalences};
use crate::semantics::regex::Regex;
use crate::semantics::{self, Model, Value};
use crate::term::{Op, Sort, Symbol, Term, Theory};
use crate::transform::fresh::fresh_var;
use crate::transform::identities::{Identity, Rhs};
use crate::transform::regex_identities::{mentions_regex, regex_constant_identities};
use crate::truth::{Case, Truth};

/// The closed subterms of `t` that a `C` row can stand for (a Boolean
/// literal, or a closed `RegLan` term), each once, with their values, in
/// order of first occurrence.
pub fn replaceable_constants(t: &Term) -> Vec<(Term, Value)> {
    let mut out: Vec<(Term, Value)> = Vec::new();
    // Not inside a constant array's default, which `replace_term` leaves
    // as is (solvers take only values there): a constant found only there
    // would give a clause no assertion needs, a core that is not minimal.
    visit_outside_const_arrays(t, &mut |x| {
        if out.iter().any(|(y, _)| y == x) || !x.free_vars().is_empty() {
            return;
        }
        let value = match x {
            Term::Bool(b) => Some(Value::Bool(*b)),
            Term::App(op, _) if op.theory() == Theory::Regex => semantics::eval_closed(x).ok(),
            _ => None,
        };
        if let Some(v) = value {
            out.push((x.clone(), v));
        }
    });
    out
}

/// Calls `f` on every subterm reached through applications only (parents
/// first): the subterms [`replace_term`] may replace.
fn visit_outside_const_arrays(t: &Term, f: &mut dyn FnMut(&Term)) {
    f(t);
    if let Term::App(_, args) = t {
        args.iter().for_each(|a| visit_outside_const_arrays(a, f));
    }
}

/// The id of a row made by [`language_rows`].
pub const RCL: &str = "RCL";

/// The state budget of one language equality in [`language_rows`]; an
/// undecided pair gives no row.
const ALTERNATIVE_BUDGET: usize = 20_000;

/// The boundary pool, whose entries are the alternatives [`language_rows`]
/// looks among.
static ALTERNATIVES: LazyLock<RegexPool> = LazyLock::new(RegexPool::boundary);

/// `C` rows for the closed `RegLan` term `c` of language `value`: `t =
/// value` for each closed term `t` other than `c` whose language our
/// semantics decides equal to `value` (boundary pool entries and the
/// canonical term), without variables or side condition.
pub fn language_rows(c: &Term, value: &Value) -> Vec<Identity> {
    let Value::RegLan(lang) = value else {
        return Vec::new();
    };
    let mut terms: Vec<Term> = ALTERNATIVES
        .regexes
        .iter()
        .filter(|r| &r.term != c)
        .filter(|r| {
            &r.lang == lang || r.lang.equiv_with_budget(lang, ALTERNATIVE_BUDGET) == Ok(true)
        })
        .map(|r| r.term.clone())
        .collect();
    let canonical = lang.to_term();
    if &canonical != c && !terms.contains(&canonical) {
        terms.push(canonical);
    }
    terms
        .into_iter()
        .map(|t| Identity {
            id: RCL,
            in_paper: false,
            source: "language equality, decided by our semantics",
            vars: Vec::new(),
            lhs: t,
            rhs: Rhs::Constant(value.clone()),
            side: Term::Bool(true),
            total: true,
        })
        .collect()
}

/// Every `C` row for the constant `c` of value `value`: Table 2.6's and
/// ours with that constant, then [`language_rows`].
pub fn rows_for_constant(c: &Term, value: &Value) -> Vec<Identity> {
    regex_constant_identities(value)
        .cloned()
        .chain(language_rows(c, value))
        .collect()
}

/// Replaces every occurrence of `c` in `t` by `z`.
fn replace_term(t: &Term, c: &Term, z: &Term) -> Term {
    if t == c {
        return z.clone();
    }
    match t {
        Term::App(op, args) => Term::App(*op, args.iter().map(|a| replace_term(a, c, z)).collect()),
        _ => t.clone(),
    }
}

/// A model the case has once its anchor's negation is gone: see the
/// module docs.
fn start_model(case: &Case) -> Option<Model> {
    // A closed formula of one assertion is unsat exactly when it evaluates
    // to false: checked here, whatever the provenance says.
    if let ([a], true) = (
        case.formula.assertions.as_slice(),
        case.formula.decls.is_empty(),
    ) {
        let Truth::Unsat { core } = &case.truth else {
            return None;
        };
        let named = a
            .name
            .as_ref()
            .is_some_and(|n| core.len() == 1 && core.contains(n));
        return (named && semantics::eval(&a.term, &Model::new()) == Ok(Value::Bool(false)))
            .then(Model::new);
    }
    // Otherwise only an untouched row of ours (the marker, which no text
    // file can claim), with the row's model of `B`.
    let [id] = case.provenance.chain.as_slice() else {
        return None;
    };
    if case.provenance.anchor.is_none() || case.provenance.category != "regex-equivalent-formula" {
        return None;
    }
    regex_equivalences()
        .iter()
        .find(|r| &r.id == id)
        .map(|r| r.b_model.clone())
}

fn candidates(sort: &Sort) -> Vec<Value> {
    match sort {
        Sort::RegLan => [
            Regex::none(),
            Regex::all(),
            Regex::epsilon(),
            Regex::literal(&"a".into()),
            Regex::literal(&"b".into()),
            Regex::literal(&"a".into()).star(),
            Regex::allchar(),
        ]
        .into_iter()
        .map(Value::RegLan)
        .collect(),
        Sort::Bool => vec![Value::Bool(true), Value::Bool(false)],
        Sort::Int => (0..3).map(|n| Value::Int(n.into())).collect(),
        _ => ["", "a", "b", "ab"]
            .iter()
            .map(|s| Value::Str((*s).into()))
            .collect(),
    }
}

fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::RegLan(x), Value::RegLan(y)) => x.equiv(y).unwrap_or(true),
        _ => a == b,
    }
}

/// A model of every assertion of `case` but the last, with `z` not `c`:
/// `z` and at most one other variable take candidate values, then every
/// assertion `(= v t)` with `v` a variable sets `v` to `t`'s value.
fn decoupling_witness(case: &Case, z: &Symbol, c: &Value, start: &Model) -> Option<Model> {
    let f = &case.formula;
    let terms: Vec<&Term> = f.assertions[..f.assertions.len() - 1]
        .iter()
        .map(|a| &a.term)
        .collect();
    // Only the variables of those assertions: `C`'s fresh `w̄` appear in
    // `C` alone, and need no value (some satisfy `side`: the row is total).
    let used: std::collections::BTreeSet<Symbol> =
        terms.iter().flat_map(|t| t.free_vars()).collect();
    let vars: Vec<(Symbol, Sort)> = f
        .decls
        .iter()
        .filter(|(v, _)| used.contains(v))
        .cloned()
        .collect();
    let settle = |m: &mut Model| {
        for t in &terms {
            if let Term::App(Op::Eq, s) = t
                && let [l, r] = s.as_slice()
            {
                for (v, e) in [(l, r), (r, l)] {
                    if let Term::Var(v) = v
                        && let Ok(val) = semantics::eval(e, m)
                    {
                        m.insert(v.clone(), val);
                        break;
                    }
                }
            }
        }
    };
    let holds = |m: &Model| {
        vars.iter().all(|(v, _)| m.get(v).is_some())
            && m.get(z).is_some_and(|zv| !same(zv, c))
            && terms
                .iter()
                .all(|t| semantics::eval(t, m) == Ok(Value::Bool(true)))
    };
    let z_sort = c.sort();
    let mut z_values = candidates(&z_sort);
    z_values.retain(|v| !same(v, c));
    for zv in z_values {
        let others = std::iter::once(None).chain(
            vars.iter()
                .filter(|(v, _)| v != z)
                .flat_map(|(v, s)| candidates(s).into_iter().map(move |x| Some((v, x)))),
        );
        for other in others {
            let mut m = start.clone();
            m.insert(z.clone(), zv.clone());
            if let Some((v, x)) = other {
                m.insert(v.clone(), x);
            }
            settle(&mut m);
            if holds(&m) {
                return Some(m);
            }
        }
    }
    None
}

/// Replaces `c` in assertion `at` by `z` and conjoins `identity`'s clause,
/// if a model shows that the clause is needed.
pub fn replace_regex_constant(
    case: &Case,
    at: usize,
    c: &Term,
    identity: &Identity,
) -> Option<Case> {
    let Truth::Unsat { .. } = &case.truth else {
        return None;
    };
    if !mentions_regex(&case.formula) || !identity.total {
        return None;
    }
    let a = case.formula.assertions.get(at)?;
    if case.provenance.anchor.is_some() && a.name.as_deref() == Some(ANCHOR) {
        return None;
    }
    let value = replaceable_constants(&a.term)
        .into_iter()
        .find(|(t, _)| t == c)?
        .1;
    if identity.constant() != Some(&value) {
        return None;
    }
    let start = start_model(case)?;
    let mut out = case.clone();
    let f = &mut out.formula;
    let z = fresh_var(f, "z", &value.sort());
    f.assertions[at].term = replace_term(&f.assertions[at].term, c, &Term::Var(z.clone()));
    let tag = identity.id.to_lowercase();
    let inst = identity.instantiate(None, &mut |v, s| fresh_var(f, &format!("{v}_{tag}"), s));
    let name = f.fresh_assertion_name();
    // Written `z = lhs` as in the thesis' C(z_fresh) := z_fresh = t.
    let clause = match inst.side {
        Term::Bool(true) => Term::eq(Term::Var(z.clone()), inst.lhs),
        side => Term::and(vec![Term::eq(Term::Var(z.clone()), inst.lhs), side]),
    };
    f.assert(clause, Some(name.clone()));
    decoupling_witness(&out, &z, &value, &start)?;
    let Truth::Unsat { core } = &mut out.truth else {
        unreachable!("checked above")
    };
    core.insert(name);
    let row = if identity.id == RCL {
        format!("{RCL}:{}", identity.lhs)
    } else {
        identity.id.to_string()
    };
    out.provenance
        .chain
        .push(format!("constant-replacement({c},{row})"));
    Some(out)
}

/// Every replacement `replace_regex_constant` accepts on `case`.
pub fn regex_constant_replacements(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for (at, a) in case.formula.assertions.iter().enumerate() {
        for (c, v) in replaceable_constants(&a.term) {
            out.extend(
                rows_for_constant(&c, &v)
                    .iter()
                    .filter_map(|id| replace_regex_constant(case, at, &c, id)),
            );
        }
    }
    out
}

/// One random replacement, or `None` when none applies: a constant drawn,
/// then one of its rows.
pub fn random_regex_constant_replacement(case: &Case, rng: &mut dyn RngCore) -> Option<Case> {
    if !matches!(case.truth, Truth::Unsat { .. }) || start_model(case).is_none() {
        return None;
    }
    let choices: Vec<(usize, Term, Value)> = case
        .formula
        .assertions
        .iter()
        .enumerate()
        .flat_map(|(at, a)| {
            replaceable_constants(&a.term)
                .into_iter()
                .map(move |(c, v)| (at, c, v))
        })
        .collect();
    for _ in 0..3 {
        if choices.is_empty() {
            return None;
        }
        let (at, c, v) = &choices[rng.next_u32() as usize % choices.len()];
        let rows = rows_for_constant(c, v);
        if rows.is_empty() {
            continue;
        }
        let id = &rows[rng.next_u32() as usize % rows.len()];
        if let Some(out) = replace_regex_constant(case, *at, c, id) {
            return Some(out);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::regex::regex_equivalent_formula_cases;

    /// Every constant offered is one `replace_term` replaces; a regex that
    /// is only a constant array's default is not offered (its clause would
    /// be outside every minimal core).
    #[test]
    fn constants_inside_a_constant_array_are_not_offered() {
        let t = crate::term::parse_term(
            r#"(and (str.in_re "a" (select ((as const (Array Int RegLan)) (re.* (str.to_re "b"))) 0)) (str.in_re "a" re.all))"#,
        )
        .unwrap();
        let found = replaceable_constants(&t);
        let z = Term::var("z");
        for (c, _) in &found {
            assert_ne!(replace_term(&t, c, &z), t, "{c}");
        }
        assert!(
            found.iter().any(|(c, _)| c.to_string() == "re.all"),
            "{found:?}"
        );
    }

    fn e(id: &str) -> Case {
        regex_equivalent_formula_cases(0)
            .find(|c| c.provenance.chain[0] == id)
            .unwrap()
    }

    /// The thesis' Fig. 2.10: E3's `(str.to_re "")` in `B` replaced, with
    /// RC4; the new clause is in the core and the anchor is kept.
    #[test]
    fn figure_2_10() {
        let base = e("E3");
        let eps = Term::app(Op::StrToRe, vec![Term::str("")]);
        let rc4 = crate::transform::regex_identities::regex_identity("RC4").unwrap();
        let out = replace_regex_constant(&base, 1, &eps, rc4).expect("applies");
        out.check().unwrap();
        let Truth::Unsat { core } = &out.truth else {
            panic!()
        };
        assert_eq!(core.len(), 3);
        assert!(out.provenance.anchor.is_some());
        let text = out.formula.to_script(None, Default::default()).to_string();
        assert!(text.contains("(re.union z re)"), "{text}");
        assert!(text.contains("((_ re.^ 0) re_rc4)"), "{text}");
    }

    /// Every replacement of every row: the witness is a model of the rest
    /// with `z` other than the constant, re-checked here by evaluation, and
    /// the core grows by exactly the new clause.
    #[test]
    fn every_replacement_is_needed() {
        let mut total = 0;
        for base in regex_equivalent_formula_cases(0) {
            for out in regex_constant_replacements(&base) {
                total += 1;
                out.check().unwrap();
                let step = out.provenance.chain.last().unwrap();
                // The constant replaced: its value is the row's constant.
                let replaced = step
                    .strip_prefix("constant-replacement(")
                    .and_then(|s| {
                        base.formula
                            .assertions
                            .iter()
                            .flat_map(|a| replaceable_constants(&a.term))
                            .find(|(t, _)| s.starts_with(&format!("{t},")))
                    })
                    .unwrap_or_else(|| panic!("{step}"));
                let c = &replaced.1;
                let z = out
                    .formula
                    .decls
                    .iter()
                    .find(|(n, _)| n == "z")
                    .unwrap()
                    .0
                    .clone();
                let m = decoupling_witness(&out, &z, c, &start_model(&base).unwrap())
                    .unwrap_or_else(|| panic!("{step}"));
                assert!(!same(m.get(&z).unwrap(), c));
                let (last, rest) = out.formula.assertions.split_last().unwrap();
                for a in rest {
                    assert_eq!(
                        semantics::eval(&a.term, &m),
                        Ok(Value::Bool(true)),
                        "{step}"
                    );
                }
                let Truth::Unsat { core } = &out.truth else {
                    panic!()
                };
                assert_eq!(core.len(), 3);
                assert!(core.contains(last.name.as_ref().unwrap()));
            }
        }
        assert!(total >= 20, "{total} replacements");
    }

    /// A closed constant-only formula (Sect. 2.5.1): `re.none` on the right
    /// of a wrong result is replaced; `z` takes the operation's value.
    #[test]
    fn constant_only_cases_are_replaced_too() {
        let mut f = crate::term::Formula::default();
        let range = Term::app(Op::ReRange, vec![Term::str("a"), Term::str("b")]);
        f.assert(
            Term::eq(range, Term::app(Op::ReNone, vec![])),
            Some("a0".into()),
        );
        let base = Case::new(
            f,
            Truth::Unsat {
                core: ["a0".to_string()].into(),
            },
            Default::default(),
        );
        let outs = regex_constant_replacements(&base);
        assert!(!outs.is_empty());
        for out in outs {
            out.check().unwrap();
        }
    }

    /// A case without a known model is refused.
    #[test]
    fn no_model_no_claim() {
        let mut base = e("E3");
        base.provenance.chain.push("variable-replacement".into());
        assert!(regex_constant_replacements(&base).is_empty());
    }
    /// The rows made for any closed `RegLan` constant hold: on the
    /// randomized pool's entries and nested sampled terms, each row's term
    /// has the constant's language (re-decided here), is another term, and
    /// is closed; most constants get a row.
    #[test]
    fn language_rows_hold() {
        use rand::SeedableRng;

        use crate::generate::regex::RegexTermSampler;
        let pool = RegexPool::randomized(&RegexPool::boundary(), 120, 12, 7);
        let sampler = RegexTermSampler::new(RegexPool::boundary());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut terms: Vec<Term> = pool.regexes.iter().map(|r| r.term.clone()).collect();
        terms.extend((0..200).filter_map(|i| Some(sampler.term(1 + i % 3, &mut rng)?.term)));
        let (mut with_rows, mut rows) = (0, 0);
        for c in &terms {
            let Ok(Value::RegLan(lang)) = semantics::eval_closed(c) else {
                continue;
            };
            let made = language_rows(c, &Value::RegLan(lang.clone()));
            with_rows += usize::from(!made.is_empty());
            for row in made {
                rows += 1;
                assert_ne!(&row.lhs, c);
                assert!(row.lhs.free_vars().is_empty() && row.vars.is_empty());
                assert_eq!(row.constant(), Some(&Value::RegLan(lang.clone())));
                let Ok(Value::RegLan(l)) = semantics::eval_closed(&row.lhs) else {
                    panic!("{} is not a RegLan term", row.lhs)
                };
                assert!(l.equiv(&lang).unwrap(), "{} is not {c}", row.lhs);
            }
        }
        assert!(
            with_rows * 2 > terms.len(),
            "{with_rows} of {}",
            terms.len()
        );
        assert!(rows > terms.len(), "{rows}");
    }

    /// A row is never made from a language it does not have: a pool entry
    /// of another language is not offered.
    #[test]
    fn a_different_language_gives_no_row() {
        let a = Term::app(Op::StrToRe, vec![Term::str("a")]);
        let rows = language_rows(&a, &Value::RegLan(Regex::literal(&"a".into())));
        assert!(
            rows.iter()
                .any(|r| r.lhs.to_string() == "(re.range \"a\" \"a\")")
        );
        assert!(
            !rows
                .iter()
                .any(|r| r.lhs.to_string() == "(str.to_re \"b\")")
        );
        assert!(language_rows(&Term::Bool(true), &Value::Bool(true)).is_empty());
    }

    /// Constants Table 2.6 has no row for are replaced too, in the
    /// constant-only cases (Sect. 2.5.1) and the anchored rows of Table
    /// 2.3, and every such replacement keeps the truth: the case checks,
    /// the clause is in the core, and a model of the rest with `z` off the
    /// constant exists.
    #[test]
    fn any_closed_reglan_constant_is_replaced() {
        use crate::generate::regex::regex_unsat_constant_cases;
        let mut made = 0;
        let bases: Vec<Case> = regex_unsat_constant_cases(RegexPool::paper(), 0)
            .take(300)
            .chain(regex_equivalent_formula_cases(0))
            .collect();
        for base in &bases {
            for out in regex_constant_replacements(base) {
                let step = out.provenance.chain.last().unwrap();
                if !step.contains(&format!(",{RCL}:")) {
                    continue;
                }
                made += 1;
                out.check().unwrap();
                let Truth::Unsat { core } = &out.truth else {
                    panic!()
                };
                let last = out.formula.assertions.last().unwrap();
                assert!(core.contains(last.name.as_ref().unwrap()), "{step}");
                assert_eq!(core.len(), base_core_len(base) + 1, "{step}");
            }
        }
        assert!(made > 50, "{made} replacements by language rows");
    }

    fn base_core_len(c: &Case) -> usize {
        match &c.truth {
            Truth::Unsat { core } => core.len(),
            Truth::Sat { .. } => 0,
        }
    }
}
