//! The fuzz loop of one client, the same for every executor: seed the
//! corpus if new, then LibAFL's `fuzz_one` round after round until the
//! time or execution limit. What happens around an execution is a stage
//! of the round (`Stages`): the mutational stage (whose findings go to
//! every client), the size limit's growth, idle recovery, the record of
//! the round's executions and the beat that sends the counters to the
//! campaign's monitor, which writes the progress lines and `stats.jsonl`.
//!
//! # Invariants
//!
//! - Lines come at multiples of `progress` since the campaign started (a
//!   restarted client keeps the beat), never more than one per tick
//!   ([`Beat`]); the campaign's last beat says it is the last.
//! - The loop never spins without executing: after
//!   [`IDLE_ROUNDS`](crate::fuzz::stages::idle::IDLE_ROUNDS) rounds that
//!   ran nothing a fresh case joins the corpus ([`RecoverIdle`]).
//! - Every execution is recorded before the campaign's last beat: the
//!   seeds' before the first round, the last round's events' before the
//!   last beat ([`RecordStage`]).

use std::num::NonZeroUsize;

use libafl::corpus::Corpus;
use libafl::events::{EventFirer, EventRestarter};
use libafl::fuzzer::Fuzzer;
use libafl::stages::StdMutationalStage;
use libafl::state::{HasCorpus, HasExecutions, HasSolutions};
use libafl_bolts::tuples::{tuple_list, tuple_list_type};

use super::beat::Beat;
use super::config::CampaignConfig;
use super::limit::Limit;
use super::mutator::{CaseMutator, case_mutator};
use super::seeds::seed_corpus;
use super::snapshot::print_summary;
use super::{CampaignError, State};
use crate::fuzz::events::share::{ShareFindings, send_solutions_since};
use crate::fuzz::mutate::transformation::CaseGenerator;
use crate::fuzz::stages::idle::RecoverIdle;
use crate::fuzz::stages::record::RecordStage;
use crate::fuzz::stages::size_limit::GrowSizeLimit;
use crate::generate::strings::TermPool;
use crate::source::MixedCaseGenerator;
use crate::truth::Case;

/// The stages of a campaign's round on executor `E`: one mutational
/// stage, one mutation stack per execution, whose findings go to every
/// client; the size limit's growth; idle recovery; the record of the
/// round's executions; the beat.
pub(super) type Stages<E, EM, Z> = tuple_list_type!(
    ShareFindings<StdMutationalStage<E, EM, Case, Case, CaseMutator, State, Z>>,
    GrowSizeLimit,
    RecoverIdle,
    RecordStage,
    Beat
);

/// What the fuzz loop needs besides the executor, fuzzer and state.
pub(super) struct LoopParts<'a> {
    pub(super) cfg: &'a CampaignConfig,
    pub(super) generator: MixedCaseGenerator,
    pub(super) terms: TermPool,
    pub(super) edges_total: usize,
    pub(super) fresh_state: bool,
    /// Whether this client is the campaign's only one (no `--cores`).
    pub(super) sole: bool,
    pub(super) record: RecordStage,
}

/// The fuzz loop, the same for every executor: seed the corpus if new,
/// then one round after another until the time or execution limit; the
/// last beat, and the summary.
pub(super) fn fuzz_until_done<E, EM, Z>(
    parts: LoopParts<'_>,
    executor: &mut E,
    fuzzer: &mut Z,
    state: &mut State,
    mgr: &mut EM,
) -> Result<(), CampaignError>
where
    EM: EventFirer<Case, State> + EventRestarter<State>,
    Z: Fuzzer<E, EM, Case, State, Stages<E, EM, Z>> + libafl::fuzzer::Evaluator<E, EM, Case, State>,
{
    let LoopParts {
        cfg,
        generator,
        terms,
        edges_total,
        fresh_state,
        sole,
        mut record,
    } = parts;
    let mutator = case_mutator(cfg, &generator, terms);
    if fresh_state || state.corpus().count() == 0 {
        let before = state.solutions().count();
        seed_corpus(
            fresh_state,
            cfg,
            state,
            fuzzer,
            executor,
            mgr,
            generator.clone(),
        )?;
        send_solutions_since(before, state, mgr)?;
    }
    // What the seeds' executions left (and a restarted client's last
    // round) is on disk before the first round.
    record.record_all(state)?;
    let len_control = cfg.steering.len_control && cfg.steering.edges_steer();
    let mut stages: Stages<E, EM, Z> = tuple_list!(
        ShareFindings(StdMutationalStage::with_max_iterations(
            mutator,
            NonZeroUsize::MIN
        )),
        GrowSizeLimit::start(state, len_control)?,
        RecoverIdle::new(CaseGenerator(generator), *state.executions()),
        record,
        Beat::new(cfg, edges_total, sole, state)?
    );
    let limit = Limit::of(cfg);
    while !limit.reached(state)? {
        fuzzer.fuzz_one(&mut stages, executor, state, mgr)?;
    }
    // The last round's events (testcases of other clients) are recorded
    // before the last beat.
    let (_, (_, (_, (record, (beat, ()))))) = &mut stages;
    record.record_all(state)?;
    let last = beat.report(state, mgr, true)?;
    print_summary(&last);
    Ok(())
}
