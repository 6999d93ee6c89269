//! Z3: libz3 loaded with `dlopen` ([`library`]), the targets that run it
//! in a fork child per query or in this process ([`target`]), and the warm
//! worker process the fuzzing client asks ([`worker`]).

pub mod library;
pub mod target;
mod warm;
pub mod worker;
