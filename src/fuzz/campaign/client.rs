//! One fuzzing client, assembled as in LibAFL's baby fuzzers: the maps
//! and observers, the feedbacks and the objective, the state, the
//! scheduler, the fuzzer and the executor; then the loop
//! ([`fuzz_until_done`](super::fuzz_loop)).
//!
//! # Invariants
//!
//! - The maps the observers read stay mapped for the client's life; the
//!   instrumented library's edge pointer goes back to the static map before
//!   they go.
//! - The client ends its process (`exit`) when the campaign is over: that
//!   is how LibAFL's restarting manager learns a client is done.

use std::time::Duration;

use libafl::HasMetadata;
use libafl::corpus::InMemoryOnDiskCorpus;
use libafl::events::{EventFirer, EventReceiver, EventRestarter, ProgressReporter, SendExiting};
use libafl::executors::{ExitKind, InProcessExecutor, InProcessForkExecutor};
use libafl::feedbacks::{ConstFeedback, MaxMapFeedback, TimeFeedback};
use libafl::fuzzer::StdFuzzer;
use libafl::observers::{CanTrack, HitcountsMapObserver, StdMapObserver, TimeObserver};
use libafl::schedulers::QueueScheduler;
use libafl::state::{HasSolutions, StdState};
use libafl::{feedback_and_fast, feedback_or};
use libafl_bolts::rands::StdRand;
use libafl_bolts::tuples::tuple_list;

use super::config::CampaignConfig;
use super::fuzz_loop::{LoopParts, fuzz_until_done};
use super::maps::Maps;
use super::shmem::SelfRemovingShMemProvider;
use super::{CampaignError, Guidance, SolverSetup, State};
use crate::execute::harness::{Harness, Solver};
use crate::execute::shared_limits::SharedLimits;
use crate::fuzz::corpus::findings::FindingCorpus;
use crate::fuzz::feedback::answered::AnsweredFeedback;
use crate::fuzz::feedback::edges::EdgeTally;
use crate::fuzz::feedback::kept::KeptVerdicts;
use crate::fuzz::feedback::objective::FindingObjective;
use crate::fuzz::feedback::record::RecordFeedback;
use crate::fuzz::observe::features::FEATURES;
use crate::fuzz::observe::statistics::STATISTICS;
use crate::fuzz::observe::value_profile;
use crate::fuzz::observe::verdict::VerdictObserver;
use crate::fuzz::schedule::favoured::Favoured;
use crate::fuzz::schedule::rare::{RARE_SHARE, RareEdges};
use crate::fuzz::schedule::solver_time::NotingSolverTime;
use crate::fuzz::schedule::unknowns::DemoteUnknown;
use crate::fuzz::stages::record::RecordStage;
use crate::fuzz::stats::CampaignStats;
use crate::generate::strings::TermPool;
use crate::solver::SolverInfo;
use crate::solver::worker::{install_exit_guard, set_memory_limit};
use crate::solver::z3::inherited::Z3Inherited;
use crate::solver::z3::worker::Z3Process;
use crate::source::MixedCaseGenerator;
use crate::term::Printer;
use crate::truth::Case;

/// How long past the hard timeout LibAFL's own timeout waits (in process,
/// where the solver worker's deadline comes first).
const BACKSTOP: Duration = Duration::from_secs(5);

/// One fuzzing client: what it fuzzes and with what. Build with
/// [`Campaign::builder`]; [`run`](super::run) and [`run_cores`](super::run_cores)
/// run one per process.
pub struct Campaign<'a> {
    cfg: &'a CampaignConfig,
    setup: SolverSetup,
    info: SolverInfo,
    printer: Printer,
    generator: MixedCaseGenerator,
    terms: TermPool,
    sole: bool,
}

/// Builds a [`Campaign`]: the settings first, then the solver; the case
/// generators default to ones over the settings' pool.
pub struct CampaignBuilder<'a> {
    cfg: &'a CampaignConfig,
    setup: Option<SolverSetup>,
    info: Option<SolverInfo>,
    printer: Printer,
    generator: Option<MixedCaseGenerator>,
    terms: Option<TermPool>,
    sole: bool,
}

impl<'a> Campaign<'a> {
    /// A builder for a campaign with the settings `cfg`.
    pub fn builder(cfg: &'a CampaignConfig) -> CampaignBuilder<'a> {
        CampaignBuilder {
            cfg,
            setup: None,
            info: None,
            printer: Printer::default(),
            generator: None,
            terms: None,
            sole: true,
        }
    }
}

impl<'a> CampaignBuilder<'a> {
    /// The solver under test (required).
    pub fn solver(mut self, setup: SolverSetup) -> Self {
        self.setup = Some(setup);
        self
    }

    /// Who the solver is, for finding headers (required).
    pub fn info(mut self, info: SolverInfo) -> Self {
        self.info = Some(info);
        self
    }

    /// How scripts are printed (default: SMT-LIB 2.6).
    pub fn printer(mut self, printer: Printer) -> Self {
        self.printer = printer;
        self
    }

    /// The fresh-case generator (default: a mixed generator over the pool,
    /// seeded with the campaign's seed). Built once before a launch, so
    /// restarted clients do not rebuild it.
    pub fn generator(mut self, generator: MixedCaseGenerator) -> Self {
        self.generator = Some(generator);
        self
    }

    /// The term pool of term synthesis (default: over the pool).
    pub fn terms(mut self, terms: TermPool) -> Self {
        self.terms = Some(terms);
        self
    }

    /// Whether this client is its campaign's only one (default: yes): it
    /// then sends its whole snapshot with each beat, which the monitor
    /// writes as the `stats.jsonl` record, and keeps `buckets.tsv` and
    /// `edges.txt`. With `--cores` each client sends its counters only and
    /// the monitor records LibAFL's totals of all clients (see
    /// [`monitor`](super::monitor)).
    pub fn sole_client(mut self, sole: bool) -> Self {
        self.sole = sole;
        self
    }

    /// The campaign, or what is missing.
    pub fn build(self) -> Result<Campaign<'a>, CampaignError> {
        let cfg = self.cfg;
        let generator = match self.generator {
            Some(g) => g,
            None => MixedCaseGenerator::new(cfg.pool.clone())
                .map_err(|e| CampaignError::Generator(e.to_string()))?
                .seed(cfg.seed)
                .theory(cfg.theory),
        };
        // The release is known here: bit-vector cases are drawn with its
        // operators only (issue 41).
        let generator = generator.dialect(self.printer.dialect);
        let terms = match self.terms {
            Some(t) => t,
            None => TermPool::new(cfg.pool.clone())
                .map_err(|e| CampaignError::Generator(e.to_string()))?,
        };
        Ok(Campaign {
            cfg,
            setup: self.setup.ok_or(CampaignError::Missing("solver"))?,
            info: self.info.ok_or(CampaignError::Missing("solver info"))?,
            printer: self.printer,
            generator,
            terms,
            sole: self.sole,
        })
    }
}

impl Campaign<'_> {
    /// Runs this client: builds the executor, feedbacks and stages, seeds
    /// a fresh corpus, fuzzes until the campaign's limits, prints the
    /// summary and exits the process.
    pub(super) fn run_client<EM>(
        self,
        restored: Option<State>,
        mut mgr: EM,
        shmem_provider: SelfRemovingShMemProvider,
    ) -> Result<(), CampaignError>
    where
        EM: EventFirer<Case, State>
            + EventRestarter<State>
            + ProgressReporter<State>
            + SendExiting
            + EventReceiver<Case, State>,
    {
        let Campaign {
            cfg,
            setup,
            info,
            printer,
            generator,
            terms,
            sole,
        } = self;
        // A client must not fuzz on after the process that launched it was
        // killed (`kill -9` runs no handler that could stop it).
        nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL)
            .map_err(std::io::Error::from)?;
        install_exit_guard();
        if let Some(bytes) = cfg.memory_limit {
            set_memory_limit(bytes).map_err(std::io::Error::from)?;
        }
        let mut shmem_provider = shmem_provider;
        let value_profile_on = cfg.steering.value_profile && cfg.steering.edges_steer();
        let mut maps = Maps::new(&mut shmem_provider, value_profile_on)?;
        let (edges_total, slot) = (maps.edges_total, maps.slot);
        let map_ptr = maps.edges();
        let hard_timeout = cfg.timeout;
        let (solver, executor_timeout) = solver(setup, cfg, value_profile_on)?;

        // The harness: one execution, the same as the plain loop's; its
        // result crosses to the observers (and out of a fork child)
        // through the slot.
        let mut harness = Harness::new(solver, printer);
        let mut harness_fn = |case: &Case| {
            let judged = harness.execute(case);
            slot.store_statistics(harness.statistics());
            slot.store(&judged);
            ExitKind::Ok
        };

        // The observers. SAFETY (all): the maps live for the client's life
        // (see `Maps`); the verdict observer fills the features and
        // statistics maps in post_exec, their map observers read them
        // after.
        let edges_observer = HitcountsMapObserver::new(unsafe {
            StdMapObserver::from_mut_ptr("edges", map_ptr, edges_total.max(1))
        })
        .track_indices();
        let time_observer = TimeObserver::new("time");
        let verdict_observer = unsafe {
            VerdictObserver::new(slot, hard_timeout.as_nanos() as u64)
                .filling_features(maps.features)
                .filling_statistics(maps.statistics)
        };
        let feature_observer =
            unsafe { StdMapObserver::from_mut_ptr("features", maps.features, FEATURES) };
        let statistics_observer = unsafe {
            StdMapObserver::from_mut_ptr("solver-statistics", maps.statistics, STATISTICS)
        };
        let value_profile_observer = unsafe {
            StdMapObserver::from_mut_ptr(
                "value-profile",
                maps.value_profile(),
                maps.value_profile_len,
            )
        };

        // The feedbacks. With `--rare-edges`, half the selections go to the entries of
        // rare edges, counted by the edge tally.
        let rare_share = if cfg.steering.edges_steer() && cfg.steering.rare_edges {
            RARE_SHARE
        } else {
            0.0
        };
        // Only a query the solver answered may enter the corpus (see
        // `AnsweredFeedback`); the time feedback only records execution
        // times for the minimizer.
        let mut corpus_feedback = feedback_or!(
            feedback_and_fast!(
                ConstFeedback::new(cfg.steering.edges_steer() && edges_total > 0),
                AnsweredFeedback::new(verdict_observer.verdict_handle()),
                MaxMapFeedback::new(&edges_observer)
            ),
            feedback_and_fast!(
                ConstFeedback::new(cfg.steering.guidance() != Guidance::None),
                AnsweredFeedback::new(verdict_observer.verdict_handle()),
                MaxMapFeedback::new(&feature_observer)
            ),
            feedback_and_fast!(
                ConstFeedback::new(
                    cfg.steering.guidance() != Guidance::None && !cfg.steering.no_solver_statistics
                ),
                AnsweredFeedback::new(verdict_observer.verdict_handle()),
                MaxMapFeedback::new(&statistics_observer)
            ),
            feedback_and_fast!(
                ConstFeedback::new(value_profile_on),
                AnsweredFeedback::new(verdict_observer.verdict_handle()),
                MaxMapFeedback::new(&value_profile_observer)
            ),
            TimeFeedback::new(&time_observer),
            KeptVerdicts::new(verdict_observer.verdict_handle()),
            // SAFETY: as above.
            unsafe { EdgeTally::new(map_ptr, edges_total) }.counting_reaches(rare_share > 0.0)
        );
        // The objective decides which findings are solutions; the record
        // beside it hands every execution to the record stage, which counts
        // it and keeps what is no finding (unknowns by shape,
        // history-dependent answers, the query log).
        let mut objective = feedback_or!(
            RecordFeedback::new(verdict_observer.verdict_handle()),
            FindingObjective::new(verdict_observer.verdict_handle())
        );
        let record = RecordStage::new(cfg.out.clone(), printer, info.clone())
            .logging_queries(cfg.steering.query_log);
        // The state (a restarted client's, restored), the scheduler, the
        // fuzzer; then the executor and the loop.
        let fresh_state = restored.is_none();
        let mut state: State = match restored {
            Some(s) => s,
            None => StdState::new(
                StdRand::with_seed(cfg.seed),
                InMemoryOnDiskCorpus::no_meta(cfg.out.join("corpus"))?,
                FindingCorpus::new(cfg.out.join("findings"), &info, printer),
                &mut corpus_feedback,
                &mut objective,
            )?,
        };
        if !fresh_state {
            state
                .metadata_or_insert_with(CampaignStats::default)
                .restarts += 1;
        }
        // AFL's favoured entries: for each edge, the smallest and quickest
        // case reaching it is preferred as a mutation base.
        let power = cfg.steering.edges_steer() && cfg.steering.power;
        // The mutators' bandits are charged each execution's solver time,
        // which the outermost scheduler notes from the verdict observer.
        let scheduler = NotingSolverTime::new(
            DemoteUnknown::new(
                RareEdges::new(
                    Favoured::new(&edges_observer, QueueScheduler::new()).with_power(power),
                    rare_share,
                ),
                verdict_observer.verdict_handle(),
                cfg.steering.demote_unknown,
            ),
            verdict_observer.verdict_handle(),
        );
        let mut fuzzer = StdFuzzer::new(scheduler, corpus_feedback, objective);
        let parts = LoopParts {
            cfg,
            generator,
            terms,
            edges_total,
            fresh_state,
            sole,
            record,
        };
        let observers = tuple_list!(
            verdict_observer,
            edges_observer,
            time_observer,
            feature_observer,
            statistics_observer,
            value_profile_observer
        );
        if cfg.steering.fork {
            let mut executor = InProcessForkExecutor::new(
                &mut harness_fn,
                observers,
                &mut fuzzer,
                &mut state,
                &mut mgr,
                executor_timeout,
                shmem_provider.clone(),
            )?;
            fuzz_until_done(parts, &mut executor, &mut fuzzer, &mut state, &mut mgr)?;
        } else {
            let mut executor = InProcessExecutor::builder()
                .harness(&mut harness_fn)
                .observers(observers)
                .fuzzer(&mut fuzzer)
                .state(&mut state)
                .event_mgr(&mut mgr)
                .timeout(executor_timeout)
                .build()?;
            fuzz_until_done(parts, &mut executor, &mut fuzzer, &mut state, &mut mgr)?;
        }
        let findings = state.solutions().findings_written();
        mgr.send_exiting()?;
        maps.release();
        std::process::exit(if findings > 0 { 1 } else { 0 });
    }
}

/// The solver of a client on `setup`, and LibAFL's timeout over it: in
/// process, the solver worker's deadline is the hard timeout and LibAFL's
/// signal-driven one only a backstop (see `harness`); a fork child has
/// only LibAFL's.
fn solver(
    setup: SolverSetup,
    cfg: &CampaignConfig,
    value_profile: bool,
) -> std::io::Result<(Solver, Duration)> {
    let hard_timeout = cfg.timeout;
    match setup {
        SolverSetup::Z3(lib) if cfg.steering.fork => {
            let target = Box::new(Z3Inherited::new(lib, hard_timeout));
            let solver = Solver::shared(target, SharedLimits::new(hard_timeout)?);
            Ok((solver, hard_timeout))
        }
        SolverSetup::Z3(lib) => {
            let worker = if value_profile {
                Z3Process::new(lib).with_hooks(value_profile::HOOKS)
            } else {
                Z3Process::new(lib)
            };
            let solver = Solver::of_target(Box::new(worker), hard_timeout);
            Ok((solver, hard_timeout.saturating_add(BACKSTOP)))
        }
        SolverSetup::Other(target) => {
            // A copy of its own: a restarted client must not talk to the
            // worker its parent (or the first client) started.
            let target = target.fresh_copy().unwrap_or(target);
            let solver = Solver::of_target(target, hard_timeout);
            Ok((solver, hard_timeout.saturating_add(BACKSTOP)))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::fuzz::campaign::config::SteeringArgs;
    use crate::fuzz::mutate::scheduled::Choice;
    use crate::generate::ConstantPool;
    use crate::solver::Z3Library;
    use crate::source::Theory;

    fn config() -> CampaignConfig {
        CampaignConfig {
            out: PathBuf::from("unused"),
            time: None,
            max_execs: Some(1),
            seed: 0,
            pool: ConstantPool::paper(),
            timeout: Duration::from_secs(1),
            progress: Duration::from_secs(1),
            memory_limit: None,
            theory: Theory::All,
            steering: SteeringArgs {
                schedule: Some(Choice::Uniform),
                ..SteeringArgs::default()
            },
            settings_table: Default::default(),
        }
    }

    #[test]
    fn a_campaign_needs_a_solver_and_its_info() {
        let cfg = config();
        let info = SolverInfo {
            name: "z3".into(),
            version: "test".into(),
            options: String::new(),
            replay: String::new(),
        };
        let err = Campaign::builder(&cfg).info(info.clone()).build().err();
        assert!(
            matches!(err, Some(CampaignError::Missing("solver"))),
            "{err:?}"
        );
        let Ok(lib) = Z3Library::load(None) else {
            eprintln!("SKIPPED: a_campaign_needs_a_solver_and_its_info: no libz3");
            return;
        };
        let err = Campaign::builder(&cfg)
            .solver(SolverSetup::Z3(lib.clone()))
            .build()
            .err();
        assert!(
            matches!(err, Some(CampaignError::Missing("solver info"))),
            "{err:?}"
        );
        let built = Campaign::builder(&cfg)
            .solver(SolverSetup::Z3(lib))
            .info(info)
            .build();
        assert!(built.is_ok());
    }
}
