//! The options every in-process cvc5 solver gets, in the order they are
//! set: [`CVC5_DEFAULT_OPTIONS`] (the `cvc5` binary target's flags), then
//! what the case needs ([`case_options`]), then the user's
//! `--solver-option`s, which win.

use crate::solver::option::SolverOption;

/// The options of the `cvc5` binary target's flags, set on every
/// in-process solver before the user's.
pub const CVC5_DEFAULT_OPTIONS: &[(&str, &str)] = &[
    ("incremental", "true"),
    ("strings-exp", "true"),
    ("produce-models", "true"),
];

/// The options a script needs beyond the solver's defaults: cvc5 refuses
/// a constant array (`(as const ...)`) unless `arrays-exp` is on, with an
/// error that says nothing about the formula, and a floating-point format
/// other than Float32 and Float64 unless `fp-exp` is on (1.0.3 and 1.4.2:
/// "only Float32 (8/24) or Float64 (11/53) types are supported in default
/// mode"). Set per query, so the other queries keep cvc5's default array
/// and floating-point solvers.
pub fn case_options(script: &str) -> Vec<SolverOption> {
    let mut options = Vec::new();
    if script.contains("(as const") {
        options.push(SolverOption {
            key: "arrays-exp".into(),
            value: "true".into(),
        });
    }
    if names_other_fp_format(script) {
        options.push(SolverOption {
            key: "fp-exp".into(),
            value: "true".into(),
        });
    }
    options
}

/// Whether `script` names a floating-point format other than Float32 and
/// Float64: in a sort or an indexed constant or conversion (`(_
/// FloatingPoint 5 11)`, `(_ +zero 3 5)`, `(_ to_fp 5 11)`), by an alias
/// (`Float16`, `Float128`), or by the widths of an `(fp s e m)` literal's
/// fields (a formula can hold floats that no declaration names).
fn names_other_fp_format(script: &str) -> bool {
    const STANDARD: [(usize, usize); 2] = [(8, 24), (11, 53)];
    const INDEXED: [&str; 8] = [
        "FloatingPoint",
        "+zero",
        "-zero",
        "+oo",
        "-oo",
        "NaN",
        "to_fp",
        "to_fp_unsigned",
    ];
    if script.contains("Float16") || script.contains("Float128") {
        return true;
    }
    let words: Vec<&str> = script
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .collect();
    let width = |w: &str| {
        w.strip_prefix("#b")
            .map(str::len)
            .or_else(|| w.strip_prefix("#x").map(|h| 4 * h.len()))
    };
    words.windows(4).any(|w| match w {
        ["_", name, eb, sb] if INDEXED.contains(name) => {
            match (eb.parse::<usize>(), sb.parse::<usize>()) {
                (Ok(eb), Ok(sb)) => !STANDARD.contains(&(eb, sb)),
                _ => false,
            }
        }
        ["fp", s, e, m] => match (width(s), width(e), width(m)) {
            (Some(1), Some(eb), Some(m)) => !STANDARD.contains(&(eb, m + 1)),
            _ => false,
        },
        _ => false,
    })
}

/// The options of one solver, in the order they are set: the defaults,
/// what the case needs, the user's.
pub fn solver_options(case: &[SolverOption], user: &[SolverOption]) -> Vec<SolverOption> {
    CVC5_DEFAULT_OPTIONS
        .iter()
        .map(|(k, v)| SolverOption {
            key: k.to_string(),
            value: v.to_string(),
        })
        .chain(case.iter().cloned())
        .chain(user.iter().cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_arrays_turn_arrays_exp_on_and_the_user_has_the_last_word() {
        let script = "(declare-const a (Array Int Int))\
                      (assert (= a ((as const (Array Int Int)) 0)))(check-sat)";
        let case = case_options(script);
        assert_eq!(case.len(), 1);
        assert_eq!(case[0].to_string(), "arrays-exp=true");
        assert!(case_options("(declare-const a (Array Int Int))(check-sat)").is_empty());
        let user: SolverOption = "arrays-exp=false".parse().unwrap();
        let all = solver_options(&case, std::slice::from_ref(&user));
        assert_eq!(all.last(), Some(&user));
        assert_eq!(all.len(), CVC5_DEFAULT_OPTIONS.len() + 2);
    }

    #[test]
    fn a_format_other_than_float32_and_float64_turns_fp_exp_on() {
        let fp_exp = |script: &str| {
            case_options(script)
                .iter()
                .any(|o| o.to_string() == "fp-exp=true")
        };
        assert!(fp_exp(
            "(declare-const x (_ FloatingPoint 5 11))(check-sat)"
        ));
        assert!(fp_exp("(declare-const x Float16)(check-sat)"));
        assert!(fp_exp("(assert (fp.isNaN (_ NaN 3 5)))"));
        assert!(fp_exp(
            "(declare-const x Float32)(assert (= ((_ to_fp 5 11) RNE x) x))"
        ));
        assert!(fp_exp("(assert (fp.isZero (fp #b0 #b00000 #b0000000000)))"));
        assert!(fp_exp("(assert (fp.isZero (fp #b0 #x0 #b0000000000)))"));
        assert!(!fp_exp(
            "(declare-const x (_ FloatingPoint 8 24))(declare-const y Float64)\
             (assert (fp.eq x (fp #b0 #x7f #b00000000000000000000000) (_ +zero 8 24)))"
        ));
        assert!(!fp_exp(
            "(assert (fp.isZero (fp #b0 #b00000000000 #x0000000000000)))"
        ));
        assert!(!fp_exp("(declare-const s String)(assert (= s \"NaN\"))"));
    }
}
