//! Fuzzes equifuzz itself: every generated case's truth checks, its script
//! prints and parses back to the same formula, and its postcard encoding
//! round-trips. A failure here is a bug of ours (a false alarm waiting to
//! happen), found before it reaches a solver developer.
#![no_main]

use equifuzz::term::{Formula, Printer, Queries, parse_script};
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|choice: common::Choice| {
    let case = choice.case();
    case.check().expect("generated truth holds");
    let text = Printer::default().script(&case.formula.to_script(None, Queries::default()));
    let back = Formula::from_script(&parse_script(&text).expect("printed scripts parse")).unwrap();
    assert_eq!(back, case.formula, "print/parse round trip");
    let bytes = postcard::to_allocvec(&case).unwrap();
    let again: equifuzz::truth::Case = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(again, case, "postcard round trip");
});
