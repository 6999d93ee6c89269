//! Launching a campaign: one client under LibAFL's restarting event
//! manager ([`run`]), or one per core under LibAFL's launcher, with its
//! LLMP broker ([`run_cores`]).
//!
//! # Invariants
//!
//! - The case generators are built before the launch, so a restarted
//!   client inherits them and does not rebuild them.
//! - Only the process that called [`run_cores`] returns from it: the
//!   launcher returns in the processes it forked too, which exit.
//! - Each `--cores` client runs its own solver: the same libz3, or a
//!   fresh copy of the target (cvc5 in process: a worker of its own), so
//!   no two clients share a solver process.

use std::net::SocketAddr;

use libafl::Error;
use libafl::events::{
    ClientDescription, EventConfig, EventFirer, EventReceiver, EventRestarter, Launcher,
    LlmpRestartingEventManager, ProgressReporter, SendExiting, SimpleRestartingEventManager,
};
use libafl_bolts::core_affinity::Cores;

use super::client::Campaign;
use super::config::CampaignConfig;
use super::monitor::CampaignMonitor;
use super::shmem::SelfRemovingShMemProvider;
use super::snapshot::Snapshot;
use super::{CampaignError, SolverSetup, State};
use crate::fuzz::events::broker::end_broker_after_clients;
use crate::fuzz::events::link;
use crate::generate::strings::TermPool;
use crate::solver::SolverInfo;
use crate::source::MixedCaseGenerator;
use crate::term::Printer;
use crate::truth::Case;
use libafl_bolts::shmem::ShMemProvider;

/// How a campaign ended, seen from the process that started it.
#[derive(Debug)]
pub struct Ended {
    /// The last statistics line, if one was written.
    pub last: Option<Snapshot>,
}

/// The fresh-case generator and the term pool of a campaign, built once
/// before the launch.
fn generators(cfg: &CampaignConfig) -> Result<(MixedCaseGenerator, TermPool), CampaignError> {
    let generator = MixedCaseGenerator::new(cfg.pool.clone())
        .map_err(|e| CampaignError::Generator(e.to_string()))?
        .seed(cfg.seed)
        .theory(cfg.theory);
    let terms =
        TermPool::new(cfg.pool.clone()).map_err(|e| CampaignError::Generator(e.to_string()))?;
    Ok((generator, terms))
}

/// Runs a campaign. Returns in the process that called it once the
/// campaign is over (the fuzzing itself runs in a child that LibAFL
/// restarts after crashes); the child never returns.
pub fn run(
    cfg: &CampaignConfig,
    setup: SolverSetup,
    info: SolverInfo,
    printer: Printer,
) -> Result<Ended, CampaignError> {
    std::fs::create_dir_all(cfg.out.join("corpus"))?;
    std::fs::create_dir_all(cfg.out.join("findings"))?;
    let stats_path = cfg.out.join("stats.jsonl");
    // Built before the launch, so a restarted client inherits them.
    let (generator, terms) = generators(cfg)?;
    let mut shmem_provider = SelfRemovingShMemProvider::new()?;
    // The client's own manager shows its beats to the campaign's monitor,
    // the one writer of the lines and of `stats.jsonl`.
    let monitor = CampaignMonitor::new(&cfg.out, cfg.progress, cfg.time);
    let launched = SimpleRestartingEventManager::launch(monitor, &mut shmem_provider, true);
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
/// new findings: see [`crate::fuzz::events::share`]) through LLMP. With `join` (the
/// broker of another `--cores` campaign, on this machine or another), this
/// campaign's broker process also links the two brokers ([`link`]), so
/// what either campaign's clients send reaches the other's. `cores` must
/// be cores this process may run on, each once (the launcher waits for a
/// client on each). Returns when the clients are done.
pub fn run_cores(
    cfg: &CampaignConfig,
    setup: SolverSetup,
    cores: &Cores,
    info: SolverInfo,
    printer: Printer,
) -> Result<(), CampaignError> {
    std::fs::create_dir_all(cfg.out.join("corpus"))?;
    std::fs::create_dir_all(cfg.out.join("findings"))?;
    let (generator, terms) = generators(cfg)?;
    let (broker_port, join) = (cfg.steering.broker_port, cfg.steering.join);
    let shmem_provider = SelfRemovingShMemProvider::new()?;
    // The campaign's monitor, as on one core, here the broker's: the
    // lines and `stats.jsonl` for all clients at once (see `monitor`).
    let local: SocketAddr = ([127, 0, 0, 1], broker_port).into();
    let launcher_pid = std::process::id();
    let monitor = CampaignMonitor::new(&cfg.out, cfg.progress, cfg.time).on_start(move || {
        // The monitor runs in the broker's process only, once its clients
        // have been forked: its first event starts the watch there, and
        // the link (its threads stay out of the forks).
        end_broker_after_clients(launcher_pid);
        if let Some(remote) = join {
            match link::join(local, remote) {
                Ok(()) => eprintln!("joined: the campaign whose broker is at {remote}"),
                Err(e) => eprintln!("--join {remote}: no link: {e}"),
            }
        }
    });
    let parts = ClientParts {
        cfg,
        setup: &setup,
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
        .cores(cores)
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

/// What every client of a `--cores` campaign is built from.
struct ClientParts<'a> {
    cfg: &'a CampaignConfig,
    /// Each client's solver is a copy of this one: the same libz3, or a
    /// fresh copy of the target
    /// ([`Target::fresh_copy`](crate::solver::Target::fresh_copy)).
    setup: &'a SolverSetup,
    info: &'a SolverInfo,
    printer: Printer,
    generator: &'a MixedCaseGenerator,
    terms: &'a TermPool,
}

impl ClientParts<'_> {
    /// This client's own solver.
    fn solver(&self) -> Result<SolverSetup, Error> {
        Ok(match self.setup {
            SolverSetup::Z3(lib) => SolverSetup::Z3(lib.clone()),
            SolverSetup::Other(target) => {
                SolverSetup::Other(target.fresh_copy().ok_or_else(|| {
                    Error::illegal_argument(format!(
                        "--cores: {} cannot be copied for each client",
                        target.name()
                    ))
                })?)
            }
        })
    }

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
            .solver(self.solver()?)
            .info(self.info.clone())
            .printer(self.printer)
            .generator(self.generator.clone())
            .terms(self.terms.clone())
            .sole_client(false)
            .build()
            .and_then(|c| c.run_client(restored, mgr, SelfRemovingShMemProvider::new()?))
            .map_err(|e| Error::illegal_state(e.to_string()))
    }
}
