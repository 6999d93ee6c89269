//! Step-1 formulas and the constant pools they draw from.
//!
//! Generators make [`Case`](crate::truth::Case)s whose truth holds by
//! construction; [`crate::transform`] grows them. The generators that draw
//! at random share one interface, [`Generator`].

pub mod combined;
mod generator;
mod pool;
pub mod regex;
pub mod seq;
pub mod strings;
pub(crate) mod sx;
pub(crate) mod tables;
pub mod uf;

pub use generator::Generator;
pub use pool::ConstantPool;
