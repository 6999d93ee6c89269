//! The settings tables (`assets/settings/`) against the releases they name:
//! each row a release refuses says so in its note, and no other does, so
//! the note column is a record of what each release takes, checked here.
//!
//! - Z3: the system libz3 (4.8.12), the 5.1.0 and 5.4.1 wheels, probed as
//!   a campaign probes (`SettingsTable::probe`, one fork per value).
//! - cvc5 1.4.2 (libcvc5, in process): every drawn row is accepted under
//!   `--safe-mode=stable`, which refuses every EXPERT option (cvc5's rule
//!   that expert options are not fuzzed); `--safe-mode=safe` also refuses
//!   the options without proof support, and those rows say so.
//! - cvc5 1.0.3 (Debian's binary on PATH), where present.
//!
//! A note says a release refuses a whole key with `refused by ... R ...`
//! (up to the next `;`), one value with `R refuses V`.

#[path = "common/cvc5.rs"]
mod cvc5;
#[allow(dead_code)]
#[path = "common/solver_cache.rs"]
mod solver_cache;

use std::collections::BTreeSet;
use std::time::Duration;

use equifuzz::solver::option::Family;
use equifuzz::solver::settings_table::refusal;
use equifuzz::solver::{
    Cvc5Library, SettingEntry, SettingsTable, SolverOption, Target, Z3InProcessFork,
};

const PATIENCE: Duration = Duration::from_secs(20);

/// Whether `entry`'s note says `release` refuses `value`.
fn note_says_refused(entry: &SettingEntry, release: &str, value: &str) -> bool {
    let whole = entry.note.split(';').any(|part| {
        part.find("refused by")
            .is_some_and(|at| part[at..].split([' ', ',', ')']).any(|w| w == release))
    });
    whole || entry.note.contains(&format!("{release} refuses {value}"))
}

/// `(key, value)` pairs where what `refused` says differs from the notes.
fn disagreements(
    table: &SettingsTable,
    release: &str,
    refused: &mut dyn FnMut(&SettingEntry, &str) -> Option<String>,
) -> Vec<String> {
    let mut out = Vec::new();
    for e in table.entries() {
        for v in &e.values {
            let said = refused(e, v);
            if said.is_some() != note_says_refused(e, release, v) {
                let said = said.map(|s| s.chars().take(100).collect::<String>());
                out.push(format!(
                    "{}={v}: {release} refuses: {said:?}; note: {:?}",
                    e.key, e.note
                ));
            }
        }
    }
    out
}

#[test]
fn each_z3_release_refuses_exactly_the_rows_whose_notes_say_so() {
    let table = SettingsTable::of(Family::Z3);
    let mut releases = vec![("4.8.12", None)];
    for (name, wheel) in [("5.1.0", "5.1.0.0"), ("5.4.1", "5.4.1.0")] {
        match solver_cache::z3_lib_or_skip(wheel, "each_z3_release_refuses_exactly...") {
            Some(path) => releases.push((name, Some(path))),
            None => continue,
        }
    }
    let mut wrong = Vec::new();
    for (release, path) in releases {
        let mut z3 = Z3InProcessFork::load(path.as_deref()).expect("the libz3 loads");
        let version = z3.library().version();
        assert!(version.contains(release), "{version} is not {release}");
        // The campaign's probe, value by value.
        let mut refused = |e: &SettingEntry, v: &str| {
            let script = format!("(set-option :{} {v})\n(check-sat)\n", e.key);
            refusal(z3.run(&script, PATIENCE).stdout())
        };
        wrong.extend(disagreements(&table, release, &mut refused));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A fresh cvc5 1.4.2 solver with `safe-mode` and one option set: cvc5's
/// refusal, at the option or at the first `check-sat`.
fn cvc5_refuses(lib: &Cvc5Library, safe_mode: &str, key: &str, value: &str) -> Option<String> {
    let options = [("safe-mode", safe_mode), (key, value)].map(|(k, v)| SolverOption {
        key: k.into(),
        value: v.into(),
    });
    let mut solver = match lib.new_solver(&options) {
        Ok(s) => s,
        Err(e) => return Some(e),
    };
    let out = solver.run_script(c"(check-sat)\n");
    refusal(&String::from_utf8_lossy(&out))
}

#[test]
fn every_cvc5_row_is_regular_and_safe_mode_refuses_only_the_rows_that_say_so() {
    let Some(path) = solver_cache::cvc5_lib_or_skip("every_cvc5_row_is_regular...") else {
        return;
    };
    let lib = Cvc5Library::load(&path).expect("the libcvc5 loads");
    assert!(lib.version().contains("1.4.2"), "{}", lib.version());
    let table = SettingsTable::of(Family::Cvc5);
    let mut wrong = Vec::new();
    let mut safe_refused = BTreeSet::new();
    for e in table.entries() {
        for v in &e.values {
            if let Some(why) = cvc5_refuses(&lib, "stable", &e.key, v) {
                wrong.push(format!("{}={v}: refused in stable mode: {why}", e.key));
            }
            let says = e.note.contains("safe mode refuses it");
            match cvc5_refuses(&lib, "safe", &e.key, v) {
                Some(why) if !says => {
                    wrong.push(format!("{}={v}: refused in safe mode: {why}", e.key))
                }
                None if says => wrong.push(format!("{}={v}: safe mode takes it", e.key)),
                Some(_) => {
                    safe_refused.insert(e.key.clone());
                }
                None => {}
            }
        }
    }
    // The test can fail: an EXPERT option is refused in both modes.
    assert!(cvc5_refuses(&lib, "stable", "arrays-exp", "true").is_some());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("safe mode refuses: {safe_refused:?}");
}

#[test]
fn the_debian_cvc5_refuses_exactly_the_rows_whose_notes_say_so() {
    if !cvc5::cvc5_or_skip("the_debian_cvc5_refuses_exactly...") {
        return;
    }
    let name = cvc5::binary_name();
    let Some(release) = name.strip_prefix("cvc5-") else {
        panic!("{name}")
    };
    if release != "1.0.3" {
        eprintln!(
            "SKIPPED: the_debian_cvc5_refuses_exactly...: the notes record 1.0.3, not {name}"
        );
        return;
    }
    let table = SettingsTable::of(Family::Cvc5);
    let mut refused = |e: &SettingEntry, v: &str| {
        let script = format!("(set-option :{} {v})\n(check-sat)\n", e.key);
        refusal(&cvc5::run_binary(
            &["--lang", "smt2", "--incremental", "--tlimit-per=20000"],
            &script,
        ))
    };
    let wrong = disagreements(&table, release, &mut refused);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
