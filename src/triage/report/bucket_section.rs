//! A bucket's section of the report: its findings and their marks, the
//! smallest formula, its replay command, the releases that fail, its
//! status, and, for a confirmed bucket, a paste-ready issue text: the
//! minimal formula first, the version and options, the expected answer
//! with its one-line argument, and what the solver's own self-checks say
//! where one flags the failure (the component it points at).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::finding::header_field;
use crate::triage::bisect::Bisection;
use crate::triage::confirm::Confirmation;
use crate::triage::diagnose::Diagnosis;
use crate::triage::findings::Bucket;
use crate::triage::replays::Rate;

use super::bucket_status::BucketStatus;
use super::records::file_name;

/// How often the bucket's smallest formula fails, the lowest of what
/// triage saw: `confirm`'s replays (a mark is kept under the name of the
/// finding the formula was minimized from, judged on the minimized file)
/// and the rate its minimization measured (`; replays: the original failed
/// K/N`): three replays alone called a finding that fails once in ten
/// "1/3". A formula no step replayed takes the lowest rate of its bucket's
/// other findings (one bucket's smallest finding was never triaged).
fn representative_rate(
    b: &Bucket,
    text: &str,
    marks: &BTreeMap<String, Confirmation>,
) -> Option<Rate> {
    let rate = |c: &Confirmation| Rate {
        failed: c.reproduced.0,
        of: c.reproduced.1,
    };
    let lower = |a: Rate, b: Rate| b.lower(a);
    let shown = file_name(&b.representative);
    let stem = shown
        .strip_suffix(".min.smt2")
        .or_else(|| shown.strip_suffix(".smt2"))
        .unwrap_or(&shown);
    let measured = header_field(text, "replays")
        .and_then(|r| r.strip_prefix("the original failed "))
        .and_then(|r| r.split_whitespace().next())
        .and_then(|r| r.split_once('/'))
        .and_then(|(k, n)| {
            Some(Rate {
                failed: k.parse().ok()?,
                of: n.parse().ok()?,
            })
        });
    let own = marks.get(&format!("{stem}.smt2")).map(rate);
    let own = match (own, measured) {
        (Some(a), Some(b)) => Some(lower(a, b)),
        (a, b) => a.or(b),
    };
    own.or_else(|| {
        b.findings
            .iter()
            .filter_map(|f| marks.get(&file_name(f)).map(rate))
            .reduce(lower)
    })
}

/// A replay line (`equifuzz run FILE ... # needs ...`) that runs its file
/// as often as `rate` asks to see the failure (`--repeat`, before the
/// comment); as it is for a formula that always failed or was not
/// replayed.
fn with_repeat(replay: &str, rate: Option<Rate>) -> String {
    let runs = rate.map_or(1, Rate::replay_runs);
    if runs <= 1 || !replay.starts_with("equifuzz run ") {
        return replay.to_string();
    }
    match replay.split_once(" # ") {
        Some((command, comment)) => format!("{command} --repeat {runs} # {comment}"),
        None => format!("{replay} --repeat {runs}"),
    }
}

pub(super) fn bucket_section(
    out: &mut String,
    b: &Bucket,
    marks: &BTreeMap<String, Confirmation>,
    bisections: &BTreeMap<String, Bisection>,
    status: &BucketStatus,
    diagnosis: Option<&Diagnosis>,
) {
    let id = b.key.id();
    let _ = writeln!(out, "### Bucket {id}: {}\n", b.key);
    let shown = match status {
        BucketStatus::New(_) | BucketStatus::FixedIn(_) => format!("**{status}**"),
        other => other.to_string(),
    };
    let _ = writeln!(out, "Status: {shown}\n");
    let _ = writeln!(
        out,
        "{} finding(s) in {} variant(s) (operators and shape of the minimized formula):\n",
        b.findings.len(),
        b.variants.len()
    );
    for (v, n) in &b.variants {
        let _ = writeln!(out, "- {n} × `{}`", truncate(v, 160));
    }
    let _ = writeln!(out);
    for f in &b.findings {
        let mark = marks
            .get(&file_name(f))
            .map(|c| {
                format!(
                    " — **{}** (reproduced {}/{}, other seeds {}/{}{})",
                    c.mark,
                    c.reproduced.0,
                    c.reproduced.1,
                    c.seeds.0,
                    c.seeds.1,
                    c.others
                        .iter()
                        .map(|(n, v)| format!("; {}: {}", short(n), v))
                        .collect::<String>()
                )
            })
            .unwrap_or_else(|| " — not confirmed yet (`equifuzz confirm DIR`)".into());
        let _ = writeln!(out, "- `{}`{mark}", f.display());
    }
    let text = std::fs::read_to_string(&b.representative).unwrap_or_default();
    let rate = representative_rate(b, &text, marks);
    let replay = with_repeat(
        text.lines()
            .next()
            .unwrap_or("")
            .trim_start_matches(';')
            .trim(),
        rate,
    );
    let range = bisections
        .get(&file_name(&b.representative))
        .map(Bisection::summary)
        .unwrap_or_else(|| "not bisected (`equifuzz bisect DIR`)".into());
    let solver = header_field(&text, "solver").unwrap_or("the solver");
    let options = header_field(&text, "options").unwrap_or("");
    let got = header_field(&text, "got").unwrap_or("");
    let expected = header_field(&text, "expected").unwrap_or("");
    let _ = writeln!(
        out,
        "\nSmallest formula (`{}`):\n",
        b.representative.display()
    );
    let _ = writeln!(out, "```smt2\n{}\n```\n", bare_script(&text));
    let _ = writeln!(out, "Replay: `{replay}`\n");
    if let Some(r) = rate.filter(|r| r.replay_runs() > 1) {
        let _ = writeln!(
            out,
            "It failed {r} times in triage's replays of this formula: the command runs it up to \
             {} times and stops at the first failure.\n",
            r.replay_runs()
        );
    }
    let _ = writeln!(out, "Releases: {range}\n");
    if let Some(d) = diagnosis {
        let _ = writeln!(
            out,
            "Solver's own checks (`{}` replayed with each; evidence, not a verdict): {}\n",
            d.replayed.display(),
            d.summary()
        );
    }
    let ops: Vec<&str> = b.operators.iter().map(String::as_str).collect();
    let confirmed = b.findings.iter().any(|f| {
        marks
            .get(&file_name(f))
            .is_some_and(|c| c.mark == crate::triage::confirm::Mark::Confirmed)
    });
    if !confirmed {
        let _ = writeln!(
            out,
            "No issue text: no finding of this bucket is confirmed (run `equifuzz confirm DIR`; \
             a suspect, flaky or not reproduced finding is not reported).\n"
        );
        return;
    }
    // cvc5 took the formula only with an expert option set for it (a
    // constant array needs `arrays-exp`); its maintainers take no report
    // that needs one, so none is written.
    let on_cvc5 =
        solver.starts_with("cvc5") || options.split_whitespace().any(|o| o == "target=cvc5");
    let expert: Vec<String> = if on_cvc5 {
        crate::solver::cvc5::options::case_options(&bare_script(&text))
            .iter()
            .map(|o| format!("--{}", o.key))
            .collect()
    } else {
        Vec::new()
    };
    if !expert.is_empty() {
        let _ = writeln!(
            out,
            "No issue text: cvc5 takes this formula only with {} (an expert option, \
             \"EXPERTS only\" in `cvc5 --help`), and cvc5's fuzzing guidelines ask for no \
             reports that need one.\n",
            expert.join(" ")
        );
        return;
    }
    // What maintainers ask for (cvc5's fuzzing wiki, Z3's tracker): the
    // minimal formula first, the version and options, the expected answer
    // with its argument; no experimental options of ours.
    let _ = writeln!(out, "<details><summary>Issue text</summary>\n\n```text");
    // A crash names its abort and site, as Z3's maintainers file them.
    let kind = match b
        .key
        .crash_site
        .as_deref()
        .and_then(crate::oracle::SiteParts::of)
    {
        Some(parts) => format!("{} ({parts})", b.key.kind),
        None => b.key.kind.clone(),
    };
    let _ = writeln!(
        out,
        "Title: {solver}: {kind} on a formula over {}\n",
        ops.join(", ")
    );
    let _ = writeln!(out, "{}\n", bare_script(&text));
    let _ = writeln!(
        out,
        "Version: {solver}{}",
        if options.is_empty() {
            String::new()
        } else {
            format!("; options: {options}")
        }
    );
    let _ = writeln!(out, "Expected: {}", argument(&text, expected));
    let _ = writeln!(out, "Got: {got}");
    let _ = writeln!(out, "Releases: {range}");
    // A self-check of the solver's own that flags the failure points its
    // developers at a component; one that says nothing is not mentioned.
    for c in diagnosis.iter().flat_map(|d| d.flagged()) {
        let _ = writeln!(
            out,
            "With {} the solver itself reports it: {} (this points at {})",
            c.options.join(" "),
            c.flagging.join(" "),
            c.points_at
        );
    }
    let _ = writeln!(out, "```\n\n</details>\n");
}

/// The script of a finding without our comments (what a solver developer
/// runs), with the status.
fn bare_script(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with(';'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The one-line argument for a finding's expected answer, from its header.
fn argument(text: &str, expected: &str) -> String {
    let model: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim() != "; model:")
        .skip(1)
        .take_while(|l| l.trim_start().starts_with(";   ("))
        .map(|l| l.trim_start_matches(';').trim())
        .collect();
    if expected == "sat" && !model.is_empty() {
        return format!(
            "sat: this model satisfies every assertion: {}",
            model.join(" ")
        );
    }
    let ground = !text
        .lines()
        .any(|l| l.starts_with("(declare-const") || l.starts_with("(declare-fun"));
    if expected == "sat" && ground {
        return "sat: no constant is declared and every assertion evaluates to true under \
                SMT-LIB semantics"
            .into();
    }
    if let Some(core) = header_field(text, "expected unsat core") {
        return format!(
            "unsat: the assertions {} cannot hold together (built unsat by construction)",
            core.trim_matches(|c| c == '(' || c == ')')
        );
    }
    format!("{expected} by construction")
}

fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

fn short(name: &str) -> String {
    name.rsplit('/').next().unwrap_or(name).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lowest rate triage saw: confirm's 1 of 3 and minimization's 1
    /// of 10 give 1/10 (a 5.4.1 entry ran 3 times 8 runs and never
    /// failed); a formula nothing replayed takes its bucket's findings'.
    #[test]
    fn a_replay_runs_by_the_lowest_rate_triage_saw() {
        use crate::term::{Formula, parse_script};
        use crate::triage::confirm::Mark;
        let formula = Formula::from_script(
            &parse_script("(declare-const s String)(assert (= s \"a\"))").unwrap(),
        )
        .unwrap();
        let mark = |file: &str, k, n| {
            (
                file.to_string(),
                Confirmation {
                    file: file.into(),
                    mark: Mark::Flaky,
                    kind: "unsound".into(),
                    reproduced: (k, n),
                    seeds: (0, 2),
                    others: Vec::new(),
                },
            )
        };
        let bucket = Bucket {
            key: crate::finding::BucketKey::new("unsound", "sat", &formula),
            findings: vec!["findings/f.smt2".into(), "findings/g.smt2".into()],
            representative: "minimized/f.min.smt2".into(),
            operators: Vec::new(),
            variants: BTreeMap::new(),
        };
        let marks = BTreeMap::from([mark("f.smt2", 1, 3), mark("g.smt2", 2, 3)]);
        let text = "; equifuzz run f.min.smt2\n; replays: the original failed 1/10 on its own solver; each candidate got 20 replays\n";
        let r = representative_rate(&bucket, text, &marks).unwrap();
        assert_eq!((r.failed, r.of), (1, 10));
        assert_eq!(r.replay_runs(), 29);
        assert_eq!(
            representative_rate(&bucket, "", &marks).map(|r| (r.failed, r.of)),
            Some((1, 3))
        );
        let unreplayed = Bucket {
            representative: "findings/h.smt2".into(),
            ..bucket
        };
        assert_eq!(
            representative_rate(&unreplayed, "", &marks).map(|r| (r.failed, r.of)),
            Some((1, 3)),
            "the lowest of the bucket's findings"
        );
    }

    #[test]
    fn a_flaky_formulas_replay_line_repeats_before_its_comment() {
        let line =
            "equifuzz run m.min.smt2 --target z3 --timeout 2000ms # needs smt.sls.enable=true";
        let rate = |failed, of| Some(Rate { failed, of });
        assert_eq!(with_repeat(line, rate(3, 3)), line);
        assert_eq!(with_repeat(line, None), line);
        assert_eq!(
            with_repeat(line, rate(1, 3)),
            "equifuzz run m.min.smt2 --target z3 --timeout 2000ms --repeat 8 # needs smt.sls.enable=true"
        );
        assert_eq!(
            with_repeat("equifuzz run m.smt2", rate(0, 3)),
            "equifuzz run m.smt2 --repeat 50"
        );
        // A line that is not our command is left as it is.
        assert_eq!(with_repeat("z3 m.smt2", rate(1, 3)), "z3 m.smt2");
    }

    #[test]
    fn a_cvc5_finding_that_needs_an_expert_option_gets_no_issue_text() {
        use crate::term::{Formula, parse_script};
        use crate::triage::confirm::Mark;
        let dir = std::env::temp_dir().join(format!("equifuzz-expert-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let body = "(declare-const a (Array Int (Array Int Int)))\n(declare-const b Bool)\n\
                    (assert (= (select (select (ite b ((as const (Array Int (Array Int Int))) \
                    ((as const (Array Int Int)) 0)) a) 0) 0) (- 4)))\n(check-sat)\n";
        let section = |solver: &str, options: &str, body: &str| {
            let file = dir.join("f.smt2");
            std::fs::write(
                &file,
                format!(
                    "; equifuzz run f.smt2 --target cvc5\n; equifuzz finding: invalid-model\n\
                     ; expected: sat\n; got: INVALID MODEL\n; solver: {solver}\n\
                     ; options: {options}\n{body}"
                ),
            )
            .unwrap();
            let formula = Formula::from_script(&parse_script(body).unwrap()).unwrap();
            let bucket = Bucket {
                key: crate::finding::BucketKey::new("invalid-model", "sat", &formula),
                findings: vec![file.clone()],
                representative: file.clone(),
                operators: vec!["select".into()],
                variants: BTreeMap::new(),
            };
            let marks = BTreeMap::from([(
                "f.smt2".to_string(),
                Confirmation {
                    file,
                    mark: Mark::Confirmed,
                    kind: "invalid-model".into(),
                    reproduced: (3, 3),
                    seeds: (2, 2),
                    others: Vec::new(),
                },
            )]);
            let mut out = String::new();
            bucket_section(
                &mut out,
                &bucket,
                &marks,
                &BTreeMap::new(),
                &BucketStatus::Undecided(String::new()),
                None,
            );
            out
        };
        let cvc5 = section("cvc5 (cvc5 1.4.2)", "target=cvc5 dialect=cvc5", body);
        assert!(
            cvc5.contains("No issue text: cvc5 takes this formula only with --arrays-exp"),
            "{cvc5}"
        );
        assert!(!cvc5.contains("Title:"), "{cvc5}");
        // Z3 takes constant arrays on its defaults: its text is written.
        let z3 = section("z3 (Z3 4.8.14.0)", "target=z3", body);
        assert!(z3.contains("Title:"), "{z3}");
        // Without a constant array cvc5 needs no expert option.
        let plain = body.replace(
            "((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 0))",
            "a",
        );
        let cvc5 = section("cvc5 (cvc5 1.4.2)", "target=cvc5", &plain);
        assert!(cvc5.contains("Title:"), "{cvc5}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
