//! The solver releases the bit-vector tests ask (`bitvec_dialects.rs`,
//! `bitvec_vs_solvers.rs`), each with the dialect its version string
//! gives it and a function from a script to the solver's answer text.
//!
//! The system libz3 is always there (CI installs it): a missing one fails.
//! Z3 wheels and cvc5 1.4.2's libcvc5 come from the cache
//! (`scripts/install-solvers.sh`); cvc5 1.0.3 is Debian's binary on PATH.
//! A release that is missing prints `SKIPPED: <test>: why` and is left out.
//! Every query runs in a forked child (libz3, libcvc5) or a process of its
//! own, so several libz3 releases can be asked from one test process.

use std::path::Path;
use std::time::Duration;

use equifuzz::solver::{
    Cvc5InProcessFork, Cvc5Library, RawOutcome, SolverOption, Target, Z3InProcessFork,
    dialect_of_version,
};
use equifuzz::term::{Dialect, Formula, Printer};

use super::cvc5;
use super::solver_cache;

/// How long one query may take: constant terms are answered in
/// milliseconds, a batch of a few hundred in well under a second.
pub const DEADLINE: Duration = Duration::from_secs(20);

/// One solver release.
pub struct Release {
    /// `z3-4.8.12`, `cvc5-1.4.2`: the key of the known-deviation list.
    pub name: String,
    /// What it reads, from its version string.
    pub dialect: Dialect,
    /// How long one query may take ([`DEADLINE`] unless said).
    pub deadline: Duration,
    run: Box<Ask>,
}

/// A release's answer to a script within a deadline.
type Ask = dyn FnMut(&str, Duration) -> String;

impl Release {
    /// The solver's answer to `script` (for cvc5 after `(set-logic ALL)`):
    /// its output, `timeout`, or `(error "...")` for a crash.
    pub fn run(&mut self, script: &str) -> String {
        (self.run)(script, self.deadline)
    }

    /// The script of `f` in this release's dialect, without the
    /// assertion at `dropped`: what the rows-vs-solvers tests ask of a
    /// core (whole, and with each core assertion dropped).
    #[allow(dead_code)]
    pub fn script(&self, f: &Formula, dropped: Option<usize>) -> String {
        let p = Printer::new(self.dialect);
        let mut s = String::new();
        for (n, sort) in &f.decls {
            s.push_str(&format!("(declare-fun {n} () {sort})\n"));
        }
        for (k, a) in f.assertions.iter().enumerate() {
            if Some(k) != dropped {
                s.push_str(&format!("(assert {})\n", p.term(&a.term)));
            }
        }
        s.push_str("(check-sat)\n");
        s
    }

    /// The release with queries cut at `deadline`: for tests whose hard
    /// queries may end unknown (counted, not failed), so that they cost
    /// CI seconds rather than minutes. (Only `fp_rows_vs_solvers` does:
    /// the other includers of this module would warn.)
    #[allow(dead_code)]
    pub fn with_deadline(self, deadline: Duration) -> Release {
        Release { deadline, ..self }
    }
}

fn answer(outcome: RawOutcome) -> String {
    match outcome {
        RawOutcome::Finished { stdout, .. } => stdout,
        RawOutcome::Timeout { .. } => "timeout".into(),
        other => format!("(error \"{other:?}\")"),
    }
}

fn z3_release(path: Option<&Path>) -> Release {
    let mut z3 = Z3InProcessFork::load(path).expect("the libz3 loads");
    let version = z3.library().version();
    let name = format!(
        "z3-{}",
        version.trim_start_matches("Z3 ").trim_end_matches(".0")
    );
    Release {
        name,
        dialect: dialect_of_version(&version),
        deadline: DEADLINE,
        run: Box::new(move |s, d| answer(z3.run(s, d))),
    }
}

/// The system libz3 (4.8.12 on Debian 12): always present.
pub fn system_z3() -> Release {
    z3_release(None)
}

/// The libz3 of the wheel of `version` (`5.4.1.0`), if cached.
pub fn z3_wheel(version: &str, test: &str) -> Option<Release> {
    let path = solver_cache::z3_lib_or_skip(version, test)?;
    Some(z3_release(Some(&path)))
}

/// cvc5 1.4.2's libcvc5 (the wheel's, or `EQUIFUZZ_CVC5_LIB`), in process.
pub fn cvc5_lib(test: &str) -> Option<Release> {
    cvc5_lib_with(test, &[])
}

/// [`cvc5_lib`] with options (`("fp-exp", "true")`: formats other than
/// Float32 and Float64).
pub fn cvc5_lib_with(test: &str, options: &[(&str, &str)]) -> Option<Release> {
    let path = solver_cache::cvc5_lib_or_skip(test)?;
    let lib = Cvc5Library::load(&path).expect("the libcvc5 loads");
    let version = lib.version().to_string();
    let options: Vec<SolverOption> = options
        .iter()
        .map(|(k, v)| SolverOption {
            key: (*k).into(),
            value: (*v).into(),
        })
        .collect();
    let mut cvc5 = Cvc5InProcessFork::new(lib, &options).expect("a cvc5 solver");
    Some(Release {
        name: version.replace(' ', "-"),
        dialect: dialect_of_version(&version),
        deadline: DEADLINE,
        run: Box::new(move |s, d| answer(cvc5.run(&format!("(set-logic ALL)\n{s}"), d))),
    })
}

/// The cvc5 binary on PATH (Debian's 1.0.3), if there (under CI it must be).
pub fn cvc5_binary(test: &str) -> Option<Release> {
    cvc5_binary_with(test, &[])
}

/// [`cvc5_binary`] with more command-line flags (`--fp-exp`).
pub fn cvc5_binary_with(test: &str, flags: &'static [&'static str]) -> Option<Release> {
    if !cvc5::cvc5_or_skip(test) {
        return None;
    }
    let name = cvc5::binary_name();
    let version = name.replacen('-', " ", 1);
    Some(Release {
        dialect: dialect_of_version(&version),
        name,
        deadline: DEADLINE,
        run: Box::new(move |s, d| {
            let tlimit = format!("--tlimit-per={}", d.as_millis());
            let mut args = vec!["--lang", "smt2", tlimit.as_str()];
            args.extend(flags);
            cvc5::run_binary(&args, s)
        }),
    })
}
