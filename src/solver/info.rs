//! Who is being fuzzed: the name, version and options a finding's header
//! records, so a developer can tell which build and settings gave the
//! wrong answer.

/// The solver under test, as finding headers name it.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SolverInfo {
    /// Short name (`z3`).
    pub name: String,
    /// Full version.
    pub version: String,
    /// Options used.
    pub options: String,
    /// The arguments of `equifuzz run FILE` that replay a finding on this
    /// solver (`--target ... --solver-lib ... --solver-option ...`), quoted
    /// for a shell; empty if unknown.
    pub replay: String,
}
