//! Generator pools derived from the operator table: the operator lists the
//! generators draw from, computed when the crate is compiled.
//!
//! # Invariant
//!
//! A pool keeps table order within a theory, with constants first: the
//! orders the generators drew from when they listed operators by hand, so
//! a seed still makes the same cases (pinned by a test below).

use super::operators::TABLE;
use super::{Arity, Op, OpRow, Pool, Theory};

/// How many rows of [`OPERATORS`](super::OPERATORS) draw from `pool` (the length of
/// [`pool`]'s array).
pub const fn pool_len(pool: Pool) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < TABLE.len() {
        if in_pool(&TABLE[i], pool) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The operators of `pool`, grouped by `theories` in that order; within a
/// theory, constants first, then table order. `N` must be
/// [`pool_len`]`(pool)` and `theories` must cover the pool (both checked
/// when the constant is evaluated):
///
/// ```
/// use equifuzz::term::{Op, Pool, Theory, pool, pool_len};
/// const BINARY: &[Op] = &pool::<{ pool_len(Pool::BvBinary) }>(Pool::BvBinary, &Theory::ALL);
/// assert_eq!(BINARY[0], Op::BvAnd);
/// ```
pub const fn pool<const N: usize>(pool: Pool, theories: &[Theory]) -> [Op; N] {
    let mut out = [Op::Not; N];
    let mut n = 0;
    let mut t = 0;
    while t < theories.len() {
        let mut constants = true;
        loop {
            let mut i = 0;
            while i < TABLE.len() {
                let r = &TABLE[i];
                let constant = matches!(r.arity, Arity::Exactly(0));
                if in_pool(r, pool) && r.theory as u8 == theories[t] as u8 && constant == constants
                {
                    assert!(n < N, "N is smaller than the pool");
                    out[n] = r.op;
                    n += 1;
                }
                i += 1;
            }
            if !constants {
                break;
            }
            constants = false;
        }
        t += 1;
    }
    assert!(n == N, "N is not the pool's length, or a theory is missing");
    out
}

const fn in_pool(r: &OpRow, pool: Pool) -> bool {
    let mut i = 0;
    while i < r.pools.len() {
        if r.pools[i] as u8 == pool as u8 {
            return true;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{OPERATORS, Sort};

    /// The generators draw by index from these lists, so their order is
    /// what a seed means: pinned as they were written before the table.
    #[test]
    fn pools_keep_the_orders_the_generators_drew_from() {
        use Op::*;
        let all = |p| -> Vec<Op> {
            let mut v = Vec::new();
            for t in Theory::ALL {
                for constants in [true, false] {
                    v.extend(
                        OPERATORS
                            .iter()
                            .filter(|r| {
                                r.pools.contains(&p)
                                    && r.theory == t
                                    && r.op.is_nullary() == constants
                            })
                            .map(|r| r.op),
                    );
                }
            }
            v
        };
        const STEP1: &[Op] = &pool::<{ pool_len(Pool::Step1) }>(Pool::Step1, &Theory::ALL);
        assert_eq!(STEP1, all(Pool::Step1));
        assert_eq!(
            STEP1,
            [
                Eq,
                StrConcat,
                StrLen,
                StrLt,
                StrLe,
                StrAt,
                StrSubstr,
                StrPrefixof,
                StrSuffixof,
                StrContains,
                StrIndexof,
                StrReplace,
                StrReplaceAll,
                StrIsDigit,
                StrToCode,
                StrFromCode,
                StrToInt,
                StrFromInt,
            ]
        );
        const OPERATIONS: &[Op] = &pool::<{ pool_len(Pool::RegexOperations) }>(
            Pool::RegexOperations,
            &[Theory::Regex, Theory::Strings],
        );
        assert_eq!(
            OPERATIONS,
            [
                ReNone,
                ReAll,
                ReAllchar,
                StrToRe,
                ReConcat,
                ReUnion,
                ReInter,
                ReDiff,
                ReComp,
                ReStar,
                RePlus,
                ReOpt,
                ReRange,
                RePower(0),
                ReLoop(0, 0),
                StrReplaceRe,
                StrReplaceReAll,
                StrInRe,
            ]
        );
    }

    /// The term pool splits its operators by result sort and draws from
    /// each list by index: each list keeps the order it was written in.
    #[test]
    fn the_term_pool_keeps_its_order_per_result_sort() {
        use Op::*;
        const TERMS: &[Op] = &pool::<{ pool_len(Pool::Terms) }>(
            Pool::Terms,
            &[Theory::Strings, Theory::Ints, Theory::Core],
        );
        let of = |sort: Sort| -> Vec<Op> {
            let result = |op: Op| op.result_sort(op.row().applied.expect("applied"));
            TERMS
                .iter()
                .copied()
                .filter(|&op| result(op) == Some(sort.clone()))
                .collect()
        };
        let strings = [
            StrConcat,
            StrAt,
            StrSubstr,
            StrReplace,
            StrReplaceAll,
            StrFromCode,
            StrFromInt,
        ];
        assert_eq!(of(Sort::String), strings);
        let ints = [StrLen, StrIndexof, StrToCode, StrToInt, Add, Sub, Mul];
        assert_eq!(of(Sort::Int), ints);
        let bools = [
            StrLt,
            StrLe,
            StrPrefixof,
            StrSuffixof,
            StrContains,
            StrIsDigit,
            Eq,
        ];
        assert_eq!(of(Sort::Bool), bools);
        assert_eq!(TERMS.len(), 21);
    }
}
