//! Fuzzes the libz3 loaded in this process (`EQUIFUZZ_Z3_LIB=/path/libz3.so`,
//! else `lib/libz3.so` beside the target as OSS-Fuzz's build.sh installs
//! it, else the system one): the input is
//! a case's recipe (see `common.rs`), executed and judged by
//! `equifuzz::execute::Harness` as every equifuzz command judges a case
//! (the release's dialect, what it cannot express never sent, an
//! incremental script check by check, an unsat label answered sat asked for
//! a model); a wrong sat/unsat, an invalid model or an invalid core is written as an equifuzz finding (`.smt2` and
//! `.postcard` under `$EQUIFUZZ_FINDINGS`, default `findings/`), its
//! `.smt2` printed, and the target panics, so libFuzzer saves the input as
//! a crash. The crash file replays with the target binary itself
//! (`z3_soundness crash-...`) and the `.smt2` with `equifuzz run`.
#![no_main]

use std::cell::RefCell;
use std::path::PathBuf;
use std::time::Duration;

use equifuzz::execute::{Harness, Solver};
use equifuzz::finding::{smt2_text, write_finding};
use equifuzz::solver::z3::target::Z3InProcess;
use equifuzz::solver::{SolverInfo, Target, Z3Library};
use equifuzz::source::Recipe;
use equifuzz::term::Printer;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

/// The per-query limit, ms (also in the replay line, so `equifuzz run`
/// gives the solver the same soft timeout).
const TIMEOUT_MS: u64 = 2_000;

/// The solver, opened once, and what a finding says of it.
struct Loaded {
    harness: Harness,
    printer: Printer,
    solver: SolverInfo,
}

fn open() -> Loaded {
    // OSS-Fuzz runs a target with no variables of ours: build.sh puts
    // the instrumented libz3 in `lib/` beside it.
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("lib/libz3.so")))
        .filter(|p| p.is_file());
    let path = std::env::var_os("EQUIFUZZ_Z3_LIB")
        .map(PathBuf::from)
        .or(beside);
    let lib = Z3Library::load(path.as_deref()).expect("libz3 loads");
    let path = lib.path().display().to_string();
    // In this process, no worker: libFuzzer counts the edges of the libz3
    // loaded here. Each query runs on a fresh context.
    let target = Z3InProcess::new(lib);
    let printer = Printer::new(target.dialect());
    let solver = SolverInfo {
        name: "z3".into(),
        version: target.version(),
        options: format!("libFuzzer target z3_soundness, timeout={TIMEOUT_MS}ms"),
        replay: format!(
            "--target z3-inprocess --solver-lib {} --timeout {TIMEOUT_MS}ms",
            shlex::try_quote(&path).map_or(path.clone(), |q| q.into_owned())
        ),
    };
    let timeout = Duration::from_millis(TIMEOUT_MS);
    Loaded {
        harness: Harness::new(Solver::fixed(Box::new(target), timeout), printer),
        printer,
        solver,
    }
}

thread_local! {
    // libFuzzer calls the target on one thread; the harness is not shared.
    static Z3: RefCell<Loaded> = RefCell::new(open());
}

fuzz_target!(
    // Opened before the first input: a libz3 built with
    // `-fsanitize=fuzzer-no-link` registers its counters as it loads, and
    // libFuzzer takes the modules registered by then into its coverage.
    init: {
        Z3.with(|_| ());
    },
    |recipe: Recipe| {
        let case = recipe.case(common::kit());
        Z3.with_borrow_mut(|z3| {
            let judged = z3.harness.execute(&case);
            if !judged.verdict.is_finding() {
                return;
            }
            let info = judged.info(&z3.solver);
            let dir = std::env::var_os("EQUIFUZZ_FINDINGS")
                .map_or_else(|| PathBuf::from("findings"), PathBuf::from);
            let written = write_finding(&dir, &case, &info, &z3.printer);
            let text = smt2_text(&case, Some(&info), &Printer::default());
            match written {
                Ok(Some(path)) => eprintln!("equifuzz finding written: {}", path.display()),
                Ok(None) => eprintln!("equifuzz finding already written under {}", dir.display()),
                Err(e) => eprintln!("equifuzz finding not written ({e})"),
            }
            panic!("{}\n{text}", judged.verdict);
        })
    }
);
