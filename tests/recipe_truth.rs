//! Every recipe makes a case whose truth holds: arbitrary bytes, as
//! libFuzzer would hand them to the `z3_soundness` target, decoded into a
//! recipe and cooked into a case.

use std::sync::OnceLock;

use equifuzz::source::{Ingredients, Recipe};
use proptest::prelude::*;

fn kit() -> &'static Ingredients {
    static KIT: OnceLock<Ingredients> = OnceLock::new();
    KIT.get_or_init(|| Ingredients::new().expect("the built-in pools make term pools"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_recipe_makes_a_case_whose_truth_holds(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let recipe = Recipe::from_bytes(&bytes);
        let case = recipe.case(kit());
        if let Err(e) = case.check() {
            panic!("{e}\nrecipe: {recipe:?}\ncase: {case:?}");
        }
        // The same bytes make the same case: a crash file replays.
        prop_assert_eq!(Recipe::from_bytes(&bytes).case(kit()), case);
    }
}

#[test]
fn recipes_reach_every_kind_of_start_and_both_statuses() {
    // Not a stream of one kind: the decoded starts cover the generators.
    let mut kinds = std::collections::BTreeSet::new();
    let (mut sat, mut unsat) = (0, 0);
    for i in 0..600u32 {
        let bytes: Vec<u8> = (0..64u32)
            .map(|j| (i.wrapping_mul(2_654_435_761) >> (j % 24)) as u8 ^ j as u8)
            .collect();
        let r = Recipe::from_bytes(&bytes);
        kinds.insert(
            format!("{:?}", r.start)
                .split([' ', '{'])
                .next()
                .unwrap()
                .to_string(),
        );
        match r.case(kit()).truth {
            equifuzz::truth::Truth::Sat { .. } => sat += 1,
            equifuzz::truth::Truth::Unsat { .. } => unsat += 1,
        }
    }
    assert_eq!(kinds.len(), 9, "{kinds:?}");
    assert!(sat > 100 && unsat > 50, "sat {sat}, unsat {unsat}");
}
