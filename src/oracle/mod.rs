//! The verdict: a solver's answer judged against the ground truth.
//!
//! The verdicts are those of the ICSE 2020 paper's Table 4 — sat, unsat,
//! unknown, timeout, error, crash, incorrect model, incorrect unsat core —
//! refined so that only what is certainly a solver bug counts as a
//! soundness finding:
//!
//! - [`Verdict::Unsound`]: the answer contradicts the known status.
//! - [`Verdict::InvalidModel`]: the solver said sat and gave values under
//!   which an assertion evaluates to false with our semantics. A model that
//!   cannot be evaluated (an unspecified `div` by zero, a value we cannot
//!   read) is *not* invalid: the check is inconclusive and said so.
//! - [`Verdict::InvalidCore`]: the solver's core omits an assertion of the
//!   unique minimal core, so it claims a satisfiable set unsat.
//! - [`Verdict::Crash`]: a signal, an abort or an `exit()` inside the solver.
//!
//! A file labelled unsat that the solver answers sat, with a model that
//! satisfies the formula under our semantics, is
//! [`Verdict::LabelContradicted`]: the label is wrong, not the solver
//! ([`recheck_unsat_label`]). Only a model checked valid proves that; an
//! inconclusive check leaves the verdict [`Verdict::Unsound`].
//!
//! A formula the solver's release cannot express (an operator it lacks, a
//! character above its alphabet: [`not_expressible`]) is never sent; its
//! verdict is [`Verdict::NotExpressible`], counted and never a finding.
//!
//! **Quantifiers** (issue 41). A sat answer's model is the solver's values
//! of the *declared* constants; a bound variable has none. An assertion
//! with a quantifier is evaluated only where its value is decided exactly
//! (see `semantics::quantifier`): every instance of a small finite domain
//! (Bool, bit-vectors up to 8 bits, at most 256 instances), a closed
//! `forall` the case carries as valid, or an `exists` whose body our own
//! witness makes true under the *solver's* values (that proves the
//! `exists` true; a witness that fails proves nothing, since the solver's
//! model may need another). Anything else is unevaluable: the model check
//! is inconclusive, never [`Verdict::InvalidModel`] — unless another
//! assertion is false under the model, which is reported whatever the
//! quantified ones are. The status itself is judged as for any formula: an
//! unsat label answered sat, or a sat label answered unsat, is
//! [`Verdict::Unsound`].
//!
//! A core with extra assertions is [`Verdict::ImpreciseCore`]: imprecise,
//! not unsound. An `(error ...)` before the answer makes the whole answer
//! [`Verdict::Error`]: Z3 skips a command it cannot parse and goes on, so
//! its answer would be about a different formula.
//!
//! From a solver's output to a verdict, one file each: the output read
//! ([`Reply`]), the verdicts ([`Verdict`]), one reply judged ([`judge`]),
//! its model read ([`model_from_values`]) and its crash site
//! ([`crash_site`]), an unsat label rechecked ([`recheck_unsat_label`]),
//! what a release can express ([`not_expressible`]), and an incremental
//! script judged check by check ([`judge_script`]).

mod crash;
mod expectation;
mod expressible;
mod judge;
mod label;
mod model;
mod reply;
mod script;
mod script_output;
mod verdict;

pub use crash::{Crash, SiteParts, crash_site};
pub use expectation::{Expectation, expectations};
pub use expressible::not_expressible;
pub use judge::{Expected, judge, judge_with};
pub use label::recheck_unsat_label;
pub use model::model_from_values;
pub use reply::Reply;
pub use script::{FailedCheck, ScriptVerdict, judge_checks, judge_script};
pub use verdict::{Check, Verdict};
