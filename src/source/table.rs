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
