//! Findings on disk: a replayable `.smt2` a developer can paste into an
//! issue, and the postcard-encoded case for exact replay.
//!
//! # Invariants
//!
//! - Files are written atomically (a temporary file in the same folder, then
//!   `rename`), so a crash or `kill -9` never leaves a half-written finding
//!   (at worst a dot-named temporary file).
//! - The `.smt2` is self-contained: its header comments say what was
//!   expected, what the solver answered, the solver's version and options,
//!   the seed and the transformation chain; its body carries
//!   `(set-info :status ...)` so `equifuzz run` replays it with the oracle.
//! - Its first line is the command that replays it: `; equifuzz run FILE
//!   --target ... --solver-lib ... --solver-option ... --timeout ...`, with
//!   the file's absolute path, so it runs as written from any folder; a
//!   case with settings of its own says so there, after a shell comment
//!   mark (`# needs smt.relevancy=0`), and its script sets them first
//!   (`(set-option :smt.relevancy 0)`), which `run` reads back.
//! - An incremental case's file is its whole script: a
//!   `(set-info :status ...)` and, for unsat, an `; expected unsat core:`
//!   comment (assertions and assumption literals) before each `check-sat`,
//!   and a `; failed: check-sat K of N: ...` header line.
//! - Names follow `<solver>-<kind>-<seed>-<id>.smt2`; the id is the hash of
//!   the formula's text, so one formula found twice is written once.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::oracle::{FailedCheck, Verdict, expectations};
use crate::solver::SolverInfo;
use crate::term::{Command, Printer, Queries};
use crate::truth::{Case, Truth};

use super::hash::stable_hash;

/// What to say about a finding besides the case itself: who the solver is
/// and what the judgement decided, each a field (nothing is read back out
/// of the output text).
#[derive(Clone, Debug)]
pub struct FindingInfo<'a> {
    /// The solver: its name, version, options and the arguments after
    /// `equifuzz run FILE` that replay the finding.
    pub solver: &'a SolverInfo,
    /// The verdict.
    pub verdict: &'a Verdict,
    /// The solver's raw output (shown in the header, truncated).
    pub output: &'a str,
    /// The check-sat of an incremental script that decided, written as
    /// `; failed: check-sat K of N: ...`.
    pub failed: Option<FailedCheck>,
    /// The id of the finding's bucket (`BucketKey::id`, the name
    /// `buckets.tsv` gives it), written as `; bucket: ID`.
    pub bucket: Option<String>,
}

/// Writes `bytes` to `path` atomically: readers see the old file or the
/// whole new one, never a part. `durable` also syncs the data to disk before
/// the rename (findings: a power cut must not lose one); bulk exports skip
/// the sync, which costs a disk flush per file.
pub fn write_atomically(path: &Path, bytes: &[u8], durable: bool) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    // In the same folder, so that the rename never crosses file systems;
    // a dot name, so that folder walks skip it while it is being written.
    let mut tmp = tempfile::Builder::new().prefix(".").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    if durable {
        tmp.as_file().sync_all()?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The `.smt2` text of a case: header comments, status, the formula, and the
/// queries that let `run` check a model or core.
pub fn smt2_text(case: &Case, info: Option<&FindingInfo<'_>>, printer: &Printer) -> String {
    finding_text(case, info, printer, None)
}

/// The first line of a finding written to `path`: the command that replays
/// it, quoted for a POSIX shell.
pub fn replay_line(path: &Path, replay: &str) -> String {
    let file = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let file = file.display().to_string();
    let quoted = shlex::try_quote(&file).map_or(file.clone(), |q| q.into_owned());
    format!("; equifuzz run {quoted} {replay}")
        .trim_end()
        .to_string()
}

/// What a replay line adds for a case with settings of its own: a shell
/// comment naming them (` # needs k=v k2=v2`), which a shell and the
/// replay-line reader skip; empty without settings.
pub fn needs_settings(case: &Case) -> String {
    if case.settings.is_empty() {
        String::new()
    } else {
        format!(" # needs {}", case.settings)
    }
}

/// [`smt2_text`], starting with the replay command when the finding's
/// `path` is known.
fn finding_text(
    case: &Case,
    info: Option<&FindingInfo<'_>>,
    printer: &Printer,
    path: Option<&Path>,
) -> String {
    let body = printed_script(case, printer).text;
    finding_text_of(case, info, path, &body)
}

/// [`finding_text`] around the script `body` already printed.
fn finding_text_of(
    case: &Case,
    info: Option<&FindingInfo<'_>>,
    path: Option<&Path>,
    body: &str,
) -> String {
    let mut out = String::new();
    if let (Some(i), Some(path)) = (info, path) {
        out.push_str(&replay_line(path, &i.solver.replay));
        out.push_str(&needs_settings(case));
        out.push('\n');
    }
    if let Some(i) = info {
        out.push_str(&format!("; equifuzz finding: {}\n", i.verdict.kind()));
        out.push_str(&format!("; expected: {}\n", case.truth.status()));
        out.push_str(&format!("; got: {}\n", i.verdict));
        if case.incremental.is_some()
            && let Some(failed) = i.failed
        {
            out.push_str(&format!("; failed: {}\n", failed.line(i.verdict)));
        }
        out.push_str(&format!(
            "; solver: {} ({})\n",
            i.solver.name, i.solver.version
        ));
        out.push_str(&format!("; options: {}\n", i.solver.options));
        // The campaign's bucket, which triage may refine once the formula
        // is minimized.
        if let Some(id) = &i.bucket {
            out.push_str(&format!("; bucket: {id}\n"));
        }
    }
    out.push_str(&format!("; seed: {}\n", case.provenance.seed));
    out.push_str(&format!("; category: {}\n", case.provenance.category));
    out.push_str(&format!(
        "; chain: {}\n",
        case.provenance.chain.join(" -> ")
    ));
    match &case.truth {
        // Each check's truth is in the script, before its check-sat.
        _ if case.incremental.is_some() => {
            out.push_str(&format!(
                "; incremental: {} check-sats, each labelled\n",
                case.check_sats().len()
            ));
        }
        Truth::Sat { model } => {
            out.push_str("; model:\n");
            for (name, value) in &model.0 {
                let entry = crate::semantics::define_fun(name, value);
                out.push_str(&format!(";   {entry}\n"));
            }
            write_witnesses(&mut out, &case.witnesses);
        }
        Truth::Unsat { core } => {
            out.push_str(&format!(
                "; expected unsat core: ({})\n",
                core.iter().cloned().collect::<Vec<_>>().join(" ")
            ));
            write_witnesses(&mut out, &case.witnesses);
        }
    }
    if let Some(i) = info {
        let shown: String = i.output.chars().take(2000).collect();
        for line in shown.lines() {
            out.push_str(&format!("; output| {line}\n"));
        }
    }
    out.push_str(body);
    out
}

/// A case's script as a file holds it (status, queries), printed once.
struct PrintedScript {
    text: String,
    /// Where in `text` the formula lies: its declarations, assertions and
    /// `check-sat`, what a finding's id is the hash of.
    formula: std::ops::Range<usize>,
}

/// Prints `case`'s script with its status and queries, command by command
/// as [`Printer::script`] does, noting where the formula lies.
fn printed_script(case: &Case, printer: &Printer) -> PrintedScript {
    let script = case.script(true);
    let mut text = case.settings.script_lines();
    let mut formula = None::<std::ops::Range<usize>>;
    // The core each unsat check-sat of an incremental script is held to,
    // over its assertions and assumption literals, as `run` reads it.
    let incremental = if case.incremental.is_some() {
        expectations(case)
    } else {
        Vec::new()
    };
    let mut cores = incremental
        .into_iter()
        .map(|e| e.expected.and_then(|e| e.core));
    for c in &script.commands {
        if matches!(c, Command::CheckSat | Command::CheckSatAssuming(_))
            && let Some(Some(core)) = cores.next()
        {
            let names: Vec<_> = core.into_iter().collect();
            text.push_str(&format!("; expected unsat core: ({})\n", names.join(" ")));
        }
        let at = text.len();
        printer.write_command(&mut text, c);
        text.push('\n');
        let in_formula = matches!(
            c,
            Command::DeclareConst(..) | Command::Assert(..) | Command::CheckSat
        );
        if in_formula && formula.as_ref().is_none_or(|f| f.end == at) {
            formula = Some(formula.map_or(at, |f| f.start)..text.len());
        }
    }
    let formula = formula.unwrap_or(0..0);
    PrintedScript { text, formula }
}

/// Writes a finding under `dir/<kind>/` and returns the `.smt2` path, or
/// `None` if the same formula was already written there.
pub fn write_finding(
    dir: &Path,
    case: &Case,
    info: &FindingInfo<'_>,
    printer: &Printer,
) -> io::Result<Option<PathBuf>> {
    // The file holds SMT-LIB 2.6 whatever the release's dialect: `run`
    // reads 2.6 and prints it again for the release it replays on, while a
    // byte release's `"\x00"` would read back as four characters. It is
    // printed once; the id is the hash of the formula as the release reads
    // it, the file's own formula lines when the release reads 2.6.
    let standard = Printer::default();
    let printed = printed_script(case, &standard);
    let id = if case.incremental.is_some() {
        // The whole script is the formula: its scopes and checks too.
        stable_hash(printer.script(&case.script(false)).as_bytes())
    } else if printer.dialect == standard.dialect {
        stable_hash(printed.text[printed.formula.clone()].as_bytes())
    } else {
        let body = printer.script(&case.formula.to_script(None, Queries::default()));
        stable_hash(body.as_bytes())
    };
    let kind = info.verdict.kind();
    let stem = format!(
        "{}-{}-{}-{:016x}",
        info.solver.name, kind, case.provenance.seed, id
    );
    let folder = dir.join(kind);
    let smt2 = folder.join(format!("{stem}.smt2"));
    if smt2.exists() {
        return Ok(None);
    }
    let bytes = postcard::to_allocvec(case).map_err(io::Error::other)?;
    write_atomically(&folder.join(format!("{stem}.postcard")), &bytes, true)?;
    let text = finding_text_of(case, Some(info), Some(&smt2), &printed.text);
    write_atomically(&smt2, text.as_bytes(), true)?;
    Ok(Some(smt2))
}

/// Writes a sat case's [`Witnesses`](crate::semantics::Witnesses) (nothing when there are none): a
/// `; witness:` block as the model's, then a `; valid:` line per formula.
fn write_witnesses(out: &mut String, witnesses: &crate::semantics::Witnesses) {
    if !witnesses.exists.is_empty() {
        out.push_str("; witness:\n");
        for (name, value) in &witnesses.exists {
            out.push_str(&format!(
                ";   {}\n",
                crate::semantics::define_fun(name, value)
            ));
        }
    }
    for v in &witnesses.valid {
        out.push_str(&format!(
            "; valid: {}\n",
            crate::term::Printer::default().term(v)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_replace_the_whole_file_and_leave_no_temporary() {
        let dir = std::env::temp_dir().join(format!("equifuzz-atomic-{}", std::process::id()));
        let path = dir.join("sub/file.smt2");
        write_atomically(&path, b"first version, longer", false).unwrap();
        write_atomically(&path, b"second", true).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(dir.join("sub"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("file.smt2")]);
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_id_is_the_hash_of_the_formula_as_the_release_prints_it() {
        use rand::SeedableRng;

        use crate::generate::Generator;
        let mut g = crate::source::RandomCaseGenerator::new(crate::generate::ConstantPool::paper())
            .unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for _ in 0..50 {
            let case = g.next(&mut rng);
            let printer = Printer::default();
            let printed = printed_script(&case, &printer);
            let alone = printer.script(&case.formula.to_script(None, Queries::default()));
            assert_eq!(&printed.text[printed.formula.clone()], alone);
            let status = case.truth.status().to_string();
            let whole =
                printer.script(&case.formula.to_script(Some(&status), case.truth.queries()));
            assert_eq!(printed.text, whole, "printed as the whole script is");
        }
    }
}
