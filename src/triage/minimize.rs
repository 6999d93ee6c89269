//! Shrinking a finding while the solver still fails the same way and the
//! ground truth stays valid.
//!
//! The reducer is given the case and a failure test (does the solver still
//! fail this way on a candidate?); it never calls a solver itself. It only
//! proposes candidates whose truth holds, and re-checks every one with our
//! semantics ([`Case::check`]) before the test sees it:
//!
//! - sat: drop assertions; replace a subterm by its value under the model
//!   (the formula's value under the model is unchanged, so the model still
//!   satisfies it); replace a subterm by a child of its sort; shorten string
//!   and integer constants consistently in the formula and the model; drop
//!   constants no assertion uses. Each is kept only if the model still
//!   satisfies the result, which [`Case::check`] decides exactly.
//! - unsat: drop assertions outside the core (a subset of the assertions
//!   that contains the unique minimal core keeps it as its unique minimal
//!   core); fold closed subterms to their values (each assertion stays
//!   equivalent, so the core is unchanged). For [`Mode::StatusOnly`]
//!   (the solver answered sat to an unsat formula, the core plays no part)
//!   also instantiate a constant by a value everywhere: an instance of an
//!   unsatisfiable formula is unsatisfiable (a model of the instance would
//!   be one of the formula), but its core may shrink, so the result claims
//!   only unsat and its core is marked as not rechecked
//!   ([`Minimized::instantiated`]).
//!
//! The provenance chain records only the transformations' names, not their
//! inputs, so no transformation can be undone from it; the reductions above
//! undo their effect where it matters (a synthesised term folds back to its
//! value, an abstracted variable is replaced by its value).
//!
//! # Invariants
//!
//! - Every candidate the test sees, and the result, passes [`Case::check`]
//!   and, but for instances ([`Mode::StatusOnly`]), [`core_refuted`] finds
//!   nothing wrong with its core;
//!   a sat result's model satisfies it under our semantics.
//! - An unsat result keeps every core assertion, unchanged but for folding
//!   closed subterms (and, in [`Mode::StatusOnly`], instantiation).
//! - The result is never larger than the input (in AST nodes), and the
//!   test is called at most `max_tests` times, never twice on one
//!   candidate.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use crate::semantics::{Value, eval, eval_closed};
use crate::term::{Op, SmtString, Sort, Term};
use crate::truth::{Case, Truth};

/// What may be changed in an unsat case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The failure involves the core (an invalid core) or the truth is sat:
    /// only reductions that keep the truth exactly.
    Exact,
    /// The solver contradicts an unsat status: instantiation is allowed too.
    StatusOnly,
}

/// The result of [`minimize`].
#[derive(Clone, Debug)]
pub struct Minimized {
    /// The smallest case that still failed the test (the input if none did).
    pub case: Case,
    /// How many times the test was called.
    pub tests: usize,
    /// Whether an unsat case was instantiated, so that its core is an
    /// unsat subset whose minimality was not rechecked.
    pub instantiated: bool,
}

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
    None
}

/// A case's size in AST nodes (what sizes are compared in).
pub fn size(case: &Case) -> usize {
    case.formula.assertions.iter().map(|a| a.term.size()).sum()
}

struct Reducer<'a> {
    best: Case,
    mode: Mode,
    tests: usize,
    max_tests: usize,
    instantiated: bool,
    /// Hashes of the candidates tested: a later pass proposes many again.
    tried: std::collections::HashSet<u64>,
    test: &'a mut dyn FnMut(&Case) -> bool,
    progress: &'a mut dyn FnMut(usize, usize),
}

impl Reducer<'_> {
    fn budget_left(&self) -> bool {
        self.tests < self.max_tests
    }

    /// Keeps `candidate` if its truth holds, it is smaller or equal (and
    /// different), and the solver still fails on it.
    fn try_keep(&mut self, candidate: Case) -> bool {
        if !self.budget_left()
            || candidate == self.best
            || candidate.check().is_err()
            // An instance keeps only the status (its core is marked not
            // rechecked), so only an exact core must survive this.
            || (self.mode == Mode::Exact && core_refuted(&candidate).is_some())
        {
            return false;
        }
        if let (Truth::Unsat { core }, Truth::Unsat { core: was }) =
            (&candidate.truth, &self.best.truth)
            && core != was
        {
            return false;
        }
        if size(&candidate) > size(&self.best) {
            return false;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(&candidate, &mut h);
        if !self.tried.insert(std::hash::Hasher::finish(&h)) {
            return false;
        }
        self.tests += 1;
        let fails = (self.test)(&candidate);
        if fails {
            self.best = candidate;
        }
        (self.progress)(self.tests, size(&self.best));
        fails
    }

    /// The assertions that may be dropped.
    fn droppable(&self) -> Vec<usize> {
        let core = match &self.best.truth {
            Truth::Unsat { core } => Some(core),
            Truth::Sat { .. } => None,
        };
        (0..self.best.formula.assertions.len())
            .filter(|&i| {
                let name = &self.best.formula.assertions[i].name;
                core.is_none_or(|c| name.as_ref().is_none_or(|n| !c.contains(n)))
            })
            .collect()
    }

    /// Drops droppable assertions in chunks, halving the chunk size (ddmin's
    /// complement step).
    fn drop_assertions(&mut self) -> bool {
        let mut changed = false;
        let mut chunk = self.droppable().len().max(1);
        while chunk >= 1 && self.budget_left() {
            let mut start = 0;
            loop {
                let drop = self.droppable();
                if start >= drop.len() {
                    break;
                }
                let gone: Vec<usize> = drop.iter().skip(start).take(chunk).copied().collect();
                let mut c = self.best.clone();
                let mut i = 0;
                c.formula.assertions.retain(|_| {
                    let keep = !gone.contains(&i);
                    i += 1;
                    keep
                });
                if self.try_keep(c) {
                    changed = true;
                } else {
                    start += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
        changed
    }

    /// Drops declarations (and model values) no assertion uses.
    fn drop_unused(&mut self) -> bool {
        let used: std::collections::BTreeSet<String> = self
            .best
            .formula
            .assertions
            .iter()
            .flat_map(|a| a.term.free_vars())
            .collect();
        if self
            .best
            .formula
            .decls
            .iter()
            .all(|(n, _)| used.contains(n))
        {
            return false;
        }
        let mut c = self.best.clone();
        c.formula.decls.retain(|(n, _)| used.contains(n));
        if let Truth::Sat { model } = &mut c.truth {
            model.0.retain(|n, _| used.contains(n));
        }
        self.try_keep(c)
    }

    /// Walks every subterm of every assertion (parents first, outside
    /// binders) and keeps the first of `candidates` that still fails.
    fn rewrite_subterms(&mut self, candidates: &Candidates) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < self.best.formula.assertions.len() && self.budget_left() {
            let mut k = 0;
            loop {
                let term = &self.best.formula.assertions[i].term;
                let paths = paths(term);
                let Some(path) = paths.get(k) else { break };
                for replacement in candidates(&self.best, i, path) {
                    let mut c = self.best.clone();
                    c.formula.assertions[i].term =
                        replaced(&c.formula.assertions[i].term, path, replacement);
                    if self.try_keep(c) {
                        changed = true;
                        break;
                    }
                }
                k += 1;
            }
            i += 1;
        }
        changed
    }

    /// Replaces each distinct constant, everywhere in the formula and the
    /// model at once, by shorter ones.
    fn shorten_constants(&mut self) -> bool {
        let mut changed = false;
        let mut constants = Vec::new();
        for a in &self.best.formula.assertions {
            a.term.visit(&mut |t| {
                if matches!(t, Term::Str(s) if !s.is_empty())
                    || matches!(t, Term::Int(n) if n.abs() > BigInt::from(1))
                {
                    constants.push(t.clone());
                }
            });
        }
        if let Truth::Sat { model } = &self.best.truth {
            for v in model.0.values() {
                match v {
                    Value::Str(s) if !s.is_empty() => constants.push(Term::Str(s.clone())),
                    Value::Int(n) if n.abs() > BigInt::from(1) => {
                        constants.push(Term::Int(n.clone()))
                    }
                    _ => {}
                }
            }
        }
        constants.sort_by_key(|t| std::cmp::Reverse(t.size() + literal_weight(t)));
        constants.dedup();
        for from in constants {
            for to in shorter(&from) {
                let c = substitute_constant(&self.best, &from, &to);
                if self.try_keep(c) {
                    changed = true;
                    break;
                }
            }
        }
        changed
    }

    /// Replaces a declared constant by a value everywhere (unsat,
    /// [`Mode::StatusOnly`] only).
    fn instantiate(&mut self) -> bool {
        let mut changed = false;
        for (name, sort) in self.best.formula.decls.clone() {
            let values: Vec<Term> = match sort {
                Sort::Int => vec![Term::int(0), Term::int(1)],
                Sort::String => vec![Term::str(""), Term::str("a")],
                Sort::Bool => vec![Term::Bool(false), Term::Bool(true)],
                _ => continue,
            };
            for v in values {
                let mut c = self.best.clone();
                let map = [(name.clone(), v)].into_iter().collect();
                for a in &mut c.formula.assertions {
                    a.term = a.term.substitute(&map);
                }
                c.formula.decls.retain(|(n, _)| *n != name);
                if self.try_keep(c) {
                    self.instantiated = true;
                    changed = true;
                    break;
                }
            }
        }
        changed
    }
}

/// A literal's length counts for ordering: longer constants first.
fn literal_weight(t: &Term) -> usize {
    match t {
        Term::Str(s) => s.len(),
        Term::Int(n) => n.bits() as usize,
        _ => 0,
    }
}

/// Shorter versions of a constant: empty, half, one character less at
/// either end; for integers 0, 1, half, one nearer 0.
fn shorter(t: &Term) -> Vec<Term> {
    match t {
        Term::Str(s) => {
            let c = s.chars();
            let mut out = vec![SmtString::new()];
            if c.len() > 2 {
                out.push(SmtString::from_slice_unchecked(&c[..c.len() / 2]));
            }
            if c.len() > 1 {
                out.push(SmtString::from_slice_unchecked(&c[..c.len() - 1]));
                out.push(SmtString::from_slice_unchecked(&c[1..]));
            }
            out.into_iter().map(Term::Str).collect()
        }
        Term::Int(n) => {
            let mut out = vec![BigInt::zero(), BigInt::from(1)];
            let half: BigInt = n / 2;
            if half.abs() > BigInt::from(1) {
                out.push(half);
            }
            let nearer = if n.is_positive() { n - 1 } else { n + 1 };
            out.push(nearer);
            // Strictly nearer 0, so that no two constants trade places.
            out.into_iter()
                .filter(|c| c.abs() < n.abs())
                .map(Term::Int)
                .collect()
        }
        _ => Vec::new(),
    }
}

/// `case` with every occurrence of the literal `from` (in the formula and
/// among the model's values) replaced by `to`.
fn substitute_constant(case: &Case, from: &Term, to: &Term) -> Case {
    let mut c = case.clone();
    for a in &mut c.formula.assertions {
        a.term = replace_literal(&a.term, from, to);
    }
    if let Truth::Sat { model } = &mut c.truth {
        for v in model.0.values_mut() {
            let as_term = match v {
                Value::Str(s) => Term::Str(s.clone()),
                Value::Int(n) => Term::Int(n.clone()),
                _ => continue,
            };
            if &as_term == from
                && let Ok(new) = eval_closed(to)
            {
                *v = new;
            }
        }
    }
    c
}

fn replace_literal(t: &Term, from: &Term, to: &Term) -> Term {
    if t == from {
        return to.clone();
    }
    match t {
        Term::App(op, args) => Term::App(
            *op,
            args.iter().map(|a| replace_literal(a, from, to)).collect(),
        ),
        Term::Let(binds, body) => Term::Let(
            binds
                .iter()
                .map(|(v, b)| (v.clone(), replace_literal(b, from, to)))
                .collect(),
            Box::new(replace_literal(body, from, to)),
        ),
        Term::Quant(q) => {
            let mut q = q.clone();
            q.body = replace_literal(&q.body, from, to);
            q.patterns = q
                .patterns
                .iter()
                .map(|p| p.iter().map(|x| replace_literal(x, from, to)).collect())
                .collect();
            Term::Quant(q)
        }
        _ => t.clone(),
    }
}

/// The positions of `t`'s subterms, parents before children, through
/// operator applications only (a subterm under a binder has no value
/// under the model alone).
fn paths(t: &Term) -> Vec<Vec<usize>> {
    fn walk(t: &Term, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(path.clone());
        if let Term::App(_, args) = t {
            for (i, a) in args.iter().enumerate() {
                path.push(i);
                walk(a, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(t, &mut Vec::new(), &mut out);
    out
}

fn at<'t>(t: &'t Term, path: &[usize]) -> &'t Term {
    match (t, path.split_first()) {
        (Term::App(_, args), Some((i, rest))) => at(&args[*i], rest),
        _ => t,
    }
}

fn replaced(t: &Term, path: &[usize], new: Term) -> Term {
    match (t, path.split_first()) {
        (_, None) => new,
        (Term::App(op, args), Some((i, rest))) => {
            let mut args = args.clone();
            args[*i] = replaced(&args[*i], rest, new);
            Term::App(*op, args)
        }
        _ => t.clone(),
    }
}

/// Proposes replacements of the subterm at a path of an assertion.
type Candidates = dyn Fn(&Case, usize, &[usize]) -> Vec<Term>;

/// `sub` with a nested application of its own associative operator
/// spliced into it (`(+ a (+ b c))` is `(+ a b c)`): the same value, one
/// node less.
fn flattened(sub: &Term) -> Option<Term> {
    let Term::App(op, args) = sub else {
        return None;
    };
    if !matches!(op, Op::Add | Op::Mul | Op::And | Op::Or | Op::StrConcat) {
        return None;
    }
    let at = args
        .iter()
        .position(|a| matches!(a, Term::App(o, inner) if o == op && !inner.is_empty()))?;
    let mut flat = args[..at].to_vec();
    if let Term::App(_, inner) = &args[at] {
        flat.extend(inner.iter().cloned());
    }
    flat.extend(args[at + 1..].iter().cloned());
    Some(Term::App(*op, flat))
}

/// The subterm's children of its own sort, the subterm flattened, and
/// shorter literals.
fn smaller_forms(case: &Case, sub: &Term) -> Vec<Term> {
    let env = |v: &str| case.formula.sort_of(v);
    let mut out = shorter(sub);
    out.extend(flattened(sub));
    if let (Term::App(_, args), Ok(sort)) = (sub, sub.sort(&env)) {
        for a in args {
            if a.sort(&env).as_ref() == Ok(&sort) {
                out.push(a.clone());
            }
        }
    }
    out
}

/// Sat: a subterm's value under the model, its children of its sort,
/// shorter literals. Whether the model still satisfies the result is
/// checked by [`Case::check`] before the test.
fn sat_candidates(case: &Case, i: usize, path: &[usize]) -> Vec<Term> {
    let Truth::Sat { model } = &case.truth else {
        return Vec::new();
    };
    let sub = at(&case.formula.assertions[i].term, path);
    let mut out = Vec::new();
    if !sub.is_literal()
        && let Ok(v) = eval(sub, model)
    {
        let t = v.to_term();
        if t != *sub && t.size() <= sub.size() {
            out.push(t);
        }
    }
    out.extend(smaller_forms(case, sub));
    out
}

/// Unsat: replacements that leave every assertion equivalent, so the
/// core is unchanged. A closed subterm may become any closed term of the
/// same value (its value folded, a child, a shorter literal); inside a
/// closed assertion, any subterm may change as long as the assertion keeps
/// its value.
fn unsat_candidates(case: &Case, i: usize, path: &[usize]) -> Vec<Term> {
    let assertion = &case.formula.assertions[i].term;
    let sub = at(assertion, path);
    if !sub.free_vars().is_empty() {
        return Vec::new();
    }
    let Ok(value) = eval_closed(sub) else {
        return Vec::new();
    };
    let closed_assertion = assertion.free_vars().is_empty();
    let whole = closed_assertion
        .then(|| eval_closed(assertion).ok())
        .flatten();
    let mut out = Vec::new();
    if !sub.is_literal() {
        let t = value.to_term();
        if t.size() < sub.size() {
            out.push(t);
        }
    }
    for t in smaller_forms(case, sub) {
        if !t.free_vars().is_empty() {
            continue;
        }
        let same = eval_closed(&t).ok().as_ref() == Some(&value)
            || whole.as_ref().is_some_and(|w| {
                eval_closed(&replaced(assertion, path, t.clone()))
                    .ok()
                    .as_ref()
                    == Some(w)
            });
        if same {
            out.push(t);
        }
    }
    out
}

/// Shrinks `case` while `test` says the solver still fails on it (see the
/// module docs); `progress` hears the tests run and the current size.
pub fn minimize(
    case: &Case,
    mode: Mode,
    max_tests: usize,
    test: &mut dyn FnMut(&Case) -> bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Minimized {
    let mut r = Reducer {
        best: case.clone(),
        mode,
        tests: 0,
        max_tests,
        instantiated: false,
        tried: std::collections::HashSet::new(),
        test,
        progress,
    };
    let sat = matches!(case.truth, Truth::Sat { .. });
    loop {
        let mut changed = r.drop_assertions();
        changed |= r.drop_unused();
        if sat {
            changed |= r.rewrite_subterms(&sat_candidates);
            changed |= r.shorten_constants();
        } else {
            changed |= r.rewrite_subterms(&unsat_candidates);
            if r.mode == Mode::StatusOnly {
                changed |= r.instantiate();
                changed |= r.rewrite_subterms(&unsat_candidates);
            }
        }
        changed |= r.drop_unused();
        if !changed || !r.budget_left() {
            break;
        }
    }
    Minimized {
        case: r.best,
        tests: r.tests,
        instantiated: r.instantiated,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::source::MixedCaseGenerator;
    use crate::triage::read_case;

    fn uses(case: &Case, op: Op) -> bool {
        case.formula
            .assertions
            .iter()
            .any(|a| a.term.operators().contains(&op))
    }

    fn run(case: &Case, mode: Mode, test: &mut dyn FnMut(&Case) -> bool) -> Minimized {
        minimize(case, mode, 10_000, test, &mut |_, _| {})
    }

    const SAT: &str = "; model:\n;   (define-fun n () Int 100)\n;   (define-fun s () String \"hello\")\n\
        (set-info :status sat)(declare-const n Int)(declare-const s String)\
        (assert (= (str.len s) 5))\
        (assert (= (str.to_int (str.from_int (str.len (str.from_int n)))) 3))\
        (assert (str.prefixof \"he\" s))";

    #[test]
    fn sat_keeps_what_fails_and_a_valid_model() {
        let case = read_case(SAT, "t").unwrap();
        // The "solver" fails while str.from_int is applied to a variable.
        let mut test = |c: &Case| {
            let mut hit = false;
            for a in &c.formula.assertions {
                a.term.visit(&mut |t| {
                    hit |= matches!(t, Term::App(Op::StrFromInt, args) if matches!(args[0], Term::Var(_)))
                });
            }
            hit
        };
        let m = run(&case, Mode::Exact, &mut test);
        assert!(m.case.check().is_ok());
        assert!(test(&m.case));
        assert_eq!(m.case.formula.assertions.len(), 1, "{:?}", m.case.formula);
        assert_eq!(m.case.formula.decls.len(), 1);
        assert!(size(&m.case) < 8, "{}", size(&m.case));
    }

    const UNSAT: &str = "; expected unsat core: (a0 a1)\n(set-info :status unsat)\
        (declare-const x String)(declare-const y Int)\
        (assert (! (= (str.len x) (+ 1 2)) :named a0))\
        (assert (! (= (str.len x) 4) :named a1))\
        (assert (! (> y 0) :named a2))\
        (assert (! (str.in_re \"abc\" (re.* (re.union (str.to_re \"abc\") (str.to_re \"d\")))) :named a3))";

    #[test]
    fn unsat_keeps_the_core_and_equivalent_assertions() {
        let case = read_case(UNSAT, "t").unwrap();
        // Fails while any regex is there: noise a3 cannot go, only shrink.
        let mut test = |c: &Case| uses(c, Op::ReStar) || uses(c, Op::StrInRe);
        let m = run(&case, Mode::Exact, &mut test);
        let names: Vec<_> = m.case.formula.names().into_iter().collect();
        assert_eq!(names, ["a0", "a1", "a3"]);
        assert_eq!(m.case.truth, case.truth);
        // (+ 1 2) folds to 3; a3 stays true.
        let a0 = &m.case.formula.assertions[0].term;
        assert_eq!(a0.to_string(), "(= (str.len x) 3)");
        let a3 = &m.case.formula.assertions[2].term;
        assert_eq!(eval_closed(a3), Ok(Value::Bool(true)));
        assert!(a3.size() < case.formula.assertions[3].term.size(), "{a3}");
        assert!(!m.instantiated);
    }

    #[test]
    fn nested_sums_flatten_and_keep_their_value() {
        let t = crate::term::parse_script("(assert (= 7 (+ 1 (+ 2 (+ 3 1)))))").unwrap();
        let f = crate::term::Formula::from_script(&t).unwrap();
        let Term::App(_, args) = &f.assertions[0].term else {
            panic!()
        };
        let flat = flattened(&args[1]).unwrap();
        assert_eq!(flat.to_string(), "(+ 1 2 (+ 3 1))");
        assert_eq!(eval_closed(&flat), eval_closed(&args[1]));
        assert_eq!(flattened(&Term::int(1)), None);
    }

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
    }

    #[test]
    fn only_a_status_finding_is_instantiated() {
        let case = read_case(UNSAT, "t").unwrap();
        let mut test = |c: &Case| uses(c, Op::StrLen);
        let exact = run(&case, Mode::Exact, &mut test);
        assert!(exact.case.formula.decls.iter().any(|(n, _)| n == "x"));
        let status = run(&case, Mode::StatusOnly, &mut test);
        assert!(status.instantiated);
        assert!(
            status.case.formula.decls.is_empty(),
            "{:?}",
            status.case.formula
        );
        // Still unsat: |""| = 3 and |""| = 4 cannot both hold (both false).
        for a in &status.case.formula.assertions {
            assert!(a.term.free_vars().is_empty());
        }
    }

    #[test]
    fn nothing_changes_when_nothing_else_fails() {
        let case = read_case(SAT, "t").unwrap();
        let m = run(&case, Mode::Exact, &mut |c: &Case| *c == case);
        assert_eq!(m.case, case);
        let calls = std::cell::Cell::new(0);
        let m = minimize(
            &case,
            Mode::Exact,
            5,
            &mut |_| {
                calls.set(calls.get() + 1);
                false
            },
            &mut |_, _| {},
        );
        assert_eq!((m.tests, calls.get()), (5, 5));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        #[test]
        fn every_result_keeps_its_truth(seed in any::<u64>()) {
            let mut g = MixedCaseGenerator::new(ConstantPool::boundary()).unwrap().seed(seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let case = g.next(&mut rng);
            // The failure: the case's first operator is still there.
            let Some(op) = case.formula.assertions.iter()
                .flat_map(|a| a.term.operators()).next() else { return Ok(()); };
            let mut seen = 0;
            let mut test = |c: &Case| {
                seen += 1;
                assert!(c.check().is_ok(), "a candidate with a broken truth was tested");
                uses(c, op)
            };
            let mode = if seed % 2 == 0 { Mode::Exact } else { Mode::StatusOnly };
            let m = minimize(&case, mode, 300, &mut test, &mut |_, _| {});
            prop_assert!(m.case.check().is_ok());
            prop_assert!(uses(&m.case, op));
            prop_assert!(size(&m.case) <= size(&case));
            if let (Truth::Unsat { core }, Truth::Unsat { core: was }) = (&m.case.truth, &case.truth) {
                prop_assert_eq!(core, was);
                prop_assert!(!m.instantiated || mode == Mode::StatusOnly);
            }
        }
    }
}
