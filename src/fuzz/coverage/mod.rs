//! The coverage-guided fuzz loop on LibAFL 0.16.
//!
//! Input: a [`Case`] (formula, truth, provenance).
//! Mutators: the transformations, a crossover ([`crossover`]) and a
//! fresh-case draw, stacked and chosen uniformly or by a bandit that pays
//! per second ([`scheduler`]). Executor: the solver in this process (a
//! dlopened libz3, possibly sancov-instrumented, filling LibAFL's edge map,
//! in a warm worker process with a calibrated deadline: [`harness`],
//! [`limits`]) under LibAFL's restarting event manager, or each execution
//! in a fork child (`fork`). Corpus feedback, for answered queries only:
//! hitcount edge coverage, and on any build the formula's features and the
//! answer × time bucket ([`features`]) and the solver's own counters after
//! the query ([`statistics`]); corpus scheduling: AFL's favoured
//! entries (smallest and quickest per edge), which get 90% of the
//! selections ([`favoured`]; with `--power` drawn by AFL's performance
//! score, [`power`]), with `--rare-edges` half of them aimed at
//! rare edges ([`rare`]). With `--value-profile`, on a libz3 built with
//! trace-cmp, the solver's comparisons steer too ([`value_profile`]); with
//! `--len-control`, mutations stay within a formula-size limit that grows
//! while edges stall ([`size_limit`]). Objective: wrong sat/unsat,
//! invalid model, invalid core, crash, by signature.
//!
//! # Invariants
//!
//! - The campaign survives the solver: in process, the solver runs in a
//!   warm worker process (see [`harness`]), so a crash or a query past its
//!   deadline costs that worker, not the client; a crash of the client
//!   itself restarts it from the state saved by LibAFL's crash handler.
//!   The input is written as a crash or timeout first (see [`feedback`]).
//! - Everything worth keeping is on disk as soon as it is known: findings
//!   and the corpus (`corpus/`, postcard) are written atomically, so a
//!   `kill -9` loses at most the statistics since the last line.
//! - Running again on the same output folder continues: the old corpus is
//!   loaded before any new case is generated.
//! - Only queries the solver answered enter the corpus: a timeout, crash or
//!   `unknown` would make every mutation of it as slow or as broken.
//! - With [`Guidance::None`] coverage is still measured but neither it nor
//!   the features decide what enters the corpus: the ablation the guidance
//!   is judged against. With [`Guidance::Features`] only the features do,
//!   as on a library without instrumentation, while the edges are still
//!   counted: what that guidance reaches, measured on the same run.
//!
//! # Known limits
//!
//! - Under `fork`, LibAFL 0.16 runs the observers' `post_exec` in the child
//!   and again in the parent, so hit counts are bucketed twice: buckets
//!   16-31 and 32-127 merge; edges themselves are exact. Execution times
//!   stay in the child, so the minimizer weighs entries by size alone.
//! - The live line is printed by each client. `stats.jsonl` is written by
//!   the client on one core; with `--cores` by the broker's LibAFL monitor
//!   (`OnDiskJsonMonitor`: LibAFL's totals and each client's user stats,
//!   which every client fires at each live line), so it covers every
//!   client. It records at most one line per `progress` interval, so its
//!   last line may lag the end of the campaign by up to one interval.
//! - A crash (not a hang) inside the solver while it holds the allocator's
//!   lock would still deadlock LibAFL's crash handler, which allocates.
//! - Output: the live line, the seed and resume lines and the summary are
//!   the campaign's user interface and are printed directly (stderr; the
//!   summary on stdout); everything else is a `tracing` event (a finding
//!   written: `warn`, a client restart: `info`), shown by the binary's
//!   subscriber.
//! - The client ends its process (`exit`) when the campaign is over: that
//!   is how LibAFL's restarting manager learns a client is done.
//! - A second campaign joins a `--cores` campaign's broker with `--join`
//!   ([`run_cores`]): its broker process links the two brokers from
//!   outside ([`link`]), since LibAFL 0.16.1's own `connect_b2b` numbers the
//!   link like the joining broker's first client and drops that client's
//!   messages as echoes. New corpus entries cross both ways. The brokers
//!   count objectives and forward them to no one, so each new finding also
//!   goes out as a testcase ([`share`]): the other clients run it and write
//!   it if their solver answers it the same way.
//! - A broker linked to another counts the link as a client that never
//!   leaves; it is ended with SIGINT once the campaign's client processes
//!   are gone (`end_broker_after_clients`), so both joined campaigns end
//!   after `--time`.
//! - Observers cross with corpus entries, and LibAFL 0.16.1's LLMP client
//!   takes them without comparing configurations: joined campaigns must run
//!   the same libz3 build (the same edge map).
//! - Guidance has little room on Z3's default settings, whatever steers
//!   it. On the instrumented Z3 5.3.3 (theory scope, 54,905 edges), four
//!   guided and four `--no-coverage` hours on seed 1 reached 16,110 edges
//!   together, 3.9% above the mean unguided hour (15,502), and Chao2
//!   estimates 16,154 edges that hour-long runs of these formulas can reach
//!   at all (`scripts/coverage-ceiling.sh`). The guided hours average 1.6%
//!   ahead; a 10% lead would need 17,050 edges, more than all eight hours
//!   found. Past that ceiling lie code that the default settings hardly run
//!   (`sls::seq_plugin`, `seq::parikh`: 7,899 edges, 13 reached) and the
//!   rewrite rules and axioms of `seq_rewriter`, `theory_seq` and
//!   `seq::axioms` that these formulas never meet (about two thirds of
//!   their 24,000 edges): reaching them is a matter of the input
//!   (operators, sorts, solver options) more than of the search.

pub mod crossover;
pub mod favoured;
pub mod features;
pub mod feedback;
pub mod harness;
pub mod input;
pub mod library;
pub mod limits;
pub mod link;
pub mod mutators;
pub mod power;
pub mod rare;
pub mod scheduler;
pub mod seeds;
pub mod share;
pub mod shmem;
pub mod size_limit;
pub mod slot;
pub mod statistics;
pub mod stats;
pub mod value_profile;
pub mod verdict;

use std::marker::PhantomData;
use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use libafl::corpus::{Corpus, InMemoryCorpus, InMemoryOnDiskCorpus};
use libafl::events::{
    ClientDescription, Event, EventConfig, EventFirer, EventReceiver, EventRestarter,
    EventWithStats, Launcher, LlmpRestartingEventManager, ProgressReporter, SendExiting,
    SimpleRestartingEventManager,
};
use libafl::executors::{InProcessExecutor, InProcessForkExecutor};
use libafl::feedbacks::{ConstFeedback, MaxMapFeedback, TimeFeedback};
use libafl::fuzzer::{Fuzzer, StdFuzzer};
use libafl::monitors::{MultiMonitor, NopMonitor, OnDiskJsonMonitor};
use libafl::observers::{CanTrack, HitcountsMapObserver, StdMapObserver, TimeObserver};
use libafl::schedulers::QueueScheduler;
use libafl::stages::StdMutationalStage;
use libafl::state::{HasCorpus, HasExecutions, HasImported, HasSolutions, StdState};
use libafl::{Error, HasMetadata, feedback_and_fast, feedback_or};
use libafl_bolts::core_affinity::Cores;
use libafl_bolts::rands::StdRand;
use libafl_bolts::shmem::ShMemProvider;

use self::shmem::SelfRemovingShMemProvider;
use libafl_bolts::tuples::{tuple_list, tuple_list_type};

use self::crossover::Crossover;
use self::favoured::Favoured;
use self::features::{FEATURES, FeatureWriter};
use self::feedback::{AnsweredFeedback, EdgeSet, EdgeTally, FindingFeedback};
use self::harness::{Harness, Solver};
use self::limits::QueryLimits;
use self::mutators::{CaseGenerator, FreshCase, TransformationMutator};
use self::rare::{RARE_SHARE, RareEdges};
use self::scheduler::{Choice, TransformationCounts, TransformationScheduler};
use self::seeds::{Seeds, read_seeds};
use self::share::{ShareFindings, send_solutions_since};
use self::size_limit::SizeLimit;
use self::slot::ResultSlot;
use self::statistics::{STATISTICS, StatisticsWriter};
use self::stats::{CampaignStats, Snapshot};
use self::value_profile::VALUE_PROFILE;
use self::verdict::VerdictObserver;
use crate::generate::{ConstantPool, TermPool};
use crate::solver::z3_worker::{Z3Process, install_exit_guard, set_memory_limit};
use crate::solver::{SolverInfo, Target, Z3Library, soft_timeout};
use crate::source::{MixedCaseGenerator, Theory};
use crate::term::Printer;
use crate::transform::{
    ConstantAssignment, ConstantReplacement, NoiseIntroduction, TermSynthesis, VariableAbstraction,
    VariableReplacement, formula_size,
};
use crate::truth::Case;

/// How many generated cases start an empty corpus.
pub const INITIAL_CASES: usize = 16;

/// How long past the hard timeout LibAFL's own timeout waits (in process,
/// where the solver worker's deadline comes first).
const BACKSTOP: Duration = Duration::from_secs(5);

/// Skipped seed files named one by one before the rest are only counted.
const MAX_SKIPPED_SHOWN: usize = 10;

/// The campaign's settings.
#[derive(Clone, Debug)]
pub struct CoverageConfig {
    /// Output folder.
    pub out: PathBuf,
    /// Stop after this much wall time (None: never).
    pub time: Option<Duration>,
    /// Stop after this many executions (None: never).
    pub max_execs: Option<u64>,
    /// The seed every random choice flows from.
    pub seed: u64,
    /// Constant pool of the generators.
    pub pool: ConstantPool,
    /// Folders whose `.postcard` cases seed the corpus.
    pub seeds: Vec<PathBuf>,
    /// Hard time limit per execution.
    pub timeout: Duration,
    /// Run each execution in a fork child.
    pub fork: bool,
    /// What decides which answered queries enter the corpus.
    pub guidance: Guidance,
    /// Mutate only by drawing fresh cases (no transformation of corpus
    /// entries): executes what the plain loop executes, for like-for-like
    /// throughput measurements.
    pub generate_only: bool,
    /// The solver's statistics do not steer the corpus (the ablation of
    /// [`statistics`]); with [`Guidance::None`] they never do.
    pub no_solver_statistics: bool,
    /// Half the selections aimed at rare edges ([`rare`]); only where
    /// edges steer.
    pub rare_edges: bool,
    /// Favoured entries drawn by AFL's performance score ([`power`]);
    /// only where edges steer.
    pub power: bool,
    /// The value profile of the solver's comparisons steers too
    /// ([`value_profile`]); only where edges steer, not with `fork`.
    pub value_profile: bool,
    /// A formula-size limit that grows while edges stall ([`size_limit`]);
    /// only where edges steer.
    pub len_control: bool,
    /// How the transformation of each mutation step is chosen.
    pub choice: Choice,
    /// Live line and `stats.jsonl` interval.
    pub progress: Duration,
    /// Address-space limit of the fuzzing process, bytes.
    pub memory_limit: Option<u64>,
    /// What the fresh cases draw from, and which seeds are kept.
    pub theory: Theory,
}

/// The solver under test.
pub enum SolverSetup {
    /// A loaded libz3 (instrumented or not).
    Z3(Z3Library),
    /// Any other target; no coverage.
    Other(Box<dyn Target>),
}

/// How a campaign ended, seen from the process that started it.
#[derive(Debug)]
pub struct Ended {
    /// The last statistics line, if one was written.
    pub last: Option<Snapshot>,
}

/// Errors of a campaign.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// LibAFL failed.
    #[error("fuzzer: {0}")]
    Libafl(#[from] Error),
    /// The output folder could not be written.
    #[error("output folder: {0}")]
    Io(#[from] std::io::Error),
    /// The generators could not be built.
    #[error("generator: {0}")]
    Generator(String),
    /// A [`CampaignBuilder`] was built without a required part.
    #[error("campaign: no {0} given")]
    Missing(&'static str),
}

type State = StdState<InMemoryOnDiskCorpus<Case>, Case, StdRand, InMemoryCorpus<Case>>;

fn snapshot(state: &State, edges_total: usize, last: bool) -> Snapshot {
    let stats = state
        .metadata::<CampaignStats>()
        .cloned()
        .unwrap_or_default();
    let edges = state.metadata::<EdgeSet>().map(|e| e.count).unwrap_or(0);
    let time = stats.wall_secs();
    let execs = *state.executions();
    Snapshot {
        time,
        execs,
        execs_per_sec: execs as f64 / time,
        corpus: state.corpus().count(),
        imported: *state.imported(),
        edges,
        edges_total,
        findings: stats.findings.clone(),
        signatures: stats.signatures.len(),
        verdicts: stats.verdicts.clone(),
        restarts: stats.restarts,
        history_dependent: stats.history_dependent,
        median_solver_ms: stats.median_solver_ms(),
        transformations: state
            .metadata::<TransformationCounts>()
            .map(TransformationCounts::report)
            .unwrap_or_default(),
        transformation_secs: state
            .metadata::<TransformationCounts>()
            .map(TransformationCounts::solver_secs)
            .unwrap_or_default(),
        answered_per_hour: stats.answered() as f64 * 3600.0 / time,
        verdict_secs: stats.verdict_secs.clone(),
        in_solver: stats.solver_secs / time,
        size_limit: state.metadata::<SizeLimit>().ok().map(SizeLimit::nodes),
        last,
    }
}

/// Prints the end-of-campaign summary (the lines `equifuzz fuzz` always
/// ends with).
pub fn print_summary(s: &Snapshot) {
    println!(
        "executions: {} in {:.1}s ({:.1}/s)",
        s.execs, s.time, s.execs_per_sec
    );
    for (kind, n) in &s.verdicts {
        println!("  {kind:>15}: {n}");
    }
    println!("findings written: {}", s.findings.values().sum::<u64>());
    println!(
        "corpus: {}; edges: {}",
        s.corpus,
        if s.edges_total == 0 {
            "off".to_string()
        } else {
            format!("{} of {}", s.edges, s.edges_total)
        }
    );
    if !s.transformations.is_empty() {
        println!("transformations (used / skipped / new corpus entries):");
        for (name, [used, skipped, new]) in &s.transformations {
            println!("  {name:>22}: {used} / {skipped} / {new}");
        }
    }
    println!(
        "time: solver {:.1}%; median solver call {:.2} ms",
        100.0 * s.in_solver,
        s.median_solver_ms
    );
}

/// Runs a campaign. Returns in the process that called it once the
/// campaign is over (the fuzzing itself runs in a child that LibAFL
/// restarts after crashes); the child never returns.
pub fn run(
    cfg: &CoverageConfig,
    setup: SolverSetup,
    info: SolverInfo,
    printer: Printer,
) -> Result<Ended, CampaignError> {
    std::fs::create_dir_all(cfg.out.join("corpus"))?;
    std::fs::create_dir_all(cfg.out.join("findings"))?;
    let stats_path = cfg.out.join("stats.jsonl");
    // Built before the launch, so a restarted client inherits them.
    let generator = MixedCaseGenerator::new(cfg.pool.clone())
        .map_err(|e| CampaignError::Generator(e.to_string()))?
        .seed(cfg.seed)
        .theory(cfg.theory);
    let terms =
        TermPool::new(cfg.pool.clone()).map_err(|e| CampaignError::Generator(e.to_string()))?;
    let mut shmem_provider = SelfRemovingShMemProvider::new()?;
    let launched =
        SimpleRestartingEventManager::launch(NopMonitor::new(), &mut shmem_provider, true);
    let (restored, mgr) = match launched {
        Ok(x) => x,
        Err(Error::ShuttingDown) => {
            return Ok(Ended {
                last: Snapshot::last_of(&stats_path),
            });
        }
        Err(e) => return Err(e.into()),
    };
    // From here on: the client.
    Campaign::builder(cfg)
        .solver(setup)
        .info(info)
        .printer(printer)
        .generator(generator)
        .terms(terms)
        .build()?
        .run_client(restored, mgr, shmem_provider)?;
    unreachable!("a client exits the process when its campaign ends")
}

/// Runs `equifuzz fuzz --cores`: LibAFL's launcher starts a broker and one
/// client per core; clients share new corpus entries (and, as testcases,
/// new findings: see [`share_new_findings`]) through LLMP. With `join` (the
/// broker of another `--cores` campaign, on this machine or another), this
/// campaign's broker process also links the two brokers ([`link`]), so
/// what either campaign's clients send reaches the other's.
/// Returns when the clients are done.
pub fn run_cores(
    cfg: &CoverageConfig,
    lib: Z3Library,
    cores: &str,
    broker_port: u16,
    join: Option<SocketAddr>,
    info: SolverInfo,
    printer: Printer,
) -> Result<(), CampaignError> {
    std::fs::create_dir_all(cfg.out.join("corpus"))?;
    std::fs::create_dir_all(cfg.out.join("findings"))?;
    let generator = MixedCaseGenerator::new(cfg.pool.clone())
        .map_err(|e| CampaignError::Generator(e.to_string()))?
        .seed(cfg.seed)
        .theory(cfg.theory);
    let terms =
        TermPool::new(cfg.pool.clone()).map_err(|e| CampaignError::Generator(e.to_string()))?;
    let cores = Cores::from_cmdline(cores)?;
    let shmem_provider = SelfRemovingShMemProvider::new()?;
    // The live view on stderr, and `stats.jsonl` for all clients at once
    // (one line per `progress` interval, with each client's user stats).
    let every = cfg.progress;
    let mut last_record: Option<Instant> = None;
    let mut watching = false;
    let local: SocketAddr = ([127, 0, 0, 1], broker_port).into();
    let launcher_pid = std::process::id();
    let monitor = tuple_list!(
        MultiMonitor::new(|line| eprintln!("{line}")),
        OnDiskJsonMonitor::new(cfg.out.join("stats.jsonl"), move |_| {
            // The monitor runs in the broker's process only, once its
            // clients have been forked: the first record starts the watch
            // there, and the link (its threads stay out of the forks).
            if !watching {
                watching = true;
                end_broker_after_clients(launcher_pid);
                if let Some(remote) = join {
                    match link::join(local, remote) {
                        Ok(()) => eprintln!("joined: the campaign whose broker is at {remote}"),
                        Err(e) => eprintln!("--join {remote}: no link: {e}"),
                    }
                }
            }
            let due = last_record.is_none_or(|t| t.elapsed() >= every);
            if due {
                last_record = Some(Instant::now());
            }
            due
        })
    );
    let parts = ClientParts {
        cfg,
        lib: &lib,
        info: &info,
        printer,
        generator: &generator,
        terms: &terms,
    };
    let launched = Launcher::builder()
        .shmem_provider(shmem_provider)
        .configuration(EventConfig::from_name("equifuzz"))
        .monitor(monitor)
        .run_client(
            |restored: Option<State>,
             mgr: LlmpRestartingEventManager<(), Case, State, _, _>,
             desc: ClientDescription| parts.run(restored, mgr, &desc),
        )
        .cores(&cores)
        .broker_port(broker_port)
        .build()
        .launch();
    // The launcher returns in the processes it forked too (a client's
    // respawner, once its client is done): only the process that called
    // this function may go on to report the campaign.
    if std::process::id() != launcher_pid {
        std::process::exit(0);
    }
    match launched {
        Ok(()) | Err(Error::ShuttingDown) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Ends this process's LLMP broker once the client processes of the
/// campaign are all gone. LibAFL's launcher forks the clients and, beside
/// them, the broker's process (a child of the launcher like the clients):
/// the clients are the launcher's other children. A broker linked to
/// another campaign's (`--join`, either side) counts the link as a client
/// that never leaves, so it would wait for ever; SIGINT is how LibAFL's
/// broker is asked to stop.
fn end_broker_after_clients(launcher: u32) {
    let me = std::process::id();
    std::thread::spawn(move || {
        let mut seen = false;
        loop {
            std::thread::sleep(Duration::from_millis(500));
            if has_children(launcher, me) {
                seen = true;
            } else if seen {
                // SAFETY: signals this process, whose broker handles SIGINT.
                unsafe { libc::kill(me as libc::pid_t, libc::SIGINT) };
                return;
            }
        }
    });
}

/// Whether process `pid` has a live child process other than `except`
/// (by `/proc/*/stat`; an ended child the launcher has not reaped yet, a
/// zombie, does not count).
fn has_children(pid: u32, except: u32) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return true;
    };
    dir.flatten().any(|e| {
        e.file_name()
            .to_string_lossy()
            .parse::<u32>()
            .is_ok_and(|child| child != except)
            && std::fs::read_to_string(e.path().join("stat")).is_ok_and(|stat| {
                // `pid (comm) state ppid ...`; comm may hold spaces.
                let mut fields = stat
                    .rsplit_once(')')
                    .map_or("", |(_, rest)| rest)
                    .split_whitespace();
                let state = fields.next();
                let parent = fields.next().and_then(|p| p.parse::<u32>().ok());
                parent == Some(pid) && state != Some("Z")
            })
    })
}

/// What every client of a `--cores` campaign is built from.
struct ClientParts<'a> {
    cfg: &'a CoverageConfig,
    lib: &'a Z3Library,
    info: &'a SolverInfo,
    printer: Printer,
    generator: &'a MixedCaseGenerator,
    terms: &'a TermPool,
}

impl ClientParts<'_> {
    /// Runs the client `desc` with the event manager the launcher made.
    fn run<EM>(
        &self,
        restored: Option<State>,
        mgr: EM,
        desc: &ClientDescription,
    ) -> Result<(), Error>
    where
        EM: EventFirer<Case, State>
            + EventRestarter<State>
            + ProgressReporter<State>
            + SendExiting
            + EventReceiver<Case, State>,
    {
        let mut client_cfg = self.cfg.clone();
        client_cfg.seed = self.cfg.seed.wrapping_add(desc.id() as u64);
        Campaign::builder(&client_cfg)
            .solver(SolverSetup::Z3(self.lib.clone()))
            .info(self.info.clone())
            .printer(self.printer)
            .generator(self.generator.clone())
            .terms(self.terms.clone())
            .stats_file(false)
            .build()
            .and_then(|c| c.run_client(restored, mgr, SelfRemovingShMemProvider::new()?))
            .map_err(|e| Error::illegal_state(e.to_string()))
    }
}

/// The mutator of every campaign: the transformations and a fresh-case
/// draw, stacked by the transformation scheduler.
type CaseMutator = TransformationScheduler<
    tuple_list_type!(
        TransformationMutator<ConstantAssignment>,
        TransformationMutator<TermSynthesis>,
        TransformationMutator<VariableAbstraction>,
        TransformationMutator<VariableReplacement>,
        TransformationMutator<ConstantReplacement>,
        TransformationMutator<NoiseIntroduction>,
        Crossover,
        FreshCase
    ),
>;

/// The stages of a campaign on executor `E`: one mutational stage, one
/// mutation stack per execution, whose findings go to every client.
type Stages<E, EM, Z> =
    tuple_list_type!(ShareFindings<StdMutationalStage<E, EM, Case, Case, CaseMutator, State, Z>>);

/// What decides which answered queries enter the corpus.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Guidance {
    /// New edges of an instrumented library, or new features.
    #[default]
    EdgesAndFeatures,
    /// New features only; the edges are counted, not steering.
    Features,
    /// Nothing: the corpus keeps its seeds (the ablation).
    None,
}

/// One fuzzing client: what it fuzzes and with what. Build with
/// [`Campaign::builder`]; [`run`] and [`run_cores`] run one per process.
pub struct Campaign<'a> {
    cfg: &'a CoverageConfig,
    setup: SolverSetup,
    info: SolverInfo,
    printer: Printer,
    generator: MixedCaseGenerator,
    terms: TermPool,
    stats_file: bool,
}

/// Builds a [`Campaign`]: the settings first, then the solver; the case
/// generators default to ones over the settings' pool.
pub struct CampaignBuilder<'a> {
    cfg: &'a CoverageConfig,
    setup: Option<SolverSetup>,
    info: Option<SolverInfo>,
    printer: Printer,
    generator: Option<MixedCaseGenerator>,
    terms: Option<TermPool>,
    stats_file: bool,
}

impl<'a> Campaign<'a> {
    /// A builder for a campaign with the settings `cfg`.
    pub fn builder(cfg: &'a CoverageConfig) -> CampaignBuilder<'a> {
        CampaignBuilder {
            cfg,
            setup: None,
            info: None,
            printer: Printer::default(),
            generator: None,
            terms: None,
            stats_file: true,
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

    /// Whether this client appends its own lines to `stats.jsonl`
    /// (default: yes). With `--cores` the broker's monitor writes the file
    /// for all clients instead, from the clients' user-stats events.
    pub fn stats_file(mut self, write: bool) -> Self {
        self.stats_file = write;
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
            stats_file: self.stats_file,
        })
    }
}

/// What the fuzz loop needs besides the executor, fuzzer and state.
struct LoopParts<'a> {
    cfg: &'a CoverageConfig,
    generator: MixedCaseGenerator,
    terms: TermPool,
    edges_total: usize,
    fresh_state: bool,
    stats_file: bool,
}

impl Campaign<'_> {
    /// Runs this client: builds the executor, feedbacks and stages, seeds
    /// a fresh corpus, fuzzes until the campaign's limits, prints the
    /// summary and exits the process.
    fn run_client<EM>(
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
            stats_file,
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
        let edges_total = library::edges_registered();
        let mut map = shmem_provider.new_shmem(edges_total.max(1))?;
        let map_ptr = map.as_mut_ptr();
        // SAFETY: the sancov callbacks write through this pointer; the map
        // lives until the client exits (it is never dropped before: see the
        // end).
        #[cfg(feature = "edges")]
        unsafe {
            libafl_targets::EDGES_MAP_PTR = map_ptr
        };
        // The value profile's map, shared with the solver's worker, which
        // copies its comparisons into it (see `value_profile`): one byte
        // when the profile is off.
        let value_profile_on = cfg.value_profile && cfg.guidance == Guidance::EdgesAndFeatures;
        let value_profile_len = if value_profile_on { VALUE_PROFILE } else { 1 };
        let mut value_profile_map = shmem_provider.new_shmem(value_profile_len)?;
        let value_profile_ptr = value_profile_map.as_mut_ptr();
        if value_profile_on {
            // SAFETY: the map is shared, mapped now, before any worker
            // forks, and lives until the client exits.
            unsafe { value_profile::install(value_profile_ptr) };
        }
        let slot: &'static ResultSlot = Box::leak(Box::new(ResultSlot::new()?));

        let hard_timeout = cfg.timeout;
        let soft_ms = soft_timeout(hard_timeout);
        // In process, the solver worker's deadline is the hard timeout and
        // LibAFL's signal-driven one only a backstop (see `harness`).
        let executor_timeout = match setup {
            SolverSetup::Z3(_) if cfg.fork => hard_timeout,
            SolverSetup::Z3(_) | SolverSetup::Other(_) => hard_timeout.saturating_add(BACKSTOP),
        };
        let solver = match setup {
            SolverSetup::Z3(lib) if cfg.fork => {
                lib.set_soft_timeout(soft_ms);
                Solver::Z3Inherited {
                    context: lib.mk_context(),
                }
            }
            SolverSetup::Z3(lib) => Solver::Z3Fresh {
                worker: if value_profile_on {
                    Z3Process::new(lib).with_hooks(value_profile::HOOKS)
                } else {
                    Z3Process::new(lib)
                },
                limits: QueryLimits::new(hard_timeout),
            },
            SolverSetup::Other(target) => Solver::Other {
                target,
                timeout: hard_timeout,
            },
        };
        let mut harness = Harness::new(solver, printer, slot);
        let mut harness_fn = |case: &Case| harness.run(case);

        // SAFETY: the map stays mapped for the client's life.
        let observer = HitcountsMapObserver::new(unsafe {
            StdMapObserver::from_mut_ptr("edges", map_ptr, edges_total.max(1))
        })
        .track_indices();
        let time_observer = TimeObserver::new("time");
        let verdict_observer = VerdictObserver::new(slot, hard_timeout.as_nanos() as u64);
        // The formula's features and the answer x time bucket: a map of
        // their own, so any build (instrumented or not) can grow the corpus.
        let features_map: *mut u8 = Box::leak(vec![0u8; FEATURES].into_boxed_slice()).as_mut_ptr();
        // SAFETY: the map is leaked (lives for the process); the writer
        // fills it in post_exec, the map observer reads it after.
        let feature_writer =
            unsafe { FeatureWriter::new(slot, features_map, hard_timeout.as_nanos() as u64) };
        // SAFETY: as above.
        let feature_observer =
            unsafe { StdMapObserver::from_mut_ptr("features", features_map, FEATURES) };
        // The solver's counters after each query: a map of their own too.
        let statistics_map: *mut u8 =
            Box::leak(vec![0u8; STATISTICS].into_boxed_slice()).as_mut_ptr();
        // SAFETY: as above.
        let statistics_writer = unsafe { StatisticsWriter::new(slot, statistics_map) };
        // SAFETY: as above.
        let statistics_observer = unsafe {
            StdMapObserver::from_mut_ptr("solver-statistics", statistics_map, STATISTICS)
        };
        // SAFETY: as the edge map.
        let value_profile_observer = unsafe {
            StdMapObserver::from_mut_ptr("value-profile", value_profile_ptr, value_profile_len)
        };
        // With `--rare-edges`, half the selections go to the entries of
        // rare edges, counted by the edge tally.
        let rare_share = if cfg.guidance == Guidance::EdgesAndFeatures && cfg.rare_edges {
            RARE_SHARE
        } else {
            0.0
        };
        // Only a query the solver answered may enter the corpus (see
        // `AnsweredFeedback`); the time feedback only records execution
        // times for the minimizer.
        let mut corpus_feedback = feedback_or!(
            feedback_and_fast!(
                ConstFeedback::new(cfg.guidance == Guidance::EdgesAndFeatures && edges_total > 0),
                AnsweredFeedback::new(verdict_observer.verdict_handle()),
                MaxMapFeedback::new(&observer)
            ),
            feedback_and_fast!(
                ConstFeedback::new(cfg.guidance != Guidance::None),
                AnsweredFeedback::new(verdict_observer.verdict_handle()),
                MaxMapFeedback::new(&feature_observer)
            ),
            feedback_and_fast!(
                ConstFeedback::new(cfg.guidance != Guidance::None && !cfg.no_solver_statistics),
                AnsweredFeedback::new(verdict_observer.verdict_handle()),
                MaxMapFeedback::new(&statistics_observer)
            ),
            feedback_and_fast!(
                ConstFeedback::new(value_profile_on),
                AnsweredFeedback::new(verdict_observer.verdict_handle()),
                MaxMapFeedback::new(&value_profile_observer)
            ),
            TimeFeedback::new(&time_observer),
            // SAFETY: as above.
            unsafe { EdgeTally::new(map_ptr, edges_total) }.counting_reaches(rare_share > 0.0)
        );
        let mut objective = FindingFeedback::new(
            cfg.out.clone(),
            printer,
            info,
            verdict_observer.verdict_handle(),
        );
        let fresh_state = restored.is_none();
        let mut state: State = match restored {
            Some(s) => s,
            None => StdState::new(
                StdRand::with_seed(cfg.seed),
                InMemoryOnDiskCorpus::no_meta(cfg.out.join("corpus"))?,
                InMemoryCorpus::new(),
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
        let power = cfg.guidance == Guidance::EdgesAndFeatures && cfg.power;
        let scheduler = RareEdges::new(
            Favoured::new(&observer, QueueScheduler::new()).with_power(power),
            rare_share,
        );
        let mut fuzzer = StdFuzzer::new(scheduler, corpus_feedback, objective);
        let parts = LoopParts {
            cfg,
            generator,
            terms,
            edges_total,
            fresh_state,
            stats_file,
        };
        let observers = tuple_list!(
            verdict_observer,
            observer,
            time_observer,
            feature_writer,
            feature_observer,
            statistics_writer,
            statistics_observer,
            value_profile_observer
        );
        if cfg.fork {
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
        let findings = state
            .metadata::<CampaignStats>()
            .map(CampaignStats::findings_written)
            .unwrap_or(0);
        mgr.send_exiting()?;
        // Instrumented destructors run at exit and write through the map
        // pointer: point it back at the static map before the shmem goes.
        // SAFETY: the static map is always valid.
        #[cfg(feature = "edges")]
        unsafe {
            libafl_targets::EDGES_MAP_PTR = (&raw mut libafl_targets::EDGES_MAP).cast();
        }
        drop(map);
        drop(value_profile_map);
        std::process::exit(if findings > 0 { 1 } else { 0 });
    }
}

/// The fuzz loop, the same for every executor: seed the corpus if new,
/// then fuzz one input at a time until the time or execution limit, with a
/// live line and a `stats.jsonl` line every `progress`.
fn fuzz_until_done<E, EM, Z>(
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
    } = parts;
    let stats_path = cfg.out.join("stats.jsonl");
    let transforming = !cfg.generate_only;
    let mutator: CaseMutator = TransformationScheduler::new(
        tuple_list!(
            TransformationMutator::new(ConstantAssignment).enabled(transforming),
            TransformationMutator::new(TermSynthesis::new(terms, 3)).enabled(transforming),
            TransformationMutator::new(VariableAbstraction).enabled(transforming),
            TransformationMutator::new(VariableReplacement).enabled(transforming),
            TransformationMutator::new(ConstantReplacement).enabled(transforming),
            TransformationMutator::new(NoiseIntroduction).enabled(transforming),
            Crossover::new(transforming),
            FreshCase::new(generator.clone())
        ),
        cfg.choice,
        2,
    )
    .replacing("fresh-case");
    let mut stages: Stages<E, EM, Z> = tuple_list!(ShareFindings(
        StdMutationalStage::with_max_iterations(mutator, NonZeroUsize::MIN)
    ));
    let mut unstuck = CaseGenerator(generator.clone());
    if fresh_state || state.corpus().count() == 0 {
        let before = state.solutions().count();
        seed_corpus(fresh_state, cfg, state, fuzzer, executor, mgr, generator)?;
        send_solutions_since(before, state, mgr)?;
    }
    // Lines come at multiples of `progress` since the campaign started
    // (a restarted client keeps the beat), never more than one per tick.
    let tick = |secs: f64| (secs / cfg.progress.as_secs_f64()).floor() as u64;
    let mut last_tick = tick(state.metadata::<CampaignStats>()?.wall_secs());
    let mut idle = 0usize;
    // Edges in the last `edges.txt` written (one client per folder only:
    // with `--cores` each client covers its own).
    let mut edges_written = None;
    let len_control = cfg.len_control && cfg.guidance == Guidance::EdgesAndFeatures;
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
        let stats = state.metadata::<CampaignStats>()?;
        let wall = stats.wall_secs();
        let done = cfg.max_execs.is_some_and(|m| execs >= m)
            || cfg.time.is_some_and(|t| wall >= t.as_secs_f64());
        if done || tick(wall) > last_tick {
            last_tick = tick(wall);
            stats.write_shapes(&cfg.out)?;
            if let (true, Ok(edges)) = (stats_file, state.metadata::<EdgeSet>())
                && edges_written != Some(edges.count)
            {
                edges.write(&cfg.out)?;
                edges_written = Some(edges.count);
            }
            let snap = snapshot(state, edges_total, done);
            eprintln!("{}", snap.line());
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
const IDLE_ROUNDS: usize = 1000;

/// Fills a new campaign's corpus: the corpus left by an earlier run on the
/// same folder, then the seed folders (cases not already there), then, for
/// a campaign not resumed or still empty, generated cases.
/// A restarted client (`fresh` false) whose corpus is still empty (its
/// first cases crashed) only generates.
fn seed_corpus<E, EM, Z>(
    fresh: bool,
    cfg: &CoverageConfig,
    state: &mut State,
    fuzzer: &mut Z,
    executor: &mut E,
    mgr: &mut EM,
    generator: MixedCaseGenerator,
) -> Result<(), CampaignError>
where
    EM: EventFirer<Case, State>,
    Z: libafl::fuzzer::Evaluator<E, EM, Case, State>,
{
    let old = cfg.out.join("corpus");
    let resumed = fresh && has_files(&old);
    if resumed {
        state.load_initial_inputs_forced(fuzzer, executor, mgr, &[old])?;
        eprintln!(
            "resumed: {} cases from {}/corpus",
            state.corpus().count(),
            cfg.out.display()
        );
    }
    let seeds = if fresh {
        read_seeds(&cfg.seeds)
    } else {
        Seeds::default()
    };
    if !cfg.seeds.is_empty() && fresh {
        let shown: Vec<String> = cfg.seeds.iter().map(|p| p.display().to_string()).collect();
        eprintln!(
            "seeds: {} cases from {} ({} files skipped)",
            seeds.cases.len(),
            shown.join(", "),
            seeds.skipped.len()
        );
        for (path, why) in seeds.skipped.iter().take(MAX_SKIPPED_SHOWN) {
            eprintln!("  skipped {}: {why}", path.display());
        }
        if seeds.skipped.len() > MAX_SKIPPED_SHOWN {
            eprintln!("  ... and {} more", seeds.skipped.len() - MAX_SKIPPED_SHOWN);
        }
    }
    // A resumed campaign already holds the seeds it started with.
    let mut known = std::collections::HashSet::new();
    for id in state.corpus().ids().collect::<Vec<_>>() {
        if let Ok(case) = state.corpus().cloned_input_for_id(id) {
            known.insert(case);
        }
    }
    // `--time` bounds the seeding too: each seed is a solver call of up to
    // the query timeout, and twenty of them outlast a short campaign.
    let time_up = |state: &State| {
        cfg.time.is_some_and(|t| {
            state
                .metadata::<CampaignStats>()
                .is_ok_and(|s| s.wall_secs() >= t.as_secs_f64())
        })
    };
    for case in seeds.cases {
        if time_up(state) {
            break;
        }
        if !cfg.theory.admits(Theory::of(&case.formula)) {
            continue;
        }
        if !known.contains(&case) {
            fuzzer.add_input(state, executor, mgr, case)?;
        }
    }
    // A new campaign starts from generated cases beside the seeds: the
    // seeds are few and hand-picked, the generators cover every operator.
    // One is always drawn, so that a campaign never starts empty.
    if state.corpus().count() == 0 || (fresh && !resumed) {
        let n = cfg
            .max_execs
            .map_or(INITIAL_CASES, |m| (m as usize).clamp(1, INITIAL_CASES));
        let mut generator = CaseGenerator(generator);
        for i in 0..n {
            if i > 0 && time_up(state) {
                break;
            }
            state.generate_initial_inputs_forced(fuzzer, executor, &mut generator, mgr, 1)?;
        }
    }
    Ok(())
}

fn has_files(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|mut d| {
        d.any(|e| e.is_ok_and(|e| !e.file_name().to_string_lossy().starts_with('.')))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> CoverageConfig {
        CoverageConfig {
            out: PathBuf::from("unused"),
            time: None,
            max_execs: Some(1),
            seed: 0,
            pool: ConstantPool::paper(),
            seeds: Vec::new(),
            timeout: Duration::from_secs(1),
            fork: false,
            guidance: Guidance::EdgesAndFeatures,
            generate_only: false,
            no_solver_statistics: false,
            rare_edges: false,
            power: false,
            value_profile: false,
            len_control: false,
            choice: Choice::Uniform,
            progress: Duration::from_secs(1),
            memory_limit: None,
            theory: Theory::All,
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
