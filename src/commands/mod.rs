//! The commands of the command line, as library functions: `main` only
//! parses arguments and calls these.

pub mod export;
pub mod generate;
pub mod run;
