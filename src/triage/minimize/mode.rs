//! What a minimization may change in an unsat case: the one setting every
//! pass reads, kept apart so that the passes name it without naming the
//! reducer loop.

/// What may be changed in an unsat case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The failure involves the core (an invalid core) or the truth is sat:
    /// only reductions that keep the truth exactly.
    Exact,
    /// The solver contradicts an unsat status: instantiation is allowed too.
    StatusOnly,
}
