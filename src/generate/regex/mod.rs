//! The regex generators (Kühne 2022, chapter 2): the regex pool, nested
//! `RegLan` terms sampled from it, and the cases made of them: sat constant
//! assignment, term synthesis and membership formulas; unsat
//! equivalent-formula rows (Table 2.3 and the membership definitions) and
//! unsat constants with simple and complex results.
//!
//! The pool ([`RegexPool`]) is the bottom of the room; the combined and
//! sequence generators draw their regexes from it too.

mod constant_assignment;
mod equivalence;
mod equivalent_formulas;
mod membership;
mod membership_equivalences;
mod pool;
mod term_synthesis;
mod terms;
mod unsat_constants;

pub use constant_assignment::RegexConstantAssignment;
pub use equivalence::RegexEquivalence;
pub use equivalent_formulas::{regex_equivalences, regex_equivalent_formula_cases};
pub use membership::RegexMembership;
pub use pool::{PoolRegex, RegexPool};
pub use term_synthesis::RegexTermSynthesis;
pub use terms::{RegexTermSampler, Sampled as SampledRegex};
pub use unsat_constants::{
    RegexUnsatConstant, random_regex_unsat_constant, regex_unsat_complex_cases,
    regex_unsat_constant_cases,
};
