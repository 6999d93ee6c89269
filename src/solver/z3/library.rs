//! A loaded libz3 ([`Z3Library`]): the C functions equifuzz calls, its
//! process-wide global parameters (the soft timeout, unsat cores, proofs,
//! `--solver-option`s, what a script sets), and its contexts
//! ([`Z3Context`]). Why it sets what it sets: the room's docs (`super`).

use std::ffi::{CStr, CString, c_char, c_uint, c_void};
use std::path::{Path, PathBuf};

use super::script::PreparedScript;
use crate::solver::option::SolverOption;

type Z3Config = *mut c_void;
type RawContext = *mut c_void;
type ErrorHandler = Option<unsafe extern "C" fn(RawContext, c_uint)>;

/// Serializes whoever sets Z3's process-wide parameters (`timeout`,
/// `unsat_core`) and then evaluates: [`Z3Library::eval`] holds it. The
/// fuzzer's solver thread ([`super::worker`]) does not, since a thread
/// stuck inside libz3 would hold it for ever; it is alone in its process.
/// Anything else evaluating beside such a thread in one process (a test
/// beside other tests) holds it too, or reads the other's parameters.
pub fn params_lock() -> std::sync::MutexGuard<'static, ()> {
    static PARAMS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    PARAMS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The options [`Z3Library::set_option`] accepted in this process since
/// the last [`Z3Library::set_options`], with the library each went to
/// (Z3's global parameters are process-wide, one set per loaded libz3), to
/// set again after a refusal, and the value each key had before the first
/// of them (its default), to put back when the next target opens.
type Accepted = Vec<AcceptedOption>;

/// One accepted option (see [`Accepted`]).
struct AcceptedOption {
    lib: PathBuf,
    key: CString,
    value: CString,
    before: Option<CString>,
}

fn accepted_options() -> std::sync::MutexGuard<'static, Accepted> {
    static ACCEPTED: std::sync::Mutex<Accepted> = std::sync::Mutex::new(Vec::new());
    ACCEPTED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Failure to load libz3 or one of its symbols.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// `dlopen` failed.
    #[error("cannot load {path}: {source}")]
    Open {
        /// The library path tried.
        path: PathBuf,
        /// The loader's error.
        source: libloading::Error,
    },
    /// A required function is missing.
    #[error("{path} has no symbol {symbol}: not a libz3?")]
    Symbol {
        /// The library path.
        path: PathBuf,
        /// The missing symbol.
        symbol: &'static str,
    },
}

/// The Z3 C API functions equifuzz uses.
#[derive(Clone, Copy)]
struct Api {
    mk_config: unsafe extern "C" fn() -> Z3Config,
    del_config: unsafe extern "C" fn(Z3Config),
    mk_context: unsafe extern "C" fn(Z3Config) -> RawContext,
    del_context: unsafe extern "C" fn(RawContext),
    set_error_handler: unsafe extern "C" fn(RawContext, ErrorHandler),
    global_param_set: unsafe extern "C" fn(*const c_char, *const c_char),
    eval_smtlib2_string: unsafe extern "C" fn(RawContext, *const c_char) -> *const c_char,
    get_version: unsafe extern "C" fn(*mut c_uint, *mut c_uint, *mut c_uint, *mut c_uint),
    get_full_version: Option<unsafe extern "C" fn() -> *const c_char>,
    global_param_reset_all: Option<unsafe extern "C" fn()>,
    global_param_get: Option<unsafe extern "C" fn(*const c_char, *mut *const c_char) -> bool>,
}

/// A loaded libz3. Never unloaded (see the room's docs, `super`).
///
/// Cloning is cheap: the clone shares the same loaded library.
#[derive(Clone)]
pub struct Z3Library {
    api: Api,
    path: PathBuf,
}

/// The file of the loaded object that defines `symbol` (`dladdr`).
fn defining_file(symbol: *const std::ffi::c_void) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    // SAFETY: dladdr only reads the loader's tables and fills `info`.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    if unsafe { libc::dladdr(symbol, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dli_fname is a NUL-terminated string owned by the loader.
    let name = unsafe { std::ffi::CStr::from_ptr(info.dli_fname) };
    Some(PathBuf::from(std::ffi::OsStr::from_bytes(name.to_bytes())))
}

/// The Z3 parameter of the SMT core's random seed.
pub const RANDOM_SEED: &str = "smt.random_seed";

/// The library names tried, in order, when no path is given.
pub const SYSTEM_LIBRARY_NAMES: &[&str] = &["libz3.so", "libz3.so.4"];

impl Z3Library {
    /// Loads libz3 from `path`, or the system library when `None`.
    ///
    /// The library is opened with `RTLD_NOW | RTLD_GLOBAL`: `RTLD_NOW` fails
    /// here, not mid-run, if an instrumented build cannot bind its coverage
    /// callbacks; `RTLD_GLOBAL` lets it bind them to the executable's.
    pub fn load(path: Option<&Path>) -> Result<Z3Library, LoadError> {
        use libloading::os::unix::{Library, RTLD_GLOBAL, RTLD_NOW};
        let candidates: Vec<PathBuf> = match path {
            Some(p) => vec![p.to_path_buf()],
            None => SYSTEM_LIBRARY_NAMES.iter().map(PathBuf::from).collect(),
        };
        let mut last_err = None;
        for cand in candidates {
            // SAFETY: loading libz3 runs its static initialisers, which are
            // sound to run once in any process.
            match unsafe { Library::open(Some(&cand), RTLD_NOW | RTLD_GLOBAL) } {
                Ok(lib) => {
                    let api = Self::resolve(&lib, &cand)?;
                    std::mem::forget(lib);
                    // A bare name (the system library) is resolved to the
                    // file the loader picked, so that a finding's replay
                    // line names that file, not whatever a name finds later.
                    let path = if cand.parent().is_some_and(|p| p.as_os_str().is_empty()) {
                        defining_file(api.get_version as *const std::ffi::c_void).unwrap_or(cand)
                    } else {
                        cand
                    };
                    return Ok(Z3Library { api, path });
                }
                Err(e) => {
                    last_err = Some(LoadError::Open {
                        path: cand,
                        source: e,
                    })
                }
            }
        }
        Err(last_err.expect("at least one candidate"))
    }

    fn resolve(lib: &libloading::os::unix::Library, path: &Path) -> Result<Api, LoadError> {
        macro_rules! sym {
            ($name:literal) => {{
                // SAFETY: the type is the C signature documented in z3_api.h.
                let s = unsafe { lib.get(concat!($name, "\0").as_bytes()) }.map_err(|_| {
                    LoadError::Symbol {
                        path: path.to_path_buf(),
                        symbol: $name,
                    }
                })?;
                *s
            }};
        }
        Ok(Api {
            mk_config: sym!("Z3_mk_config"),
            del_config: sym!("Z3_del_config"),
            mk_context: sym!("Z3_mk_context"),
            del_context: sym!("Z3_del_context"),
            set_error_handler: sym!("Z3_set_error_handler"),
            global_param_set: sym!("Z3_global_param_set"),
            eval_smtlib2_string: sym!("Z3_eval_smtlib2_string"),
            get_version: sym!("Z3_get_version"),
            // SAFETY: as above; absent in very old releases.
            get_full_version: unsafe { lib.get(b"Z3_get_full_version\0") }
                .ok()
                .map(|s| *s),
            // SAFETY: as above; fakes in tests may lack it.
            global_param_reset_all: unsafe { lib.get(b"Z3_global_param_reset_all\0") }
                .ok()
                .map(|s| *s),
            // SAFETY: as above; fakes in tests may lack it.
            global_param_get: unsafe { lib.get(b"Z3_global_param_get\0") }
                .ok()
                .map(|s| *s),
        })
    }

    /// The path the library was loaded from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Z3's full version string, e.g. `Z3 4.8.12.0`.
    pub fn version(&self) -> String {
        if let Some(f) = self.api.get_full_version {
            // SAFETY: returns a static NUL-terminated string.
            let v = unsafe { CStr::from_ptr(f()) }
                .to_string_lossy()
                .into_owned();
            return if v.starts_with("Z3") {
                v
            } else {
                format!("Z3 {v}")
            };
        }
        let (mut a, mut b, mut c, mut d) = (0, 0, 0, 0);
        // SAFETY: writes four unsigned ints.
        unsafe { (self.api.get_version)(&mut a, &mut b, &mut c, &mut d) };
        format!("Z3 {a}.{b}.{c}.{d}")
    }

    /// Runs `script` in a fresh context and returns everything Z3 printed.
    ///
    /// `timeout_ms` is Z3's own soft timeout (the `timeout` parameter): a
    /// slow query answers `unknown` or `timeout` rather than hanging. A hard
    /// timeout needs a separate process; see
    /// [`Z3InProcessFork`](super::target::Z3InProcessFork).
    /// The timeout is a process-wide Z3 parameter (see the room's docs, `super`), so
    /// calls from several threads run one at a time; `None` leaves the
    /// parameter as it is.
    ///
    /// The script must not contain NUL bytes (the printer never makes them).
    pub fn eval(&self, script: &str, timeout_ms: Option<u32>) -> String {
        // The timeout and unsat_core parameters are process-wide and read
        // when a context first evaluates: two threads setting them at once
        // would run with each other's. One eval at a time keeps each
        // script's own settings.
        let _one_at_a_time = params_lock();
        self.eval_unserialized(script, timeout_ms)
    }

    /// [`Z3Library::eval`] without its lock, for a caller that runs one
    /// script at a time itself and must not wait for a thread that never
    /// returns from libz3 (the fuzzer's solver thread, see
    /// `execute::harness`). A thread stuck inside libz3 read the
    /// process-wide parameters when its context first evaluated, so
    /// setting them again here does not disturb it.
    pub fn eval_unserialized(&self, script: &str, timeout_ms: Option<u32>) -> String {
        let script = PreparedScript::new(script).expect("SMT-LIB text has no NUL byte");
        if let Some(ms) = timeout_ms {
            self.set_soft_timeout(ms);
        }
        self.set_unsat_cores(script.unsat_cores);
        self.set_proofs(script.proofs);
        let saved = self.save_parameters(&script.parameters);
        let ctx = self.mk_context();
        // SAFETY: `ctx` is a fresh context used by this thread only.
        let out = unsafe { ctx.eval_raw(&script.text) };
        drop(ctx);
        if script.proofs {
            self.set_proofs(false);
        }
        self.restore_parameters(&saved);
        out
    }

    /// The values Z3's global parameters `keys` have now (a default, or
    /// what a `--solver-option` set), to put back with
    /// [`Z3Library::restore_parameters`]. A key Z3 does not know is left
    /// out: a script cannot set it either.
    pub fn save_parameters(&self, keys: &[String]) -> Vec<(CString, CString)> {
        keys.iter()
            .filter_map(|k| {
                let key = CString::new(k.as_str()).ok()?;
                let value = self.global_value(&key)?;
                Some((key, value))
            })
            .collect()
    }

    /// Puts back the global parameters [`Z3Library::save_parameters`] saved.
    pub fn restore_parameters(&self, saved: &[(CString, CString)]) {
        for (k, v) in saved {
            // SAFETY: both arguments are NUL-terminated; Z3 copies them.
            unsafe { (self.api.global_param_set)(k.as_ptr(), v.as_ptr()) };
        }
    }

    /// Sets the Z3 parameter `option` (a `--solver-option`) for every
    /// context made after this call, in this process and in its fork
    /// children: a global parameter, which contexts and the SMT-LIB front
    /// end read when they are made. Z3's own error if it refuses the key or
    /// the value.
    ///
    /// `Z3_global_param_set` only prints a warning for a key it does not
    /// know, so the option is first tried as `(set-option :KEY VALUE)` in a
    /// scratch context, whose front end gives the error as text (and sets
    /// the same global parameter). Values that only the solver checks fail
    /// at the first `check-sat`.
    ///
    /// Z3 4.8.12 keeps a refused value (`smt.string_solver=bogus`) as the
    /// global parameter anyway, and then makes no context at all: after a
    /// refusal the key gets back the value it had, and the options
    /// accepted before are set again.
    pub fn set_option(&self, option: &SolverOption) -> Result<(), String> {
        let (Ok(key), Ok(value)) = (
            CString::new(option.key.as_str()),
            CString::new(option.value.as_str()),
        ) else {
            return Err(format!("--solver-option {option}: a NUL byte"));
        };
        let mut accepted = accepted_options();
        // The value before this process first set the key: an option
        // accepted earlier in this open knows it, else Z3 says it now
        // (its default for a key never set).
        let before = accepted
            .iter()
            .find(|o| o.lib == self.path && o.key == key)
            .map(|o| o.before.clone())
            .unwrap_or_else(|| self.global_value(&key));
        let probe = format!("(set-option :{} {})", option.key, option.value);
        let said = self.eval(&probe, None);
        if said.contains("(error") {
            // The probe may have left the refused value as the global
            // parameter (4.8.12): put back what was there.
            self.put_back(&key, before.as_deref(), &accepted);
            return Err(format!(
                "Z3 refused --solver-option {option}: {}",
                said.trim()
            ));
        }
        // SAFETY: both arguments are NUL-terminated; Z3 copies them.
        unsafe { (self.api.global_param_set)(key.as_ptr(), value.as_ptr()) };
        accepted.push(AcceptedOption {
            lib: self.path.clone(),
            key,
            value,
            before,
        });
        Ok(())
    }

    /// Makes this library's global parameters Z3's defaults plus `options`
    /// (the `--solver-option`s of a target being opened on it), for every
    /// context made after this call: the keys an earlier open set get
    /// their values from before it first, so that nothing it set carries
    /// over (`confirm` opens a
    /// finding's solver with other random seeds, then the next finding's
    /// without: that one must not run with the last seed tried). Z3's own
    /// error if it refuses an option.
    ///
    /// Global parameters are process-wide: a target opened before on this
    /// library sees these from its next context on.
    pub fn set_options(&self, options: &[SolverOption]) -> Result<(), String> {
        {
            let mut accepted = accepted_options();
            let mine: Vec<AcceptedOption> = {
                let (mine, others) = std::mem::take(&mut *accepted)
                    .into_iter()
                    .partition(|o| o.lib == self.path);
                *accepted = others;
                mine
            };
            for o in mine.iter().rev() {
                self.put_back(&o.key, o.before.as_deref(), &[]);
            }
        }
        options.iter().try_for_each(|o| self.set_option(o))
    }

    /// The value of the global parameter `key` (Z3's default for one never
    /// set), when this libz3 can say.
    fn global_value(&self, key: &CStr) -> Option<CString> {
        let get = self.api.global_param_get?;
        let mut value: *const c_char = std::ptr::null();
        // SAFETY: the key is NUL-terminated; Z3 writes a pointer to its own
        // buffer, copied at once.
        let known = unsafe { get(key.as_ptr(), &mut value) };
        // SAFETY: a NUL-terminated string Z3 owns until its next call.
        (known && !value.is_null()).then(|| unsafe { CStr::from_ptr(value) }.to_owned())
    }

    /// Sets the global parameter `key` back to `before`, and the options
    /// of `accepted` on this library again. Not `Z3_global_param_reset_all`
    /// where a value to put back is known: on Z3 5.4.1, a front-end
    /// `set-option`, then a reset, then another front-end `set-option`
    /// leave every later `rewriter.*` key refused ("unknown module
    /// 'rewriter'"; 4.8.5 to 5.1.0 do not), and `diagnose` opened a
    /// target per self-check that way: a finding that sets a `rewriter.*`
    /// key got no evidence under `smt.seq.validate`. A libz3 that cannot
    /// say a parameter's value (a fake) is reset whole, as before.
    fn put_back(&self, key: &CStr, before: Option<&CStr>, accepted: &[AcceptedOption]) {
        // SAFETY: plain calls; the strings are NUL-terminated and Z3 copies
        // them.
        unsafe {
            match (before, self.api.global_param_reset_all) {
                (Some(v), _) => (self.api.global_param_set)(key.as_ptr(), v.as_ptr()),
                // A key Z3 does not know was never set.
                _ if self.api.global_param_get.is_some() => {}
                (None, Some(reset_all)) => reset_all(),
                (None, None) => {}
            }
            for o in accepted.iter().filter(|o| o.lib == self.path) {
                (self.api.global_param_set)(o.key.as_ptr(), o.value.as_ptr());
            }
        }
    }

    /// Sets Z3's process-wide `unsat_core` parameter: whether contexts
    /// whose first eval comes after this call can answer `(get-unsat-core)`.
    pub fn set_unsat_cores(&self, on: bool) {
        let value = if on { c"true" } else { c"false" };
        // SAFETY: both arguments are NUL-terminated; Z3 copies them.
        unsafe { (self.api.global_param_set)(c"unsat_core".as_ptr(), value.as_ptr()) };
    }

    /// Sets Z3's process-wide `timeout` parameter (milliseconds).
    ///
    /// It applies to contexts whose first eval comes after this call.
    pub fn set_soft_timeout(&self, ms: u32) {
        let mut buf = [0u8; 16];
        let text = decimal_cstr(ms, &mut buf);
        // SAFETY: both arguments are NUL-terminated; Z3 copies them.
        unsafe { (self.api.global_param_set)(c"timeout".as_ptr(), text.as_ptr()) };
    }

    /// Sets Z3's process-wide `proof` parameter, read when a context and
    /// its front end are made (at its first eval): on only for a script
    /// that asked for proofs, and off again after it, so no other context
    /// gets them.
    pub fn set_proofs(&self, on: bool) {
        let value = if on { c"true" } else { c"false" };
        // SAFETY: both arguments are NUL-terminated; Z3 copies them.
        unsafe { (self.api.global_param_set)(c"proof".as_ptr(), value.as_ptr()) };
    }

    /// Creates a context with an error handler that returns errors as text.
    ///
    /// The expensive part of a fresh Z3 run (about 10 ms on 4.8.12) is this
    /// call: a fork child can reuse a context made in the parent.
    pub fn mk_context(&self) -> Z3Context {
        // SAFETY: the calls follow z3_api.h.
        unsafe {
            let cfg = (self.api.mk_config)();
            let ctx = (self.api.mk_context)(cfg);
            (self.api.del_config)(cfg);
            (self.api.set_error_handler)(ctx, None);
            Z3Context {
                raw: ctx,
                api: self.api,
            }
        }
    }
}

/// Writes `n` in decimal into `buf` and returns it as a C string, without
/// allocating (this runs in fork children).
fn decimal_cstr(mut n: u32, buf: &mut [u8; 16]) -> &CStr {
    let mut digits = [0u8; 10];
    let mut len = 0;
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for i in 0..len {
        buf[i] = digits[len - 1 - i];
    }
    buf[len] = 0;
    CStr::from_bytes_with_nul(&buf[..=len]).expect("one NUL at the end")
}

/// One Z3 context; deleted on drop.
///
/// A context is not thread-safe; this handle is `Send` (it may move to
/// another thread) but not `Sync`.
pub struct Z3Context {
    raw: *mut c_void,
    api: Api,
}

// SAFETY: Z3 contexts may be used from any thread, one thread at a time;
// `Z3Context` is not `Sync` and its methods take `&self` only where no other
// thread can hold it.
unsafe impl Send for Z3Context {}

impl Z3Context {
    /// Evaluates `script` on this context and returns what Z3 printed.
    ///
    /// The context keeps the script's state (declarations, assertions,
    /// options) for later evals.
    pub fn eval(&mut self, script: &CStr) -> String {
        // SAFETY: `&mut self` means no other use of the context runs.
        unsafe { self.eval_raw(script) }
    }

    /// Evaluates `script` and returns Z3's output buffer as is, without
    /// copying or allocating on the Rust side: for fork children, which
    /// write it out and `_exit`.
    ///
    /// # Safety
    ///
    /// No other thread may use this context during the call, and the result
    /// is valid only until the next call on the context or its deletion.
    pub unsafe fn eval_borrowed(&self, script: &CStr) -> &CStr {
        // SAFETY: per the caller's contract.
        let out = unsafe { (self.api.eval_smtlib2_string)(self.raw, script.as_ptr()) };
        if out.is_null() {
            c""
        } else {
            // SAFETY: Z3 returns a NUL-terminated buffer owned by the context.
            unsafe { CStr::from_ptr(out) }
        }
    }

    /// # Safety
    ///
    /// No other thread may use this context during the call.
    unsafe fn eval_raw(&self, script: &CStr) -> String {
        // SAFETY: per the caller's contract; the output is copied at once.
        unsafe { self.eval_borrowed(script) }
            .to_string_lossy()
            .into_owned()
    }
}

impl Drop for Z3Context {
    fn drop(&mut self) {
        // SAFETY: the context was made by `mk_context` and is deleted once.
        unsafe { (self.api.del_context)(self.raw) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_z3_answers_a_string_query() {
        let z3 = Z3Library::load(None).expect("libz3-dev is installed");
        assert!(z3.version().starts_with("Z3 "), "{}", z3.version());
        let out = z3.eval(
            "(declare-const x String)(assert (= (str.++ x \"b\") \"ab\"))(check-sat)(get-value (x))",
            Some(5000),
        );
        assert_eq!(out.trim(), "sat\n((x \"a\"))");
    }

    #[test]
    fn the_system_library_is_named_by_the_file_loaded() {
        let z3 = Z3Library::load(None).expect("libz3-dev is installed");
        let path = z3.path();
        assert!(path.is_absolute(), "{}", path.display());
        assert!(path.exists(), "{}", path.display());
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(name.starts_with("libz3.so"), "{name}");
    }

    #[test]
    fn errors_come_back_as_text_not_exit() {
        let z3 = Z3Library::load(None).unwrap();
        let out = z3.eval("(assert (= 1 \"a\"))(check-sat)", None);
        assert!(out.contains("(error"), "{out}");
    }

    #[test]
    fn a_context_keeps_its_state_between_evals() {
        let z3 = Z3Library::load(None).unwrap();
        let mut ctx = z3.mk_context();
        assert_eq!(ctx.eval(c"(declare-const x Int)(assert (> x 2))"), "");
        assert_eq!(
            ctx.eval(c"(assert (< x 4))(check-sat)(get-value (x))")
                .trim(),
            "sat\n((x 3))"
        );
    }

    #[test]
    fn the_soft_timeout_ends_a_slow_query() {
        // Runs for minutes without a timeout on Z3 4.8.12 and 5.3.3.
        let slow = r#"(declare-const y String)
            (assert (str.in_re y (re.++ (re.range "a" "z") (re.+ (str.to_re "d")))))
            (assert (str.contains y "bcba"))(check-sat)"#;
        let z3 = Z3Library::load(None).unwrap();
        let start = std::time::Instant::now();
        let out = z3.eval(slow, Some(200));
        assert!(matches!(out.trim(), "unknown" | "timeout"), "{out}");
        assert!(
            start.elapsed() < std::time::Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn unsat_cores_work_through_eval() {
        let z3 = Z3Library::load(None).unwrap();
        let q = "(set-option :produce-unsat-cores true)\n(declare-const x Int)\n\
                 (assert (! (> x 0) :named a1))(assert (! (< x 0) :named a2))\n\
                 (assert (! (> x 5) :named a3))(check-sat)(get-unsat-core)";
        let out = z3.eval(q, None);
        assert!(!out.contains("error"), "{out}");
        assert!(out.starts_with("unsat\n(") && out.contains("a2"), "{out}");
    }

    #[test]
    fn proofs_come_from_a_fresh_contexts_script() {
        let z3 = Z3Library::load(None).unwrap();
        let q = "(set-option :produce-proofs true)\n(declare-const x Int)\n\
                 (assert (> x 0))(assert (< x 0))(check-sat)(get-proof)";
        assert!(PreparedScript::new(q).unwrap().proofs);
        let out = z3.eval(q, None);
        assert!(
            out.starts_with("unsat\n(") && !out.contains("error"),
            "{out}"
        );
    }

    #[test]
    fn a_scripts_parameter_does_not_outlive_it() {
        let z3 = Z3Library::load(None).unwrap();
        let _one_at_a_time = params_lock();
        let read = "(get-option :smt.relevancy)";
        let default = z3.eval_unserialized(read, None);
        let set = z3.eval_unserialized(&format!("(set-option :smt.relevancy 0){read}"), None);
        assert_eq!(set.trim(), "0", "the script's own value: {set}");
        assert_ne!(default.trim(), "0", "{default}");
        assert_eq!(z3.eval_unserialized(read, None), default, "restored");
    }

    #[test]
    fn decimal_cstr_prints_every_digit() {
        let mut buf = [0u8; 16];
        for n in [0u32, 7, 10, 250, 4_294_967_295] {
            assert_eq!(decimal_cstr(n, &mut buf).to_str().unwrap(), n.to_string());
        }
    }
}
