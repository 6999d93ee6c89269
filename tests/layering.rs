//! The layers point one way: no module of `src/` names a module above it.
//!
//! The order is the one `src/lib.rs` documents (lowest first). A module may
//! name its own layer and any layer below; a `crate::X` path to a higher
//! layer is an upward import, and this test names the file and line. It
//! reads the source text rather than the compiler's view, so comments are
//! skipped and every `crate::` path in code counts, tests included.
//!
//! Within a layer, the files of one folder name each other without circles
//! (see "Circles between sibling files" below): a part two siblings share
//! lives in a bottom file both name. And no file of `src/` is longer than
//! [`MAX_LINES`]: a longer one holds more than one idea.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
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
    "finding",
    "execute",
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
/// (`src/term/lexer.rs` is `term`, `src/x.rs` would be `x`). `lib.rs` and
/// `main.rs` are above all layers.
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

/// The most lines a file of `src/` may have: past it a file holds more
/// than one idea (issue 28 split the five that had grown past it).
const MAX_LINES: usize = 700;

/// The files of `src/` longer than [`MAX_LINES`], as `src/x.rs: N lines`.
fn files_over_the_limit(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).ok()?.lines().count();
            (lines > MAX_LINES).then(|| {
                let relative = file.strip_prefix(src).expect("under src/");
                format!("src/{}: {lines} lines", relative.display())
            })
        })
        .collect()
}

#[test]
fn no_source_file_is_over_the_line_limit() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let long = files_over_the_limit(&src);
    assert!(
        long.is_empty(),
        "split these by idea (at most {MAX_LINES} lines a file):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_line_limit_sees_a_long_file() {
    let dir = std::env::temp_dir().join(format!("equifuzz-lines-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("term")).unwrap();
    std::fs::write(dir.join("term/long.rs"), "//\n".repeat(MAX_LINES + 1)).unwrap();
    std::fs::write(dir.join("term/short.rs"), "//\n".repeat(MAX_LINES)).unwrap();
    let long = files_over_the_limit(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(long, [format!("src/term/long.rs: {} lines", MAX_LINES + 1)]);
}

// ---------------------------------------------------------------------------
// Circles between sibling files.
//
// Within one folder of `src/`, the files (and subfolders) are siblings; one
// names another through `super::x`, `crate::<layer>::<dir>::x`, `self::x` or
// `x::` in the folder's `mod.rs`, or a name the folder's `mod.rs` re-exports
// (`super::Name` where `mod.rs` has `pub use x::Name` names `x`). A circle
// among siblings means neither can be read, tested or moved without the
// other: the shared part belongs in a bottom file both name. A `mod.rs` that
// only declares modules and re-exports is the folder itself, not a sibling;
// one that holds items of its own is a sibling named `mod.rs`, which names
// what its items name (its `mod x;` and `pub use` lines stay the folder's).
// The top level is not checked here: the layer order above is stricter.
// ---------------------------------------------------------------------------

/// One token of Rust source: an identifier, keyword, number, `::` or one
/// punctuation character. Comments and literals are dropped.
struct Token {
    text: String,
    line: usize,
}

/// The tokens of a source file, without comments, strings and characters,
/// so that a path in a doc comment or a `"{"` in a string is not read.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                line += usize::from(chars.get(i) == Some(&'\n'));
                i += 1;
            }
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if next == Some('\\') {
                // Past the quote, the backslash and the escaped character
                // (itself a quote in '\'').
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if ident(c) {
            let start = i;
            while i < chars.len() && ident(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            // A raw string (r"..", r#".."#, br".."): skip to its end.
            if matches!(word.as_str(), "r" | "br") && matches!(chars.get(i), Some('"') | Some('#'))
            {
                let hashes = chars[i..].iter().take_while(|c| **c == '#').count();
                if chars.get(i + hashes) == Some(&'"') {
                    i += hashes + 1;
                    let close: Vec<char> = std::iter::once('"')
                        .chain(std::iter::repeat_n('#', hashes))
                        .collect();
                    while i < chars.len() && !chars[i..].starts_with(&close[..]) {
                        line += usize::from(chars[i] == '\n');
                        i += 1;
                    }
                    i += close.len();
                    continue;
                }
            }
            // A byte string or byte character: the `b` is its prefix.
            if word == "b" && matches!(chars.get(i), Some('"') | Some('\'')) {
                continue;
            }
            out.push(Token { text: word, line });
        } else if c == ':' && next == Some(':') {
            out.push(Token {
                text: "::".into(),
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                text: c.to_string(),
                line,
            });
            i += 1;
        }
    }
    out
}

/// A module path from the crate root, `["transform", "chain"]`.
type ModPath = Vec<String>;

/// What one file says about names: where it is, what it re-exports, what it
/// defines, and the module paths it mentions (with the module they are
/// written in, since `super` inside `mod tests { .. }` is the file itself).
struct SourceFile {
    shown: String,
    module: ModPath,
    is_mod_rs: bool,
    /// Items of its own beyond `mod x;` and `use`: a `mod.rs` with none is
    /// only the folder.
    has_items: bool,
    /// Top-level names it defines (fn, struct, enum, trait, const, ...).
    defines: BTreeSet<String>,
    /// `pub use` at the top level: the exported name and the path it names.
    reexports: BTreeMap<String, ModPath>,
    /// `pub use x::*` at the top level.
    globs: Vec<ModPath>,
    /// Every path, as written, with the module it is written in and its line.
    paths: Vec<(ModPath, Vec<String>, usize)>,
    /// The indices into `paths` of its top-level `pub use` trees: in a
    /// `mod.rs` they are the folder's face, not what its own items use.
    reexport_paths: BTreeSet<usize>,
}

/// The paths of one `use` tree starting at `toks[*i]`, with their aliases.
fn use_tree(
    toks: &[Token],
    i: &mut usize,
    mut prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    loop {
        let Some(t) = toks.get(*i) else { return };
        match t.text.as_str() {
            "{" => {
                *i += 1;
                while toks.get(*i).is_some_and(|t| t.text != "}") {
                    use_tree(toks, i, prefix.clone(), out);
                    if toks.get(*i).is_some_and(|t| t.text == ",") {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            "*" => {
                prefix.push("*".into());
                *i += 1;
                out.push((prefix, None));
                return;
            }
            "::" => *i += 1,
            word => {
                if word != "self" || prefix.is_empty() {
                    prefix.push(word.to_string());
                }
                *i += 1;
                match toks.get(*i).map(|t| t.text.as_str()) {
                    Some("::") => continue,
                    Some("as") => {
                        let alias = toks.get(*i + 1).map(|t| t.text.clone());
                        *i += 2;
                        out.push((prefix, alias));
                        return;
                    }
                    _ => {
                        out.push((prefix, None));
                        return;
                    }
                }
            }
        }
    }
}

/// Reads one file: its `use` trees, other paths, re-exports and items.
/// Every `x::y` path is kept; [`Resolver::resolve`] decides whether `x` is
/// a module of ours (a child `x` of the module it is written in).
fn read_source(shown: String, module: ModPath, is_mod_rs: bool, text: &str) -> SourceFile {
    let toks = tokens(text);
    let mut file = SourceFile {
        shown,
        module: module.clone(),
        is_mod_rs,
        has_items: false,
        defines: BTreeSet::new(),
        reexports: BTreeMap::new(),
        globs: Vec::new(),
        paths: Vec::new(),
        reexport_paths: BTreeSet::new(),
    };
    // The inline modules open at this point, with the brace depth each
    // closes at; `depth` counts every brace.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut item_start = true;
    let mut public = false;
    let mut i = 0;
    while i < toks.len() {
        let here = || {
            let mut m = module.clone();
            m.extend(inline.iter().map(|(n, _)| n.clone()));
            m
        };
        let top = inline.is_empty() && depth == 0;
        let text = toks[i].text.as_str();
        let prev = i.checked_sub(1).map(|p| toks[p].text.as_str());
        match text {
            "{" => {
                depth += 1;
                i += 1;
                continue;
            }
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                item_start = inline.is_empty() && depth == 0 || item_start;
                i += 1;
                continue;
            }
            _ => {}
        }
        if top && item_start {
            match text {
                "#" => {
                    // An attribute: skip its brackets.
                    let mut j = i + 1;
                    if toks.get(j).is_some_and(|t| t.text == "!") {
                        j += 1;
                    }
                    let mut level = 0;
                    while j < toks.len() {
                        match toks[j].text.as_str() {
                            "[" => level += 1,
                            "]" => {
                                level -= 1;
                                if level == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    i = j + 1;
                    continue;
                }
                "pub" => {
                    public = true;
                    i += 1;
                    if toks.get(i).is_some_and(|t| t.text == "(") {
                        while toks.get(i).is_some_and(|t| t.text != ")") {
                            i += 1;
                        }
                        i += 1;
                    }
                    continue;
                }
                "use" | "mod" => {}
                "impl" | "fn" | "struct" | "enum" | "trait" | "const" | "static" | "type"
                | "union" | "macro_rules" | "unsafe" | "extern" => {
                    file.has_items = true;
                    if let Some(name) = toks.get(i + 1)
                        && !matches!(text, "impl" | "unsafe" | "extern")
                    {
                        let name = if text == "macro_rules" {
                            toks.get(i + 2)
                        } else {
                            Some(name)
                        };
                        if let Some(name) = name {
                            file.defines.insert(name.text.clone());
                        }
                    }
                    item_start = false;
                }
                _ => {
                    file.has_items = true;
                    item_start = false;
                }
            }
        }
        if text == "mod" {
            let name = toks.get(i + 1).map(|t| t.text.clone()).unwrap_or_default();
            if toks.get(i + 2).is_some_and(|t| t.text == "{") {
                if top {
                    file.has_items = true;
                }
                inline.push((name, depth));
                depth += 1;
                i += 3;
            } else {
                i += 3;
            }
            public = false;
            item_start = inline.is_empty() && depth == 0;
            continue;
        }
        if text == "use" && prev != Some("::") {
            let line = toks[i].line;
            let mut j = i + 1;
            let mut trees = Vec::new();
            use_tree(&toks, &mut j, Vec::new(), &mut trees);
            let m = here();
            for (path, alias) in trees {
                if top && public {
                    file.reexport_paths.insert(file.paths.len());
                    if path.last().is_some_and(|s| s == "*") {
                        file.globs.push(path[..path.len() - 1].to_vec());
                    } else if let Some(name) = alias.or_else(|| path.last().cloned()) {
                        file.reexports.insert(name, path.clone());
                    }
                }
                file.paths.push((m.clone(), path, line));
            }
            while toks.get(j).is_some_and(|t| t.text != ";") {
                j += 1;
            }
            i = j + 1;
            public = false;
            item_start = inline.is_empty() && depth == 0;
            continue;
        }
        if text == ";" && top {
            item_start = true;
            public = false;
        }
        // A path in code: `crate::`, `super::`, `self::` or `x::` (kept
        // whole; the resolver decides whether `x` is a module of ours).
        if toks.get(i + 1).is_some_and(|t| t.text == "::")
            && !matches!(prev, Some("::") | Some("$") | Some("."))
            // `pub(in super::x)` restricts visibility; it names no module's use.
            && !(prev == Some("in") && i >= 2 && toks[i - 2].text == "(")
            && text.starts_with(|c: char| c.is_lowercase() || c == '_')
        {
            let line = toks[i].line;
            let mut path = vec![text.to_string()];
            let mut j = i + 1;
            while toks.get(j).is_some_and(|t| t.text == "::")
                && toks.get(j + 1).is_some_and(|t| {
                    t.text
                        .starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            {
                path.push(toks[j + 1].text.clone());
                j += 2;
            }
            file.paths.push((here(), path, line));
            i = j;
            continue;
        }
        i += 1;
    }
    file
}

/// Every module file of a tree, read; `lib.rs` and `main.rs` are the roots
/// above all folders and are left out.
fn read_tree(src: &Path) -> Vec<SourceFile> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under src/");
        let mut module: ModPath = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let last = module.pop().unwrap_or_default();
        let is_mod_rs = last == "mod.rs";
        if module.is_empty() && matches!(last.as_str(), "lib.rs" | "main.rs") {
            continue;
        }
        if !is_mod_rs {
            module.push(last.trim_end_matches(".rs").to_string());
        }
        let text = std::fs::read_to_string(&file).expect("readable source");
        out.push(read_source(
            format!("src/{}", relative.display()),
            module,
            is_mod_rs,
            &text,
        ));
    }
    out
}

/// Resolves paths to the file that holds what they name.
struct Resolver<'a> {
    files: &'a [SourceFile],
    by_module: BTreeMap<ModPath, usize>,
}

impl<'a> Resolver<'a> {
    fn new(files: &'a [SourceFile]) -> Self {
        let by_module = files
            .iter()
            .enumerate()
            .map(|(n, f)| (f.module.clone(), n))
            .collect();
        Resolver { files, by_module }
    }

    /// The file a module path lives in: its own, or the file that holds it
    /// inline (`transform::chain::tests` is in `chain.rs`).
    fn file_of(&self, module: &[String]) -> Option<usize> {
        (0..=module.len())
            .rev()
            .find_map(|n| self.by_module.get(&module[..n]).copied())
    }

    fn is_module(&self, module: &[String]) -> bool {
        self.by_module.contains_key(module)
    }

    /// The file that holds what `path`, written in module `at`, names; `None`
    /// for a path outside the crate (std, a dependency, a local name).
    fn resolve(&self, at: &[String], path: &[String], fuel: usize) -> Option<usize> {
        let first = path.first()?;
        let (mut cur, rest): (ModPath, &[String]) = match first.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (at.to_vec(), &path[1..]),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                let keep = at.len().checked_sub(ups)?;
                (at[..keep].to_vec(), &path[ups..])
            }
            _ => {
                let mut child = at.to_vec();
                child.push(first.clone());
                if !self.is_module(&child) {
                    return None;
                }
                (at.to_vec(), path)
            }
        };
        for seg in rest {
            let mut child = cur.clone();
            child.push(seg.clone());
            if self.is_module(&child) {
                cur = child;
                continue;
            }
            if let Some(n) = self.by_module.get(&cur).copied()
                && fuel > 0
            {
                let f = &self.files[n];
                if let Some(target) = f.reexports.get(seg) {
                    return self.resolve(&cur, target, fuel - 1);
                }
                if !f.defines.contains(seg) {
                    for glob in &f.globs {
                        let mut named = glob.clone();
                        named.push(seg.clone());
                        if let Some(hit) = self.resolve(&cur, &named, fuel - 1)
                            && hit != n
                        {
                            return Some(hit);
                        }
                    }
                }
            }
            break;
        }
        self.file_of(&cur)
    }
}

/// The sibling-file graph of every folder, as `folder -> (from, to) ->
/// first line`, where `from` and `to` are `x.rs`, `x/` or `mod.rs`.
type Graphs = BTreeMap<String, BTreeMap<(String, String), String>>;

/// The node a file is in the graph of `folder`: `x.rs`, a subfolder `x/`, or
/// `mod.rs` (only if it has items of its own); `None` outside the folder or
/// for a `mod.rs` that is only the folder.
fn node_in(folder: &str, file: &SourceFile) -> Option<String> {
    let rest = file.shown.strip_prefix(folder)?.strip_prefix('/')?;
    match rest.split_once('/') {
        Some((dir, _)) => Some(format!("{dir}/")),
        None if rest == "mod.rs" && !file.has_items => None,
        None => Some(rest.to_string()),
    }
}

fn sibling_graphs(files: &[SourceFile]) -> Graphs {
    let resolver = Resolver::new(files);
    let folders: BTreeSet<String> = files
        .iter()
        .filter(|f| f.is_mod_rs)
        .map(|f| f.shown.trim_end_matches("/mod.rs").to_string())
        .collect();
    let mut graphs = Graphs::new();
    for file in files {
        for (n, (at, path, line)) in file.paths.iter().enumerate() {
            if file.is_mod_rs && file.reexport_paths.contains(&n) {
                continue;
            }
            let Some(target) = resolver.resolve(at, path, 8) else {
                continue;
            };
            let target = &files[target];
            for folder in &folders {
                let (Some(from), Some(to)) = (node_in(folder, file), node_in(folder, target))
                else {
                    continue;
                };
                if from != to {
                    graphs
                        .entry(folder.clone())
                        .or_default()
                        .entry((from, to))
                        .or_insert_with(|| format!("{}:{line}", file.shown));
                }
            }
        }
    }
    graphs
}

/// The circles among siblings, each as `folder: a.rs -> b.rs -> a.rs`,
/// starting at its least node; every edge on a circle is on one reported
/// (the shortest way back from its head), so fixing all of them leaves none.
fn sibling_circles(src: &Path) -> (Vec<String>, Graphs) {
    let files = read_tree(src);
    let graphs = sibling_graphs(&files);
    let mut circles = BTreeSet::new();
    for (folder, edges) in &graphs {
        let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (from, to) in edges.keys() {
            next.entry(from).or_default().push(to);
        }
        for (from, to) in edges.keys() {
            // The shortest way from `to` back to `from`, breadth first.
            let mut back: BTreeMap<&str, &str> = BTreeMap::new();
            let mut queue = VecDeque::from([to.as_str()]);
            let mut found = false;
            while let Some(n) = queue.pop_front() {
                if n == from {
                    found = true;
                    break;
                }
                for m in next.get(n).into_iter().flatten() {
                    if *m != to.as_str() && !back.contains_key(m) {
                        back.insert(m, n);
                        queue.push_back(m);
                    }
                }
            }
            if !found {
                continue;
            }
            let mut cycle = vec![from.as_str()];
            let mut n = from.as_str();
            while n != to.as_str() {
                n = back[n];
                cycle.push(n);
            }
            // `cycle` is from, (back to) ..., to; turn it to from -> to -> ...
            cycle[1..].reverse();
            let least = (0..cycle.len()).min_by_key(|k| cycle[*k]).unwrap();
            cycle.rotate_left(least);
            cycle.push(cycle[0]);
            circles.insert(format!("{folder}: {}", cycle.join(" -> ")));
        }
    }
    (circles.into_iter().collect(), graphs)
}

#[test]
fn no_circle_between_sibling_files() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (circles, graphs) = sibling_circles(&src);
    let mut why = Vec::new();
    for circle in &circles {
        let (folder, nodes) = circle.split_once(": ").unwrap();
        why.push(circle.clone());
        let nodes: Vec<&str> = nodes.split(" -> ").collect();
        for pair in nodes.windows(2) {
            let at = &graphs[folder][&(pair[0].to_string(), pair[1].to_string())];
            why.push(format!("    {at}: {} names {}", pair[0], pair[1]));
        }
    }
    assert!(
        circles.is_empty(),
        "circles between sibling files (move what both need to a bottom file):\n{}",
        why.join("\n")
    );
}

/// Writes a small tree of `files` (path, text) under a fresh directory.
fn fixture(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("equifuzz-circles-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn the_reader_finds_a_planted_circle_between_siblings() {
    // `a` names `b` through a name the folder re-exports, `b` names `a`
    // through the crate path; `c` is named by `a` only, from a test module
    // (`super` there is `a` itself, `super::super` the folder).
    let dir = fixture(
        "planted",
        &[
            (
                "shape/mod.rs",
                "//! The folder.\nmod a;\nmod b;\nmod c;\npub use b::Round;\npub use a::{Square, side};\n",
            ),
            (
                "shape/a.rs",
                "use super::Round;\npub struct Square;\npub fn side() {}\n\
                 #[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { super::super::c::f(\"super::b::x\"); }\n}\n",
            ),
            (
                "shape/b.rs",
                "pub struct Round;\nfn f() { let _ = ['\\'', '{']; crate::shape::a::side(); }\n",
            ),
            ("shape/c.rs", "pub fn f(_: &str) {}\n"),
        ],
    );
    let (circles, graphs) = sibling_circles(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(circles, ["src/shape: a.rs -> b.rs -> a.rs"]);
    let edges: Vec<_> = graphs["src/shape"].keys().cloned().collect();
    let edge = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        edges,
        [
            edge("a.rs", "b.rs"),
            edge("a.rs", "c.rs"),
            edge("b.rs", "a.rs")
        ]
    );
}

#[test]
fn the_reader_sees_a_mod_rs_with_items_as_a_sibling() {
    // A mod.rs whose own function calls the file that implements the
    // mod.rs's trait is in a circle with it; a subfolder counts as one
    // sibling.
    let dir = fixture(
        "items",
        &[
            (
                "shape/mod.rs",
                "mod a;\nmod inner;\npub use a::A;\npub trait T {}\npub fn make() -> A { a::new() }\n",
            ),
            (
                "shape/a.rs",
                "pub struct A;\npub fn new() -> A { A }\nimpl super::T for A {}\n",
            ),
            ("shape/inner/mod.rs", "mod deep;\n"),
            ("shape/inner/deep.rs", "use crate::shape::A;\n"),
        ],
    );
    let (circles, graphs) = sibling_circles(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(circles, ["src/shape: a.rs -> mod.rs -> a.rs"]);
    assert!(graphs["src/shape"].contains_key(&("inner/".to_string(), "a.rs".to_string())));
}

#[test]
fn the_reader_finds_no_circle_where_there_is_none() {
    // Two files that share a bottom file and implement a trait of the
    // mod.rs, which re-exports them: no circle, since a re-export is the
    // folder's, not the mod.rs's own items'.
    let dir = fixture(
        "none",
        &[
            (
                "shape/mod.rs",
                "mod a;\nmod b;\nmod fresh;\npub use a::A;\npub use b::B;\npub use fresh::fresh;\npub trait Shape {}\n",
            ),
            (
                "shape/a.rs",
                "use super::fresh;\npub struct A;\nimpl super::Shape for A {}\n",
            ),
            (
                "shape/b.rs",
                "use super::fresh::fresh;\nuse super::{A, Shape};\npub struct B;\nimpl Shape for B {}\n",
            ),
            ("shape/fresh.rs", "pub fn fresh() {}\n"),
        ],
    );
    let (circles, graphs) = sibling_circles(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(circles, Vec::<String>::new());
    let edges: Vec<_> = graphs["src/shape"].keys().cloned().collect();
    let edge = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        edges,
        [
            edge("a.rs", "fresh.rs"),
            edge("a.rs", "mod.rs"),
            edge("b.rs", "a.rs"),
            edge("b.rs", "fresh.rs"),
            edge("b.rs", "mod.rs"),
        ]
    );
}
