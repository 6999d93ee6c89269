//! The fuzz loop of one client, the same for every executor: seed the
//! corpus if new, then fuzz one input at a time until the time or
//! execution limit, with a live line and a `stats.jsonl` line every
//! `progress`: on a terminal one status line rewritten in place, else a
//! plain monitor line each time.
//!
//! # Invariants
//!
//! - Lines come at multiples of `progress` since the campaign started (a
//!   restarted client keeps the beat), never more than one per tick.
//! - The loop never spins without executing: after [`IDLE_ROUNDS`] rounds
//!   that ran nothing it adds a fresh case.

use std::marker::PhantomData;
use std::num::NonZeroUsize;

use libafl::HasMetadata;
use libafl::corpus::Corpus;
use libafl::events::{Event, EventFirer, EventRestarter, EventWithStats};
use libafl::fuzzer::Fuzzer;
use libafl::stages::StdMutationalStage;
use libafl::state::{HasCorpus, HasExecutions, HasSolutions};
use libafl_bolts::tuples::{tuple_list, tuple_list_type};

use super::config::{CampaignConfig, Switch};
use super::seeds::seed_corpus;
use super::snapshot::{print_summary, snapshot};
use super::{CampaignError, State};
use crate::fuzz::events::share::{ShareFindings, send_solutions_since};
use crate::fuzz::feedback::edges::EdgeSet;
use crate::fuzz::mutate::crossover::Crossover;
use crate::fuzz::mutate::scheduled::TransformationScheduler;
use crate::fuzz::mutate::settings::SettingsMutator;
use crate::fuzz::mutate::size_limit::SizeLimit;
use crate::fuzz::mutate::splice::{Join, Splice};
use crate::fuzz::mutate::transformation::{CaseGenerator, FreshCase, TransformationMutator};
use crate::fuzz::stages::record::RecordStage;
use crate::fuzz::stats::CampaignStats;
use crate::generate::strings::TermPool;
use crate::source::MixedCaseGenerator;
use crate::transform::incremental::{Assumption, NestedScopes, RepeatCheck};
use crate::transform::{
    ConstantAssignment, ConstantReplacement, NoiseIntroduction, TermSynthesis, VariableAbstraction,
    VariableReplacement, formula_size,
};
use crate::truth::Case;

/// The mutator of every campaign: the transformations, the solver
/// settings (`--settings on`) and a fresh-case draw, stacked by the
/// transformation scheduler.
pub(super) type CaseMutator = TransformationScheduler<
    tuple_list_type!(
        TransformationMutator<ConstantAssignment>,
        TransformationMutator<TermSynthesis>,
        TransformationMutator<VariableAbstraction>,
        TransformationMutator<VariableReplacement>,
        TransformationMutator<ConstantReplacement>,
        TransformationMutator<NoiseIntroduction>,
        Crossover,
        TransformationMutator<Assumption>,
        TransformationMutator<NestedScopes>,
        TransformationMutator<RepeatCheck>,
        Splice,
        Splice,
        Splice,
        SettingsMutator,
        FreshCase
    ),
>;

/// The stages of a campaign on executor `E`: one mutational stage, one
/// mutation stack per execution, whose findings go to every client; then
/// the record of the round's executions.
pub(super) type Stages<E, EM, Z> = tuple_list_type!(
    ShareFindings<StdMutationalStage<E, EM, Case, Case, CaseMutator, State, Z>>,
    RecordStage
);

/// What the fuzz loop needs besides the executor, fuzzer and state.
pub(super) struct LoopParts<'a> {
    pub(super) cfg: &'a CampaignConfig,
    pub(super) generator: MixedCaseGenerator,
    pub(super) terms: TermPool,
    pub(super) edges_total: usize,
    pub(super) fresh_state: bool,
    pub(super) stats_file: bool,
    pub(super) record: RecordStage,
}

/// The fuzz loop, the same for every executor: seed the corpus if new,
/// then fuzz one input at a time until the time or execution limit, with a
/// live line and a `stats.jsonl` line every `progress`.
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
        stats_file,
        mut record,
    } = parts;
    let stats_path = cfg.out.join("stats.jsonl");
    let transforming = !cfg.steering.generate_only;
    let incremental = transforming && cfg.steering.incremental == Switch::On;
    let mutator: CaseMutator = TransformationScheduler::new(
        tuple_list!(
            TransformationMutator::new(ConstantAssignment).enabled(transforming),
            TransformationMutator::new(TermSynthesis::new(terms, 3)).enabled(transforming),
            TransformationMutator::new(VariableAbstraction).enabled(transforming),
            TransformationMutator::new(VariableReplacement).enabled(transforming),
            TransformationMutator::new(ConstantReplacement).enabled(transforming),
            TransformationMutator::new(NoiseIntroduction).enabled(transforming),
            Crossover::new(transforming),
            TransformationMutator::new(Assumption).enabled(incremental),
            TransformationMutator::new(NestedScopes).enabled(incremental),
            TransformationMutator::new(RepeatCheck).enabled(incremental),
            Splice::new(Join::Interleave, incremental),
            Splice::new(Join::NoiseScope, incremental),
            Splice::new(Join::Reset, incremental),
            SettingsMutator::new(cfg.settings_table.clone(), cfg.steering.settings),
            FreshCase::new(generator.clone())
        ),
        cfg.steering.choice(),
        2,
    )
    .replacing("fresh-case");
    let mut unstuck = CaseGenerator(generator.clone());
    if fresh_state || state.corpus().count() == 0 {
        let before = state.solutions().count();
        seed_corpus(fresh_state, cfg, state, fuzzer, executor, mgr, generator)?;
        send_solutions_since(before, state, mgr)?;
    }
    // What the seeds' executions left (and a restarted client's last
    // round) is on disk before the first round.
    record.record_all(state)?;
    let mut stages: Stages<E, EM, Z> = tuple_list!(
        ShareFindings(StdMutationalStage::with_max_iterations(
            mutator,
            NonZeroUsize::MIN
        )),
        record
    );
    // Lines come at multiples of `progress` since the campaign started
    // (a restarted client keeps the beat), never more than one per tick.
    let tick = |secs: f64| (secs / cfg.progress.as_secs_f64()).floor() as u64;
    let mut last_tick = tick(state.metadata::<CampaignStats>()?.wall_secs());
    let mut idle = 0usize;
    // One status line on a terminal (one client: with --cores the
    // broker's monitor speaks for all), the plain lines otherwise.
    let live = stats_file && std::io::IsTerminal::is_terminal(&std::io::stderr());
    // Edges in the last `edges.txt` written (one client per folder only:
    // with `--cores` each client covers its own).
    let mut edges_written = None;
    let len_control = cfg.steering.len_control && cfg.steering.edges_steer();
    if len_control && state.metadata::<SizeLimit>().is_err() {
        let largest = largest_formula(state)?;
        let edges = state.metadata::<EdgeSet>().map_or(0, |e| e.count);
        let limit = SizeLimit::new(largest, edges, *state.executions());
        eprintln!(
            "size limit: {} formula nodes to start (--len-control)",
            limit.nodes()
        );
        state.add_metadata(limit);
    }
    loop {
        let execs = *state.executions();
        let wall = state.metadata::<CampaignStats>()?.wall_secs();
        let done = cfg.max_execs.is_some_and(|m| execs >= m)
            || cfg.time.is_some_and(|t| wall >= t.as_secs_f64());
        if done {
            // What the last round's events left.
            stages.1.0.record_all(state)?;
        }
        let stats = state.metadata::<CampaignStats>()?;
        if done || tick(wall) > last_tick {
            last_tick = tick(wall);
            stats.write_shapes(&cfg.out)?;
            if stats_file {
                stats.write_buckets(&cfg.out)?;
            }
            if let (true, Ok(edges)) = (stats_file, state.metadata::<EdgeSet>())
                && edges_written != Some(edges.count)
            {
                edges.write(&cfg.out)?;
                edges_written = Some(edges.count);
            }
            let snap = snapshot(state, edges_total, done);
            if live {
                // Rewritten in place; the finished campaign keeps its
                // last line.
                eprint!("\r\x1b[2K{}", snap.status_line(cfg.time));
                if done {
                    eprintln!();
                }
            } else {
                eprintln!("{}", snap.line());
            }
            if stats_file {
                snap.append_to(&stats_path)?;
            }
            // LibAFL's monitor (the broker's, with `--cores`) sees every
            // client's counters.
            for (name, value) in snap.user_stats() {
                let event = Event::UpdateUserStats {
                    name: name.into(),
                    value,
                    phantom: PhantomData,
                };
                mgr.fire(state, EventWithStats::with_current_time(event, execs))?;
            }
            if done {
                print_summary(&snap);
                return Ok(());
            }
        }
        let before = *state.executions();
        fuzzer.fuzz_one(&mut stages, executor, state, mgr)?;
        if len_control {
            let edges = state.metadata::<EdgeSet>().map_or(0, |e| e.count);
            let execs = *state.executions();
            state.metadata_mut::<SizeLimit>()?.update(edges, execs);
        }
        // LibAFL skips, for good, the stage of a corpus entry whose
        // mutations crashed the client three times: a corpus of such
        // entries alone (one entry, with coverage off) would spin here
        // without executing anything. A fresh case gives it one more.
        idle = if *state.executions() == before {
            idle + 1
        } else {
            0
        };
        if idle >= IDLE_ROUNDS {
            idle = 0;
            let case = libafl::generators::Generator::generate(&mut unstuck, state)?;
            let before = state.solutions().count();
            fuzzer.add_input(state, executor, mgr, case)?;
            send_solutions_since(before, state, mgr)?;
        }
    }
}

/// The size of the largest formula in the corpus (0 if empty).
fn largest_formula(state: &State) -> Result<usize, CampaignError> {
    let mut largest = 0;
    for id in state.corpus().ids() {
        let case = state.corpus().cloned_input_for_id(id)?;
        largest = largest.max(formula_size(&case.formula));
    }
    Ok(largest)
}

/// Rounds without an execution after which the loop adds a fresh case to
/// the corpus (see `fuzz_until_done`).
pub const IDLE_ROUNDS: usize = 1000;
