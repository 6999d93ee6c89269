//! Which theories a formula mentions, in the words of the settings tables'
//! `theory` column (`assets/settings/*.tsv`): a setting of the bit-vector
//! solver is drawn for a case with bit-vectors, not for a string case.
//!
//! # Invariants
//!
//! - [`SettingTheory::General`] is in every formula's set: a general row
//!   (the SAT core's restarts, the rewriter, seeds) concerns every case.
//! - The set is a function of the formula alone (its declarations and its
//!   assertions, quantifiers and `let`s included), so a case's draw does
//!   not depend on how it was made, and the same case draws the same way.
//! - Strings and sequences imply [`SettingTheory::Arith`]: both solvers
//!   reason about lengths and indices with integer arithmetic, so the
//!   arithmetic rows concern those cases too.

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use crate::term::{Formula, Op, Sort, Term, Theory};

/// A theory a settings row concerns, as the tables spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SettingTheory {
    /// `general`: every case.
    General,
    /// `strings`: the `String` and `RegLan` sorts and their operators.
    Strings,
    /// `seq`: `(Seq E)` and the `seq.` operators.
    Seq,
    /// `bv`: `(_ BitVec n)` and its operators, the conversions included.
    Bv,
    /// `arrays`: `(Array I E)`, `select`, `store`, constant arrays.
    Arrays,
    /// `quant`: a `forall` or `exists` anywhere.
    Quant,
    /// `arith`: integer terms (linear or not; strings' lengths too).
    Arith,
    /// `arith-nl`: a product of two non-constant integer terms, or `div`
    /// or `mod` by a non-constant one.
    ArithNl,
    /// `qf-bv`: the SMT-LIB logic QF_BV, bit-vectors and Booleans alone
    /// (no other sort, no quantifier, no function symbol): the cases Z3
    /// bit-blasts to its SAT core, so the rows of the SAT core's
    /// parameters (`sat.*`) concern them; a case with strings goes to
    /// Z3's smt core, which never reads those.
    QfBv,
    /// `fp`: `(_ FloatingPoint eb sb)`, `RoundingMode` and the
    /// FloatingPoints operators.
    Fp,
}

impl SettingTheory {
    /// Every theory, in the order of the tables' documentation.
    pub const ALL: [SettingTheory; 10] = [
        SettingTheory::General,
        SettingTheory::Strings,
        SettingTheory::Seq,
        SettingTheory::Bv,
        SettingTheory::Arrays,
        SettingTheory::Quant,
        SettingTheory::Arith,
        SettingTheory::ArithNl,
        SettingTheory::QfBv,
        SettingTheory::Fp,
    ];

    /// The name in the tables' `theory` column.
    pub fn name(self) -> &'static str {
        match self {
            SettingTheory::General => "general",
            SettingTheory::Strings => "strings",
            SettingTheory::Seq => "seq",
            SettingTheory::Bv => "bv",
            SettingTheory::Arrays => "arrays",
            SettingTheory::Quant => "quant",
            SettingTheory::Arith => "arith",
            SettingTheory::ArithNl => "arith-nl",
            SettingTheory::QfBv => "qf-bv",
            SettingTheory::Fp => "fp",
        }
    }

    /// The theories `formula` mentions ([`SettingTheory::General`] always).
    pub fn of(formula: &Formula) -> BTreeSet<SettingTheory> {
        let mut out = BTreeSet::from([SettingTheory::General]);
        for (_, sort) in &formula.decls {
            of_sort(sort, &mut out);
        }
        for a in &formula.assertions {
            a.term.visit(&mut |t| of_term(t, &mut out));
        }
        if out.contains(&SettingTheory::Strings) || out.contains(&SettingTheory::Seq) {
            out.insert(SettingTheory::Arith);
        }
        let uf = formula.decls.iter().any(|(_, s)| s.is_fun());
        if !uf && out == BTreeSet::from([SettingTheory::General, SettingTheory::Bv]) {
            out.insert(SettingTheory::QfBv);
        }
        out
    }
}

impl fmt::Display for SettingTheory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SettingTheory {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SettingTheory::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = SettingTheory::ALL.iter().map(|t| t.name()).collect();
                format!("unknown theory `{s}` (one of {})", names.join(", "))
            })
    }
}

fn of_sort(sort: &Sort, out: &mut BTreeSet<SettingTheory>) {
    match sort {
        Sort::Bool => {}
        Sort::FloatingPoint(..) | Sort::RoundingMode => {
            out.insert(SettingTheory::Fp);
        }
        Sort::Int | Sort::Real => {
            out.insert(SettingTheory::Arith);
        }
        Sort::String | Sort::RegLan => {
            out.insert(SettingTheory::Strings);
        }
        Sort::BitVec(_) => {
            out.insert(SettingTheory::Bv);
        }
        Sort::Array(i, e) => {
            out.insert(SettingTheory::Arrays);
            of_sort(i, out);
            of_sort(e, out);
        }
        Sort::Seq(e) => {
            out.insert(SettingTheory::Seq);
            of_sort(e, out);
        }
        Sort::Fun(args, r) => {
            args.iter().for_each(|a| of_sort(a, out));
            of_sort(r, out);
        }
    }
}

/// Whether `t` is an integer constant (`(- n)` is parsed into one).
fn numeral(t: &Term) -> bool {
    matches!(t, Term::Int(_) | Term::Real(_))
        || matches!(t, Term::App(Op::Neg, a) if matches!(a[..], [Term::Int(_)]))
}

fn of_term(t: &Term, out: &mut BTreeSet<SettingTheory>) {
    match t {
        Term::Int(_) | Term::Real(_) => {
            out.insert(SettingTheory::Arith);
        }
        Term::Str(_) => {
            out.insert(SettingTheory::Strings);
        }
        Term::BitVec(_) => {
            out.insert(SettingTheory::Bv);
        }
        Term::ConstArray(sort, _) => of_sort(sort, out),
        Term::SeqEmpty(e) => {
            out.insert(SettingTheory::Seq);
            of_sort(e, out);
        }
        Term::Quant(q) => {
            out.insert(SettingTheory::Quant);
            q.vars.iter().for_each(|(_, s)| of_sort(s, out));
        }
        Term::App(op, args) => {
            let theory = match op.theory() {
                Theory::Core => None,
                Theory::FloatingPoint => Some(SettingTheory::Fp),
                Theory::Ints | Theory::Reals => Some(SettingTheory::Arith),
                Theory::Strings | Theory::Regex => Some(SettingTheory::Strings),
                Theory::Arrays => Some(SettingTheory::Arrays),
                Theory::BitVectors => Some(SettingTheory::Bv),
                Theory::Sequences => Some(SettingTheory::Seq),
            };
            out.extend(theory);
            let nonlinear = match op {
                Op::Mul => args.iter().filter(|a| !numeral(a)).count() >= 2,
                Op::Div | Op::Mod => args.get(1).is_some_and(|d| !numeral(d)),
                Op::RealDiv => args[1..].iter().any(|d| !numeral(d)),
                _ => false,
            };
            // The conversions between bit-vectors and integers are integer
            // terms as much as bit-vector ones.
            let converts = matches!(
                op,
                Op::Bv2nat | Op::Int2bv(_) | Op::UbvToInt | Op::SbvToInt | Op::IntToBv(_)
            );
            if nonlinear {
                out.insert(SettingTheory::ArithNl);
            }
            if nonlinear || converts {
                out.insert(SettingTheory::Arith);
            }
        }
        Term::Bool(_) | Term::Var(_) | Term::Let(..) | Term::Apply(..) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::parse_script;

    fn theories(text: &str) -> Vec<&'static str> {
        let script = parse_script(text).unwrap();
        let formula = Formula::from_script(&script).unwrap();
        SettingTheory::of(&formula)
            .into_iter()
            .map(SettingTheory::name)
            .collect()
    }

    #[test]
    fn each_theory_is_found_where_it_hides() {
        assert_eq!(theories("(declare-const p Bool)(assert p)"), ["general"]);
        assert_eq!(
            theories(r#"(declare-const s String)(assert (str.in_re s (str.to_re "a")))"#),
            ["general", "strings", "arith"]
        );
        assert_eq!(
            theories("(declare-const x (_ BitVec 8))(assert (= x #x01))"),
            ["general", "bv", "qf-bv"]
        );
        assert_eq!(
            theories("(declare-const x (_ BitVec 8))(declare-const s String)(assert (= x #x01))"),
            ["general", "strings", "bv", "arith"]
        );
        assert_eq!(
            theories("(declare-const x (_ BitVec 8))(assert (= (bv2nat x) 1))"),
            ["general", "bv", "arith"]
        );
        assert_eq!(
            theories("(declare-const a (Array Int Bool))(assert (select a 0))"),
            ["general", "arrays", "arith"]
        );
        // A bound variable's sort counts, as does the quantifier.
        assert_eq!(
            theories("(assert (exists ((x (_ BitVec 4))) (= x x)))"),
            ["general", "bv", "quant"]
        );
        assert_eq!(
            theories("(declare-const q (Seq Bool))(assert (= q q))"),
            ["general", "seq", "arith"]
        );
        assert_eq!(
            theories("(declare-const x Int)(assert (= (* 3 x) (div x 2) (mod x (- 4))))"),
            ["general", "arith"]
        );
        for nl in [
            "(declare-const x Int)(assert (= (* x x) 4))",
            "(declare-const x Int)(assert (= (div 7 x) 1))",
            "(declare-const x Int)(assert (= (mod 7 x) 1))",
        ] {
            assert_eq!(theories(nl), ["general", "arith", "arith-nl"], "{nl}");
        }
    }

    #[test]
    fn names_read_back() {
        for t in SettingTheory::ALL {
            assert_eq!(t.name().parse::<SettingTheory>(), Ok(t));
        }
        assert!("bitvec".parse::<SettingTheory>().is_err());
    }
}
