//! Fuzzes the libz3 loaded in this process (the system one, or
//! `EQUIFUZZ_Z3_LIB=/path/libz3.so`, e.g. an OSS-Fuzz build): a wrong
//! sat/unsat, an invalid model or an invalid core aborts, so libFuzzer saves
//! the input as a crash; `equifuzz` can then regenerate and minimize it.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use equifuzz::oracle::{Expected, Reply, judge, not_expressible};
use equifuzz::solver::dialect_of_version;
use equifuzz::solver::z3::Z3Library;
use equifuzz::term::{Printer, Queries};
use equifuzz::truth::Truth;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fn z3() -> &'static Z3Library {
    static Z3: OnceLock<Z3Library> = OnceLock::new();
    Z3.get_or_init(|| {
        let path = std::env::var_os("EQUIFUZZ_Z3_LIB").map(PathBuf::from);
        Z3Library::load(path.as_deref()).expect("libz3 loads")
    })
}

fuzz_target!(|choice: common::Choice| {
    let case = choice.case();
    let queries = match case.truth {
        Truth::Sat { .. } => Queries { values: true, ..Default::default() },
        Truth::Unsat { .. } => Queries { unsat_core: true, ..Default::default() },
    };
    // Each release reads (and prints) its own dialect; what it cannot
    // express is not sent.
    let dialect = dialect_of_version(&z3().version());
    if not_expressible(dialect, &case.formula, Some(&case.truth)).is_some() {
        return;
    }
    let script = Printer::new(dialect).script(&case.formula.to_script(None, queries));
    let output = z3().eval(&script, Some(2_000));
    let reply = Reply::from_output_in(&output, dialect);
    let verdict = judge(&case.formula, Some(&Expected::from(&case.truth)), &reply);
    if verdict.is_finding() {
        panic!("{verdict}\n{script}\n; z3 said:\n{output}");
    }
});
