//! The measure minimization compares cases in: AST nodes.

use crate::truth::Case;

/// A case's size in AST nodes (what sizes are compared in).
pub fn size(case: &Case) -> usize {
    case.formula.assertions.iter().map(|a| a.term.size()).sum()
}
