//! One execution: print the case once, run the solver, judge the reply
//! once, and return the [`Judged`] result ([`Harness::execute`]), for
//! either loop.
//!
//! # Invariants
//!
//! - A case the solver's release cannot express is not sent: its verdict is
//!   `not-expressible` ([`not_expressible`]), and the printer and the reply
//!   reader follow the release's dialect.
//! - In process, the warm context's statistics after the query (Z3's
//!   counters) are kept for the statistics map ([`Harness::statistics`];
//!   see [`statistics`](crate::fuzz::observe::statistics)).
//! - The harness never writes files and never touches the fuzzer state: it
//!   may run in a fork child whose memory vanishes. Everything it knows is
//!   in the [`Judged`] it returns (which the LibAFL loop puts in the
//!   observers' slot) and in [`Harness::statistics`].
//! - libz3 gets Z3's own soft timeout (below the executor's hard one), so a
//!   slow query usually ends with `unknown`, not with a kill. In process,
//!   that timeout and the deadline are calibrated from the answer times
//!   of probe queries ([`QueryLimits`]), under `--timeout`; so are those of
//!   every target that takes a soft limit ([`Solver::Calibrated`]: cvc5 in
//!   process, the cvc5 and z3 binaries).
//! - In process, libz3 runs in a warm worker process ([`Z3Process`], in
//!   `solver`), and the harness waits for it with a deadline, in normal
//!   code: a query past it (one that ignores Z3's soft timeout) costs the
//!   worker, killed and forked again, never the client; a crash of the
//!   solver is a crash verdict, and the client goes on. LibAFL's own
//!   timeout, a signal handler that runs the feedbacks on the interrupted
//!   thread, is only the last backstop.
//! - In the worker, queries run on a warm context (reset between
//!   queries, see `solver::z3::worker`), whose answer may depend on the
//!   queries before it. A verdict that is a finding there is re-run on a
//!   fresh context, as a user's `z3 file.smt2` runs it, and only the fresh
//!   verdict is stored: a finding the fresh context does not repeat is
//!   stored as the fresh verdict, marked history-dependent (counted apart,
//!   never reported as a finding). The query is the case's whole script:
//!   an incremental case whose third `check-sat` is wrong on the warm
//!   context is replayed from its first command on the fresh one.
//! - An incremental case runs as one script and each `check-sat` is judged
//!   against its own truth (`oracle::judge_checks`); which `check-sat`
//!   decided the verdict is a field of the result ([`Judged::failed`]).
//! - A one-shot case labelled unsat and answered sat is asked again for a
//!   model: a model our semantics checks valid means the label is what is
//!   wrong (`label-contradicted`, no finding), in a campaign as in `run`.
//! - An `exit()` inside the solver during an execution becomes `abort()`
//!   (see [`install_exit_guard`](crate::solver::worker::install_exit_guard)),
//!   so LibAFL's crash handler records the input and the restarting manager
//!   restarts the client, instead of the client vanishing with the input.
//! - A crash verdict names what the solver said as it died (Z3's
//!   `ASSERTION VIOLATION`, its file and line), when it said anything:
//!   the worker's standard error is kept per query (`oracle::crash_site`), and
//!   the verdict carries it as the crash's site ([`Crash`]). The bug
//!   signature of such a crash is that site, not the formula's operators,
//!   so one failing assertion reached by many formulas is one finding, not
//!   thousands (see `feedback::objective::signature`).

use std::ffi::CString;
use std::time::{Duration, Instant};

use super::judged::{History, Judged};
use super::limits::{QueryLimit, QueryLimits};
use super::shared_limits::SharedLimits;
use crate::oracle::{
    Crash, Expected, Reply, Verdict, crash_site, expectations, judge, judge_checks,
    not_expressible, recheck_unsat_label,
};
use crate::solver::worker::InFlight;
use crate::solver::z3::library::{Z3Context, Z3Library};
use crate::solver::z3::script::needs_own_context;
use crate::solver::z3::worker::{Context, ProcessAnswer, Z3Process};
use crate::solver::{RawOutcome, Target, Z3InProcessFork};
use crate::term::{Printer, Queries, SatAnswer};
use crate::truth::{Case, Status};

/// How the solver is reached.
pub enum Solver {
    /// libz3 in a warm worker process forked from this one, on a context
    /// it keeps and resets between queries; a finding is confirmed on a
    /// fresh context.
    Z3Fresh {
        /// The worker (started on the first query: a restarted client
        /// starts its own).
        worker: Z3Process,
        /// Z3's soft timeout and the deadline of each query.
        limits: QueryLimits,
    },
    /// libz3 evaluated on a context made once in the parent: for fork
    /// children, which each get a copy-on-write image of it.
    Z3Inherited {
        /// The library, for a script that needs a context of its own.
        lib: Z3Library,
        /// The pristine context (never evaluated on in the parent).
        context: Z3Context,
        /// Z3's soft timeout of each query, calibrated across the children
        /// (the deadline stays LibAFL's fork timeout, `--timeout`).
        limits: SharedLimits,
    },
    /// A target that takes a soft limit ([`Target::takes_soft_limit`]:
    /// cvc5 in process, the cvc5 and z3 binaries), under limits calibrated
    /// as Z3's in process are.
    Calibrated {
        /// The target.
        target: Box<dyn Target>,
        /// Its soft limit and deadline of each query.
        limits: QueryLimits,
    },
    /// Any other target (a solver binary): isolated by its own process.
    Other {
        /// The target.
        target: Box<dyn Target>,
        /// Its hard timeout.
        timeout: Duration,
    },
}

impl Solver {
    /// A target under `--timeout` `timeout`: with calibrated limits if it
    /// takes a soft limit, else with `timeout` for every query.
    pub fn of_target(target: Box<dyn Target>, timeout: Duration) -> Self {
        Solver::under(target, timeout, QueryLimits::new(timeout))
    }

    /// A target under a replay's `timeout`: every query gets it, none
    /// calibrates (a replay line names the time a finding had), and a
    /// target that keeps state between queries confirms a finding on a
    /// fresh solver as in a campaign.
    pub fn fixed(target: Box<dyn Target>, timeout: Duration) -> Self {
        Solver::under(target, timeout, QueryLimits::fixed(timeout))
    }

    /// A target under `limits` if it takes a soft limit, else under the
    /// hard `timeout` for every query.
    fn under(target: Box<dyn Target>, timeout: Duration, limits: QueryLimits) -> Self {
        if target.takes_soft_limit() {
            Solver::Calibrated { target, limits }
        } else {
            Solver::Other { target, timeout }
        }
    }
}

/// Runs cases and judges them.
pub struct Harness {
    solver: Solver,
    printer: Printer,
    /// Why a script that resets its assertions is not sent: the library
    /// forgets its declarations there
    /// ([`Z3InProcessFork::forgets_declarations_at_reset`]).
    resets_refused: Option<String>,
    /// The warm query's statistics when a fresh context ran after it (the
    /// worker keeps only the last query's).
    warm_statistics: Option<String>,
    /// Whether unsat cores are judged ([`Harness::claiming_cores`]).
    claim_cores: bool,
}

impl Harness {
    /// A harness on `solver` that prints with `printer`.
    pub fn new(solver: Solver, printer: Printer) -> Self {
        let lib = match &solver {
            Solver::Z3Fresh { worker, .. } => Some(worker.library()),
            Solver::Z3Inherited { lib, .. } => Some(lib),
            _ => None,
        };
        let resets_refused = lib
            .filter(|l| Z3InProcessFork::new((*l).clone()).forgets_declarations_at_reset())
            .map(|l| {
                format!(
                    "{} forgets declarations at reset-assertions in process",
                    l.version()
                )
            });
        Harness {
            solver,
            printer,
            resets_refused,
            warm_statistics: None,
            claim_cores: true,
        }
    }

    /// Whether an unsat case's core is held against the solver's (`true`,
    /// the default) or only its status (a finding whose core is not
    /// claimed minimal, see `finding::INSTANTIATED_CORE`).
    pub fn claiming_cores(&mut self, claim: bool) -> &mut Self {
        self.claim_cores = claim;
        self
    }

    /// Runs a script that is no case (a file of someone else's, judged by
    /// `run` check-sat by check-sat) on the harness's target, under
    /// `timeout`; `None` for libz3 in a worker or a fork child, which
    /// only run cases.
    pub fn run_script(&mut self, script: &str, timeout: Duration) -> Option<RawOutcome> {
        match &mut self.solver {
            Solver::Calibrated { target, .. } | Solver::Other { target, .. } => {
                Some(target.run(script, timeout))
            }
            Solver::Z3Fresh { .. } | Solver::Z3Inherited { .. } => None,
        }
    }

    /// The solver's statistics after the last execution's query (what
    /// `(get-info :all-statistics)` printed; in process only, else empty).
    pub fn statistics(&self) -> &str {
        match (&self.warm_statistics, &self.solver) {
            (Some(warm), _) => warm,
            (None, Solver::Z3Fresh { worker, .. }) => worker.statistics(),
            (None, _) => "",
        }
    }

    /// Runs one case: prints it once, runs the solver, judges the reply
    /// once. A crash of the solver's worker is a crash verdict; a crash
    /// that kills this process is seen by LibAFL's executor instead.
    pub fn execute(&mut self, case: &Case) -> Judged {
        self.warm_statistics = None;
        let dialect = self.printer.dialect;
        if let Some(why) = not_expressible(dialect, &case.formula, Some(&case.truth)) {
            return Judged::new(Verdict::NotExpressible(why), "", 0);
        }
        if let (Some(why), Some(inc)) = (&self.resets_refused, &case.incremental)
            && inc.resets()
        {
            return Judged::new(Verdict::NotExpressible(why.clone()), "", 0);
        }
        // A check's own model may use characters the whole formula's
        // truth does not show.
        if case.incremental.is_some()
            && let Some(why) = case
                .check_sats()
                .iter()
                .find_map(|(f, c)| not_expressible(dialect, f, Some(&c.truth)))
        {
            return Judged::new(Verdict::NotExpressible(why), "", 0);
        }
        // The case's own settings go first, as set-option lines: the same
        // text on every target (see `truth::Settings::script_lines`).
        // Built once: printed for the solver, and the commands the oracle
        // reads its output against are exactly the printed ones.
        let sent = case.script(false);
        let script = case.settings.script_lines() + &self.printer.script(&sent);
        let mut expected = Expected::from(&case.truth);
        let mut checks = expectations(case);
        if !self.claim_cores {
            expected.core = None;
            for check in &mut checks {
                if let Some(e) = &mut check.expected {
                    e.core = None;
                }
            }
        }
        // An incremental case is judged check-sat by check-sat from the
        // whole output; the check that decided is a field of the result.
        let verdict_of = |reply: &Reply, out: &str| match (&case.incremental, reply) {
            (Some(_), Reply::Answered { .. }) => {
                let judged = judge_checks(&checks, &sent.commands, out, dialect);
                (judged.verdict.clone(), Some(judged.failed()))
            }
            _ => (judge(&case.formula, Some(&expected), reply), None),
        };
        let start = Instant::now();
        let (reply, output) = match &mut self.solver {
            Solver::Z3Fresh { worker, limits } => {
                let limit = limits.next_query();
                let (reply, out) =
                    run_in_worker(worker, limits, limit, &script, Context::Warm, dialect);
                let (verdict, failed) = verdict_of(&reply, &out);
                if !verdict.is_finding() {
                    let solver_ns = start.elapsed().as_nanos() as u64;
                    return Judged::on(case, verdict, failed, out, solver_ns);
                }
                // A warm context keeps state from earlier queries: only
                // what a fresh one says again is a finding. It gets the warm
                // query's limit, and does not calibrate: its start-up
                // would bias the limits.
                self.warm_statistics = Some(worker.statistics().to_string());
                let limit = QueryLimit {
                    probe: false,
                    ..limit
                };
                let (reply, fresh_out) =
                    run_in_worker(worker, limits, limit, &script, Context::Fresh, dialect);
                let (fresh, fresh_failed) = verdict_of(&reply, &fresh_out);
                let solver_ns = start.elapsed().as_nanos() as u64;
                let judged = Judged::on(case, fresh, fresh_failed, fresh_out, solver_ns);
                return self.confirmed(case, judged, verdict, &out);
            }
            Solver::Z3Inherited {
                lib,
                context,
                limits,
            } => {
                // This runs in a fork child: the limits it draws from and
                // records in are shared with the parent and the next child.
                let limits = limits.get();
                let limit = limits.next_query();
                let began = Instant::now();
                let out = inherited_eval(lib, context, &script, limit.soft_ms);
                let reply = Reply::from_output_in(&out, dialect);
                limits.record(limit, decided(&reply), began.elapsed());
                (reply, out)
            }
            Solver::Calibrated { target, limits } => {
                let limit = limits.next_query();
                let outcome = target.run_within(&script, limit.soft_ms, limit.deadline);
                let reply = Reply::from_outcome_in(&outcome, dialect);
                limits.record(limit, decided(&reply), outcome.elapsed());
                let out = raw_output(outcome);
                let (verdict, failed) = verdict_of(&reply, &out);
                // A warm worker keeps state between queries: only what a
                // fresh solver says again is a finding, as for Z3's warm
                // contexts above.
                let fresh = verdict
                    .is_finding()
                    .then(|| target.run_fresh(&script, limit.soft_ms, limit.deadline))
                    .flatten();
                let solver_ns = start.elapsed().as_nanos() as u64;
                let Some(fresh) = fresh else {
                    let judged = Judged::on(case, verdict, failed, out, solver_ns);
                    return self.rechecked(case, judged);
                };
                let fresh_reply = Reply::from_outcome_in(&fresh, dialect);
                let fresh_out = raw_output(fresh);
                let (fresh_verdict, fresh_failed) = verdict_of(&fresh_reply, &fresh_out);
                let judged = Judged::on(case, fresh_verdict, fresh_failed, fresh_out, solver_ns);
                return self.confirmed(case, judged, verdict, &out);
            }
            Solver::Other { target, timeout } => {
                let outcome = target.run(&script, *timeout);
                (
                    Reply::from_outcome_in(&outcome, dialect),
                    raw_output(outcome),
                )
            }
        };
        let solver_ns = start.elapsed().as_nanos() as u64;
        let (verdict, failed) = verdict_of(&reply, &output);
        let judged = Judged::on(case, verdict, failed, output, solver_ns);
        self.rechecked(case, judged)
    }

    /// The fresh solver's judgement `fresh` of a case a warm one judged
    /// `warm` (a finding, printing `warm_output`): a finding again, or the
    /// fresh verdict marked history-dependent.
    fn confirmed(
        &mut self,
        case: &Case,
        fresh: Judged,
        warm: Verdict,
        warm_output: &str,
    ) -> Judged {
        if fresh.verdict.is_finding() {
            return self.rechecked(case, fresh);
        }
        Judged {
            history: Some(History::new(warm, warm_output)),
            ..fresh
        }
    }

    /// A one-shot case labelled unsat and answered sat, asked again for a
    /// model: a model our semantics checks valid contradicts the label,
    /// which is then what is wrong ([`recheck_unsat_label`]), and no
    /// finding. Any other judgement is returned as it is.
    fn rechecked(&mut self, case: &Case, judged: Judged) -> Judged {
        let wrong_sat = matches!(
            judged.verdict,
            Verdict::Unsound {
                expected: Status::Unsat,
                got: Status::Sat
            }
        );
        if !wrong_sat || case.incremental.is_some() {
            return judged;
        }
        let ask = Queries {
            values: true,
            ..Queries::default()
        };
        let script =
            case.settings.script_lines() + &self.printer.script(&case.formula.to_script(None, ask));
        let again = self.ask(&script);
        let (verdict, note) = recheck_unsat_label(&case.formula, judged.verdict.clone(), &again);
        if !matches!(verdict, Verdict::LabelContradicted { .. }) {
            if let Some(note) = note {
                tracing::debug!("the unsat label stands: {note}");
            }
            return judged;
        }
        Judged::on(case, verdict, None, judged.output, judged.solver_ns)
    }

    /// One query outside the judgement (no calibration), on a fresh solver
    /// where the target has one.
    fn ask(&mut self, script: &str) -> Reply {
        let dialect = self.printer.dialect;
        match &mut self.solver {
            Solver::Z3Fresh { worker, limits } => {
                let limit = QueryLimit {
                    probe: false,
                    ..limits.next_query()
                };
                run_in_worker(worker, limits, limit, script, Context::Fresh, dialect).0
            }
            Solver::Z3Inherited {
                lib,
                context,
                limits,
            } => {
                let soft_ms = limits.get().soft_ms();
                Reply::from_output_in(&inherited_eval(lib, context, script, soft_ms), dialect)
            }
            Solver::Calibrated { target, limits } => {
                let soft_ms = limits.soft_ms();
                let deadline = limits.next_query().deadline;
                let outcome = target
                    .run_fresh(script, soft_ms, deadline)
                    .unwrap_or_else(|| target.run_within(script, soft_ms, deadline));
                Reply::from_outcome_in(&outcome, dialect)
            }
            Solver::Other { target, timeout } => {
                Reply::from_outcome_in(&target.run(script, *timeout), dialect)
            }
        }
    }
}

/// Runs `script` on the context a fork child inherited, or on a context of
/// its own when the script needs one, under Z3's soft timeout `soft_ms`.
fn inherited_eval(lib: &Z3Library, context: &mut Z3Context, script: &str, soft_ms: u32) -> String {
    let _inside = InFlight::enter();
    if needs_own_context(script) {
        // Unsat cores, proofs and Z3's own parameters are global
        // parameters read when a context is made: the inherited one was
        // made without them, and refuses the options after the fact. What
        // the child sets dies with it.
        lib.eval_unserialized(script, Some(soft_ms))
    } else {
        // A `(set-option :timeout N)` in the script wins over the global
        // timeout the context was made under.
        let text = format!("(set-option :timeout {soft_ms})\n{script}");
        context.eval(&CString::new(text).unwrap_or_default())
    }
}

/// What a target printed, or what became of it.
fn raw_output(outcome: RawOutcome) -> String {
    match outcome {
        RawOutcome::Finished { stdout, .. } => stdout,
        other => other.to_string(),
    }
}

/// Whether the solver decided the query (sat or unsat): what calibrates
/// the limits.
fn decided(reply: &Reply) -> bool {
    matches!(
        reply,
        Reply::Answered {
            answer: Some(SatAnswer::Sat | SatAnswer::Unsat),
            ..
        }
    )
}

/// One query in the worker under `limit`: the reply and the output (or
/// why there is none). A probe's outcome calibrates `limits`.
fn run_in_worker(
    worker: &mut Z3Process,
    limits: &mut QueryLimits,
    limit: QueryLimit,
    script: &str,
    context: Context,
    dialect: crate::term::Dialect,
) -> (Reply, String) {
    let start = Instant::now();
    match worker.eval(script, context, limit.soft_ms, limit.deadline) {
        ProcessAnswer::Answered(out) => {
            let reply = Reply::from_output_in(&out, dialect);
            limits.record(limit, decided(&reply), start.elapsed());
            (reply, out)
        }
        // Past the deadline: the worker is gone, the next query starts
        // another.
        ProcessAnswer::Timeout => {
            limits.record(limit, false, start.elapsed());
            (
                Reply::Timeout,
                format!("killed at the deadline ({:?})", limit.deadline),
            )
        }
        ProcessAnswer::Crashed { how, printed } => {
            let crash =
                Crash::new(format!("the solver worker died: {how}")).at(crash_site(&printed));
            let output = if printed.is_empty() {
                how
            } else {
                format!("{how}\n{printed}")
            };
            (Reply::Crash(crash), output)
        }
        ProcessAnswer::NotRun(why) => (Reply::NotRun(why.clone()), why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::Model;
    use crate::term::{Dialect, Formula, parse_script};
    use crate::truth::Truth;

    /// A target that keeps state between queries: its warm answer is
    /// `warm`, a fresh solver's `fresh`.
    struct Warm {
        warm: &'static str,
        fresh: &'static str,
    }

    impl Target for Warm {
        fn name(&self) -> String {
            "warm".into()
        }
        fn version(&self) -> String {
            "warm 1".into()
        }
        fn dialect(&self) -> Dialect {
            Dialect::Smtlib26
        }
        fn run(&mut self, _: &str, _: Duration) -> RawOutcome {
            finished(self.warm)
        }
        fn takes_soft_limit(&self) -> bool {
            true
        }
        fn run_fresh(&mut self, _: &str, _: u32, _: Duration) -> Option<RawOutcome> {
            Some(finished(self.fresh))
        }
    }

    fn finished(stdout: &str) -> RawOutcome {
        RawOutcome::Finished {
            stdout: stdout.into(),
            stderr: String::new(),
            exit_code: 0,
            elapsed: Duration::from_millis(1),
        }
    }

    #[test]
    fn a_warm_worker_s_finding_counts_only_if_a_fresh_solver_repeats_it() {
        let script = parse_script("(declare-const x Int)(assert (> x 2))").unwrap();
        let formula = Formula::from_script(&script).unwrap();
        let truth = Truth::Sat {
            model: Model::default(),
        };
        let case = Case::new(formula, truth, Default::default());
        let run = |warm, fresh| {
            let target = Box::new(Warm { warm, fresh });
            let solver = Solver::of_target(target, Duration::from_secs(1));
            assert!(matches!(solver, Solver::Calibrated { .. }));
            Harness::new(solver, Printer::default()).execute(&case)
        };
        // Unsat for a sat formula, and a fresh solver says so too: kept.
        let both = run("unsat\n", "unsat\n");
        assert_eq!(both.verdict.kind(), "unsound");
        assert!(!both.history_dependent());
        // Only the warm worker said it: the fresh verdict, marked.
        let warm_only = run("unsat\n", "unknown\n");
        assert_eq!(warm_only.verdict.kind(), "unknown");
        assert!(warm_only.history_dependent());
        let history = warm_only.history.as_ref().unwrap();
        assert_eq!(history.warm.kind(), "unsound");
        assert_eq!(history.warm_output, "unsat");
        assert_eq!(warm_only.output, "unknown\n", "the fresh output, as it was");
        assert!(warm_only.bucket.is_none(), "no finding, no bucket");
        assert!(
            both.bucket.is_some(),
            "a finding is keyed where it is judged"
        );
        // No finding: no fresh run is asked for.
        let plain = run("unknown\n", "unsat\n");
        assert_eq!(plain.verdict.kind(), "unknown");
        assert!(!plain.history_dependent());
    }
}
