//! Resume: `fuzz` again on the same output folder continues from the
//! corpus the first run left, and the statistics file grows.

use std::process::Command;

fn fuzz(out: &std::path::Path, execs: &str) -> (String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_equifuzz"))
        // Away from the repository, whose corpus/ would seed the campaign.
        .current_dir(std::env::temp_dir())
        .args([
            "fuzz",
            "--target",
            "z3",
            "--max-execs",
            execs,
            "--timeout",
            "2s",
            "--out",
        ])
        .arg(out)
        .env("EQUIFUZZ_CACHE", out.join("no-cache"))
        .output()
        .unwrap();
    assert!(matches!(o.status.code(), Some(0 | 1)), "{o:?}");
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_second_run_on_the_same_folder_continues_from_its_corpus() {
    let out = std::env::temp_dir().join(format!("equifuzz-resume-{}", std::process::id()));
    std::fs::remove_dir_all(&out).ok();
    let (stdout, stderr) = fuzz(&out, "12");
    assert!(stdout.contains("executions: 12 in"), "{stdout}\n{stderr}");
    assert!(!stderr.contains("resumed:"), "{stderr}");
    let corpus = std::fs::read_dir(out.join("corpus"))
        .unwrap()
        .filter(|e| {
            !e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with('.')
        })
        .count();
    assert!(corpus > 0, "the first run left no corpus");
    let lines_before = std::fs::read_to_string(out.join("stats.jsonl"))
        .unwrap()
        .lines()
        .count();

    let (stdout, stderr) = fuzz(&out, &(corpus + 4).to_string());
    assert!(
        stderr.contains(&format!("resumed: {corpus} cases")),
        "{corpus} cases expected back\n{stderr}"
    );
    assert!(
        stdout.contains(&format!("executions: {} in", corpus + 4)),
        "{stdout}"
    );
    let lines_after = std::fs::read_to_string(out.join("stats.jsonl"))
        .unwrap()
        .lines()
        .count();
    assert!(lines_after > lines_before);
    std::fs::remove_dir_all(&out).ok();
}
