//! Unsat transformations composed: random chains of length 10 and more over
//! variable replacement, constant replacement, noise introduction (and
//! constant assignment, which must refuse unsat cases).
//!
//! Besides `Case::check`, the chains over quantifier-free rows carry, for
//! every core assertion `c`, a model of "formula minus `c`" found by a
//! small local search from the previous step's models and checked by exact
//! evaluation: the core stays the unique minimal one (CORE). The search is
//! only a search: it failing would be a test failure to investigate, never
//! a silent pass.

use std::collections::BTreeSet;

use equifuzz::generate::regex::{regex_equivalences, regex_equivalent_formula_cases};
use equifuzz::generate::strings::{equivalent_formula_cases, equivalent_formulas};
use equifuzz::semantics::regex::Regex;
use equifuzz::semantics::{self, Model, Value};
use equifuzz::term::{Sort, Symbol, Term};
use equifuzz::transform::{
    ConstantAssignment, ConstantReplacement, NoiseIntroduction, Transformation,
    VariableReplacement, larger_core_cases, noise_cases,
};
use equifuzz::truth::{Case, Truth};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn core(c: &Case) -> &BTreeSet<Symbol> {
    match &c.truth {
        Truth::Unsat { core } => core,
        Truth::Sat { .. } => panic!("unsat expected"),
    }
}

fn quantifier_free(c: &Case) -> bool {
    let mut q = false;
    for a in &c.formula.assertions {
        a.term.visit(&mut |t| q |= matches!(t, Term::Quant(_)));
    }
    !q
}

/// Whether every assertion but `skip` is true under `m`.
fn holds_except(c: &Case, skip: &str, m: &Model) -> bool {
    c.formula
        .assertions
        .iter()
        .filter(|a| a.name.as_deref() != Some(skip))
        .all(|a| semantics::eval(&a.term, m) == Ok(Value::Bool(true)))
}

/// Candidate values for variable `name`: the likely ones first (the value
/// of `y` for `y_fresh`, extensions of the model's strings for an
/// identity's fresh variables), then the model's values, then a pool.
fn candidates(name: &str, sort: &Sort, m: &Model) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let push = |v: Value, out: &mut Vec<Value>| {
        if v.sort() == *sort && !out.contains(&v) {
            out.push(v);
        }
    };
    if let Some(v) = name.rsplit_once("_fresh").and_then(|(y, _)| m.get(y)) {
        push(v.clone(), &mut out);
    }
    for v in m.0.values() {
        if let Value::Str(s) = v {
            let mut cs = s.chars().to_vec();
            cs.push(0x7a);
            push(
                Value::Str(equifuzz::term::SmtString::from_chars(cs).unwrap()),
                &mut out,
            );
        }
    }
    for v in m.0.values() {
        push(v.clone(), &mut out);
    }
    let pool: Vec<Value> = match sort {
        Sort::Int => (-1..=3).map(|n| Value::Int(n.into())).collect(),
        Sort::Bool => vec![Value::Bool(true), Value::Bool(false)],
        Sort::RegLan => {
            let lit = |s: &str| Regex::literal(&s.into());
            [
                Regex::none(),
                Regex::all(),
                Regex::epsilon(),
                lit("a"),
                lit("b"),
                lit("a").star(),
                Regex::allchar(),
            ]
            .into_iter()
            .map(Value::RegLan)
            .collect()
        }
        // "abc" for the length-3 membership rows (EM7[n=3]).
        _ => ["", "a", "b", "ab", "0", "7", "abc"]
            .iter()
            .map(|s| Value::Str((*s).into()))
            .collect(),
    };
    for v in pool {
        push(v, &mut out);
    }
    out
}

/// Sets each `v` of an assertion `(= v t)` (other than `skip`) to `t`'s
/// value, in order.
fn settle(c: &Case, skip: &str, m: &mut Model) {
    for a in c
        .formula
        .assertions
        .iter()
        .filter(|a| a.name.as_deref() != Some(skip))
    {
        if let Term::App(equifuzz::term::Op::Eq, sides) = &a.term
            && let [l, r] = sides.as_slice()
        {
            for (v, t) in [(l, r), (r, l)] {
                if let Term::Var(v) = v
                    && let Ok(x) = semantics::eval(t, m)
                {
                    m.insert(v.clone(), x);
                    break;
                }
            }
        }
    }
}

/// A model of "case minus `skip`", extending `start` over the case's new
/// variables (backtracking over candidates) and changing at most one old
/// variable of the single assertion still false.
fn repair(c: &Case, skip: &str, start: &Model) -> Option<Model> {
    let new: Vec<(Symbol, Sort)> = c
        .formula
        .decls
        .iter()
        .filter(|(n, _)| start.get(n).is_none())
        .cloned()
        .collect();
    let mut m = start.clone();
    m.0.retain(|k, _| c.formula.sort_of(k).is_some());
    fn assign(
        c: &Case,
        skip: &str,
        new: &[(Symbol, Sort)],
        m: &mut Model,
        base: &Model,
        budget: &mut usize,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let Some(((n, s), rest)) = new.split_first() else {
            let failing: Vec<&Term> = c
                .formula
                .assertions
                .iter()
                .filter(|a| a.name.as_deref() != Some(skip))
                .filter(|a| semantics::eval(&a.term, m) != Ok(Value::Bool(true)))
                .map(|a| &a.term)
                .collect();
            let single_change = |m: &mut Model| {
                let [f] = failing.as_slice() else {
                    return false;
                };
                for x in f.free_vars() {
                    let orig = m.get(&x).cloned().unwrap();
                    let sort = orig.sort();
                    for v in candidates(&x, &sort, base) {
                        m.insert(x.clone(), v);
                        if holds_except(c, skip, m) {
                            return true;
                        }
                    }
                    m.insert(x.clone(), orig);
                }
                false
            };
            if failing.is_empty() || single_change(m) {
                return true;
            }
            // Else definitions: `(= v t)` sets `v` to `t`'s value (the new
            // variable of a constant replacement that stands in `B`).
            let mut settled = m.clone();
            settle(c, skip, &mut settled);
            if holds_except(c, skip, &settled) {
                *m = settled;
                return true;
            }
            return false;
        };
        for v in candidates(n, s, base) {
            m.insert(n.clone(), v);
            if assign(c, skip, rest, m, base, budget) {
                return true;
            }
        }
        false
    }
    let base = m.clone();
    let mut budget = 20_000;
    assign(c, skip, &new, &mut m, &base, &mut budget).then_some(m)
}

/// Models of "formula minus c" for every core assertion of a fresh step-1
/// case, from its row (of Table 2 or, for regex cases, Table 2.3).
fn initial_witnesses(c: &Case) -> Vec<(Symbol, Model)> {
    // Both tables have an `E1`: the category tells them apart.
    if let Some(row) = regex_equivalences().iter().find(|r| {
        c.provenance.category == "regex-equivalent-formula" && r.id == c.provenance.chain[0]
    }) {
        return vec![
            ("a0".into(), row.b_model.clone()),
            ("a1".into(), row.not_a_model.clone()),
        ];
    }
    let id = c.provenance.chain[0].trim_end_matches("+p");
    let row = equivalent_formulas().iter().find(|r| r.id == id).unwrap();
    vec![
        ("a0".into(), row.b_model.clone()),
        ("a1".into(), row.not_a_model.clone()),
    ]
}

/// The free variable `y` that free-variable noise renamed, and its new
/// name: the new clause is `lhs(y, w̄) = y_fresh [∧ side]`, where `y` is the
/// only old variable and `y_fresh` the right-hand side.
fn renaming(before: &Case, after: &Case) -> Option<(Symbol, Symbol)> {
    if after.formula.decls.len() == before.formula.decls.len() {
        return None;
    }
    let n = &after.formula.assertions.last()?.term;
    let eq = match n {
        Term::App(equifuzz::term::Op::And, a) => &a[0],
        t => t,
    };
    let Term::App(equifuzz::term::Op::Eq, sides) = eq else {
        return None;
    };
    let Term::Var(yf) = &sides[1] else {
        return None;
    };
    let mut old = n
        .free_vars()
        .into_iter()
        .filter(|v| before.formula.sort_of(v).is_some());
    let y = old.next()?;
    assert!(old.next().is_none(), "one old variable in the noise clause");
    Some((y, yf.clone()))
}

fn step(rng_pick: u32, case: &Case, rng: &mut ChaCha8Rng) -> (Option<Case>, &'static str) {
    match rng_pick % 4 {
        0 => (VariableReplacement.apply(case, rng), "variable-replacement"),
        1 => (ConstantReplacement.apply(case, rng), "constant-replacement"),
        2 => (NoiseIntroduction.apply(case, rng), "noise-introduction"),
        _ => (ConstantAssignment.apply(case, rng), "constant-assignment"),
    }
}

/// A chain of `len` random unsat transformations from `case`: the case
/// stays valid, the core grows by exactly the new clause under variable
/// and constant replacement, stays the same under noise, and (quantifier-
/// free rows) every core assertion is still needed. Returns how many steps
/// applied.
fn check_chain(mut case: Case, seed: u64, len: usize) -> Result<usize, TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let track = quantifier_free(&case);
    let mut witnesses = initial_witnesses(&case);
    let mut applied = 0;
    for _ in 0..len {
        let pick = rand::RngCore::next_u32(&mut rng);
        let (out, name) = step(pick, &case, &mut rng);
        let Some(out) = out else {
            continue;
        };
        prop_assert_ne!(
            name,
            "constant-assignment",
            "constant assignment must refuse unsat cases"
        );
        applied += 1;
        out.check()
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(out.provenance.chain.last().map(String::as_str), Some(name));
        let (old, new) = (core(&case), core(&out));
        let last = out.formula.assertions.last().unwrap().name.clone().unwrap();
        match name {
            "noise-introduction" => prop_assert_eq!(old, new),
            _ => {
                prop_assert!(old.is_subset(new));
                prop_assert_eq!(new.len(), old.len() + 1);
                prop_assert!(new.contains(&last));
            }
        }
        if track {
            // Noise renames a variable: carry the old value to the
            // fresh name, the renamed one is new.
            let renamed = if name == "noise-introduction" {
                renaming(&case, &out)
            } else {
                None
            };
            let mut next = Vec::new();
            for c in new {
                let start = witnesses
                    .iter()
                    .find(|(n, _)| n == c)
                    .map(|(_, m)| m.clone())
                    .unwrap_or_else(|| {
                        witnesses.iter().find(|(n, _)| n == "a0").unwrap().1.clone()
                    });
                let mut start = start;
                if let Some((y, yf)) = &renamed
                    && let Some(v) = start.get(y).cloned()
                {
                    start.insert(yf.clone(), v);
                    start.0.remove(y);
                }
                let w = repair(&out, c, &start);
                prop_assert!(
                    w.is_some(),
                    "no model of the formula without {} after {:?}:\n{}",
                    c,
                    out.provenance.chain,
                    out.formula.to_script(None, Default::default())
                );
                next.push((c.clone(), w.unwrap()));
            }
            witnesses = next;
        }
        case = out;
    }
    Ok(applied)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    /// Chains of 10-14 random unsat transformations over Table 2's rows.
    #[test]
    fn random_chains_keep_the_truth(row in 0usize..21, patterns: bool, seed: u64, len in 10usize..15) {
        check_chain(equivalent_formula_cases(patterns, seed).nth(row).unwrap(), seed, len)?;
    }

    /// The same over the anchored rows of Table 2.3 (regexes), whose
    /// variables and constants take Table 2.6's rows.
    #[test]
    fn random_regex_chains_keep_the_truth(row in 0usize..64, seed: u64, len in 6usize..10) {
        let anchored: Vec<Case> = regex_equivalent_formula_cases(seed)
            .filter(|c| c.provenance.anchor.is_some())
            .collect();
        let case = anchored[row % anchored.len()].clone();
        check_chain(case, seed, len)?;
    }
}

/// The regex chains above are not vacuous: over every anchored row, most
/// steps apply, and each of the three unsat transformations does.
#[test]
fn regex_rows_are_grown_by_every_unsat_transformation() {
    let mut seen = BTreeSet::new();
    let mut applied = 0;
    for (i, case) in regex_equivalent_formula_cases(0)
        .filter(|c| c.provenance.anchor.is_some())
        .enumerate()
    {
        applied += check_chain(case.clone(), i as u64, 8).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        for t in [
            &VariableReplacement as &dyn Transformation,
            &ConstantReplacement,
            &NoiseIntroduction,
        ] {
            if t.apply(&case, &mut rng).is_some() {
                seen.insert(t.name());
            }
        }
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(applied > 150, "{applied} steps applied");
}

/// The categories next to the paper's artifact (12 / 268 / 178 per pattern
/// variant); printed with `--nocapture`.
#[test]
fn category_counts() {
    for patterns in [false, true] {
        let eq: Vec<Case> = equivalent_formula_cases(patterns, 0).collect();
        let lc: Vec<Case> = larger_core_cases(patterns, 0).collect();
        let nz: Vec<Case> = noise_cases(patterns, 0).collect();
        let paper_row = |c: &Case| {
            let id = c.provenance.chain[0].trim_end_matches("+p");
            equivalent_formulas()
                .iter()
                .any(|r| r.id == id && r.in_paper)
        };
        let paper_ids = |c: &Case| {
            paper_row(c)
                && c.provenance.chain[1..].iter().all(|s| {
                    let id = s.rsplit(',').next().unwrap().trim_end_matches(')');
                    equifuzz::transform::identities::identity(id).is_some_and(|i| i.in_paper)
                })
        };
        println!(
            "patterns={patterns}: equivalent-formula {} (paper rows {}), larger-core {} (paper rows {}, paper rows+identities {}), noise {} (paper rows {}, paper rows+identities {})",
            eq.len(),
            eq.iter().filter(|c| paper_row(c)).count(),
            lc.len(),
            lc.iter().filter(|c| paper_row(c)).count(),
            lc.iter().filter(|c| paper_ids(c)).count(),
            nz.len(),
            nz.iter().filter(|c| paper_row(c)).count(),
            nz.iter().filter(|c| paper_ids(c)).count(),
        );
        for c in eq.iter().chain(&lc).chain(&nz) {
            c.check().unwrap();
        }
        assert_eq!(eq.iter().filter(|c| paper_row(c)).count(), 12);
        assert!(lc.len() > 150, "{}", lc.len());
        assert!(nz.len() > 100, "{}", nz.len());
        assert!(lc.iter().all(|c| c.provenance.category == "larger-core"));
        assert!(nz.iter().all(|c| c.provenance.category == "noise"));
    }
}

#[test]
fn a_text_file_cannot_claim_the_anchor_structure() {
    // The unsat transformations trust a core only on the generators'
    // marker. An exported equivalent formula read back as a seed says
    // `; category: equivalent-formula`, as a hand-edited file could: the
    // category survives, the marker does not, and every unsat
    // transformation refuses the case.
    use equifuzz::finding::{read_case, smt2_text};
    use equifuzz::term::Printer;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let catalogue: [&dyn Transformation; 3] = [
        &VariableReplacement,
        &ConstantReplacement,
        &NoiseIntroduction,
    ];
    for generated in equivalent_formula_cases(false, 0).take(20) {
        assert!(generated.provenance.anchor.is_some());
        let text = smt2_text(&generated, None, &Printer::default());
        let read = read_case(&text, "seed").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read.provenance.category, "equivalent-formula");
        assert_eq!(read.provenance.anchor, None);
        for t in catalogue {
            assert!(
                t.apply(&read, &mut rng).is_none(),
                "{} trusted a file's category:\n{text}",
                t.name()
            );
        }
    }
}
