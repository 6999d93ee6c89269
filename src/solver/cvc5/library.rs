//! libcvc5 and libcvc5parser loaded with `dlopen`, driven through cvc5's
//! C API (`include/cvc5/c/cvc5.h` and `cvc5_parser.h` of cvc5 1.4.2).
//!
//! One text path, as for Z3: the printed script goes through cvc5's own
//! SMT-LIB parser (`cvc5_parser_set_str_input`, `cvc5_parser_next_command`)
//! and each command runs with `cvc5_cmd_invoke`, which returns what the
//! `cvc5` binary would have printed for it. So the output is the text the
//! response parser reads from the binary, and no header or link-time
//! dependency on cvc5 is needed (the PyPI `cvc5` wheel ships both
//! libraries, without headers, under `cvc5.libs/`).
//!
//! # Invariants
//!
//! - Only a libcvc5 whose C API reports errors through `cvc5_has_error`
//!   is accepted: older releases' C API aborts the process on any error
//!   (an unknown option, an ill-sorted term), which would turn bad input
//!   into crash findings. Anything else is refused with one line saying
//!   which symbol is missing.
//! - The script's output is what the binary prints: each command's output
//!   in order (a `check-sat`'s `unknown (REASON)`, as cvc5 prints a result
//!   on a stream with no language set, as the binary's `unknown`); a command that fails prints its `(error "...")` and ends the
//!   script, as the binary does without `--continued-execution`; a parse
//!   error prints `(error "Parse Error: ...")` and ends it too.
//! - The libraries are never unloaded (like libz3: static destructors and
//!   thread-locals outlive any handle).

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::solver::option::SolverOption;

type RawTermManager = *mut c_void;
type RawSolver = *mut c_void;
type RawSymbolManager = *mut c_void;
type RawParser = *mut c_void;
type RawCommand = *mut c_void;

/// `CVC5_INPUT_LANGUAGE_SMT_LIB_2_6` of `enum Cvc5InputLanguage`.
const SMT_LIB_2_6: c_int = 0;

/// Failure to load libcvc5 or to find what equifuzz needs in it.
#[derive(Debug, thiserror::Error)]
pub enum Cvc5LoadError {
    /// `dlopen` failed.
    #[error("cannot load {path}: {source}")]
    Open {
        /// The library tried.
        path: PathBuf,
        /// The loader's error.
        source: libloading::Error,
    },
    /// No parser library beside the solver library.
    #[error(
        "no libcvc5parser*.so beside {path}: give the libcvc5 of a PyPI cvc5 wheel \
         (cvc5.libs/ holds both) or of a cvc5 build"
    )]
    NoParser {
        /// The libcvc5 given.
        path: PathBuf,
    },
    /// A required function is missing.
    #[error("{path}: no {symbol}{why}")]
    Symbol {
        /// The library given.
        path: PathBuf,
        /// The missing symbol.
        symbol: &'static str,
        /// What its absence means.
        why: &'static str,
    },
}

/// The cvc5 C API functions equifuzz uses (signatures from cvc5 1.4.2's
/// `cvc5.h` and `cvc5_parser.h`).
#[derive(Clone, Copy)]
struct Api {
    term_manager_new: unsafe extern "C" fn() -> RawTermManager,
    new: unsafe extern "C" fn(RawTermManager) -> RawSolver,
    delete: unsafe extern "C" fn(RawSolver),
    term_manager_delete: unsafe extern "C" fn(RawTermManager),
    set_option: unsafe extern "C" fn(RawSolver, *const c_char, *const c_char),
    get_version: unsafe extern "C" fn(RawSolver) -> *const c_char,
    has_error: unsafe extern "C" fn() -> bool,
    get_error_message: unsafe extern "C" fn() -> *const c_char,
    parser_new: unsafe extern "C" fn(RawSolver, RawSymbolManager) -> RawParser,
    parser_delete: unsafe extern "C" fn(RawParser),
    parser_get_sm: unsafe extern "C" fn(RawParser) -> RawSymbolManager,
    parser_set_str_input: unsafe extern "C" fn(RawParser, c_int, *const c_char, *const c_char),
    parser_next_command: unsafe extern "C" fn(RawParser, *mut *const c_char) -> RawCommand,
    cmd_invoke: unsafe extern "C" fn(RawCommand, RawSolver, RawSymbolManager) -> *const c_char,
    cmd_get_name: unsafe extern "C" fn(RawCommand) -> *const c_char,
}

/// A loaded libcvc5 with its parser library. Never unloaded.
#[derive(Clone)]
pub struct Cvc5Library {
    api: Api,
    path: PathBuf,
    version: String,
}

/// Whether a file name is that of cvc5's parser library.
fn is_parser_name(name: &str) -> bool {
    name.starts_with("libcvc5parser") && name.contains(".so")
}

/// The parser library that goes with `path`: `path` itself if it is one,
/// else a `libcvc5parser*.so*` in the same folder.
fn parser_beside(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy();
    if is_parser_name(&name) {
        return Some(path.to_path_buf());
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter(|e| is_parser_name(&e.file_name().to_string_lossy()))
        .map(|e| e.path())
        .collect();
    found.sort();
    found.into_iter().next()
}

impl Cvc5Library {
    /// Loads the libcvc5 at `path` (or the libcvc5parser there) and the
    /// parser library beside it, and checks that its C API is one equifuzz
    /// supports.
    ///
    /// Both are opened with `RTLD_NOW | RTLD_GLOBAL`: a missing symbol
    /// fails here, and the parser library binds to this libcvc5.
    pub fn load(path: &Path) -> Result<Cvc5Library, Cvc5LoadError> {
        use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};
        let open = |p: &Path| {
            // SAFETY: loading cvc5 runs its static initialisers, which are
            // sound to run once in any process.
            unsafe { Library::open(Some(p), RTLD_NOW | RTLD_GLOBAL) }.map_err(|source| {
                Cvc5LoadError::Open {
                    path: p.to_path_buf(),
                    source,
                }
            })
        };
        let main = open(path)?;
        // SAFETY: only looks the symbol up (in the library and its
        // dependencies, so a parser library given as `path` passes).
        if unsafe { main.get::<*const c_void>(b"cvc5_new\0") }.is_err() {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            return Err(Cvc5LoadError::Symbol {
                path: path.to_path_buf(),
                symbol: "cvc5_new",
                why: if name.contains("cvc5") {
                    ": a cvc5 release without the C API (before 1.2); use 1.4.2 or newer"
                } else {
                    " (not a libcvc5)"
                },
            });
        }
        let parser_path = parser_beside(path).ok_or_else(|| Cvc5LoadError::NoParser {
            path: path.to_path_buf(),
        })?;
        let parser = open(&parser_path)?;
        // The parser library depends on libcvc5, so a lookup through it
        // finds both libraries' functions.
        let api = Self::resolve(&parser, path)?;
        std::mem::forget(main);
        std::mem::forget(parser);
        let mut lib = Cvc5Library {
            api,
            path: path.to_path_buf(),
            version: String::new(),
        };
        let probe = lib.new_solver(&[]).map_err(|_| Cvc5LoadError::Symbol {
            path: path.to_path_buf(),
            symbol: "cvc5_new",
            why: " that works",
        })?;
        // SAFETY: a fresh solver; the string is copied at once.
        let v = unsafe { CStr::from_ptr((lib.api.get_version)(probe.solver)) };
        lib.version = format!("cvc5 {}", v.to_string_lossy());
        Ok(lib)
    }

    fn resolve(lib: &libloading::os::unix::Library, path: &Path) -> Result<Api, Cvc5LoadError> {
        macro_rules! sym {
            ($name:literal, $why:expr) => {{
                // SAFETY: the type is the C signature in cvc5 1.4.2's headers.
                let s = unsafe { lib.get(concat!($name, "\0").as_bytes()) }.map_err(|_| {
                    Cvc5LoadError::Symbol {
                        path: path.to_path_buf(),
                        symbol: $name,
                        why: $why,
                    }
                })?;
                *s
            }};
            ($name:literal) => {
                sym!($name, ": a cvc5 release whose C API equifuzz does not know")
            };
        }
        Ok(Api {
            term_manager_new: sym!("cvc5_term_manager_new"),
            new: sym!("cvc5_new"),
            delete: sym!("cvc5_delete"),
            term_manager_delete: sym!("cvc5_term_manager_delete"),
            set_option: sym!("cvc5_set_option"),
            get_version: sym!("cvc5_get_version"),
            has_error: sym!(
                "cvc5_has_error",
                ": this release's C API (before 1.4) aborts the process on any error; \
                 use cvc5 1.4.2 or newer"
            ),
            get_error_message: sym!("cvc5_get_error_message"),
            parser_new: sym!("cvc5_parser_new"),
            parser_delete: sym!("cvc5_parser_delete"),
            parser_get_sm: sym!("cvc5_parser_get_sm"),
            parser_set_str_input: sym!("cvc5_parser_set_str_input"),
            parser_next_command: sym!("cvc5_parser_next_command"),
            cmd_invoke: sym!("cvc5_cmd_invoke"),
            cmd_get_name: sym!("cvc5_cmd_get_name"),
        })
    }

    /// The path given to [`Cvc5Library::load`].
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The version, e.g. `cvc5 1.4.2`.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// cvc5's last error on this thread, if the last call failed.
    fn last_error(&self) -> Option<String> {
        // SAFETY: both read thread-local state; the message is copied.
        unsafe {
            if !(self.api.has_error)() {
                return None;
            }
            Some(
                CStr::from_ptr((self.api.get_error_message)())
                    .to_string_lossy()
                    .into_owned(),
            )
        }
    }

    /// A new term manager, for [`Cvc5Library::new_solver_in`].
    pub fn new_term_manager(&self) -> Result<Cvc5TermManager, String> {
        // SAFETY: the call follows cvc5.h; the error is read after it.
        let raw = unsafe { (self.api.term_manager_new)() };
        match self.last_error() {
            Some(e) => Err(e),
            None => Ok(Cvc5TermManager(Arc::new(TermManager {
                delete: self.api.term_manager_delete,
                raw,
            }))),
        }
    }

    /// A new solver (with a term manager of its own) with `options` set,
    /// in order; cvc5's own message if it refuses one.
    pub fn new_solver(&self, options: &[SolverOption]) -> Result<Cvc5Solver, String> {
        self.new_solver_in(&self.new_term_manager()?, options)
    }

    /// A new solver on the term manager `tm` (which lives at least as
    /// long as the solver) with `options` set, in order; cvc5's own
    /// message if it refuses one.
    pub fn new_solver_in(
        &self,
        tm: &Cvc5TermManager,
        options: &[SolverOption],
    ) -> Result<Cvc5Solver, String> {
        // SAFETY: the call follows cvc5.h; the error is read after it.
        let solver = unsafe { (self.api.new)(tm.0.raw) };
        if let Some(e) = self.last_error() {
            return Err(e);
        }
        let mut s = Cvc5Solver {
            lib: self.clone(),
            _term_manager: tm.0.clone(),
            solver,
        };
        for o in options {
            s.set_option(&o.key, &o.value)
                .map_err(|e| format!("--solver-option {o}: {e}"))?;
        }
        Ok(s)
    }
}

/// A cvc5 term manager, shared by the solvers made on it and deleted
/// after the last of them.
#[derive(Clone)]
pub struct Cvc5TermManager(Arc<TermManager>);

struct TermManager {
    delete: unsafe extern "C" fn(RawTermManager),
    raw: RawTermManager,
}

impl Drop for TermManager {
    fn drop(&mut self) {
        // SAFETY: made by `new_term_manager` for this value alone; every
        // solver on it holds an `Arc` of it, so none is left.
        unsafe { (self.delete)(self.raw) }
    }
}

// SAFETY: as for `Cvc5Solver`: used by one thread at a time.
unsafe impl Send for TermManager {}
// SAFETY: shared only to be kept alive and deleted once; no call through
// a shared reference touches the manager.
unsafe impl Sync for TermManager {}

/// One cvc5 solver, deleted when it drops, and its term manager, deleted
/// after its last solver (a fork child ends with `_exit` and deletes
/// nothing).
pub struct Cvc5Solver {
    lib: Cvc5Library,
    /// Kept alive while the solver lives.
    _term_manager: Arc<TermManager>,
    solver: RawSolver,
}

impl Drop for Cvc5Solver {
    fn drop(&mut self) {
        // SAFETY: made by `new_solver_in` for this value alone; it goes
        // before its term manager (whose `Arc` this value holds). Parsers
        // are deleted by `run_script` before it returns.
        unsafe { (self.lib.api.delete)(self.solver) }
    }
}

// SAFETY: a cvc5 solver may be used from any thread, one at a time;
// `Cvc5Solver` is not `Sync` and every use takes `&mut self`.
unsafe impl Send for Cvc5Solver {}

impl Cvc5Solver {
    /// `(set-option :key value)`; cvc5's message if it refuses.
    pub fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        let (Ok(k), Ok(v)) = (CString::new(key), CString::new(value)) else {
            return Err("an option with a NUL byte".into());
        };
        // SAFETY: NUL-terminated strings that cvc5 copies.
        unsafe { (self.lib.api.set_option)(self.solver, k.as_ptr(), v.as_ptr()) };
        match self.lib.last_error() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Parses and runs `script` command by command; returns everything
    /// the `cvc5` binary would print (see the module's invariants).
    pub fn run_script(&mut self, script: &CStr) -> Vec<u8> {
        let api = self.lib.api;
        let mut out = Vec::new();
        // SAFETY: the calls follow cvc5.h and cvc5_parser.h; every string
        // cvc5 returns is copied before the next call.
        unsafe {
            let parser = (api.parser_new)(self.solver, std::ptr::null_mut());
            if let Some(e) = self.lib.last_error() {
                push_error(&mut out, &e);
                return out;
            }
            self.run_commands(parser, script, &mut out);
            // The parser owns its symbol manager and its commands.
            (api.parser_delete)(parser);
        }
        out
    }

    /// Runs the commands `parser` reads from `script`, appending what
    /// each prints to `out`.
    ///
    /// # Safety
    ///
    /// `parser` is a live parser of this solver.
    unsafe fn run_commands(&mut self, parser: RawParser, script: &CStr, out: &mut Vec<u8>) {
        let api = self.lib.api;
        // SAFETY: as in `run_script`.
        unsafe {
            let sm = (api.parser_get_sm)(parser);
            (api.parser_set_str_input)(parser, SMT_LIB_2_6, script.as_ptr(), c"equifuzz".as_ptr());
            if let Some(e) = self.lib.last_error() {
                push_error(out, &e);
                return;
            }
            loop {
                let mut parse_error: *const c_char = std::ptr::null();
                let cmd = (api.parser_next_command)(parser, &mut parse_error);
                if !parse_error.is_null() {
                    let msg = CStr::from_ptr(parse_error).to_string_lossy();
                    push_error(out, &format!("Parse Error: {msg}"));
                    break;
                }
                if let Some(e) = self.lib.last_error() {
                    push_error(out, &e);
                    break;
                }
                if cmd.is_null() {
                    break;
                }
                let name = CStr::from_ptr((api.cmd_get_name)(cmd)).to_bytes();
                let is_exit = name == b"exit";
                let is_check = name.starts_with(b"check-sat");
                let text = (api.cmd_invoke)(cmd, self.solver, sm);
                if let Some(e) = self.lib.last_error() {
                    push_error(out, &e);
                    break;
                }
                let text = CStr::from_ptr(text).to_bytes();
                if is_check && text.starts_with(b"unknown (") {
                    // The binary prints results in SMT-LIB; the command's
                    // own stream has no language set and adds the reason.
                    out.extend_from_slice(b"unknown\n");
                } else {
                    out.extend_from_slice(text);
                }
                if is_exit || text.starts_with(b"(error") {
                    break;
                }
            }
        }
    }
}

/// Appends `(error "MSG")` as the binary prints it.
fn push_error(out: &mut Vec<u8>, msg: &str) {
    out.extend_from_slice(format!("(error \"{}\")\n", msg.replace('"', "\"\"")).as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parser_library_is_found_beside_libcvc5() {
        let dir = std::env::temp_dir().join(format!("equifuzz-cvc5-beside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let main = dir.join("libcvc5-558d13ae.so.1.4.2");
        let parser = dir.join("libcvc5parser-2f6edf78.so.1.4.2");
        std::fs::write(&main, b"").unwrap();
        assert_eq!(parser_beside(&main), None);
        std::fs::write(&parser, b"").unwrap();
        assert_eq!(parser_beside(&main), Some(parser.clone()));
        assert_eq!(parser_beside(&parser), Some(parser.clone()));
        std::fs::remove_dir_all(&dir).ok();
    }
}
