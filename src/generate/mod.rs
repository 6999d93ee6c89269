//! Cases true by construction: the step-1 formulas and the generators of
//! every theory, one room (folder) per theory, over the parts they share.
//!
//! Generators make [`Case`](crate::truth::Case)s whose truth holds by
//! construction; [`crate::transform`] grows them. The generators that draw
//! at random share one interface, [`Generator`].
//!
//! # Rooms
//!
//! - [`strings`]: the ICSE 2020 paper's step 1 over strings and integers:
//!   one operator in isolation, Table 2's equivalent formulas, the term
//!   pool that term synthesis draws from.
//! - [`regex`]: Kühne 2022, chapter 2: the regex pool, nested `RegLan`
//!   terms, membership formulas, constant assignment, term synthesis,
//!   Table 2.3's rows and the membership definitions, unsat constants.
//! - [`combined`]: Kühne 2022, chapter 3: bit-vectors and arrays beside
//!   strings, integers and regexes; Table 3.1's pool, nested terms across
//!   the theories, sat and unsat cases.
//! - [`seq`]: sequences `(Seq E)` of every element sort: their terms and
//!   values, the string catalogue's categories, the identity rows, and
//!   sequences inside combined cases.
//! - [`uf`]: uninterpreted functions over the string and sequence sorts.
//! - [`bitvec`]: bit-vectors on their own (QF_BV, with arrays, functions
//!   and the Int conversions): widths and values with the boundaries
//!   weighted, the width-generic identity rows of
//!   `assets/tables/bitvec_identities.smt2` and their unsat cases, nested
//!   bit-vector terms over every operator and the sat cases made of them.
//! - [`int`]: integer arithmetic on its own (QF_LIA, QF_NIA): sat cases
//!   with a model, the integer identities' unsat cases, the classic unsat
//!   shapes.
//! - [`real`]: real arithmetic (QF_LRA, QF_NRA, QF_LIRA, QF_AUFLIRA): sat
//!   cases with a model over Real, Int-bridged and array variables, the
//!   real identities' unsat cases (`assets/tables/real_identities.txt`),
//!   the classic unsat shapes (density, Farkas, floors).
//! - [`fp`]: floating point (QF_FP, QF_FPLRA, QF_BVFP): sat cases with a
//!   model over Float16, Float32, Float64 and small odd formats and
//!   rounding modes, the famous non-identities broken with a witness, the
//!   float identities' unsat cases (`assets/tables/fp_identities.txt`),
//!   the classic unsat shapes (no float between neighbours, NaN
//!   unordered, no overflow toward zero).
//!
//! Below the rooms, and shared by them and by the transformations: the
//! [`Generator`] interface (`generator.rs`), the Bool, Int and String
//! [`ConstantPool`] (`pool.rs`), the reader of the tables in
//! `assets/tables/` (`tables/`), an identity row's unsat case
//! (`identity.rs`, for `int`, `real` and `fp`), the links that grow its
//! core (`links.rs`, for `seq`, `bitvec`, `real` and `fp`), and short term builders
//! (`sx.rs`). A room
//! names these and the rooms it draws from (`combined` and `seq` their
//! regexes from `regex`, `uf` its terms from `seq`), never the other way
//! round: a part two rooms share goes down here, into a file both name.
//!
//! # Where the generators to come go
//!
//! Each theory still to come gets a room of its own beside these, made
//! with its first generator (an empty room is not kept):
//!
//! - `quantifier/`: quantified formulas; it sits above the rooms whose
//!   terms it binds and names them, as `uf` names `seq`. (Issue 41 built
//!   quantifiers as transformations instead, `transform::quantifier`: they
//!   bind the variables of any room's cases, so they need no room here.)

pub mod bitvec;
pub mod combined;
pub mod fp;
mod generator;
pub(crate) mod identity;
pub mod int;
pub(crate) mod links;
mod pool;
pub mod real;
pub mod regex;
pub mod seq;
pub mod strings;
pub(crate) mod sx;
pub(crate) mod tables;
pub mod uf;

pub use generator::Generator;
pub use pool::ConstantPool;
