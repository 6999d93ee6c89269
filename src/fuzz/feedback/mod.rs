//! The feedbacks: what keeps an input in the corpus (answered queries that
//! reach something new), the edge tally for reporting, the objective, and
//! the record of every execution, the verdicts of the cases kept, and the
//! query log.

pub mod answered;
pub mod edges;
pub mod kept;
pub mod objective;
pub mod queries;
pub mod record;
