//! A naive, obviously-correct membership test read straight off the
//! standard's definition of each RegLan operator (exponential; for short
//! strings only). It is the reference the derivative engine is tested
//! against.

#![allow(dead_code)]

use equifuzz::term::{Op, Term};

/// Whether `w` is in the language of the closed term `t`.
pub fn naive_match(t: &Term, w: &[u32]) -> bool {
    let Term::App(op, args) = t else {
        panic!("not a regex term: {t}")
    };
    let s = |i: usize| match &args[i] {
        Term::Str(s) => s.chars().to_vec(),
        other => panic!("not a constant: {other}"),
    };
    match op {
        Op::ReNone => false,
        Op::ReAll => true,
        Op::ReAllchar => w.len() == 1,
        Op::StrToRe => w == s(0).as_slice(),
        Op::ReRange => {
            let (a, b) = (s(0), s(1));
            a.len() == 1 && b.len() == 1 && w.len() == 1 && a[0] <= w[0] && w[0] <= b[0]
        }
        Op::ReConcat => concat(args, w),
        Op::ReUnion => args.iter().any(|a| naive_match(a, w)),
        Op::ReInter => args.iter().all(|a| naive_match(a, w)),
        Op::ReDiff => naive_match(&args[0], w) && !args[1..].iter().any(|a| naive_match(a, w)),
        Op::ReComp => !naive_match(&args[0], w),
        Op::ReStar => star(&args[0], w),
        Op::RePlus => {
            (1..=w.len()).any(|i| naive_match(&args[0], &w[..i]) && star(&args[0], &w[i..]))
                || (naive_match(&args[0], &[]) && star(&args[0], w))
        }
        Op::ReOpt => w.is_empty() || naive_match(&args[0], w),
        Op::RePower(n) => power(&args[0], *n, w),
        Op::ReLoop(lo, hi) => lo <= hi && (*lo..=*hi).any(|k| power(&args[0], k, w)),
        _ => panic!("not a regex operator: {t}"),
    }
}

fn concat(args: &[Term], w: &[u32]) -> bool {
    match args {
        [] => w.is_empty(),
        [a, rest @ ..] => (0..=w.len()).any(|i| naive_match(a, &w[..i]) && concat(rest, &w[i..])),
    }
}

/// `w ∈ R*`: empty, or a non-empty member of R followed by a member of R*.
fn star(r: &Term, w: &[u32]) -> bool {
    w.is_empty() || (1..=w.len()).any(|i| naive_match(r, &w[..i]) && star(r, &w[i..]))
}

fn power(r: &Term, n: u32, w: &[u32]) -> bool {
    if n == 0 {
        return w.is_empty();
    }
    (0..=w.len()).any(|i| naive_match(r, &w[..i]) && power(r, n - 1, &w[i..]))
}

/// `str.replace_re` read off the standard: the first start, then the
/// shortest end, of a member substring (empty allowed).
pub fn naive_replace_re(w: &[u32], r: &Term, t: &[u32]) -> Vec<u32> {
    for i in 0..=w.len() {
        for j in i..=w.len() {
            if naive_match(r, &w[i..j]) {
                return [&w[..i], t, &w[j..]].concat();
            }
        }
    }
    w.to_vec()
}

/// `str.replace_re_all` read off the standard (non-empty matches only).
pub fn naive_replace_re_all(w: &[u32], r: &Term, t: &[u32]) -> Vec<u32> {
    for i in 0..w.len() {
        for j in i + 1..=w.len() {
            if naive_match(r, &w[i..j]) {
                return [&w[..i], t, &naive_replace_re_all(&w[j..], r, t)].concat();
            }
        }
    }
    w.to_vec()
}
