//! The query log (`equifuzz fuzz --query-log`): one line per execution in
//! `<out>/queries.tsv`, what `scripts/unknown-time.py` reads to say where
//! the solver's time goes (which categories, transformations and
//! operators end `unknown`, and after how long). Written by the record
//! stage ([`RecordStage`](super::record::RecordStage)) from the executions
//! the record feedback queued.
//!
//! A line is `verdict<TAB>solver ms<TAB>category<TAB>last transformation
//! (- for a fresh case)<TAB>chain length<TAB>operators` (SMT-LIB names,
//! comma-separated, in the operator table's order).
//!
//! # Invariants
//!
//! - Each line goes out in one `write` to a file opened for appending, so
//!   the clients of a `--cores` campaign can share the file without
//!   tearing each other's lines.
//! - A log that cannot be written is said once on stderr and then left
//!   alone: the log never stops a campaign.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use crate::truth::Case;

/// The log's file name under the campaign's `--out`.
pub const QUERY_LOG: &str = "queries.tsv";

/// Appends one line per execution to `<out>/queries.tsv` (see the module
/// doc).
#[derive(Debug)]
pub struct QueryLog {
    file: Option<File>,
}

impl QueryLog {
    /// A log under `out` (`None`: no log).
    pub fn new(out: Option<&Path>) -> Self {
        let file = out.and_then(|out| {
            let path = out.join(QUERY_LOG);
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .map_err(|e| eprintln!("query log {}: {e}; not logging", path.display()))
                .ok()
        });
        QueryLog { file }
    }

    /// Logs one execution of `case`, judged `kind` after `solver_ns`.
    pub fn log(&mut self, kind: &str, solver_ns: u64, case: &Case) {
        if let Some(file) = &mut self.file {
            let text = line(kind, solver_ns, case);
            if let Err(e) = file.write_all(text.as_bytes()) {
                eprintln!("query log: {e}; not logging any more");
                self.file = None;
            }
        }
    }
}

/// One line of the log (see the module doc).
pub fn line(kind: &str, solver_ns: u64, case: &Case) -> String {
    let p = &case.provenance;
    let last = p.chain.last().map_or("-", String::as_str);
    let ops: Vec<&str> = case.formula.operators().iter().map(|o| o.name()).collect();
    format!(
        "{kind}\t{:.3}\t{}\t{last}\t{}\t{}\n",
        solver_ns as f64 / 1e6,
        p.category,
        p.chain.len(),
        ops.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantics::Model;
    use crate::term::{Formula, parse_script};
    use crate::truth::Truth;

    #[test]
    fn a_line_names_the_case_s_origin_operators_and_time() {
        let script = parse_script(
            "(declare-const x String)(assert (str.in_re x (re.* (str.to_re \"a\"))))\
             (assert (= (str.len x) 2))",
        )
        .unwrap();
        let formula = Formula::from_script(&script).unwrap();
        let truth = Truth::Sat {
            model: Model::default(),
        };
        let mut case = Case::new(formula, truth, Default::default());
        case.provenance.category = "step1".into();
        assert_eq!(
            line("unknown", 1_234_567, &case),
            "unknown\t1.235\tstep1\t-\t0\t=,str.len,str.in_re,str.to_re,re.*\n"
        );
        case.provenance.chain = vec!["conjunction".into(), "term-synthesis".into()];
        assert!(line("sat", 0, &case).starts_with("sat\t0.000\tstep1\tterm-synthesis\t2\t"));
    }
}
