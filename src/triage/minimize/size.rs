//! The measure minimization compares cases in: AST nodes.

use crate::truth::Case;

/// A case's size in AST nodes (what sizes are compared in): of its
/// assertions, or, for an incremental case, of those its script sends
/// (asserted or assumed). An assertion only the formula holds reaches no
/// solver: a script of one 4-node assertion was reported as 50 nodes
/// because its pool still held what the script no longer used.
pub fn size(case: &Case) -> usize {
    let terms = &case.formula.assertions;
    match &case.incremental {
        None => terms.iter().map(|a| a.term.size()).sum(),
        Some(inc) => inc
            .referenced()
            .into_iter()
            .filter_map(|i| terms.get(i))
            .map(|a| a.term.size())
            .sum(),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::generate::ConstantPool;
    use crate::generate::strings::equivalent_formula_cases;
    use crate::transform::constant_assignments;
    use crate::transform::incremental::interleave;
    use crate::truth::Step;

    /// An assertion the script no longer sends leaves the size; one it
    /// sends is counted once however often it is asserted.
    #[test]
    fn a_script_counts_what_it_sends() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let sat: Vec<Case> = constant_assignments(&ConstantPool::paper(), 4)
            .take(10)
            .collect();
        let mut seen = 0;
        for (i, b) in equivalent_formula_cases(false, 4).take(10).enumerate() {
            let Some(c) = interleave(&sat[i], &b, &mut rng) else {
                continue;
            };
            let inc = c.incremental.clone().unwrap();
            let all: usize = c.formula.assertions.iter().map(|a| a.term.size()).sum();
            assert_eq!(size(&c), all, "every assertion is sent at first");
            let Some(at) = inc.steps.iter().position(|s| matches!(s, Step::Assert(_))) else {
                continue;
            };
            let Step::Assert(gone) = inc.steps[at] else {
                unreachable!()
            };
            if inc
                .steps
                .iter()
                .filter(|s| **s == Step::Assert(gone))
                .count()
                > 1
            {
                continue;
            }
            seen += 1;
            let mut cut = c.clone();
            cut.incremental.as_mut().unwrap().steps.remove(at);
            assert_eq!(
                size(&cut),
                all - c.formula.assertions[gone].term.size(),
                "{:?}",
                cut.incremental
            );
        }
        assert!(seen > 0, "no script had an assertion to leave out");
    }
}
