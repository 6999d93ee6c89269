//! One execution, the same for both loops: print the case once, run the
//! solver under a calibrated deadline, judge the reply once
//! ([`Harness::execute`](harness::Harness::execute) `-> `[`Judged`](judged::Judged)).
//! The LibAFL loop leaves the result in the observers' slot; the plain
//! loop records it directly.

pub mod harness;
pub mod judged;
pub mod library;
pub mod limits;
pub mod shared_limits;
