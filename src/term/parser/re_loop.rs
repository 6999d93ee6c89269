//! `re.loop` and `re.^` with indices an [`Op`] cannot hold, rewritten
//! exactly into powers it can.
//!
//! # Invariant
//!
//! A `re.loop` or `re.^` index of 2^32 or more is read exactly as a
//! concatenation of powers of at most 2^31 - 1 (Z3 reads indices as signed
//! 32-bit integers): `r^n = (r^M)^q ++ r^rem`; `re.loop` with `lo > hi` is
//! `re.none`, else `r^lo ++ (re.opt r)^(hi - lo)`. No bound is refused, and
//! an index below 2^32 stays as written (so printed terms read back equal).

use num_bigint::BigUint;

use crate::term::{Op, Term};

/// The largest index a big `re.^` or `re.loop` is split into: Z3 reads
/// indices as signed 32-bit integers and refuses larger ones.
const MAX_INDEX: u32 = i32::MAX as u32;

/// `((_ re.^ n) r)`: as written when `n` fits an [`Op`], else
/// [`split_power`].
pub(super) fn re_power(r: Term, n: BigUint) -> Term {
    match small_index(&n) {
        Some(n) => Term::App(Op::RePower(n), vec![r]),
        None => split_power(r, n),
    }
}

/// `r^n` built exactly from powers of at most [`MAX_INDEX`]:
/// `r^n = (r^M)^q ++ r^rem` with `n = q * M + rem`.
pub(super) fn split_power(r: Term, n: BigUint) -> Term {
    if let Some(n) = u32::try_from(&n).ok().filter(|&n| n <= MAX_INDEX) {
        return Term::App(Op::RePower(n), vec![r]);
    }
    let m = BigUint::from(MAX_INDEX);
    let (q, rem) = (&n / &m, &n % &m);
    let rem = u32::try_from(&rem).expect("below MAX_INDEX");
    let big = Term::App(Op::RePower(MAX_INDEX), vec![r.clone()]);
    Term::App(
        Op::ReConcat,
        vec![split_power(big, q), Term::App(Op::RePower(rem), vec![r])],
    )
}

/// `n` if an [`Op`] index can hold it.
pub(super) fn small_index(n: &BigUint) -> Option<u32> {
    u32::try_from(n).ok()
}

/// `((_ re.loop lo hi) r)` for any bounds, built exactly: none when
/// `lo > hi`, else `r^lo ++ (re.opt r)^(hi - lo)`.
pub(super) fn re_loop(r: Term, lo: BigUint, hi: BigUint) -> Term {
    if let (Some(l), Some(h)) = (small_index(&lo), small_index(&hi)) {
        return Term::App(Op::ReLoop(l, h), vec![r]);
    }
    if lo > hi {
        return Term::App(Op::ReNone, Vec::new());
    }
    let extra = &hi - &lo;
    let opt = Term::App(Op::ReOpt, vec![r.clone()]);
    Term::App(
        Op::ReConcat,
        vec![split_power(r, lo), split_power(opt, extra)],
    )
}

#[cfg(test)]
mod tests {
    use crate::term::{Dialect, Op, Printer, Term, parse_term};

    #[test]
    fn legacy_and_indexed_loops() {
        let a = Term::app(Op::StrToRe, vec![Term::str("a")]);
        let want = Term::app(Op::ReLoop(1, 3), vec![a.clone()]);
        assert_eq!(
            parse_term(r#"((_ re.loop 1 3) (str.to_re "a"))"#),
            Ok(want.clone())
        );
        assert_eq!(
            parse_term(r#"(re.loop (str.to.re "a") 1 3)"#),
            Ok(want.clone())
        );
        assert_eq!(
            Printer::new(Dialect::Legacy).term(&want),
            r#"(re.loop (str.to.re "a") 1 3)"#
        );
        assert_eq!(
            parse_term(r#"((_ re.^ 2) (str.to-re "a"))"#),
            Ok(Term::app(Op::RePower(2), vec![a]))
        );
        assert!(parse_term(r#"(re.loop (str.to.re "a") x 3)"#).is_err());
    }

    #[test]
    fn big_loop_bounds_are_read_as_powers_below_2_pow_31() {
        // Below 2^32, as written (round trip).
        assert_eq!(
            parse_term(r#"((_ re.^ 4294967295) (str.to_re "a"))"#),
            Ok(Term::app(
                Op::RePower(u32::MAX),
                vec![Term::app(Op::StrToRe, vec![Term::str("a")])]
            ))
        );
        let a = Term::app(Op::StrToRe, vec![Term::str("a")]);
        let m = Term::app(Op::RePower(i32::MAX as u32), vec![a.clone()]);
        // 2^32 = 2 * (2^31 - 1) + 2
        assert_eq!(
            parse_term(r#"((_ re.^ 4294967296) (str.to_re "a"))"#),
            Ok(Term::app(
                Op::ReConcat,
                vec![
                    Term::app(Op::RePower(2), vec![m]),
                    Term::app(Op::RePower(2), vec![a])
                ]
            ))
        );
        assert_eq!(
            parse_term("((_ re.loop 4294967297 4294967296) re.allchar)"),
            Ok(Term::App(Op::ReNone, Vec::new()))
        );
    }
}
