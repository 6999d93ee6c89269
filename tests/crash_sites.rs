//! A crash is keyed by what the solver said as it died, whichever way it
//! ran: the site a campaign's worker keeps is the one a replay on a fork
//! child or a binary reads (`oracle::Reply::from_outcome`).

use equifuzz::oracle::{Reply, crash_site};

#[test]
fn a_crash_is_keyed_by_what_the_solver_said_however_it_ran() {
    use equifuzz::solver::{CrashCause, RawOutcome};
    // A binary (or a fork child) that exits 107 after printing Z3's
    // abort to standard error: the site a campaign's worker keeps.
    let said = "NOT IMPLEMENTED YET!\nFile: src/ast/sls/sls_seq_plugin.cpp\nLine: 137\n";
    let outcome = RawOutcome::Crashed {
        cause: CrashCause::Exit(107),
        description: "exited with code 107".into(),
        partial_stdout: String::new(),
        stderr: said.into(),
        elapsed: std::time::Duration::from_millis(3),
    };
    let Reply::Crash(crash) = Reply::from_outcome(&outcome) else {
        panic!("a crash");
    };
    assert_eq!(crash.site, crash_site(said));
    assert!(crash.site.contains("Line: 137"), "{}", crash.site);
}
