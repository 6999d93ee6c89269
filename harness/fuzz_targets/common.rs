//! What both targets share: the fuzzer's bytes are a case's recipe.
//!
//! `arbitrary` decodes the bytes into an [`equifuzz::source::Recipe`]
//! (pool, seed formula, a chain of transformations with each step's
//! choices), so every input libFuzzer keeps is a formula whose truth is
//! known by construction, and its byte mutations are mutations of the
//! recipe.

use std::sync::OnceLock;

use equifuzz::source::Ingredients;

/// The pools and seed lists, built once per process.
pub fn kit() -> &'static Ingredients {
    static KIT: OnceLock<Ingredients> = OnceLock::new();
    KIT.get_or_init(|| Ingredients::new().expect("the built-in pools make term pools"))
}
