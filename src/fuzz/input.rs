//! A [`Case`] is LibAFL's input: the formula travels with its ground truth
//! and provenance, so a testcase shipped to another node (LLMP sends only
//! inputs) or read back from `corpus/` can still be judged.
//!
//! # Invariants
//!
//! - The on-disk form is postcard, LibAFL's default for `Input`; the file
//!   name is a hash of the case, so one case is stored once.
//! - [`RandBridge`] draws every random choice of a transformation from the
//!   fuzzer state's generator: a campaign is reproducible from its seed.

use libafl::inputs::Input;
use libafl_bolts::rands::Rand;

use crate::truth::Case;

impl Input for Case {}

/// LibAFL's generator seen as a `rand` generator, for the transformations.
pub struct RandBridge<'a, R: Rand>(pub &'a mut R);

impl<R: Rand> rand::RngCore for RandBridge<'_, R> {
    fn next_u32(&mut self) -> u32 {
        (self.0.next() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        self.0.next()
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.0.next().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

/// A case's length is its formula's size in nodes: what the corpus
/// minimizer weighs (with execution time) to prefer small, quick entries.
impl libafl_bolts::HasLen for Case {
    fn len(&self) -> usize {
        crate::transform::formula_size(&self.formula)
    }
}
