//! The bit-vector and array rows of variable and constant replacement
//! fire on what the combined generators make: every row (`NC-BV…`,
//! `NC-A…`, `BVC…`, `AC…`) is offered and drawn on the `--theory
//! combined` stream, each result's truth checks, and the stream itself
//! grows both sat and unsat combined cases with them.

use std::collections::BTreeSet;

use equifuzz::generate::ConstantPool;
use equifuzz::source::{MixedCaseGenerator, Theory};
use equifuzz::transform::combined_identities::NC_ROWS;
use equifuzz::transform::{
    ARRAY_ROWS, BV_CONSTANT_ROWS, combined_variable_choices, constant_rows_for,
    replace_combined_variable, replace_sat_constant, replace_unsat_constant,
    sat_constant_candidates, unsat_constant_candidates,
};
use equifuzz::truth::{Case, Truth};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn unsat(c: &Case) -> bool {
    matches!(c.truth, Truth::Unsat { .. })
}

#[test]
fn every_combined_row_is_offered_and_drawn_on_the_combined_stream() {
    let mut g = MixedCaseGenerator::new(ConstantPool::paper())
        .unwrap()
        .seed(9)
        .theory(Theory::Combined);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut offered, mut drawn) = (BTreeSet::new(), BTreeSet::new());
    // Cases the stream itself grew with the rows: (sat, unsat).
    let (mut grown_sat, mut grown_unsat) = (0, 0);
    for _ in 0..1200 {
        let case = g.next(&mut rng);
        case.check().unwrap();
        let grown = case
            .provenance
            .chain
            .iter()
            .any(|s| s == "variable-replacement" || s == "constant-replacement");
        if grown && unsat(&case) {
            grown_unsat += 1;
        } else if grown {
            grown_sat += 1;
        }
        for (at, x, row) in combined_variable_choices(&case) {
            offered.insert(row.id.to_string());
            let out = replace_combined_variable(&case, at, &x, row, &mut rng)
                .unwrap_or_else(|| panic!("{} offered on {x} but refused", row.id));
            out.check().unwrap();
            drawn.insert(out.provenance.chain.last().unwrap().clone());
        }
        let candidates = if unsat(&case) {
            unsat_constant_candidates(&case)
        } else {
            sat_constant_candidates(&case)
        };
        for (at, c) in candidates {
            for row in constant_rows_for(&c) {
                offered.insert(row.id().to_string());
                let out = if unsat(&case) {
                    replace_unsat_constant(&case, at, &c, row)
                } else {
                    replace_sat_constant(&case, at, &c, row, &mut rng)
                };
                if let Some(out) = out {
                    out.check().unwrap();
                    drawn.insert(out.provenance.chain.last().unwrap().clone());
                }
            }
        }
    }
    let ids = NC_ROWS
        .iter()
        .map(|r| r.id)
        .chain(BV_CONSTANT_ROWS.iter().map(|r| r.id))
        .chain(ARRAY_ROWS.iter().map(|r| r.id));
    for id in ids {
        assert!(offered.contains(id), "{id} never offered: {offered:?}");
        assert!(drawn.contains(id), "{id} never drawn: {drawn:?}");
    }
    assert!(
        grown_sat > 100 && grown_unsat > 50,
        "the stream grows combined cases: {grown_sat} sat, {grown_unsat} unsat"
    );
}
