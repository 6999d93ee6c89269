//! What the parser reads beyond equifuzz's own output, checked against the
//! semantics: `re.loop`/`re.^` indices of 2^32 and more (read as powers of
//! smaller ones) keep their exact languages.

use equifuzz::semantics::{Value, eval_closed};
use equifuzz::term::parse_term;

fn member(re: &str, s: &str) -> bool {
    let t = parse_term(&format!("(str.in_re \"{s}\" {re})")).unwrap();
    eval_closed(&t).unwrap() == Value::Bool(true)
}

#[test]
fn big_loop_bounds_keep_their_exact_language() {
    let pow = "((_ re.^ 4294967296) (str.to_re \"a\"))";
    assert!(!member(pow, ""));
    assert!(!member(pow, "aaaa"));
    let lp = "((_ re.loop 2 4294967297) (str.to_re \"ab\"))";
    assert!(member(lp, "abab"));
    assert!(member(lp, "ababab"));
    assert!(!member(lp, "ab"));
    assert!(!member(lp, "aba"));
    // Between 2^31 and 2^32: kept as written.
    let mid = "((_ re.loop 0 3000000000) (str.to_re \"a\"))";
    assert!(member(mid, ""));
    assert!(member(mid, "aaa"));
    assert!(!member(mid, "b"));
    // Legacy loops with big bounds too.
    assert!(member("(re.loop (str.to.re \"ab\") 1 4294967296)", "abab"));
    assert!(!member(
        "(re.loop (str.to.re \"ab\") 4294967296 4294967296)",
        "abab"
    ));
}
