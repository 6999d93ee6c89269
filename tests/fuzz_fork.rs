//! Regression: under `--fork` every script that asks for unsat cores (each
//! unsat case) was evaluated on the context the parent made once, without
//! Z3's global `unsat_core` parameter; Z3 refused `(set-option
//! :produce-unsat-cores true)` there ("cannot be modified after
//! initialization"), and every unsat case became an error verdict: a
//! campaign in fork mode judged no unsat case at all. Now such a script
//! gets a context made for it in the fork child, and the soft limit is
//! calibrated in a page shared with the children.

#[path = "common/binary.rs"]
mod binary;

#[test]
fn fork_mode_judges_unsat_cases_and_answers_without_errors() {
    let out = std::env::temp_dir().join(format!("equifuzz-fork-{}", std::process::id()));
    std::fs::remove_dir_all(&out).ok();
    let run = binary::equifuzz()
        .args([
            "fuzz", "--target", "z3", "--fork", "--time", "8s", "--seed", "3",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(matches!(run.status.code(), Some(0 | 1)), "{stderr}");
    let stats = std::fs::read_to_string(out.join("stats.jsonl")).unwrap();
    let last: serde_json::Value = serde_json::from_str(stats.lines().last().unwrap()).unwrap();
    let verdicts = &last["verdicts"];
    let count = |k: &str| verdicts[k].as_u64().unwrap_or(0);
    assert!(count("unsat") > 0, "no unsat case judged: {verdicts}");
    assert_eq!(count("error"), 0, "{verdicts}");
    std::fs::remove_dir_all(&out).ok();
}
