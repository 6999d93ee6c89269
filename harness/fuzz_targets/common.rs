//! What both targets share: the fuzzer's bytes choose a case.
//!
//! The bytes are decoded with `arbitrary` into a seed and a few knobs, and
//! the case is drawn from equifuzz's own generators with that seed, so every
//! input libFuzzer keeps is a formula whose truth is known by construction.

use arbitrary::Arbitrary;
use equifuzz::generate::ConstantPool;
use equifuzz::source::MixedCaseGenerator;
use equifuzz::truth::Case;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The decoded fuzzer input.
#[derive(Arbitrary, Debug)]
pub struct Choice {
    seed: u64,
    unsat: bool,
    boundary_pool: bool,
}

impl Choice {
    /// The case these choices select.
    pub fn case(&self) -> Case {
        let pool = if self.boundary_pool { ConstantPool::boundary() } else { ConstantPool::paper() };
        let mut g = MixedCaseGenerator::new(pool)
            .expect("the built-in pools make a term pool")
            .seed(self.seed)
            .unsat_share(if self.unsat { 1.0 } else { 0.0 });
        g.next(&mut ChaCha8Rng::seed_from_u64(self.seed))
    }
}
