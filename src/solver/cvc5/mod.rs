//! cvc5 as a library: libcvc5 loaded with `dlopen` ([`library`]), the
//! options each of its solvers gets ([`options`]), the target that runs
//! each query in a fork child ([`target`]), and the warm worker process of
//! `--target cvc5 --solver-lib PATH` ([`worker`]).

pub mod library;
pub mod options;
pub mod target;
pub mod worker;
