//! Fuzzes the libz3 loaded in this process (`EQUIFUZZ_Z3_LIB=/path/libz3.so`,
//! else `lib/libz3.so` beside the target as OSS-Fuzz's build.sh installs
//! it, else the system one): the input is
//! a case's recipe (see `common.rs`); a wrong sat/unsat, an invalid model
//! or an invalid core is written as an equifuzz finding (`.smt2` and
//! `.postcard` under `$EQUIFUZZ_FINDINGS`, default `findings/`), its
//! `.smt2` printed, and the target panics, so libFuzzer saves the input as
//! a crash. The crash file replays with the target binary itself
//! (`z3_soundness crash-...`) and the `.smt2` with `equifuzz run`.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use equifuzz::oracle::{Expected, Reply, judge, not_expressible};
use equifuzz::solver::dialect_of_version;
use equifuzz::solver::Z3Library;
use equifuzz::source::Recipe;
use equifuzz::term::{Printer, Queries};
use equifuzz::execute::Judged;
use equifuzz::finding::{smt2_text, write_finding};
use equifuzz::solver::SolverInfo;
use equifuzz::truth::Truth;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

/// The per-query limit, ms (also in the replay line).
const TIMEOUT_MS: u32 = 2_000;

struct Loaded {
    lib: Z3Library,
    path: String,
}

fn z3() -> &'static Loaded {
    static Z3: OnceLock<Loaded> = OnceLock::new();
    Z3.get_or_init(|| {
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
        Loaded { lib, path }
    })
}

fuzz_target!(
    // Opened before the first input: a libz3 built with
    // `-fsanitize=fuzzer-no-link` registers its counters as it loads, and
    // libFuzzer takes the modules registered by then into its coverage.
    init: {
        z3();
    },
    |recipe: Recipe| {
        let case = recipe.case(common::kit());
        let queries = match case.truth {
            Truth::Sat { .. } => Queries {
                values: true,
                ..Default::default()
            },
            Truth::Unsat { .. } => Queries {
                unsat_core: true,
                ..Default::default()
            },
        };
        let z3 = z3();
        // Each release reads (and prints) its own dialect; what it cannot
        // express is not sent.
        let version = z3.lib.version();
        let dialect = dialect_of_version(&version);
        if not_expressible(dialect, &case.formula, Some(&case.truth)).is_some() {
            return;
        }
        let printer = Printer::new(dialect);
        let script = printer.script(&case.formula.to_script(None, queries));
        let output = z3.lib.eval(&script, Some(TIMEOUT_MS));
        let reply = Reply::from_output_in(&output, dialect);
        let verdict = judge(&case.formula, Some(&Expected::from(&case.truth)), &reply);
        if !verdict.is_finding() {
            return;
        }
        let replay = format!(
            "--target z3-inprocess --solver-lib {} --timeout {TIMEOUT_MS}ms",
            shlex::try_quote(&z3.path).map_or(z3.path.clone(), |q| q.into_owned())
        );
        let options = format!("libFuzzer target z3_soundness, timeout={TIMEOUT_MS}ms");
        let solver = SolverInfo {
            name: "z3".into(),
            version,
            options,
            replay,
        };
        let judged = Judged::on(&case, verdict, None, output, 0);
        let verdict = &judged.verdict;
        let info = judged.info(&solver);
        let dir = std::env::var_os("EQUIFUZZ_FINDINGS")
            .map_or_else(|| PathBuf::from("findings"), PathBuf::from);
        let written = write_finding(&dir, &case, &info, &printer);
        let text = smt2_text(&case, Some(&info), &Printer::default());
        match written {
            Ok(Some(path)) => eprintln!("equifuzz finding written: {}", path.display()),
            Ok(None) => eprintln!("equifuzz finding already written under {}", dir.display()),
            Err(e) => eprintln!("equifuzz finding not written ({e})"),
        }
        panic!("{verdict}\n{text}");
    }
);
