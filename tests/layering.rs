//! The layers point one way: no module of `src/` names a module above it.
//!
//! The order is the one `src/lib.rs` documents (lowest first). A module may
//! name its own layer and any layer below; a `crate::X` path to a higher
//! layer is an upward import, and this test names the file and line. It
//! reads the source text rather than the compiler's view, so comments are
//! skipped and every `crate::` path in code counts, tests included.

use std::path::{Path, PathBuf};

/// The layers, lowest first (see `src/lib.rs`). `triage` sits below `fuzz`:
/// the fuzz loops write findings and read seed files with triage's writers
/// and readers, and triage never calls a loop.
const LAYERS: &[&str] = &[
    "term",
    "semantics",
    "truth",
    "generate",
    "transform",
    "source",
    "solver",
    "oracle",
    "triage",
    "fuzz",
    "commands",
];

/// Upward references kept on purpose, each with the reason. A TEMPORARY
/// entry is a re-export left at an old path for code on another branch;
/// delete the re-export and its entry together (the test fails on an entry
/// that matches nothing, so the list cannot go stale).
const EXCEPTIONS: &[(&str, &str, &str)] = &[];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The layer a file belongs to: its first path component under `src/`
/// (`src/truth.rs` is `truth`). `lib.rs` and `main.rs` are above all layers.
fn layer_of(relative: &Path) -> Option<&'static str> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    LAYERS.iter().copied().find(|l| *l == name)
}

/// The modules named by `crate::` paths in one line of code, in order;
/// `Err` for a `crate::{...}` group, which this reader does not split.
fn crate_paths(line: &str) -> Result<Vec<&str>, String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        // `equifuzz_crate::` or `$crate::` are not this crate's paths.
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        if rest.starts_with('{') {
            return Err("a `crate::{...}` group: write one path per module".into());
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        found.push(&rest[..end]);
    }
    Ok(found)
}

/// Every upward reference in `src/`, as `file:line: layer -> module`.
fn upward_references(src: &Path) -> (Vec<String>, Vec<(String, String)>) {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut violations = Vec::new();
    let mut references = Vec::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under src/");
        let Some(own) = layer_of(relative) else {
            continue;
        };
        let own_rank = LAYERS.iter().position(|l| *l == own).unwrap();
        let shown = format!("src/{}", relative.display());
        let text = std::fs::read_to_string(&file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            let code = code.split(" //").next().unwrap_or(code);
            match crate_paths(code) {
                Err(why) => violations.push(format!("{shown}:{}: {why}", n + 1)),
                Ok(paths) => {
                    for target in paths {
                        let Some(rank) = LAYERS.iter().position(|l| *l == target) else {
                            violations.push(format!(
                                "{shown}:{}: `crate::{target}` is in no layer; add it to LAYERS",
                                n + 1
                            ));
                            continue;
                        };
                        if rank > own_rank {
                            references.push((shown.clone(), target.to_string()));
                            if !EXCEPTIONS
                                .iter()
                                .any(|(f, t, _)| *f == shown && *t == target)
                            {
                                violations.push(format!(
                                    "{shown}:{}: {own} imports {target}, a layer above it",
                                    n + 1
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    (violations, references)
}

#[test]
fn no_module_imports_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (violations, _) = upward_references(&src);
    assert!(
        violations.is_empty(),
        "upward imports (layer order: {}):\n{}",
        LAYERS.join(" < "),
        violations.join("\n")
    );
}

#[test]
fn every_exception_is_still_needed() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (_, references) = upward_references(&src);
    for (file, target, why) in EXCEPTIONS {
        assert!(
            references.iter().any(|(f, t)| f == file && t == target),
            "exception {file} -> {target} ({why}) matches nothing: delete it"
        );
    }
}

#[test]
fn every_top_level_module_is_in_a_layer() {
    // A new module must be placed in the order, or the test above would
    // skip its files silently.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let relative = path.strip_prefix(&src).unwrap();
        let name = relative.to_str().unwrap();
        if matches!(name, "lib.rs" | "main.rs") {
            continue;
        }
        assert!(
            layer_of(relative).is_some(),
            "src/{name} is in no layer; add it to LAYERS"
        );
    }
}

#[test]
fn the_reader_finds_an_upward_import_and_ignores_lookalikes() {
    // The checker itself: a planted upward path is seen, lookalikes are not.
    let dir = std::env::temp_dir().join(format!("equifuzz-layering-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("generate")).unwrap();
    std::fs::write(
        dir.join("generate/planted.rs"),
        "// crate::fuzz in a comment\nuse crate::term::Op;\nuse crate::transform::Chain;\n\
         macro_rules! m { () => { $crate::fuzz::x } }\n",
    )
    .unwrap();
    let (violations, _) = upward_references(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        violations,
        ["src/generate/planted.rs:3: generate imports transform, a layer above it"]
    );
}
