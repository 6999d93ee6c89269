//! The feedbacks: what keeps an input in the corpus (answered queries that
//! reach something new), the edge tally for reporting, the objective; and,
//! deciding nothing, the hand-over of every execution and of the verdicts
//! of the cases kept to the record stage (`fuzz::stages::record`), which
//! writes them.

pub mod answered;
pub mod edges;
pub mod kept;
pub mod objective;
pub mod record;
