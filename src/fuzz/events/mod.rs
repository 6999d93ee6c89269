//! Between processes and machines: the LLMP broker's end ([`broker`]), the
//! broker-to-broker link of `--join` ([`link`]), and findings shared with
//! every client ([`share`]).

pub mod broker;
pub mod link;
pub mod share;
