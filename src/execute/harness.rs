//! One execution: print the case once, run the solver, judge the reply
//! once, and return the [`Judged`] result ([`Harness::execute`]), for
//! either loop.
//!
//! # Invariants
//!
//! - A case the solver's release cannot express is not sent: its verdict is
//!   `not-expressible` ([`not_expressible`]), and the printer and the reply
//!   reader follow the release's dialect.
//! - The harness knows a solver only as a [`Target`] and the limits its
//!   queries run under ([`Solver`]): which solver it is, and that solver's
//!   rules (Z3's global parameters, its contexts), are the target's
//!   (`crate::solver`).
//! - A warm target's statistics after the query (Z3's counters in its
//!   worker: [`Target::statistics`]) are kept for the statistics map
//!   ([`Harness::statistics`]; see
//!   [`statistics`](crate::fuzz::observe::statistics)).
//! - The harness never writes files and never touches the fuzzer state: it
//!   may run in a fork child whose memory vanishes. Everything it knows is
//!   in the [`Judged`] it returns (which the LibAFL loop puts in the
//!   observers' slot) and in [`Harness::statistics`].
//! - A target that takes a soft limit ([`Target::takes_soft_limit`]: libz3
//!   and cvc5 in process, the cvc5 and z3 binaries) gets the solver's own
//!   soft timeout below the hard one, so a slow query usually ends with
//!   `unknown`, not with a kill; that timeout and the deadline are
//!   calibrated from the answer times of probe queries ([`QueryLimits`]),
//!   under `--timeout`, in this process or across LibAFL's fork children
//!   ([`SharedLimits`]).
//! - In process, the solver runs in a warm worker process (Z3's and
//!   cvc5's, in `solver`), and the harness waits for it with a deadline,
//!   in normal code: a query past it (one that ignores the soft timeout)
//!   costs the worker, killed and forked again, never the client; a crash
//!   of the solver is a crash verdict, and the client goes on. LibAFL's
//!   own timeout, a signal handler that runs the feedbacks on the
//!   interrupted thread, is only the last backstop.
//! - A warm worker's answer may depend on the queries before it (Z3's warm
//!   contexts are reset between queries, see `solver::z3::worker`). A
//!   verdict that is a finding there is re-run on a fresh solver
//!   ([`Target::run_fresh`]), as a user's `z3 file.smt2` runs it, and only
//!   the fresh verdict is stored: a finding the fresh solver does not
//!   repeat is stored as the fresh verdict, marked history-dependent
//!   (counted apart, never reported as a finding). The query is the case's
//!   whole script: an incremental case whose third `check-sat` is wrong on
//!   the warm context is replayed from its first command on the fresh one.
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
//!   the verdict carries it as the crash's site ([`Crash`]). How it died
//!   is told without the time the query took ([`reply_of`]). The bug
//!   signature of such a crash is that site, not the formula's operators,
//!   so one failing assertion reached by many formulas is one finding, not
//!   thousands (see `feedback::objective::signature`).

use std::time::{Duration, Instant};

use super::judged::{History, Judged};
use super::limits::QueryLimits;
use super::shared_limits::SharedLimits;
use crate::oracle::{
    Expected, Reply, Verdict, expectations, judge_checks, judge_with, not_expressible,
    recheck_unsat_label,
};
use crate::solver::{RawOutcome, Target};
use crate::term::{Printer, Queries, SatAnswer};
use crate::truth::{Case, Status};

/// How the solver is reached: a target, and the limits its queries run
/// under.
pub struct Solver {
    target: Box<dyn Target>,
    limits: Limits,
}

/// The time limits of a solver's queries.
enum Limits {
    /// A soft limit and a deadline per query, calibrated from the answer
    /// times: a target that takes a soft limit
    /// ([`Target::takes_soft_limit`]: libz3 and cvc5 in process, the cvc5
    /// and z3 binaries). Boxed: the probes' ring is a kilobyte.
    Calibrated(Box<QueryLimits>),
    /// The same, in memory shared with LibAFL's fork children, which each
    /// run one query: calibrated across the children (the deadline stays
    /// LibAFL's fork timeout, `--timeout`).
    Shared(SharedLimits),
    /// Any other target (a solver binary, isolated by its own process):
    /// this hard timeout for every query.
    Hard(Duration),
}

impl Limits {
    /// The calibrated limits, or the hard timeout of every query.
    fn get(&mut self) -> Result<&mut QueryLimits, Duration> {
        match self {
            Limits::Calibrated(limits) => Ok(limits),
            Limits::Shared(shared) => Ok(shared.get()),
            Limits::Hard(timeout) => Err(*timeout),
        }
    }
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

    /// A target that runs in LibAFL's fork children (libz3 on a context
    /// they inherit), under `limits` calibrated across the children.
    pub fn shared(target: Box<dyn Target>, limits: SharedLimits) -> Self {
        Solver {
            target,
            limits: Limits::Shared(limits),
        }
    }

    /// A target under `limits` if it takes a soft limit, else under the
    /// hard `timeout` for every query.
    fn under(target: Box<dyn Target>, timeout: Duration, limits: QueryLimits) -> Self {
        let limits = if target.takes_soft_limit() {
            Limits::Calibrated(Box::new(limits))
        } else {
            Limits::Hard(timeout)
        };
        Solver { target, limits }
    }
}

/// Runs cases and judges them.
pub struct Harness {
    solver: Solver,
    printer: Printer,
    /// Why a script that resets its assertions is not sent
    /// ([`Target::refuses_reset_assertions`]).
    resets_refused: Option<String>,
    /// The warm query's statistics when a fresh solver ran after it (the
    /// target keeps only the last query's).
    warm_statistics: Option<String>,
    /// Whether unsat cores are judged ([`Harness::claiming_cores`]).
    claim_cores: bool,
}

impl Harness {
    /// A harness on `solver` that prints with `printer`.
    pub fn new(solver: Solver, printer: Printer) -> Self {
        let resets_refused = solver.target.refuses_reset_assertions();
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
    /// `timeout`.
    pub fn run_script(&mut self, script: &str, timeout: Duration) -> RawOutcome {
        self.solver.target.run(script, timeout)
    }

    /// The solver's statistics after the last execution's query (what
    /// `(get-info :all-statistics)` printed: [`Target::statistics`]).
    pub fn statistics(&self) -> &str {
        match &self.warm_statistics {
            Some(warm) => warm,
            None => self.solver.target.statistics(),
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
            _ => (
                judge_with(&case.formula, Some(&expected), reply, &case.witnesses),
                None,
            ),
        };
        let start = Instant::now();
        let target = &mut self.solver.target;
        let limits = match self.solver.limits.get() {
            Ok(limits) => limits,
            Err(timeout) => {
                let outcome = target.run(&script, timeout);
                let reply = Reply::from_outcome_in(&outcome, dialect);
                let out = raw_output(outcome);
                let solver_ns = start.elapsed().as_nanos() as u64;
                let (verdict, failed) = verdict_of(&reply, &out);
                let judged = Judged::on(case, verdict, failed, out, solver_ns);
                return self.rechecked(case, judged);
            }
        };
        let limit = limits.next_query();
        let outcome = target.run_within(&script, limit.soft_ms, limit.deadline);
        let reply = Reply::from_outcome_in(&outcome, dialect);
        limits.record(limit, decided(&reply), outcome.elapsed());
        let out = raw_output(outcome);
        let (verdict, failed) = verdict_of(&reply, &out);
        // A warm worker keeps state between queries: only what a fresh
        // solver says again is a finding. It gets the warm query's limit,
        // and does not calibrate: its start-up would bias the limits.
        let fresh = if verdict.is_finding() {
            self.warm_statistics = Some(target.statistics().to_string());
            target.run_fresh(&script, limit.soft_ms, limit.deadline)
        } else {
            None
        };
        let solver_ns = start.elapsed().as_nanos() as u64;
        let Some(fresh) = fresh else {
            let judged = Judged::on(case, verdict, failed, out, solver_ns);
            return self.rechecked(case, judged);
        };
        let fresh_reply = Reply::from_outcome_in(&fresh, dialect);
        let fresh_out = raw_output(fresh);
        let (fresh_verdict, fresh_failed) = verdict_of(&fresh_reply, &fresh_out);
        let judged = Judged::on(case, fresh_verdict, fresh_failed, fresh_out, solver_ns);
        self.confirmed(case, judged, verdict, &out)
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
        let target = &mut self.solver.target;
        let outcome = match self.solver.limits.get() {
            Ok(limits) => {
                let soft_ms = limits.soft_ms();
                let deadline = limits.next_query().deadline;
                target
                    .run_fresh(script, soft_ms, deadline)
                    .unwrap_or_else(|| target.run_within(script, soft_ms, deadline))
            }
            Err(timeout) => target.run(script, timeout),
        };
        Reply::from_outcome_in(&outcome, self.printer.dialect)
    }
}

/// What a target printed, or what became of it: for a solver that died,
/// what it said as it died too (an assertion's file and line).
fn raw_output(outcome: RawOutcome) -> String {
    let (how, stderr) = match &outcome {
        RawOutcome::Finished { .. } => return outcome.stdout().to_string(),
        RawOutcome::Crashed {
            description,
            stderr,
            ..
        } => (description.clone(), stderr),
        RawOutcome::OutOfMemory { stderr, .. } => (outcome.to_string(), stderr),
        _ => return outcome.to_string(),
    };
    if stderr.is_empty() {
        how
    } else {
        format!("{how}\n{stderr}")
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

    /// A target whose solver dies after `ms` ms, saying where.
    struct Dies {
        ms: u64,
    }

    impl Target for Dies {
        fn name(&self) -> String {
            "dies".into()
        }
        fn version(&self) -> String {
            "dies 1".into()
        }
        fn dialect(&self) -> Dialect {
            Dialect::Smtlib26
        }
        fn run(&mut self, _: &str, _: Duration) -> RawOutcome {
            RawOutcome::Crashed {
                cause: crate::solver::CrashCause::Signal(6),
                description: "the solver worker died: killed by SIGABRT".into(),
                partial_stdout: String::new(),
                stderr: "ASSERTION VIOLATION\nFile: seq.cpp\nLine: 508\n".into(),
                elapsed: Duration::from_millis(self.ms),
            }
        }
        fn takes_soft_limit(&self) -> bool {
            true
        }
    }

    #[test]
    fn a_crash_is_told_by_how_and_where_the_solver_died_not_when() {
        let script = parse_script("(declare-const x Int)(assert (> x 2))").unwrap();
        let formula = Formula::from_script(&script).unwrap();
        let truth = Truth::Sat {
            model: Model::default(),
        };
        let case = Case::new(formula, truth, Default::default());
        let run = |ms| {
            let solver = Solver::of_target(Box::new(Dies { ms }), Duration::from_secs(1));
            Harness::new(solver, Printer::default()).execute(&case)
        };
        let (fast, slow) = (run(3), run(700));
        let Verdict::Crash(crash) = &fast.verdict else {
            panic!("{}", fast.verdict)
        };
        assert_eq!(crash.how, "the solver worker died: killed by SIGABRT");
        assert!(crash.site.contains("Line: 508"), "{crash}");
        assert_eq!(fast.verdict.to_string(), slow.verdict.to_string());
        assert_eq!(fast.output, slow.output);
        assert!(
            fast.output.contains("ASSERTION VIOLATION"),
            "{}",
            fast.output
        );
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
            assert!(matches!(solver.limits, Limits::Calibrated(_)));
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
