//! A table of generators that a stream draws from by weight: the one place
//! where a stream chooses among its generators.
//!
//! # Invariant
//!
//! A table of several entries draws one index, uniformly over the sum of
//! the weights (one `random_range`), and the entry it falls in draws
//! until it finds a case; a table of one entry draws no index. So a table draws exactly as
//! a `match` over `random_range(0..sum)` with an arm per weight unit did,
//! and a seed reproduces the stream.

use std::fmt::Debug;

use rand::{Rng, RngCore};

use crate::generate::Generator;
use crate::truth::Case;

/// A generator a table can hold: boxed, and cloned with the table.
pub trait TableGenerator: Generator + Debug + Send + Sync {
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn TableGenerator>;
}

impl<T: Generator + Clone + Debug + Send + Sync + 'static> TableGenerator for T {
    fn clone_box(&self) -> Box<dyn TableGenerator> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn TableGenerator> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Generators, each with its weight.
#[derive(Clone, Debug, Default)]
pub struct Table {
    entries: Vec<(u32, Box<dyn TableGenerator>)>,
}

impl Table {
    /// An empty table; a generator must be added before a draw.
    pub fn new() -> Self {
        Table::default()
    }

    /// The table with `generator` drawn with weight `weight` (at least 1),
    /// after the entries already there.
    pub fn with(mut self, weight: u32, generator: impl TableGenerator + 'static) -> Self {
        self.entries.push((weight.max(1), Box::new(generator)));
        self
    }
}

impl Generator for Table {
    fn try_next(&mut self, rng: &mut dyn RngCore) -> Option<Case> {
        let entry = match self.entries.as_mut_slice() {
            [] => panic!("a table of generators is empty"),
            [only] => only,
            entries => {
                let total: u32 = entries.iter().map(|(w, _)| w).sum();
                let mut k = rng.random_range(0..total);
                let mut chosen = None;
                for entry in entries.iter_mut() {
                    if k < entry.0 {
                        chosen = Some(entry);
                        break;
                    }
                    k -= entry.0;
                }
                chosen.expect("k is below the sum of the weights")
            }
        };
        // The chosen generator draws until it finds a case: a draw that
        // finds nothing does not choose again.
        Some(entry.1.next(rng))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::semantics::Model;
    use crate::term::Formula;
    use crate::truth::{Provenance, Truth};

    /// Makes an empty sat case filed under its name, drawing nothing.
    #[derive(Clone, Debug)]
    struct Named(&'static str);

    impl Generator for Named {
        fn try_next(&mut self, _: &mut dyn RngCore) -> Option<Case> {
            Some(Case::new(
                Formula::default(),
                Truth::Sat {
                    model: Model::new(),
                },
                Provenance {
                    category: self.0.into(),
                    ..Provenance::default()
                },
            ))
        }
    }

    #[test]
    fn a_table_draws_as_a_match_over_its_weights() {
        let mut table = Table::new().with(1, Named("a")).with(2, Named("b"));
        let (mut rng, mut same) = (ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(1));
        for _ in 0..200 {
            let drawn = table.next(&mut rng).provenance.category;
            let by_match = match same.random_range(0..3) {
                0 => "a",
                _ => "b",
            };
            assert_eq!(drawn, by_match);
        }
    }

    #[test]
    fn a_table_of_one_entry_draws_no_index() {
        let mut table = Table::new().with(5, Named("only"));
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let before = rng.clone();
        assert_eq!(table.next(&mut rng).provenance.category, "only");
        assert_eq!(rng, before);
    }
}
