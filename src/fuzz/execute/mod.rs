//! One execution: print the case, run the solver under a calibrated
//! deadline, judge the reply.

pub mod harness;
pub mod library;
pub mod limits;
