//! The instrumented library a campaign's coverage comes from. One
//! execution itself (print, run, judge) is [`crate::execute`], shared with
//! triage.

pub mod library;
