//! The operator sets the transformations' paper categories are counted
//! over: the ICSE 2020 paper's Table 1.
//!
//! A bottom file of `transform/`: term synthesis draws from it and the
//! constant-assignment tests compare with it, so neither names the other.

use crate::term::Op;

/// The paper's twelve operations (Table 1): `equals` is string equality.
pub const PAPER_OPERATORS: &[Op] = &[
    Op::StrAt,
    Op::StrConcat,
    Op::StrFromInt,
    Op::StrReplace,
    Op::StrSubstr,
    Op::StrIndexof,
    Op::StrLen,
    Op::StrToInt,
    Op::StrContains,
    Op::Eq,
    Op::StrPrefixof,
    Op::StrSuffixof,
];
