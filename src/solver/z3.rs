//! libz3 loaded with `dlopen`, driven through `Z3_eval_smtlib2_string`.
//!
//! One text path for every target: the printed script goes through Z3's own
//! SMT-LIB parser, so the parser is exercised too, and no Z3 header or
//! compile-time link is needed (any libz3.so from 4.8.5 on works).
//!
//! # Traps this module avoids
//!
//! - Z3's default error handler calls `exit()`: every context gets
//!   `Z3_set_error_handler(ctx, NULL)`, so errors come back as text.
//! - A library is never `dlclose`d: Z3 registers destructors and, when
//!   instrumented, writes coverage through global pointers at teardown.
//!   [`Z3Library`] leaks its handle on purpose.

use std::ffi::{CStr, CString, c_char, c_uint, c_void};
use std::path::{Path, PathBuf};

type Z3Config = *mut c_void;
type Z3Context = *mut c_void;
type ErrorHandler = Option<unsafe extern "C" fn(Z3Context, c_uint)>;

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
    set_param_value: unsafe extern "C" fn(Z3Config, *const c_char, *const c_char),
    mk_context: unsafe extern "C" fn(Z3Config) -> Z3Context,
    del_context: unsafe extern "C" fn(Z3Context),
    set_error_handler: unsafe extern "C" fn(Z3Context, ErrorHandler),
    eval_smtlib2_string: unsafe extern "C" fn(Z3Context, *const c_char) -> *const c_char,
    get_version: unsafe extern "C" fn(*mut c_uint, *mut c_uint, *mut c_uint, *mut c_uint),
    get_full_version: Option<unsafe extern "C" fn() -> *const c_char>,
}

/// A loaded libz3. Never unloaded (see the module docs).
pub struct Z3Library {
    api: Api,
    path: PathBuf,
}

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
                    return Ok(Z3Library { api, path: cand });
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
            set_param_value: sym!("Z3_set_param_value"),
            mk_context: sym!("Z3_mk_context"),
            del_context: sym!("Z3_del_context"),
            set_error_handler: sym!("Z3_set_error_handler"),
            eval_smtlib2_string: sym!("Z3_eval_smtlib2_string"),
            get_version: sym!("Z3_get_version"),
            // SAFETY: as above; absent in very old releases.
            get_full_version: unsafe { lib.get(b"Z3_get_full_version\0") }
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
    /// timeout needs a separate process; see the executor.
    ///
    /// The script must not contain NUL bytes (the printer never makes them).
    pub fn eval(&self, script: &str, timeout_ms: Option<u32>) -> String {
        let text = CString::new(script).expect("SMT-LIB text has no NUL byte");
        // SAFETY: the calls follow z3_api.h; the context is used only here
        // and the output is copied before the context is deleted.
        unsafe {
            let cfg = (self.api.mk_config)();
            if let Some(ms) = timeout_ms {
                let ms = CString::new(ms.to_string()).unwrap();
                (self.api.set_param_value)(cfg, c"timeout".as_ptr(), ms.as_ptr());
            }
            let ctx = (self.api.mk_context)(cfg);
            (self.api.del_config)(cfg);
            (self.api.set_error_handler)(ctx, None);
            let out = (self.api.eval_smtlib2_string)(ctx, text.as_ptr());
            let out = if out.is_null() {
                String::new()
            } else {
                CStr::from_ptr(out).to_string_lossy().into_owned()
            };
            (self.api.del_context)(ctx);
            out
        }
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
    fn errors_come_back_as_text_not_exit() {
        let z3 = Z3Library::load(None).unwrap();
        let out = z3.eval("(assert (= 1 \"a\"))(check-sat)", None);
        assert!(out.contains("(error"), "{out}");
    }
}
