//! Fuzzes equifuzz itself on arbitrary bytes: a failure here is a bug of
//! ours (a false alarm waiting to happen), found before it reaches a solver
//! developer. The first byte picks what the rest is read as:
//!
//! - SMT-LIB text: what parses prints and parses back to the same script
//!   (printing is a fixed point after one round), and a formula read from
//!   it prints back to itself.
//! - a postcard-encoded case: what decodes encodes back to the same bytes'
//!   case, and checking its truth (the semantics) returns, whatever it says.
//! - a recipe: its case's truth holds, and the case survives print/parse and
//!   postcard round trips.
#![no_main]

use equifuzz::source::Recipe;
use equifuzz::term::{Formula, Printer, Queries, parse_script};
use equifuzz::truth::Case;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fn text(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok(script) = parse_script(text) else {
        return;
    };
    let printer = Printer::default();
    let once = printer.script(&script);
    let again = parse_script(&once)
        .unwrap_or_else(|e| panic!("printed script does not parse: {e}\n{once}"));
    assert_eq!(
        printer.script(&again),
        once,
        "print/parse is not a fixed point"
    );
    if let Ok(formula) = Formula::from_script(&script) {
        let printed = printer.script(&formula.to_script(None, Queries::default()));
        let back = parse_script(&printed).expect("a printed formula parses");
        let back = Formula::from_script(&back).unwrap_or_else(|e| panic!("{e}\n{printed}"));
        assert_eq!(back, formula, "formula print/parse round trip\n{printed}");
    }
}

fn postcard_case(bytes: &[u8]) {
    let Ok(case) = postcard::from_bytes::<Case>(bytes) else {
        return;
    };
    // Whatever the truth says, checking it must return, not panic or hang.
    let _ = case.check();
    let encoded = postcard::to_allocvec(&case).expect("a case encodes");
    let back: Case = postcard::from_bytes(&encoded).expect("an encoded case decodes");
    assert_eq!(back, case, "postcard round trip");
}

fn recipe(bytes: &[u8]) {
    let recipe = Recipe::from_bytes(bytes);
    let case = recipe.case(common::kit());
    case.check()
        .unwrap_or_else(|e| panic!("generated truth fails: {e}\n{recipe:?}"));
    let text = Printer::default().script(&case.formula.to_script(None, Queries::default()));
    let back = Formula::from_script(&parse_script(&text).expect("printed scripts parse")).unwrap();
    assert_eq!(back, case.formula, "print/parse round trip");
    let bytes = postcard::to_allocvec(&case).unwrap();
    let again: Case = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(again, case, "postcard round trip");
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&mode, rest)) = bytes.split_first() else {
        return;
    };
    match mode % 3 {
        0 => text(rest),
        1 => postcard_case(rest),
        _ => recipe(rest),
    }
});
