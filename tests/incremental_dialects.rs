//! Each release's incremental dialect, probed through the path the fuzz
//! loop uses (issue 39): the Z3 wheels' libraries in process
//! (`Z3InProcessFork`, `Z3_eval_smtlib2_string` after `PreparedScript`),
//! their binaries (`-in`), cvc5's library in process and the cvc5 binary
//! on PATH. Every probe runs under `:print-success`, as incremental
//! scripts do, so the `k`-th response answers the `k`-th command.
//!
//! The measured table is `docs/incremental-dialects.md`; `EXPECTED` below
//! is that table, and a release that answers otherwise fails the test
//! (a new release, or a target whose path changed, must be read and
//! recorded). A release not in the cache prints a SKIPPED line.

#[path = "common/cvc5.rs"]
mod cvc5;
#[path = "common/solver_cache.rs"]
#[allow(dead_code)]
mod solver_cache;

use std::time::Duration;

use equifuzz::solver::{ProcessTarget, RawOutcome, Target, Z3InProcessFork};
use equifuzz::term::{Response, parse_responses};

/// One probe: a script, and which of its responses says yes.
struct Probe {
    name: &'static str,
    script: &'static str,
    /// The 1-based response that decides, and what it must be for "yes".
    at: usize,
    yes: fn(&Response) -> bool,
}

fn success(r: &Response) -> bool {
    matches!(r, Response::Success)
}

const PROBES: &[Probe] = &[
    Probe {
        name: "keeps declarations at reset-assertions",
        script: "(set-option :print-success true)(declare-const x Int)(reset-assertions)\
                 (assert (= x 1))",
        at: 4,
        yes: success,
    },
    Probe {
        name: "takes :global-declarations",
        script: "(set-option :print-success true)(set-option :global-declarations true)",
        at: 2,
        yes: success,
    },
    Probe {
        name: "keeps declarations at reset-assertions under :global-declarations",
        script: "(set-option :print-success true)(set-option :global-declarations true)\
                 (declare-const x Int)(reset-assertions)(assert (= x 1))",
        at: 5,
        yes: success,
    },
    Probe {
        name: "takes a declaration again after pop",
        script: "(set-option :print-success true)(push 1)(declare-const x Int)(pop 1)\
                 (declare-const x Int)",
        at: 5,
        yes: success,
    },
    Probe {
        name: "answers get-unsat-assumptions",
        script: "(set-option :print-success true)(set-option :produce-unsat-assumptions true)\
                 (declare-const p Bool)(assert (not p))(check-sat-assuming (p))\
                 (get-unsat-assumptions)",
        at: 6,
        yes: |r| matches!(r, Response::UnsatCore(v) if v == &["p".to_string()]),
    },
    Probe {
        name: "answers get-value after reset-assertions",
        script: "(set-option :print-success true)(set-option :produce-models true)\
                 (declare-const x Int)(assert (= x 1))(check-sat)(reset-assertions)\
                 (assert (= x 2))(check-sat)(get-value (x))",
        at: 9,
        yes: |r| matches!(r, Response::Values(v) if v.len() == 1 && v[0].is_ok()),
    },
    Probe {
        name: "takes a :named name again in a later scope",
        script: "(set-option :print-success true)(declare-const x Int)(push 1)\
                 (assert (! (= x 1) :named a0))(pop 1)(assert (! (= x 2) :named a0))",
        at: 6,
        yes: success,
    },
    Probe {
        name: "reads RegLan",
        script: "(set-option :print-success true)(declare-const r RegLan)",
        at: 2,
        yes: success,
    },
    Probe {
        name: "prints a model of (Seq Int) that we read",
        script: "(set-option :print-success true)(set-option :produce-models true)\
                 (declare-const s (Seq Int))(assert (= (seq.len s) 1))(check-sat)\
                 (get-value (s))",
        at: 6,
        yes: |r| matches!(r, Response::Values(v) if v.len() == 1 && v[0].is_ok()),
    },
];

/// The table of `docs/incremental-dialects.md`: per target, one letter per
/// probe in `PROBES` order (`y`es, `n`o).
const EXPECTED: &[(&str, &str)] = &[
    ("z3-4.8.5.0 lib", "nynynnyny"),
    ("z3-4.8.5.0 bin", "nyyyynyny"),
    ("z3-4.8.7.0 lib", "nynynnyny"),
    ("z3-4.8.7.0 bin", "nyyyynyny"),
    ("z3-4.8.8.0 lib", "yyyynyyny"),
    ("z3-4.8.8.0 bin", "yyyyyyyny"),
    ("z3-4.8.10.0 lib", "yyyynyyyy"),
    ("z3-4.8.10.0 bin", "yyyyyyyyy"),
    ("z3-4.8.14.0 lib", "yyyynyyyy"),
    ("z3-4.8.14.0 bin", "yyyyyyyyy"),
    ("z3-5.4.1.0 lib", "yyyynyyyy"),
    ("z3-5.4.1.0 bin", "yyyyyyyyy"),
    ("cvc5-1.0.3 bin", "nyyyynyyy"),
    ("cvc5-1.4.2 lib", "nyyyynyyy"),
];

fn row(target: &mut dyn Target) -> String {
    PROBES
        .iter()
        .map(|p| {
            let out = match target.run(p.script, Duration::from_secs(10)) {
                RawOutcome::Finished { stdout, .. } => stdout,
                other => panic!("{}: {other:?}", p.name),
            };
            let responses = parse_responses(&out);
            match responses.get(p.at - 1) {
                Some(r) if (p.yes)(r) => 'y',
                _ => 'n',
            }
        })
        .collect()
}

fn check(name: &str, target: &mut dyn Target, mismatches: &mut Vec<String>) {
    let got = row(target);
    let want = EXPECTED.iter().find(|(n, _)| *n == name).map(|(_, w)| *w);
    eprintln!("{name:16} {got}");
    if want != Some(got.as_str()) {
        let said: Vec<String> = PROBES
            .iter()
            .zip(got.chars())
            .map(|(p, c)| format!("  {c} {}", p.name))
            .collect();
        mismatches.push(format!(
            "{name}: {got}, the table says {want:?}\n{}",
            said.join("\n")
        ));
    }
}

#[test]
fn every_release_answers_the_incremental_probes_as_the_table_says() {
    let test = "every_release_answers_the_incremental_probes_as_the_table_says";
    let mut mismatches = Vec::new();
    for version in [
        "4.8.5.0", "4.8.7.0", "4.8.8.0", "4.8.10.0", "4.8.14.0", "5.4.1.0",
    ] {
        if let Some(lib) = solver_cache::z3_lib_or_skip(version, test) {
            let mut target = Z3InProcessFork::load(Some(&lib)).unwrap();
            check(&format!("z3-{version} lib"), &mut target, &mut mismatches);
            // The fuzz loop's own probe agrees with the table's first column.
            let forgets = Z3InProcessFork::load(Some(&lib))
                .unwrap()
                .forgets_declarations_at_reset();
            // Its script sets `:global-declarations` (third column).
            let keeps = EXPECTED
                .iter()
                .find(|(n, _)| *n == format!("z3-{version} lib"))
                .is_some_and(|(_, w)| w.as_bytes()[2] == b'y');
            assert_eq!(forgets, !keeps, "z3 {version}");
        }
        if let Some(bin) = solver_cache::z3_binary_or_skip(version, test) {
            let mut target = ProcessTarget::new("z3", bin.to_str().unwrap(), &["-in"]).unwrap();
            check(&format!("z3-{version} bin"), &mut target, &mut mismatches);
        }
    }
    match solver_cache::cvc5_lib_or_skip(test) {
        Some(lib) if lib.to_string_lossy().contains("1.4.2") => {
            let lib = equifuzz::solver::Cvc5Library::load(&lib).unwrap();
            let mut target = equifuzz::solver::Cvc5InProcessFork::new(lib, &[]).unwrap();
            check("cvc5-1.4.2 lib", &mut target, &mut mismatches);
        }
        Some(lib) => eprintln!("SKIPPED: {test}: {} is not cvc5 1.4.2", lib.display()),
        None => {}
    }
    if cvc5::cvc5_or_skip(test) {
        let mut target = ProcessTarget::cvc5().unwrap();
        if target.version().contains("1.0.3") {
            check("cvc5-1.0.3 bin", &mut target, &mut mismatches);
        } else {
            eprintln!("SKIPPED: {test}: the cvc5 on PATH is {}", target.version());
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
