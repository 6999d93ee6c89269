//! The streams of cases, one per theory: each a table of generators per
//! status (`source::table`), laid out here; [`super::MixedCaseGenerator`]
//! only chooses a theory and a status and draws from its stream.
//!
//! # Invariants
//!
//! - Every case's truth holds: each generator and transformation a stream
//!   draws from keeps it, as its own module states and tests.
//! - A stream draws as its tables say, so a seed reproduces it
//!   (`tests/source_streams.rs` pins the hashes).

use rand::{Rng, RngCore};

use super::RandomCaseGenerator;
use super::grown::{Cases, Catalogue, Grown};
use super::quantified::{Quantified, Quantifying};
use super::table::Table;
use crate::generate::Generator;
use crate::generate::bitvec::{BvCases, BvUfCases, BvUnsat};
use crate::generate::combined::{CombinedSynthesis, CombinedTermSampler, CombinedUnsat, Result3_2};
use crate::generate::fp::{FpClassic, FpNonIdentity, FpSat, FpSatKind, FpUnsat};
use crate::generate::int::{IntClassic, IntSat, IntSatKind, IntUnsat};
use crate::generate::real::{RealArrays, RealClassic, RealSat, RealSatKind, RealUnsat};
use crate::generate::regex::{
    RegexConstantAssignment, RegexMembership, RegexPool, RegexTermSampler, RegexTermSynthesis,
    RegexUnsatConstant,
};
use crate::generate::seq::{SeqCases, SeqCombinedCases, SeqUnsat};
use crate::generate::uf::UfCases;
use crate::truth::Case;

/// The depth of the nested regex terms drawn (term synthesis; complex
/// results up to it).
const NESTED_DEPTH: usize = 3;

/// The longest unsat chain grown from an equivalent-formula case.
const MAX_CHAIN: usize = 10;

/// The longest chain grown from a generated combined case or a
/// constant-only regex case.
const SHORT_CHAIN: usize = 2;

/// The most links and noise assertions an integer or real unsat case
/// grows.
const INT_LINKS: usize = 3;
const INT_NOISE: usize = 3;
/// The most links and noise assertions a sequence unsat case grows.
const SEQ_LINKS: usize = 4;
const SEQ_NOISE: usize = 3;

/// The generators of one theory, by status.
#[derive(Clone, Debug)]
pub(super) struct Stream {
    pub(super) sat: Table,
    pub(super) unsat: Table,
}

impl Stream {
    /// A case of this theory: unsat with probability `unsat_share`.
    pub(super) fn next(&mut self, unsat_share: f64, rng: &mut dyn RngCore) -> Case {
        if rng.random_bool(unsat_share) {
            self.unsat.next(rng)
        } else {
            self.sat.next(rng)
        }
    }
}

/// The combined stream: constant assignment and term synthesis (sat),
/// constant and complex results (unsat), each drawn as often, grown by
/// short chains.
pub(super) fn combined(seed: u64) -> Stream {
    let pool = RegexPool::boundary_randomized(seed);
    let sampler = CombinedTermSampler::new(pool.clone());
    let sat = |depth| {
        let start = CombinedSynthesis::new(pool.clone(), depth).seed(seed);
        Grown::new(start, Catalogue::CombinedSat, 0..=SHORT_CHAIN)
    };
    let unsat = |result| {
        let start = CombinedUnsat::new(sampler.clone(), NESTED_DEPTH, result).seed(seed);
        Grown::new(start, Catalogue::Unsat, 0..=SHORT_CHAIN)
    };
    Stream {
        sat: Table::new().with(1, sat(1)).with(1, sat(NESTED_DEPTH)),
        unsat: Table::new()
            .with(1, unsat(Result3_2::Constant))
            .with(1, unsat(Result3_2::Complex)),
    }
}

/// The sequence stream: step-1 operations, constant assignment, term
/// synthesis and sequences inside combined terms (sat), each drawn as
/// often; the identity rows grown by long chains, and a quarter of the time
/// a unit's first element carried across arrays or regexes (unsat).
pub(super) fn seq(seed: u64) -> Stream {
    Stream {
        sat: Table::new()
            .with(1, SeqCases::operation().seed(seed))
            .with(1, SeqCases::constant_assignment().seed(seed))
            .with(1, SeqCases::term_synthesis(NESTED_DEPTH).seed(seed))
            .with(1, SeqCombinedCases::synthesis().seed(seed)),
        unsat: Table::new()
            .with(3, SeqUnsat::new(SEQ_LINKS, SEQ_NOISE).seed(seed))
            .with(1, SeqCombinedCases::unsat().seed(seed)),
    }
}

/// The bit-vector stream: step-1 operations, constant assignment and term
/// synthesis (sat), each drawn as often; the identity rows grown by links
/// and noise (unsat).
pub(super) fn bv(seed: u64) -> Stream {
    Stream {
        // QF_UFBV with a small weight: a tenth of each status.
        sat: Table::new()
            .with(3, BvCases::operation().seed(seed))
            .with(3, BvCases::constant_assignment().seed(seed))
            .with(3, BvCases::term_synthesis(NESTED_DEPTH).seed(seed))
            .with(1, BvUfCases::sat().seed(seed)),
        unsat: Table::new()
            .with(9, BvUnsat::new(SEQ_LINKS, SEQ_NOISE).seed(seed))
            .with(1, BvUfCases::unsat().seed(seed)),
    }
}

/// The integer stream: linear and non-linear constraints twice as often
/// as beyond-64-bit ones (sat); identity rows twice as often as the
/// classic shapes (unsat).
pub(super) fn int(seed: u64) -> Stream {
    Stream {
        sat: Table::new()
            .with(2, IntSat::new(IntSatKind::Linear).seed(seed))
            .with(2, IntSat::new(IntSatKind::Nonlinear).seed(seed))
            .with(1, IntSat::new(IntSatKind::Large).seed(seed)),
        unsat: Table::new()
            .with(2, IntUnsat::new(INT_LINKS, INT_NOISE).seed(seed))
            .with(1, IntClassic::new(INT_NOISE).seed(seed)),
    }
}

/// The real stream: linear, non-linear and Int-bridged constraints twice
/// as often as beyond-64-bit ones and arrays of Reals (sat); identity
/// rows twice as often as the classic shapes (unsat).
pub(super) fn real(seed: u64) -> Stream {
    Stream {
        sat: Table::new()
            .with(2, RealSat::new(RealSatKind::Linear).seed(seed))
            .with(2, RealSat::new(RealSatKind::Nonlinear).seed(seed))
            .with(2, RealSat::new(RealSatKind::Mixed).seed(seed))
            .with(1, RealSat::new(RealSatKind::Large).seed(seed))
            .with(1, RealArrays::new().seed(seed)),
        unsat: Table::new()
            .with(2, RealUnsat::new(INT_LINKS, INT_NOISE).seed(seed))
            .with(1, RealClassic::new(INT_NOISE).seed(seed)),
    }
}

/// The floating-point stream: standard formats twice as often as the odd
/// ones, conversions and the broken laws (sat); identity rows twice as
/// often as the classic shapes (unsat).
pub(super) fn fp(seed: u64) -> Stream {
    Stream {
        sat: Table::new()
            .with(2, FpSat::new(FpSatKind::Standard).seed(seed))
            .with(1, FpSat::new(FpSatKind::Odd).seed(seed))
            .with(1, FpSat::new(FpSatKind::Mixed).seed(seed))
            .with(1, FpNonIdentity::new().seed(seed)),
        unsat: Table::new()
            .with(2, FpUnsat::new(INT_LINKS, INT_NOISE).seed(seed))
            .with(1, FpClassic::new(INT_NOISE).seed(seed)),
    }
}

/// The function stream: applications equal to their values (sat),
/// congruence and identities under a function symbol (unsat), each drawn
/// as often.
pub(super) fn uf(seed: u64) -> Stream {
    Stream {
        sat: Table::new().with(1, UfCases::term_synthesis(NESTED_DEPTH).seed(seed)),
        unsat: Table::new()
            .with(1, UfCases::congruence().seed(seed))
            .with(1, UfCases::identity().seed(seed)),
    }
}

/// The regex stream: membership, constant assignment and term synthesis
/// (sat), each drawn as often; constant-only cases grown by short chains
/// (a third of the unsat cases; Table 2.3's first row where a draw finds
/// none) and Table 2.3's cases grown by long chains (two thirds).
pub(super) fn regex(table_2_3: &Cases, seed: u64) -> Stream {
    let pool = RegexPool::boundary_randomized(seed);
    let constant =
        RegexUnsatConstant::new(RegexTermSampler::new(pool.clone()), NESTED_DEPTH).seed(seed);
    Stream {
        sat: Table::new()
            .with(1, RegexMembership::new(pool.clone()).seed(seed))
            .with(1, RegexConstantAssignment::new(pool.clone()).seed(seed))
            .with(1, RegexTermSynthesis::new(pool, NESTED_DEPTH).seed(seed)),
        unsat: Table::new()
            .with(
                1,
                Grown::new(constant, Catalogue::Unsat, 0..=SHORT_CHAIN)
                    .or_else(table_2_3.first().clone()),
            )
            .with(
                2,
                Grown::new(table_2_3.clone(), Catalogue::Unsat, 0..=MAX_CHAIN),
            ),
    }
}

/// The strings stream: [`RandomCaseGenerator`] (sat), Table 2's cases
/// grown by long chains (unsat, category `unsat-chain`).
pub(super) fn strings(sat: &RandomCaseGenerator, table_2: &Cases, seed: u64) -> Stream {
    Stream {
        sat: Table::new().with(1, sat.clone().seed(seed)),
        unsat: Table::new().with(
            1,
            Grown::new(table_2.clone(), Catalogue::Unsat, 0..=MAX_CHAIN).category("unsat-chain"),
        ),
    }
}

/// The quantified stream: each of the other streams' cases (strings,
/// regex, combined, sequences, bit-vectors, integers, reals, floats) quantified, each
/// drawn as often; a sat case made unsat by a valid row's negation drawn
/// as often as one of them.
pub(super) fn quant(others: &[&Stream]) -> Stream {
    let mut sat = Table::new();
    let mut unsat = Table::new();
    for s in others.iter() {
        sat = sat.with(1, Quantified::new(s.sat.clone(), Quantifying::Sat));
        unsat = unsat.with(1, Quantified::new(s.unsat.clone(), Quantifying::Unsat));
    }
    let mut negated_table = Table::new();
    for s in others.iter() {
        negated_table = negated_table.with(1, s.sat.clone());
    }
    unsat = unsat.with(1, Quantified::new(negated_table, Quantifying::Negation));
    Stream { sat, unsat }
}
