//! The Z3 worker's warm contexts: what it keeps between the queries sent
//! as [`Context::Warm`](super::worker::Context::Warm).
//!
//! # Invariants
//!
//! - A warm query runs on a context the worker keeps (one with unsat cores,
//!   one without: the front end fixes that option when it is built),
//!   emptied with `(reset)` after each query (and `:print-success` put
//!   back off, which Z3's `(reset)` keeps) and replaced after
//!   [`WARM_USES`] queries. On the Z3 4.8.14 wheel a fresh context's first
//!   eval (context, front end, solver and its tactic) took about half the
//!   CPU time of a trivial query (`scripts/bench-efficiency.sh`); `(reset)`
//!   rebuilds only the solver.
//! - A query that sets a Z3 parameter of its own (a case's settings, as
//!   `(set-option :smt.relevancy 0)`: a process-wide global parameter, see
//!   `super`) leaves no trace in the next: after its reply the
//!   worker puts back the values those parameters had before it (the
//!   defaults or the campaign's `--solver-option`s) and replaces the warm
//!   context it ran on instead of resetting it, since a context keeps what
//!   the query set. The cost is a new warm context per such query
//!   (`benches/settings_leak.rs`, docs/settings.md).
//! - A query that asks for proofs runs on a fresh context made with them
//!   even when sent as warm (see `super`).
//! - The soft timeout of a warm query is set with `(set-option :timeout N)`
//!   before the script (options survive `(reset)`).

use std::ffi::CString;

use super::library::{Z3Context, Z3Library};
use super::script::PreparedScript;

/// Queries a warm context answers before the worker replaces it, so that
/// what `(reset)` keeps cannot pile up without bound.
pub(super) const WARM_USES: u32 = 256;

/// The worker's warm contexts, without and with unsat cores, and how many
/// queries each has answered.
#[derive(Default)]
pub(super) struct WarmContexts {
    slots: [Option<(Z3Context, u32)>; 2],
    /// The slot the last query used, to reset.
    last: Option<usize>,
    /// The global parameters the last query set, as they were before it:
    /// its context goes, and they are put back.
    saved: Vec<(CString, CString)>,
}

impl WarmContexts {
    /// Runs `script` on the warm context it needs (or a fresh one, for
    /// proofs) with the soft timeout `soft_ms`: what Z3 printed.
    pub(super) fn eval(&mut self, lib: &Z3Library, script: &str, soft_ms: u32) -> String {
        let Some(prepared) = PreparedScript::new(script) else {
            return "(error \"the script contains a NUL byte\")".into();
        };
        if prepared.proofs {
            // Proofs need a context made with them: one of its own.
            self.last = None;
            return lib.eval_unserialized(script, Some(soft_ms));
        }
        let i = usize::from(prepared.unsat_cores);
        if self.slots[i]
            .as_ref()
            .is_none_or(|(_, uses)| *uses >= WARM_USES)
        {
            self.slots[i] = None;
            // Read when the front end is built, at the first eval below.
            lib.set_unsat_cores(prepared.unsat_cores);
            self.slots[i] = Some((lib.mk_context(), 0));
        }
        let (ctx, uses) = self.slots[i].as_mut().expect("made above");
        *uses += 1;
        self.last = Some(i);
        self.saved = lib.save_parameters(&prepared.parameters);
        let set = CString::new(format!("(set-option :timeout {soft_ms})")).expect("digits");
        ctx.eval(&set);
        ctx.eval(&prepared.text)
    }

    /// The solver's counters after the last query, on its context (before
    /// the reset empties them).
    pub(super) fn statistics(&mut self) -> String {
        match self.last.and_then(|i| self.slots[i].as_mut()) {
            Some((ctx, _)) => ctx.eval(c"(get-info :all-statistics)"),
            None => String::new(),
        }
    }

    /// Empties the context the last query used, or replaces it and
    /// restores the global parameters when the query set some of its own.
    pub(super) fn reset(&mut self, lib: &Z3Library) {
        let Some(i) = self.last.take() else {
            return;
        };
        let saved = std::mem::take(&mut self.saved);
        if !saved.is_empty() {
            self.slots[i] = None;
            lib.restore_parameters(&saved);
        } else if let Some((ctx, _)) = self.slots[i].as_mut() {
            // Z3's `(reset)` keeps `:print-success` on: the next query's
            // commands before its own would answer `success` (a case's
            // settings come first), lines the oracle does not expect.
            ctx.eval(c"(reset)(set-option :print-success false)");
        }
    }
}
