//! A campaign's settings: the steering flags of the LibAFL loop, declared
//! once as a clap struct ([`SteeringArgs`]) that the command line flattens
//! and hands down as is, and the rest of the campaign ([`CampaignConfig`]).
//!
//! # Invariants
//!
//! - Each steering flag is declared here only: the binary flattens
//!   [`SteeringArgs`] into `equifuzz fuzz`, the command passes it on
//!   unchanged, the client reads it. What a flag means for the corpus
//!   ([`Guidance`], "only where edges steer") is derived here, once.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::fuzz::mutate::scheduled::Choice;
use crate::generate::ConstantPool;
use crate::solver::SettingsTable;
use crate::source::Theory;

/// The flags that steer the LibAFL loop (`equifuzz fuzz`, `--engine libafl`).
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct SteeringArgs {
    /// Measure coverage but do not let it steer the corpus (the ablation).
    #[arg(long)]
    pub no_coverage: bool,
    /// Let only the formula's features and the answer x time bucket steer
    /// the corpus, as on a library without instrumentation, while an
    /// instrumented library's edges are still counted: what that guidance
    /// reaches (see scripts/coverage-ablation.sh --features-only).
    #[arg(long, conflicts_with = "no_coverage")]
    pub features_only: bool,
    /// Do not let the solver's statistics after each query (Z3's counters,
    /// `(get-info :all-statistics)`) steer the corpus (the ablation of that
    /// signal; it steers by default, with or without instrumentation).
    #[arg(long)]
    pub no_solver_statistics: bool,
    /// Aim half the corpus selections at the entries of rare edges
    /// (FairFuzz's rarity; where edges steer). Off by default: it has not
    /// yet measurably raised the edges of a campaign (see src/fuzz/schedule/rare.rs).
    #[arg(long, conflicts_with_all = ["no_coverage", "features_only"])]
    pub rare_edges: bool,
    /// Draw the favoured corpus entries by AFL's performance score (quick
    /// entries and those reaching many edges more often) instead of in
    /// turn; where edges steer (see src/fuzz/schedule/power.rs).
    #[arg(long, conflicts_with_all = ["no_coverage", "features_only"])]
    pub power: bool,
    /// Let the comparisons inside the solver steer too: for each comparison
    /// site, the most operand bits ever equal (libFuzzer's value profile).
    /// Needs a libz3 built with `scripts/build-z3.sh --trace-cmp` (see
    /// src/fuzz/observe/value_profile.rs).
    #[arg(long, conflicts_with_all = ["no_coverage", "features_only", "fork"])]
    pub value_profile: bool,
    /// Limit the size of the formulas mutations make, starting at the
    /// largest seed and growing only while no new edge is found
    /// (libFuzzer's -len_control; see src/fuzz/mutate/size_limit.rs).
    #[arg(long, conflicts_with_all = ["no_coverage", "features_only"])]
    pub len_control: bool,
    /// Run each execution in a forked child (the context is made once in
    /// the parent) instead of in this process.
    #[arg(long)]
    pub fork: bool,
    /// Mutate only by drawing fresh cases, as the plain loop does (for
    /// like-for-like throughput measurements; see scripts/bench-libafl.sh).
    #[arg(long)]
    pub generate_only: bool,
    /// Folders or files whose labelled cases seed the corpus: .postcard
    /// cases and .smt2 files with (set-info :status ...) and a `; model:`
    /// block or `; expected unsat core:` comment, as `export` writes them
    /// (repeatable; default: ./corpus when it exists).
    #[arg(long)]
    pub seeds: Vec<PathBuf>,
    /// Fuzz on these cores through LibAFL's launcher (`0-3`, `0,2`, `all`),
    /// one client per core sharing corpus and findings over LLMP. Only
    /// cores this process may run on (its CPU affinity set, as `taskset`
    /// or a container sets it); `all` is every one of them.
    #[arg(long)]
    pub cores: Option<String>,
    /// The LLMP broker's port (with --cores).
    #[arg(long, default_value_t = DEFAULT_BROKER_PORT, requires = "cores")]
    pub broker_port: u16,
    /// Join the `--cores` campaign whose LLMP broker is at HOST:PORT (its
    /// --broker-port; another machine's needs the `multi-machine` build
    /// feature there): new corpus entries and findings cross between the
    /// two, both ways.
    #[arg(long, value_name = "HOST:PORT", requires = "cores", value_parser = parse_node_addr)]
    pub join: Option<SocketAddr>,
    /// How each mutation step picks its transformation (default: bandit).
    #[arg(long, value_enum)]
    pub schedule: Option<Choice>,
    /// Incremental cases: the mutations that make scripts of several
    /// check-sats (assumptions, nested and sibling scopes, noise scopes,
    /// reset-assertions, repeated checks), each check with its own truth.
    /// Off, they are arms that always skip.
    #[arg(long, value_enum, default_value_t = Switch::On)]
    pub incremental: Switch,
    /// Log every execution (verdict, solver time, category, transformation,
    /// operators) to `<out>/queries.tsv`, for scripts/unknown-time.py.
    #[arg(long)]
    pub query_log: bool,
    /// Skip, nine times in ten, a corpus entry at least half of whose
    /// mutants ended unknown (see src/fuzz/schedule/unknowns.rs).
    #[arg(long)]
    pub demote_unknown: bool,
    /// Let cases carry solver settings of their own (`on`): a mutation
    /// adds, changes or drops one, drawn from the solver's settings table
    /// (assets/settings/, as the release accepts it), and a bandit learns
    /// which keys pay; `off` (the default) runs every case on the
    /// solver's defaults (see docs/settings.md).
    #[arg(
        long,
        value_name = "on|off",
        default_value = "off",
        hide_possible_values = true,
        action = clap::ArgAction::Set,
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    pub settings: bool,
    /// With `--settings on`, never draw KEY (or only its VALUE): e.g.
    /// `--settings-skip smt.sls.enable` spends the campaign away from
    /// local search, whose known bugs fill Z3's buckets (repeatable).
    #[arg(long, value_name = "KEY[=VALUE]")]
    pub settings_skip: Vec<String>,
}

/// A feature turned on or off on the command line (`--incremental off`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Switch {
    /// On.
    #[default]
    On,
    /// Off.
    Off,
}

/// The LLMP broker's port when `--broker-port` is not given.
pub const DEFAULT_BROKER_PORT: u16 = 1337;

impl Default for SteeringArgs {
    /// The flags as `equifuzz fuzz` has them when none is given.
    fn default() -> Self {
        SteeringArgs {
            no_coverage: false,
            features_only: false,
            no_solver_statistics: false,
            rare_edges: false,
            power: false,
            value_profile: false,
            len_control: false,
            fork: false,
            generate_only: false,
            seeds: Vec::new(),
            cores: None,
            broker_port: DEFAULT_BROKER_PORT,
            join: None,
            schedule: None,
            incremental: Switch::On,
            query_log: false,
            demote_unknown: false,
            settings: false,
            settings_skip: Vec::new(),
        }
    }
}

/// A `--join` address: `HOST:PORT`, resolved now (the link dials
/// a socket address).
fn parse_node_addr(s: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    s.to_socket_addrs()
        .map_err(|e| format!("{s}: {e}"))?
        .next()
        .ok_or_else(|| format!("{s}: no address"))
}

impl SteeringArgs {
    /// What decides which answered queries enter the corpus.
    pub fn guidance(&self) -> Guidance {
        if self.no_coverage {
            Guidance::None
        } else if self.features_only {
            Guidance::Features
        } else {
            Guidance::EdgesAndFeatures
        }
    }

    /// How each mutation step picks its transformation.
    pub fn choice(&self) -> Choice {
        self.schedule.unwrap_or_default()
    }

    /// Whether edges steer the corpus: the flags said to act "only where
    /// edges steer" act only then.
    pub fn edges_steer(&self) -> bool {
        self.guidance() == Guidance::EdgesAndFeatures
    }

    /// The flags given (as typed on the command line): what a loop without
    /// LibAFL refuses.
    pub fn given(&self) -> Vec<&'static str> {
        [
            (!self.seeds.is_empty(), "--seeds"),
            (self.cores.is_some(), "--cores"),
            (self.fork, "--fork"),
            (self.no_coverage, "--no-coverage"),
            (self.features_only, "--features-only"),
            (self.no_solver_statistics, "--no-solver-statistics"),
            (self.rare_edges, "--rare-edges"),
            (self.power, "--power"),
            (self.value_profile, "--value-profile"),
            (self.len_control, "--len-control"),
            (self.schedule.is_some(), "--schedule"),
            (self.generate_only, "--generate-only"),
            (self.settings, "--settings"),
            (!self.settings_skip.is_empty(), "--settings-skip"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect()
    }
}

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

/// The campaign's settings.
#[derive(Clone, Debug)]
pub struct CampaignConfig {
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
    /// Hard time limit per execution.
    pub timeout: Duration,
    /// Live line and `stats.jsonl` interval.
    pub progress: Duration,
    /// Address-space limit of the fuzzing process, bytes.
    pub memory_limit: Option<u64>,
    /// What the fresh cases draw from, and which seeds are kept.
    pub theory: Theory,
    /// The steering flags, as given; `seeds` are the folders whose cases
    /// seed the corpus (the command fills in the default).
    pub steering: SteeringArgs,
    /// What the settings mutation draws from: the solver's table as its
    /// release accepts it (probed by the command), empty when
    /// `--settings off`.
    pub settings_table: SettingsTable,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_given_are_named_as_typed() {
        let none = SteeringArgs::default();
        assert!(none.given().is_empty());
        assert_eq!(none.guidance(), Guidance::EdgesAndFeatures);
        let some = SteeringArgs {
            fork: true,
            features_only: true,
            schedule: Some(Choice::Uniform),
            ..SteeringArgs::default()
        };
        assert_eq!(some.given(), ["--fork", "--features-only", "--schedule"]);
        assert_eq!(some.guidance(), Guidance::Features);
        assert!(!some.edges_steer());
        assert_eq!(some.choice(), Choice::Uniform);
    }
}
