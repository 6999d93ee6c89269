//! The feedbacks: what keeps an input in the corpus (answered queries that
//! reach something new), the edge tally for reporting, the objective, and
//! the record of every execution.

pub mod answered;
pub mod edges;
pub mod objective;
pub mod record;
