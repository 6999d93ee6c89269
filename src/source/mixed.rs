//! Random sat *and* unsat cases, for the fuzz loops and `export --category
//! random`.
//!
//! Sat cases come from [`RandomCaseGenerator`]. Unsat cases start from an
//! equivalent-formula test (Table 2, with or without patterns) and go
//! through a random chain of the unsat transformations (variable
//! replacement, constant replacement, noise introduction), so that cores of
//! every size and noise of every kind are exercised.
//!
//! A share of the cases, of either status, are regex cases (by
//! [`Theory`]: none for `strings`, all for `regex`, a fifth for `all`, the
//! default): sat [`RegexMembership`], [`RegexConstantAssignment`] and
//! nested [`RegexTermSynthesis`] (depth 3) cases; unsat
//! [`regex_equivalent_formula_cases`] grown by the same random chain of
//! unsat transformations (Table 2.6's rows for regex variables and
//! constants), and constant-only cases with constant or nested complex
//! results (Sect. 2.5), over [`RegexPool::boundary_randomized`].
//!
//! Combined cases (bit-vectors and arrays with the others, Kühne 2022
//! ch. 3) are drawn first, by their own share (none for `strings` and
//! `regex`, all for `combined`, a tenth for `all`): sat constant
//! assignment and nested term synthesis (depth 3) across theories
//! ([`CombinedSynthesis`]), unsat with a constant or a nested complex
//! result ([`CombinedUnsat`]), grown by the same random chain of unsat
//! transformations (whose variable and constant replacement take the
//! bit-vector and array rows there); the sat ones by a short chain of the
//! same two, which rewrite a sat case with those rows and extend its
//! model.
//!
//! Sequence cases (`(Seq E)` for every element sort) are drawn before
//! all others, by their own share (all for `seq`, a tenth for `all`, none
//! for the rest): sat step-1 operations, constant assignment and nested
//! term synthesis ([`SeqCases`]), unsat identities of ours grown by links
//! and noise of their own ([`SeqUnsat`]: the string transformations have
//! no rows for sequence variables), and sequences inside the combined cases
//! ([`SeqCombinedCases`]: a quarter of the sat draws, of the unsat ones).
//!
//! Function cases ([`UfCases`]: applications equal to their values,
//! congruence, identities under a function symbol) are drawn only for
//! `uf`, not yet for `all`.
//!
//! Before all of these, each by its own share (all for its own theory,
//! none for the others' and the share below for `all`), in this order:
//!
//! - quantified cases (a twentieth of `all`): a case of the strings,
//!   regex, combined, sequence, bit-vector, integer or real stream passed through
//!   a short chain of the quantifier transformations ([`Quantified`]:
//!   `exists` over a variable of a sat or an unsat case, valid `forall`
//!   noise, a valid row's negation under `exists`);
//! - bit-vector cases on their own (a tenth of the rest): sat step-1
//!   operations, constant assignment and nested term synthesis
//!   ([`BvCases`]), unsat identity rows grown by links and noise
//!   ([`BvUnsat`]);
//! - integer cases, QF_LIA and QF_NIA (a twentieth of the rest): sat
//!   linear, non-linear and beyond-64-bit constraints with a model
//!   ([`IntSat`]), unsat identity rows grown by links and noise of their
//!   own ([`IntUnsat`]) and the classic unsat shapes ([`IntClassic`]);
//! - real cases, QF_LRA, QF_NRA, QF_LIRA, QF_AUFLIRA (a twentieth of the
//!   rest): sat linear, non-linear, Int-bridged, beyond-64-bit and array
//!   constraints with a model (`RealSat`, `RealArrays`), unsat identity
//!   rows grown by links and noise (`RealUnsat`) and the classic shapes
//!   (`RealClassic`);
//! - floating-point cases (a twentieth of the rest; `generate::fp`): sat
//!   (`FpSat`, `FpNonIdentity`) and unsat (`FpUnsat`, `FpClassic`).
//!
//! Each theory's cases come from two tables of generators, one per status,
//! each drawn by weight (`source::table`); the chains are grown by
//! `source::grown`. `source::streams` lays the tables out, a function per
//! theory, and [`MixedCaseGenerator::next`] only chooses the theory and the
//! status.
//!
//! # Invariants
//!
//! - Every case's truth holds: each piece (generator or transformation)
//!   keeps it, as its own module states and tests.
//! - Every random choice flows from the caller's generator; nothing but the
//!   fixed seed lists and pools are kept between calls, so memory is flat.
//! - A seed draws the cases `tests/source_streams.rs` pins, so a
//!   campaign's findings for a seed do not change: a table draws its index
//!   with one `random_range` over its weights (`source::table`).

use rand::{Rng, RngCore};

use super::grown::Cases;
use super::streams::{Stream, bv, combined, fp, int, quant, real, regex, seq, strings, uf};
use super::{RandomCaseGenerator, Theory};
use crate::generate::ConstantPool;
use crate::generate::regex::regex_equivalent_formula_cases;
use crate::generate::strings::{TermPoolError, equivalent_formula_cases};
use crate::term::{Dialect, Term};
use crate::truth::Case;

/// The share of regex cases under [`Theory::All`].
const REGEX_SHARE: f64 = 0.2;

/// The share of combined cases under [`Theory::All`].
const COMBINED_SHARE: f64 = 0.1;

/// The share of sequence cases under [`Theory::All`].
const SEQ_SHARE: f64 = 0.1;

/// The share of bit-vector cases under [`Theory::All`].
const BV_SHARE: f64 = 0.1;
/// The share of integer cases under [`Theory::All`].
const INT_SHARE: f64 = 0.05;
/// The share of real cases under [`Theory::All`].
const REAL_SHARE: f64 = 0.05;
/// The share of floating-point cases under [`Theory::All`].
const FP_SHARE: f64 = 0.05;

/// The share of quantified cases under [`Theory::All`].
const QUANT_SHARE: f64 = 0.05;

/// How many bit-vector cases [`MixedCaseGenerator::dialect`] draws at
/// most for one: the last is kept even if the release lacks one of its
/// operators (the harness then drops it, counted).
pub const DIALECT_DRAWS: usize = 16;

/// Whether the case applies an operator `dialect` lacks.
fn lacks_an_operator(dialect: Dialect, case: &Case) -> bool {
    let mut lacks = false;
    for a in &case.formula.assertions {
        a.term.visit(&mut |t| {
            lacks |= matches!(t, Term::App(op, _) if dialect.lacks(*op));
        });
    }
    lacks
}

/// Makes a random mix of sat and unsat cases.
#[derive(Clone, Debug)]
pub struct MixedCaseGenerator {
    /// What the streams are built from: the sat string generator and the
    /// equivalent-formula cases of Table 2 and Table 2.3.
    sat: RandomCaseGenerator,
    table_2: Cases,
    table_2_3: Cases,
    combined: Stream,
    seq: Stream,
    uf: Stream,
    bv: Stream,
    int: Stream,
    real: Stream,
    fp: Stream,
    regex: Stream,
    strings: Stream,
    quant: Stream,
    unsat_share: f64,
    regex_share: f64,
    combined_share: f64,
    seq_share: f64,
    uf_share: f64,
    bv_share: f64,
    int_share: f64,
    real_share: f64,
    fp_share: f64,
    quant_share: f64,
    /// The release the cases are for: bit-vector cases are drawn again
    /// while they apply an operator it lacks (issue 41).
    dialect: Option<Dialect>,
    seed: u64,
}

impl MixedCaseGenerator {
    /// A generator over `pool`: a third of the cases unsat, unsat chains of
    /// up to 10 transformations.
    pub fn new(pool: ConstantPool) -> Result<Self, TermPoolError> {
        let table_2 = Cases::new(
            equivalent_formula_cases(false, 0)
                .chain(equivalent_formula_cases(true, 0))
                .collect(),
        );
        let table_2_3 = Cases::new(regex_equivalent_formula_cases(0).collect());
        let sat = RandomCaseGenerator::new(pool)?;
        let (combined, seq, regex, strings, bv, int) = (
            combined(0),
            seq(0),
            regex(&table_2_3, 0),
            strings(&sat, &table_2, 0),
            bv(0),
            int(0),
        );
        let (reals, floats) = (real(0), fp(0));
        Ok(MixedCaseGenerator {
            quant: quant(&[
                &strings, &regex, &combined, &seq, &bv, &int, &reals, &floats,
            ]),
            combined,
            seq,
            uf: uf(0),
            bv,
            int,
            real: reals,
            fp: floats,
            regex,
            strings,
            sat,
            table_2,
            table_2_3,
            unsat_share: 1.0 / 3.0,
            regex_share: REGEX_SHARE,
            combined_share: 0.0,
            seq_share: 0.0,
            uf_share: 0.0,
            bv_share: 0.0,
            int_share: 0.0,
            real_share: 0.0,
            fp_share: 0.0,
            quant_share: 0.0,
            dialect: None,
            seed: 0,
        })
    }

    /// The seed recorded in every case's provenance.
    pub fn seed(mut self, seed: u64) -> Self {
        self.combined = combined(seed);
        self.seq = seq(seed);
        self.uf = uf(seed);
        self.bv = bv(seed);
        self.int = int(seed);
        self.real = real(seed);
        self.fp = fp(seed);
        self.regex = regex(&self.table_2_3, seed);
        self.strings = strings(&self.sat, &self.table_2, seed);
        self.quant = quant(&[
            &self.strings,
            &self.regex,
            &self.combined,
            &self.seq,
            &self.bv,
            &self.int,
            &self.real,
            &self.fp,
        ]);
        self.seed = seed;
        self
    }

    /// What is drawn: `Strings` keeps the string-only stream draw for
    /// draw, `Regex` draws only regex cases, `Combined` only combined
    /// ones, `Seq` only sequence ones, `Int` only integer ones, `Real`
    /// only real ones, `Fp` only floating-point ones, `All` (the default)
    /// a twentieth integer cases, a twentieth of the rest real cases, a
    /// twentieth of the rest floating-point cases, a tenth of the rest sequence
    /// cases, a tenth of the rest combined cases and a fifth of what
    /// remains regex cases.
    pub fn theory(self, theory: Theory) -> Self {
        let (regex, combined, seq, uf, int) = match theory {
            Theory::Strings | Theory::Quant | Theory::Bv | Theory::Real | Theory::Fp => {
                (0.0, 0.0, 0.0, 0.0, 0.0)
            }
            Theory::Regex => (1.0, 0.0, 0.0, 0.0, 0.0),
            Theory::Combined => (0.0, 1.0, 0.0, 0.0, 0.0),
            Theory::Seq => (0.0, 0.0, 1.0, 0.0, 0.0),
            Theory::Uf => (0.0, 0.0, 0.0, 1.0, 0.0),
            Theory::Int => (0.0, 0.0, 0.0, 0.0, 1.0),
            Theory::All => (REGEX_SHARE, COMBINED_SHARE, SEQ_SHARE, 0.0, INT_SHARE),
        };
        let bv = match theory {
            Theory::Bv => 1.0,
            Theory::All => BV_SHARE,
            _ => 0.0,
        };
        let quant = match theory {
            Theory::Quant => 1.0,
            Theory::All => QUANT_SHARE,
            _ => 0.0,
        };
        let real = match theory {
            Theory::Real => 1.0,
            Theory::All => REAL_SHARE,
            _ => 0.0,
        };
        let fp = match theory {
            Theory::Fp => 1.0,
            Theory::All => FP_SHARE,
            _ => 0.0,
        };
        self.quant_share(quant)
            .real_share(real)
            .fp_share(fp)
            .bv_share(bv)
            .regex_share(regex)
            .combined_share(combined)
            .seq_share(seq)
            .uf_share(uf)
            .int_share(int)
    }

    /// The share of quantified cases among all cases, in `0.0..=1.0`; 0
    /// keeps the other streams draw for draw.
    pub fn quant_share(mut self, share: f64) -> Self {
        self.quant_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of real cases among all cases, in `0.0..=1.0`; 0 keeps
    /// the other streams draw for draw.
    pub fn real_share(mut self, share: f64) -> Self {
        self.real_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of floating-point cases among all cases, in
    /// `0.0..=1.0`; 0 keeps the other streams draw for draw.
    pub fn fp_share(mut self, share: f64) -> Self {
        self.fp_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of integer cases among all cases, in `0.0..=1.0`; 0
    /// keeps the other streams draw for draw.
    pub fn int_share(mut self, share: f64) -> Self {
        self.int_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of bit-vector cases among all cases, in `0.0..=1.0`; 0
    /// keeps the other streams draw for draw.
    pub fn bv_share(mut self, share: f64) -> Self {
        self.bv_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of function cases among all cases, in `0.0..=1.0`; 0
    /// keeps the other streams draw for draw.
    pub fn uf_share(mut self, share: f64) -> Self {
        self.uf_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of sequence cases among all cases, in `0.0..=1.0`; 0
    /// keeps the other streams draw for draw.
    pub fn seq_share(mut self, share: f64) -> Self {
        self.seq_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of combined cases among all cases, in `0.0..=1.0`; 0
    /// keeps the other streams draw for draw.
    pub fn combined_share(mut self, share: f64) -> Self {
        self.combined_share = share.clamp(0.0, 1.0);
        self
    }

    /// The share of regex cases among all cases, in `0.0..=1.0`; 0 keeps
    /// the string-only stream draw for draw.
    pub fn regex_share(mut self, share: f64) -> Self {
        self.regex_share = share.clamp(0.0, 1.0);
        self
    }

    /// Bit-vector cases only with operators `dialect` has: a case that
    /// applies one it lacks (SMT-LIB 2.7's overflow predicates, `bvnego`,
    /// `ubv_to_int`, ... on Z3 before 5.1 or cvc5 1.0.3) is drawn again, up
    /// to [`DIALECT_DRAWS`] times, so a campaign does not spend a fifth of
    /// its bv draws on cases the harness drops as not expressible.
    pub fn dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = Some(dialect);
        self
    }

    /// The share of unsat cases, in `0.0..=1.0`.
    pub fn unsat_share(mut self, share: f64) -> Self {
        self.unsat_share = share.clamp(0.0, 1.0);
        self
    }

    /// The next random case: a combined one with probability
    /// `combined_share`, else a regex one with probability `regex_share`,
    /// else a string one; each unsat with probability `unsat_share`.
    pub fn next(&mut self, rng: &mut dyn RngCore) -> Case {
        // A share of 0 draws no coin, so the other streams draw as they
        // did without it, draw for draw.
        let stream = if self.quant_share > 0.0 && rng.random_bool(self.quant_share) {
            &mut self.quant
        } else if self.bv_share > 0.0 && rng.random_bool(self.bv_share) {
            let mut case = self.bv.next(self.unsat_share, rng);
            if let Some(d) = self.dialect {
                for _ in 1..DIALECT_DRAWS {
                    if !lacks_an_operator(d, &case) {
                        break;
                    }
                    case = self.bv.next(self.unsat_share, rng);
                }
            }
            case.provenance.seed = self.seed;
            return case;
        } else if self.int_share > 0.0 && rng.random_bool(self.int_share) {
            &mut self.int
        } else if self.real_share > 0.0 && rng.random_bool(self.real_share) {
            &mut self.real
        } else if self.fp_share > 0.0 && rng.random_bool(self.fp_share) {
            &mut self.fp
        } else if self.uf_share > 0.0 && rng.random_bool(self.uf_share) {
            &mut self.uf
        } else if self.seq_share > 0.0 && rng.random_bool(self.seq_share) {
            &mut self.seq
        } else if self.combined_share > 0.0 && rng.random_bool(self.combined_share) {
            &mut self.combined
        } else if self.regex_share > 0.0 && rng.random_bool(self.regex_share) {
            &mut self.regex
        } else {
            &mut self.strings
        };
        let mut case = stream.next(self.unsat_share, rng);
        case.provenance.seed = self.seed;
        case
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    #[test]
    fn the_unsat_transformations_go_on_from_a_generated_chain() {
        // The fuzzer mutates generated cases further: the unsat
        // transformations must accept what the generator made.
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(5)
            .unsat_share(1.0)
            .regex_share(0.0)
            .combined_share(0.0);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let catalogue: [&dyn Transformation; 3] = [
            &VariableReplacement,
            &ConstantReplacement,
            &NoiseIntroduction,
        ];
        let mut applied = 0;
        for _ in 0..50 {
            let c = g.next(&mut rng);
            assert_eq!(c.provenance.category, "unsat-chain");
            if catalogue.iter().any(|t| t.apply(&c, &mut rng).is_some()) {
                applied += 1;
            }
        }
        assert!(applied >= 45, "{applied} of 50");
    }

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::transform::{
        ConstantReplacement, NoiseIntroduction, Transformation, VariableReplacement,
    };
    use crate::truth::Truth;

    #[test]
    fn the_seq_stream_is_all_sequences_and_its_chains_grow() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(4)
            .theory(Theory::Seq);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let (mut unsat, mut grown, mut chained) = (0, 0, 0);
        for _ in 0..600 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert_eq!(Theory::of(&c.formula), Theory::Seq, "{c:?}");
            if let Truth::Unsat { core } = &c.truth {
                unsat += 1;
                grown += usize::from(core.len() > 2);
                chained += usize::from(c.formula.assertions.len() > 2);
            }
        }
        assert!((120..=280).contains(&unsat), "{unsat}");
        assert!(chained > 50, "chains applied to {chained} of {unsat}");
        assert!(grown > 10, "cores grown in {grown} of {unsat}");
    }

    #[test]
    fn the_bv_stream_is_all_bit_vectors_and_every_truth_checks() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(6)
            .theory(Theory::Bv);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let (mut unsat, mut grown) = (0, 0);
        for _ in 0..600 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert_eq!(Theory::of(&c.formula), Theory::Bv, "{c:?}");
            if let Truth::Unsat { core } = &c.truth {
                unsat += 1;
                grown += usize::from(core.len() > 2);
            }
        }
        assert!((120..=280).contains(&unsat), "{unsat}");
        assert!(grown > 50, "cores grown in {grown} of {unsat}");
    }

    #[test]
    fn the_int_stream_is_all_integers_of_both_logics() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(6)
            .theory(Theory::Int);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let mut by: BTreeMap<String, usize> = BTreeMap::new();
        let mut unsat = 0;
        for _ in 0..600 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert_eq!(Theory::of(&c.formula), Theory::Int, "{c:?}");
            unsat += usize::from(matches!(c.truth, Truth::Unsat { .. }));
            *by.entry(c.provenance.category.clone()).or_default() += 1;
        }
        assert!((120..=280).contains(&unsat), "{unsat}");
        for category in [
            "int-sat-lia",
            "int-sat-nia",
            "int-large-lia",
            "int-identity-nia",
        ] {
            assert!(by.get(category).is_some_and(|&n| n > 10), "{by:?}");
        }
    }

    #[test]
    fn the_real_stream_is_all_reals_of_every_logic() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(6)
            .theory(Theory::Real);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let mut by: BTreeMap<String, usize> = BTreeMap::new();
        let mut unsat = 0;
        for _ in 0..600 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert_eq!(Theory::of(&c.formula), Theory::Real, "{c:?}");
            unsat += usize::from(matches!(c.truth, Truth::Unsat { .. }));
            *by.entry(c.provenance.category.clone()).or_default() += 1;
        }
        assert!((120..=280).contains(&unsat), "{unsat}");
        for category in [
            "real-sat-lra",
            "real-sat-nra",
            "real-sat-lira",
            "real-large-lra",
            "real-sat-auflira",
            "real-identity-lra",
            "real-identity-lira",
            "real-classic-lra",
        ] {
            assert!(
                by.get(category).is_some_and(|&n| n > 5),
                "{category}: {by:?}"
            );
        }
    }

    #[test]
    fn the_fp_stream_is_all_floats_of_every_kind() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(7)
            .theory(Theory::Fp);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut by: BTreeMap<String, usize> = BTreeMap::new();
        let mut unsat = 0;
        for _ in 0..600 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert_eq!(Theory::of(&c.formula), Theory::Fp, "{c:?}");
            unsat += usize::from(matches!(c.truth, Truth::Unsat { .. }));
            *by.entry(c.provenance.category.clone()).or_default() += 1;
        }
        assert!((120..=280).contains(&unsat), "{unsat}");
        let kinds = [
            "sat-fp",
            "odd-fp",
            "sat-fplra",
            "nonidentity-fp",
            "identity-fp",
        ];
        for c in kinds.iter().chain(&["classic-fp"]) {
            assert!(
                by.get(&format!("fp-{c}")).is_some_and(|&n| n > 5),
                "{c}: {by:?}"
            );
        }
    }

    /// Should the strings stream draw a formula with no string left (an
    /// `str.len` replaced by a value), it is an `int` formula, and
    /// `--theory strings` keeps it (none in these 2,000 draws).
    #[test]
    fn the_strings_stream_keeps_its_integer_only_cases() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(7)
            .theory(Theory::Strings);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut int = 0;
        for _ in 0..2000 {
            let of = Theory::of(&g.next(&mut rng).formula);
            assert!(Theory::Strings.admits(of), "{of}");
            int += usize::from(of == Theory::Int);
        }
        println!("int-only cases of the strings stream: {int} of 2000");
        assert!(!Theory::Int.admits(Theory::Strings));
    }

    #[test]
    fn the_quant_stream_is_all_quantified_over_every_stream_and_checks() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(6)
            .theory(Theory::Quant);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let (mut unsat, mut exists, mut forall, mut negation) = (0, 0, 0, 0);
        let mut sorts = std::collections::BTreeSet::new();
        for _ in 0..400 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            assert_eq!(Theory::of(&c.formula), Theory::Quant, "{c:?}");
            unsat += usize::from(matches!(c.truth, Truth::Unsat { .. }));
            for step in &c.provenance.chain {
                exists +=
                    usize::from(step.starts_with("exists-sat") || step.starts_with("exists-unsat"));
                forall += usize::from(step.starts_with("forall-noise"));
                negation += usize::from(step.starts_with("exists-negation"));
            }
            for a in &c.formula.assertions {
                a.term.visit(&mut |t| {
                    if let crate::term::Term::Quant(q) = t {
                        for (_, s) in &q.vars {
                            sorts.insert(format!("{s}").chars().take(6).collect::<String>());
                        }
                    }
                });
            }
        }
        assert!((80..=200).contains(&unsat), "{unsat}");
        assert!(
            exists > 150 && forall > 50 && negation > 10,
            "{exists} {forall} {negation}"
        );
        for s in [
            "Int", "Real", "String", "(_ Bit", "(Seq I", "(Array", "Bool", "(_ Flo",
        ] {
            assert!(sorts.contains(s), "no quantifier over {s}: {sorts:?}");
        }
    }

    #[test]
    fn the_mix_has_both_statuses_and_every_truth_checks() {
        let mut g = MixedCaseGenerator::new(ConstantPool::paper())
            .unwrap()
            .seed(3)
            .regex_share(0.2)
            .combined_share(0.0);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut by_status: BTreeMap<&str, usize> = BTreeMap::new();
        let mut grown_cores = 0;
        let (mut regex, mut in_re) = (0, 0);
        for _ in 0..600 {
            let c = g.next(&mut rng);
            c.check().unwrap_or_else(|e| panic!("{e}: {c:?}"));
            // A drawn stream contains regex constraints.
            in_re += usize::from(
                c.formula
                    .assertions
                    .iter()
                    .any(|a| a.term.operators().contains(&crate::term::Op::StrInRe)),
            );
            regex += usize::from(c.formula.assertions.iter().any(|a| {
                a.term
                    .operators()
                    .iter()
                    .any(|op| op.name().starts_with("re.") || *op == crate::term::Op::StrInRe)
            }));
            let status = match &c.truth {
                Truth::Sat { .. } => "sat",
                Truth::Unsat { core } => {
                    grown_cores += usize::from(core.len() > 2);
                    "unsat"
                }
            };
            *by_status.entry(status).or_default() += 1;
        }
        assert!(regex > 60, "regex cases drawn: {regex}");
        assert!(in_re > 20, "str.in_re cases drawn: {in_re}");
        let unsat = by_status.get("unsat").copied().unwrap_or(0);
        assert!((120..=280).contains(&unsat), "{by_status:?}");
        assert!(
            grown_cores > 20,
            "unsat chains should grow cores: {grown_cores}"
        );
    }
}
