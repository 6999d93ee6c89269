//! The feedbacks: what keeps an input in the corpus (answered queries that
//! reach something new), the edge tally for reporting, and the objective.

pub mod answered;
pub mod edges;
pub mod objective;
