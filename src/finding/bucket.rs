//! Deduplication: findings that are one bug share a bucket.
//!
//! A bucket is data, a [`BucketKey`]: the verdict kind, the solver's
//! answer, the formula's *feature* and whether it is *ground*, all read
//! off the minimized formula.
//!
//! - The feature is the most specific theory fragment the formula uses,
//!   in the order of [`FEATURES`]: a conversion between sorts (each
//!   conversion pair is one decision procedure in a solver: `str.to_int`
//!   and `str.from_int` together, `str.to_code`/`str.from_code`,
//!   `bv2nat`/`int2bv` with 2.7's `ubv_to_int`/`sbv_to_int`/`int_to_bv`),
//!   then regular membership, arrays, floating point (an operator of the
//!   FloatingPoints theory: a float's `fp` literal has bit-vector fields,
//!   so floats rank above bit-vectors), bit-vectors,
//!   quantifiers, sequences, the other string operators, real arithmetic
//!   (a Real literal, `/`, `to_real`, `to_int`, `is_int`), integer arithmetic
//!   (and the operators Ints and Reals share), and the Boolean core. A minimized formula keeps only what its failure needs,
//!   so the most specific fragment left is where the bug lives; the less
//!   specific operators around it (a `str.len`, a `+`, an `=`) vary from
//!   one finding of a bug to the next and would split it.
//! - Ground: no free constant is left. A closed formula answered wrong is
//!   a bug of the solver's rewriter or evaluator (e.g. a loop with lower
//!   bound above the upper); one with constants goes through its search,
//!   another bug even over the same operators.
//!
//! - Settings: the case's own solver settings (`Case.settings`); the same
//!   formula under other settings runs another code path of the solver.
//! - Crash site: where a crashing solver said it failed (Z3's assertion
//!   file and line); two crashes at one site are one bug, whatever their
//!   formulas' fragments, scripts and settings.
//!
//! While fuzzing ([`BucketKey::of_case`]) the key is read off a cheaply
//! shrunk formula ([`shrunk`]): for an unsat case answered `sat`, the
//! assertions of its known core alone, dropping the noise and the other
//! assertions the transformations add around it, so a campaign counts
//! buckets rather than the formulas a transformation stack can grow around
//! one bug. Triage reads the key off the minimized formula whole
//! ([`key_of_text`](super::key_of_text)): the minimizer kept only what the
//! failure needs.
//!
//! The old, fine key (the operator set and the shape) is kept as the
//! bucket's *variant* ([`variant`](super::variant)).
//!
//! # Invariants
//!
//! - The key depends only on the kind, the answer, the formula's
//!   operators and free constants, the settings and the crash site:
//!   renaming constants, reordering
//!   assertions, changing literal values or adding operators of a less
//!   specific fragment never changes it (tested, on findings of a
//!   campaign against Z3 4.8.5).
//! - [`BucketKey::id`] is a stable hash of the key (the same across runs,
//!   builds and platforms), used as the bucket's name in reports; a key
//!   without settings or crash site has the id it had before those fields
//!   existed, so known-bugs files and reports stay valid.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::oracle::{FailedCheck, Verdict};
use crate::term::{Formula, Op, Term};
use crate::transform::regex_identities::is_regex_operator;
use crate::truth::{Case, Settings, Truth};

use super::hash::stable_hash;

/// The theory fragments a bucket is keyed by, most specific first (see the
/// module docs).
pub const FEATURES: &[&str] = &[
    "str.to_int/str.from_int",
    "str.to_code/str.from_code",
    "bv2nat/int2bv",
    "regular membership",
    "arrays",
    "floats",
    "bit-vectors",
    "quantifiers",
    "sequences",
    "strings",
    "reals",
    "integers",
    "core",
];

/// What makes two findings the same bug.
///
/// It crosses `fork` and LLMP inside the judgement that made it, so it is
/// serializable: the feature travels as its name, read back as one of
/// [`FEATURES`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BucketKey {
    /// The verdict kind (`unsound`, `invalid-model`, `invalid-core`, `crash`).
    pub kind: String,
    /// The solver's answer (`sat`, `unsat`, `crash`).
    pub answer: String,
    /// The most specific fragment the formula uses, one of [`FEATURES`].
    pub feature: &'static str,
    /// No free constant is left.
    pub ground: bool,
    /// The case's own solver settings (empty: the solver's defaults).
    pub settings: Settings,
    /// Where a crashing solver said it failed, if it said.
    pub crash_site: Option<String>,
    /// The finding is an incremental script's (several check-sats, scopes,
    /// assumptions): one that a one-shot query may not repeat.
    pub incremental: bool,
}

impl BucketKey {
    /// The key of a finding of `kind`, answered `answer`, on `formula`,
    /// under default settings and at no crash site.
    pub fn new(kind: &str, answer: &str, formula: &Formula) -> BucketKey {
        BucketKey {
            kind: kind.to_string(),
            answer: answer.to_string(),
            feature: feature(formula),
            ground: formula
                .assertions
                .iter()
                .all(|a| a.term.free_vars().is_empty()),
            settings: Settings::default(),
            crash_site: None,
            incremental: false,
        }
    }

    /// The key of a finding of `kind`, answered `answer`, on `case` (its
    /// settings, and its formula cheaply shrunk when the verdict allows,
    /// see [`shrunk`]), the solver having said it failed at `crash_site`
    /// (an empty site is none).
    pub fn of_case(kind: &str, answer: &str, case: &Case, crash_site: Option<&str>) -> BucketKey {
        // Only a wrong `sat` is about unsatisfiability alone, which the
        // core carries; a wrong core or model may need the assertions
        // around it (their minimized findings keep them).
        let formula = if kind == "unsound" && answer == "sat" {
            shrunk(case)
        } else {
            case.formula.clone()
        };
        let crash_site = crash_site
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        let mut key = BucketKey {
            settings: case.settings.clone(),
            incremental: case.incremental.is_some(),
            ..BucketKey::new(kind, answer, &formula)
        };
        key.at(crash_site);
        key
    }

    /// The key of a finding judged `verdict` on `case`: [`Self::of_case`]
    /// with the verdict's kind, the wrong answer and the crash site. For an
    /// incremental script whose check-sat `failed` decided, the key of that
    /// check over what is in force there: as triage keys the finding file
    /// ([`key_of_text`](super::key_of_text)), so that one bug is one bucket whatever sibling
    /// cases a script interleaves with it.
    pub fn of_judgement(verdict: &Verdict, case: &Case, failed: Option<FailedCheck>) -> BucketKey {
        let kind = verdict.kind();
        let site = match verdict {
            Verdict::Crash(crash) => Some(crash.site.as_str()),
            _ => None,
        };
        if let Some((formula, check)) = failed
            .filter(|_| case.incremental.is_some())
            .and_then(|f| case.check_sats().into_iter().nth(f.index))
        {
            let answer = answer_of(kind, &check.truth.status().to_string());
            let at_check = Case {
                formula,
                truth: check.truth,
                ..case.clone()
            };
            return BucketKey::of_case(kind, &answer, &at_check, site);
        }
        let answer = answer_of(kind, &case.truth.status().to_string());
        BucketKey::of_case(kind, &answer, case, site)
    }

    /// Puts the key at a crash site: a crash where the solver said it
    /// failed is one bug wherever the formula came from, so the formula's
    /// fragment and groundness no longer split it.
    pub(super) fn at(&mut self, site: Option<String>) {
        if site.is_some() {
            self.feature = FEATURES[FEATURES.len() - 1];
            self.ground = false;
            // Nor does the script around it: the same failed assertion
            // reached from a one-shot query or from an incremental script's
            // third check-sat is one bug.
            self.incremental = false;
            // Nor the settings: a campaign with settings on crashed at one
            // SLS assertion under 18 sets of settings, which differ in the
            // settings the crash does not need (`minimize` drops those;
            // the finding's first line keeps all of them).
            self.settings = Settings::default();
        }
        self.crash_site = site;
    }

    /// A short stable name for the bucket.
    pub fn id(&self) -> String {
        let mut text = format!(
            "{}|{}|{}|{}",
            self.kind, self.answer, self.feature, self.ground
        );
        // Only when set, so that the ids of older keys do not change.
        if !self.settings.is_empty() {
            text.push_str(&format!("|settings {}", self.settings));
        }
        if let Some(site) = &self.crash_site {
            text.push_str(&format!("|at {site}"));
        }
        // One-shot keys keep the ids they had.
        if self.incremental {
            text.push_str("|incremental");
        }
        format!("{:08x}", stable_hash(text.as_bytes()) >> 32)
    }

    /// The id as a number, for counters keyed by bucket.
    pub fn number(&self) -> u64 {
        u64::from_str_radix(&self.id(), 16).unwrap_or(0)
    }
}

impl fmt::Display for BucketKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(site) = &self.crash_site {
            return write!(f, "{} at `{site}`", self.kind);
        }
        write!(
            f,
            "{} (answer {}) on {}{}",
            self.kind,
            self.answer,
            self.feature,
            if self.ground {
                ", ground (no constants)"
            } else {
                ""
            }
        )?;
        if !self.settings.is_empty() {
            write!(f, ", with {}", self.settings)?;
        }
        if self.incremental {
            write!(f, ", incremental")?;
        }
        Ok(())
    }
}

/// The formula of `case`, shrunk without a solver: an unsat case's known
/// core alone (the assertions outside it are not needed for unsat, and
/// the transformations add noise there); any other case's whole formula.
pub fn shrunk(case: &Case) -> Formula {
    match &case.truth {
        Truth::Unsat { core } if !core.is_empty() => {
            let mut formula = case.formula.clone();
            let before = formula.assertions.len();
            formula
                .assertions
                .retain(|a| a.name.as_ref().is_some_and(|n| core.contains(n)));
            // A core that names no assertion of the formula (an
            // instantiated one, a foreign file) shrinks nothing.
            if formula.assertions.is_empty() && before > 0 {
                return case.formula.clone();
            }
            formula
        }
        _ => case.formula.clone(),
    }
}

/// The fragment of one operator, an index into [`FEATURES`].
fn rank(op: Op) -> usize {
    use Op::*;
    match op {
        StrToInt | StrFromInt => 0,
        StrToCode | StrFromCode => 1,
        Bv2nat | Int2bv(_) | UbvToInt | SbvToInt | IntToBv(_) => 2,
        op if is_regex_operator(op) => 3,
        Select | Store => 4,
        op if op.theory() == crate::term::Theory::FloatingPoint => 5,
        op if op.is_bitvec() => 6,
        StrConcat | StrLen | StrLt | StrLe | StrAt | StrSubstr | StrPrefixof | StrSuffixof
        | StrContains | StrIndexof | StrReplace | StrReplaceAll | StrIsDigit => 9,
        RealDiv | ToReal | ToInt | IsInt => 10,
        Add | Sub | Neg | Mul | Div | Mod | Abs | Lt | Le | Gt | Ge | Divisible(_) => 11,
        op if op.theory() == crate::term::Theory::Sequences => 8,
        _ => 12,
    }
}

/// The most specific fragment `formula` uses (see the module docs).
pub fn feature(formula: &Formula) -> &'static str {
    let mut best = FEATURES.len() - 1;
    for a in &formula.assertions {
        a.term.visit(&mut |t| {
            let r = match t {
                Term::App(op, _) => rank(*op),
                Term::ConstArray(..) => 4,
                Term::BitVec(_) => 6,
                Term::Quant(_) => 7,
                Term::SeqEmpty(_) => 8,
                Term::Real(_) => 10,
                _ => best,
            };
            best = best.min(r);
        });
    }
    FEATURES[best]
}

/// The solver's answer a finding of `kind` with `expected` status shows.
pub fn answer_of(kind: &str, expected: &str) -> String {
    match (kind, expected) {
        ("unsound", "sat") => "unsat".into(),
        ("unsound", _) => "sat".into(),
        ("invalid-model", _) => "sat".into(),
        ("invalid-core", _) => "unsat".into(),
        (other, _) => other.into(),
    }
}

/// Groups items by key, keys in order.
pub fn group<T>(items: impl IntoIterator<Item = (BucketKey, T)>) -> BTreeMap<BucketKey, Vec<T>> {
    let mut out: BTreeMap<BucketKey, Vec<T>> = BTreeMap::new();
    for (k, t) in items {
        out.entry(k).or_default().push(t);
    }
    out
}

/// A [`BucketKey`] as it is serialized: the feature by its name, read back
/// as the entry of [`FEATURES`] with that name (a `&'static str` cannot be
/// deserialized as it is).
#[derive(Serialize, Deserialize)]
struct KeyFields {
    kind: String,
    answer: String,
    feature: String,
    ground: bool,
    settings: Settings,
    crash_site: Option<String>,
    incremental: bool,
}

impl Serialize for BucketKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        KeyFields {
            kind: self.kind.clone(),
            answer: self.answer.clone(),
            feature: self.feature.to_string(),
            ground: self.ground,
            settings: self.settings.clone(),
            crash_site: self.crash_site.clone(),
            incremental: self.incremental,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for BucketKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<BucketKey, D::Error> {
        let k = KeyFields::deserialize(d)?;
        let feature = FEATURES
            .iter()
            .copied()
            .find(|f| *f == k.feature)
            .ok_or_else(|| serde::de::Error::custom(format!("no feature `{}`", k.feature)))?;
        Ok(BucketKey {
            kind: k.kind,
            answer: k.answer,
            feature,
            ground: k.ground,
            settings: k.settings,
            crash_site: k.crash_site,
            incremental: k.incremental,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::variant::{operators, variant};

    use crate::term::{Formula, parse_script};

    fn formula(text: &str) -> Formula {
        Formula::from_script(&parse_script(text).unwrap()).unwrap()
    }

    #[test]
    fn values_names_and_order_do_not_split_a_bucket() {
        let a = formula(
            "(declare-const n Int)(declare-const s String)\
             (assert (= (str.from_int n) s))(assert (> n 10))",
        );
        let b = formula(
            "(declare-const s String)(declare-const m Int)\
             (assert (> m 3))(assert (= (str.from_int m) s))",
        );
        let ka = BucketKey::new("invalid-model", "sat", &a);
        let kb = BucketKey::new("invalid-model", "sat", &b);
        assert_eq!(ka, kb);
        assert_eq!(ka.id(), kb.id());
        assert_eq!(variant(&a), variant(&b));
        assert_eq!(
            operators(&a).into_iter().collect::<Vec<_>>(),
            ["=", ">", "str.from_int"]
        );
    }

    #[test]
    fn less_specific_operators_do_not_split_a_bucket() {
        let a = formula("(declare-const n Int)(assert (= (str.from_int n) \"1\"))");
        let b = formula(
            "(declare-const n Int)(declare-const s String)\
             (assert (= (str.len (str.from_int (+ n 1))) (str.len (str.++ s \"1\"))))",
        );
        let k = |f: &Formula| BucketKey::new("invalid-model", "sat", f);
        assert_eq!(k(&a), k(&b));
        assert_eq!(k(&a).feature, "str.to_int/str.from_int");
        assert_ne!(variant(&a), variant(&b), "they stay apart as variants");
    }

    #[test]
    fn kind_answer_feature_and_groundness_keep_buckets_apart() {
        let a = formula("(declare-const n Int)(assert (= (str.from_int n) \"1\"))");
        let c = formula("(declare-const s String)(assert (= (str.indexof s \"a\" (- 1)) 0))");
        let r = formula("(declare-const s String)(assert (str.in_re s (re.* (str.to_re \"a\"))))");
        let g = formula("(assert (str.in_re \"\" (re.* (str.to_re \"a\"))))");
        let q = formula(
            "(declare-const s String)\
             (assert (forall ((t String)) (= (str.++ s t) (str.++ t s))))",
        );
        let k = |kind, answer, f: &Formula| BucketKey::new(kind, answer, f);
        assert_ne!(k("unsound", "sat", &a), k("unsound", "unsat", &a));
        assert_ne!(k("unsound", "sat", &a), k("invalid-model", "sat", &a));
        assert_ne!(k("unsound", "sat", &a).id(), k("unsound", "sat", &c).id());
        assert_ne!(k("unsound", "sat", &r), k("unsound", "sat", &g));
        assert!(k("unsound", "sat", &g).ground && !k("unsound", "sat", &r).ground);
        assert_eq!(k("unsound", "sat", &q).feature, "quantifiers");
        assert_eq!(k("unsound", "sat", &c).feature, "strings");
        let groups = group([
            (k("unsound", "sat", &a), 1),
            (k("unsound", "sat", &c), 2),
            (k("unsound", "sat", &a), 3),
        ]);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[&k("unsound", "sat", &a)], [1, 3]);
    }

    /// A formula over Reals is keyed `reals` (issue 43), by a Real literal
    /// or a Reals operator; one over Ints alone stays `integers`.
    #[test]
    fn real_arithmetic_is_a_feature_of_its_own() {
        let k = |text| BucketKey::new("unsound", "sat", &formula(text)).feature;
        assert_eq!(k("(declare-const x Real)(assert (< (+ x 1.5) x))"), "reals");
        assert_eq!(
            k("(declare-const n Int)(assert (not (is_int (to_real n))))"),
            "reals"
        );
        assert_eq!(k("(declare-const n Int)(assert (< (+ n 1) n))"), "integers");
        assert_eq!(
            k("(declare-const s String)(assert (< (to_real (str.len s)) 0.5))"),
            "strings"
        );
    }

    /// A formula over floats is keyed `floats`, though its `fp` literals
    /// have bit-vector fields; `fp.to_sbv` into a bit-vector too.
    #[test]
    fn floating_point_is_a_feature_of_its_own() {
        let k = |text| BucketKey::new("unsound", "sat", &formula(text)).feature;
        assert_eq!(
            k(
                "(declare-const x Float32)(assert (fp.lt x (fp #b0 #x7f #b00000000000000000000000)))"
            ),
            "floats"
        );
        assert_eq!(
            k("(declare-const x Float16)(assert (= ((_ fp.to_sbv 8) RNE x) #x01))"),
            "floats"
        );
        assert_eq!(
            k("(declare-const x Float16)(assert (< (fp.to_real x) 0.5))"),
            "floats"
        );
        assert_eq!(
            k("(declare-const b (_ BitVec 4))(assert (= b #x1))"),
            "bit-vectors"
        );
        assert_eq!(
            k("(declare-const a (Array Int Float32))(assert (fp.isNaN (select a 0)))"),
            "arrays"
        );
    }

    fn unsat_case(text: &str, core: &[&str]) -> Case {
        Case::new(
            formula(text),
            Truth::Unsat {
                core: core.iter().map(|c| c.to_string()).collect(),
            },
            crate::truth::Provenance::default(),
        )
    }

    #[test]
    fn a_case_is_keyed_by_its_core_alone() {
        // The conversion is outside the core: noise a transformation
        // added, which would make the key's fragment the conversion's.
        let noisy = unsat_case(
            "(declare-const n Int)(declare-const s String)\
             (assert (! (= (str.len s) 1) :named a0))\
             (assert (! (= (str.len s) 2) :named a1))\
             (assert (! (= (str.from_int n) \"1\") :named a2))",
            &["a0", "a1"],
        );
        let bare = unsat_case(
            "(declare-const t String)\
             (assert (! (= (str.len t) 3) :named b0))\
             (assert (! (= (str.len t) 4) :named b1))",
            &["b0", "b1"],
        );
        let k = |c: &Case| BucketKey::of_case("unsound", "sat", c, None);
        assert_eq!(k(&noisy), k(&bare));
        assert_eq!(k(&noisy).feature, "strings");
        assert_eq!(
            BucketKey::new("unsound", "sat", &noisy.formula).feature,
            "str.to_int/str.from_int",
            "the whole formula would split it"
        );
        // A core naming nothing in the formula shrinks nothing.
        let mut foreign = noisy.clone();
        foreign.truth = Truth::Unsat {
            core: ["zz".to_string()].into(),
        };
        assert_eq!(k(&foreign).feature, "str.to_int/str.from_int");
    }

    #[test]
    fn settings_and_crash_sites_keep_buckets_apart_and_old_ids_stay() {
        let case = unsat_case(
            "(declare-const s String)\
             (assert (! (= (str.len s) 1) :named a0))(assert (! (= (str.len s) 2) :named a1))",
            &["a0", "a1"],
        );
        let plain = BucketKey::of_case("unsound", "sat", &case, None);
        // The id a key had before settings and sites existed.
        let old = format!("{:08x}", stable_hash(b"unsound|sat|strings|false") >> 32);
        assert_eq!(plain.id(), old);
        assert_eq!(
            plain,
            BucketKey::of_case("unsound", "sat", &case, Some(" "))
        );
        let mut set = case.clone();
        set.settings.set("smt.string_solver", "z3str3");
        let with = BucketKey::of_case("unsound", "sat", &set, None);
        assert_ne!(with, plain);
        assert_ne!(with.id(), plain.id());
        assert!(
            with.to_string().contains("smt.string_solver=z3str3"),
            "{with}"
        );
        let at = |site| BucketKey::of_case("crash", "crash", &case, Some(site));
        assert_eq!(at("seq.cpp Line: 508"), at("seq.cpp Line: 508"));
        // A crash at a site is one bucket whatever the settings around it.
        let crash_with = BucketKey::of_case("crash", "crash", &set, Some("seq.cpp Line: 508"));
        assert_eq!(crash_with, at("seq.cpp Line: 508"));
        assert_ne!(at("seq.cpp Line: 508").id(), at("seq.cpp Line: 137").id());
        assert_eq!(
            at("x").number(),
            u64::from_str_radix(&at("x").id(), 16).unwrap()
        );
    }

    #[test]
    fn a_crash_site_is_one_bucket_whatever_the_formula() {
        let strings = unsat_case(
            "(declare-const s String)(assert (! (= (str.len s) 1) :named a0))",
            &["a0"],
        );
        let conversion = unsat_case(
            "(declare-const n Int)(assert (! (= (str.from_int n) \"1\") :named a0))",
            &["a0"],
        );
        let at = |c: &Case, site| BucketKey::of_case("crash", "crash", c, site);
        let site = Some("ASSERTION VIOLATION File: seq.cpp Line: 508");
        assert_eq!(at(&strings, site), at(&conversion, site));
        assert_ne!(at(&strings, None), at(&conversion, None));
        // Nor the script around it: the same site from an incremental
        // script is the same bucket (without a site, it is not).
        let mut script = strings.clone();
        script.incremental = Some(crate::truth::Incremental { steps: Vec::new() });
        assert_eq!(at(&script, site), at(&strings, site));
        assert_ne!(at(&script, None), at(&strings, None));
        assert_eq!(
            at(&strings, site).to_string(),
            "crash at `ASSERTION VIOLATION File: seq.cpp Line: 508`"
        );
    }
}
