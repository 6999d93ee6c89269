//! The feedbacks: what keeps an input in the corpus (answered queries that
//! reach something new), the edge tally for reporting, the objective, and
//! the record of every execution, and the verdicts of the cases kept.

pub mod answered;
pub mod edges;
pub mod kept;
pub mod objective;
pub mod record;
